// Study protocol files (telemetry/study/study_protocol.hpp): the committed example reads, its hash
// is stable under reformatting; every impossible design is one line naming the file, the
// JSON pointer and the problem; assignment and level order are pure functions of the
// participant (Latin-square property tests over many sizes).
#include "../support/scratch_dir.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

using namespace sawtooth;
using namespace sawtooth::telemetry;
namespace fs = std::filesystem;

namespace {

const std::string kExample = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/studies/pack_vs_seeds.json";
const std::string kStarter = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/packs/starter.json";

nlohmann::json example_doc() {
    std::ifstream in(kExample);
    return nlohmann::json::parse(in);
}

const fs::path& scratch() {
    static const fs::path dir = sawtooth::test::scratch_dir("sawtooth_study_protocol");
    return dir;
}

std::string write(const std::string& name, const std::string& text) {
    const std::string path = (scratch() / name).string();
    std::ofstream(path) << text;
    return path;
}

// The example with its pack named by absolute path (it moves to the scratch folder).
nlohmann::json movable_example() {
    nlohmann::json doc = example_doc();
    doc["conditions"][0]["levels"]["pack"] = kStarter;
    return doc;
}

// The message read_protocol gives for `doc`, written as `name`; "" when it is accepted.
std::string error_of(const nlohmann::json& doc, const std::string& name = "bad.json") {
    const std::string path = write(name, doc.dump(2));
    try {
        (void)read_protocol(path);
    } catch (const ProtocolError& e) {
        return e.what();
    }
    return "";
}

nlohmann::json curve_levels() {
    return {
        {"type", "curve"}, {"curve", "rising"}, {"count", 5}, {"model", "model.json"}, {"seeds", "1..500"}};
}

nlohmann::json adaptive_levels() {
    return {
        {"type", "adaptive"}, {"count", 8}, {"target", 0.7}, {"model", "model.json"}, {"seeds", "1..500"}};
}

}  // namespace

TEST_CASE("the committed example protocol reads with its design") {
    const StudyProtocol p = read_protocol(kExample);
    CHECK(p.name == "Starter pack against drawn levels");
    CHECK(p.tutorials);
    CHECK_FALSE(p.ratings);
    REQUIRE(p.conditions.size() == 2);
    CHECK(p.conditions[0].name == "starter");
    CHECK(p.conditions[0].levels.kind == ConditionKind::Pack);
    CHECK(p.conditions[0].level_count() == 10);
    CHECK(p.conditions[1].levels.kind == ConditionKind::Seeds);
    CHECK(p.conditions[1].level_count() == 6);
    CHECK(p.conditions[1].levels.seeds[2].seed == 13);
    CHECK(p.conditions[1].order == LevelOrder::LatinSquare);
    CHECK(p.assignment.kind == AssignmentKind::Balanced);
    REQUIRE(p.questionnaires.size() == 2);
    CHECK(p.questionnaires[0].placement.after_levels == std::vector<int>{3});
    CHECK(p.questionnaires[0].items[1].options.size() == 3);
    CHECK(p.questionnaires[1].placement.when == QuestionnairePlacement::When::AtEnd);
    CHECK(p.questionnaires[1].items[0].anchors.size() == 5);
    REQUIRE(p.breaks.size() == 1);
    CHECK(p.breaks[0].after_level == 4);
    CHECK(p.hash.size() == 16);
    CHECK(p.find_condition("linear") == &p.conditions[1]);
    CHECK(p.find_condition("nope") == nullptr);
}

TEST_CASE("the protocol hash is the canonical document's: layout does not change it, a value does") {
    const nlohmann::json doc = movable_example();
    const std::string compact = read_protocol(write("compact.json", doc.dump())).hash;
    CHECK(read_protocol(write("pretty.json", doc.dump(4))).hash == compact);
    CHECK(protocol_hash(doc) == compact);
    nlohmann::json changed = doc;
    changed["questionnaires"][0]["items"][0]["points"] = 5;
    CHECK(read_protocol(write("changed.json", changed.dump())).hash != compact);
    // A reordered object is the same document.
    const std::string reordered =
        R"({"name":"n","format_version":1,"format":"sawtooth-study-protocol","consent":"c",)"
        R"("assignment":{"type":"random"},"conditions":[{"levels":{"type":"pack","pack":")" +
        kStarter + R"("},"name":"a"}]})";
    const std::string ordered =
        R"({"format":"sawtooth-study-protocol","format_version":1,"name":"n","consent":"c",)"
        R"("conditions":[{"name":"a","levels":{"pack":")" +
        kStarter + R"(","type":"pack"}}],"assignment":{"type":"random"}})";
    CHECK(read_protocol(write("r1.json", reordered)).hash == read_protocol(write("r2.json", ordered)).hash);
}

TEST_CASE("curve and adaptive conditions are parsed and checked") {
    write("model.json", "{}");
    nlohmann::json doc = movable_example();
    doc["order"] = "fixed";
    doc["conditions"][1]["levels"] = curve_levels();
    doc["conditions"].push_back({{"name", "adaptive"}, {"levels", adaptive_levels()}});
    doc["questionnaires"][0]["after_level"] = {3, 5};
    const std::string path = write("curve.json", doc.dump());
    const StudyProtocol p = read_protocol(path);
    REQUIRE(p.conditions.size() == 3);
    const ConditionLevels& c = p.conditions[1].levels;
    CHECK(c.kind == ConditionKind::Curve);
    CHECK(c.curve_shape == telemetry::CurveShape::Rising);
    CHECK(c.count == 5);
    CHECK(c.model_file == (scratch() / "model.json").string());
    REQUIRE(c.seed_range);
    CHECK(c.seed_range->last == 500);
    const ConditionLevels& a = p.conditions[2].levels;
    CHECK(a.kind == ConditionKind::Adaptive);
    CHECK(a.target == doctest::Approx(0.7));
    CHECK(p.conditions[2].level_count() == 8);

    doc["conditions"][1]["levels"]["curve"] = {0.1, 0.2, 0.3, 0.4, 0.5};
    CHECK(error_of(doc) == "");
}

/// A broken protocol: what is wrong, the edit of the example that breaks it, and the words
/// the one-line error must hold.
struct BadDesign {
    const char* what;
    std::function<void(nlohmann::json&)> edit;
    std::string expected;
};

/// Fields, names, assignment, questionnaires, breaks and the format version.
std::vector<BadDesign> bad_study_designs() {
    return {
        {"unknown top-level field", [](auto& d) { d["colour"] = "red"; }, "at /colour: unknown field"},
        {"fixed assignment naming no condition",
         [](auto& d) {
             d["assignment"] = {{"type", "fixed"}};
         },
         "at /assignment: a fixed assignment must name its \"condition\""},
        {"fixed assignment naming an unknown condition",
         [](auto& d) {
             d["assignment"] = {{"type", "fixed"}, {"condition", "nope"}};
         },
         "at /assignment/condition: no condition named 'nope'"},
        {"questionnaire past the end",
         [](auto& d) {
             d["questionnaires"][0]["after_level"] = {3, 8};
         },
         "at /questionnaires/0/after_level/1: level 8 is past the end of condition 'linear' (6 levels)"},
        {"break after the last level", [](auto& d) { d["breaks"][0]["after_level"] = 6; },
         "at /breaks/0/after_level: level 6 is the last of condition 'linear' (6 levels): a break needs a "
         "level "
         "after it"},
        {"two conditions of one name", [](auto& d) { d["conditions"][1]["name"] = "starter"; },
         "at /conditions/1/name: a second condition named 'starter'"},
        {"two items of one id", [](auto& d) { d["questionnaires"][1]["items"][0]["id"] = "fun"; },
         "at /questionnaires/1/items/0/id: a second item named 'fun'"},
        {"wrong anchors",
         [](auto& d) {
             d["questionnaires"][0]["items"][0]["anchors"] = {"a", "b", "c"};
         },
         "at /questionnaires/0/items/0/anchors: expected 2 anchors (the ends) or one per point (7)"},
        {"no placement", [](auto& d) { d["questionnaires"][1].erase("at_end"); },
         "at /questionnaires/1: expected exactly one of"},
        {"newer format", [](auto& d) { d["format_version"] = 2; },
         "study protocol format version 2 is newer"},
    };
}

/// A condition's levels: packs, seed levels, curves and adaptive settings.
std::vector<BadDesign> bad_condition_levels() {
    return {
        {"unknown field of a seeds level",
         [](auto& d) { d["conditions"][1]["levels"]["levels"][0]["speed"] = 2; },
         "at /conditions/1/levels/levels/0/speed: unknown field"},
        {"missing pack", [](auto& d) { d["conditions"][0]["levels"]["pack"] = "missing.json"; },
         "at /conditions/0/levels/pack: no file '"},
        {"count <= 0",
         [](auto& d) {
             d["order"] = "fixed";
             d["conditions"][1]["levels"] = curve_levels();
             d["conditions"][1]["levels"]["count"] = 0;
         },
         "at /conditions/1/levels/count: expected an integer in 1..1000, got 0"},
        {"target outside (0, 1)",
         [](auto& d) {
             d["order"] = "fixed";
             d["conditions"][1]["levels"] = adaptive_levels();
             d["conditions"][1]["levels"]["target"] = 1.0;
         },
         "at /conditions/1/levels/target: expected a success probability in (0, 1)"},
        {"latin square over an adaptive condition",
         [](auto& d) { d["conditions"][1]["levels"] = adaptive_levels(); },
         "at /order: condition 'linear' is of type \"adaptive\""},
        {"curve points and count disagree",
         [](auto& d) {
             d["order"] = "fixed";
             d["conditions"][1]["levels"] = curve_levels();
             d["conditions"][1]["levels"]["curve"] = {0.1, 0.2};
         },
         "at /conditions/1/levels/curve: holds 2 target difficulties, count is 5"},
        {"seed range smaller than count",
         [](auto& d) {
             d["conditions"][1]["order"] = "fixed";
             d["conditions"][1]["levels"] = adaptive_levels();
             d["conditions"][1]["levels"]["seeds"] = "10..12";
         },
         "at /conditions/1/levels/seeds: the range holds 3 seeds, fewer than count 8"},
        {"missing model",
         [](auto& d) {
             d["conditions"][1]["order"] = "fixed";
             d["conditions"][1]["levels"] = adaptive_levels();
             d["conditions"][1]["levels"]["model"] = "none.json";
         },
         "at /conditions/1/levels/model: no file '"},
        {"bad seed level", [](auto& d) { d["conditions"][1]["levels"]["levels"][0]["rooms_w"] = 0; },
         "at /conditions/1/levels/levels/0/rooms_w: expected an integer in 1..16, got 0"},
    };
}

std::vector<BadDesign> bad_designs() {
    std::vector<BadDesign> all = bad_study_designs();
    for (BadDesign& c : bad_condition_levels()) all.push_back(std::move(c));
    return all;
}

TEST_CASE("an impossible or misspelt protocol is one line naming the file, the pointer and the problem") {
    write("model.json", "{}");
    for (const BadDesign& c : bad_designs()) {
        const std::string what = c.what;
        CAPTURE(what);
        nlohmann::json doc = movable_example();
        c.edit(doc);
        const std::string err = error_of(doc);
        CAPTURE(err);
        CHECK(err.rfind((scratch() / "bad.json").string() + ": ", 0) == 0);
        CHECK(err.find(c.expected) != std::string::npos);
        CHECK(err.find('\n') == std::string::npos);
    }
}

TEST_CASE("a stale pack, a file that is not JSON and a missing file are refused") {
    nlohmann::json pack;
    {
        std::ifstream in(kStarter);
        pack = nlohmann::json::parse(in);
    }
    pack["levels"][2]["level_hash"] = "0123456789abcdef";
    write("stale.json", pack.dump());
    nlohmann::json doc = movable_example();
    doc["conditions"][0]["levels"]["pack"] = "stale.json";
    const std::string err = error_of(doc);
    CHECK(err.find("at /conditions/0/levels/pack: ") != std::string::npos);
    CHECK(err.find("level 3") != std::string::npos);
    CHECK(err.find("the pack stores 0123456789abcdef") != std::string::npos);
    // Without generating, the fields alone pass.
    CHECK_NOTHROW(read_protocol(write("stale_ok.json", doc.dump()), {.generate_levels = false}));

    CHECK_THROWS_WITH_AS(read_protocol(write("text.json", "{\"format\": ")), doctest::Contains("not JSON"),
                         ProtocolError);
    CHECK_THROWS_WITH_AS(read_protocol((scratch() / "absent.json").string()),
                         doctest::Contains("cannot open"), ProtocolError);
}

TEST_CASE("assign_condition: fixed, random by participant id, balanced by the counts so far") {
    StudyProtocol p = read_protocol(kExample);
    p.assignment = {AssignmentKind::Fixed, "linear"};
    CHECK(assign_condition(p, {"P-AAAA-AAAA", 1}, {0, 0}) == 1);

    p.assignment = {AssignmentKind::Balanced, ""};
    CHECK(assign_condition(p, {"P-A", 1}, {0, 0}) == 0);  // ties by order
    CHECK(assign_condition(p, {"P-A", 1}, {3, 2}) == 1);
    CHECK(assign_condition(p, {"P-A", 1}, {2, 3}) == 0);

    p.assignment = {AssignmentKind::Random, ""};
    std::map<int, int> seen;
    for (int i = 0; i < 200; ++i) {
        const std::string id = "P-" + std::to_string(1000 + i);
        const int c = assign_condition(p, {id, i + 1}, {0, 0});
        CHECK(c == assign_condition(p, {id, 99}, {50, 0}));  // the id alone decides
        ++seen[c];
    }
    REQUIRE(seen.size() == 2);
    // 200 fair draws: each side within 100 +- 40 (about 5.7 standard deviations).
    CHECK(seen[0] > 60);
    CHECK(seen[1] > 60);
}

TEST_CASE("level_order: fixed as listed, shuffled by the participant id") {
    CHECK(level_order(LevelOrder::Fixed, 4, {"P-A", 3}) == std::vector<int>{0, 1, 2, 3});
    const auto a = level_order(LevelOrder::Shuffled, 10, {"P-A", 1});
    CHECK(a == level_order(LevelOrder::Shuffled, 10, {"P-A", 7}));
    std::vector<int> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == level_order(LevelOrder::Fixed, 10, {"P-A", 1}));
    int differing = 0;
    for (int i = 0; i < 20; ++i)
        differing += level_order(LevelOrder::Shuffled, 10, {"P-" + std::to_string(i), 1}) != a;
    CHECK(differing >= 19);
}

TEST_CASE("the balanced Latin square: permutations, Latin columns, neighbours balanced (n = 1..12)") {
    for (int n = 1; n <= 12; ++n) {
        CAPTURE(n);
        const int rows = balanced_latin_square_rows(n);
        CHECK(rows == (n % 2 == 0 ? n : 2 * n));
        std::vector<std::vector<int>> column_counts(static_cast<std::size_t>(n), std::vector<int>(n, 0));
        std::map<std::pair<int, int>, int> neighbours;
        for (int r = 0; r < rows; ++r) {
            const auto row = level_order(LevelOrder::LatinSquare, n, {"P-X", r + 1});
            CHECK(row == balanced_latin_square_row(n, r));
            CHECK(std::set<int>(row.begin(), row.end()).size() == static_cast<std::size_t>(n));
            for (int j = 0; j < n; ++j) ++column_counts[j][row[j]];
            for (int j = 0; j + 1 < n; ++j) ++neighbours[{row[j], row[j + 1]}];
            // Participant numbers cycle through the rows.
            CHECK(level_order(LevelOrder::LatinSquare, n, {"P-Y", r + 1 + rows}) == row);
        }
        for (const auto& col : column_counts)
            for (int count : col) CHECK(count == rows / n);
        if (n >= 2) {
            CHECK(neighbours.size() == static_cast<std::size_t>(n * (n - 1)));
            for (const auto& [pair, count] : neighbours) CHECK(count == rows / n);
        }
    }
}

TEST_CASE("protocol seeds: the whole unsigned 64-bit range, and one line for a bad seed") {
    write("model.json", "{}");
    nlohmann::json doc = movable_example();
    doc["conditions"][1]["order"] = "fixed";
    doc["conditions"][1]["levels"] = adaptive_levels();
    doc["conditions"][1]["levels"]["seeds"] = "18446744073709551600..18446744073709551615";
    const StudyProtocol p = read_protocol(write("top_seeds.json", doc.dump()));
    REQUIRE(p.conditions[1].levels.seed_range);
    CHECK(p.conditions[1].levels.seed_range->first == 18446744073709551600ull);
    CHECK(p.conditions[1].levels.seed_range->last == 18446744073709551615ull);

    nlohmann::json listed = movable_example();
    listed["conditions"][1]["levels"]["levels"][0]["seed"] = 18446744073709551615ull;
    listed["conditions"][1]["levels"]["levels"][1]["seed"] = 9223372036854775808ull;
    const StudyProtocol q = read_protocol(write("listed_seeds.json", listed.dump()));
    CHECK(q.conditions[1].levels.seeds[0].seed == 18446744073709551615ull);
    CHECK(q.conditions[1].levels.seeds[1].seed == 9223372036854775808ull);

    // Overflow, a negative seed, trailing junk, an empty field.
    for (const std::string bad : {"18446744073709551616..18446744073709551617", "-1..20", "1x..20", "..20"}) {
        CAPTURE(bad);
        doc["conditions"][1]["levels"]["seeds"] = bad;
        const std::string err = error_of(doc);
        CHECK(err.find("at /conditions/1/levels/seeds: expected \"A..B\" (decimal seeds in "
                       "0..18446744073709551615, A <= B)") != std::string::npos);
        CHECK(err.find('\n') == std::string::npos);
    }
    listed["conditions"][1]["levels"]["levels"][0]["seed"] = -1;
    CHECK(error_of(listed).find("levels/0/seed: expected an integer in 0..18446744073709551615, got -1") !=
          std::string::npos);
}
