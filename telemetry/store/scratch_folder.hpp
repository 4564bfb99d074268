#pragma once
// A private folder under the temporary directory for files that live only while one step
// runs (a packed session, pulled sessions, an upload being checked), removed with
// everything in it when the object goes. The name holds the process id and a counter, so
// threads and processes never share one.

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace sawtooth::telemetry {

class ScratchFolder {
public:
    explicit ScratchFolder(const std::string& prefix) {
        static std::atomic<unsigned long> counter{0};
        m_path = std::filesystem::temp_directory_path() /
                 (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~ScratchFolder() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    std::string file(const std::string& name) const { return (m_path / name).string(); }

private:
    std::filesystem::path m_path;
};

}  // namespace sawtooth::telemetry
