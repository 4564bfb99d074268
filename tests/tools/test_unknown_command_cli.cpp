// An unknown command or subcommand of `sawtooth-lab` (docs/tools.md): one line, exit 2, the
// same line with `--help` as without it, and no help text; known commands keep their help.
#include "../support/lab_cli.hpp"
#include "../support/run_process.hpp"

#include <doctest/doctest.h>

#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_unknown_command_cli {

using sawtooth::test::lab;

namespace {

std::string with(const std::string& command, const std::string& rest) {
    return command.empty() ? rest : command + " " + rest;
}

}  // namespace

TEST_CASE("an unknown command fails the same way with and without --help") {
    for (const std::string command : {"", "words", "model", "curate", "catalog", "participant", "bench"}) {
        CAPTURE(command);
        const auto plain = lab(with(command, "no-such-command"));
        const auto help = lab(with(command, "no-such-command --help"));
        const auto help_first = lab(with(command, "--help no-such-command"));
        const std::string expected = "sawtooth-lab: unknown command 'no-such-command'" +
                                     (command.empty() ? std::string() : " for '" + command + "'") +
                                     " (see --help)\n";
        for (const auto* r : {&plain, &help, &help_first}) {
            CHECK(r->exit_code == 2);
            CHECK(r->err == expected);
            CHECK(r->out.empty());
        }
    }
}

TEST_CASE("known commands keep their help, and option values are not taken for commands") {
    for (const std::string args : {"--help", "words --help", "catalog merge --help", "bench sim --help",
                                   "curate fit --help", "participant new --help"}) {
        CAPTURE(args);
        const auto r = lab(args);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("Usage") != std::string::npos);
    }
    // `4..1` is the value of --seeds, not a command of `catalog` (which has one, merge).
    const auto r = lab("catalog --seeds 4..1 --help");
    CHECK(r.exit_code == 0);
    const auto bad = lab("catalog --seeds 4..1 --db /nonexistent-dir/x.db");
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("bad --seeds '4..1'") != std::string::npos);
}

}  // namespace test_unknown_command_cli
