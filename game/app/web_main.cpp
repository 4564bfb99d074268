// sawtooth in the browser (docs/web.md "The page"): the page (tools/web/site/index.html)
// passes its URL parameters as `name=value` arguments; each is checked against the
// parameters the page accepts and handed to the game's own command-line parser, so a bad
// value gets the native game's one-line refusal, which the page shows. Then app::run()
// starts the game; its main loop hands the frames to the browser and never returns.
#include "game/app/shell/app.hpp"
#include "gen/error.hpp"
#include "gen/printable.hpp"
#include "telemetry/store/store.hpp"

#include <emscripten.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
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

int start(int argc, char** argv) {
    std::vector<std::string> args = {"sawtooth", "--assets", kAssets};
    for (int i = 1; i < argc; ++i) args.push_back(url_parameter_flag(argv[i]));
    sawtooth::app::AppOptions o;
    o.participant_memory = (std::filesystem::path(sawtooth::telemetry::Store::default_path()).parent_path() /
                            "protocol_participant.txt")
                               .string();
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
