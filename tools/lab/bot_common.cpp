#include "tools/lab/bot_common.hpp"

#include "game/bot/expert_bot.hpp"
#include "gen/rng.hpp"
#include "telemetry/store/level_file.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"

#include <thread>

namespace sawtooth::lab {

std::vector<Level> read_level_files(const std::vector<std::string>& paths) {
    std::vector<Level> levels;
    for (const std::string& path : paths) levels.push_back(telemetry::read_level_file(path));
    return levels;
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
    // Same arithmetic as game/app/study/study_session.cpp (splitmix64 advances its argument).
    std::uint64_t kk = static_cast<std::uint64_t>(k);
    std::uint64_t s = session_seed ^ splitmix64(kk);
    return study_params_for_seed(splitmix64(s), k);
}

std::vector<int> parse_level_indices(const std::string& text) {
    std::vector<int> indices;
    if (text == "all") {
        for (int i = 1; i <= 10; ++i) indices.push_back(i);
        return indices;
    }
    const int i = parse_int(text, "--level-index");
    if (i < 1 || i > 10) throw LabError("bad --level-index '" + text + "': expected 1..10 or all");
    indices.push_back(i);
    return indices;
}

LevelProof prove_generated(const Level& level, std::uint64_t seed, int max_ticks) {
    LevelProof o;
    o.generated = true;
    const bot::SkillProfile expert = bot::expert_skill();
    bot::BotSettings settings;
    settings.max_ticks = max_ticks;
    const bot::PlayResult f = bot::play_level(level, expert, seed, settings);
    o.forward = f.end == bot::PlayEnd::Exit;
    o.forward_ticks = f.ticks;
    const bot::PlayResult b = bot::play_level(bot::reversed_level(level), expert, seed, settings);
    o.backward = b.end == bot::PlayEnd::Exit;
    o.backward_ticks = b.ticks;
    o.deaths = f.deaths + b.deaths;
    if (!o.forward) o.note += std::string("start->exit ") + bot::play_end_name(f.end) + ": " + f.note + "; ";
    if (!o.backward) o.note += std::string("exit->start ") + bot::play_end_name(b.end) + ": " + b.note;
    if (!o.forward || !o.backward) o.level_text = to_level_text(level);
    return o;
}

LevelProof prove_level(const GenParams& params, int max_ticks) {
    const GeneratedLevel g = generate_level(params);
    if (!g.ok) {
        LevelProof o;
        o.note = "generation failed: " + g.error;
        return o;
    }
    return prove_generated(g.level, params.seed, max_ticks);
}

}  // namespace sawtooth::lab
