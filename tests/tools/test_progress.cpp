// tools/lab/progress: the progress line of long sawtooth-lab commands (project rule 9).
// The text is a pure function; the line draws only on a terminal (the decision injected
// here), redraws in place with \r, and a piped run of the real commands keeps stderr clean.
#include "tools/lab/progress.hpp"

#include <doctest/doctest.h>

#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_progress {

using namespace sawtooth::lab;

namespace {

/// Everything written to `f` so far.
std::string contents(std::FILE* f) {
    std::fflush(f);
    std::rewind(f);
    std::string s;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) s.append(buf, n);
    return s;
}

std::string lab() { return std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab"; }

}  // namespace

TEST_CASE("durations: seconds, then m:ss, then h:mm:ss") {
    CHECK(format_duration(0) == "0 s");
    CHECK(format_duration(44.6) == "45 s");
    CHECK(format_duration(59.4) == "59 s");
    CHECK(format_duration(125) == "2:05");
    CHECK(format_duration(3599) == "59:59");
    CHECK(format_duration(3725) == "1:02:05");
    CHECK(format_duration(-3) == "0 s");
}

TEST_CASE("the progress text: done/total, percent, rate, time left or taken") {
    CHECK(format_progress("verifying levels", 120, 1000, 4.0) ==
          "verifying levels 120/1000 (12 %), 30.0/s, 29 s left");
    CHECK(format_progress("levels", 999, 1000, 100.0) == "levels 999/1000 (99 %), 10.0/s, 0 s left");
    CHECK(format_progress("levels", 0, 10, 0.0) == "levels 0/10 (0 %), 0.0/s, time left unknown");
    CHECK(format_progress("levels", 10, 10, 125.0) == "levels 10/10 (100 %), 0.1/s, in 2:05");
    CHECK(format_progress("levels", 0, 0, 0.0) == "levels 0/0 (100 %), 0.0/s, in 0 s");
}

TEST_CASE("on a terminal the line redraws in place and ends with a newline") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f);
    {
        ProgressLine p("work", 3, ProgressSettings{.show = true, .out = f, .min_redraw_seconds = 0.0});
        p.advance();
        p.advance(2);
    }
    const std::string s = contents(f);
    std::fclose(f);
    CHECK(s.rfind("\rwork 0/3 (0 %)", 0) == 0);
    CHECK(s.find("\rwork 1/3 (33 %)") != std::string::npos);
    CHECK(s.find("\rwork 3/3 (100 %)") != std::string::npos);
    CHECK(s.find(", in ") != std::string::npos);
    CHECK(s.back() == '\n');
    CHECK(std::count(s.begin(), s.end(), '\n') == 1);
}

TEST_CASE("redraws are throttled; many threads count every item") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f);
    {
        ProgressLine p("work", 8000, ProgressSettings{.show = true, .out = f, .min_redraw_seconds = 3600});
        std::vector<std::thread> pool;
        for (int t = 0; t < 4; ++t)
            pool.emplace_back([&] {
                for (int i = 0; i < 2000; ++i) p.advance();
            });
        for (std::thread& t : pool) t.join();
    }
    const std::string s = contents(f);
    std::fclose(f);
    CHECK(std::count(s.begin(), s.end(), '\r') == 2);  // the first draw and the final one
    CHECK(s.find("\rwork 8000/8000 (100 %)") != std::string::npos);
}

TEST_CASE("piped (not a terminal): nothing at all") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f);
    {
        ProgressLine p("work", 3, ProgressSettings{.show = false, .out = f, .min_redraw_seconds = 0.0});
        p.advance(3);
        p.finish();
    }
    CHECK(contents(f).empty());
    std::fclose(f);
}

TEST_CASE("long commands keep a piped stderr clean") {
    const auto dir = sawtooth::test::scratch_dir("sawtooth_progress_test");
    const std::string db = (dir / "study.db").string();
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"verify-levels", "--seeds", "1..2", "--threads", "2"},
          std::vector<std::string>{"simulate-study", "--players", "1", "--levels", "1", "--threads", "2",
                                   "--db", db},
          std::vector<std::string>{"bench", "gen", "--seeds", "1..3", "--runs", "1"}}) {
        const sawtooth::test::ProcessResult r = sawtooth::test::run_process(lab(), args);
        CAPTURE(args.front());
        CHECK(r.exit_code == 0);
        CHECK(r.err == "");
        CHECK(r.out.find('\r') == std::string::npos);
    }
}

}  // namespace test_progress
