#pragma once
// Test helper: when a golden test may rewrite its golden file. A test run only compares.
// The files are rewritten only by the explicit command
//     cmake --build build --target update-golden
// which runs the golden test binaries with --update-golden (kUpdateGoldenFlag; the
// target is in tests/CMakeLists.txt, the flag is read by tests/doctest_main.cpp).
// SAWTOOTH_UPDATE_GOLDEN, which once made a test run rewrite its golden file and pass, now
// fails the test with a message naming that command: left set in a shell or a CI job, it
// would otherwise switch the check off without anyone noticing. The test case that calls
// rewrite_golden_if_requested is in doctest's test suite "golden" (one per golden file):
// the tests of that refusal run it alone (tests/CMakeLists.txt). This file does not decide
// what a golden file holds or how it is compared; each golden test does.

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace sawtooth::test {

/// The command-line flag that lets a golden test binary rewrite its golden files.
inline constexpr const char* kUpdateGoldenFlag = "--update-golden";

/// True when this binary was started with kUpdateGoldenFlag (set once, by main()).
inline bool& golden_update_requested() {
    static bool requested = false;
    return requested;
}

/// Fails the test when SAWTOOTH_UPDATE_GOLDEN is set; writes `text` to `path` when the
/// binary runs with --update-golden and does nothing otherwise. The caller compares the
/// file with what it computed afterwards, in both modes.
inline void rewrite_golden_if_requested(const std::string& path, const std::string& text) {
    REQUIRE_MESSAGE(std::getenv("SAWTOOTH_UPDATE_GOLDEN") == nullptr,
                    "SAWTOOTH_UPDATE_GOLDEN is set: golden tests refuse to run with it. It no "
                    "longer rewrites golden files; unset it, and after an intended change rewrite "
                    "them with `cmake --build build --target update-golden`.");
    if (!golden_update_requested()) return;
    std::ofstream out(path, std::ios::binary);
    out << text;
    REQUIRE_MESSAGE(out.good(), "cannot write " << path);
    MESSAGE("golden file rewritten: " << path);
}

}  // namespace sawtooth::test
