#include "tools/lab/bot_common.hpp"

#include "telemetry/store/level_file.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"

#include <thread>

namespace sawtooth::lab {

std::vector<Level> read_level_files(const std::vector<std::string>& paths) {
    std::vector<Level> levels;
    for (const std::string& path : paths) levels.push_back(telemetry::read_level_file(path));
    return levels;
}

int worker_count(int requested) {
    if (requested > 0) return requested;
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

analysis::ForEach parallel_with_progress(const char* label, int threads) {
    return [label, threads](std::size_t n, const std::function<void(std::size_t)>& body) {
        ProgressLine progress(label, n);
        parallel_for(n, worker_count(threads), [&](std::size_t i) {
            body(i);
            progress.advance();
        });
        progress.finish();
    };
}

std::vector<int> parse_level_indices(const std::string& text) {
    std::vector<int> indices;
    if (text == "all") {
        for (int i = 1; i <= 10; ++i) indices.push_back(i);
        return indices;
    }
    const int i = parse_int(text, "--level-index");
    if (i < 1 || i > 10) throw LabError("bad --level-index '" + text + "': expected 1..10 or all");
    indices.push_back(i);
    return indices;
}

}  // namespace sawtooth::lab
