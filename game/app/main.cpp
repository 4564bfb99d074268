// sawtooth: the game. See README for the command line.
#include "game/app/shell/app.hpp"
#include "gen/error.hpp"
#include "gen/printable.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

int main(int argc, char** argv) {
    sawtooth::app::AppOptions o;
    CLI::App cli{"Sawtooth: a platformer and a word game whose levels are generated from seeds"};
    sawtooth::app::add_game_flags(cli, o);
    cli.set_version_flag("--version", "sawtooth 0.1");
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "sawtooth: %s\n", sawtooth::one_line(e.what()).c_str());
        return 2;
    }
    o.words_builder = cli.count("--words-builder") > 0;
    if (cli.count("--study") > 0)  // docs/studies.md "Renamed commands and options"
        std::fprintf(stderr, "sawtooth: --study is deprecated; use --thesis-session\n");
    try {
        return sawtooth::app::run(o);
    } catch (const sawtooth::Error& e) {  // every user error (docs/architecture.md "Errors")
        std::fprintf(stderr, "sawtooth: %s\n", e.what());
        return 1;
    }
}
