#pragma once
// Text for the report's HTML page (cmd_report.cpp, report_conditions.cpp): escaping and
// fixed-point numbers. Does not: build any page.

#include <string>

namespace sawtooth::lab {

/// `s` with < > & " escaped for HTML text and attribute values.
std::string html_escape(const std::string& s);
/// `v` with `digits` digits after the point ("%.*f").
std::string fmt(double v, int digits = 2);

}  // namespace sawtooth::lab
