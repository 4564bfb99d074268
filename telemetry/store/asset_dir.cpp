#include "telemetry/store/asset_dir.hpp"

#include <filesystem>
#include <system_error>

namespace sawtooth::telemetry {

namespace fs = std::filesystem;

std::string asset_dir_for(const std::string& exe, const std::string& source_tree_assets) {
    const fs::path installed = (fs::path(exe).parent_path() / ".." / "share" / "sawtooth").lexically_normal();
    std::error_code ec;
    if (fs::is_directory(installed / "levels", ec)) return installed.string();
    return source_tree_assets;
}

std::string find_asset_dir(const std::string& source_tree_assets) {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return source_tree_assets;
    return asset_dir_for(exe.string(), source_tree_assets);
}

}  // namespace sawtooth::telemetry
