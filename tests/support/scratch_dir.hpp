#pragma once
// Test helper: a scratch folder of this process (temp dir / NAME_PID), emptied when made
// and removed when the test binary exits. Per process, so test runs from several build
// trees at once never wipe each other's files.

#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace sawtooth::test {

/// A fresh, empty `<temp>/<name>_<pid>` folder, removed at exit.
inline std::filesystem::path scratch_dir(const std::string& name) {
    namespace fs = std::filesystem;
    static struct Cleanup {
        std::vector<fs::path> dirs;
        ~Cleanup() {
            std::error_code ec;
            for (const fs::path& d : dirs) fs::remove_all(d, ec);
        }
    } cleanup;
    const fs::path d = fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    cleanup.dirs.push_back(d);
    return d;
}

}  // namespace sawtooth::test
