// `sawtooth-lab words ...`: Elimination word mode from the command line: state-space
// analysis of a string, challenge generation (FI-2Pop) and the Levels-mode table.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "game/words/level_panel.hpp"
#include "game/words/levels_table.hpp"
#include "game/words/modes.hpp"
#include "gen/error.hpp"
#include "gen/words/challenge_gen.hpp"
#include "gen/words/challenge_run.hpp"
#include "gen/words/level_table.hpp"
#include "gen/words/state_space.hpp"
#include "telemetry/recording/word_list_file.hpp"
#include "telemetry/store/asset_dir.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/words_common.hpp"

namespace sawtooth::lab {

namespace w = sawtooth::words;
using nlohmann::json;

namespace {

constexpr int kMaxGenCount = 100000;

json features_json(const w::WordFeatures& f) {
    return {{"length", f.length},
            {"max_sequence", f.max_sequence},
            {"split_distance", f.split_distance},
            {"first_occurrence", f.first_occurrence}};
}

json challenge_json(const w::Challenge& c) {
    return {{"letters", w::to_upper(c.letters)},
            {"sources", c.source_words},
            {"two_x", c.two_x},
            {"fitness", c.fitness},
            {"words", c.word_count},
            {"reachable_words", c.reachable_words}};
}

json params_json(const w::LevelParams& p) {
    return {{"level", p.level},
            {"difficulty", p.difficulty},
            {"band", {p.gen.band_lo, p.gen.band_hi}},
            {"source_lengths", p.gen.source_lengths},
            {"target_length", p.gen.target_length},
            {"exact_length", p.gen.exact_length},
            {"max_seq", p.gen.max_seq},
            {"num2x", p.num2x}};
}

// "PLAZA plaza+..." line of `words gen`: letters, source words, then the 2X position.
std::string challenge_line(const w::Challenge& c) {
    std::string line = w::to_upper(c.letters);
    for (const std::string& s : c.source_words) line += " " + s;
    line += c.two_x >= 0 ? " 2x:" + std::to_string(c.two_x) : std::string(" 2x:-");
    return line;
}

w::FitnessRule parse_fitness(const std::string& s) {
    if (s == "equation3") return w::FitnessRule::Equation3;
    if (s == "short-visible") return w::FitnessRule::ShortVisible;
    throw LabError("--fitness must be equation3 or short-visible, got '" + s + "'");
}

void check_letters(const std::string& letters) {
    if (!w::is_valid_letters(letters))
        throw LabError("LETTERS must be 1-" + std::to_string(w::kMaxChallengeLength) + " letters a-z, got '" +
                       letters + "'");
}

/// `words analyze --json`: the state space, every word, and with --states every reached state.
json analysis_json(const w::StateSpace& ss, const w::Dictionary& dict, bool list_states) {
    json words = json::array();
    for (const w::WordReach& r : ss.words)
        words.push_back({{"word", r.word},
                         {"reachable", r.reachable},
                         {"min_clicks", r.min_clicks},
                         {"embeddings", r.embeddings},
                         {"reachable_embeddings", r.reachable_embeddings},
                         {"profane", dict.entry(r.id).profane},
                         {"count", dict.entry(r.id).count},
                         {"features", features_json(r.features)}});
    json out = {{"letters", w::to_upper(ss.letters)},
                {"start_is_word", ss.start_is_word},
                {"potential_states", ss.potential_states},
                {"reachable_states", ss.reachable_states},
                {"word_states", ss.word_states},
                {"dead_end_states", ss.dead_end_states},
                {"reachable_words", ss.reachable_words()},
                {"unreachable_words", ss.unreachable_words()},
                {"words", words}};
    if (list_states) {
        json states = json::array();
        for (std::size_t m = 0; m < ss.kind.size(); ++m)
            if (ss.kind[m] != w::StateKind::Unreached) {
                static const char* kNames[] = {"unreached", "open", "word", "dead_end"};
                states.push_back(
                    {{"letters", w::to_upper(w::kept_letters(ss.letters, static_cast<std::uint32_t>(m)))},
                     {"mask", m},
                     {"kind", kNames[static_cast<int>(ss.kind[m])]}});
            }
        out["states"] = states;
    }
    return out;
}

/// `words analyze` as text: the counts, a row per word, and with --states the dead ends.
void print_analysis(const w::StateSpace& ss, const w::Dictionary& dict, bool list_states) {
    std::printf("%s: %zu letters%s, %zu words (%d reachable, %d unreachable)\n",
                w::to_upper(ss.letters).c_str(), ss.letters.size(),
                ss.start_is_word ? " (itself a word: not a valid challenge)" : "", ss.words.size(),
                ss.reachable_words(), ss.unreachable_words());
    std::printf("states: %llu potential, %llu reachable, %llu end on a word, %llu dead ends\n",
                static_cast<unsigned long long>(ss.potential_states),
                static_cast<unsigned long long>(ss.reachable_states),
                static_cast<unsigned long long>(ss.word_states),
                static_cast<unsigned long long>(ss.dead_end_states));
    std::printf("%-16s %4s %6s %5s %5s %6s %s\n", "word", "len", "maxSeq", "split", "first", "clicks",
                "reachable");
    for (const w::WordReach& r : ss.words)
        std::printf("%-16s %4d %6d %5d %5d %6s %s%s\n", r.word.c_str(), r.features.length,
                    r.features.max_sequence, r.features.split_distance, r.features.first_occurrence,
                    r.reachable ? std::to_string(r.min_clicks).c_str() : "-", r.reachable ? "yes" : "NO",
                    dict.entry(r.id).profane ? " (profane)" : "");
    if (list_states)
        for (std::size_t m = ss.kind.size(); m-- > 0;)
            if (ss.kind[m] == w::StateKind::DeadEnd) {
                const std::string kept =
                    w::to_upper(w::kept_letters(ss.letters, static_cast<std::uint32_t>(m)));
                std::printf("dead end: %s\n", kept.empty() ? "(no letters)" : kept.c_str());
            }
}

void cmd_analyze(const std::string& letters, const std::string& words_file, bool as_json, bool list_states) {
    check_letters(letters);
    const w::Dictionary dict = load_word_dictionary(words_file);
    const w::StateSpace ss = w::analyze_state_space(dict, letters);
    if (as_json)
        std::printf("%s\n", analysis_json(ss, dict, list_states).dump(2).c_str());
    else
        print_analysis(ss, dict, list_states);
}

struct WordsGenOptions {
    std::uint64_t seed = 1;
    int count = 10;
    int length = -1;  // -1: not given
    std::string band;
    int max_seq = -1;  // -1: not given
    std::string sources;
    std::string words_file;
    std::string fitness = "short-visible";
    int num2x = -1;
    bool json = false;
    // Designer constraints on the reachable words (gen/words/reachable_rules.hpp).
    int min_common = 0;
    double common_rank = w::kDefaultCommonRankPercentile;
    bool all_common = false;
    std::string rank_band;
    std::string short_band;  // per-length bands, LO..HI
    std::string long_band;
    bool short_and_long = false;
    int max_word_length = 0;
    std::string enforce = "feasibility";
    int max_attempts = w::ReachableWordRules{}.max_attempts;
    bool stats = false;
};

w::GenParams gen_params(const WordsGenOptions& o) {
    w::GenParams p;
    if (o.length != -1) {
        if (o.length < w::kMinWordLength + 1 || o.length > w::kMaxChallengeLength)
            throw LabError("--length must be in " + std::to_string(w::kMinWordLength + 1) + ".." +
                           std::to_string(w::kMaxChallengeLength));
        w::set_exact_length(p, o.length);
    }
    if (!o.sources.empty()) p.source_lengths = parse_int_list(o.sources, "--sources");
    if (!o.band.empty()) {
        const InclusiveRange<double> band = parse_real_range(o.band, "--band");
        p.band_lo = band.first;
        p.band_hi = band.last;
    } else if (!o.short_band.empty() || !o.long_band.empty()) {
        // Per-length bands choose the source words' ranks (each length within its band).
        p.band_lo = 0.0;
        p.band_hi = 100.0;
    }
    if (o.max_seq != -1) p.max_seq = o.max_seq;
    p.fitness = parse_fitness(o.fitness);
    return p;
}

// The designer constraints of the options; the generator checks what no challenge can meet.
w::ReachableWordRules reachable_rules(const WordsGenOptions& o) {
    w::ReachableWordRules r;
    r.min_common = o.min_common;
    r.common_rank = o.common_rank;
    r.short_and_long = o.short_and_long;
    r.max_word_length = o.max_word_length;
    r.max_attempts = o.max_attempts;
    if (o.all_common && !o.rank_band.empty())
        throw LabError("--all-common and --rank-band exclude each other");
    if (o.all_common) r.every_word_band = w::RankBand{0.0, o.common_rank};
    if (!o.rank_band.empty()) r.every_word_band = w::parse_rank_band(o.rank_band, "--rank-band");
    if (!o.short_band.empty()) r.short_band = w::parse_rank_band(o.short_band, "--short-band");
    if (!o.long_band.empty()) r.long_band = w::parse_rank_band(o.long_band, "--long-band");
    if (o.enforce == "feasibility")
        r.enforcement = w::RuleEnforcement::Feasibility;
    else if (o.enforce == "filter")
        r.enforcement = w::RuleEnforcement::Filter;
    else
        throw LabError("--enforce must be feasibility or filter, got '" + o.enforce + "'");
    return r;
}

// The constraint that rejected most candidates of one challenge (what to relax), as its
// option reads on the command line.
std::string most_broken_rule(const w::GenStats& s, const WordsGenOptions& o) {
    std::size_t worst = 0;
    for (std::size_t i = 1; i < s.broken.size(); ++i)
        if (s.broken[i] > s.broken[worst]) worst = i;
    switch (static_cast<w::ReachRule>(worst)) {
        case w::ReachRule::MinCommon:
            return "--min-common " + std::to_string(o.min_common);
        case w::ReachRule::EveryWordBand:
            return o.all_common ? "--all-common" : "--rank-band " + o.rank_band;
        case w::ReachRule::ShortAndLong:
            return "--short-and-long";
        case w::ReachRule::MaxWordLength:
            return "--max-word-length " + std::to_string(o.max_word_length);
        case w::ReachRule::ShortBand:
            return "--short-band " + o.short_band;
        case w::ReachRule::LongBand:
            return "--long-band " + o.long_band;
    }
    return "?";
}

// The one-line error of a run that stopped at `failed`, naming what to relax.
LabError run_failure(const WordsGenOptions& o, const w::ChallengeRunFailure& failed) {
    const w::GenStats& stats = failed.stats;
    const std::string where = "seed " + std::to_string(o.seed) + " #" + std::to_string(failed.index);
    const int most = *std::max_element(stats.broken.begin(), stats.broken.end());
    if (most > 0)
        return LabError("no challenge meets " + most_broken_rule(stats, o) + " within " +
                        std::to_string(stats.attempts) + " attempts for " + where +
                        ": relax it or raise --max-attempts");
    return LabError("no feasible challenge for " + where + ": relax --length/--band/--sources");
}

json reach_json(const w::ReachableWordCounts& r) {
    return {{"reachable", r.reachable},
            {"common", r.common},
            {"outside_band", r.outside_band},
            {"short_words", r.short_words},
            {"long_words", r.long_words},
            {"short_outside_band", r.short_outside_band},
            {"long_outside_band", r.long_outside_band},
            {"longest", r.longest}};
}

json rules_json(const w::ReachableWordRules& r) {
    json j = {{"min_common", r.min_common},
              {"common_rank", r.common_rank},
              {"short_and_long", r.short_and_long},
              {"max_word_length", r.max_word_length},
              {"enforce", r.enforcement == w::RuleEnforcement::Filter ? "filter" : "feasibility"},
              {"max_attempts", r.max_attempts}};
    const auto band = [](const std::optional<w::RankBand>& b) {
        return b ? json{b->lo, b->hi} : json(nullptr);
    };
    j["rank_band"] = band(r.every_word_band);
    j["short_band"] = band(r.short_band);
    j["long_band"] = band(r.long_band);
    return j;
}

// --json's stats; with --stats also the wall-clock figures (nondeterministic, so opt-in).
json stats_json(const w::GenStats& s, const WordsGenOptions& o, double elapsed_ms) {
    json broken = json::object();
    for (int i = 0; i < w::kReachRuleCount; ++i)
        broken[w::reach_rule_name(static_cast<w::ReachRule>(i))] = s.broken[static_cast<std::size_t>(i)];
    json j = {{"evaluations", s.evaluations},
              {"scans", s.scans},
              {"generations", s.generations},
              {"restarts", s.restarts},
              {"attempts", s.attempts},
              {"accepted", s.accepted},
              {"broken", broken}};
    if (o.stats) {
        j["acceptance_rate"] = static_cast<double>(s.accepted) / s.attempts;
        j["elapsed_ms"] = elapsed_ms;
        j["ms_per_accepted"] = elapsed_ms / s.accepted;
    }
    return j;
}

void print_gen(const WordsGenOptions& o, const std::vector<w::Challenge>& out, const w::GenParams& p,
               const w::ReachableWordRules& rules, const w::GenStats& stats, double elapsed_ms) {
    if (o.json) {
        json list = json::array();
        for (const auto& c : out) {
            json jc = challenge_json(c);
            jc["reach"] = reach_json(c.reach);
            list.push_back(std::move(jc));
        }
        w::LevelParams lp;
        lp.gen = p;
        lp.num2x = o.num2x < 0 ? o.count : o.num2x;
        json j = {{"seed", o.seed},
                  {"params", params_json(lp)},
                  {"rules", rules_json(rules)},
                  {"challenges", list},
                  {"stats", stats_json(stats, o, elapsed_ms)}};
        std::printf("%s\n", j.dump(2).c_str());
        return;
    }
    for (const auto& c : out) std::printf("%s\n", challenge_line(c).c_str());
    if (o.stats)
        std::fprintf(
            stderr, "stats: %d challenges, %d attempts, acceptance %.1f %%, %.2f ms per accepted challenge\n",
            stats.accepted, stats.attempts, 100.0 * stats.accepted / stats.attempts,
            elapsed_ms / stats.accepted);
}

void cmd_gen(const WordsGenOptions& o) {
    if (o.count < 1 || o.count > kMaxGenCount)
        throw LabError("--count must be in 1.." + std::to_string(kMaxGenCount));
    const w::GenParams p = gen_params(o);
    const w::ReachableWordRules rules = reachable_rules(o);
    const w::Dictionary dict = load_word_dictionary(o.words_file);
    const w::ChallengeGenerator gen(dict, p, w::GaSettings{}, rules);
    ProgressLine progress("generating challenges", static_cast<std::size_t>(o.count));
    const auto t0 = std::chrono::steady_clock::now();
    const w::ChallengeRun run =
        w::generate_challenge_run(gen, dict, {o.seed, o.count, o.num2x}, [&progress] { progress.advance(); });
    const double elapsed_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (run.failed) throw run_failure(o, *run.failed);
    progress.finish();
    print_gen(o, run.challenges, p, rules, run.stats, elapsed_ms);
}

void cmd_levels(std::uint64_t seed, int only_level, bool params_only, bool as_json,
                const std::string& words_file, const std::string& fitness) {
    const w::FitnessRule rule = parse_fitness(fitness);
    if (only_level != 0 && (only_level < 1 || only_level > w::kLevelCount))
        throw LabError("--level must be in 1.." + std::to_string(w::kLevelCount));
    std::unique_ptr<w::Dictionary> dict;
    if (!params_only) dict = std::make_unique<w::Dictionary>(load_word_dictionary(words_file));
    json levels = json::array();
    for (const w::LevelsTableRow& row : w::levels_table(dict.get(), {seed, rule, only_level})) {
        const w::ModeLevel& ml = row.level;
        json jl = params_json(ml.params);
        if (!as_json)
            std::printf("level %2d  difficulty %5.2f  %s\n", ml.level, ml.params.difficulty,
                        w::describe(ml.params).c_str());
        if (row.generated) {
            json list = json::array();
            for (const auto& c : row.generated->challenges) {
                list.push_back(challenge_json(c));
                if (!as_json) std::printf("  %s\n", challenge_line(c).c_str());
            }
            jl["challenges"] = list;
        }
        levels.push_back(jl);
    }
    if (as_json)
        std::printf("%s\n",
                    json{{"seed", seed}, {"generator_version", w::kWordGenVersion}, {"levels", levels}}
                        .dump(2)
                        .c_str());
}

struct SimOptions {
    std::string mode = "levels";
    std::string levels = "1..30";
    std::string date = "2026-01-01";
    int players = 20;
    std::string skill = "0.2..0.8";
    std::uint64_t seed = 1;
    std::string words_file;
    bool json = false;
    bool log = false;
    std::string fitness = "short-visible";
};

/// The levels --levels names (daily mode: its one level).
InclusiveRange<int> simulated_levels(const SimOptions& o, w::Mode mode) {
    if (mode == w::Mode::Daily) return {1, 1};
    const InclusiveRange<int> levels = parse_int_range(o.levels, "--levels");
    if (levels.first < 1 || (mode == w::Mode::Levels && levels.last > w::kLevelCount))
        throw LabError("--levels must be A..B within 1.." + std::to_string(w::kLevelCount) +
                       " for levels mode");
    return levels;
}

w::ModeLevel simulated_mode_level(const SimOptions& o, w::Mode mode, int level, w::FitnessRule rule) {
    w::ModeLevel ml;
    ml = mode == w::Mode::Levels     ? w::levels_mode_level(level)
         : mode == w::Mode::Infinite ? w::infinite_mode_level(o.seed, level)
                                     : w::daily_mode_level(o.date);
    ml.params.gen.fitness = rule;
    return ml;
}

/// --players simulated players on one level (game/words/level_panel.hpp): the row `words
/// simulate` prints for it.
json simulate_players_on_level(const SimOptions& o, const w::Dictionary& dict, const w::ModeLevel& ml,
                               int level, InclusiveRange<double> skills) {
    w::LevelPanelSettings panel;
    panel.players = o.players;
    panel.seed = o.seed;
    panel.skill_lo = skills.first;
    panel.skill_hi = skills.last;
    panel.keep_plays = o.log;
    const w::LevelPanelResult r = w::simulate_level_panel(dict, ml, level, panel);
    json row = {{"level", level},
                {"difficulty", ml.params.difficulty},
                {"mean_words", r.mean_words},
                {"mean_normalized_score", r.mean_normalized_score},
                {"timeout_rate", r.timeout_rate},
                {"seconds_per_word", r.seconds_per_word}};
    if (o.log) {
        json players = json::array();
        for (const w::PanelPlay& p : r.plays)
            players.push_back({{"skill", p.skill},
                               {"words", p.words},
                               {"score", p.score},
                               {"actions", w::format_action_log(p.actions)}});
        row["players"] = players;
    }
    return row;
}

// Simulated players on mode levels: the model's view of the intended difficulty curve.
void cmd_simulate(const SimOptions& o) {
    const w::Mode mode = w::parse_mode(o.mode);
    const InclusiveRange<int> levels = simulated_levels(o, mode);
    if (o.players < 1 || o.players > 10000) throw LabError("--players must be in 1..10000");
    const InclusiveRange<double> skills = parse_real_range(o.skill, "--skill");
    if (skills.first < 0.0 || skills.last > 1.0) throw LabError("--skill must be LO..HI within 0..1");
    if (mode == w::Mode::Daily && !w::is_valid_utc_date(o.date))
        throw LabError("--date must be a real UTC date written YYYY-MM-DD, got '" + o.date + "'");
    const w::FitnessRule rule = parse_fitness(o.fitness);
    const w::Dictionary dict = load_word_dictionary(o.words_file);
    json rows = json::array();
    if (!o.json)
        std::printf("%5s %6s %8s %8s %8s %9s\n", "level", "diff", "words", "score", "timeout", "s/word");
    // Text mode prints a row per level as it goes; --json prints at the end, so show progress.
    ProgressSettings shown;
    shown.show = shown.show && o.json;
    ProgressLine progress("simulating levels", static_cast<std::size_t>(levels.last - levels.first + 1),
                          shown);
    for (int level = levels.first; level <= levels.last; ++level) {
        const w::ModeLevel ml = simulated_mode_level(o, mode, level, rule);
        json row = simulate_players_on_level(o, dict, ml, level, skills);
        if (!o.json)
            std::printf("%5d %6.2f %8.2f %8.3f %8.2f %9.2f\n", level, ml.params.difficulty,
                        row["mean_words"].get<double>(), row["mean_normalized_score"].get<double>(),
                        row["timeout_rate"].get<double>(), row["seconds_per_word"].get<double>());
        rows.push_back(std::move(row));
        progress.advance();
    }
    progress.finish();
    if (o.json)
        std::printf("%s\n", json{{"mode", o.mode}, {"players", o.players}, {"levels", rows}}.dump(2).c_str());
}

}  // namespace

std::string default_dictionary_path() {
    return telemetry::dictionary_asset_path(telemetry::find_asset_dir(SAWTOOTH_ASSET_DIR));
}

std::string word_list_path(const std::string& given) {
    return given.empty() ? default_dictionary_path() : given;
}

words::Dictionary load_word_dictionary(const std::string& path) {
    const std::string file = word_list_path(path);
    words::Dictionary d = telemetry::read_word_list(file).dictionary;
    if (d.skipped() > 0)  // a themed or foreign list loses words silently otherwise
        std::fprintf(
            stderr,
            "sawtooth-lab: note: skipped %d entries of '%s' (not a-z only, or shorter than %d letters)\n",
            d.skipped(), file.c_str(), words::kMinWordLength);
    return d;
}

namespace {

// Flags of `words analyze` and `words levels`. CLI11 writes through references while parsing,
// so each command's callback owns its struct (a local bound and not captured would be freed).
struct AnalyzeOptions {
    std::string letters, words_file;
    bool json = false, states = false;
};
struct LevelsOptions {
    std::uint64_t seed = w::kLevelsModeSeed;
    int level = 0;
    bool params_only = false, json = false;
    std::string words_file, fitness = "short-visible";
};

void register_words_analyze(CLI::App* words) {
    auto* analyze = words->add_subcommand("analyze", "words and exhaustive elimination states of LETTERS");
    auto o = std::make_shared<AnalyzeOptions>();  // owned by the callback: outlives the parse
    analyze->add_option("LETTERS", o->letters, "the challenge letters")->required();
    analyze->add_option("--words", o->words_file,
                        "word<TAB>count[<TAB>profane] list instead of the English asset");
    analyze->add_flag("--json", o->json, "print JSON");
    analyze->add_flag("--states", o->states, "also list dead-end states (all reached states with --json)");
    analyze->callback([o] { cmd_analyze(o->letters, o->words_file, o->json, o->states); });
}

void register_words_gen(CLI::App* words) {
    auto* gen = words->add_subcommand("gen", "generate challenges with the FI-2Pop generator");
    auto g = std::make_shared<WordsGenOptions>();
    add_seed_option(*gen, "--seed", g->seed, "seed (challenge i uses mix_seed(seed, i))");
    gen->add_option("--count", g->count, "number of challenges");
    gen->add_option("--length", g->length, "exact challenge length (also the target length)");
    gen->add_option("--band", g->band, "corpusFreq band as rank percentiles LO..HI (0 = most frequent)");
    gen->add_option("--max-seq", g->max_seq, "maxSeq of fitness eq. 3");
    gen->add_option("--sources", g->sources, "source word lengths, e.g. 4,5 or 3,4,4");
    gen->add_option("--words", g->words_file,
                    "word<TAB>count[<TAB>profane] list instead of the English asset");
    gen->add_option("--fitness", g->fitness, "short-visible (default) or equation3");
    gen->add_option("--num2x", g->num2x, "challenges with a 2X letter (default: all)");
    gen->add_flag("--json", g->json,
                  "print JSON (per challenge, the reachable-word counts the constraints use)");
    gen->add_option("--min-common", g->min_common,
                    "at least N reachable common words (words play can end on; see --common-rank)");
    gen->add_option("--common-rank", g->common_rank,
                    "common = rank percentile below P (default 10: the ~4,900 most frequent words)");
    gen->add_flag("--all-common", g->all_common, "every reachable word common");
    gen->add_option("--rank-band", g->rank_band,
                    "every reachable word's rank percentile in LO..HI (HI exclusive)");
    gen->add_option("--short-band", g->short_band,
                    "every reachable 3-4 letter word's rank percentile in LO..HI (source words too)");
    gen->add_option("--long-band", g->long_band,
                    "every reachable 5-6 letter word's rank percentile in LO..HI (source words too)");
    gen->add_flag("--short-and-long", g->short_and_long,
                  "at least one reachable 3-4 letter word and one 5-6 letter word");
    gen->add_option("--max-word-length", g->max_word_length, "no reachable word longer than L letters");
    gen->add_option("--enforce", g->enforce,
                    "constraints as GA feasibility (default) or as a filter on finished challenges");
    gen->add_option("--max-attempts", g->max_attempts,
                    "generator runs per challenge before a constraint is reported unmet (default 50)");
    gen->add_flag("--stats", g->stats,
                  "acceptance rate and ms per accepted challenge (stderr; in \"stats\" with --json)");
    gen->callback([=] { cmd_gen(*g); });
}

void register_words_levels(CLI::App* words) {
    auto* levels = words->add_subcommand("levels", "the Levels-mode table (30 levels x 10 challenges)");
    auto o = std::make_shared<LevelsOptions>();  // owned by the callback: outlives the parse
    add_seed_option(*levels, "--seed", o->seed, "mode seed (players use the default)");
    levels->add_option("--level", o->level, "only this level");
    levels->add_flag("--params-only", o->params_only, "print parameters without generating");
    levels->add_option("--words", o->words_file,
                       "word<TAB>count[<TAB>profane] list instead of the English asset");
    levels->add_flag("--json", o->json, "print JSON");
    levels->add_option("--fitness", o->fitness,
                       "short-visible (default) or equation3 (see docs/elimination.md)");
    levels->callback(
        [o] { cmd_levels(o->seed, o->level, o->params_only, o->json, o->words_file, o->fitness); });
}

void register_words_simulate(CLI::App* words) {
    auto* sim =
        words->add_subcommand("simulate", "simulated players (docs/elimination.md model) on mode levels");
    auto so = std::make_shared<SimOptions>();
    sim->add_option("--mode", so->mode, "levels, infinite or daily");
    sim->add_option("--levels", so->levels, "level range A..B (levels/infinite)");
    sim->add_option("--date", so->date, "UTC date YYYY-MM-DD (daily)");
    sim->add_option("--players", so->players, "simulated players per level");
    sim->add_option("--skill", so->skill, "skill range LO..HI in 0..1, drawn uniformly per player");
    add_seed_option(*sim, "--seed", so->seed, "seed of the players (and of the infinite run)");
    sim->add_option("--words", so->words_file, "word list instead of the English asset");
    sim->add_flag("--json", so->json, "print JSON");
    sim->add_flag("--log", so->log, "with --json: every player's action log");
    sim->add_option("--fitness", so->fitness, "generator fitness: short-visible (default) or equation3");
    sim->callback([so] { cmd_simulate(*so); });
}

}  // namespace

void register_words(CLI::App& app) {
    CLI::App* words = app.add_subcommand("words", "Elimination word mode: analysis, generation, levels");
    words->require_subcommand(1);
    register_words_analyze(words);
    register_words_gen(words);
    register_words_levels(words);
    register_words_simulate(words);
}

}  // namespace sawtooth::lab
