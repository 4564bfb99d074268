// sawtooth in the browser (docs/web.md "The page"): the page (tools/web/site/index.html)
// passes its URL parameters as `name=value` arguments; each is checked against the
// parameters the page accepts and handed to the game's own command-line parser, so a bad
// value gets the native game's one-line refusal, which the page shows. Then app::run()
// starts the game; its main loop hands the frames to the browser and never returns.
// A study link's page (docs/web.md "An online study") starts the game with
// `--online-study FILE HASH PARTICIPANT CONDITION NUMBER` instead (CONDITION and NUMBER: the
// study server's assignment, docs/online.md "Condition assignment"), which no URL can give (URL arguments are
// `name=value`), and calls the exported functions at the end of this file to upload.
#include "game/app/shell/app.hpp"
#include "gen/error.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"
#include "telemetry/store/merge.hpp"
#include "telemetry/store/store.hpp"

#include <emscripten.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace {

// Where the page's files are (preloaded by tools/web/build.sh).
constexpr const char* kAssets = "/assets";

// The URL parameters the page accepts: each is the game's flag of the same name.
// `thesis-session` is a switch: `?thesis-session` (or `=1`, `=true`).
const std::vector<std::string> kUrlParameters = {"seed",       "protocol",    "screen",    "session-seed",
                                                 "layout",     "rooms",       "room-size", "level-index",
                                                 "words-mode", "words-level", "date",      "thesis-session"};

// "a, b, c".
std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

// The built-in protocols: the names of assets/studies/*.json.
std::vector<std::string> builtin_protocols() {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(std::string(kAssets) + "/studies"))
        if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

// One `name=value` URL parameter as a flag of the game; throws Error naming the problem.
std::string url_parameter_flag(const std::string& arg) {
    const std::size_t eq = arg.find('=');
    const std::string name = arg.substr(0, eq), value = eq == std::string::npos ? "" : arg.substr(eq + 1);
    if (std::find(kUrlParameters.begin(), kUrlParameters.end(), name) == kUrlParameters.end())
        throw sawtooth::Error("unknown URL parameter '" + name + "' (known: " + joined(kUrlParameters) + ")");
    if (name == "screen" && value == "editor")  // docs/web.md "What differs from the native game"
        throw sawtooth::Error("the level editor is not in the browser version (it needs a second thread)");
    if (name == "thesis-session" && value.empty()) return "--thesis-session";
    if (name != "protocol") return "--" + name + "=" + value;
    const std::vector<std::string> known = builtin_protocols();
    if (std::find(known.begin(), known.end(), value) == known.end())
        throw sawtooth::Error("unknown protocol '" + value + "' (built in: " + joined(known) + ")");
    return "--protocol=" + std::string(kAssets) + "/studies/" + value + ".json";
}

// The page's own first argument: the online study's protocol file, hash, participant, and the
// condition and number the server assigned them follow.
constexpr const char* kOnlineStudy = "--online-study";

// Adds the participant the page enrolled to the store, so the protocol run can begin their
// sessions (the page made the id: it enrols before the game records anything).
void add_online_participant(const std::string& id) {
    using namespace sawtooth::telemetry;
    static const std::regex form("^P-[0-9A-Z]{4}-[0-9A-Z]{4}$");
    if (!std::regex_match(id, form))
        throw sawtooth::Error("'" + sawtooth::printable(id, 40) + "' is no participant id (P-XXXX-XXXX)");
    Store store = Store::open(Store::default_path());
    Statement ins(store.db(),
                  "INSERT OR IGNORE INTO participants(participant_id, created_utc) VALUES (?, ?)");
    ins.bind(1, id).bind(2, utc_now()).run();
}

// The game's arguments: the URL's flags, or the online study's protocol run.
std::vector<std::string> game_arguments(int argc, char** argv, sawtooth::app::AppOptions& o) {
    std::vector<std::string> args = {"sawtooth", "--assets", kAssets};
    if (argc == 7 && std::string(argv[1]) == kOnlineStudy) {
        static const std::regex hash("^[0-9a-f]{16}$");
        if (!std::regex_match(argv[3], hash)) throw sawtooth::Error("the study's protocol hash is malformed");
        add_online_participant(argv[4]);
        o.online_protocol_hash = argv[3];
        o.online_participant = argv[4];
        o.online_assignment = {argv[5], sawtooth::parse_number_in<int>("the assigned condition number",
                                                                       std::string(argv[6]), 1, 1000000000)};
        args.push_back("--protocol=" + std::string(argv[2]));
        return args;
    }
    for (int i = 1; i < argc; ++i) args.push_back(url_parameter_flag(argv[i]));
    o.participant_memory = (std::filesystem::path(sawtooth::telemetry::Store::default_path()).parent_path() /
                            "protocol_participant.txt")
                               .string();
    return args;
}

int start(int argc, char** argv) {
    sawtooth::app::AppOptions o;
    std::vector<std::string> args = game_arguments(argc, argv, o);
    CLI::App cli{"Sawtooth in the browser"};
    sawtooth::app::add_game_flags(cli, o);
    std::vector<char*> cargs;
    for (std::string& a : args) cargs.push_back(a.data());
    try {
        cli.parse(static_cast<int>(cargs.size()), cargs.data());
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "sawtooth: %s\n", sawtooth::one_line(e.what()).c_str());
        return 2;
    }
    return sawtooth::app::run(o);
}

}  // namespace

int main(int argc, char** argv) {
    int rc = 1;
    try {
        rc = start(argc, argv);
    } catch (const sawtooth::Error& e) {  // every user error (docs/architecture.md "Errors")
        std::fprintf(stderr, "sawtooth: %s\n", e.what());
    }
    // A game that started returns 0 here and runs on in the browser's loop; one that could
    // not start has printed why, and the page says it stopped.
    if (rc != 0)
        EM_ASM(
            {
                if (Module.sawtoothEnded) Module.sawtoothEnded($0);
            },
            rc);
    return rc;
}

// ---- The online study's uploads (docs/web.md "An online study"), called by the page ----
// Each answer is JSON text valid until the next call: {"error": "one line"} on failure.

namespace {

std::string g_answer;

const char* answer(const nlohmann::json& doc) {
    g_answer = doc.dump();
    return g_answer.c_str();
}

// A second, read-only connection to the game's store, opened once (the recorder keeps its
// own; the page calls between frames, so no write is under way).
std::vector<sawtooth::telemetry::Store>& recorded_store() {
    static std::vector<sawtooth::telemetry::Store> one;
    if (one.empty())
        one.push_back(sawtooth::telemetry::Store::open_read_only(sawtooth::telemetry::Store::default_path()));
    return one;
}

}  // namespace

extern "C" {

/// The participant's sessions under the protocol, each with its milestone: the levels ended,
/// questionnaire answers, ratings and the end so far. The page uploads a session when its
/// milestone moves, so after every level, answer, rating and at the end.
EMSCRIPTEN_KEEPALIVE const char* sawtooth_online_sessions(const char* participant,
                                                          const char* protocol_hash) {
    try {
        sawtooth::telemetry::Statement st(
            recorded_store().front().db(),
            "SELECT s.session_uid, coalesce(s.end_reason, ''), "
            "(SELECT count(*) FROM levels l WHERE l.session_id = s.session_id AND l.ended_utc IS NOT NULL) "
            "|| '/' || (SELECT count(*) FROM questionnaire_answers q WHERE q.session_id = s.session_id) "
            "|| '/' || (SELECT count(*) FROM ratings r WHERE r.session_id = s.session_id) "
            "|| '/' || coalesce(s.ended_utc, '') "
            "FROM sessions s WHERE s.participant_id = ? AND s.protocol_hash = ? ORDER BY s.session_id");
        st.bind(1, participant).bind(2, protocol_hash);
        nlohmann::json out = nlohmann::json::array();
        while (st.step())
            out.push_back({{"uid", st.text(0)}, {"end_reason", st.text(1)}, {"milestone", st.text(2)}});
        return answer(out);
    } catch (const std::exception& e) {
        return answer({{"error", sawtooth::one_line(e.what())}});
    }
}

/// Writes the session database holding only session `session_uid` (as `sawtooth-lab
/// upload` packs one, tools/lab/session_pack.cpp) to `path`; answers its content digest.
EMSCRIPTEN_KEEPALIVE const char* sawtooth_online_export(const char* session_uid, const char* path) {
    using namespace sawtooth::telemetry;
    try {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(std::string(path) + suffix);
        std::string digest;
        {
            Store one = Store::open(path);
            MergeSettings only;
            only.select = [uid = std::string(session_uid)](const std::string& u) { return u == uid; };
            if (merge_stores(one, recorded_store(), only).sessions_added != 1)
                return answer({{"error", "no session " + sawtooth::printable(session_uid, 40)}});
            digest = hex64(session_content_digest(one, 1));
        }  // closed: the WAL is folded into the file
        return answer({{"digest", digest}});
    } catch (const std::exception& e) {
        return answer({{"error", sawtooth::one_line(e.what())}});
    }
}

/// Deletes the participant and everything recorded for them from the store (their
/// withdrawal, as `sawtooth-lab participant delete`); the game must not be running.
EMSCRIPTEN_KEEPALIVE const char* sawtooth_online_forget(const char* participant) {
    using namespace sawtooth::telemetry;
    try {
        if (!std::filesystem::exists(Store::default_path())) return answer({{"deleted", false}});
        Store store = Store::open(Store::default_path());
        if (!store.has_participant(participant)) return answer({{"deleted", false}});
        store.delete_participant(participant);
        return answer({{"deleted", true}});
    } catch (const std::exception& e) {
        return answer({{"error", sawtooth::one_line(e.what())}});
    }
}

}  // extern "C"
