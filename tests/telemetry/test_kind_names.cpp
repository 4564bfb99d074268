// Kinds written to files and databases are enums with one name/parse pair each: every value's
// name parses back to it, and any other text (another case, padding, an empty string) is
// refused, so a stored or typed kind is never silently taken for another.
#include "telemetry/analysis/difficulty_curve.hpp"
#include "telemetry/store/events.hpp"
#include "telemetry/study/curve_shape.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>

using namespace sawtooth;

namespace {

template <class Enum, class Name, class Parse>
void check_names(std::initializer_list<Enum> values, Name name, Parse parse) {
    for (const Enum v : values) {
        const std::string text(name(v));
        INFO(text);
        CHECK(!text.empty());
        CHECK(parse(text) == std::optional<Enum>(v));
        for (const std::string& other : {std::string(1, static_cast<char>(text[0] - 32)) + text.substr(1),
                                         " " + text, text + " ", text + "s"})
            CHECK(parse(other) == std::nullopt);
    }
    CHECK(parse("") == std::nullopt);
    CHECK(parse("unknown") == std::nullopt);
}

}  // namespace

TEST_CASE("curve shapes: rising and flat") {
    using telemetry::CurveShape;
    CHECK(telemetry::curve_shape_name(CurveShape::Rising) == "rising");
    CHECK(telemetry::curve_shape_name(CurveShape::Flat) == "flat");
    check_names({CurveShape::Rising, CurveShape::Flat}, telemetry::curve_shape_name,
                telemetry::parse_curve_shape);
}

TEST_CASE("curve spacings: hazard and difficulty") {
    using analysis::CurveSpacing;
    CHECK(analysis::curve_spacing_name(CurveSpacing::Hazard) == "hazard");
    CHECK(analysis::curve_spacing_name(CurveSpacing::Difficulty) == "difficulty");
    check_names({CurveSpacing::Hazard, CurveSpacing::Difficulty}, analysis::curve_spacing_name,
                analysis::parse_curve_spacing);
}

TEST_CASE("session ends: the end_reason texts stored so far") {
    using telemetry::SessionEnd;
    CHECK(telemetry::session_end_name(SessionEnd::Finished) == "finished");
    CHECK(telemetry::session_end_name(SessionEnd::Quit) == "quit");
    CHECK(telemetry::session_end_name(SessionEnd::Closed) == "closed");
    check_names({SessionEnd::Finished, SessionEnd::Quit, SessionEnd::Closed}, telemetry::session_end_name,
                telemetry::parse_session_end);
}

TEST_CASE("level outcomes: completed, skipped, quit") {
    using telemetry::RecordedOutcome;
    check_names({RecordedOutcome::Completed, RecordedOutcome::Skipped, RecordedOutcome::Quit},
                telemetry::outcome_name, telemetry::parse_outcome);
}
