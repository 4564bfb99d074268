#pragma once
// Elimination rules of play as a deterministic state machine (SPEC §E, paper §II). Driven
// only by explicit actions stamped with 1/60 s ticks, never by a clock, so a recorded
// action list replays to identical results. No drawing, input devices or storage here:
// a screen turns clicks/keys into actions, a recorder stores log().

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gen/words/challenge_gen.hpp"
#include "gen/words/dictionary.hpp"

namespace sawtooth::words {

/// Simulation ticks per second (shared with the platformer).
inline constexpr int kTicksPerSecond = 60;
/// Seconds for challenge 1; challenge n gets 30 / (1 + (n - 1) / 5) s (paper eq. 1).
inline constexpr int kChallengeBaseSeconds = 30;
/// Divisor of eq. 1: every 5 challenges add one more base share of speed-up.
inline constexpr int kChallengeTimeDivisor = 5;
/// Score multiplier of a kept 2X letter.
inline constexpr int kTwoXMultiplier = 2;

/// Ticks for challenge `number` (1-based): eq. 1 rounded to the nearest tick (1800 for n = 1).
std::uint32_t challenge_time_ticks(int number);

/// One player input. index is an original letter position, letter is a-z or A-Z.
enum class ActionKind : std::uint8_t {
    Click,  ///< remove the letter at `index`
    Type,   ///< remove the leftmost remaining occurrence of `letter`
    Reset,  ///< restore all letters (the timer keeps running)
    Tick,   ///< time passes to `tick` (logged only when it ended a challenge by timeout)
};

/// A stamped action. Ticks must not decrease within one log.
struct Action {
    std::uint32_t tick = 0;
    ActionKind kind = ActionKind::Tick;
    int index = -1;
    char letter = 0;

    static Action click(std::uint32_t tick, int index) { return {tick, ActionKind::Click, index, 0}; }
    static Action type(std::uint32_t tick, char letter) { return {tick, ActionKind::Type, -1, letter}; }
    static Action reset(std::uint32_t tick) { return {tick, ActionKind::Reset, -1, 0}; }
    static Action wait(std::uint32_t tick) { return {tick, ActionKind::Tick, -1, 0}; }
    bool operator==(const Action&) const = default;
};

/// What applying one action did.
enum class Outcome : std::uint8_t {
    Ignored,   ///< no effect (letter absent, not playing, in a transition, tick went backwards)
    Removed,   ///< a letter went, no word yet
    Restored,  ///< reset brought the letters back
    Solved,    ///< the remaining letters form a word: challenge over
    TimedOut,  ///< the challenge's time ran out at or before this tick
};

/// State of one challenge.
enum class ChallengeStatus : std::uint8_t { Playing, Solved, TimedOut };

/// One challenge in progress.
class ChallengePlay {
public:
    /// `number` is 1-based (sets the time limit); the timer starts at `start_tick`.
    /// `dict` must outlive the object. Throws sawtooth::Error unless the letters are
    /// 1..kMaxChallengeLength a-z.
    ChallengePlay(const Dictionary& dict, Challenge challenge, int number, std::uint32_t start_tick);

    /// Removes the letter at original position `index` if still there.
    Outcome click(int index, std::uint32_t tick);
    /// Removes the leftmost remaining occurrence of `letter` (either case).
    Outcome type(char letter, std::uint32_t tick);
    /// Brings every letter back; the timer is not restarted.
    Outcome reset(std::uint32_t tick);
    /// Advances time; returns TimedOut exactly once, when the deadline passes.
    Outcome tick(std::uint32_t now);

    ChallengeStatus status() const { return m_status; }
    const Challenge& challenge() const { return m_challenge; }
    int number() const { return m_number; }
    /// Letters shown at the start (lower-case), original positions.
    const std::string& letters() const { return m_challenge.letters; }
    /// True if the letter at original position i has not been removed.
    bool present(int i) const { return (m_kept >> i & 1u) != 0; }
    /// True if original position i carries the 2X bonus.
    bool is_two_x(int i) const { return i == m_challenge.two_x; }
    /// Original positions still present, left to right (map screen slots through this).
    std::vector<int> remaining_indices() const;
    /// Letters still present, in order (lower-case).
    std::string remaining() const;
    /// Bit i set = position i present.
    std::uint32_t kept_mask() const { return m_kept; }
    /// The word the challenge ended on, empty unless Solved.
    const std::string& solved_word() const { return m_word; }
    /// Score of the solved word: length, doubled with the 2X letter kept; 0 otherwise.
    int score() const { return m_score; }
    /// True if the solved word kept the 2X letter.
    bool two_x_kept() const { return m_two_x_kept; }
    std::uint32_t start_tick() const { return m_start; }
    std::uint32_t time_limit_ticks() const { return m_limit; }
    std::uint32_t deadline_tick() const { return m_start + m_limit; }
    /// Ticks left at `now` (0 once over or past the deadline).
    std::uint32_t ticks_left(std::uint32_t now) const;
    /// Tick the challenge ended (solve tick or deadline); meaningful once not Playing.
    std::uint32_t end_tick() const { return m_end; }
    int clicks() const { return m_clicks; }
    int resets() const { return m_resets; }

private:
    bool expire(std::uint32_t tick);
    Outcome remove(int index, std::uint32_t tick);

    const Dictionary* m_dict;
    Challenge m_challenge;
    int m_number;
    std::uint32_t m_start;
    std::uint32_t m_limit;
    std::uint32_t m_full;
    std::uint32_t m_kept;
    std::uint32_t m_last_tick;
    std::uint32_t m_end = 0;
    ChallengeStatus m_status = ChallengeStatus::Playing;
    std::string m_word;
    int m_score = 0;
    bool m_two_x_kept = false;
    int m_clicks = 0;
    int m_resets = 0;
};

/// Level settings.
struct LevelPlaySettings {
    /// Pause after a solved challenge before the next one's timer starts (screen feedback);
    /// actions during it are ignored.
    std::uint32_t transition_ticks = 30;
};

/// Summary of one challenge of a level (what a recorder stores).
struct ChallengeResult {
    int number = 0;  ///< 1-based
    std::string letters;
    int two_x = -1;
    ChallengeStatus status = ChallengeStatus::Playing;
    std::string word;  ///< empty unless solved
    int score = 0;
    bool two_x_kept = false;
    std::uint32_t kept_mask = 0;
    std::uint32_t start_tick = 0;
    std::uint32_t end_tick = 0;
    int clicks = 0;
    int resets = 0;
};

/// State of a level.
enum class LevelStatus : std::uint8_t { Playing, Complete, TimedOut };

/// A level of up to kChallengesPerLevel challenges: ends at the last word or a timeout.
class LevelPlay {
public:
    /// `dict` must outlive the object; the first challenge's timer starts at `start_tick`.
    LevelPlay(const Dictionary& dict, std::vector<Challenge> challenges, std::uint32_t start_tick = 0,
              LevelPlaySettings settings = {});

    /// Applies any action (and logs it unless it is a Tick that changed nothing).
    Outcome apply(const Action& a);
    Outcome click(int index, std::uint32_t tick) { return apply(Action::click(tick, index)); }
    Outcome type(char letter, std::uint32_t tick) { return apply(Action::type(tick, letter)); }
    Outcome reset(std::uint32_t tick) { return apply(Action::reset(tick)); }
    /// Call every frame: detects the timeout of the current challenge.
    Outcome tick(std::uint32_t now) { return apply(Action::wait(now)); }

    LevelStatus status() const { return m_status; }
    /// The challenge on screen (the last one once the level is over).
    const ChallengePlay& current() const { return m_current; }
    /// 0-based index of the current challenge.
    int current_index() const { return m_index; }
    int challenge_count() const { return static_cast<int>(m_challenges.size()); }
    /// True while the pause after a solve runs (the next challenge shows but is not live).
    bool in_transition(std::uint32_t now) const { return now < m_current.start_tick(); }
    /// Results of every finished challenge, in order.
    const std::vector<ChallengeResult>& results() const { return m_results; }
    int total_score() const { return m_total; }
    int words_found() const { return m_words; }
    /// Every action given (Ticks only when they timed a challenge out): replay input.
    const std::vector<Action>& log() const { return m_log; }
    /// FNV-1a over the results: equal hashes = identical outcome (replay verification).
    std::uint64_t result_hash() const;

private:
    void finish_current(std::uint32_t tick);

    const Dictionary* m_dict;
    std::vector<Challenge> m_challenges;
    LevelPlaySettings m_settings;
    int m_index = 0;
    ChallengePlay m_current;
    LevelStatus m_status = LevelStatus::Playing;
    std::vector<ChallengeResult> m_results;
    std::vector<Action> m_log;
    int m_total = 0;
    int m_words = 0;
};

/// Replays `actions` on a fresh level (same dictionary, challenges, start tick, settings).
LevelPlay replay_level(const Dictionary& dict, std::vector<Challenge> challenges,
                       const std::vector<Action>& actions, std::uint32_t start_tick = 0,
                       LevelPlaySettings settings = {});

/// Text form of an action log, one action a line: "<tick> c <index>", "<tick> t <letter>",
/// "<tick> r", "<tick> w".
std::string format_action_log(const std::vector<Action>& actions);
/// Parses format_action_log output; throws sawtooth::Error("line N: ...").
std::vector<Action> parse_action_log(std::string_view text);

}  // namespace sawtooth::words
