#include "telemetry/store/json_reader.hpp"

#include "gen/printable.hpp"

#include <cmath>

namespace sawtooth::telemetry {

namespace {

// JSON pointer escaping (RFC 6901) plus our display escaping: a key is file input.
std::string pointer_token(std::string_view raw) {
    const std::string key = printable(raw, 40);
    std::string t;
    for (const char c : key) {
        if (c == '~')
            t += "~0";
        else if (c == '/')
            t += "~1";
        else
            t += c;
    }
    return t;
}

}  // namespace

std::string json_kind(const nlohmann::json& v) {
    switch (v.type()) {
        case nlohmann::json::value_t::null:
            return "null";
        case nlohmann::json::value_t::object:
            return "an object";
        case nlohmann::json::value_t::array:
            return "an array";
        case nlohmann::json::value_t::string:
            return "a string";
        case nlohmann::json::value_t::boolean:
            return "a boolean";
        case nlohmann::json::value_t::number_integer:
        case nlohmann::json::value_t::number_unsigned:
            return "an integer";
        case nlohmann::json::value_t::number_float:
            return "a number";
        default:
            return "not a JSON value";
    }
}

nlohmann::json parse_json_text(std::string_view text) {
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        throw JsonFieldError("not JSON (syntax error at byte " + std::to_string(e.byte) + ")");
    } catch (const nlohmann::json::exception&) {
        throw JsonFieldError("not JSON");
    }
}

void JsonField::fail(const std::string& what) const { throw JsonFieldError("at " + pointer() + ": " + what); }

bool JsonField::has(std::string_view key) const {
    return m_v->is_object() && m_v->find(std::string(key)) != m_v->end();
}

void JsonField::expect_object() const {
    if (!m_v->is_object()) fail("expected an object, got " + json_kind(*m_v));
}

void JsonField::expect_only(std::initializer_list<std::string_view> known) const {
    expect_object();
    for (const auto& [key, value] : m_v->items()) {
        bool found = false;
        for (const std::string_view k : known) found = found || k == key;
        if (!found) throw JsonFieldError("at " + m_ptr + "/" + pointer_token(key) + ": unknown field");
    }
}

void JsonField::expect_array() const {
    if (!m_v->is_array()) fail("expected an array, got " + json_kind(*m_v));
}

JsonField JsonField::at(std::string_view key) const {
    expect_object();
    const auto it = m_v->find(std::string(key));
    const std::string ptr = m_ptr + "/" + pointer_token(key);
    if (it == m_v->end()) throw JsonFieldError("at " + ptr + ": missing");
    return JsonField(*it, ptr);
}

JsonField JsonField::at(std::size_t i) const {
    expect_array();
    const std::string ptr = m_ptr + "/" + std::to_string(i);
    if (i >= m_v->size()) throw JsonFieldError("at " + ptr + ": missing (the array is too short)");
    return JsonField((*m_v)[i], ptr);
}

double JsonField::number() const {
    if (!m_v->is_number()) fail("expected a number, got " + json_kind(*m_v));
    const double d = m_v->get<double>();
    if (!std::isfinite(d)) fail("expected a finite number");
    return d;
}

std::int64_t JsonField::integer(std::int64_t lo, std::int64_t hi) const {
    const auto range = [&] { return std::to_string(lo) + ".." + std::to_string(hi); };
    if (m_v->is_number_unsigned()) {
        const std::uint64_t u = m_v->get<std::uint64_t>();
        // nlohmann reads every non-negative integer as unsigned, 0 included: check lo too.
        if (hi < 0 || u > static_cast<std::uint64_t>(hi) || (lo > 0 && u < static_cast<std::uint64_t>(lo)))
            fail("expected an integer in " + range() + ", got " + std::to_string(u));
        return static_cast<std::int64_t>(u);
    }
    if (!m_v->is_number_integer()) fail("expected an integer, got " + json_kind(*m_v));
    const std::int64_t v = m_v->get<std::int64_t>();
    if (v < lo || v > hi) fail("expected an integer in " + range() + ", got " + std::to_string(v));
    return v;
}

std::uint64_t JsonField::unsigned_integer() const {
    if (m_v->is_number_unsigned()) return m_v->get<std::uint64_t>();
    if (m_v->is_number_integer()) fail("expected an integer in 0..18446744073709551615, got " + m_v->dump());
    fail("expected an integer, got " + json_kind(*m_v));
}

std::string JsonField::string() const {
    if (!m_v->is_string()) fail("expected a string, got " + json_kind(*m_v));
    return m_v->get<std::string>();
}

bool JsonField::boolean() const {
    if (!m_v->is_boolean()) fail("expected true or false, got " + json_kind(*m_v));
    return m_v->get<bool>();
}

}  // namespace sawtooth::telemetry
