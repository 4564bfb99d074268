#include "telemetry/analysis/verification.hpp"

#include "gen/rng.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace sawtooth::analysis {

const char* group_name(Group g) {
    switch (g) {
        case Group::All:
            return "ALL";
        case Group::Good:
            return "GOOD";
        case Group::Average:
            return "AVERAGE";
        case Group::Bad:
            return "BAD";
    }
    return "?";
}

std::vector<PlayerScore> player_scores(const StudyData& data) {
    std::map<std::string, PlayerScore> by;
    for (const StudySession& s : data.sessions) {
        PlayerScore& p = by[s.participant];
        p.participant = s.participant;
        for (const StudyLevel& l : s.levels) {
            p.traces += static_cast<int>(l.traces.size());
            p.successes += l.successes();
        }
    }
    std::vector<PlayerScore> out;
    for (auto& [id, p] : by) {
        p.score = p.traces > 0 ? static_cast<double>(p.successes) / p.traces : 0.0;
        out.push_back(p);
    }
    // Best first; ties by id so the grouping never depends on map or sort internals.
    std::sort(out.begin(), out.end(), [](const PlayerScore& a, const PlayerScore& b) {
        return a.score != b.score ? a.score > b.score : a.participant < b.participant;
    });
    const std::size_t n = out.size();
    for (std::size_t r = 0; r < n; ++r)
        out[r].group = 3 * r < n ? Group::Good : (3 * r < 2 * n ? Group::Average : Group::Bad);
    return out;
}

namespace {

double mean(const std::vector<double>& v) {
    return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

double stddev(const std::vector<double>& v) {
    if (v.size() < 2) return 0.0;
    const double m = mean(v);
    double s = 0;
    for (double x : v) s += (x - m) * (x - m);
    return std::sqrt(s / static_cast<double>(v.size() - 1));
}

bool in_group(Group level_group, Group g) { return g == Group::All || level_group == g; }

}  // namespace

namespace {

void check_split(const VerifySettings& settings, int sessions) {
    if (settings.train_sessions < kMinTrainSessions)
        throw ModelError("--train-sessions " + std::to_string(settings.train_sessions) +
                         " is below the minimum of " + std::to_string(kMinTrainSessions) + " (thesis 5.2)");
    if (sessions < settings.train_sessions + 1)
        throw ModelError(
            "the train/verify split needs at least " + std::to_string(settings.train_sessions + 1) +
            " sessions (" + std::to_string(settings.train_sessions) +
            " to train, >= 1 to verify); the database has " + std::to_string(sessions) + " usable sessions");
    if (settings.partitions < 1) throw ModelError("--partitions must be at least 1");
}

/// The regression and death histograms of each player group in one fitted partition.
void fit_groups(PartitionResult& part, const VerifySettings& settings) {
    for (int g = 0; g < kGroupCount; ++g) {
        std::vector<double> tx, ty, vx, vy;
        for (const LevelPoint& p : part.levels) {
            if (!in_group(p.group, static_cast<Group>(g))) continue;
            (p.training ? tx : vx).push_back(p.difficulty);
            (p.training ? ty : vy).push_back(p.deaths);
        }
        GroupPartition& gp = part.groups[static_cast<std::size_t>(g)];
        gp.regression = regress(vx, vy);
        gp.training = death_histogram(tx, ty, settings.difficulty_bins);
        gp.verification = death_histogram(vx, vy, settings.difficulty_bins);
        gp.accuracy = histogram_accuracy(gp.training, gp.verification, settings.min_levels_per_bin);
    }
}

/// Fits the model on the first settings.train_sessions sessions of `order` and rates every
/// level with it; a partition whose fit fails keeps its error and is not ok.
PartitionResult run_partition(const StudyData& data, const VerifySettings& settings,
                              const std::vector<std::size_t>& order, std::map<std::string, Group>& group_of) {
    std::vector<std::size_t> train(order.begin(), order.begin() + settings.train_sessions);
    std::vector<char> is_train(data.sessions.size(), 0);
    for (std::size_t i : train) is_train[i] = 1;
    PartitionResult part;
    try {
        part.model = fit_challenge_model(samples_of(data, train), settings.histogram);
    } catch (const ModelError& e) {
        part.error = e.what();
        return part;
    }
    part.ok = true;
    for (std::size_t s = 0; s < data.sessions.size(); ++s)
        for (const StudyLevel& l : data.sessions[s].levels) {
            part.levels.push_back(LevelPoint{level_difficulty(l, part.model), l.deaths,
                                             group_of[data.sessions[s].participant], is_train[s] != 0});
        }
    fit_groups(part, settings);
    return part;
}

/// Sums of one group's per-bin figures over the ok partitions.
struct BinSums {
    explicit BinSums(std::size_t bins)
        : sum_t(bins, 0), sum_v(bins, 0), cnt_t(bins, 0), cnt_v(bins, 0), lv_t(bins, 0), lv_v(bins, 0) {}
    std::vector<double> sum_t, sum_v, cnt_t, cnt_v, lv_t, lv_v;
    void add(const GroupPartition& gp) {
        for (std::size_t b = 0; b < sum_t.size(); ++b) {
            lv_t[b] += gp.training.levels[b];
            lv_v[b] += gp.verification.levels[b];
            if (gp.training.levels[b] > 0) {
                sum_t[b] += gp.training.mean_deaths[b];
                ++cnt_t[b];
            }
            if (gp.verification.levels[b] > 0) {
                sum_v[b] += gp.verification.mean_deaths[b];
                ++cnt_v[b];
            }
        }
    }
};

/// Group `g`'s figures averaged over the partitions that fitted.
GroupSummary summarize_group(const std::vector<PartitionResult>& partitions, int g, std::size_t bins) {
    GroupSummary s;
    std::vector<double> t, p, slope, acc, n, dof;
    BinSums sums(bins);
    int ok_parts = 0;
    for (const PartitionResult& part : partitions) {
        if (!part.ok) continue;
        ++ok_parts;
        const GroupPartition& gp = part.groups[static_cast<std::size_t>(g)];
        if (gp.regression.valid && std::isfinite(gp.regression.t_score)) {
            t.push_back(gp.regression.t_score);
            p.push_back(gp.regression.p_value);
            slope.push_back(gp.regression.slope);
            dof.push_back(static_cast<double>(gp.regression.n) - 2.0);
        }
        n.push_back(static_cast<double>(gp.regression.n));
        if (gp.accuracy >= 0) acc.push_back(gp.accuracy);
        sums.add(gp);
    }
    s.partitions = static_cast<int>(t.size());
    s.t_score = mean(t);
    s.t_score_sd = stddev(t);
    s.p_value = p.empty() ? 1.0 : mean(p);
    s.p_value_max = p.empty() ? 1.0 : *std::max_element(p.begin(), p.end());
    s.p_of_mean_t = t.empty() ? 1.0 : two_tailed_p(s.t_score, mean(dof));
    s.slope = mean(slope);
    s.accuracy = acc.empty() ? -1.0 : mean(acc);
    s.accuracy_partitions = static_cast<int>(acc.size());
    s.verify_levels = mean(n);
    for (std::size_t b = 0; b < bins; ++b) {
        s.mean_deaths_training.push_back(sums.cnt_t[b] > 0 ? sums.sum_t[b] / sums.cnt_t[b] : 0.0);
        s.mean_deaths_verification.push_back(sums.cnt_v[b] > 0 ? sums.sum_v[b] / sums.cnt_v[b] : 0.0);
        s.levels_training.push_back(ok_parts > 0 ? sums.lv_t[b] / ok_parts : 0.0);
        s.levels_verification.push_back(ok_parts > 0 ? sums.lv_v[b] / ok_parts : 0.0);
    }
    return s;
}

}  // namespace

VerifyResult verify_model(const StudyData& data, const VerifySettings& settings) {
    VerifyResult res;
    res.settings = settings;
    res.sessions = static_cast<int>(data.sessions.size());
    check_split(settings, res.sessions);
    res.verify_sessions = res.sessions - settings.train_sessions;
    res.players = player_scores(data);
    std::map<std::string, Group> group_of;
    for (const PlayerScore& p : res.players) group_of[p.participant] = p.group;

    Rng rng(settings.seed);
    std::vector<std::size_t> order(data.sessions.size());
    for (int k = 0; k < settings.partitions; ++k) {
        std::iota(order.begin(), order.end(), std::size_t{0});
        rng.shuffle(order);
        PartitionResult part = run_partition(data, settings, order, group_of);
        if (!part.ok) ++res.failed_partitions;
        res.partitions.push_back(std::move(part));
    }
    const auto bins = static_cast<std::size_t>(settings.difficulty_bins);
    for (int g = 0; g < kGroupCount; ++g)
        res.groups[static_cast<std::size_t>(g)] = summarize_group(res.partitions, g, bins);
    return res;
}

namespace {

/// Session indices of each participant, in first-seen order.
std::vector<std::vector<std::size_t>> participant_clusters(const StudyData& data) {
    std::map<std::string, std::size_t> index;
    std::vector<std::vector<std::size_t>> clusters;
    for (std::size_t s = 0; s < data.sessions.size(); ++s) {
        const auto [it, fresh] = index.emplace(data.sessions[s].participant, clusters.size());
        if (fresh) clusters.emplace_back();
        clusters[it->second].push_back(s);
    }
    return clusters;
}

/// The bootstrap statistic: 4 coefficients, then ALL's mean t, mean p, mean accuracy (NaN
/// when undefined); empty when the replicate cannot be fitted or split.
std::vector<double> verify_statistic(const StudyData& data, const VerifySettings& settings) {
    try {
        const Coefficients c = fit_challenge_model(data.samples(), settings.histogram).linear;
        const VerifyResult v = verify_model(data, settings);
        const GroupSummary& all = v.groups[static_cast<std::size_t>(Group::All)];
        const double nan = std::nan("");
        return {c.c0,
                c.t_timing,
                c.j,
                c.t_cycle,
                all.partitions > 0 ? all.t_score : nan,
                all.partitions > 0 ? all.p_value : nan,
                all.accuracy >= 0 ? all.accuracy : nan};
    } catch (const ModelError&) {
        return {};
    }
}

}  // namespace

VerifyIntervals bootstrap_verification(const StudyData& data, const VerifySettings& settings,
                                       const VerifyBootstrapSettings& bootstrap) {
    VerifySettings per = settings;
    per.partitions = bootstrap.partitions;
    check_split(per, static_cast<int>(data.sessions.size()));
    const std::vector<std::vector<std::size_t>> clusters = participant_clusters(data);
    const auto statistic = [&](const std::vector<std::size_t>& picked) {
        std::vector<std::size_t> sessions;
        for (const std::size_t c : picked)
            sessions.insert(sessions.end(), clusters[c].begin(), clusters[c].end());
        return verify_statistic(resampled_study(data, sessions), per);
    };
    const std::vector<Interval> iv =
        cluster_bootstrap(clusters.size(), statistic, bootstrap.bootstrap, bootstrap.threads);
    VerifyIntervals out;
    out.settings = bootstrap;
    for (std::size_t k = 0; k < 4; ++k) out.coefficients[k] = iv[k];
    out.t_score = iv[4];
    out.p_value = iv[5];
    out.accuracy = iv[6];
    return out;
}

TrainingSizeResult training_size_analysis(const StudyData& data, const ChallengeModel& reference, int step,
                                          int repeats, std::uint64_t seed, double d,
                                          const HistogramSettings& histogram) {
    TrainingSizeResult res;
    res.d = d;
    const Histogram& h = reference.histogram;
    const int centres = h.settings.timing_bins * h.settings.jump_bins * h.settings.cycle_bins;
    res.threshold = centres * d * d;
    Rng rng(seed);
    const int total = static_cast<int>(data.sessions.size());
    std::vector<std::size_t> order(data.sessions.size());
    for (int n = std::max(1, step); n <= total; n += std::max(1, step)) {
        TrainingSizePoint pt;
        pt.sessions = n;
        std::vector<double> errors;
        for (int r = 0; r < repeats; ++r) {
            std::iota(order.begin(), order.end(), std::size_t{0});
            rng.shuffle(order);
            const std::vector<std::size_t> subset(order.begin(), order.begin() + n);
            try {
                const ChallengeModel m = fit_challenge_model(samples_of(data, subset), histogram);
                double e = 0;
                for (int c = 0; c < h.settings.cycle_bins; ++c)
                    for (int j = 0; j < h.settings.jump_bins; ++j)
                        for (int t = 0; t < h.settings.timing_bins; ++t) {
                            const ChallengeParams x = h.centre(t, j, c);
                            e += std::pow(m.linear.eval(x) - reference.linear.eval(x), 2);
                        }
                errors.push_back(e);
            } catch (const ModelError&) {
                // too little data for a fit at this size: counted by `fits`
            }
            if (n == total) break;  // every subset of all sessions is the same set
        }
        pt.fits = static_cast<int>(errors.size());
        pt.mean_error = mean(errors);
        pt.max_error = errors.empty() ? 0.0 : *std::max_element(errors.begin(), errors.end());
        res.points.push_back(pt);
    }
    for (std::size_t i = res.points.size(); i-- > 0;) {
        const TrainingSizePoint& p = res.points[i];
        if (p.fits == 0 || p.mean_error >= res.threshold) break;
        res.minimum_sessions = p.sessions;
    }
    return res;
}

}  // namespace sawtooth::analysis
