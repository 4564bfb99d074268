#include "gen/study_plan.hpp"

#include "gen/rng.hpp"

namespace sawtooth {

namespace {

// splitmix64 of `x` (gen/rng.hpp's step advances its argument; this takes a copy).
std::uint64_t mixed(std::uint64_t x) { return splitmix64(x); }

}  // namespace

GenParams study_params_for_seed(std::uint64_t seed, int level_index, const StudyLevelShape& shape) {
    GenParams p;
    p.seed = seed;
    p.layout = Layout::Linear;
    p.rooms_w = shape.rooms_w;
    p.rooms_h = shape.rooms_h;
    p.room_w = shape.room_w;
    p.room_h = shape.room_h;
    p.level_index = level_index;
    p.alpha = shape.alpha;
    return p;
}

GenParams study_level_params(std::uint64_t session_seed, int k, const StudyLevelShape& shape) {
    const std::uint64_t seed = mixed(session_seed ^ mixed(static_cast<std::uint64_t>(k)));
    return study_params_for_seed(seed, k, shape);
}

StudyLevel draw_study_level(std::uint64_t session_seed, int k, const StudyLevelShape& shape) {
    StudyLevel out;
    out.params = study_level_params(session_seed, k, shape);
    for (int attempt = 0; attempt < kStudySeedTries; ++attempt) {
        if (attempt > 0) out.params.seed = mixed(out.params.seed);
        if (std::string bad = params_problem(out.params); !bad.empty()) {
            out.error = std::move(bad);
            return out;
        }
        GeneratedLevel g = generate_level(out.params);
        if (!g.ok) {
            out.error = "seed " + std::to_string(out.params.seed) + " did not generate: " + g.error;
            continue;
        }
        if (std::string bad = level_problem(g.level); !bad.empty()) {
            out.error = "seed " + std::to_string(out.params.seed) + " generated an invalid level: " + bad;
            continue;
        }
        out.ok = true;
        out.error.clear();
        out.level = std::move(g.level);
        return out;
    }
    return out;
}

}  // namespace sawtooth
