#include "gen/solvability.hpp"

namespace sawtooth {

SolvabilityResult check_solvability(int width, int height, int max_attempts, int stride, int offset,
                                    int max_iterations) {
    SolvabilityResult r;
    r.width = width;
    r.height = height;
    const std::vector<RoomExits> all = all_exit_configs(width, height, 1);
    for (std::size_t i = static_cast<std::size_t>(offset); i < all.size();
         i += static_cast<std::size_t>(stride)) {
        const RoomExits& e = all[i];
        ++r.configs;
        const int code = exit_config_code(width, height, e);
        bool ok = false;
        for (int a = 0; a < max_attempts && !ok; ++a) {
            Rng rng(fallback_attempt_seed(code, static_cast<std::uint32_t>(a)));
            ok = solve_room_attempt(width, height, e, rng, max_iterations).solved;
            ++r.attempts;
            if (ok && a == 0) ++r.first_attempt;
        }
        if (ok)
            ++r.solved;
        else
            r.unsolved.push_back(e);
    }
    return r;
}

std::vector<RoomSize> thesis_room_sizes() {
    std::vector<RoomSize> sizes = {{4, 4}, {5, 5}};
    for (int w = 5; w <= 11; ++w)
        for (int h = 6; h <= 7; ++h) sizes.push_back({w, h});
    return sizes;
}

}  // namespace sawtooth
