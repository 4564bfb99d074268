// Designed studies on the command line (docs/studies.md "Study protocols"): `sawtooth-lab protocol
// check` prints the committed example's design and hash, and refuses every bad protocol in
// one line with exit 1 and nothing on stdout; `study-status` counts finished and partial
// participants per condition and the balance, as text and JSON, from a database whose
// protocol sessions are written through the Store; its bad input writes nothing. Those
// sessions' protocol columns and questionnaire answers appear in `export`, `participant
// export` and `sessions`, travel through `merge` (a second merge adds nothing; the same
// session under another condition is a conflict) and go with `participant delete`. A curve
// condition's model hash is printed, and a "model_hash" that differs from the file is refused.
#include "../support/db_file.hpp"
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/study/study_protocol.hpp"
#include "telemetry/study/study_status.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_protocol_cli {

using namespace sawtooth;
using sawtooth::test::file_hash;
using sawtooth::test::lab;
using sawtooth::test::lab_binary;
using sawtooth::test::line_count;
using sawtooth::test::read_file;
using sawtooth::test::run_process;
namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;

namespace {

const std::string kExample = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/studies/pack_vs_seeds.json";
const sawtooth::test::ScratchFiles file("sawtooth_protocol_cli");

// One line on stderr, exit 1, nothing on stdout.
void check_refused(const sawtooth::test::ProcessResult& r, const std::string& expected) {
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(expected) != std::string::npos);
}

struct Participant {
    std::string condition;
    bool finished = false;
};

// A database holding protocol sessions of the example (one per participant, an unfinished
// one left open) and a free-play session of no protocol; returns the participant ids.
std::vector<std::string> make_study_db(const std::string& db, const std::vector<Participant>& who) {
    const tel::StudyProtocol protocol = tel::read_protocol(kExample);
    tel::Store store = tel::Store::open(db);
    std::vector<std::string> ids;
    for (const Participant& p : who) {
        ids.push_back(store.create_participant());
        const std::int64_t sid = store.begin_session(ids.back(), telemetry::SessionMode::Study,
                                                     tel::SessionProtocol{protocol.hash, p.condition});
        tel::QuestionnaireAnswerRow fun{sid, 3, "midway", "fun", 6, "6", false, 200};
        store.add_questionnaire_answer(fun);
        tel::QuestionnaireAnswerRow strategy{sid, 3, "midway", "strategy", {}, "", true, 90};
        store.add_questionnaire_answer(strategy);
        if (p.finished) store.end_session(sid, telemetry::SessionEnd::Finished);
    }
    store.end_session(store.begin_session(store.default_participant(), telemetry::SessionMode::Free),
                      telemetry::SessionEnd::Quit);
    return ids;
}

}  // namespace

TEST_CASE("protocol check prints the example's design and hash") {
    const auto r = lab("protocol check " + kExample);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const tel::StudyProtocol p = tel::read_protocol(kExample);
    CHECK(r.out.find("hash " + p.hash + "\n") != std::string::npos);
    CHECK(r.out.find("\"Starter pack against drawn levels\"") != std::string::npos);
    CHECK(r.out.find("tutorials on, ratings off, assignment balanced") != std::string::npos);
    CHECK(r.out.find("condition starter: 10 levels, pack 'Starter'") != std::string::npos);
    CHECK(r.out.find("condition linear: 6 levels, seeds, order latin_square") != std::string::npos);
    CHECK(r.out.find("questionnaire midway: 2 item(s), after level 3") != std::string::npos);
    CHECK(r.out.find("questionnaire final: 1 item(s), at the end") != std::string::npos);
    CHECK(r.out.find("break after level 4") != std::string::npos);
}

TEST_CASE("protocol check refuses a bad protocol in one line naming the file, pointer and problem") {
    nlohmann::json doc;
    {
        std::ifstream in(kExample);
        doc = nlohmann::json::parse(in);
    }
    doc["conditions"][0]["levels"]["pack"] = "no-such-pack.json";
    const std::string missing_pack = file("missing_pack.json");
    std::ofstream(missing_pack) << doc.dump();
    check_refused(lab("protocol check " + missing_pack),
                  "sawtooth-lab: " + missing_pack + ": at /conditions/0/levels/pack: no file '");

    doc["conditions"][0]["levels"]["pack"] = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/packs/starter.json";
    doc["questionnaires"][0]["after_level"] = {12};
    const std::string past_end = file("past_end.json");
    std::ofstream(past_end) << doc.dump();
    check_refused(lab("protocol check " + past_end),
                  past_end +
                      ": at /questionnaires/0/after_level/0: level 12 is past the end of condition 'starter' "
                      "(10 levels)");

    const std::string text = file("text.json");
    std::ofstream(text) << "conditions: []";
    check_refused(lab("protocol check " + text), text + ": not JSON");
    check_refused(lab("protocol check " + file("absent.json")), "absent.json: cannot open");
    const auto no_file = lab("protocol check");
    CHECK(no_file.exit_code != 0);
}

TEST_CASE("protocol check prints a curve condition's model hash; model_hash pins it") {
    const std::string model = file("model.json");
    analysis::save_model(analysis::thesis_reference_model(), model);
    const std::string hash = analysis::challenge_model_hash(analysis::thesis_reference_model());
    nlohmann::json doc;
    {
        std::ifstream in(kExample);
        doc = nlohmann::json::parse(in);
    }
    doc["conditions"][0]["levels"] = {
        {"type", "curve"}, {"curve", "rising"}, {"count", 6}, {"model", model}, {"seeds", "1..60"}};
    doc["conditions"][0]["order"] = "fixed";  // a curve plays its levels in curve order
    const std::string open_file = file("curve_open.json");
    std::ofstream(open_file) << doc.dump();
    const auto open = lab("protocol check " + open_file);
    INFO(open.err);
    REQUIRE(open.exit_code == 0);
    CHECK(open.out.find("(hash " + hash + "; not pinned: add \"model_hash\": \"" + hash + "\" to pin it)") !=
          std::string::npos);

    doc["conditions"][0]["levels"]["model_hash"] = hash;
    const std::string pinned_file = file("curve_pinned.json");
    std::ofstream(pinned_file) << doc.dump();
    const auto pinned = lab("protocol check " + pinned_file);
    INFO(pinned.err);
    REQUIRE(pinned.exit_code == 0);
    CHECK(pinned.out.find("(hash " + hash + ", pinned)") != std::string::npos);
    CHECK(tel::read_protocol(pinned_file).hash != tel::read_protocol(open_file).hash);  // the pin is hashed

    doc["conditions"][0]["levels"]["model_hash"] = "0123456789abcdef";
    const std::string other_file = file("curve_other.json");
    std::ofstream(other_file) << doc.dump();
    check_refused(lab("protocol check " + other_file), other_file + ": condition 'starter': " + model +
                                                           " is model " + hash +
                                                           ", the protocol pins model_hash 0123456789abcdef");
    doc["conditions"][0]["levels"]["model_hash"] = "not-a-hash";
    std::ofstream(other_file) << doc.dump();
    check_refused(lab("protocol check " + other_file),
                  "at /conditions/0/levels/model_hash: expected 16 lowercase hex digits");
}

TEST_CASE("study-status counts finished and partial participants per condition, and the balance") {
    const std::string db = file("status.db");
    make_study_db(db, {{"starter", true}, {"starter", false}, {"starter", true}, {"linear", true}});
    const auto r = lab("study-status --db " + db + " --protocol " + kExample);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("starter                       10         2        1             3") !=
          std::string::npos);
    CHECK(r.out.find("linear                         6         1        0             1") !=
          std::string::npos);
    CHECK(r.out.find("balance (balanced assignment): max - min = 2 participant(s)") != std::string::npos);

    const auto j = lab("study-status --json --db " + db + " --protocol " + kExample);
    REQUIRE(j.exit_code == 0);
    const auto out = nlohmann::json::parse(j.out);
    CHECK(out["protocol_hash"] == tel::read_protocol(kExample).hash);
    CHECK(out["conditions"][0]["finished"] == 2);
    CHECK(out["conditions"][0]["partial"] == 1);
    CHECK(out["conditions"][1]["participants"] == 1);
    CHECK(out["balance"]["counts"] == nlohmann::json::array({3, 1}));
    CHECK(out["balance"]["max_minus_min"] == 2);

    // The balanced assignment takes these counts: the next participant goes to "linear".
    tel::Store store = tel::Store::open_read_only(db);
    const tel::StudyProtocol p = tel::read_protocol(kExample);
    CHECK(tel::assign_condition(p, {"P-NEXT", 2}, tel::study_status(store, p).counts()) == 1);
}

TEST_CASE("study-status bad input: one line, exit 1, the database untouched or not created") {
    const std::string db = file("untouched.db");
    make_study_db(db, {{"starter", true}});
    const auto before = file_hash(db);
    const std::string bad = file("bad_protocol.json");
    std::ofstream(bad) << R"({"format": "sawtooth-study-protocol", "format_version": 1, "nmae": "x"})";
    check_refused(lab("study-status --db " + db + " --protocol " + bad), bad + ": at /nmae: unknown field");
    CHECK(file_hash(db) == before);
    const std::string absent = file("absent.db");
    const auto r = lab("study-status --db " + absent + " --protocol " + kExample);
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == 1);
    CHECK_FALSE(fs::exists(absent));
    CHECK(lab("study-status --db " + db).exit_code != 0);  // --protocol is required
}

TEST_CASE("protocol sessions and answers: export, participant export, sessions, merge, delete") {
    const std::string db = file("answers.db");
    const auto ids = make_study_db(db, {{"linear", true}, {"starter", false}});
    const std::string hash = tel::read_protocol(kExample).hash;

    const std::string csv_dir = file("answers_csv");
    REQUIRE(lab("export --db " + db + " --out " + csv_dir).exit_code == 0);
    const std::string answers = read_file(csv_dir + "/questionnaire_answers.csv");
    CHECK(answers.rfind(
              "answer_id,session_id,participant_id,after_level,questionnaire_id,item_id,value,answer_text,"
              "skipped,answer_ticks,answered_utc\n",
              0) == 0);
    CHECK(answers.find("1,1," + ids[0] + ",3,midway,fun,6,6,0,200,") != std::string::npos);
    CHECK(answers.find("2,1," + ids[0] + ",3,midway,strategy,,,1,90,") != std::string::npos);
    CHECK(line_count(answers) == 5);
    const std::string sessions = read_file(csv_dir + "/sessions.csv");
    CHECK(sessions.find("protocol_hash,condition") != std::string::npos);
    CHECK(sessions.find(hash + ",linear") != std::string::npos);

    const auto ex = lab("participant export --db " + db + " " + ids[1]);
    REQUIRE(ex.exit_code == 0);
    const auto j = nlohmann::json::parse(ex.out);
    CHECK(j["schema_version"] == 4);
    CHECK(j["sessions"][0]["condition"] == "starter");
    CHECK(j["sessions"][0]["protocol_hash"] == hash);
    CHECK(j["sessions"][0]["questionnaire_answers"][0]["value"] == 6);
    CHECK(j["sessions"][0]["questionnaire_answers"][1]["skipped"] == true);

    CHECK(lab("sessions --db " + db).out.find("condition linear") != std::string::npos);

    const std::string merged = file("merged.db");
    const auto m = lab("merge --into " + merged + " " + db);
    INFO(m.err);
    REQUIRE(m.exit_code == 0);
    CHECK(m.out.find("4 questionnaire answer(s) added") != std::string::npos);
    const auto merged_hash = file_hash(merged);
    const auto again = lab("merge --into " + merged + " " + db);
    CHECK(again.out.find("0 session(s) added, 3 already there") != std::string::npos);
    CHECK(file_hash(merged) == merged_hash);
    {
        tel::Store s = tel::Store::open_read_only(merged);
        CHECK(s.db().query_int("SELECT count(*) FROM questionnaire_answers") == 4);
        CHECK(s.db().query_int(
                  "SELECT count(*) FROM sessions WHERE condition = 'starter' AND protocol_hash = '" + hash +
                  "'") == 1);
    }

    // The same session under another condition is another content: a conflict, nothing merged.
    const std::string changed = file("changed.db");
    fs::copy_file(db, changed);
    sawtooth::test::raw_exec(changed, "UPDATE sessions SET condition = 'linear' WHERE session_id = 2");
    const auto conflict = lab("merge --into " + merged + " " + changed);
    CHECK(conflict.exit_code == 1);
    CHECK(conflict.err.find("(same id, different content); nothing was merged") != std::string::npos);
    CHECK(file_hash(merged) == merged_hash);

    const auto del = lab("participant delete --db " + db + " " + ids[0] + " --yes");
    INFO(del.err);
    REQUIRE(del.exit_code == 0);
    tel::Store after = tel::Store::open_read_only(db);
    CHECK(after.db().query_int("SELECT count(*) FROM questionnaire_answers") == 2);
}

}  // namespace test_protocol_cli
