#include "tools/lab/bot_common.hpp"

#include "gen/rng.hpp"
#include "tools/lab/commands.hpp"

#include <charconv>
#include <thread>

namespace sawtooth::lab {

namespace {
bool parse_u64(std::string_view s, std::uint64_t& v) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && ec == std::errc() && p == s.data() + s.size();
}
}  // namespace

std::pair<std::uint64_t, std::uint64_t> parse_seed_range(const std::string& text) {
    const auto dots = text.find("..");
    std::uint64_t a = 0, b = 0;
    const bool ok = dots == std::string::npos ? parse_u64(text, a) && ((b = a), true)
                                              : parse_u64(std::string_view(text).substr(0, dots), a) &&
                                                    parse_u64(std::string_view(text).substr(dots + 2), b);
    if (!ok || b < a) throw LabError("bad --seeds '" + text + "': expected A..B with A <= B, or one seed");
    return {a, b};
}

int parse_int(const std::string& text, const char* flag) {
    int v = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || p != text.data() + text.size())
        throw LabError(std::string("bad ") + flag + " '" + text + "': expected an integer");
    return v;
}

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
