#pragma once
// Elimination challenge builder (docs/elimination.md §12), without a screen: a level being built
// (its challenges' letters and 2X positions), edit operations with undo/redo, and the live
// analysis of a challenge from the same code the generator and `sawtooth-lab words
// analyze` use: the state-space analysis (reachable and unreachable words, dead ends,
// minimum clicks), eq. 3 fitness, the designer constraints' counts, and profane or
// uncommon words by the constraints' rank percentile. No drawing, input devices or files:
// the builder screen (game/app/words/words_builder_screen) drives it, and the text it saves is
// game/words/level_file.hpp's.
//
// Lives in game/words (sim), not gen/words: what it builds is a level to play
// (LevelPlay's challenges), like the action log of play.hpp; gen/words only generates.

#include <cstddef>
#include <string>
#include <vector>

#include "gen/words/challenge_gen.hpp"
#include "gen/words/dictionary.hpp"
#include "gen/words/reachable_rules.hpp"
#include "gen/words/state_space.hpp"

namespace sawtooth::words {

/// What the live analysis measures against (the generator's figures for these settings).
struct DraftAnalysisSettings {
    int max_seq = 3;                                    ///< eq. 3's long/short split (maxSeq)
    FitnessRule fitness = FitnessRule::ShortVisible;    ///< eq. 3 as the generator uses it
    double common_rank = kDefaultCommonRankPercentile;  ///< uncommon = rank percentile at or above this
    int dead_end_examples = 6;                          ///< dead ends to list (the nearest the start)
};

/// One word of the challenge, as the builder shows it.
struct DraftWord {
    std::string word;            ///< lower-case
    bool reachable = false;      ///< play can end on it
    int min_clicks = -1;         ///< clicks to reach it (-1 when unreachable)
    bool profane = false;        ///< flagged by the word list
    bool uncommon = false;       ///< rank percentile >= settings.common_rank (unranked words too)
    double rank_percentile = 0;  ///< 0 = most frequent, 100 = not in the frequency list
    bool keeps_two_x = false;    ///< its most visible reachable embedding keeps the 2X letter
    int score = 0;               ///< what ending on it scores (length, x2 with the 2X letter)
};

/// The live analysis of one challenge.
struct DraftAnalysis {
    StateSpace space;              ///< states, dead ends, reachable words (state_space.hpp)
    std::vector<DraftWord> words;  ///< every word, reachable ones first, then longest first
    double fitness = 0.0;          ///< eq. 3 under the settings' rule and maxSeq
    ReachableWordCounts counts;    ///< the designer constraints' counts (common = settings.common_rank)
    int profane_reachable = 0;     ///< reachable words flagged profane
    int uncommon_reachable = 0;    ///< reachable words flagged uncommon
    int best_score = 0;            ///< highest score a reachable word gives
    /// Dead-end states with the most letters left (the first traps a player can fall into),
    /// as their letters, most letters first, then by mask descending.
    std::vector<std::string> dead_ends;
    std::vector<std::string> problems;  ///< why the challenge is not a good one ("" = none)
};

/// Analyses `challenge` (letters may be empty: an empty analysis with one problem).
/// Precondition: letters are 0..kMaxChallengeLength a-z, two_x -1 or a position.
DraftAnalysis analyze_draft(const Dictionary& dict, const Challenge& challenge,
                            const DraftAnalysisSettings& settings = {});

/// The level being built and its edit history. Every edit that changes something can be
/// undone; a new edit after undo drops the redo steps. There is always a current challenge
/// (possibly empty); saving keeps only challenges with letters.
class LevelBuilder {
public:
    /// Undo steps kept (older ones are dropped).
    static constexpr std::size_t kMaxUndo = 500;

    /// Starts from `challenges` (none = one empty challenge); source words and figures are
    /// dropped, only letters and 2X positions are kept. Throws sawtooth::Error for
    /// more than kChallengesPerLevel challenges or invalid letters or 2X positions.
    explicit LevelBuilder(std::vector<Challenge> challenges = {});

    /// Appends a letter (a-z or A-Z) to the current challenge; false when it is not a
    /// letter or the challenge already has kMaxChallengeLength letters.
    bool type(char letter);
    /// Removes the last letter (its 2X mark too); false when there is none.
    bool erase();
    /// Puts the 2X letter at `position` (-1 = none); false when out of range or unchanged.
    bool set_two_x(int position);
    /// Moves the 2X letter one step (`step` -1 or +1) through none, 0, 1, ..., n-1, wrapping.
    bool move_two_x(int step);
    /// Inserts an empty challenge after the current one and makes it current; false at
    /// kChallengesPerLevel challenges.
    bool add_challenge();
    /// Removes the current challenge (the only one is emptied instead); false when there is
    /// nothing to remove.
    bool remove_challenge();
    /// Makes challenge `index` current (not an undo step); false when out of range.
    bool select(int index);

    bool undo();
    bool redo();
    bool can_undo() const { return !m_undo.empty(); }
    bool can_redo() const { return !m_redo.empty(); }

    const std::vector<Challenge>& challenges() const { return m_state.challenges; }
    const Challenge& current() const { return m_state.challenges[static_cast<std::size_t>(m_state.current)]; }
    int current_index() const { return m_state.current; }
    /// The challenges that have letters, in order: what is saved and played.
    std::vector<Challenge> level() const;

private:
    struct State {
        std::vector<Challenge> challenges;
        int current = 0;
    };
    Challenge& edit();  ///< the current challenge, after saving an undo step
    void push_undo();

    State m_state;
    std::vector<State> m_undo, m_redo;
};

}  // namespace sawtooth::words
