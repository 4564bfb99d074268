// Free play's "Adaptive" entry (docs/difficulty.md §12) through the real binary: with a model it
// plays a level chosen by the adaptive chooser, records it like free play, updates the skill
// estimate from the level's events and chooses the second level from them -- the same one
// the library chooses from the recorded events; without a model the entry is off and says why.
#include "../support/lab_cli.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace sawtooth;

namespace {

// Title: Down to Free play, Enter; free play: Up Up to Adaptive, Enter; the card: Enter
// plays level 1; Esc, Down Down "Back to adaptive", Enter leaves it; Esc skips the rating;
// Enter plays level 2, left and rated the same way.
const std::string kTwoLevels =
    "2:down,4:confirm,6:up,8:up,10:confirm,14:confirm,24:pause,26:down,28:down,30:confirm,34:pause,"
    "38:confirm,48:pause,50:down,52:down,54:confirm,58:pause";

test::ProcessResult game(const fs::path& dir, const std::vector<std::string>& extra, const std::string& keys,
                         int frames) {
    test::ProcessSettings ps;
    ps.env = {"XDG_DATA_HOME=" + dir.string(), "XDG_CONFIG_HOME=" + dir.string()};
    std::vector<std::string> args{"--headless", "--db",     (dir / "s.db").string(), "--menu-keys",
                                  keys,         "--frames", std::to_string(frames),  "--print-screen"};
    args.insert(args.end(), extra.begin(), extra.end());
    return test::run_process(test::game_binary(), args, ps);
}

}  // namespace

TEST_CASE("Adaptive plays a chosen level, records it, and chooses the second from its events") {
    const fs::path dir = test::scratch_dir("sawtooth_adaptive_game");
    const std::string model_file = (dir / "model.json").string();
    analysis::save_model(analysis::thesis_reference_model(), model_file);
    const test::ProcessResult r = game(dir, {"--model", model_file}, kTwoLevels, 62);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: adaptive") != std::string::npos);

    telemetry::Store store = telemetry::Store::open_read_only((dir / "s.db").string());
    telemetry::Statement st(store.db(),
                            "SELECT l.level_id, l.seed, s.mode, l.room_w, l.room_h FROM levels l JOIN "
                            "sessions s ON s.session_id = "
                            "l.session_id ORDER BY l.level_id");
    std::vector<std::int64_t> ids;
    std::vector<std::string> seeds;  // "seed WxH": the candidates hold each seed in two room sizes
    while (st.step()) {
        ids.push_back(st.int64(0));
        seeds.push_back(st.text(1) + " " + st.text(3) + "x" + st.text(4));
        CHECK(st.text(2) == "free");
    }
    REQUIRE(ids.size() == 2);
    CHECK(seeds[0] != seeds[1]);

    // The library's run from the recorded events of level 1 chooses the recorded level 2.
    auto model = std::make_shared<const analysis::ChallengeModel>(analysis::thesis_reference_model());
    const analysis::AdaptiveSettings settings{};
    auto candidates = std::make_shared<const std::vector<analysis::CandidateLevel>>(
        analysis::make_candidates(settings, *model));
    analysis::AdaptiveRun run(settings, model, candidates);
    const auto chosen = [&] {
        const GenParams& p = run.candidate(run.next_level()).params;
        return std::to_string(p.seed) + " " + std::to_string(p.room_w) + "x" + std::to_string(p.room_h);
    };
    CHECK(chosen() == seeds[0]);
    run.record_outcome(telemetry::load_recording(store, ids[0]).events);
    CHECK(chosen() == seeds[1]);
}

TEST_CASE("without a model the Adaptive entry is off and says why") {
    const fs::path dir = test::scratch_dir("sawtooth_adaptive_game_off");
    const test::ProcessResult r = game(dir, {}, "2:down,4:confirm,6:up,8:up,10:confirm", 14);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: free-play") != std::string::npos);
}
