// The main() of every test executable: doctest's, plus the --update-golden flag
// (tests/support/golden.hpp) that only the update-golden target passes, and a guard: a
// run whose filters (CTest runs each test file through --source-file, tests/CMakeLists.txt)
// match no test case fails instead of passing with nothing checked.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "support/golden.hpp"

#include <cstdio>
#include <cstring>

namespace {

/// Test cases the last run selected; -1 when no run ended (a --list query, --help).
int g_selected_test_cases = -1;

// A doctest listener that only records how many test cases passed the filters.
struct SelectionCounter : doctest::IReporter {
    explicit SelectionCounter(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats& stats) override {
        g_selected_test_cases = static_cast<int>(stats.numTestCasesPassingFilters);
    }
    void test_case_start(const doctest::TestCaseData&) override {}
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

DOCTEST_REGISTER_LISTENER("selection_counter", 1, SelectionCounter);

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], sawtooth::test::kUpdateGoldenFlag) == 0)
            sawtooth::test::golden_update_requested() = true;
    doctest::Context context(argc, argv);
    const int result = context.run();
    if (result == 0 && g_selected_test_cases == 0) {
        std::fprintf(stderr, "%s: no test case matches the filters given\n", argv[0]);
        return 1;
    }
    return result;
}
