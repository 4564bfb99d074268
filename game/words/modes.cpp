#include "game/words/modes.hpp"
#include "gen/error.hpp"
#include "gen/printable.hpp"

#include <stdexcept>

#include "gen/hash.hpp"
#include "gen/rng.hpp"

namespace sawtooth::words {

namespace {
constexpr int kMinYear = 1970;
constexpr int kMaxYear = 9999;

int digits(std::string_view s) {
    int v = 0;
    for (char c : s) v = v * 10 + (c - '0');
    return v;
}
}  // namespace

bool is_valid_utc_date(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
        if (s[i] < '0' || s[i] > '9') return false;
    const int y = digits(s.substr(0, 4)), m = digits(s.substr(5, 2)), d = digits(s.substr(8, 2));
    if (y < kMinYear || y > kMaxYear || m < 1 || m > 12 || d < 1) return false;
    static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= kDays[m - 1] + ((m == 2 && leap) ? 1 : 0);
}

std::uint64_t daily_seed(std::string_view utc_date) {
    if (!is_valid_utc_date(utc_date))
        throw Error("date must be a real UTC date written YYYY-MM-DD, got '" + printable(utc_date) + "'");
    return mix_seed(kDailySalt, fnv1a64(utc_date));
}

ModeLevel levels_mode_level(int level, std::uint64_t mode_seed) {
    ModeLevel m;
    m.mode = Mode::Levels;
    m.level = level;
    m.params = levels_mode_params(level);
    m.seed = mix_seed(mode_seed, static_cast<std::uint64_t>(level));
    m.root_seed = mode_seed;
    return m;
}

ModeLevel infinite_mode_level(std::uint64_t run_seed, int level) {
    ModeLevel m;
    m.mode = Mode::Infinite;
    m.level = level;
    m.params = infinite_mode_params(level);
    m.seed = mix_seed(mix_seed(kInfiniteSalt, run_seed), static_cast<std::uint64_t>(level));
    m.root_seed = run_seed;
    return m;
}

ModeLevel daily_mode_level(std::string_view utc_date) {
    ModeLevel m;
    m.mode = Mode::Daily;
    m.level = 1;
    m.params = params_for_difficulty(kDailyDifficulty);
    m.params.level = 1;
    m.seed = daily_seed(utc_date);
    m.date = std::string(utc_date);
    return m;
}

ModeLevel custom_mode_level() {
    ModeLevel m;
    m.mode = Mode::Custom;
    return m;
}

namespace {
void check_generated(const ModeLevel& level) {
    if (level.mode == Mode::Custom) throw Error("a custom level is made by hand, not generated");
}
}  // namespace

std::vector<ModeLevel> earlier_levels(const ModeLevel& level) {
    std::vector<ModeLevel> out;
    if (level.mode == Mode::Daily || level.mode == Mode::Custom) return out;
    const int first =
        level.mode == Mode::Levels ? 1 : (level.level - 1) / kInfiniteChainLevels * kInfiniteChainLevels + 1;
    for (int k = first; k < level.level; ++k) {
        ModeLevel e = level.mode == Mode::Levels ? levels_mode_level(k, level.root_seed)
                                                 : infinite_mode_level(level.root_seed, k);
        e.params.gen.fitness = level.params.gen.fitness;  // a tool's --fitness applies to the whole run
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<GeneratedLevel> generate_mode_run(const Dictionary& dict, const ModeLevel& level,
                                              const GaSettings& settings) {
    check_generated(level);
    std::vector<GeneratedLevel> out;
    ChallengeHistory history;
    for (const ModeLevel& e : earlier_levels(level)) {
        out.push_back(generate_level(dict, e.params, e.seed, settings, history));
        history.add(dict, out.back());
    }
    out.push_back(generate_level(dict, level.params, level.seed, settings, history));
    return out;
}

GeneratedLevel generate_mode_level(const Dictionary& dict, const ModeLevel& level,
                                   const GaSettings& settings) {
    return std::move(generate_mode_run(dict, level, settings).back());
}

const GeneratedLevel& ModeRunCache::level(const Dictionary& dict, const ModeLevel& level) {
    check_generated(level);
    std::vector<ModeLevel> chain = earlier_levels(level);
    chain.push_back(level);
    Run& run = m_runs[RunKey{level.mode, chain.front().seed, level.params.gen.fitness}];
    while (run.levels.size() < chain.size()) {
        const ModeLevel& next = chain[run.levels.size()];
        GeneratedLevel made = generate_level(dict, next.params, next.seed, {}, run.history);
        run.history.add(dict, made);
        run.levels.push_back(std::move(made));
        ++m_generated;
    }
    return run.levels[chain.size() - 1];
}

const char* mode_name(Mode m) {
    switch (m) {
        case Mode::Levels:
            return "levels";
        case Mode::Infinite:
            return "infinite";
        case Mode::Daily:
            return "daily";
        case Mode::Custom:
            return "custom";
    }
    return "?";
}

Mode parse_mode(std::string_view name) {
    if (name == "levels") return Mode::Levels;
    if (name == "infinite") return Mode::Infinite;
    if (name == "daily") return Mode::Daily;
    throw Error("mode must be levels, infinite or daily, got '" + printable(name) + "'");
}

}  // namespace sawtooth::words
