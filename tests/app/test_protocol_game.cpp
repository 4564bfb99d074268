// `sawtooth --protocol FILE` (docs/studies.md "Running a protocol") through the real binary and scripted
// keys: consent, the participant id (typed as printed by `sawtooth-lab participant new`, or
// a new one with Tab), the condition a balanced assignment gives, its two levels with a
// break between them and a questionnaire at the end. The session rows carry the protocol's
// hash and condition, the answers land in questionnaire_answers. Declining records
// nothing; a bad or unplayable protocol is one line before any database exists. The
// browser's online participant is planned by the study server's assignment instead.
#include "../support/lab_cli.hpp"
#include "../support/protocol_doc.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "game/flows/protocol_plan.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

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

// Two conditions of two seed levels each, no tutorials or ratings, a break after level 1 and
// a two-item questionnaire at the end.
nlohmann::json small_protocol() {
    return {
        {"format", "sawtooth-study-protocol"},
        {"format_version", 1},
        {"name", "Small"},
        {"consent", "We record your key presses under a random id. Do you agree?"},
        {"tutorials", false},
        {"ratings", false},
        {"conditions",
         {{{"name", "a"},
           {"levels", {{"type", "seeds"}, {"levels", {test::linear_level(11), test::linear_level(12)}}}}},
          {{"name", "b"},
           {"levels", {{"type", "seeds"}, {"levels", {test::linear_level(13), test::linear_level(14)}}}}}}},
        {"assignment", {{"type", "balanced"}}},
        {"order", "fixed"},
        {"questionnaires",
         {{{"id", "final"},
           {"at_end", true},
           {"items",
            {{{"id", "fun"}, {"type", "likert"}, {"text", "Fun?"}, {"points", 5}, {"anchors", {"no", "yes"}}},
             {{"id", "how"},
              {"type", "choice"},
              {"text", "How did you play?"},
              {"options", {"carefully", "quickly", "it varied"}}}}}}}},
        {"breaks", {{{"after_level", 1}, {"text", "A short break."}}}}};
}

fs::path write_protocol(const fs::path& dir, const nlohmann::json& doc) {
    const fs::path path = dir / "small.json";
    std::ofstream(path) << doc.dump(2);
    return path;
}

test::ProcessResult game(const fs::path& dir, const fs::path& protocol, const std::string& keys, int frames) {
    test::ProcessSettings ps;
    ps.env = {"XDG_DATA_HOME=" + dir.string(), "XDG_CONFIG_HOME=" + dir.string()};
    return test::run_process(sawtooth::test::game_binary(),
                             {"--headless", "--db", (dir / "s.db").string(), "--protocol", protocol.string(),
                              "--menu-keys", keys, "--frames", std::to_string(frames), "--print-screen"},
                             ps);
}

// Consent (agree), the id (typed, or Tab = new), Enter; card 1 Start, Tab skips level 1;
// the break's Continue; card 2 Start, Tab skips level 2; the questionnaire: 4 typed for
// "fun", Down + Enter (option 2) for "how"; then the end screen.
std::string run_keys(const std::string& id_keys) {
    return "2:confirm," + id_keys +
           ",8:confirm,10:confirm,12:skip,14:confirm,16:confirm,18:skip,20:type=4,22:down,24:confirm";
}

// A new participant id from `sawtooth-lab participant new`.
std::string new_participant(const std::string& db) {
    const test::ProcessResult created = test::run_process(kLab, {"participant", "new", "--db", db});
    REQUIRE(created.exit_code == 0);
    return created.out.substr(0, created.out.find('\n'));
}

// Participant `id` skips level 1, passes the break, and the run stops at card 2 (as a
// crash would).
void run_until_card_2(const fs::path& dir, const fs::path& protocol, const std::string& id) {
    const test::ProcessResult first =
        game(dir, protocol, "2:confirm,4:type=" + id + ",8:confirm,10:confirm,12:skip,14:confirm", 16);
    INFO(first.err);
    REQUIRE(first.exit_code == 0);
    CHECK(first.out.find("screen: card 2") != std::string::npos);
}

// Participant `id` again: consent, the id, straight to level 2 (skipped), the
// questionnaire, the results screen.
void resume_to_end(const fs::path& dir, const fs::path& protocol, const std::string& id) {
    const test::ProcessResult second = game(
        dir, protocol, "2:confirm,4:type=" + id + ",8:confirm,10:confirm,12:skip,14:type=3,16:type=1", 22);
    INFO(second.err);
    REQUIRE(second.exit_code == 0);
    CHECK(second.out.find("screen: results") != std::string::npos);
}

std::int64_t count(telemetry::Store& store, const std::string& table) {
    telemetry::Statement st(store.db(), "SELECT count(*) FROM " + table);
    REQUIRE(st.step());
    return st.int64(0);
}

// `sawtooth-lab study-status --json`: per condition [finished, partial].
std::vector<std::pair<int, int>> study_status(const std::string& db, const fs::path& protocol) {
    const test::ProcessResult r =
        test::run_process(kLab, {"study-status", "--db", db, "--protocol", protocol.string(), "--json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json doc = nlohmann::json::parse(r.out);  // kept alive through the loop
    std::vector<std::pair<int, int>> out;
    for (const nlohmann::json& c : doc.at("conditions"))
        out.emplace_back(c.at("finished").get<int>(), c.at("partial").get<int>());
    return out;
}

}  // namespace

TEST_CASE(
    "--protocol: consent, participant id, balanced condition, levels, break and questionnaire recorded") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_game");
    const nlohmann::json doc = small_protocol();
    const fs::path file = write_protocol(dir, doc);
    const std::string db = (dir / "s.db").string();
    const std::string id = new_participant(db);

    const test::ProcessResult first = game(dir, file, run_keys("4:type=" + id), 30);
    INFO(first.err);
    REQUIRE(first.exit_code == 0);
    CHECK(first.out.find("screen: results") != std::string::npos);
    // The second participant is new (Tab) and, balanced, gets the other condition.
    const test::ProcessResult second = game(dir, file, run_keys("4:skip"), 30);
    INFO(second.err);
    REQUIRE(second.exit_code == 0);
    CHECK(second.out.find("screen: results") != std::string::npos);
    CHECK(study_status(db, file) == std::vector<std::pair<int, int>>{{1, 0}, {1, 0}});

    telemetry::Store store = telemetry::Store::open_read_only(db);
    telemetry::Statement sessions(
        store.db(),
        "SELECT participant_id, mode, protocol_hash, condition, end_reason, "
        "(SELECT group_concat(seed) FROM levels l WHERE l.session_id = s.session_id) "
        "FROM sessions s ORDER BY session_id");
    const std::string hash = telemetry::protocol_hash(doc);
    REQUIRE(sessions.step());
    CHECK(sessions.text(0) == id);
    CHECK(sessions.text(1) == "study");
    CHECK(sessions.text(2) == hash);
    CHECK(sessions.text(3) == "a");
    CHECK(sessions.text(4) == "finished");
    CHECK(sessions.text(5) == "11,12");
    REQUIRE(sessions.step());
    CHECK(sessions.text(0) != id);
    CHECK(sessions.text(2) == hash);
    CHECK(sessions.text(3) == "b");
    CHECK(sessions.text(5) == "13,14");
    CHECK(!sessions.step());
    // The protocol's levels are recorded as study levels: each rebuilds and replays exactly.
    for (const char* session : {"1", "2"}) {
        const test::ProcessResult v =
            test::run_process(kLab, {"replay", "--db", db, "--session", session, "--regenerate", "--verify"});
        INFO(v.out, v.err);
        CHECK(v.exit_code == 0);
    }

    telemetry::Statement answers(
        store.db(),
        "SELECT session_id, after_level, questionnaire_id, item_id, value, answer_text, "
        "skipped FROM questionnaire_answers ORDER BY answer_id");
    for (int session = 1; session <= 2; ++session) {
        INFO("session ", session);
        REQUIRE(answers.step());
        CHECK(answers.int64(0) == session);
        CHECK(answers.int64(1) == 2);
        CHECK(answers.text(2) == "final");
        CHECK(answers.text(3) == "fun");
        CHECK(answers.int64(4) == 4);
        CHECK(answers.int64(6) == 0);
        REQUIRE(answers.step());
        CHECK(answers.text(3) == "how");
        CHECK(answers.int64(4) == 2);
        CHECK(answers.text(5) == "quickly");
    }
    CHECK(!answers.step());
}

TEST_CASE(
    "--protocol: tutorials and ratings on play the tutorials first and rate each level, not the tutorials") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_tutorials");
    nlohmann::json doc = small_protocol();
    doc["tutorials"] = true;
    doc["ratings"] = true;
    const fs::path file = write_protocol(dir, doc);
    // Consent, a new id; tutorials 1 and 2 skipped; level 1 skipped, its rating skipped (Esc),
    // the break; level 2 skipped, its rating skipped, the questionnaire; the end.
    const std::string keys =
        "2:confirm,4:skip,6:confirm,8:confirm,10:skip,12:confirm,14:skip,16:confirm,18:skip,20:pause,22:"
        "confirm,"
        "24:confirm,26:skip,28:pause,30:type=1,32:type=1";
    const test::ProcessResult r = game(dir, file, keys, 36);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: results") != std::string::npos);
    telemetry::Store store = telemetry::Store::open_read_only((dir / "s.db").string());
    telemetry::Statement st(store.db(),
                            "SELECT l.kind, coalesce(l.seed, ''), (SELECT count(*) FROM ratings r WHERE "
                            "r.level_id = l.level_id), s.condition, s.end_reason FROM levels l "
                            "JOIN sessions s ON s.session_id = l.session_id ORDER BY l.level_id");
    const std::vector<std::pair<std::string, std::string>> want = {
        {"tutorial", ""}, {"tutorial", ""}, {"generated", "11"}, {"generated", "12"}};
    for (const auto& [kind, seed] : want) {
        REQUIRE(st.step());
        CHECK(st.text(0) == kind);
        CHECK(st.text(1) == seed);
        CHECK(st.int64(2) == (kind == "tutorial" ? 0 : 1));
        CHECK(st.text(3) == "a");
        CHECK(st.text(4) == "finished");
    }
    CHECK(!st.step());
    CHECK(count(store, "questionnaire_answers") == 2);
}

TEST_CASE("--protocol: the same participant after a crash resumes at their first unplayed level") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_resume");
    const fs::path file = write_protocol(dir, small_protocol());
    const std::string db = (dir / "s.db").string();
    const std::string id = new_participant(db);
    run_until_card_2(dir, file, id);
    CHECK(study_status(db, file) == std::vector<std::pair<int, int>>{{0, 1}, {0, 0}});
    // Again: consent, the same id, then straight to level 2 (no level 1, no break), the
    // questionnaire, the end.
    resume_to_end(dir, file, id);

    telemetry::Store store = telemetry::Store::open_read_only(db);
    telemetry::Statement st(store.db(),
                            "SELECT participant_id, condition, coalesce(end_reason, ''), "
                            "(SELECT group_concat(seed) FROM levels l WHERE l.session_id = s.session_id) "
                            "FROM sessions s ORDER BY session_id");
    REQUIRE(st.step());
    CHECK(st.text(0) == id);
    CHECK(st.text(1) == "a");
    CHECK(st.text(2) != "finished");
    CHECK(st.text(3) == "11");
    REQUIRE(st.step());
    CHECK(st.text(0) == id);
    CHECK(st.text(1) == "a");
    CHECK(st.text(2) == "finished");
    CHECK(st.text(3) == "12");
    CHECK(!st.step());
    CHECK(count(store, "questionnaire_answers") == 2);
    CHECK(study_status(db, file) == std::vector<std::pair<int, int>>{{1, 0}, {0, 0}});
}

TEST_CASE("--protocol: a curve condition plays the levels sawtooth-lab pick-difficulty picks, in order") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_curve");
    const std::string model = (dir / "model.json").string();
    analysis::save_model(analysis::thesis_reference_model(), model);
    nlohmann::json doc = small_protocol();
    doc["conditions"] = {
        {{"name", "c"},
         {"levels",
          {{"type", "curve"},
           {"curve", "rising"},
           {"count", 2},
           {"model", "model.json"},
           {"model_hash", analysis::challenge_model_hash(analysis::thesis_reference_model())},
           {"seeds", "1..200"}}}}};  // pinned to the model it names: accepted
    const fs::path file = write_protocol(dir, doc);
    const test::ProcessResult picked =
        test::run_process(kLab, {"pick-difficulty", "--model", model, "--curve", "rising", "--count", "2",
                                 "--seeds", "1..200", "--out", (dir / "pack.json").string(), "--json"});
    INFO(picked.err);
    REQUIRE(picked.exit_code == 0);
    const nlohmann::json result = nlohmann::json::parse(picked.out);
    std::string want;
    for (const nlohmann::json& l : result.at("levels")) {
        if (!want.empty()) want += ',';
        want += std::to_string(l.at("seed").get<std::uint64_t>());
    }

    const test::ProcessResult r = game(dir, file, run_keys("4:skip"), 30);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: results") != std::string::npos);
    telemetry::Store store = telemetry::Store::open_read_only((dir / "s.db").string());
    telemetry::Statement st(store.db(),
                            "SELECT condition, protocol_hash, (SELECT group_concat(seed) FROM levels l WHERE "
                            "l.session_id = s.session_id ORDER BY l.level_id) FROM sessions s");
    REQUIRE(st.step());
    CHECK(st.text(0) == "c");
    CHECK(st.text(1) == telemetry::protocol_hash(doc));
    CHECK(st.text(2) == want);
    CHECK(!st.step());
    // The picked levels are recorded as study levels: they rebuild and replay exactly.
    const test::ProcessResult v = test::run_process(
        kLab, {"replay", "--db", (dir / "s.db").string(), "--session", "1", "--regenerate", "--verify"});
    INFO(v.out, v.err);
    CHECK(v.exit_code == 0);
}

namespace {

// One adaptive condition of two levels (seeds 1..60, target 0.7) with the small protocol's
// break and questionnaire, and the model the test saves beside it.
fs::path adaptive_protocol(const fs::path& dir, nlohmann::json& doc) {
    analysis::save_model(analysis::thesis_reference_model(), (dir / "model.json").string());
    doc = small_protocol();
    doc["conditions"] = {{{"name", "adapt"},
                          {"levels",
                           {{"type", "adaptive"},
                            {"count", 2},
                            {"target", 0.7},
                            {"model", "model.json"},
                            {"seeds", "1..60"}}}}};
    return write_protocol(dir, doc);
}

// The seeds the library's adaptive run chooses for the condition: the first from the prior,
// the second after the recorded events of `first_level`; `attempts`: the challenge attempts
// the estimate read from them.
std::vector<std::string> library_choices(const fs::path& dir, telemetry::Store& store,
                                         std::int64_t first_level, int* attempts = nullptr) {
    analysis::AdaptiveSettings settings;
    settings.count = 2;
    settings.target = 0.7;
    settings.model = (dir / "model.json").string();
    settings.first_seed = 1;
    settings.last_seed = 60;
    analysis::AdaptiveRun run = analysis::start_adaptive_run(settings);
    // "seed WxH": the candidates hold each seed in two room sizes.
    const auto chosen = [&] {
        const GenParams& p = run.candidate(run.next_level()).params;
        return std::to_string(p.seed) + " " + std::to_string(p.room_w) + "x" + std::to_string(p.room_h);
    };
    std::vector<std::string> out{chosen()};
    run.record_outcome(store.load_events(first_level));
    out.push_back(chosen());
    if (attempts) *attempts = run.estimate().attempts();
    return out;
}

// level_id, "seed WxH" (room size) and the session's condition and protocol hash of every
// recorded level.
struct RecordedLevel {
    std::int64_t id = 0;
    std::string seed, condition, hash, end_reason;
};

std::vector<RecordedLevel> recorded_levels(telemetry::Store& store) {
    telemetry::Statement st(
        store.db(),
        "SELECT l.level_id, l.seed || ' ' || l.room_w || 'x' || l.room_h, s.condition, s.protocol_hash, "
        "coalesce(s.end_reason, '') "
        "FROM levels l JOIN sessions s ON s.session_id = l.session_id ORDER BY l.level_id");
    std::vector<RecordedLevel> out;
    while (st.step()) out.push_back({st.int64(0), st.text(1), st.text(2), st.text(3), st.text(4)});
    return out;
}

}  // namespace

TEST_CASE("--protocol: an adaptive condition plays count levels, the second chosen from the first's events") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_adaptive");
    nlohmann::json doc;
    const fs::path file = adaptive_protocol(dir, doc);
    // Consent, a new id; level 1 played holding right for 391 frames (it meets traps), then
    // skipped; the break; level 2 skipped; the questionnaire.
    std::string keys = "2:confirm,4:skip,6:confirm,8:confirm,";
    for (int f = 10; f <= 400; ++f) keys += std::to_string(f) + ":right,";
    keys += "402:skip,404:confirm,406:confirm,408:skip,410:type=4,412:down,414:confirm";
    const test::ProcessResult r = game(dir, file, keys, 420);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: results") != std::string::npos);
    telemetry::Store store = telemetry::Store::open_read_only((dir / "s.db").string());
    const std::vector<RecordedLevel> levels = recorded_levels(store);
    REQUIRE(levels.size() == 2);
    for (const RecordedLevel& l : levels) {
        CHECK(l.condition == "adapt");
        CHECK(l.hash == telemetry::protocol_hash(doc));
        CHECK(l.end_reason == "finished");
    }
    CHECK(levels[0].seed != levels[1].seed);
    int attempts = 0;
    CHECK(library_choices(dir, store, levels[0].id, &attempts) ==
          std::vector<std::string>{levels[0].seed, levels[1].seed});
    CHECK(attempts > 0);  // level 1's recorded events moved the estimate the choice used
    CHECK(count(store, "questionnaire_answers") == 2);  // the questionnaire at the end, by position
    const test::ProcessResult v = test::run_process(
        kLab, {"replay", "--db", (dir / "s.db").string(), "--session", "1", "--regenerate", "--verify"});
    INFO(v.out, v.err);
    CHECK(v.exit_code == 0);
}

TEST_CASE("--protocol: a resumed adaptive condition rebuilds its estimate from the levels recorded before") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_adaptive_resume");
    nlohmann::json doc;
    const fs::path file = adaptive_protocol(dir, doc);
    const std::string db = (dir / "s.db").string();
    const std::string id = new_participant(db);
    run_until_card_2(dir, file, id);
    // Again with the same id: straight to level 2, the questionnaire, the end.
    resume_to_end(dir, file, id);
    telemetry::Store store = telemetry::Store::open_read_only(db);
    const std::vector<RecordedLevel> levels = recorded_levels(store);
    REQUIRE(levels.size() == 2);
    CHECK(levels[1].end_reason == "finished");
    CHECK(library_choices(dir, store, levels[0].id) ==
          std::vector<std::string>{levels[0].seed, levels[1].seed});
    CHECK(study_status(db, file) == std::vector<std::pair<int, int>>{{1, 0}});
}

TEST_CASE("--protocol: declining the consent records nothing") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_decline");
    const fs::path file = write_protocol(dir, small_protocol());
    const test::ProcessResult r = game(dir, file, "2:down,4:confirm", 8);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: message") != std::string::npos);
    telemetry::Store store = telemetry::Store::open_read_only((dir / "s.db").string());
    CHECK(count(store, "participants") == 0);
    CHECK(count(store, "sessions") == 0);
    CHECK(count(store, "levels") == 0);
}

TEST_CASE(
    "--protocol: a bad or unplayable protocol (exit 1) or a refused flag (exit 2): one line, no database") {
    const fs::path dir = test::scratch_dir("sawtooth_protocol_bad");
    nlohmann::json unknown = small_protocol();
    unknown["colour"] = "red";
    // A curve and an adaptive condition whose model file is no model, and a curve whose three
    // candidates cannot follow a rising curve of three levels within the tolerance.
    std::ofstream(dir / "model.json") << "{}";
    analysis::save_model(analysis::thesis_reference_model(), (dir / "real_model.json").string());
    nlohmann::json curve = small_protocol();
    curve["conditions"][1]["levels"] = {
        {"type", "curve"}, {"curve", "rising"}, {"count", 3}, {"model", "model.json"}, {"seeds", "1..50"}};
    nlohmann::json adaptive = small_protocol();
    adaptive["conditions"][1]["levels"] = {
        {"type", "adaptive"}, {"count", 3}, {"target", 0.7}, {"model", "model.json"}, {"seeds", "1..50"}};
    nlohmann::json tolerance = small_protocol();
    tolerance["conditions"][1]["levels"] = {{"type", "curve"},
                                            {"curve", "rising"},
                                            {"count", 3},
                                            {"model", "real_model.json"},
                                            {"seeds", "1..3"}};
    nlohmann::json pinned = tolerance;  // pinned to another model than the file holds
    pinned["conditions"][1]["levels"]["seeds"] = "1..50";
    pinned["conditions"][1]["levels"]["model_hash"] = "0123456789abcdef";
    // A pack of two hand-made levels (sawtooth-lab pack add): a study records generator
    // parameters, so the game refuses it as it refuses --thesis-session --pack with one.
    const std::string levels = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/";
    const test::ProcessResult added =
        test::run_process(kLab, {"pack", "add", "--pack", (dir / "hand.json").string(), "--level",
                                 levels + "tutorial1.txt", levels + "tutorial2.txt"});
    REQUIRE_MESSAGE(added.exit_code == 0, added.err);
    nlohmann::json hand_made = small_protocol();
    hand_made["conditions"][1]["levels"] = {{"type", "pack"}, {"pack", "hand.json"}};
    const std::pair<nlohmann::json, std::string> cases[] = {
        {unknown, "small.json: at /colour: unknown field"},
        {curve,
         "small.json: condition 'b': " + (dir / "model.json").string() + ": not a Sawtooth challenge model"},
        {adaptive,
         "small.json: condition 'b': " + (dir / "model.json").string() + ": not a Sawtooth challenge model"},
        {tolerance,
         "small.json: condition 'b': tolerance 0.01 cannot be met: the best choice of 3 levels is"},
        {hand_made, "small.json: condition 'b': hand-made pack level"},
        {pinned, "small.json: condition 'b': " + (dir / "real_model.json").string() + " is model " +
                     analysis::challenge_model_hash(analysis::thesis_reference_model()) +
                     ", the protocol pins model_hash 0123456789abcdef"}};
    for (const auto& [doc, message] : cases) {
        const fs::path file = write_protocol(dir, doc);
        const test::ProcessResult r = game(dir, file, "2:confirm", 5);
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find(message) != std::string::npos);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(!fs::exists(dir / "s.db"));
    }
    // A protocol run asks for the participant on screen and plays its own study.
    const fs::path file = write_protocol(dir, small_protocol());
    for (const char* flag : {"--thesis-session", "--no-record"}) {
        test::ProcessSettings ps;
        ps.env = {"XDG_DATA_HOME=" + dir.string(), "XDG_CONFIG_HOME=" + dir.string()};
        const test::ProcessResult r = test::run_process(
            sawtooth::test::game_binary(),
            {"--headless", "--db", (dir / "s.db").string(), "--protocol", file.string(), flag}, ps);
        INFO(flag, ": ", r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("--protocol runs its own study") != std::string::npos);
        CHECK(!fs::exists(dir / "s.db"));
    }
}

TEST_CASE("an online participant plays the condition and Latin-square row the study server assigned") {
    // The browser's protocol run (docs/online.md "Condition assignment") plans a participant
    // its store has not assigned by the server's assignment instead of its own counts.
    const fs::path dir = test::scratch_dir("sawtooth_protocol_assigned");
    nlohmann::json doc = small_protocol();
    doc["order"] = "latin_square";
    telemetry::StudyProtocol protocol = telemetry::read_protocol(write_protocol(dir, doc).string());
    REQUIRE(flows::prepare_protocol(protocol).empty());
    const std::string db = (dir / "s.db").string();
    const std::string id = new_participant(db);
    telemetry::Store store = telemetry::Store::open(db);
    auto seeds = [](const flows::ParticipantPlan& plan) {
        std::vector<std::uint64_t> out;
        for (const GenParams& p : plan.levels) out.push_back(p.seed);
        return out;
    };

    // Alone, the browser's empty store would give every participant condition "a", row 1.
    const flows::ParticipantPlan local = flows::plan_participant(store, protocol, id);
    CHECK(local.condition == 0);
    CHECK(seeds(local) == std::vector<std::uint64_t>{11, 12});
    // The server's "b", participant 2 of it: the second Latin-square row.
    const flows::ParticipantPlan assigned = flows::plan_participant(store, protocol, id, {"b", 2});
    CHECK(assigned.condition == 1);
    CHECK(assigned.key.number == 2);
    CHECK(seeds(assigned) == std::vector<std::uint64_t>{14, 13});
    CHECK(seeds(flows::plan_participant(store, protocol, id, {"b", 3})) ==
          std::vector<std::uint64_t>{13, 14});
    // A condition the protocol does not have is refused, not replaced.
    CHECK_THROWS_AS(flows::plan_participant(store, protocol, id, {"c", 1}), telemetry::ProtocolError);
}
