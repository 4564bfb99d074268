// The main() of every test executable: doctest's, plus the --update-golden flag
// (tests/support/golden.hpp) that only the update-golden target passes.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "support/golden.hpp"

#include <cstring>

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], sawtooth::test::kUpdateGoldenFlag) == 0)
            sawtooth::test::golden_update_requested() = true;
    doctest::Context context(argc, argv);
    return context.run();
}
