#pragma once
// Analysis of recorded Elimination sessions (paper §IV; definitions in docs/elimination.md):
// the level regression normalizedScore ~ min(corpusFreq) + maxSeq + targetLength + num2X +
// min(sourceWord) over Levels-mode levels, the word regression selectionRate ~ wordLength +
// maxSequence + has2X + splitDistance + firstOccurrence + dirtyWord over every reachable
// word of every challenge shown, and the figures of Fig. 2-3 (challenges solved per
// player, players per level, intended vs observed difficulty). Reads only; never writes.

#include "gen/words/dictionary.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/session_selection.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// One coefficient of a multiple regression.
struct Coefficient {
    std::string name;
    double estimate = 0.0;
    double se = 0.0;       ///< sqrt of the diagonal of s^2 (X'X)^-1
    double t = 0.0;        ///< estimate / se
    double p_value = 1.0;  ///< two-tailed, Student's t with n - k dof
};

/// Ordinary least squares y = b0 + sum b_j x_j (Eigen, column-pivoting QR).
struct WordsRegression {
    std::string formula;
    int n = 0;    ///< observations
    int dof = 0;  ///< n - parameters
    double r2 = 0.0;
    double adjusted_r2 = 0.0;
    std::vector<Coefficient> coefficients;  ///< "(intercept)" first
    std::vector<std::string> dropped;       ///< regressors left out because constant in the data
};

/// Fits y on the columns of x (one vector per regressor, each of y's size). Regressors
/// constant over the data are dropped (listed in `dropped`). Throws sawtooth::Error
/// when n <= kept regressors + 1 or they are collinear (the message names the problem).
/// R^2 = 1 - RSS/TSS (0 when y is constant).
WordsRegression fit_ols(const std::string& formula, const std::vector<std::string>& names,
                        const std::vector<std::vector<double>>& x, const std::vector<double>& y);

/// Aggregate of one Levels-mode level over its plays.
struct WordsLevelSummary {
    int level = 0;
    double difficulty = 0.0;  ///< intended (the sawtooth)
    double band_lo = 0.0;     ///< min(corpusFreq) as a rank percentile (higher = rarer words)
    int max_seq = 0, target_length = 0, num2x = 0, min_source = 0;
    int plays = 0;
    int players = 0;  ///< distinct participants
    double mean_normalized_score = 0.0;
    double mean_words = 0.0;
    double timeout_rate = 0.0;
    int max_score = 0;  ///< best possible level score (normalisation)
};

/// Every reachable word of one challenge shown, with its selection rate.
struct WordSelection {
    std::string letters;
    std::string word;
    int shown = 0;     ///< plays that reached the challenge
    int selected = 0;  ///< of those, how many ended on this word
    int length = 0, max_sequence = 0, split_distance = 0, first_occurrence = 0;
    bool has_two_x = false, dirty = false;
};

/// Everything analyze-study and the report print.
struct WordsStudyAnalysis {
    int word_levels = 0;  ///< ended Levels-mode word levels analysed
    int skipped = 0;      ///< word levels left out (other modes, quit or never ended, unknown challenges)
    int players = 0;
    std::vector<int> solved_per_player;  ///< challenges solved, one entry per participant
    std::vector<WordsLevelSummary> levels;
    std::vector<WordSelection> selections;
    WordsRegression score_model;
    WordsRegression selection_model;
    std::string score_model_error;      ///< why the level regression could not be fitted ("" = fitted)
    std::string selection_model_error;  ///< same for the word regression
};

/// Best score a challenge allows: max over reachable word states of length x 2 if the 2X
/// letter is kept.
int best_challenge_score(const words::Dictionary& dict, const std::string& letters, int two_x);

/// Reads every word level of the sessions `selection` takes (default: all) and fits both regressions
/// (`dict_hash`: see telemetry::dictionary_text_hash; levels are regenerated when it and the generator
/// version match, else their stored challenges are used). Throws sawtooth::Error
/// ("... holds no word sessions") when there is nothing to analyse.
WordsStudyAnalysis analyze_words_study(telemetry::Store& store, const words::Dictionary& dict,
                                       std::uint64_t dict_hash,
                                       const telemetry::SessionSelection& selection = {});

}  // namespace sawtooth::analysis
