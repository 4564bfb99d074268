#pragma once
// Elimination modes: which parameters and seed each mode's level uses. Levels = the fixed
// 30-level sawtooth with one seed for everyone; Infinite = rising difficulty, one run seed
// chosen by the caller; Daily = one level whose seed comes from a UTC date string the
// caller supplies (this layer never reads a clock). A level is generated with the earlier
// levels its player meets before it, so that none of its challenges nearly repeats theirs
// (gen/words/challenge_similarity.hpp).

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "gen/words/dictionary.hpp"
#include "gen/words/level_table.hpp"

namespace sawtooth::words {

/// Game modes of Elimination. Custom: a hand-made level (the challenge builder's word-level
/// file, game/words/level_file.hpp); it is never generated, its challenges come with it.
enum class Mode : std::uint8_t { Levels, Infinite, Daily, Custom };

/// Seed of the Levels mode (same levels for every player): the paper's release date.
inline constexpr std::uint64_t kLevelsModeSeed = 20190123;
/// Salts so the three modes never share a stream.
inline constexpr std::uint64_t kInfiniteSalt = 0x696e66696e697465ull;
inline constexpr std::uint64_t kDailySalt = 0x6461696c79000000ull;
/// Intended difficulty of the Daily level (between Levels-mode levels 3 and 4).
inline constexpr double kDailyDifficulty = 2.5;

/// A level of some mode, ready to generate.
struct ModeLevel {
    Mode mode = Mode::Levels;
    int level = 1;
    LevelParams params;
    std::uint64_t seed = 0;
    std::uint64_t root_seed = 0;  ///< Levels: the mode seed; Infinite: the run seed; Daily: 0
    std::string date;             ///< Daily only: the "YYYY-MM-DD" it was made from
};

/// Infinite-mode levels avoid near-duplicates of the earlier levels of their block of this
/// many (levels 1-10, 11-20, ...): a level then costs at most this many generations, where
/// the whole run before it would cost ever more (docs/curation.md).
inline constexpr int kInfiniteChainLevels = 10;

/// Levels mode, level 1..kLevelCount (throws sawtooth::Error otherwise). `mode_seed`
/// exists for studies; players all use kLevelsModeSeed.
ModeLevel levels_mode_level(int level, std::uint64_t mode_seed = kLevelsModeSeed);
/// Infinite mode, level k >= 1 of the run seeded `run_seed`.
ModeLevel infinite_mode_level(std::uint64_t run_seed, int level);
/// Daily mode for a UTC date "YYYY-MM-DD" (throws sawtooth::Error if not a real date).
ModeLevel daily_mode_level(std::string_view utc_date);

/// Seed of a UTC date "YYYY-MM-DD": the same for everyone on that date.
std::uint64_t daily_seed(std::string_view utc_date);
/// True if `s` is a valid Gregorian date written "YYYY-MM-DD" (years 1970-9999).
bool is_valid_utc_date(std::string_view s);

/// A custom level (hand-made, not generated): mode Custom, level 1, seed 0.
ModeLevel custom_mode_level();

/// The levels whose challenges `level` must not nearly repeat, in play order: Levels mode
/// levels 1..level-1, Infinite the earlier levels of its block of kInfiniteChainLevels,
/// Daily and Custom none. They share `level`'s root seed and fitness rule.
std::vector<ModeLevel> earlier_levels(const ModeLevel& level);

/// Generates the earlier levels of `level` and then `level`, each avoiding near-duplicates of
/// the challenges before it (generate_level's history); returns them in play order, `level`
/// last. One call per run of levels costs one generation per level. Throws
/// sawtooth::Error for a Custom level (nothing to generate).
std::vector<GeneratedLevel> generate_mode_run(const Dictionary& dict, const ModeLevel& level,
                                              const GaSettings& settings = {});
/// Generates the 10 challenges of a mode level (the last of generate_mode_run).
GeneratedLevel generate_mode_level(const Dictionary& dict, const ModeLevel& level,
                                   const GaSettings& settings = {});

/// The levels generated so far, per run (Levels mode; an Infinite block; a Daily level), for
/// the game: a level whose earlier levels were made before costs one generation instead of
/// one per earlier level (Levels-mode level 30 alone costs 30). Same levels as
/// generate_mode_level. Not thread-safe; keeps every level it made until destroyed.
class ModeRunCache {
public:
    /// The generated level `level` (its earlier levels generated first when missing).
    /// Throws as generate_level does; the levels made before the throw stay cached (each is
    /// complete and correct).
    const GeneratedLevel& level(const Dictionary& dict, const ModeLevel& level);
    /// Levels generated since construction (each level of a run once).
    int generated() const { return m_generated; }

private:
    struct Run {
        std::vector<GeneratedLevel> levels;  ///< the run's levels in play order, from its first
        ChallengeHistory history;            ///< their challenges
    };
    /// A run: mode, seed of its first level, fitness rule.
    using RunKey = std::tuple<Mode, std::uint64_t, FitnessRule>;
    std::map<RunKey, Run> m_runs;
    int m_generated = 0;
};

/// "levels", "infinite", "daily", "custom". parse_mode reads the generated modes only (no
/// option names a custom level: it comes from a file) and throws sawtooth::Error on
/// others.
const char* mode_name(Mode m);
Mode parse_mode(std::string_view name);

}  // namespace sawtooth::words
