#include "tools/lab/power_page.hpp"

#include "telemetry/analysis/html_text.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace sawtooth::lab {

namespace {

using analysis::fmt;
using analysis::html_escape;
using nlohmann::json;

std::string interval_html(const json& iv, int digits) {
    if (iv["replicates"].get<int>() == 0) return "&ndash;";
    return fmt(iv["median"].get<double>(), digits) + " <small>[" + fmt(iv["lo"].get<double>(), digits) +
           ", " + fmt(iv["hi"].get<double>(), digits) + "]</small>";
}

std::string smallest_size_html(const json& n) {
    return n.is_null() ? std::string("none of the sizes") : "N = " + std::to_string(n.get<int>());
}

/// The normal approximation's N for 80 % power with its interval, when the result has it.
std::string normal_n_text(const json& f) {
    if (!f.contains("n_for_80_difference_normal")) return "";
    const json& n = f["n_for_80_difference_normal"];
    return " From the population's spread (normal approximation of the test): <b>N = " +
           sample_size_text(n["n"]) + "</b>, " + fmt(100.0 * f["settings"]["level"].get<double>(), 0) +
           " % interval [" + sample_size_text(n["lo"]) + ", " + sample_size_text(n["hi"]) + "] (" +
           std::to_string(n["replicates"].get<int>()) +
           " resamples of the population's participants: the population is a sample too).";
}

void table(std::ostringstream& h, const json& f) {
    const bool two = f["settings"].contains("compare");
    const std::string pct = fmt(100.0 * f["settings"]["level"].get<double>(), 0);
    h << "<table><tr><th>N</th>";
    for (const char* c : {"t_timing", "j", "t_cycle"})
        h << "<th>" << c << " median [" << pct << " %]</th><th>" << c << " &lt; 0 / &gt; 0</th>";
    h << "<th>deaths test power</th><th>t median [" << pct << " %]</th><th>accuracy median [" << pct
      << " %]</th>";
    if (two) h << "<th>difference median [" << pct << " %]</th><th>difference power</th>";
    h << "</tr>";
    const int population = f["population"]["participants"].get<int>();
    for (const json& s : f["sizes"]) {
        h << "<tr><td>" << s["n"].get<int>() << (s["n"].get<int>() > population ? "*" : "") << "</td>";
        for (const char* c : {"t_timing", "j", "t_cycle"}) {
            const json& k = s["coefficients"][c];
            h << "<td>" << interval_html(k, 3) << "</td><td>" << fmt(k["negative"].get<double>(), 2) << " / "
              << fmt(k["positive"].get<double>(), 2) << "</td>";
        }
        h << "<td>" << fmt(s["deaths_power"].get<double>(), 2) << "</td><td>"
          << interval_html(s["t_score"], 2) << "</td><td>" << interval_html(s["accuracy"], 2) << "</td>";
        if (two)
            h << "<td>" << interval_html(s["difference"], 2) << "</td><td>"
              << fmt(s["difference_power"].get<double>(), 2) << "</td>";
        h << "</tr>";
    }
    h << "</table>";
    if (f["sizes"].back()["n"].get<int>() > population)
        h << "<p><small>* more participants than the population's " << population
          << ": drawn with replacement from them, so these rows extrapolate the population rather than "
             "add people.</small></p>";
}

constexpr const char* kScript = R"JS(;
Chart.defaults.animation = false;  // drawn at once: printed and screenshotted pages show the final figures
// x is a linear axis of N (sizes need not be evenly spaced); each series is {x: N, y: value}.
const N = F.sizes.map(s => s.n);
const xy = (values) => values.map((v, i) => ({x: N[i], y: v}));
const axis = (t) => ({title: {display: true, text: t}});
const nAxis = Object.assign(axis("participants per study (N)"), {type: "linear", min: 0});
const colours = {t_timing: "#264653", j: "#2a9d8f", t_cycle: "#e76f51"};
for (const c of ["t_timing", "j", "t_cycle"]) {
  const k = F.sizes.map(s => s.coefficients[c]);
  new Chart(document.getElementById("coef_" + c), {type: "line", data: {datasets: [
    {label: c + " median", data: xy(k.map(v => v.replicates ? v.median : null)), borderColor: colours[c]},
    {label: "interval low", data: xy(k.map(v => v.replicates ? v.lo : null)), borderColor: "#aaa", borderDash: [6, 4], pointRadius: 0},
    {label: "interval high", data: xy(k.map(v => v.replicates ? v.hi : null)), borderColor: "#aaa", borderDash: [6, 4], pointRadius: 0},
    {label: "0", data: xy(N.map(() => 0)), borderColor: "#000", borderWidth: 1, pointRadius: 0}]},
    options: {scales: {x: nAxis, y: axis("coefficient of " + c)}}});
}
const powers = [{label: "deaths rise with difficulty (power)", data: xy(F.sizes.map(s => s.deaths_power)), borderColor: "#264653"},
                {label: "fraction t_timing < 0", data: xy(F.sizes.map(s => s.coefficients.t_timing.negative)), borderColor: "#e9c46a"},
                {label: "0.8", data: xy(N.map(() => 0.8)), borderColor: "#e76f51", borderDash: [6, 4], pointRadius: 0}];
if (F.settings.compare) powers.splice(1, 0, {label: "difference " + F.settings.compare + " vs " + F.settings.condition + " (power)", data: xy(F.sizes.map(s => s.difference_power)), borderColor: "#2a9d8f"});
new Chart(document.getElementById("power"), {type: "line", data: {datasets: powers},
  options: {scales: {x: nAxis, y: Object.assign(axis("fraction of replicate studies"), {min: 0, max: 1})}}});
)JS";

}  // namespace

std::string sample_size_text(const json& n) {
    return n.is_null() ? std::string("none") : std::to_string(n.get<std::int64_t>());
}

std::string power_page(const json& f, const std::string& chartjs) {
    const json& s = f["settings"];
    const json& p = f["population"];
    const bool two = s.contains("compare");
    std::ostringstream h;
    h << R"(<!doctype html><html><head><meta charset="utf-8"><title>Sawtooth study power</title><style>
body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:3px 6px;text-align:right;font-size:90%}small{color:#777}.chart{max-width:900px;margin:1em 0 2em}
</style><script>)"
      << chartjs << "</script></head><body><h1>Study power by simulation</h1>";
    h << "<p>Population: " << p["participants"].get<int>() << " synthetic participants (population seed "
      << p["seed"].get<std::uint64_t>() << "), conditions";
    for (const json& c : p["conditions"]) h << " <code>" << html_escape(c.get<std::string>()) << "</code>";
    h << ". " << s["replicates"].get<int>()
      << " replicate studies per N, participants drawn with replacement (seed "
      << s["seed"].get<std::uint64_t>() << "); intervals are the central "
      << fmt(100.0 * s["level"].get<double>(), 0)
      << " % of the replicates; tests at &alpha; = " << s["alpha"].get<double>() << ".</p>";
    h << "<p><b>Deaths rising with predicted difficulty</b> (slope &gt; 0, p &lt; &alpha;, model trained on "
         "half the "
         "participants, tested on the other half): 80 % power from "
      << smallest_size_html(f["n_for_80_deaths"]) << ".";
    if (two)
        h << " <b>Difference in mean deaths per level</b>, <code>"
          << html_escape(s["compare"].get<std::string>()) << "</code> minus <code>"
          << html_escape(s["condition"].get<std::string>()) << "</code>, expected "
          << s["expect"].get<std::string>()
          << " (Welch's t-test, N participants per condition): 80 % power from "
          << smallest_size_html(f["n_for_80_difference"]) << "." << normal_n_text(f);
    h << "</p>";
    table(h, f);
    h << "<h2>Power</h2><div class=\"chart\"><canvas id=\"power\"></canvas></div>";
    for (const char* c : {"t_timing", "j", "t_cycle"})
        h << "<h2>Coefficient " << c << "</h2><div class=\"chart\"><canvas id=\"coef_" << c
          << "\"></canvas></div>";
    h << "<p><small>Synthetic players: what this says about people is in docs/difficulty.md \"Study "
         "power\".</small></p>";
    h << "<script>const F = " << f.dump() << kScript << "</script></body></html>\n";
    return h.str();
}

}  // namespace sawtooth::lab
