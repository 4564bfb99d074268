// `sawtooth-lab simulate-study --mode words` and `sawtooth-lab words analyze-study`
// (item 9). The study: N simulated players (game/words/simulated_player.hpp) play the Levels mode
// from level 1 upwards, each continuing after a level with a probability that rises with
// the words found, recorded through the same store calls the game uses
// (telemetry/recording/words_recording.hpp), then every level is replay-verified. Players are
// simulated on all cores and recorded in player order from one thread, so a seed gives the
// same database content whatever the thread count. Study design: docs/elimination.md §11.
#include "game/words/modes.hpp"
#include "game/words/simulated_player.hpp"
#include "gen/rng.hpp"
#include "telemetry/analysis/words_study.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"
#include "tools/lab/study_modes.hpp"
#include "tools/lab/study_selection.hpp"
#include "tools/lab/words_common.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

namespace sawtooth::lab {

namespace w = sawtooth::words;
using nlohmann::json;

namespace {

/// Player skill ~ Normal(kSkillMean, kSkillSd) clipped to [kSkillMin, kSkillMax]: most
/// players average, a few novices and experts (the bot's skill is 0..1).
constexpr double kSkillMean = 0.5;
constexpr double kSkillSd = 0.18;
constexpr double kSkillMin = 0.05;
constexpr double kSkillMax = 0.95;
/// After a level a player goes on with probability kContinueBase + kContinueGain * words/10:
/// players who do well keep playing (paper Fig. 2: most play few levels, a few play many).
constexpr double kContinueBase = 0.4;
constexpr double kContinueGain = 0.4;
/// Salt of the study's seed stream (distinct from the platformer study's).
constexpr std::uint64_t kWordsStudySalt = 0x776f72647374ull;  // "wordst"

struct PlayedLevel {
    int level = 0;
    std::vector<w::Action> actions;
    int words = 0;
};

struct SimPlayer {
    double skill = 0.0;
    std::vector<PlayedLevel> levels;
};

SimPlayer simulate_player(const w::Dictionary& dict, const std::vector<w::GeneratedLevel>& levels,
                          std::uint64_t seed) {
    SimPlayer p;
    Rng rng(seed);
    p.skill = std::clamp(kSkillMean + kSkillSd * rng.normal(), kSkillMin, kSkillMax);
    for (std::size_t i = 0; i < levels.size(); ++i) {
        Rng level_rng(mix_seed(seed, i + 1));
        const w::LevelPlay play =
            w::simulate_level(dict, levels[i].challenges, w::PlayerProfile{p.skill}, level_rng);
        p.levels.push_back({static_cast<int>(i) + 1, play.log(), play.words_found()});
        const double go_on = kContinueBase + kContinueGain * play.words_found() / w::kChallengesPerLevel;
        if (!rng.chance(go_on)) break;
    }
    return p;
}

/// Runs `fn(i)` for i in [0, n) on `threads` workers.
template <class Fn>
void parallel_for(int n, int threads, Fn fn) {
    std::atomic<int> next{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < std::max(1, std::min(threads, n)); ++t)
        pool.emplace_back([&] {
            for (int i = next++; i < n; i = next++) fn(i);
        });
    for (std::thread& t : pool) t.join();
}

/// The Levels mode as every player sees it (kLevelsModeSeed), generated once.
struct ModeLevels {
    std::vector<w::ModeLevel> modes;
    std::vector<w::GeneratedLevel> levels;
};

ModeLevels generate_mode_levels(const w::Dictionary& dict, int count) {
    // One run in play order: each level avoids the earlier levels' challenges, so the
    // levels are not independent and are generated once each, in sequence.
    ModeLevels m;
    m.levels = w::generate_mode_run(dict, w::levels_mode_level(count));
    for (int i = 1; i <= count; ++i) m.modes.push_back(w::levels_mode_level(i));
    return m;
}

/// What recording the players wrote.
struct RecordedWords {
    std::vector<std::int64_t> ids;
    long long actions = 0;
    long long words = 0;
    long long challenges = 0;
};

/// Records every player's levels, in player order, through the game's store calls.
RecordedWords record_players(const StudyRequest& req, const std::vector<SimPlayer>& players,
                             const ModeLevels& m, const w::Dictionary& dict, std::uint64_t dict_hash) {
    telemetry::Store store = open_store(req.db);
    RecordedWords r;
    for (const SimPlayer& p : players) {
        const std::string pid = store.create_participant();
        const std::int64_t sid = store.begin_session(pid, "words-levels");
        for (const PlayedLevel& pl : p.levels) {
            const auto k = static_cast<std::size_t>(pl.level - 1);
            r.ids.push_back(telemetry::record_word_level(store, sid, m.modes[k], dict, dict_hash,
                                                         m.levels[k].challenges, pl.actions));
            r.actions += static_cast<long long>(pl.actions.size());
            r.words += pl.words;
            r.challenges += std::min(pl.words + 1, w::kChallengesPerLevel);
        }
        store.end_session(sid, telemetry::SessionEnd::Finished);
    }
    return r;
}

/// Why word level `id` does not replay ("" when it does).
std::string replay_problem(telemetry::Store& store, const w::Dictionary& dict, std::uint64_t dict_hash,
                           std::int64_t id) {
    try {
        const auto rec = telemetry::load_word_recording(store, id);
        const auto rep = telemetry::verify_word_replay(dict, dict_hash, rec);
        if (rep.mismatch) return *rep.mismatch;
        return rep.regenerated ? "" : "not regenerated";
    } catch (const std::exception& e) {
        const std::string why = e.what();
        return why.empty() ? "replay failed" : why;
    }
}

/// Replay-verifies every level (regenerating its challenges) on all cores, read-only
/// stores. Returns the levels that replay exactly; `first_mismatch` names the first that does not.
int verify_levels(const StudyRequest& req, const std::vector<std::int64_t>& ids, const w::Dictionary& dict,
                  std::uint64_t dict_hash, int threads, std::string& first_mismatch) {
    std::vector<std::string> result(ids.size());
    const int n = static_cast<int>(ids.size());
    std::vector<std::unique_ptr<telemetry::Store>> ro;
    for (int t = 0; t < std::max(1, std::min(threads, n)); ++t)
        ro.push_back(std::make_unique<telemetry::Store>(open_store_read_only(req.db)));
    std::atomic<int> next{0};
    ProgressLine progress("replay-checking word levels", ids.size());
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < ro.size(); ++t)
        pool.emplace_back([&, t] {
            for (int i = next++; i < n; i = next++) {
                result[static_cast<std::size_t>(i)] =
                    replay_problem(*ro[t], dict, dict_hash, ids[static_cast<std::size_t>(i)]);
                progress.advance();
            }
        });
    for (std::thread& t : pool) t.join();
    progress.finish();
    int verified = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        verified += result[i].empty();
        if (!result[i].empty() && first_mismatch.empty())
            first_mismatch = "word level " + std::to_string(ids[i]) + ": " + result[i];
    }
    return verified;
}

/// Wall-clock figures of a words study.
struct WordStudyTiming {
    int threads = 0;
    double gen_secs = 0.0;  ///< generating the levels
    double rec_secs = 0.0;  ///< generating, simulating and recording
    double secs = 0.0;      ///< everything
};

void print_words_study(const StudyRequest& req, const RecordedWords& r, const std::vector<int>& per_level,
                       int verified, const WordStudyTiming& t) {
    const int n = req.players;
    if (req.json) {
        json j = {{"mode", "words"},
                  {"players", n},
                  {"word_levels", r.ids.size()},
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
                  {"levels_per_second", t.secs > 0 ? static_cast<double>(r.ids.size()) / t.secs : 0.0}};
        std::printf("%s\n", j.dump(2).c_str());
        return;
    }
    std::printf(
        "words study: %d players, %zu word levels, %lld challenges played, %lld words found, %lld "
        "actions\n",
        n, r.ids.size(), r.challenges, r.words, r.actions);
    std::printf("players per level:");
    for (int c : per_level) std::printf(" %d", c);
    std::printf("\n");
    if (req.verify)
        std::printf("replay --verify: %d/%zu word levels exact (challenges regenerated)\n", verified,
                    r.ids.size());
    std::printf(
        "time: %.1f s on %d threads (generation %.1f s, simulation and recording %.1f s), %.1f "
        "players/min, "
        "%.1f word levels/s\n",
        t.secs, t.threads, t.gen_secs, t.rec_secs - t.gen_secs, 60.0 * n / std::max(t.secs, 1e-9),
        static_cast<double>(r.ids.size()) / std::max(t.secs, 1e-9));
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
    const ModeLevels m = generate_mode_levels(dict, max_levels);
    t.gen_secs = since_start();
    std::vector<SimPlayer> players(static_cast<std::size_t>(req.players));
    const std::uint64_t base = mix_seed(req.seed, kWordsStudySalt);
    {
        ProgressLine progress("simulating players", players.size());
        parallel_for(req.players, t.threads, [&](int i) {
            players[static_cast<std::size_t>(i)] =
                simulate_player(dict, m.levels, mix_seed(base, static_cast<std::uint64_t>(i)));
            progress.advance();
        });
    }
    const RecordedWords r = record_players(req, players, m, dict, dict_hash);
    t.rec_secs = since_start();
    int verified = 0;
    std::string first_mismatch;
    if (req.verify) verified = verify_levels(req, r.ids, dict, dict_hash, t.threads, first_mismatch);
    t.secs = since_start();
    std::vector<int> per_level(static_cast<std::size_t>(max_levels), 0);
    for (const SimPlayer& p : players)
        for (const PlayedLevel& pl : p.levels) ++per_level[static_cast<std::size_t>(pl.level - 1)];
    print_words_study(req, r, per_level, verified, t);
    if (!first_mismatch.empty())
        throw LabError(std::to_string(r.ids.size() - static_cast<std::size_t>(verified)) +
                       " recorded word levels fail replay: " + first_mismatch);
}

json regression_json(const analysis::MultipleRegression& r, const std::string& error) {
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

void print_regression(const analysis::MultipleRegression& r, const std::string& error) {
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

json analysis_json(const analysis::WordsStudyAnalysis& a, const SelectedCondition& c) {
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

void print_analysis(const analysis::WordsStudyAnalysis& a, const SelectedCondition& c) {
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
        for (std::size_t i = 0; i < results.size(); ++i) print_analysis(results[i], conditions[i]);
        return;
    }
    json all = json::array();
    for (std::size_t i = 0; i < results.size(); ++i) all.push_back(analysis_json(results[i], conditions[i]));
    std::printf("%s\n", (o.filter.by_condition ? json{{"conditions", all}} : all.front()).dump(2).c_str());
}

}  // namespace

std::uint64_t word_list_hash(const std::string& path) {
    const std::string file = path.empty() ? default_dictionary_path() : path;
    std::ifstream in(file, std::ios::binary);
    if (!in) throw LabError("cannot read word list '" + file + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    return telemetry::dictionary_text_hash(ss.str());
}

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
