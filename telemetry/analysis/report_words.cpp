#include "telemetry/analysis/report_words.hpp"

#include "gen/error.hpp"
#include "telemetry/analysis/html_text.hpp"
#include "telemetry/analysis/words_study.hpp"
#include "telemetry/recording/word_list_file.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/store.hpp"

#include <algorithm>
#include <set>
#include <sstream>

namespace sawtooth::analysis {

using nlohmann::json;

namespace {

/// Width of a bin of the challenges-solved histogram (one level's worth, as the paper's axis).
constexpr int kSolvedBin = 10;

std::string regression_table(const WordsRegression& r, const std::string& error) {
    if (!error.empty()) return "<p>Not fitted: " + error + "</p>";
    std::ostringstream h;
    h << "<p><code>" << r.formula << "</code>: n = " << r.n << ", R&sup2; = " << fmt(r.r2, 3) << " (adjusted "
      << fmt(r.adjusted_r2, 3) << ")";
    for (const auto& d : r.dropped) h << "; " << d << " dropped (constant in this data)";
    h << "</p><table><tr><th>term</th><th>estimate</th><th>se</th><th>t</th><th>p</th></tr>";
    for (const auto& c : r.coefficients)
        h << "<tr><th>" << c.name << "</th><td>" << fmt(c.estimate, 4) << "</td><td>" << fmt(c.se, 4)
          << "</td><td>" << fmt(c.t, 2) << "</td><td>" << fmt(c.p_value, 4) << "</td></tr>";
    h << "</table>";
    return h.str();
}

}  // namespace

bool has_platformer_levels(const std::string& db) {
    telemetry::Store s = telemetry::Store::open_read_only(db);
    return s.db().query_int("SELECT count(*) FROM levels") > 0;
}

namespace {

/// Ended Levels-mode word levels of the selected sessions.
int ended_word_levels(telemetry::Store& store, const telemetry::SessionSelection& selection) {
    const std::set<std::int64_t> sessions = telemetry::selected_sessions(store, selection);
    telemetry::Statement st(
        store.db(), "SELECT session_id FROM word_levels WHERE mode = 'levels' AND status IS NOT NULL");
    int n = 0;
    while (st.step()) n += static_cast<int>(sessions.count(st.int64(0)));
    return n;
}

}  // namespace

namespace {

/// The word figures (report.json's "words"; the script's `W`).
json words_figures(const WordsStudyAnalysis& a, double median) {
    const int top = a.solved_per_player.empty()
                        ? 0
                        : *std::max_element(a.solved_per_player.begin(), a.solved_per_player.end());
    json hist_labels = json::array(), hist = json::array();
    for (int lo = 0; lo <= top; lo += kSolvedBin) {
        hist_labels.push_back(std::to_string(lo) + "-" + std::to_string(lo + kSolvedBin - 1));
        hist.push_back(std::count_if(a.solved_per_player.begin(), a.solved_per_player.end(),
                                     [&](int n) { return n >= lo && n < lo + kSolvedBin; }));
    }
    json lv = json::array(), players = json::array(), intended = json::array(), observed = json::array(),
         score = json::array();
    for (const auto& l : a.levels) {
        lv.push_back(l.level);
        players.push_back(l.players);
        intended.push_back(l.difficulty);
        observed.push_back(1.0 - l.mean_normalized_score);
        score.push_back(l.mean_normalized_score);
    }
    return {{"players", a.players},
            {"word_levels", a.word_levels},
            {"median_challenges_solved", median},
            {"solved_histogram", {{"labels", hist_labels}, {"players", hist}}},
            {"levels",
             {{"level", lv},
              {"players", players},
              {"intended", intended},
              {"observed", observed},
              {"normalized_score", score}}}};
}

/// The section's HTML: counts, the chart canvases, the two regressions.
std::string words_html(const WordsStudyAnalysis& a, double median) {
    std::ostringstream h;
    h << "<h2>Elimination word sessions [paper Fig. 2-3, &sect;IV]</h2><p>" << a.players << " players, "
      << a.word_levels << " ended Levels-mode word levels";
    if (a.skipped) h << " (" << a.skipped << " other word levels left out)";
    h << "; median player solved " << fmt(median, 1)
      << " challenges. Definitions in <code>docs/elimination.md</code>.</p>"
         "<h3>Challenges solved per player [2a]</h3><div class=\"chart\"><canvas "
         "id=\"w_solved\"></canvas></div>"
         "<h3>Players per level [2b]</h3><div class=\"chart\"><canvas id=\"w_players\"></canvas></div>"
         "<h3>Intended vs observed difficulty [3a, 3b]</h3><p>Intended = the sawtooth difficulty D of the "
         "level "
         "parameters; observed = 1 &minus; mean normalized score of the level's plays.</p>"
         "<div class=\"chart\"><canvas id=\"w_curve\"></canvas></div>"
         "<h3>Level regression [&sect;IV-B]</h3>"
      << regression_table(a.score_model, a.score_model_error)
      << "<h3>Word selection regression [&sect;IV-C]</h3>"
      << regression_table(a.selection_model, a.selection_model_error);
    return h.str();
}

/// Draws the word charts from `W` (after "const W = <figures>").
constexpr const char* kWordsChartScript = R"JS(;
new Chart(document.getElementById("w_solved"), {type: "bar", data: {labels: W.solved_histogram.labels, datasets: [
  {label: "players", data: W.solved_histogram.players, backgroundColor: "#264653"}]},
  options: {scales: {x: axis("challenges solved"), y: axis("players")}}});
new Chart(document.getElementById("w_players"), {type: "bar", data: {labels: W.levels.level, datasets: [
  {label: "players", data: W.levels.players, backgroundColor: "#2a9d8f"}]},
  options: {scales: {x: axis("level"), y: axis("players who played it")}}});
new Chart(document.getElementById("w_curve"), {type: "line", data: {labels: W.levels.level, datasets: [
  {label: "intended difficulty D", data: W.levels.intended, borderColor: "#e76f51", yAxisID: "y"},
  {label: "observed: 1 - normalized score", data: W.levels.observed, borderColor: "#264653", yAxisID: "y1"}]},
  options: {scales: {x: axis("level"), y: Object.assign(axis("intended D"), {position: "left"}),
                     y1: Object.assign(axis("1 - normalized score"), {position: "right", min: 0, max: 1})}}});
)JS";

}  // namespace

std::optional<WordsReportSection> words_report_section(const std::string& db, const std::string& word_list,
                                                       const telemetry::SessionSelection& selection) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    if (ended_word_levels(store, selection) == 0) return std::nullopt;
    const telemetry::WordList list = telemetry::read_word_list(word_list);
    const WordsStudyAnalysis a = with_context(
        "word sessions", [&] { return analyze_words_study(store, list.dictionary, list.hash, selection); });
    std::vector<int> sorted = a.solved_per_player;
    std::sort(sorted.begin(), sorted.end());
    const double median =
        sorted.empty() ? 0.0 : (sorted[(sorted.size() - 1) / 2] + sorted[sorted.size() / 2]) / 2.0;
    WordsReportSection s;
    s.json = words_figures(a, median);
    s.html = words_html(a, median);
    s.script = "const W = " + s.json.dump() + kWordsChartScript;
    return s;
}

std::string words_only_report_html(const std::string& db, const std::string& chartjs,
                                   const WordsReportSection& words) {
    std::ostringstream h;
    h << "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sawtooth word report</title>"
         "<style>body{font-family:sans-serif;margin:2em;max-width:960px}table{border-collapse:collapse}"
         "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}.chart{max-width:900px;margin:1em 0 "
         "2em}"
         "</style><script>"
      << chartjs << "</script></head><body><h1>Sawtooth: Elimination word study</h1><p>Database <code>" << db
      << "</code> (no platformer levels: the thesis figures are left out).</p>" << words.html
      << "<script>const axis = (t) => ({title: {display: true, text: t}});\n"
      << words.script << "</script></body></html>\n";
    return h.str();
}

}  // namespace sawtooth::analysis
