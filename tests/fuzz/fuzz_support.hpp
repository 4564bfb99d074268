#pragma once
// What every fuzz harness (tests/fuzz/fuzz_*.cpp) shares: the rule a reader's error must
// keep (one printable line), a finding that stops the run with a one-line reason, and a
// temporary file for readers that take a path. Does not decide which exceptions a reader
// may throw: each harness catches its reader's own error type and nothing else, so any
// other exception escapes and is a finding (libFuzzer and the driver both abort on it).

#include <unistd.h>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace sawtooth::fuzz {

/// Stops the run: the input is a finding (a broken property, an unreadable message).
[[noreturn]] inline void finding(std::string_view what) {
    std::fprintf(stderr, "fuzz finding: %.*s\n", static_cast<int>(what.size()), what.data());
    std::abort();
}

/// A reader's error must be one printable line: no control byte, no DEL (docs/reliability.md).
inline void expect_one_printable_line(std::string_view message) {
    if (message.empty()) finding("an error without a message");
    for (const char c : message) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 || b == 0x7f)
            finding("an error message holding a control byte: " + std::string(message));
    }
}

/// The input as text (readers take std::string_view).
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// A file holding the input, removed with the names SQLite and the readers put beside it
/// (-wal, -shm, -journal, .bad). One per call: every input starts from a clean folder.
class TempFile {
public:
    TempFile(const std::uint8_t* data, std::size_t size, const char* suffix) {
        const char* dir = std::getenv("TMPDIR");
        m_path =
            std::string(dir && *dir ? dir : "/tmp") + "/sawtooth-fuzz-" + std::to_string(::getpid()) + suffix;
        std::FILE* f = std::fopen(m_path.c_str(), "wb");
        if (!f || (size > 0 && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0)
            finding("cannot write the temporary file " + m_path);
    }
    ~TempFile() {
        for (const char* extra : {"", "-wal", "-shm", "-journal", ".bad"})
            std::remove((m_path + extra).c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

}  // namespace sawtooth::fuzz
