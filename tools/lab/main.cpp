// sawtooth-lab: headless research command line (generation, replay, models, benchmarks).
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>

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
    sawtooth::lab::register_verify_levels(app);
    sawtooth::lab::register_study(app);
    sawtooth::lab::register_replay(app);
    sawtooth::lab::register_export(app);
    sawtooth::lab::register_participant(app);
    sawtooth::lab::register_bench_replay(app);
    sawtooth::lab::register_model(app);
    sawtooth::lab::register_difficulty(app);
    sawtooth::lab::register_report(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "sawtooth-lab: %s\n", e.what());
        return 2;
    } catch (const sawtooth::lab::LabError& e) {
        std::fprintf(stderr, "sawtooth-lab: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sawtooth-lab: error: %s\n", e.what());
        return 1;
    }
    return 0;
}
