#include "tools/lab/bot_common.hpp"

#include "gen/rng.hpp"

#include <thread>

namespace sawtooth::lab {

int worker_count(int requested) {
    if (requested > 0) return requested;
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

GenParams study_params_for_seed(std::uint64_t seed, int level_index) {
    GenParams p;
    p.seed = seed;
    p.layout = Layout::Linear;
    p.rooms_w = kStudyRoomsW;
    p.rooms_h = kStudyRoomsH;
    p.room_w = kStudyRoomW;
    p.room_h = kStudyRoomH;
    p.level_index = level_index;
    p.alpha = kStudyAlpha;
    return p;
}

GenParams study_level_params(std::uint64_t session_seed, int k) {
    // Same arithmetic as game/app/study_session.cpp (splitmix64 advances its argument).
    std::uint64_t kk = static_cast<std::uint64_t>(k);
    std::uint64_t s = session_seed ^ splitmix64(kk);
    return study_params_for_seed(splitmix64(s), k);
}

}  // namespace sawtooth::lab
