#pragma once
// The project's one way to fail (docs/architecture.md "Errors"): every error a user can
// cause (a bad file, a bad option, an unusable database) is a sawtooth::Error or a subclass
// of it, whose what() is one printable line that names the problem. Each program's main
// catches it once and prints "<program>: <what>" with a non-zero exit code.
//
// A subclass exists where a caller handles that failure differently (a pack that cannot be
// read leaves a menu entry greyed out, a store error is reported beside the save). A
// function that reports a problem as a value instead of throwing is named for it:
// `<thing>_problem(...)` returns a std::string, empty when there is none, else the one line
// (`level_problem`, `params_problem`, `session_protocol_problem`).
//
// Does not: carry a stack of contexts (a message is written where the failure is made, with
// what it knows: the file, the line, the field; with_context adds what only the caller
// knows), or stand for programming errors (those are assertions, not user errors).

#include "gen/printable.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace sawtooth {

/// A failure the user can cause; what() is one printable line (control bytes escaped).
class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(one_line(message)) {}
};

/// Runs `f` and returns what it returns; a sawtooth::Error it throws comes out as a
/// sawtooth::Error saying "<context>: <what>" (context: the option, file or condition the
/// caller was working on, which the failing function does not know). The one place a
/// message gains context after it was made.
template <class F>
auto with_context(const std::string& context, F&& f) -> decltype(std::forward<F>(f)()) {
    try {
        return std::forward<F>(f)();
    } catch (const Error& e) {
        throw Error(context + ": " + e.what());
    }
}

}  // namespace sawtooth
