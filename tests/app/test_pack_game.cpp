// `sawtooth --pack FILE` (docs/curation.md "Packs") through the real binary: a 2-level pack plays
// its levels in order, each recorded like a free-play level with the rating screen after
// it, and a pack the reader refuses stops the game with one line before anything opens.
#include "../support/lab_cli.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/generator.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace sawtooth;

namespace {

telemetry::Pack two_level_pack() {
    telemetry::Pack pack;
    pack.name = "Two";
    for (std::uint64_t seed : {11u, 12u}) {
        telemetry::PackLevel l;
        l.params.seed = seed;
        l.level_hash = level_hash(generate_level(l.params).level);
        pack.levels.push_back(l);
    }
    return pack;
}

test::ProcessResult play(const fs::path& dir, const fs::path& pack, const std::string& keys, int frames) {
    test::ProcessSettings ps;
    ps.env = {"XDG_DATA_HOME=" + dir.string(), "XDG_CONFIG_HOME=" + dir.string()};
    return test::run_process(sawtooth::test::game_binary(),
                             {"--headless", "--db", (dir / "s.db").string(), "--pack", pack.string(),
                              "--menu-keys", keys, "--frames", std::to_string(frames), "--print-screen"},
                             ps);
}

}  // namespace

TEST_CASE("--pack plays both levels in order, recorded as free play and rated") {
    const fs::path dir = test::scratch_dir("sawtooth_pack_game");
    const fs::path pack = dir / "two.json";
    telemetry::write_pack(pack.string(), two_level_pack());
    // Level 1 starts at once; Esc, Down Down "Back to pack", Enter leaves it; the rating
    // screen's Esc skips; Play starts level 2, left and skipped the same way.
    const std::string keys =
        "10:pause,12:down,14:down,16:confirm,20:pause,24:confirm,34:pause,36:down,38:down,40:confirm,44:"
        "pause";
    const test::ProcessResult r = play(dir, pack, keys, 50);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: pack") != std::string::npos);
    telemetry::Store store = telemetry::Store::open_read_only((dir / "s.db").string());
    telemetry::Statement st(
        store.db(),
        "SELECT l.seed, s.mode, (SELECT count(*) FROM ratings r WHERE r.level_id = l.level_id) "
        "FROM levels l JOIN sessions s ON s.session_id = l.session_id ORDER BY l.level_id");
    std::vector<std::string> seeds;
    while (st.step()) {
        seeds.push_back(st.text(0));
        CHECK(st.text(1) == "free");
        CHECK(st.int64(2) == 1);
    }
    CHECK(seeds == std::vector<std::string>{"11", "12"});
}

TEST_CASE("--pack refuses a stale pack with one line naming the level") {
    const fs::path dir = test::scratch_dir("sawtooth_pack_game_stale");
    const fs::path pack = dir / "stale.json";
    telemetry::Pack p = two_level_pack();
    p.levels[1].level_hash ^= 1;
    telemetry::write_pack(pack.string(), p);
    const test::ProcessResult r = play(dir, pack, "", 5);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("stale.json: level 2 (seed 12): generates level hash") != std::string::npos);
    CHECK(!fs::exists(dir / "s.db"));
}
