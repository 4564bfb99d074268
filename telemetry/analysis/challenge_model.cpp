#include "telemetry/analysis/challenge_model.hpp"

#include "gen/printable.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/json_reader.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace sawtooth::analysis {

namespace {

/// Index of value on an axis of `bins` equal bins over [lo, hi] (hi inclusive), or -1.
int axis_bin(double v, double lo, double hi, int bins) {
    if (!(v >= lo) || !(v <= hi) || bins <= 0) return -1;
    const int b = static_cast<int>(std::floor((v - lo) / (hi - lo) * bins));
    return std::clamp(b, 0, bins - 1);
}

nlohmann::json coeffs_json(const Coefficients& c) {
    return {{"c0", c.c0}, {"t_timing", c.t_timing}, {"j", c.j}, {"t_cycle", c.t_cycle}};
}

using telemetry::JsonField;

// One coefficient, within kMaxModelCoefficient: every prediction then stays finite (two
// huge terms of opposite sign would make inf - inf, a NaN probability).
double coefficient_from(const JsonField& f) {
    const double v = f.number();
    if (std::abs(v) > kMaxModelCoefficient)
        f.fail("expected a coefficient in -1e6..1e6, got " + printable(f.value().dump()));
    return v;
}

Coefficients coeffs_from(const JsonField& j) {
    Coefficients c;
    c.c0 = coefficient_from(j.at("c0"));
    c.t_timing = coefficient_from(j.at("t_timing"));
    c.j = coefficient_from(j.at("j"));
    c.t_cycle = coefficient_from(j.at("t_cycle"));
    return c;
}

// One axis [bins, lo, hi]; bins within the stated limit before anything is sized by it.
void axis_from(const JsonField& a, int& bins, double& lo, double& hi) {
    bins = a.at(std::size_t{0}).int_in(1, kMaxHistogramAxisBins);
    lo = a.at(1).number();
    hi = a.at(2).number();
    if (!(lo < hi)) a.fail("expected lo < hi");
}

HistogramSettings histogram_settings_from(const JsonField& h) {
    HistogramSettings s;
    axis_from(h.at("t_timing"), s.timing_bins, s.timing_lo, s.timing_hi);
    axis_from(h.at("j"), s.jump_bins, s.jump_lo, s.jump_hi);
    axis_from(h.at("t_cycle"), s.cycle_bins, s.cycle_lo, s.cycle_hi);
    s.min_traces = h.at("min_traces").int_in(0, kMaxModelCount);
    // Products in 64 bits: three axes of up to kMaxHistogramAxisBins cannot wrap.
    const std::int64_t cells =
        std::int64_t{s.timing_bins} * std::int64_t{s.jump_bins} * std::int64_t{s.cycle_bins};
    if (cells > kMaxHistogramBins)
        h.fail("histogram of " + std::to_string(cells) + " bins, at most " +
               std::to_string(kMaxHistogramBins));
    return s;
}

void bins_from(const JsonField& list, Histogram& hist) {
    const HistogramSettings& s = hist.settings;
    list.expect_array();
    for (std::size_t i = 0; i < list.value().size(); ++i) {
        const JsonField b = list.at(i);
        const int t = b.at("timing_bin").int_in(0, s.timing_bins - 1);
        const int jb = b.at("jump_bin").int_in(0, s.jump_bins - 1);
        const int c = b.at("cycle_bin").int_in(0, s.cycle_bins - 1);
        HistogramBin& hb = hist.bins[static_cast<std::size_t>((c * s.jump_bins + jb) * s.timing_bins + t)];
        hb.traces = b.at("traces").int_in(0, kMaxModelCount);
        hb.successes = b.at("successes").int_in(0, hb.traces);
        hb.mean_timing = b.at("mean_t_timing").number();
        hb.mean_jumps = b.at("mean_j").number();
        hb.mean_cycle = b.at("mean_t_cycle").number();
    }
}

}  // namespace

int Histogram::bin_of(const ChallengeParams& p) const {
    const HistogramSettings& s = settings;
    const int t = axis_bin(p.t_timing, s.timing_lo, s.timing_hi, s.timing_bins);
    const int j = axis_bin(p.jumps, s.jump_lo, s.jump_hi, s.jump_bins);
    const int c = axis_bin(p.t_cycle, s.cycle_lo, s.cycle_hi, s.cycle_bins);
    if (t < 0 || j < 0 || c < 0) return -1;
    // j is an integer: [lo, hi] with hi inclusive would put j = 4 into the j = 3 bin.
    if (p.jumps >= s.jump_hi && s.jump_hi - s.jump_lo == s.jump_bins) return -1;
    return (c * s.jump_bins + j) * s.timing_bins + t;
}

const HistogramBin& Histogram::at(int timing, int jump, int cycle) const {
    return bins[static_cast<std::size_t>((cycle * settings.jump_bins + jump) * settings.timing_bins +
                                         timing)];
}

std::vector<const HistogramBin*> Histogram::usable() const {
    std::vector<const HistogramBin*> out;
    for (const HistogramBin& b : bins)
        if (b.traces >= settings.min_traces && b.traces > 0) out.push_back(&b);
    return out;
}

ChallengeParams Histogram::centre(int timing, int jump, int cycle) const {
    const HistogramSettings& s = settings;
    ChallengeParams p;
    p.t_timing = s.timing_lo + (timing + 0.5) * (s.timing_hi - s.timing_lo) / s.timing_bins;
    p.jumps = static_cast<int>(std::floor(s.jump_lo + jump * (s.jump_hi - s.jump_lo) / s.jump_bins));
    p.t_cycle = s.cycle_lo + (cycle + 0.5) * (s.cycle_hi - s.cycle_lo) / s.cycle_bins;
    return p;
}

Histogram build_histogram(const std::vector<Sample>& samples, const HistogramSettings& settings) {
    Histogram h;
    h.settings = settings;
    h.bins.resize(static_cast<std::size_t>(settings.timing_bins * settings.jump_bins * settings.cycle_bins));
    for (int c = 0; c < settings.cycle_bins; ++c)
        for (int j = 0; j < settings.jump_bins; ++j)
            for (int t = 0; t < settings.timing_bins; ++t) {
                HistogramBin& b =
                    h.bins[static_cast<std::size_t>((c * settings.jump_bins + j) * settings.timing_bins + t)];
                b.timing = t;
                b.jump = j;
                b.cycle = c;
            }
    for (const Sample& s : samples) {
        ++h.samples;
        const int i = h.bin_of(s.params);
        if (i < 0) {
            ++h.outside;
            continue;
        }
        HistogramBin& b = h.bins[static_cast<std::size_t>(i)];
        ++b.traces;
        b.successes += s.success ? 1 : 0;
        b.mean_timing += s.params.t_timing;
        b.mean_jumps += s.params.jumps;
        b.mean_cycle += s.params.t_cycle;
    }
    for (HistogramBin& b : h.bins)
        if (b.traces > 0) {
            b.mean_timing /= b.traces;
            b.mean_jumps /= b.traces;
            b.mean_cycle /= b.traces;
        }
    return h;
}

Coefficients least_squares(const std::vector<ChallengeParams>& x, const std::vector<double>& y) {
    const auto n = static_cast<Eigen::Index>(x.size());
    Eigen::MatrixXd a(n, 4);
    Eigen::VectorXd b(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const ChallengeParams& p = x[static_cast<std::size_t>(i)];
        a.row(i) << 1.0, p.t_timing, static_cast<double>(p.jumps), p.t_cycle;
        b(i) = y[static_cast<std::size_t>(i)];
    }
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
    if (qr.rank() < 4)
        throw ModelError("the fitted bins do not vary in every parameter (rank " + std::to_string(qr.rank()) +
                         " < 4): more varied data is needed");
    const Eigen::VectorXd c = qr.solve(b);
    return Coefficients{c(0), c(1), c(2), c(3)};
}

double ChallengeModel::predict(const ChallengeParams& p) const {
    return std::clamp(linear.eval(p), 0.0, 1.0);
}

double ChallengeModel::predict_exponential(const ChallengeParams& p) const {
    return std::clamp(std::exp(exponential.eval(p)), 0.0, 1.0);
}

namespace {

/// Sample point of a bin: the centroid of its traces (for j, the integer it holds).
ChallengeParams bin_point(const HistogramBin& b) {
    return ChallengeParams{b.mean_timing, static_cast<int>(std::lround(b.mean_jumps)), b.mean_cycle};
}

}  // namespace

ChallengeModel fit_challenge_model(const std::vector<Sample>& samples, const HistogramSettings& settings) {
    ChallengeModel m;
    m.histogram = build_histogram(samples, settings);
    m.samples = static_cast<int>(samples.size());
    const auto bins = m.histogram.usable();
    m.fitted_bins = static_cast<int>(bins.size());
    if (m.fitted_bins < kMinFitBins)
        throw ModelError("only " + std::to_string(m.fitted_bins) + " histogram bins hold >= " +
                         std::to_string(settings.min_traces) + " traces (" + std::to_string(samples.size()) +
                         " traces in all); at least " + std::to_string(kMinFitBins) + " are needed to fit");
    std::vector<ChallengeParams> x;
    std::vector<double> y, x_log_y;
    std::vector<ChallengeParams> x_log;
    for (const HistogramBin* b : bins) {
        x.push_back(bin_point(*b));
        y.push_back(b->rate());
        if (b->rate() > 0.0) {
            x_log.push_back(bin_point(*b));
            x_log_y.push_back(std::log(b->rate()));
        }
    }
    m.linear = least_squares(x, y);
    m.exponential_bins = static_cast<int>(x_log.size());
    if (m.exponential_bins >= kMinFitBins) m.exponential = least_squares(x_log, x_log_y);
    for (std::size_t i = 0; i < x.size(); ++i) {
        // Errors of the unclamped functions, as in thesis 4.5.1.
        const double fl = m.linear.eval(x[i]) - y[i];
        const double fe = std::exp(m.exponential.eval(x[i])) - y[i];
        m.linear_error += fl * fl;
        m.exponential_error += fe * fe;
    }
    return m;
}

nlohmann::json model_to_json(const ChallengeModel& m) {
    nlohmann::json bins = nlohmann::json::array();
    for (const HistogramBin& b : m.histogram.bins)
        if (b.traces > 0)
            bins.push_back({{"timing_bin", b.timing},
                            {"jump_bin", b.jump},
                            {"cycle_bin", b.cycle},
                            {"traces", b.traces},
                            {"successes", b.successes},
                            {"mean_t_timing", b.mean_timing},
                            {"mean_j", b.mean_jumps},
                            {"mean_t_cycle", b.mean_cycle}});
    const HistogramSettings& s = m.histogram.settings;
    return {{"format", kModelFormatName},
            {"version", kModelFormatVersion},
            {"model", "linear"},
            {"coefficients", coeffs_json(m.linear)},
            {"exponential_log_coefficients", coeffs_json(m.exponential)},
            {"linear_error", m.linear_error},
            {"exponential_error", m.exponential_error},
            {"fitted_bins", m.fitted_bins},
            {"exponential_bins", m.exponential_bins},
            {"samples", m.samples},
            {"histogram",
             {{"t_timing", {s.timing_bins, s.timing_lo, s.timing_hi}},
              {"j", {s.jump_bins, s.jump_lo, s.jump_hi}},
              {"t_cycle", {s.cycle_bins, s.cycle_lo, s.cycle_hi}},
              {"min_traces", s.min_traces},
              {"outside", m.histogram.outside},
              {"bins", bins}}}};
}

ChallengeModel model_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("format") || j["format"] != kModelFormatName)
        throw ModelError("not a Sawtooth challenge model (missing \"format\": \"" +
                         std::string(kModelFormatName) + "\")");
    const auto vit = j.find("version");
    if (vit == j.end() || !vit->is_number_integer() || *vit != kModelFormatVersion)
        throw ModelError("at /version: format version " +
                         (vit == j.end() ? std::string("missing") : printable(vit->dump())) +
                         ", this build reads version " + std::to_string(kModelFormatVersion) +
                         " (refit it with `sawtooth-lab model fit`)");
    try {
        const JsonField root(j);
        ChallengeModel m;
        m.linear = coeffs_from(root.at("coefficients"));
        m.exponential = coeffs_from(root.at("exponential_log_coefficients"));
        m.linear_error = root.at("linear_error").number();
        m.exponential_error = root.at("exponential_error").number();
        m.fitted_bins = root.at("fitted_bins").int_in(0, kMaxHistogramBins);
        m.exponential_bins =
            root.has("exponential_bins") ? root.at("exponential_bins").int_in(0, kMaxHistogramBins) : 0;
        m.samples = root.at("samples").int_in(0, kMaxModelCount);
        const JsonField h = root.at("histogram");
        m.histogram = build_histogram({}, histogram_settings_from(h));
        m.histogram.outside = h.has("outside") ? h.at("outside").int_in(0, kMaxModelCount) : 0;
        bins_from(h.at("bins"), m.histogram);
        m.histogram.samples = m.samples;
        return m;
    } catch (const telemetry::JsonFieldError& e) {
        throw ModelError(e.what());
    }
}

ChallengeModel load_model(const std::string& path) {
    const std::string name = printable(path);
    std::ifstream f(path, std::ios::binary);
    if (!f) throw ModelError("cannot read model file '" + name + "'");
    std::stringstream text;
    text << f.rdbuf();
    try {
        return model_from_json(telemetry::parse_json_text(text.str()));
    } catch (const telemetry::JsonFieldError& e) {
        throw ModelError(name + ": " + e.what() + " (expected a model written by `sawtooth-lab model fit`)");
    } catch (const ModelError& e) {
        throw ModelError(name + ": " + e.what());
    }
}

void save_model(const ChallengeModel& model, const std::string& path) {
    std::ofstream f(path, std::ios::binary);
    if (!f || !(f << model_to_json(model).dump(2) << "\n"))
        throw ModelError("cannot write model file '" + path + "'");
}

std::string challenge_model_hash(const ChallengeModel& model) {
    const Coefficients& c = model.linear;
    return telemetry::model_hash(c.c0, c.t_timing, c.j, c.t_cycle);
}

ChallengeModel load_pinned_model(const std::string& path, const std::string& pinned_hash) {
    ChallengeModel model = load_model(path);
    if (const std::string hash = challenge_model_hash(model); !pinned_hash.empty() && hash != pinned_hash)
        throw ModelError(path + " is model " + hash + ", the protocol pins model_hash " + pinned_hash);
    return model;
}

ChallengeModel thesis_reference_model() {
    // Thesis Fig. 5.2: success rates per bin, rows j = 3, 2, 1, 0, columns t_timing bins;
    // negative = empty bin. Fitted at the bin centres.
    static const double kFig52[3][4][5] = {{{-1, -1, -1, 0.53, 0.40},
                                            {-1, 0.58, 0.52, 0.41, 0.26},
                                            {0.65, 0.58, 0.59, 0.54, -1},
                                            {0.79, -1, 0.73, -1, -1}},
                                           {{-1, -1, 0.56, 0.48, 0.37},
                                            {-1, 0.64, 0.62, 0.46, 0.43},
                                            {0.84, 0.58, 0.73, 0.58, -1},
                                            {0.78, 0.70, 0.65, -1, -1}},
                                           {{-1, -1, 0.59, 0.58, 0.38},
                                            {-1, 0.65, 0.68, 0.54, 0.48},
                                            {0.70, 0.73, 0.75, 0.63, -1},
                                            {0.75, 0.80, 0.69, -1, -1}}};
    ChallengeModel m;
    m.histogram = build_histogram({}, HistogramSettings{});
    std::vector<ChallengeParams> x;
    std::vector<double> y, ly;
    for (int c = 0; c < 3; ++c)
        for (int row = 0; row < 4; ++row)
            for (int t = 0; t < 5; ++t) {
                const double v = kFig52[c][row][t];
                if (v < 0) continue;
                x.push_back(m.histogram.centre(t, 3 - row, c));
                y.push_back(v);
                ly.push_back(std::log(v));
            }
    m.linear = least_squares(x, y);
    m.exponential = least_squares(x, ly);
    for (std::size_t i = 0; i < x.size(); ++i) {
        m.linear_error += std::pow(m.linear.eval(x[i]) - y[i], 2);
        m.exponential_error += std::pow(std::exp(m.exponential.eval(x[i])) - y[i], 2);
    }
    m.fitted_bins = m.exponential_bins = static_cast<int>(x.size());
    return m;
}

}  // namespace sawtooth::analysis
