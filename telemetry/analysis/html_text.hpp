#pragma once
// Text for the HTML pages of the report (report_page.cpp and its sections) and of `power`:
// escaping and fixed-point numbers. Does not: build any page.

#include <string>

namespace sawtooth::analysis {

/// `s` with < > & " escaped for HTML text and attribute values.
std::string html_escape(const std::string& s);
/// `v` with `digits` digits after the point ("%.*f").
std::string fmt(double v, int digits = 2);

}  // namespace sawtooth::analysis
