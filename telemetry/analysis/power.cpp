#include "telemetry/analysis/power.hpp"

#include "gen/rng.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <thread>

namespace sawtooth::analysis {

namespace {

std::vector<Sample> samples_of(const Population& pop, const std::vector<std::size_t>& picked, int condition) {
    std::vector<Sample> out;
    for (const std::size_t i : picked)
        for (const PopulationLevel& l : pop.participants[i].levels)
            if (l.condition == condition) out.insert(out.end(), l.traces.begin(), l.traces.end());
    return out;
}

/// Predicted difficulty and deaths of the picked participants' levels under `model`.
void rate_levels(const Population& pop, const std::vector<std::size_t>& picked, int condition,
                 const ChallengeModel& model, std::vector<double>& difficulty, std::vector<double>& deaths) {
    for (const std::size_t i : picked)
        for (const PopulationLevel& l : pop.participants[i].levels)
            if (l.condition == condition && l.graph) {
                difficulty.push_back(l.graph->difficulty(model));
                deaths.push_back(l.deaths);
            }
}

double mean(const std::vector<double>& v) {
    return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

double variance(const std::vector<double>& v) {
    const double m = mean(v);
    double s = 0.0;
    for (const double x : v) s += (x - m) * (x - m);
    return v.size() < 2 ? 0.0 : s / static_cast<double>(v.size() - 1);
}

void check_settings(const Population& pop, const PowerSettings& s) {
    if (pop.participants.empty()) throw ModelError("the population has no participants");
    if (s.sizes.empty()) throw ModelError("no study sizes given");
    for (const int n : s.sizes)
        if (n < 2 || n > 100000)
            throw ModelError("study size " + std::to_string(n) + " is outside 2..100000");
    if (s.replicates < 1 || s.replicates > 1000000) throw ModelError("replicates must be in 1..1000000");
    if (!(s.alpha > 0.0 && s.alpha < 1.0)) throw ModelError("alpha must be between 0 and 1");
    if (!(s.level > 0.0 && s.level < 1.0)) throw ModelError("interval level must be between 0 and 1");
    const int conditions = static_cast<int>(pop.conditions.size());
    if (s.condition < 0 || s.condition >= conditions)
        throw ModelError("condition " + std::to_string(s.condition) + " is not in the population (" +
                         std::to_string(conditions) + " conditions)");
    if (s.compare >= conditions || s.compare == s.condition)
        throw ModelError("the compared condition must be another condition of the population");
}

std::vector<std::size_t> draw(Rng& rng, std::size_t population, int n) {
    std::vector<std::size_t> picked(static_cast<std::size_t>(n));
    for (std::size_t& p : picked)
        p = static_cast<std::size_t>(rng.uniform_int(0, static_cast<std::int64_t>(population) - 1));
    return picked;
}

double coefficient(const Coefficients& c, std::size_t k) {
    return k == 0 ? c.t_timing : (k == 1 ? c.j : c.t_cycle);
}

/// Medians, intervals, sign fractions and power of one size's replicates.
SizeFigures summarise(int n, const std::vector<ReplicateResult>& reps, const PowerSettings& s) {
    SizeFigures f;
    f.n = n;
    f.replicates = static_cast<int>(reps.size());
    const double total = static_cast<double>(reps.size());
    std::vector<double> t, acc;
    int significant = 0;
    for (std::size_t k = 0; k < 3; ++k) {
        std::vector<double> v;
        for (const ReplicateResult& r : reps)
            if (r.fitted) v.push_back(coefficient(r.coefficients, k));
        f.coefficients[k] = percentile_interval(v, s.level);
        const auto neg = std::count_if(v.begin(), v.end(), [](double x) { return x < 0.0; });
        f.signs[k].negative = static_cast<double>(neg) / total;
        f.signs[k].positive = static_cast<double>(static_cast<std::ptrdiff_t>(v.size()) - neg) / total;
        f.signs[k].no_fit = static_cast<double>(reps.size() - v.size()) / total;
    }
    for (const ReplicateResult& r : reps) {
        f.fitted += r.fitted ? 1 : 0;
        if (!r.tested) continue;
        t.push_back(r.deaths.t_score);
        significant += r.deaths.slope > 0.0 && r.deaths.p_value < s.alpha ? 1 : 0;
        if (r.accuracy >= 0.0) acc.push_back(r.accuracy);
    }
    f.power = static_cast<double>(significant) / total;
    f.t_score = percentile_interval(t, s.level);
    f.accuracy = percentile_interval(acc, s.level);
    return f;
}

/// Smallest size from which on the power stays >= 0.8 (sizes ascending); 0 when none.
int size_for_80(const std::vector<SizeFigures>& sizes, double SizeFigures::*power) {
    int n = 0;
    for (std::size_t i = sizes.size(); i-- > 0;) {
        if (sizes[i].*power < 0.8) break;
        n = sizes[i].n;
    }
    return n;
}

}  // namespace

ReplicateResult analyse_replicate(const Population& pop, const std::vector<std::size_t>& picked,
                                  const PowerSettings& s) {
    ReplicateResult r;
    try {
        r.coefficients = fit_challenge_model(samples_of(pop, picked, s.condition), s.histogram).linear;
        r.fitted = true;
    } catch (const ModelError&) {
        return r;  // too few usable bins: the replicate counts as not fitted and not significant
    }
    const std::size_t half = (picked.size() + 1) / 2;
    const std::vector<std::size_t> train(picked.begin(), picked.begin() + static_cast<std::ptrdiff_t>(half));
    const std::vector<std::size_t> verify(picked.begin() + static_cast<std::ptrdiff_t>(half), picked.end());
    ChallengeModel model;
    try {
        model = fit_challenge_model(samples_of(pop, train, s.condition), s.histogram);
    } catch (const ModelError&) {
        return r;
    }
    std::vector<double> tx, ty, vx, vy;
    rate_levels(pop, train, s.condition, model, tx, ty);
    rate_levels(pop, verify, s.condition, model, vx, vy);
    r.deaths = regress(vx, vy);
    r.tested = r.deaths.valid && std::isfinite(r.deaths.t_score);
    r.accuracy = histogram_accuracy(death_histogram(tx, ty, s.difficulty_bins),
                                    death_histogram(vx, vy, s.difficulty_bins), s.min_levels_per_bin);
    return r;
}

WelchTest welch_test(const std::vector<double>& a, const std::vector<double>& b) {
    WelchTest w;
    w.difference = mean(b) - mean(a);
    if (a.size() < 2 || b.size() < 2) return w;
    const double va = variance(a) / static_cast<double>(a.size()),
                 vb = variance(b) / static_cast<double>(b.size());
    if (va + vb <= 0.0) return w;
    w.t = w.difference / std::sqrt(va + vb);
    w.dof = (va + vb) * (va + vb) /
            (va * va / static_cast<double>(a.size() - 1) + vb * vb / static_cast<double>(b.size() - 1));
    w.p = two_tailed_p(w.t, w.dof);
    w.valid = true;
    return w;
}

double difference_power(const std::vector<double>& a, const std::vector<double>& b, int n,
                        const PowerSettings& s, Interval* difference) {
    if (a.empty() || b.empty()) throw ModelError("a condition without participants");
    int hits = 0;
    std::vector<double> diffs;
    for (int r = 0; r < s.replicates; ++r) {
        Rng rng(mix_seed(mix_seed(s.seed ^ 0x5eedd1ffULL, static_cast<std::uint64_t>(n)),
                         static_cast<std::uint64_t>(r)));
        std::vector<double> xa, xb;
        for (const std::size_t i : draw(rng, a.size(), n)) xa.push_back(a[i]);
        for (const std::size_t i : draw(rng, b.size(), n)) xb.push_back(b[i]);
        const WelchTest w = welch_test(xa, xb);
        diffs.push_back(w.difference);
        const bool direction = s.expect == Expect::Higher ? w.difference > 0.0 : w.difference < 0.0;
        hits += w.valid && direction && w.p < s.alpha ? 1 : 0;
    }
    if (difference) *difference = percentile_interval(diffs, s.level);
    return static_cast<double>(hits) / static_cast<double>(s.replicates);
}

SampleSize difference_sample_size(const std::vector<double>& a, const std::vector<double>& b, double target,
                                  const PowerSettings& s, const BootstrapSettings& bootstrap) {
    if (a.size() != b.size() || a.size() < 2)
        throw ModelError("the sample size needs both conditions' values of at least 2 participants");
    if (!(target > 0.0 && target < 1.0)) throw ModelError("the target power must lie in (0, 1)");
    const double direction = s.expect == Expect::Higher ? 1.0 : -1.0;
    const auto effect = [&](const std::vector<std::size_t>& picked) {
        std::vector<double> xa, xb;
        for (const std::size_t i : picked) {
            xa.push_back(a[i]);
            xb.push_back(b[i]);
        }
        const double spread = std::sqrt(variance(xa) + variance(xb));
        if (!(spread > 0.0)) return std::vector<double>{};
        return std::vector<double>{direction * (mean(xb) - mean(xa)) / spread};
    };
    const Interval effect_size = cluster_bootstrap(a.size(), effect, bootstrap, s.threads).front();
    const double z = normal_quantile(1.0 - s.alpha / 2.0) + normal_quantile(target);
    const auto n_of = [z](double e) {
        return e > 0.0 ? std::ceil(z * z / (e * e)) : std::numeric_limits<double>::infinity();
    };
    return SampleSize{n_of(effect_size.estimate), n_of(effect_size.hi), n_of(effect_size.lo),
                      effect_size.replicates};
}

std::vector<double> mean_deaths(const Population& pop, int condition) {
    std::vector<double> out;
    for (const PopulationParticipant& p : pop.participants) {
        double sum = 0.0;
        int levels = 0;
        for (const PopulationLevel& l : p.levels)
            if (l.condition == condition) {
                sum += l.deaths;
                ++levels;
            }
        out.push_back(levels > 0 ? sum / levels : 0.0);
    }
    return out;
}

namespace {

/// The two-condition test's N for 80 % power with the population's interval (bootstrap at the
/// settings' level and seed); empty when no participant's deaths differ from another's.
std::optional<SampleSize> difference_n_for_80(const Population& pop, const PowerSettings& s) {
    BootstrapSettings b;
    b.level = s.level;
    b.seed = s.seed;
    try {
        return difference_sample_size(mean_deaths(pop, s.condition), mean_deaths(pop, s.compare), 0.8, s, b);
    } catch (const ModelError&) {
        return std::nullopt;  // the simulated powers are the answer
    }
}

}  // namespace

PowerResult study_power(const Population& pop, const PowerSettings& settings,
                        const std::function<void()>& on_replicate) {
    check_settings(pop, settings);
    PowerResult res;
    res.settings = settings;
    std::sort(res.settings.sizes.begin(), res.settings.sizes.end());
    res.population = static_cast<int>(pop.participants.size());
    std::vector<std::size_t> everyone(pop.participants.size());
    std::iota(everyone.begin(), everyone.end(), std::size_t{0});
    try {
        res.population_model =
            fit_challenge_model(samples_of(pop, everyone, settings.condition), settings.histogram).linear;
    } catch (const ModelError&) {
        // a population too small for a model: its replicates say so too
    }
    const auto reps = static_cast<std::size_t>(settings.replicates);
    for (const int n : res.settings.sizes) {
        std::vector<ReplicateResult> results(reps);
        std::atomic<std::size_t> next{0};
        const auto work = [&] {
            for (std::size_t r = next++; r < reps; r = next++) {
                Rng rng(mix_seed(mix_seed(settings.seed, static_cast<std::uint64_t>(n)), r));
                results[r] = analyse_replicate(pop, draw(rng, pop.participants.size(), n), settings);
                if (on_replicate) on_replicate();
            }
        };
        std::vector<std::thread> pool;
        for (int t = 1; t < settings.threads; ++t) pool.emplace_back(work);
        work();
        for (std::thread& t : pool) t.join();
        SizeFigures f = summarise(n, results, settings);
        if (settings.compare >= 0)
            f.difference_power =
                difference_power(mean_deaths(pop, settings.condition), mean_deaths(pop, settings.compare), n,
                                 settings, &f.difference);
        res.sizes.push_back(f);
    }
    res.n_for_80 = size_for_80(res.sizes, &SizeFigures::power);
    if (settings.compare >= 0) {
        res.n_for_80_difference = size_for_80(res.sizes, &SizeFigures::difference_power);
        res.difference_n_for_80 = difference_n_for_80(pop, settings);
    }
    return res;
}

namespace {

nlohmann::json interval_json(const Interval& iv) {
    return {{"median", iv.estimate}, {"lo", iv.lo}, {"hi", iv.hi}, {"replicates", iv.replicates}};
}

nlohmann::json size_json(const SizeFigures& f, bool two_conditions) {
    nlohmann::json j = {{"n", f.n},
                        {"replicates", f.replicates},
                        {"fitted", f.fitted},
                        {"deaths_power", f.power},
                        {"t_score", interval_json(f.t_score)},
                        {"accuracy", interval_json(f.accuracy)}};
    for (std::size_t k = 0; k < 3; ++k) {
        nlohmann::json c = interval_json(f.coefficients[k]);
        c["negative"] = f.signs[k].negative;
        c["positive"] = f.signs[k].positive;
        c["no_fit"] = f.signs[k].no_fit;
        j["coefficients"][kCoefficientNames[k]] = c;
    }
    if (two_conditions) {
        j["difference_power"] = f.difference_power;
        j["difference"] = interval_json(f.difference);
    }
    return j;
}

/// A sample size as JSON: null where no N reaches the power.
nlohmann::json sample_size_json(const SampleSize& n) {
    const auto value = [](double v) {
        return std::isfinite(v) ? nlohmann::json(static_cast<std::int64_t>(v)) : nlohmann::json(nullptr);
    };
    return {{"n", value(n.n)}, {"lo", value(n.lo)}, {"hi", value(n.hi)}, {"replicates", n.replicates}};
}

}  // namespace

nlohmann::json power_to_json(const PowerResult& r, const Population& population) {
    const PowerSettings& s = r.settings;
    const bool two = s.compare >= 0;
    nlohmann::json j;
    j["format"] = "sawtooth-power";
    j["population"] = {
        {"participants", r.population}, {"seed", population.seed}, {"conditions", population.conditions}};
    j["settings"] = {{"replicates", s.replicates},
                     {"alpha", s.alpha},
                     {"level", s.level},
                     {"seed", s.seed},
                     {"min_traces", s.histogram.min_traces},
                     {"sizes", s.sizes},
                     {"condition", population.conditions[static_cast<std::size_t>(s.condition)]}};
    if (two) {
        j["settings"]["compare"] = population.conditions[static_cast<std::size_t>(s.compare)];
        j["settings"]["expect"] = s.expect == Expect::Higher ? "higher" : "lower";
        j["n_for_80_difference"] =
            r.n_for_80_difference > 0 ? nlohmann::json(r.n_for_80_difference) : nlohmann::json(nullptr);
        if (r.difference_n_for_80) j["n_for_80_difference_normal"] = sample_size_json(*r.difference_n_for_80);
    }
    if (r.population_model)
        j["population_model"] = {{"c0", r.population_model->c0},
                                 {"t_timing", r.population_model->t_timing},
                                 {"j", r.population_model->j},
                                 {"t_cycle", r.population_model->t_cycle}};
    j["n_for_80_deaths"] = r.n_for_80 > 0 ? nlohmann::json(r.n_for_80) : nlohmann::json(nullptr);
    j["sizes"] = nlohmann::json::array();
    for (const SizeFigures& f : r.sizes) j["sizes"].push_back(size_json(f, two));
    return j;
}

}  // namespace sawtooth::analysis
