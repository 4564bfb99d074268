#include "game/flows/level_verification.hpp"

#include "gen/study_plan.hpp"

#include <algorithm>
#include <chrono>

namespace sawtooth::flows {

namespace {

template <class T>
double median(std::vector<T> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? static_cast<double>(v[n / 2])
                 : (static_cast<double>(v[n / 2 - 1]) + static_cast<double>(v[n / 2])) / 2;
}

}  // namespace

std::vector<VerifyJob> verify_jobs(std::uint64_t first, std::uint64_t last, const std::vector<int>& indices) {
    std::vector<VerifyJob> jobs;
    for (std::uint64_t s = first; s <= last; ++s) {
        for (int i : indices) jobs.push_back({s, i});
        if (s == last) break;  // the last seed may be the largest uint64
    }
    return jobs;
}

GenParams verify_params(const VerifyJob& job, Layout layout) {
    GenParams p = layout == Layout::Linear ? study_params_for_seed(job.seed, job.level_index) : GenParams{};
    p.seed = job.seed;
    p.level_index = job.level_index;
    return p;
}

std::vector<bot::ProvenLevel> verify_levels(const std::vector<VerifyJob>& jobs,
                                            const VerifySettings& settings,
                                            const analysis::ForEach& for_each) {
    std::vector<bot::ProvenLevel> out(jobs.size());
    for_each(jobs.size(), [&](std::size_t k) {
        const GenParams p = verify_params(jobs[k], settings.layout);
        const auto l0 = std::chrono::steady_clock::now();
        out[k] = bot::prove_params(p, settings.max_ticks);
        out[k].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - l0).count();
        if (settings.on_level) settings.on_level(p, out[k]);
    });
    return out;
}

VerifySummary summarize_verification(const std::vector<VerifyJob>& jobs,
                                     const std::vector<bot::ProvenLevel>& results) {
    VerifySummary s;
    std::vector<std::uint64_t> ticks, back_ticks;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        const bot::ProvenLevel& r = results[k];
        s.forward += r.proof.forward.reached();
        s.backward += r.proof.backward.reached();
        if (r.proof.forward.reached()) ticks.push_back(r.proof.forward.ticks);
        if (r.proof.backward.reached()) back_ticks.push_back(r.proof.backward.ticks);
        if (r.proof.playable()) {
            ++s.proven;
            continue;
        }
        if (s.failed_seeds.empty() || s.failed_seeds.back() != jobs[k].seed)
            s.failed_seeds.push_back(jobs[k].seed);
        s.failures.push_back(k);
    }
    s.median_ticks = median(ticks);
    s.median_back_ticks = median(back_ticks);
    return s;
}

}  // namespace sawtooth::flows
