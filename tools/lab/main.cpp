// sawtooth-lab: headless research command line (generation, replay, models, benchmarks).
#include "gen/error.hpp"
#include "gen/printable.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <cctype>
#include <cstdio>
#include <exception>
#include <string>

namespace {

// CLI11 reports a missing required option (or subcommand) before an unknown one, so
// `gen --bogus` would say "--seed is required". Name what the user mistyped instead:
// the first word that is neither a command nor an option of the command it follows.
std::string first_unknown(const CLI::App& app, int argc, char** argv) {
    const CLI::App* at = &app;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") break;
        if (arg.rfind("-", 0) == 0 && arg.size() > 1 && !std::isdigit(static_cast<unsigned char>(arg[1]))) {
            const std::string name = arg.substr(0, arg.find('='));
            if (!at->get_option_no_throw(name) && name != "-h" && name != "--help")
                return "unknown option '" + name + "'" + (at == &app ? "" : " for '" + at->get_name() + "'") +
                       " (see --help)";
            continue;
        }
        bool is_command = false;
        for (const CLI::App* sub : at->get_subcommands([](const CLI::App*) { return true; }))
            if (sub->get_name() == arg) {
                at = sub;
                is_command = true;
            }
        if (!is_command && at == &app) return "unknown command '" + arg + "' (see --help)";
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
    sawtooth::lab::register_catalog(app);
    sawtooth::lab::register_curate_fit(app);
    sawtooth::lab::register_curate_pick(app);
    sawtooth::lab::register_curate_similarity(app);
    sawtooth::lab::register_pack(app);
    sawtooth::lab::register_pick_difficulty(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        const std::string unknown = first_unknown(app, argc, argv);
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
