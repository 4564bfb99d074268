// Runs a fuzz harness over files without libFuzzer, so the corpus regression tests
// (fuzz.regress_*) build with the normal compiler where clang is absent. Each argument is a
// file or a folder (every regular file in it, in name order); every file is passed once to
// LLVMFuzzerTestOneInput. A finding aborts, which fails the test; a folder holding no file
// fails too, so a lost corpus is never a silent pass.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& arg) {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(arg)) {
        for (const auto& e : std::filesystem::directory_iterator(arg))
            if (e.is_regular_file()) files.push_back(e.path());
        std::sort(files.begin(), files.end());
    } else if (std::filesystem::is_regular_file(arg)) {
        files.push_back(arg);
    }
    return files;
}

bool run_file(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::fprintf(stderr, "running %s (%zu bytes)\n", file.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
        return 2;
    }
    std::size_t ran = 0;
    for (int i = 1; i < argc; ++i) {
        const auto files = inputs_of(argv[i]);
        if (files.empty()) {
            std::fprintf(stderr, "no input files in '%s'\n", argv[i]);
            return 1;
        }
        for (const auto& f : files) {
            if (!run_file(f)) {
                std::fprintf(stderr, "cannot read '%s'\n", f.c_str());
                return 1;
            }
            ++ran;
        }
    }
    std::printf("%zu inputs ran without a finding\n", ran);
    return 0;
}
