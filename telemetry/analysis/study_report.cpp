#include "telemetry/analysis/study_report.hpp"

#include "gen/error.hpp"
#include "telemetry/analysis/report_page.hpp"
#include "telemetry/analysis/verification_json.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

namespace sawtooth::analysis {

namespace {

using nlohmann::json;

/// A difficulty bin's bound as the charts label it ("0.3").
std::string bin_label(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return b;
}

/// Levels per difficulty bin per group (Fig. 5.7) and level scores per session position (Fig. 5.5).
struct LevelFigures {
    std::vector<std::vector<int>> dist;                    ///< [group][bin]
    std::map<int, std::pair<double, int>> score_by_index;  ///< level index -> (sum of level scores, levels)
};

/// Difficulty of every level under the all-session model, for the level distribution.
LevelFigures level_figures(const StudyData& d, const VerifiedModel& m) {
    std::map<std::string, Group> group_of;
    for (const PlayerScore& p : m.v.players) group_of[p.participant] = p.group;
    const int bins = m.v.settings.difficulty_bins;
    LevelFigures f;
    f.dist.assign(kGroupCount, std::vector<int>(static_cast<std::size_t>(bins), 0));
    for (const StudySession& s : d.sessions)
        for (const StudyLevel& l : s.levels) {
            const double diff = level_difficulty(l, m.all);
            const int b = std::clamp(static_cast<int>(diff * bins), 0, bins - 1);
            ++f.dist[0][static_cast<std::size_t>(b)];
            ++f.dist[static_cast<std::size_t>(group_of[s.participant])][static_cast<std::size_t>(b)];
            if (!l.traces.empty()) {
                auto& e = f.score_by_index[l.level_index];
                e.first += static_cast<double>(l.successes()) / static_cast<double>(l.traces.size());
                ++e.second;
            }
        }
    return f;
}

/// Fig. 5.3: first fitted partition's verification levels (null when none was fitted).
json scatter_figure(const VerifyResult& v) {
    for (const PartitionResult& p : v.partitions) {
        if (!p.ok) continue;
        json pts = json::array();
        for (const LevelPoint& lp : p.levels)
            if (!lp.training) pts.push_back({{"x", lp.difficulty}, {"y", lp.deaths}});
        const Regression& r = p.groups[0].regression;
        return {{"points", pts},        {"intercept", r.intercept}, {"slope", r.slope},
                {"t_score", r.t_score}, {"p_value", r.p_value},     {"n", r.n}};
    }
    return nullptr;
}

/// Per group: deaths (Figs. 5.4, 5.8), level distribution (5.7) and mean player score (5.6).
void add_group_figures(const VerifyResult& v, const LevelFigures& lf, json& figures) {
    std::array<std::pair<double, int>, kGroupCount> group_score{};
    for (const PlayerScore& p : v.players) {
        group_score[0].first += p.score;
        ++group_score[0].second;
        group_score[static_cast<std::size_t>(p.group)].first += p.score;
        ++group_score[static_cast<std::size_t>(p.group)].second;
    }
    for (int g = 0; g < kGroupCount; ++g) {
        const GroupSummary& s = v.groups[static_cast<std::size_t>(g)];
        figures["deaths"][group_name(static_cast<Group>(g))] = {
            {"training", s.mean_deaths_training},
            {"verification", s.mean_deaths_verification},
            {"levels_training", s.levels_training},
            {"levels_verification", s.levels_verification}};
        figures["distribution"][group_name(static_cast<Group>(g))] = lf.dist[static_cast<std::size_t>(g)];
        const auto& gs = group_score[static_cast<std::size_t>(g)];
        figures["group_score"][group_name(static_cast<Group>(g))] = gs.second ? gs.first / gs.second : 0.0;
    }
}

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return {};
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string load_chartjs(const std::string& path) {
    const std::string chartjs = read_file(path);
    if (chartjs.empty())
        throw Error(
            "Chart.js not found at '" + path +
            "': install the Debian package libjs-chart.js (tools/install_deps.sh) or pass --chartjs FILE");
    return chartjs;
}

void write_text_file(const std::string& dir, const char* name, const std::string& text) {
    std::ofstream f(std::filesystem::path(dir) / name, std::ios::binary);
    if (!f || !(f << text)) throw Error(std::string("cannot write ") + name + " in '" + dir + "'");
}

/// DIR (created) with report.json and index.html.
void write_report_files(const std::string& dir, const json& report, const std::string& html) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error("cannot create '" + dir + "': " + ec.message());
    write_text_file(dir, "report.json", report.dump(2) + "\n");
    write_text_file(dir, "index.html", html);
}

/// report.json of a platformer study: the verification, counts, figures, model, intervals and sections.
json report_json(const StudyModel& r, const json& figures, const std::optional<WordsReportSection>& words,
                 const std::optional<ConditionsReportSection>& conditions) {
    json report = r.model ? verify_json(r.model->v, r.model->all) : json{{"no_model", r.no_model}};
    report["study"] = study_json(r.d);
    report["figures"] = figures;
    report["model"] = r.model ? model_to_json(r.model->all) : json(nullptr);
    if (r.model && r.model->intervals) report["intervals"] = intervals_json(*r.model->intervals);
    if (words) report["words"] = words->json;
    if (conditions) report["conditions"] = conditions->json;
    return report;
}

}  // namespace

StudyReportResult write_study_report(const StudyReportRequest& q) {
    const std::string chartjs = load_chartjs(q.chartjs);
    const std::optional<WordsReportSection> words = words_report_section(q.db, q.word_list, q.selection);
    if (words && !has_platformer_levels(q.db)) {
        write_report_files(q.out, json{{"words", words->json}},
                           words_only_report_html(q.db, chartjs, *words));
        return {};
    }
    StudyModelSettings settings = q.model;
    settings.use = ModelUse::Report;
    const StudyModel r = analyse_study_model(q.db, settings, q.selection);
    const std::optional<ConditionsReportSection> conditions =
        conditions_report_section(q.db, r.d, q.protocol, q.condition);
    const json figures = r.model ? chart_figures(r.d, *r.model) : json::object();
    write_report_files(q.out, report_json(r, figures, words, conditions),
                       study_report_html(r, figures, chartjs, words, conditions));
    return {r.no_model};
}

/// The data behind every chart of the page (report.json's "figures").
json chart_figures(const StudyData& d, const VerifiedModel& m) {
    const LevelFigures lf = level_figures(d, m);
    const int bins = m.v.settings.difficulty_bins;
    json figures;
    json bin_labels = json::array();
    for (int b = 0; b < bins; ++b)
        bin_labels.push_back(bin_label(static_cast<double>(b) / bins) + "-" + bin_label((b + 1.0) / bins));
    figures["bin_labels"] = bin_labels;
    if (json scatter = scatter_figure(m.v); !scatter.is_null()) figures["scatter"] = scatter;
    add_group_figures(m.v, lf, figures);
    json idx = json::array(), sc = json::array();
    for (const auto& [k, e] : lf.score_by_index) {
        idx.push_back(k);
        sc.push_back(e.first / e.second);
    }
    figures["score_by_level"] = {{"level", idx}, {"score", sc}};
    const TrainingSizeResult& ts = *m.training_size;
    json tsj = json::array();
    for (const TrainingSizePoint& p : ts.points)
        tsj.push_back({{"sessions", p.sessions},
                       {"fits", p.fits},
                       {"mean_error", p.mean_error},
                       {"max_error", p.max_error}});
    figures["training_size"] = {
        {"points", tsj}, {"threshold", ts.threshold}, {"d", ts.d}, {"minimum_sessions", ts.minimum_sessions}};
    return figures;
}

}  // namespace sawtooth::analysis
