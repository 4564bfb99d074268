#pragma once
// What sawtooth-server answers a request it will not carry out (docs/online.md "The HTTP
// API"): one line naming the problem, and the HTTP status it goes out with. The server
// catches it once per request; nothing has been stored when it is thrown.

#include "gen/error.hpp"

#include <string>

namespace sawtooth::server {

/// A refused request: 400 bad input, 401 bad study token, 403 another participant's id or
/// key, 404 unknown study or participant, 409 a conflict with what is stored, 413 too large,
/// 429 too many requests.
class Refusal : public Error {
public:
    Refusal(int status, const std::string& message) : Error(message), m_status(status) {}
    int status() const { return m_status; }

private:
    int m_status;
};

}  // namespace sawtooth::server
