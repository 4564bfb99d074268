#include "telemetry/analysis/curve_candidates.hpp"

#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/store.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace sawtooth::analysis {

namespace {

// The level of `params` with its predicted difficulty; nullopt when it does not generate.
// `expected_hash` (non-zero): refuses a level that is not the stored one.
std::optional<PredictedLevel> predict(const GenParams& params, const ChallengeModel& model,
                                      std::uint64_t expected_hash) {
    const GeneratedLevel g = generate_level(params);
    if (!g.ok) return std::nullopt;
    PredictedLevel c;
    c.level.params = params;
    c.level.level_hash = level_hash(g.level);
    if (expected_hash != 0 && c.level.level_hash != expected_hash)
        throw CurveError("seed " + std::to_string(params.seed) + " (level index " +
                         std::to_string(params.level_index) +
                         ") no longer generates the catalogued level (hash differs)");
    c.difficulty = evaluate_level(g, model).difficulty;
    return c;
}

// Predicts every job through `for_each`; jobs that do not generate are counted in `failed`.
std::vector<PredictedLevel> predict_all(const std::vector<GenParams>& jobs,
                                        const std::vector<std::uint64_t>& hashes, const ChallengeModel& model,
                                        const ForEach& for_each, int& failed) {
    std::vector<std::optional<PredictedLevel>> slots(jobs.size());
    std::vector<std::string> errors(jobs.size());
    for_each(jobs.size(), [&](std::size_t i) {
        try {
            slots[i] = predict(jobs[i], model, hashes.empty() ? 0 : hashes[i]);
        } catch (const std::exception& e) {
            errors[i] = e.what();
        }
    });
    std::vector<PredictedLevel> out;
    failed = 0;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (!errors[i].empty()) throw CurveError(errors[i]);
        if (slots[i])
            out.push_back(*slots[i]);
        else
            ++failed;
    }
    return out;
}

}  // namespace

void serial_for_each(std::size_t n, const std::function<void(std::size_t)>& body) {
    for (std::size_t i = 0; i < n; ++i) body(i);
}

GenParams default_curve_shape() {
    GenParams p;
    p.layout = Layout::Maze;
    p.rooms_w = 4, p.rooms_h = 3, p.room_w = 11, p.room_h = 7;
    p.level_index = 1;
    return p;
}

CurveCandidates seed_curve_candidates(const std::vector<GenParams>& shapes,
                                      const std::vector<int>& level_indices, std::uint64_t first,
                                      std::uint64_t last, const ChallengeModel& model,
                                      const ForEach& for_each) {
    std::vector<GenParams> jobs;
    for (std::uint64_t s = first;; ++s) {
        for (const GenParams& shape : shapes)
            for (const int k : level_indices) {
                GenParams p = shape;
                p.seed = s, p.level_index = k;
                jobs.push_back(p);
            }
        if (s == last) break;
    }
    CurveCandidates set;
    set.list = predict_all(jobs, {}, model, for_each, set.not_generated);
    if (set.list.empty()) throw CurveError("no candidate level (nothing generated)");
    return set;
}

CurveCandidates catalog_curve_candidates(const std::string& file, const ChallengeModel& model,
                                         const ForEach& for_each) {
    std::vector<telemetry::CatalogRow> rows;
    try {
        rows = telemetry::Catalog::open_read_only(file).rows();
    } catch (const telemetry::StoreError& e) {
        throw CurveError(e.what());
    }
    const std::string hash = challenge_model_hash(model);
    CurveCandidates set;
    std::vector<GenParams> redo;
    std::vector<std::uint64_t> hashes;
    for (const telemetry::CatalogRow& r : rows) {
        if (!r.generated) continue;
        if (r.model && r.model->model_hash == hash) {
            PredictedLevel stored;
            stored.level.params = r.params;
            stored.level.generator_version = r.generator_version;
            stored.level.level_hash = r.level_hash;
            stored.difficulty = r.model->difficulty;
            set.list.push_back(stored);
            continue;
        }
        redo.push_back(r.params);
        hashes.push_back(r.level_hash);
    }
    set.difficulty_stored = set.list.size();
    int failed = 0;
    const std::vector<PredictedLevel> recomputed = predict_all(redo, hashes, model, for_each, failed);
    if (failed > 0) throw CurveError("catalogue '" + file + "' lists levels that no longer generate");
    set.list.insert(set.list.end(), recomputed.begin(), recomputed.end());
    if (set.list.empty()) throw CurveError("catalogue '" + file + "' holds no generated level");
    std::stable_sort(set.list.begin(), set.list.end(), [](const PredictedLevel& a, const PredictedLevel& b) {
        const GenParams &x = a.level.params, &y = b.level.params;
        return std::tie(x.seed, x.layout, x.rooms_w, x.rooms_h, x.room_w, x.room_h, x.alpha, x.level_index) <
               std::tie(y.seed, y.layout, y.rooms_w, y.rooms_h, y.room_w, y.room_h, y.alpha, y.level_index);
    });
    return set;
}

std::vector<CurveCandidate> curve_groups(const std::vector<PredictedLevel>& list) {
    std::map<std::tuple<int, int, int, int, int, double, std::uint64_t>, std::uint64_t> ids;
    std::vector<CurveCandidate> out;
    for (const PredictedLevel& c : list) {
        const GenParams& p = c.level.params;
        const auto key = std::make_tuple(static_cast<int>(p.layout), p.rooms_w, p.rooms_h, p.room_w, p.room_h,
                                         p.alpha, p.seed);
        const auto [it, added] = ids.emplace(key, ids.size());
        out.push_back({c.difficulty, it->second});
    }
    return out;
}

std::vector<double> named_curve_targets(telemetry::CurveShape shape, const std::vector<PredictedLevel>& list,
                                        int count, const RisingCurveSettings& rising) {
    std::vector<double> d;
    for (const PredictedLevel& x : list) d.push_back(x.difficulty);
    return shape == telemetry::CurveShape::Rising ? rising_curve(d, count, rising) : flat_curve(d, count);
}

}  // namespace sawtooth::analysis
