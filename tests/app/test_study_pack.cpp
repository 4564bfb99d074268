// `sawtooth --thesis-session --pack FILE` (docs/curation.md "Packs") through the real binary: the study
// session plays the two tutorials, then the pack's levels in the pack's order (its own count, not ten), each
// recorded as a study level exactly as a drawn one is (seed, parameters and level hash, so `sawtooth-lab
// replay --regenerate --verify` rebuilds and re-simulates each) and rated after it. A pack from the future is
// refused by `--pack` and by `--thesis-session --pack` alike with one line before any database is created.
#include "../support/lab_cli.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/generator.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace sawtooth;

namespace {

const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";

/// Three levels of different shapes, none the study would draw.
telemetry::Pack three_level_pack() {
    telemetry::Pack pack;
    pack.name = "Three";
    GenParams maze;
    maze.seed = 11;
    GenParams linear;
    linear.seed = 5;
    linear.layout = Layout::Linear;
    linear.rooms_w = 4, linear.rooms_h = 2, linear.level_index = 3;
    GenParams small;
    small.seed = 12;
    small.rooms_w = 3, small.rooms_h = 2, small.level_index = 7;
    for (const GenParams& p : {maze, linear, small}) {
        telemetry::PackLevel l;
        l.params = p;
        l.level_hash = level_hash(generate_level(p).level);
        pack.levels.push_back(l);
    }
    return pack;
}

test::ProcessResult study_game(const fs::path& dir, const std::vector<std::string>& extra) {
    test::ProcessSettings ps;
    ps.env = {"XDG_DATA_HOME=" + dir.string(), "XDG_CONFIG_HOME=" + dir.string()};
    std::vector<std::string> args = {"--headless", "--db", (dir / "s.db").string(), "--session-seed", "42"};
    args.insert(args.end(), extra.begin(), extra.end());
    return test::run_process(sawtooth::test::game_binary(), args, ps);
}

struct Recorded {
    std::string kind, seed, layout, hash;
    std::int64_t rooms_w = 0, level_index = 0, ratings = 0;
};

std::vector<Recorded> recorded_levels(const fs::path& db) {
    telemetry::Store store = telemetry::Store::open_read_only(db.string());
    telemetry::Statement st(
        store.db(),
        "SELECT l.kind, coalesce(l.seed, ''), coalesce(l.layout, ''), l.level_hash, "
        "coalesce(l.rooms_w, 0), coalesce(l.level_index, 0), "
        "(SELECT count(*) FROM ratings r WHERE r.level_id = l.level_id), s.mode "
        "FROM levels l JOIN sessions s ON s.session_id = l.session_id ORDER BY l.level_id");
    std::vector<Recorded> out;
    while (st.step()) {
        CHECK(st.text(7) == "study");
        out.push_back(
            {st.text(0), st.text(1), st.text(2), st.text(3), st.int64(4), st.int64(5), st.int64(6)});
    }
    return out;
}

}  // namespace

TEST_CASE(
    "--thesis-session --pack plays the tutorials, then the pack's levels in order, recorded and rated") {
    const fs::path dir = test::scratch_dir("sawtooth_study_pack");
    const fs::path pack_file = dir / "three.json";
    const telemetry::Pack pack = three_level_pack();
    telemetry::write_pack(pack_file.string(), pack);
    // Card 1 Start, Tab skips tutorial 1; the same for tutorial 2 (not rated); then per pack
    // level: Start, Tab skips it, Esc skips its rating. After the third, the results.
    const std::string keys =
        "2:confirm,4:skip,6:confirm,8:skip,10:confirm,12:skip,14:pause,16:confirm,18:skip,20:pause,22:"
        "confirm,24:skip,26:pause";
    const test::ProcessResult r = study_game(dir, {"--thesis-session", "--pack", pack_file.string(),
                                                   "--menu-keys", keys, "--frames", "30", "--print-screen"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: results") != std::string::npos);
    const std::vector<Recorded> rows = recorded_levels(dir / "s.db");
    REQUIRE(rows.size() == 5);
    CHECK(rows[0].kind == "tutorial");
    CHECK(rows[1].kind == "tutorial");
    for (std::size_t i = 0; i < pack.levels.size(); ++i) {
        const Recorded& got = rows[i + 2];
        const telemetry::PackLevel& want = pack.levels[i];
        INFO("pack level ", i + 1);
        CHECK(got.kind == "generated");
        CHECK(got.seed == std::to_string(want.params.seed));
        CHECK(got.hash == telemetry::hex64(want.level_hash));
        CHECK(got.layout == layout_name(want.params.layout));
        CHECK(got.rooms_w == want.params.rooms_w);
        CHECK(got.level_index == want.params.level_index);
        CHECK(got.ratings == 1);
    }
    CHECK(rows[0].ratings == 0);  // tutorials are not rated
    // Each recorded level rebuilds from its seed and replays exactly, as a drawn one does.
    const test::ProcessResult v = test::run_process(
        kLab, {"replay", "--db", (dir / "s.db").string(), "--session", "1", "--regenerate", "--verify"});
    INFO(v.out, v.err);
    CHECK(v.exit_code == 0);
}

TEST_CASE("--thesis-session without --pack still draws its ten levels") {
    const fs::path dir = test::scratch_dir("sawtooth_study_drawn");
    const test::ProcessResult r =
        study_game(dir, {"--thesis-session", "--menu-keys", "2:confirm,4:skip,6:confirm,8:skip,10:confirm",
                         "--frames", "14", "--print-screen"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: level") != std::string::npos);
    const std::vector<Recorded> rows = recorded_levels(dir / "s.db");
    REQUIRE(rows.size() == 3);
    CHECK(rows[2].layout == "linear");
    CHECK(rows[2].level_index == 1);
}

TEST_CASE("a pack from the future is refused by --pack and by --thesis-session --pack, creating nothing") {
    const fs::path dir = test::scratch_dir("sawtooth_study_pack_future");
    const fs::path future = dir / "future.json";
    nlohmann::json doc = telemetry::pack_json(three_level_pack());
    doc["format_version"] = telemetry::kPackFormatVersion + 1;
    std::ofstream(future) << doc.dump(2);
    for (const std::vector<std::string>& flags :
         {std::vector<std::string>{"--pack", future.string()},
          std::vector<std::string>{"--thesis-session", "--pack", future.string()}}) {
        std::vector<std::string> args = flags;
        args.insert(args.end(), {"--frames", "5"});
        const test::ProcessResult r = study_game(dir, args);
        INFO(flags.front(), ": ", r.err);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("future.json: pack format version " +
                         std::to_string(telemetry::kPackFormatVersion + 1) + " is newer") !=
              std::string::npos);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(!fs::exists(dir / "s.db"));
    }
}
