// `sawtooth-lab simulate-study --mode words` and `sawtooth-lab words analyze-study`. The
// study itself (simulated players of the Levels mode, recorded as the game records, then
// replay-verified) is the flow game/flows/words_study.hpp; players are simulated on all
// cores. Study design: docs/elimination.md §11.
#include "game/flows/words_study.hpp"
#include "game/words/modes.hpp"
#include "telemetry/analysis/words_study.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"
#include "tools/lab/study_modes.hpp"
#include "tools/lab/study_selection.hpp"
#include "tools/lab/words_common.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

namespace sawtooth::lab {

namespace w = sawtooth::words;
using nlohmann::json;

namespace {

/// Wall-clock figures of a words study.
struct WordStudyTiming {
    int threads = 0;
    double gen_secs = 0.0;  ///< generating the levels
    double rec_secs = 0.0;  ///< generating, simulating and recording
    double secs = 0.0;      ///< everything
};

void print_words_study(const StudyRequest& req, const flows::WordsStudyRecorded& r, int verified,
                       const WordStudyTiming& t) {
    const std::vector<std::int64_t>& ids = r.word_level_ids;
    const std::vector<int>& per_level = r.players_per_level;
    const int n = req.players;
    if (req.json) {
        json j = {{"mode", "words"},
                  {"players", n},
                  {"word_levels", ids.size()},
                  {"challenges_played", r.challenges},
                  {"words_found", r.words},
                  {"actions", r.actions},
                  {"players_per_level", per_level},
                  {"verified", verified},
                  {"verify", req.verify},
                  {"seconds", t.secs},
                  {"generation_seconds", t.gen_secs},
                  {"recording_seconds", t.rec_secs - t.gen_secs},
                  {"threads", t.threads},
                  {"levels_per_second", t.secs > 0 ? static_cast<double>(ids.size()) / t.secs : 0.0}};
        std::printf("%s\n", j.dump(2).c_str());
        return;
    }
    std::printf(
        "words study: %d players, %zu word levels, %lld challenges played, %lld words found, %lld "
        "actions\n",
        n, ids.size(), r.challenges, r.words, r.actions);
    std::printf("players per level:");
    for (int c : per_level) std::printf(" %d", c);
    std::printf("\n");
    if (req.verify)
        std::printf("replay --verify: %d/%zu word levels exact (challenges regenerated)\n", verified,
                    ids.size());
    std::printf(
        "time: %.1f s on %d threads (generation %.1f s, simulation and recording %.1f s), %.1f "
        "players/min, "
        "%.1f word levels/s\n",
        t.secs, t.threads, t.gen_secs, t.rec_secs - t.gen_secs, 60.0 * n / std::max(t.secs, 1e-9),
        static_cast<double>(ids.size()) / std::max(t.secs, 1e-9));
}

/// Replay-verifies the recorded levels on `threads` read-only stores; returns how many
/// replay exactly, `first_mismatch` naming the first that does not.
int verify_levels(const StudyRequest& req, const std::vector<std::int64_t>& ids, const w::Dictionary& dict,
                  std::uint64_t dict_hash, int threads, std::string& first_mismatch) {
    ProgressLine progress("replay-checking word levels", ids.size());
    const std::vector<std::string> problems = flows::verify_word_levels(
        db_path(req.db), ids, dict, dict_hash, threads,
        [threads](std::size_t n, const std::function<void(std::size_t)>& body) {
            parallel_for(n, threads, body);
        },
        [&] { progress.advance(); });
    progress.finish();
    int verified = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        verified += problems[i].empty();
        if (!problems[i].empty() && first_mismatch.empty())
            first_mismatch = "word level " + std::to_string(ids[i]) + ": " + problems[i];
    }
    return verified;
}

void run_words_study(const StudyRequest& req) {
    if (req.players < 1 || req.players > 100000) throw LabError("--players must be in 1..100000");
    const int max_levels = req.levels == 0 ? w::kLevelCount : req.levels;
    if (max_levels < 1 || max_levels > w::kLevelCount)
        throw LabError("--levels must be in 1.." + std::to_string(w::kLevelCount) + " for --mode words");
    if (req.db.empty()) throw LabError("--db FILE is required");
    WordStudyTiming t;
    t.threads = worker_count(req.threads);
    const w::Dictionary dict = load_word_dictionary("");
    const std::uint64_t dict_hash = word_list_hash("");
    const auto t0 = std::chrono::steady_clock::now();
    const auto since_start = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    flows::WordsStudyRequest request;
    request.players = req.players;
    request.levels = max_levels;
    request.seed = req.seed;
    request.for_each = parallel_with_progress("simulating players", t.threads);
    request.on_levels_generated = [&] { t.gen_secs = since_start(); };
    telemetry::Store store = open_store(req.db);
    const flows::WordsStudyRecorded r = flows::run_words_study(store, dict, dict_hash, request);
    t.rec_secs = since_start();
    int verified = 0;
    std::string first_mismatch;
    if (req.verify)
        verified = verify_levels(req, r.word_level_ids, dict, dict_hash, t.threads, first_mismatch);
    t.secs = since_start();
    print_words_study(req, r, verified, t);
    if (!first_mismatch.empty())
        throw LabError(std::to_string(r.word_level_ids.size() - static_cast<std::size_t>(verified)) +
                       " recorded word levels fail replay: " + first_mismatch);
}

json regression_json(const analysis::WordsRegression& r, const std::string& error) {
    if (!error.empty()) return {{"error", error}};
    json coefs = json::array();
    for (const auto& c : r.coefficients)
        coefs.push_back(
            {{"name", c.name}, {"estimate", c.estimate}, {"se", c.se}, {"t", c.t}, {"p", c.p_value}});
    return {{"formula", r.formula},
            {"n", r.n},
            {"dof", r.dof},
            {"r2", r.r2},
            {"adjusted_r2", r.adjusted_r2},
            {"coefficients", coefs},
            {"dropped", r.dropped}};
}

void print_regression(const analysis::WordsRegression& r, const std::string& error) {
    if (!error.empty()) {
        std::printf("  not fitted: %s\n", error.c_str());
        return;
    }
    std::printf("  %s\n  n = %d, R^2 = %.3f (adjusted %.3f)\n", r.formula.c_str(), r.n, r.r2, r.adjusted_r2);
    std::printf("  %-18s %10s %10s %8s %9s\n", "term", "estimate", "se", "t", "p");
    for (const auto& c : r.coefficients)
        std::printf("  %-18s %10.4f %10.4f %8.2f %9.2g\n", c.name.c_str(), c.estimate, c.se, c.t, c.p_value);
    for (const auto& d : r.dropped) std::printf("  %s dropped: constant in this data\n", d.c_str());
}

/// Owned by the callback: CLI11 writes through these references while parsing.
struct AnalyzeStudyOptions {
    std::string db, words_file;
    bool json = false;
    StudyFilterOptions filter;
};

analysis::WordsStudyAnalysis analyze_for_lab(telemetry::Store& store, const AnalyzeStudyOptions& o,
                                             const SelectedCondition& c) {
    const w::Dictionary dict = load_word_dictionary(o.words_file);
    return analysis::analyze_words_study(store, dict, word_list_hash(o.words_file), c.selection);
}

json study_analysis_json(const analysis::WordsStudyAnalysis& a, const SelectedCondition& c) {
    json levels = json::array();
    for (const auto& s : a.levels)
        levels.push_back({{"level", s.level},
                          {"difficulty", s.difficulty},
                          {"plays", s.plays},
                          {"players", s.players},
                          {"mean_normalized_score", s.mean_normalized_score},
                          {"mean_words", s.mean_words},
                          {"timeout_rate", s.timeout_rate},
                          {"max_score", s.max_score}});
    json j = {{"word_levels", a.word_levels},
              {"skipped", a.skipped},
              {"players", a.players},
              {"words_analysed", a.selections.size()},
              {"score_model", regression_json(a.score_model, a.score_model_error)},
              {"selection_model", regression_json(a.selection_model, a.selection_model_error)},
              {"levels", levels}};
    if (!c.name.empty()) j["condition"] = c.name;
    return j;
}

void print_study_analysis(const analysis::WordsStudyAnalysis& a, const SelectedCondition& c) {
    if (!c.name.empty()) std::printf("condition %s:\n", c.name.c_str());
    std::printf(
        "%d word levels of %d players analysed (%d skipped), %zu reachable words of shown challenges\n",
        a.word_levels, a.players, a.skipped, a.selections.size());
    std::printf("level regression (one row per level: mean normalized score):\n");
    print_regression(a.score_model, a.score_model_error);
    std::printf("word regression (one row per reachable word of a shown challenge):\n");
    print_regression(a.selection_model, a.selection_model_error);
}

/// Every selected condition is analysed before anything is printed; with --by-condition
/// the JSON is {"conditions": [one analysis per condition]}.
void run_analyze_study(const AnalyzeStudyOptions& o) {
    const std::vector<SelectedCondition> conditions = selected_conditions(o.filter);
    telemetry::Store store = open_store_read_only(o.db);
    std::vector<analysis::WordsStudyAnalysis> results;
    for (const SelectedCondition& c : conditions) results.push_back(analyze_for_lab(store, o, c));
    if (!o.json) {
        for (std::size_t i = 0; i < results.size(); ++i) print_study_analysis(results[i], conditions[i]);
        return;
    }
    json all = json::array();
    for (std::size_t i = 0; i < results.size(); ++i)
        all.push_back(study_analysis_json(results[i], conditions[i]));
    std::printf("%s\n", (o.filter.by_condition ? json{{"conditions", all}} : all.front()).dump(2).c_str());
}

}  // namespace

void register_words_study(CLI::App& app) {
    register_study_mode("words", &run_words_study);
    CLI::App* words = app.get_subcommand("words");
    auto o = std::make_shared<AnalyzeStudyOptions>();
    CLI::App* c = words->add_subcommand(
        "analyze-study",
        "paper §IV regressions (normalizedScore, selectionRate) over recorded word sessions");
    c->add_option("--db", o->db, "session database with word levels")->required();
    c->add_option("--words", o->words_file, "word list the levels were played with (default: the asset)");
    c->add_flag("--json", o->json, "print JSON");
    add_study_filter_options(*c, o->filter);
    c->callback([o] { run_analyze_study(*o); });
}

}  // namespace sawtooth::lab
