#pragma once
// Study power by simulation (docs/difficulty.md "Study power"): a large synthetic population
// (power_population.hpp) stands in for the people a study could recruit; replicate studies of
// N participants are drawn from it with replacement, and each is analysed as the thesis
// analyses its one study. Per N: the distribution of the challenge model's three
// coefficients (median, percentile interval, sign fractions), the power of the test that
// deaths rise with predicted difficulty, and the model's accuracy; for a design of two
// conditions, the power to detect the difference in deaths between them. Deterministic:
// replicate r of size N draws from mix_seed(seed, N, r), whatever the thread count.

#include "telemetry/analysis/bootstrap.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/statistics.hpp"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// One level one population participant played in one condition.
struct PopulationLevel {
    int condition = 0;  ///< index into Population::conditions
    int position = 0;   ///< 0-based, in the condition's play order
    int level_index = 0;
    int deaths = 0;
    bool skipped = false;
    std::vector<Sample> traces;                   ///< mapped event traces
    std::string level_key;                        ///< same key, same level (pack levels are shared)
    std::shared_ptr<const ChallengeGraph> graph;  ///< the level's model-free G'
};

/// One synthetic participant: a skill and their plays of every condition.
struct PopulationParticipant {
    std::string skill;  ///< bot::describe of the drawn skill
    std::vector<PopulationLevel> levels;
};

/// What a population file holds.
struct Population {
    std::uint64_t seed = 1;
    std::vector<std::string> conditions;  ///< "drawn" or "pack:<file name>", in design order
    std::vector<PopulationParticipant> participants;
};

/// Which way the named difference in deaths between two conditions goes.
enum class Expect : std::uint8_t { Higher, Lower };

/// How the replicate studies are drawn and tested, with the reasons for the defaults.
struct PowerSettings {
    std::vector<int> sizes{10, 20, 30, 53, 80, 120};  ///< N per study (53: the thesis' study)
    /// 400 replicates: a power of 0.8 is then known to about +-0.03 (binomial standard error).
    int replicates = 400;
    double alpha = 0.05;  ///< significance level of each replicate's test (two-sided)
    double level = 0.90;  ///< central interval of the replicate distributions
    std::uint64_t seed = 1;
    int condition = 0;  ///< the condition whose levels the model analysis uses
    /// Two-condition designs: the named difference is mean deaths per level of `compare`
    /// minus those of `condition`, expected `expect`. -1: single-condition design.
    int compare = -1;
    Expect expect = Expect::Higher;
    int threads = 2;  ///< the machine is shared
    int difficulty_bins = 10;
    int min_levels_per_bin = 2;
    HistogramSettings histogram;
};

/// Fractions of replicates whose coefficient is negative, positive, or could not be fitted;
/// they sum to 1.
struct SignFractions {
    double negative = 0.0, positive = 0.0, no_fit = 0.0;
};

/// One replicate study, analysed.
struct ReplicateResult {
    bool fitted = false;  ///< the model of all N could be fitted
    Coefficients coefficients;
    bool tested = false;  ///< the train half fitted and the verification regression is valid
    Regression deaths;    ///< deaths on predicted difficulty, verification half
    double accuracy = -1.0;
};

/// The figures of one study size.
struct SizeFigures {
    int n = 0;
    int replicates = 0;
    int fitted = 0;
    std::array<Interval, 3> coefficients;  ///< t_timing, j, t_cycle: median and interval
    std::array<SignFractions, 3> signs;
    double power = 0.0;  ///< fraction of replicates with slope > 0 and p < alpha
    Interval t_score;
    Interval accuracy;
    // Two-condition designs only:
    double difference_power = 0.0;  ///< fraction with the expected sign and p < alpha (Welch)
    Interval difference;            ///< compare - condition, mean deaths per level
};

/// Participants per condition for a power, estimated with its interval: n, lo and hi are
/// +infinity where no N reaches it (the difference is 0 or in the other direction).
struct SampleSize {
    double n = 0.0;
    double lo = 0.0, hi = 0.0;  ///< the bootstrap interval of n
    int replicates = 0;         ///< bootstrap replicates behind the interval
};

/// Everything `sawtooth-lab power` reports.
struct PowerResult {
    PowerSettings settings;
    int population = 0;
    /// The model fitted on every population participant: what the replicates scatter around.
    std::optional<Coefficients> population_model;
    std::vector<SizeFigures> sizes;
    /// Smallest N of settings.sizes from which on every larger size the power is >= 0.8; 0 when none.
    int n_for_80 = 0;
    int n_for_80_difference = 0;
    /// Two-condition designs: N for 80 % power by the normal approximation, with the
    /// population's participant bootstrap interval (difference_sample_size).
    std::optional<SampleSize> difference_n_for_80;
};

/// Names of the three coefficients, in SizeFigures::coefficients order.
inline constexpr std::array<const char*, 3> kCoefficientNames{"t_timing", "j", "t_cycle"};

/// Analyses one replicate: `picked` participants (indices, repeats allowed); the first half
/// (rounded up) trains the model of the deaths test, the rest verifies it.
ReplicateResult analyse_replicate(const Population& population, const std::vector<std::size_t>& picked,
                                  const PowerSettings& settings);

/// Welch's two-sample t-test of mean(b) - mean(a); p two-sided. Invalid with fewer than 2
/// values on a side or no variance at all.
struct WelchTest {
    bool valid = false;
    double difference = 0.0;
    double t = 0.0;
    double dof = 0.0;
    double p = 1.0;
};
WelchTest welch_test(const std::vector<double>& a, const std::vector<double>& b);

/// Power of the two-sample test on values drawn with replacement, n per side, from `a` and
/// `b`: the fraction of `replicates` in which the difference has the expected sign and
/// p < alpha; `difference` gets the replicate differences' median and interval.
double difference_power(const std::vector<double>& a, const std::vector<double>& b, int n,
                        const PowerSettings& settings, Interval* difference = nullptr);

/// N per condition at which the test of difference_power reaches `target` power, by the
/// normal approximation of Welch's test: N = ((z_{1-alpha/2} + z_target) / e)^2 rounded up,
/// e = the difference in the expected direction / sqrt(var a + var b), a[i] and b[i] being
/// participant i's mean deaths in the two conditions. The population is itself a sample, so
/// N comes with the interval of its participant bootstrap (participants resampled with both
/// their values; `bootstrap`'s replicates, seed and level).
SampleSize difference_sample_size(const std::vector<double>& a, const std::vector<double>& b, double target,
                                  const PowerSettings& settings, const BootstrapSettings& bootstrap);

/// Mean deaths per level of each participant in `condition` (participants without levels there: 0).
std::vector<double> mean_deaths(const Population& population, int condition);

/// Runs every size. Throws ModelError for bad settings (a size < 2, replicates < 1, alpha or
/// level outside (0, 1), a condition the population does not have) or an empty population.
/// `on_replicate` (may be empty) is called after each replicate from any thread.
PowerResult study_power(const Population& population, const PowerSettings& settings,
                        const std::function<void()>& on_replicate = {});

/// The result as JSON (settings, per size: coefficients with sign fractions, power, t,
/// accuracy, difference), as `power --out` writes it.
nlohmann::json power_to_json(const PowerResult& result, const Population& population);

}  // namespace sawtooth::analysis
