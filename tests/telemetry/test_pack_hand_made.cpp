// Hand-made levels in level packs (telemetry/curation/pack.hpp, format version 2): written
// as their level text, read back equal; a pack of generated levels only is still written as
// version 1 so older builds read it; a version 1 pack with a level kind, a pack from the
// future and a hand-edited level text are refused with one line naming the problem.
#include "../support/read_file.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/level_edit.hpp"
#include "telemetry/curation/pack.hpp"

#include <doctest/doctest.h>

#include <fstream>

using namespace sawtooth;
using namespace sawtooth::telemetry;

namespace {

const std::filesystem::path kHandMadeDir = test::scratch_dir("sawtooth_test_pack_hand_made");

std::string write_doc(const std::string& name, const nlohmann::json& doc) {
    const std::string path = (kHandMadeDir / name).string();
    std::ofstream(path) << doc.dump(2);
    return path;
}

Pack mixed_pack() {
    Pack pack;
    pack.name = "mixed";
    PackLevel generated;
    generated.params.seed = 7;
    generated.level_hash = level_hash(generate_level(generated.params).level);
    pack.levels.push_back(generated);
    Level l = new_empty_level(12, 6);
    REQUIRE(paint_cell(l, {6, 1}, Cell::Solid).changed);
    pack.levels.push_back(hand_made_pack_level(l, "bump.txt"));
    return pack;
}

}  // namespace

TEST_CASE("a pack with a hand-made level is version 2 and reads back equal") {
    const Pack pack = mixed_pack();
    const std::string path = (kHandMadeDir / "mixed.json").string();
    write_pack(path, pack);
    const nlohmann::json doc = nlohmann::json::parse(test::read_file(path));
    CHECK(doc["format_version"] == 2);
    CHECK(doc["levels"][1]["kind"] == "level_text");
    const Pack back = read_pack(path);
    REQUIRE(back.levels.size() == 2);
    CHECK(!back.levels[0].hand_made());
    CHECK(back.levels[1].hand_made());
    CHECK(back.levels[1].name == "bump.txt");
    CHECK(pack_level_title(back.levels[1]) == "bump.txt");
    CHECK(pack_level_title(back.levels[0]) == "seed 7");
    const Level played = pack_level(back.levels[1], "test");
    CHECK(played.solid(6, 1));
    CHECK(level_hash(played) == pack.levels[1].level_hash);
    CHECK(pack_json(back) == pack_json(pack));
}

TEST_CASE("a pack of generated levels only is still written as version 1") {
    Pack pack = mixed_pack();
    pack.levels.pop_back();
    CHECK(pack_json(pack)["format_version"] == 1);
    CHECK(!pack_json(pack)["levels"][0].contains("kind"));
}

TEST_CASE("hand-made entries are refused when from the future, in a version 1 pack or edited") {
    const nlohmann::json good = pack_json(mixed_pack());

    nlohmann::json future = good;
    future["format_version"] = 3;
    CHECK_THROWS_WITH_AS(read_pack(write_doc("future.json", future)),
                         doctest::Contains("pack format version 3 is newer than this build's 2"), PackError);

    nlohmann::json old = good;
    old["format_version"] = 1;
    CHECK_THROWS_WITH_AS(read_pack(write_doc("old.json", old)),
                         doctest::Contains("/levels/1/kind: level kinds need pack format version 2"),
                         PackError);

    nlohmann::json kind = good;
    kind["levels"][1]["kind"] = "drawing";
    CHECK_THROWS_WITH_AS(read_pack_fields(write_doc("kind.json", kind)), doctest::Contains("/levels/1/kind"),
                         PackError);

    nlohmann::json edited = good;
    std::string text = edited["levels"][1]["level_text"];
    text.replace(text.find("#..........#"), 12, "#.........##");  // one cell walled by hand
    edited["levels"][1]["level_text"] = text;
    CHECK_THROWS_WITH_AS(read_pack(write_doc("edited.json", edited)), doctest::Contains("edited by hand?"),
                         PackError);

    nlohmann::json broken = good;
    broken["levels"][1]["level_text"] = "sawtooth-level 1\ngrid 3 3\n###\n#S#\n";
    CHECK_THROWS_WITH_AS(read_pack(write_doc("broken.json", broken)),
                         doctest::Contains("level 2 (bump.txt): level text line 5, column 1"), PackError);
}
