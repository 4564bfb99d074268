// sawtooth-lab: headless research command line (generation, replay, models, benchmarks).
#include "gen/error.hpp"
#include "gen/printable.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <string>

namespace {

/// The first word of a command line that is not a command or an option.
struct Unknown {
    std::string message;   ///< one line; empty when every word is known
    bool command = false;  ///< an unknown command or subcommand (not an option)
};

/// -x or --name, not a negative number.
bool is_option(const std::string& arg) {
    return arg.size() > 1 && arg[0] == '-' && !std::isdigit(static_cast<unsigned char>(arg[1]));
}

bool has_positionals(const CLI::App& app) {
    return !app.get_options([](const CLI::Option* o) { return o->get_positional(); }).empty();
}

/// Words after argv[i], an option, that are its values (`--seeds 1..4`): none for a flag
/// or `--name=value`, every word up to the next option for a list.
int values_after(const CLI::Option& opt, int i, int argc, char** argv) {
    if (std::string(argv[i]).find('=') != std::string::npos) return 0;
    const int most = opt.get_items_expected_max();
    int n = 0;
    while (n < most && i + n + 1 < argc && !is_option(argv[i + n + 1])) ++n;
    return n;
}

std::string command_name(const CLI::App& app, const CLI::App* at) {
    return at == &app ? std::string() : " for '" + at->get_name() + "'";
}

// CLI11 reports a missing required option (or subcommand) before an unknown one, and
// `NAME --help` prints the help of the command NAME follows. Name what the user mistyped
// instead: the first word that is neither a command nor an option of the command it
// follows. A word is taken as a command where one is expected: after a command that has
// subcommands and no positional arguments.
Unknown first_unknown(const CLI::App& app, int argc, char** argv) {
    const CLI::App* at = &app;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") break;
        if (is_option(arg)) {
            const std::string name = arg.substr(0, arg.find('='));
            if (name == "-h" || name == "--help") continue;
            const CLI::Option* opt = at->get_option_no_throw(name);
            if (!opt)
                return {"unknown option '" + name + "'" + command_name(app, at) + " (see --help)", false};
            i += values_after(*opt, i, argc, argv);
            continue;
        }
        const auto subs = at->get_subcommands([](const CLI::App*) { return true; });
        const auto sub =
            std::find_if(subs.begin(), subs.end(), [&](const CLI::App* c) { return c->check_name(arg); });
        if (sub != subs.end()) {
            at = *sub;
            continue;
        }
        if (!subs.empty() && !has_positionals(*at))
            return {"unknown command '" + arg + "'" + command_name(app, at) + " (see --help)", true};
    }
    return {};
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"sawtooth-lab: headless research tools for Sawtooth"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "sawtooth-lab 0.1");
    sawtooth::lab::register_bench(app);
    sawtooth::lab::register_gen(app);
    sawtooth::lab::register_bench_gen(app);
    sawtooth::lab::register_words(app);
    sawtooth::lab::register_bench_words(app);
    sawtooth::lab::register_words_study(app);
    sawtooth::lab::register_words_catalog(app);
    sawtooth::lab::register_verify_levels(app);
    sawtooth::lab::register_study(app);
    sawtooth::lab::register_replay(app);
    sawtooth::lab::register_export(app);
    sawtooth::lab::register_participant(app);
    sawtooth::lab::register_merge(app);
    sawtooth::lab::register_push_pull(app);
    sawtooth::lab::register_protocol(app);
    sawtooth::lab::register_bench_replay(app);
    sawtooth::lab::register_bench_all(app);
    sawtooth::lab::register_model(app);
    sawtooth::lab::register_difficulty(app);
    sawtooth::lab::register_adaptive_sim(app);
    sawtooth::lab::register_report(app);
    sawtooth::lab::register_power(app);
    sawtooth::lab::register_catalog(app);
    sawtooth::lab::register_curate_fit(app);
    sawtooth::lab::register_curate_pick(app);
    sawtooth::lab::register_curate_similarity(app);
    sawtooth::lab::register_pack(app);
    sawtooth::lab::register_pick_difficulty(app);
    // Before parsing, so `NAME --help` of an unknown NAME fails as `NAME` alone does.
    if (const Unknown u = first_unknown(app, argc, argv); u.command) {
        std::fprintf(stderr, "sawtooth-lab: %s\n", sawtooth::one_line(u.message).c_str());
        return 2;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        const std::string unknown = first_unknown(app, argc, argv).message;
        std::fprintf(stderr, "sawtooth-lab: %s\n",
                     sawtooth::one_line(unknown.empty() ? e.what() : unknown).c_str());
        return 2;
    } catch (const sawtooth::Error& e) {  // every user error (docs/architecture.md "Errors")
        std::fprintf(stderr, "sawtooth-lab: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {  // a library's own exception: a bug to report
        std::fprintf(stderr, "sawtooth-lab: error: %s\n", sawtooth::one_line(e.what()).c_str());
        return 1;
    }
    return 0;
}
