#pragma once
// Statistics of the verification (thesis 5.3-5.4): simple linear regression of deaths on
// predicted difficulty with the slope's standard error, t-score and two-tailed p-value
// (Student's t from Boost.Math, no table), and the histogram-agreement accuracy defined
// in docs/difficulty.md; Spearman's rank correlation (deaths by position, docs/difficulty.md §11).

#include <cstddef>
#include <optional>
#include <vector>

namespace sawtooth::analysis {

/// y = intercept + slope * x by ordinary least squares.
struct Regression {
    std::size_t n = 0;
    double intercept = 0.0;
    double slope = 0.0;
    double se_slope = 0.0;  ///< S_res / sqrt(sum (x - mean x)^2), S_res with n - 2 dof
    double t_score = 0.0;   ///< slope / se_slope
    double p_value = 1.0;   ///< two-tailed, Student's t with n - 2 dof
    double r2 = 0.0;
    bool valid = false;  ///< n >= 3 and x not constant
};

/// Fits the regression; invalid (p = 1, t = 0) when n < 3 or x is constant. A perfect
/// fit (S_res = 0) with a non-zero slope gives t = +-infinity and p = 0.
Regression regress(const std::vector<double>& x, const std::vector<double>& y);

/// Two-tailed p-value of a t-score with `dof` degrees of freedom: 2 (1 - F(|t|)).
double two_tailed_p(double t, double dof);

/// The standard normal distribution's q-quantile, q in (0, 1) (Boost.Math).
double normal_quantile(double q);

/// Equal-width bins on [0, 1] of predicted difficulty holding mean deaths (Fig. 5.4).
struct DeathHistogram {
    std::vector<int> levels;          ///< per bin
    std::vector<double> mean_deaths;  ///< per bin (0 where empty)
};

/// Bins (difficulty, deaths) pairs into `bins` equal bins on [0, 1] (1 in the last bin).
DeathHistogram death_histogram(const std::vector<double>& difficulty, const std::vector<double>& deaths,
                               int bins);

/// Accuracy of thesis 5.3 as defined in docs/difficulty.md: the training histogram of mean
/// deaths per difficulty bin used as the prediction for the verification levels,
///   accuracy = 1 - sum_b n_b |V_b - T_b| / sum_b n_b V_b
/// over bins b holding >= min_levels levels in both sets (n_b = verification levels in b,
/// V_b / T_b = mean deaths of verification / training levels in b), clamped to [0, 1].
/// Returns -1 when no bin qualifies or the verification levels have no deaths.
double histogram_accuracy(const DeathHistogram& training, const DeathHistogram& verification, int min_levels);

/// Spearman's rank correlation of paired values: Pearson's r of their ranks, tied values
/// taking their mean rank. nullopt when there are fewer than 2 pairs, the lengths differ or
/// either side is constant (no ranking to correlate).
std::optional<double> spearman_rho(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace sawtooth::analysis
