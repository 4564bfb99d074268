#pragma once
// The challenge model (thesis 4.5, 5.1): binary trace outcomes -> a 5 x 4 x 3 histogram of
// success rates over (t_timing, j, t_cycle) -> least-squares fits of a linear and an
// exponential function to the bins holding >= 10 traces. The linear fit is the model (as
// in the thesis); both errors are kept. Least squares via Eigen (column-pivoting QR);
// prediction is clamped to [0, 1] because it is a probability. Saved as versioned JSON.

#include "gen/error.hpp"
#include "telemetry/analysis/challenge_params.hpp"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// A model file or a fit that cannot be used; what() is one line.
class ModelError : public Error {
public:
    using Error::Error;
};

/// Written into model files; files of another version are refused.
inline constexpr int kModelFormatVersion = 1;
/// "format" field of model files.
inline constexpr const char* kModelFormatName = "sawtooth-challenge-model";

/// Reader limits: bins per histogram axis, bins in all, and any count (traces, samples).
inline constexpr int kMaxHistogramAxisBins = 1000;
inline constexpr int kMaxHistogramBins = 100000;
inline constexpr int kMaxModelCount = 1000000000;
/// Largest coefficient magnitude a model file may hold (fits give values below 10).
inline constexpr double kMaxModelCoefficient = 1e6;

/// Histogram axes of thesis 5.1 (Fig. 5.2).
struct HistogramSettings {
    int timing_bins = 5;
    double timing_lo = 0.0, timing_hi = 1.25;  ///< s
    int jump_bins = 4;
    double jump_lo = 0.0, jump_hi = 4.0;
    int cycle_bins = 3;
    double cycle_lo = 1.2, cycle_hi = 2.0;  ///< s
    int min_traces = 10;                    ///< bins with fewer traces are not fitted
};

/// One labelled measurement.
struct Sample {
    ChallengeParams params;
    bool success = false;
};

/// One histogram bin.
struct HistogramBin {
    int timing = 0, jump = 0, cycle = 0;  ///< bin indices
    int traces = 0;
    int successes = 0;
    double mean_timing = 0.0, mean_jumps = 0.0, mean_cycle = 0.0;  ///< centroid of its traces
    double rate() const { return traces > 0 ? static_cast<double>(successes) / traces : 0.0; }
};

/// The 3-D histogram.
struct Histogram {
    HistogramSettings settings;
    std::vector<HistogramBin> bins;  ///< index = (cycle * jump_bins + jump) * timing_bins + timing
    int outside = 0;                 ///< samples outside the axes' ranges (not binned)
    int samples = 0;

    /// Bin of a parameter vector, or -1 when outside the ranges (upper ends inclusive).
    int bin_of(const ChallengeParams& p) const;
    const HistogramBin& at(int timing, int jump, int cycle) const;
    /// Bins with >= min_traces traces: the fit's sample points.
    std::vector<const HistogramBin*> usable() const;
    /// Centre of a bin (j: the integer the bin holds) for the training-size analysis.
    ChallengeParams centre(int timing, int jump, int cycle) const;
};

/// Bins the samples.
Histogram build_histogram(const std::vector<Sample>& samples, const HistogramSettings& settings = {});

/// Coefficients of y = c0 + c1 t_timing + c2 j + c3 t_cycle (for the exponential model the
/// same form gives ln y).
struct Coefficients {
    double c0 = 0.0, t_timing = 0.0, j = 0.0, t_cycle = 0.0;
    double eval(const ChallengeParams& p) const {
        return c0 + t_timing * p.t_timing + j * p.jumps + t_cycle * p.t_cycle;
    }
};

/// Least squares: rows of (t_timing, j, t_cycle) -> y. Throws ModelError when the design
/// matrix has rank < 4 (too few distinct bins).
Coefficients least_squares(const std::vector<ChallengeParams>& x, const std::vector<double>& y);

/// The fitted challenge model.
struct ChallengeModel {
    Coefficients linear;             ///< the model: p = clamp(linear, 0, 1)
    Coefficients exponential;        ///< ln p = exponential.eval(x); p = exp(.)
    double linear_error = 0.0;       ///< sum over fitted bins of (f(x_i) - y_i)^2
    double exponential_error = 0.0;  ///< same bins (a bin with y = 0 has no logarithm: see docs)
    int fitted_bins = 0;
    int exponential_bins = 0;  ///< bins used by the exponential fit (y > 0)
    int samples = 0;           ///< traces the histogram was built from
    Histogram histogram;

    /// p(SUCCESS | x) of the linear model, clamped to [0, 1].
    double predict(const ChallengeParams& p) const;
    /// The exponential model's prediction, clamped to [0, 1].
    double predict_exponential(const ChallengeParams& p) const;
};

/// Histogram + both fits. Throws ModelError when fewer than kMinFitBins bins are usable.
ChallengeModel fit_challenge_model(const std::vector<Sample>& samples,
                                   const HistogramSettings& settings = {});

/// At least this many usable bins: 4 coefficients plus one degree of freedom.
inline constexpr int kMinFitBins = 5;

/// Model file JSON (format, version, coefficients, errors, histogram).
nlohmann::json model_to_json(const ChallengeModel& model);
/// Reads a model file's JSON; throws ModelError (wrong format or version, missing fields).
ChallengeModel model_from_json(const nlohmann::json& j);
/// Loads a model file; throws ModelError with the path.
ChallengeModel load_model(const std::string& path);
/// Saves a model file; throws ModelError.
void save_model(const ChallengeModel& model, const std::string& path);

/// The hash naming a model's linear coefficients (what predict uses), 16 hex digits, as
/// catalogues, pack provenance and protocols store it (telemetry::model_hash).
std::string challenge_model_hash(const ChallengeModel& model);

/// Loads a model file and checks that it is the model a study protocol's condition pins
/// (`pinned_hash`, its "model_hash"; empty: any model). Throws ModelError in one line
/// ("model.json is model 0123..., the protocol pins model_hash 4567...").
ChallengeModel load_pinned_model(const std::string& path, const std::string& pinned_hash);

/// A built-in model for levels without recorded data (`difficulty` without --model):
/// coefficients of a fit to the thesis' own Fig. 5.2 histogram.
ChallengeModel thesis_reference_model();

}  // namespace sawtooth::analysis
