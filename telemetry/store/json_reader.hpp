#pragma once
// Typed, bounds-checked reading of parsed JSON for the project's file readers (model,
// settings, word progress, recorded parameters). Every failure is a JsonFieldError whose
// what() is one line in our words naming the place as a JSON pointer:
//   "at /histogram/j/0: expected a number, got a string".
// Callers prefix the file name. Does not parse text (see parse_json_text) and does not
// decide what a missing optional field means: that stays with each reader.

#include <nlohmann/json.hpp>
#include "gen/error.hpp"

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sawtooth::telemetry {

/// A field of the wrong type, out of its range or missing; what() is one line.
class JsonFieldError : public Error {
public:
    using Error::Error;
};

/// "a number", "a string", "an object", ... for messages.
std::string json_kind(const nlohmann::json& v);

/// Parses `text`; throws JsonFieldError("not JSON: <problem> at byte N") in one line.
nlohmann::json parse_json_text(std::string_view text);

/// A value inside a document and the JSON pointer that leads to it.
class JsonField {
public:
    explicit JsonField(const nlohmann::json& v, std::string pointer = "")
        : m_v(&v), m_ptr(std::move(pointer)) {}

    const nlohmann::json& value() const { return *m_v; }
    /// "/a/0/b" ("/" for the document itself).
    std::string pointer() const { return m_ptr.empty() ? "/" : m_ptr; }

    bool has(std::string_view key) const;
    /// The member `key` of this object; throws when this is not an object or the key is missing.
    JsonField at(std::string_view key) const;
    /// Element `i` of this array; throws when this is not an array or it is too short.
    JsonField at(std::size_t i) const;

    void expect_object() const;
    /// An object with no member outside `known` (an unknown field is refused: a misspelt
    /// optional field must not silently fall back to its default).
    void expect_only(std::initializer_list<std::string_view> known) const;
    void expect_array() const;
    double number() const;
    /// An integer in [lo, hi].
    std::int64_t integer(std::int64_t lo, std::int64_t hi) const;
    int int_in(int lo, int hi) const { return static_cast<int>(integer(lo, hi)); }
    /// A whole number in 0 .. 2^64 - 1 (a seed).
    std::uint64_t unsigned_integer() const;
    std::string string() const;
    bool boolean() const;

    /// One-line error at this place: "at /ptr: what".
    [[noreturn]] void fail(const std::string& what) const;

private:
    const nlohmann::json* m_v;
    std::string m_ptr;
};

}  // namespace sawtooth::telemetry
