#pragma once
// Verification of the difficulty model (thesis 5.2-5.4): random train/verify partitions
// of the sessions, a challenge model fitted on each training set, predicted difficulty of
// every level, regression of deaths on difficulty with t-score and p-value, the
// histogram accuracy, all overall and per skill group (GOOD / AVERAGE / BAD = player
// score terciles); plus the minimum training-set size analysis of 5.2. Definitions:
// docs/difficulty.md. Randomness: gen/rng.hpp from VerifySettings::seed.

#include "telemetry/analysis/bootstrap.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/statistics.hpp"
#include "telemetry/analysis/study.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// Skill groups of thesis 5.4, plus ALL.
enum class Group : int { All = 0, Good = 1, Average = 2, Bad = 3 };
inline constexpr int kGroupCount = 4;
/// "ALL", "GOOD", "AVERAGE", "BAD".
const char* group_name(Group g);

/// Verification settings (thesis defaults).
struct VerifySettings {
    int partitions = 25;          ///< random train/verify partitions
    int train_sessions = 25;      ///< sessions in each training set (thesis 5.2: >= 25)
    std::uint64_t seed = 1;       ///< partition randomness
    int difficulty_bins = 10;     ///< equal bins of predicted difficulty on [0, 1] (Fig. 5.4)
    int min_levels_per_bin = 2;   ///< bins used by the accuracy need this many levels in both sets
    HistogramSettings histogram;  ///< challenge-model histogram
};

/// Fewest training sessions the split accepts (thesis 5.2).
inline constexpr int kMinTrainSessions = 25;

/// A player's score (thesis 5.4): successful traces / traces over all their levels.
struct PlayerScore {
    std::string participant;
    int traces = 0;
    int successes = 0;
    double score = 0.0;
    Group group = Group::Average;
};

/// Scores and terciles: sorted by score, best first; rank r of n gets GOOD when
/// 3r < n, AVERAGE when 3r < 2n, else BAD.
std::vector<PlayerScore> player_scores(const StudyData& data);

/// One level's prediction within a partition.
struct LevelPoint {
    double difficulty = 0.0;
    int deaths = 0;
    Group group = Group::Average;
    bool training = false;
};

/// Statistics of one group in one partition.
struct GroupPartition {
    Regression regression;    ///< deaths on difficulty over the group's verification levels
    double accuracy = -1.0;   ///< -1 when undefined (see histogram_accuracy)
    DeathHistogram training;  ///< mean deaths per difficulty bin, training levels
    DeathHistogram verification;
};

/// One partition.
struct PartitionResult {
    bool ok = false;    ///< the training set could be fitted
    std::string error;  ///< why not
    ChallengeModel model;
    std::vector<LevelPoint> levels;
    std::array<GroupPartition, kGroupCount> groups;
};

/// Averages of one group over the partitions that produced a value.
struct GroupSummary {
    int partitions = 0;    ///< partitions with a valid regression
    double t_score = 0.0;  ///< mean t-score
    double t_score_sd = 0.0;
    double p_value = 1.0;  ///< mean of the per-partition two-tailed p-values
    double p_value_max = 1.0;
    double p_of_mean_t = 1.0;  ///< two-tailed p of the mean t at the mean degrees of freedom
    double slope = 0.0;        ///< mean slope (deaths per unit difficulty)
    double accuracy = -1.0;    ///< mean over partitions with a defined accuracy; -1 if none
    int accuracy_partitions = 0;
    double verify_levels = 0.0;  ///< mean number of verification levels
    std::vector<double>
        mean_deaths_training;  ///< per difficulty bin, averaged over partitions with levels there
    std::vector<double> mean_deaths_verification;
    std::vector<double> levels_training;  ///< mean level counts per bin
    std::vector<double> levels_verification;
};

/// Everything `model verify` reports.
struct VerifyResult {
    VerifySettings settings;
    int sessions = 0;
    int verify_sessions = 0;
    std::vector<PlayerScore> players;
    std::vector<PartitionResult> partitions;
    std::array<GroupSummary, kGroupCount> groups;
    int failed_partitions = 0;
};

/// Runs the partitions. Throws ModelError when the data has fewer than
/// train_sessions + 1 sessions or train_sessions < kMinTrainSessions.
VerifyResult verify_model(const StudyData& data, const VerifySettings& settings = {});

/// Participant-level bootstrap of the verification (docs/difficulty.md "Intervals"): whole
/// participants (all their sessions) resampled with replacement; per replicate the model of
/// all its sessions and a verification with `partitions` partitions.
struct VerifyBootstrapSettings {
    /// 200 replicates: each runs a verification, so this is the cost; the 5th/95th
    /// percentiles of 200 values move by about 0.05 of the interval's width between seeds.
    BootstrapSettings bootstrap{200, 0.90, 1};
    /// Partitions per replicate: 5, not the verification's 25. The interval is about which
    /// participants were recruited; more partitions only average the split within a
    /// replicate (they would narrow the t interval a little, so 5 errs on the wide side).
    int partitions = 5;
    int threads = 2;
};

/// Intervals of the figures `model verify` prints: the model of all sessions (c0, t_timing,
/// j, t_cycle) and, for group ALL, the mean t-score, mean p-value and mean accuracy.
struct VerifyIntervals {
    VerifyBootstrapSettings settings;
    std::array<Interval, 4> coefficients;
    Interval t_score, p_value, accuracy;
};

/// Names of VerifyIntervals::coefficients in order.
inline constexpr std::array<const char*, 4> kModelCoefficientNames{"c0", "t_timing", "j", "t_cycle"};

/// Runs the bootstrap; the estimates are those of the full data (verify with
/// `settings.partitions`). Throws ModelError as verify_model and check_bootstrap_settings do.
VerifyIntervals bootstrap_verification(const StudyData& data, const VerifySettings& settings,
                                       const VerifyBootstrapSettings& bootstrap);

/// Thesis 5.2: models fitted on random subsets of n sessions against the model of all
/// sessions; error = sum over the 60 bin centres of (f_ref - f_n)^2, threshold 60 d^2.
struct TrainingSizePoint {
    int sessions = 0;
    int fits = 0;             ///< subsets that could be fitted (of `repeats`)
    double mean_error = 0.0;  ///< over the fitted subsets
    double max_error = 0.0;
};
struct TrainingSizeResult {
    double d = 0.02;
    double threshold = 0.0;  ///< n_bins * d^2 (0.024 for 60 bins)
    std::vector<TrainingSizePoint> points;
    int minimum_sessions = -1;  ///< smallest n from which every larger n stays under the threshold; -1 none
};
TrainingSizeResult training_size_analysis(const StudyData& data, const ChallengeModel& reference,
                                          int step = 5, int repeats = 10, std::uint64_t seed = 2,
                                          double d = 0.02, const HistogramSettings& histogram = {});

}  // namespace sawtooth::analysis
