#pragma once
// Test helper for command-line tests of the lab and the game: run `sawtooth-lab` or
// `sawtooth` with arguments split like a shell splits them, and name files in one scratch
// folder per test program. One copy of what every CLI test needs; does not check results
// (each test says what it expects).

#include "run_process.hpp"
#include "scratch_dir.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace sawtooth::test {

/// The lab binary of this build tree.
inline const std::string& lab_binary() {
    static const std::string path = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
    return path;
}

/// The game binary of this build tree.
inline const std::string& game_binary() {
    static const std::string path = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
    return path;
}

/// The game, headless, with its data and config homes inside `home` (never a developer's
/// real files). `settings.env` is replaced by the two homes.
inline ProcessResult headless_game(const std::filesystem::path& home, std::vector<std::string> args,
                                   ProcessSettings settings = {}) {
    settings.env = {"XDG_DATA_HOME=" + home.string(), "XDG_CONFIG_HOME=" + home.string()};
    args.insert(args.begin(), "--headless");
    return run_process(game_binary(), args, settings);
}

/// The game's --menu-keys script that presses `keys` one after another, one every two
/// frames from frame 2: "2:key=K1,4:key=K2,...".
inline std::string key_taps(const std::vector<std::string>& keys) {
    std::string out;
    for (std::size_t i = 0; i < keys.size(); ++i)
        out += (i ? "," : "") + std::to_string(2 + 2 * i) + ":key=" + keys[i];
    return out;
}

/// `sawtooth-lab WORDS...` (split at spaces; no quoting).
inline ProcessResult lab(const std::string& words, const ProcessSettings& settings = {}) {
    return run_process(lab_binary(), split_args(words), settings);
}

/// The files of one test program, in its scratch folder `<temp>/<name>_<pid>` (made empty
/// on construction, removed at exit): `const ScratchFiles file("x"); file("a.db")`.
class ScratchFiles {
public:
    explicit ScratchFiles(const std::string& name) : m_dir(scratch_dir(name)) {}
    std::string operator()(const std::string& file) const { return (m_dir / file).string(); }
    const std::filesystem::path& dir() const { return m_dir; }

private:
    std::filesystem::path m_dir;
};

}  // namespace sawtooth::test
