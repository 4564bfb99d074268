#include "telemetry/analysis/report_page.hpp"

#include "telemetry/analysis/html_text.hpp"

#include <cmath>
#include <sstream>

namespace sawtooth::analysis {

namespace {

using nlohmann::json;

/// Fig. 5.2: one table per t_cycle bin, rows j = 3..0, columns t_timing bins.
std::string histogram_tables(const Histogram& h) {
    const HistogramSettings& s = h.settings;
    std::ostringstream o;
    const double tw = (s.timing_hi - s.timing_lo) / s.timing_bins,
                 cw = (s.cycle_hi - s.cycle_lo) / s.cycle_bins;
    for (int c = 0; c < s.cycle_bins; ++c) {
        o << "<table class=\"hist\"><caption>t<sub>cycle</sub> &isin; [" << fmt(s.cycle_lo + c * cw) << ", "
          << fmt(s.cycle_lo + (c + 1) * cw) << "] s</caption><tr><th></th>";
        for (int t = 0; t < s.timing_bins; ++t)
            o << "<th>t<sub>timing</sub> &isin; [" << fmt(s.timing_lo + t * tw) << ", "
              << fmt(s.timing_lo + (t + 1) * tw) << "]</th>";
        o << "</tr>";
        for (int j = s.jump_bins - 1; j >= 0; --j) {
            o << "<tr><th>j = " << j << "</th>";
            for (int t = 0; t < s.timing_bins; ++t) {
                const HistogramBin& b = h.at(t, j, c);
                if (b.traces == 0)
                    o << "<td class=\"empty\">-</td>";
                else if (b.traces < s.min_traces)
                    o << "<td class=\"few\" title=\"fewer than " << s.min_traces << " traces: not fitted\">("
                      << fmt(b.rate()) << ")<small> n=" << b.traces << "</small></td>";
                else
                    o << "<td>" << fmt(b.rate()) << "<small> n=" << b.traces << "</small></td>";
            }
            o << "</tr>";
        }
        o << "</table>";
    }
    return o.str();
}

/// Page head (Chart.js embedded) and the study statistics table (Fig. 5.1).
void html_head(std::ostringstream& h, const std::string& chartjs, const StudyData& d) {
    h << R"HTML(<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sawtooth difficulty report</title>
<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}table{border-collapse:collapse;margin:.6em 0}
td,th{border:1px solid #bbb;padding:.25em .6em;text-align:right}caption{font-weight:bold;text-align:left}
td.empty{color:#aaa;text-align:center}td.few{color:#999}small{color:#888}.chart{max-width:900px;margin:1em 0 2em}
h2{border-bottom:1px solid #ccc;margin-top:2em}code{background:#f3f3f3;padding:0 .2em}</style>
<script>)HTML"
      << chartjs << R"HTML(</script></head><body>
<h1>Sawtooth: predicted level difficulty, verified</h1>
<p>Database <code>)HTML"
      << html_escape(d.path)
      << R"HTML(</code>. Every level was replayed from its seed and recorded inputs; definitions
in <code>docs/difficulty.md</code>. Thesis figure numbers (Koens, ch. 5) in brackets.</p>
<h2>Study statistics [5.1]</h2><table>)HTML";
    h << "<tr><th>sessions</th><td>" << d.sessions.size() << "</td></tr><tr><th>participants</th><td>"
      << d.participants() << "</td></tr><tr><th>levels</th><td>" << d.levels
      << "</td></tr><tr><th>event traces</th><td>" << d.trace_stats.mapped
      << "</td></tr><tr><th>switch events</th><td>" << d.switch_events
      << "</td></tr><tr><th>traces dropped (no trap / unfinished / mines only / unmapped)</th><td>"
      << d.trace_stats.without_traps << " / " << d.trace_stats.unfinished << " / " << d.trace_stats.mine_only
      << " / " << d.trace_stats.unmapped
      << "</td></tr><tr><th>levels not modelled (tutorial / unfinished / desynced)</th><td>"
      << d.not_generated << " / " << d.unfinished << " / " << d.desynced << "</td></tr></table>";
}

/// The challenge model: histogram tables (Fig. 5.2) and the fitted formulas.
void html_model(std::ostringstream& h, const ChallengeModel& all) {
    h << "<h2>Challenge model [5.2, 4.5]</h2><p>Success rate per bin (n = traces). Bins with fewer than "
      << all.histogram.settings.min_traces << " traces are shown in brackets and not fitted; "
      << all.histogram.outside << " traces fall outside the axes.</p>" << histogram_tables(all.histogram);
    h << "<p>Linear model (used): p(success) = " << fmt(all.linear.c0, 4) << " "
      << (all.linear.t_timing < 0 ? "&minus; " : "+ ") << fmt(std::abs(all.linear.t_timing), 4)
      << "&middot;t<sub>timing</sub> " << (all.linear.j < 0 ? "&minus; " : "+ ")
      << fmt(std::abs(all.linear.j), 4) << "&middot;j " << (all.linear.t_cycle < 0 ? "&minus; " : "+ ")
      << fmt(std::abs(all.linear.t_cycle), 4) << "&middot;t<sub>cycle</sub>; squared error "
      << fmt(all.linear_error, 6) << " over " << all.fitted_bins << " bins. Exponential model: error "
      << fmt(all.exponential_error, 6) << " (" << all.exponential_bins << " bins with a non-zero rate).</p>";
}

/// The chart sections (Figs. 5.3-5.8); the charts are drawn by kChartScript.
void html_charts(std::ostringstream& h, const TrainingSizeResult& ts, const VerifyResult& v) {
    h << "<h2>Training-set size [&sect;5.2]</h2><p>Error of models fitted on random subsets against the "
         "model of all "
         "sessions, summed over the 60 bin centres; threshold 60&middot;d&sup2; = "
      << fmt(ts.threshold, 3) << " (d = " << ts.d << "). Smallest size from which the mean stays below it: "
      << (ts.minimum_sessions < 0 ? std::string("none") : std::to_string(ts.minimum_sessions) + " sessions")
      << ".</p><div class=\"chart\"><canvas id=\"trainsize\"></canvas></div>";
    h << "<h2>Deaths against predicted difficulty [5.3]</h2><p>Verification levels of the first partition, "
         "with the "
         "least-squares line.</p><div class=\"chart\"><canvas id=\"scatter\"></canvas></div>";
    h << "<h2>Average deaths per difficulty bin [5.4]</h2><p>Training and verification levels, averaged over "
      << v.settings.partitions << " partitions (bins empty in a partition do not count for it).</p>"
      << "<div class=\"chart\"><canvas id=\"deaths\"></canvas></div>";
    h << "<h2>Scores per level [5.5]</h2><p>Score = successful traces / traces of a level, averaged per "
         "position in "
         "the session.</p><div class=\"chart\"><canvas id=\"levelscore\"></canvas></div>";
    h << "<h2>Scores per skill group [5.6]</h2><p>Players sorted by score (all their traces) and cut into "
         "terciles.</p>"
         "<div class=\"chart\"><canvas id=\"groupscore\"></canvas></div>";
    h << "<h2>Level distribution per group [5.7]</h2><p>Levels per predicted-difficulty bin (model of all "
         "sessions).</p><div class=\"chart\"><canvas id=\"distribution\"></canvas></div>";
    h << "<h2>Average deaths per difficulty bin per skill group [5.8]</h2><p>Verification levels, averaged "
         "over "
         "partitions.</p><div class=\"chart\"><canvas id=\"groupdeaths\"></canvas></div>";
}

/// Fig. 5.9: significance and accuracy per group.
void html_significance(std::ostringstream& h, const VerifyResult& v) {
    h << "<h2>Significance and accuracy [5.9]</h2><table><tr><th></th>";
    for (int g = 0; g < kGroupCount; ++g) h << "<th>" << group_name(static_cast<Group>(g)) << "</th>";
    const auto row = [&](const char* name, auto f) {
        h << "<tr><th>" << name << "</th>";
        for (int g = 0; g < kGroupCount; ++g)
            h << "<td>" << f(v.groups[static_cast<std::size_t>(g)]) << "</td>";
        h << "</tr>";
    };
    row("t-score (mean)", [](const GroupSummary& s) { return fmt(s.t_score, 2); });
    row("p-value (mean, two-tailed)", [](const GroupSummary& s) { return fmt(s.p_value, 4); });
    row("p-value (max)", [](const GroupSummary& s) { return fmt(s.p_value_max, 4); });
    row("accuracy", [](const GroupSummary& s) {
        return s.accuracy < 0 ? std::string("n/a") : fmt(s.accuracy * 100, 0) + "%";
    });
    row("slope (deaths / difficulty)", [](const GroupSummary& s) { return fmt(s.slope, 2); });
    row("verification levels", [](const GroupSummary& s) { return fmt(s.verify_levels, 1); });
    h << "</table><p>" << v.settings.partitions << " partitions of " << v.sessions
      << " sessions: " << v.settings.train_sessions << " train, " << v.verify_sessions << " verify; "
      << v.failed_partitions << " partitions could not be fitted.</p>";
}

/// The participant bootstrap's intervals (docs/difficulty.md "Intervals").
void html_intervals(std::ostringstream& h, const VerifyIntervals& iv) {
    const BootstrapSettings& b = iv.settings.bootstrap;
    h << "<h2>Intervals (participant bootstrap)</h2><p>" << b.replicates
      << " resamples of whole participants with replacement (seed " << b.seed
      << "), each fitted and verified with " << iv.settings.partitions << " partitions; central "
      << fmt(100.0 * b.level, 0)
      << " % of the replicates. A coefficient whose interval holds 0 has no settled "
         "sign.</p><table><tr><th></th>"
         "<th>all data</th><th>interval</th></tr>";
    const auto row = [&](const std::string& name, const Interval& i, int digits) {
        h << "<tr><th>" << name << "</th><td>" << fmt(i.estimate, digits) << "</td><td>[" << fmt(i.lo, digits)
          << ", " << fmt(i.hi, digits) << "]</td></tr>";
    };
    for (std::size_t k = 0; k < iv.coefficients.size(); ++k)
        row(kModelCoefficientNames[k], iv.coefficients[k], 4);
    row("t-score (ALL)", iv.t_score, 2);
    row("p-value (ALL)", iv.p_value, 4);
    row("accuracy (ALL)", iv.accuracy, 2);
    h << "</table>";
}

/// Draws the charts from `const F` (the figures JSON) with Chart.js.
constexpr const char* kChartScript = R"HTML(;
const groups = ["ALL", "GOOD", "AVERAGE", "BAD"];
const colours = {ALL: "#444", GOOD: "#2a9d8f", AVERAGE: "#e9c46a", BAD: "#e76f51"};
const axis = (t) => ({title: {display: true, text: t}});
new Chart(document.getElementById("trainsize"), {type: "line", data: {labels: F.training_size.points.map(p => p.sessions),
  datasets: [{label: "mean error", data: F.training_size.points.map(p => p.fits ? p.mean_error : null), borderColor: "#264653"},
             {label: "max error", data: F.training_size.points.map(p => p.fits ? p.max_error : null), borderColor: "#aaa"},
             {label: "threshold", data: F.training_size.points.map(p => F.training_size.threshold), borderColor: "#e76f51", borderDash: [6, 4], pointRadius: 0}]},
  options: {scales: {x: axis("training sessions"), y: axis("squared error vs. all-session model")}}});
if (F.scatter) {
  const s = F.scatter, xs = s.points.map(p => p.x);
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  new Chart(document.getElementById("scatter"), {type: "scatter", data: {datasets: [
    {label: "verification levels (n = " + s.n + ")", data: s.points, backgroundColor: "rgba(38,70,83,0.5)"},
    {type: "line", label: "regression: deaths = " + s.intercept.toFixed(2) + " + " + s.slope.toFixed(2) + " difficulty (t = " + s.t_score.toFixed(2) + ")",
     data: [{x: x0, y: s.intercept + s.slope * x0}, {x: x1, y: s.intercept + s.slope * x1}], borderColor: "#e76f51", pointRadius: 0}]},
    options: {scales: {x: axis("predicted difficulty (1 - p(success))"), y: axis("deaths in the level")}}});
}
new Chart(document.getElementById("deaths"), {type: "bar", data: {labels: F.bin_labels, datasets: [
  {label: "training", data: F.deaths.ALL.training, backgroundColor: "#8ab17d"},
  {label: "verification", data: F.deaths.ALL.verification, backgroundColor: "#264653"}]},
  options: {scales: {x: axis("predicted difficulty"), y: axis("average deaths per level")}}});
new Chart(document.getElementById("levelscore"), {type: "bar", data: {labels: F.score_by_level.level, datasets: [
  {label: "average score", data: F.score_by_level.score, backgroundColor: "#2a9d8f"}]},
  options: {scales: {x: axis("level in the session"), y: Object.assign(axis("score"), {min: 0, max: 1})}}});
new Chart(document.getElementById("groupscore"), {type: "bar", data: {labels: groups, datasets: [
  {label: "average player score", data: groups.map(g => F.group_score[g]), backgroundColor: groups.map(g => colours[g])}]},
  options: {scales: {y: Object.assign(axis("score"), {min: 0, max: 1})}}});
new Chart(document.getElementById("distribution"), {type: "bar", data: {labels: F.bin_labels, datasets:
  groups.slice(1).map(g => ({label: g, data: F.distribution[g], backgroundColor: colours[g]}))},
  options: {scales: {x: axis("predicted difficulty"), y: axis("levels")}}});
new Chart(document.getElementById("groupdeaths"), {type: "bar", data: {labels: F.bin_labels, datasets:
  groups.slice(1).map(g => ({label: g, data: F.deaths[g].verification, backgroundColor: colours[g]}))},
  options: {scales: {x: axis("predicted difficulty"), y: axis("average deaths per level")}}});
)HTML";

}  // namespace

std::string study_report_html(const StudyModel& r, const json& figures, const std::string& chartjs,
                              const std::optional<WordsReportSection>& words,
                              const std::optional<ConditionsReportSection>& conditions) {
    std::ostringstream h;
    html_head(h, chartjs, r.d);
    if (conditions) h << conditions->html;
    if (r.model) {
        html_model(h, r.model->all);
        html_charts(h, *r.model->training_size, r.model->v);
        html_significance(h, r.model->v);
        if (r.model->intervals)
            html_intervals(h, *r.model->intervals);
        else
            h << "<p>No bootstrap intervals (<code>--bootstrap 0</code>, or no resample could be "
                 "verified).</p>";
    } else {
        h << "<h2>Challenge model [&sect;5.2]</h2><p>Not fitted: " << html_escape(r.no_model)
          << ". The statistics and conditions above need no model; the model's figures appear once the "
             "database holds enough recorded challenges.</p>";
    }
    if (words) h << words->html;
    h << "<script>";
    if (r.model) h << "const F = " << figures.dump() << kChartScript;
    if (words) h << words->script;
    h << "</script></body></html>\n";
    return h.str();
}

}  // namespace sawtooth::analysis
