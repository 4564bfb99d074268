#pragma once
// Test helper: a whole file's bytes as one string, the one copy every test uses, and its
// inverse (write_file). It does not parse anything and never returns a half-read file: a file that cannot be
// opened throws, which fails the running test with the path in its message.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace sawtooth::test {

/// The bytes of `path`, unchanged (binary mode: no newline translation).
inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Writes `bytes` to `path` as they are (binary), replacing the file; throws when it cannot.
inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    if (!out || !(out << bytes)) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace sawtooth::test
