// `sawtooth-lab power` as a user runs it (docs/difficulty.md "Study power"): a tiny population
// and its figures (JSON and the page), a run killed mid-population and resumed giving the same
// rows as an uninterrupted one, and bad input (one line, non-zero exit, files untouched).
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/store/sqlite.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_power_cli {

using namespace sawtooth;
namespace fs = std::filesystem;

namespace {

const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";

/// Every row of the population's tables, in key order, as text.
std::string population_rows(const fs::path& file) {
    telemetry::Database db(file.string(), telemetry::OpenMode::ReadOnly);
    std::string out;
    for (const char* sql :
         {"SELECT key, value FROM meta ORDER BY key", "SELECT idx, skill FROM participants ORDER BY idx",
          "SELECT key, hex(data) FROM graphs ORDER BY key",
          "SELECT participant, condition, position, level_index, deaths, skipped, graph, hex(traces) "
          "FROM levels ORDER BY participant, condition, position"}) {
        telemetry::Statement st(db, sql);
        while (st.step()) {
            for (int c = 0; c < st.column_count(); ++c) out += st.text(c) + "|";
            out += "\n";
        }
    }
    return out;
}

int stored_participants(const fs::path& file) {
    try {
        telemetry::Database db(file.string(), telemetry::OpenMode::ReadOnly);
        return static_cast<int>(db.query_int("SELECT count(*) FROM participants"));
    } catch (const std::exception&) {
        return 0;  // not created yet, or its tables not yet committed
    }
}

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

void check_refused(const std::vector<std::string>& args, const fs::path& untouched) {
    const std::string before = test::read_file(untouched.string());
    const test::ProcessResult r = test::run_process(kLab, args);
    CHECK(r.exit_code != 0);
    CHECK(lines(r.err) == 1);
    CHECK(r.out.empty());
    CHECK(test::read_file(untouched.string()) == before);
}

}  // namespace

TEST_CASE("power: a tiny population, its figures, a killed run resumed, and bad input") {
    const fs::path dir = test::scratch_dir("sawtooth_test_power_cli");
    const fs::path whole = dir / "whole.db", resumed = dir / "resumed.db";

    const test::ProcessResult r =
        test::run_process(kLab, {"power", "--population", whole.string(), "--participants", "2", "--sizes",
                                 "2,3", "--replicates", "6", "--json", "--out", (dir / "page").string()});
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.err.empty());  // no progress line when stderr is not a terminal
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["population"]["participants"] == 2);
    REQUIRE(j["sizes"].size() == 2);
    for (const nlohmann::json& s : j["sizes"]) {
        CHECK(s["replicates"] == 6);
        for (const char* c : {"t_timing", "j", "t_cycle"}) {
            const nlohmann::json& k = s["coefficients"][c];
            CHECK(k["negative"].get<double>() + k["positive"].get<double>() + k["no_fit"].get<double>() ==
                  doctest::Approx(1.0));
            if (k["replicates"].get<int>() > 0) {
                CHECK(k["lo"].get<double>() <= k["median"].get<double>());
                CHECK(k["median"].get<double>() <= k["hi"].get<double>());
            }
        }
        CHECK(s["deaths_power"].get<double>() >= 0.0);
        CHECK(s["deaths_power"].get<double>() <= 1.0);
    }
    CHECK(nlohmann::json::parse(test::read_file((dir / "page" / "power.json").string()))["sizes"] ==
          j["sizes"]);
    const std::string page = test::read_file((dir / "page" / "index.html").string());
    CHECK(page.find("new Chart(") != std::string::npos);
    CHECK(page.find("Study power by simulation") != std::string::npos);

    // Killed once the first participant is stored, then resumed: the same rows.
    {
        test::LiveProcess p(kLab, {"power", "--population", resumed.string(), "--participants", "2",
                                   "--sizes", "2", "--replicates", "1", "--threads", "1"});
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
        while (stored_participants(resumed) < 1 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        p.kill_and_wait(SIGKILL);
    }
    CHECK(stored_participants(resumed) >= 1);
    const test::ProcessResult again =
        test::run_process(kLab, {"power", "--population", resumed.string(), "--participants", "2", "--sizes",
                                 "2", "--replicates", "1"});
    REQUIRE_MESSAGE(again.exit_code == 0, again.err);
    CHECK(population_rows(resumed) == population_rows(whole));

    // Bad input: one line, non-zero exit, the population file untouched.
    const std::vector<std::string> base{"power", "--population", whole.string(), "--participants", "2"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> a = base;
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    };
    check_refused(with({"--sizes", "1"}), whole);
    check_refused(with({"--sizes", "2,x"}), whole);
    check_refused(with({"--population-seed", "2"}), whole);  // another population's file
    check_refused(with({"--alpha", "1.5"}), whole);
    check_refused(with({"--expect", "sideways", "--compare", "drawn"}), whole);
    check_refused(with({"--compare", (dir / "missing_pack.json").string()}), whole);
    const fs::path text = dir / "notes.txt";
    std::ofstream(text) << "not a population\n";
    check_refused({"power", "--population", text.string(), "--participants", "2"}, text);
    fs::remove_all(dir);
}

}  // namespace test_power_cli
