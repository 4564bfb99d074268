// `sawtooth-lab pack add --pack PACK --level FILE...`: gathers saved level files (the
// editor's, or any hand-made level text) into a level pack (telemetry/curation/pack.hpp), creating
// the pack or appending to it. Everything is read and checked before the pack is written
// (through a temporary file renamed over it): a bad level file, a damaged pack or a level
// already in the pack writes nothing. Does not: choose levels (curate pick does) or prove
// them playable (verify-levels --level does).
#include "telemetry/curation/pack.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

struct PackAddOptions {
    std::string pack;
    std::vector<std::string> levels;
    std::string name;  ///< name of a new pack (default: the pack file's stem)
};

telemetry::Pack open_or_new(const PackAddOptions& o) {
    if (!std::filesystem::exists(o.pack)) {
        telemetry::Pack pack;
        pack.name = o.name.empty() ? std::filesystem::path(o.pack).stem().string() : o.name;
        pack.provenance = {{"made_by", "sawtooth-lab pack add"}};
        return pack;
    }
    if (!o.name.empty()) throw LabError(o.pack + ": --name is for a new pack, this one exists");
    return telemetry::read_pack(o.pack);
}

// The index (1-based) of the pack level with this hash, or 0.
std::size_t find_level(const telemetry::Pack& pack, std::uint64_t hash) {
    for (std::size_t i = 0; i < pack.levels.size(); ++i)
        if (pack.levels[i].level_hash == hash) return i + 1;
    return 0;
}

void run_pack_add(const PackAddOptions& o) {
    const std::vector<Level> levels = read_level_files(o.levels);
    telemetry::Pack pack = open_or_new(o);
    for (std::size_t i = 0; i < levels.size(); ++i) {
        telemetry::PackLevel entry = telemetry::hand_made_pack_level(
            levels[i], std::filesystem::path(o.levels[i]).filename().string());
        if (const std::size_t at = find_level(pack, entry.level_hash))
            throw LabError(o.levels[i] + ": the same level is already level " + std::to_string(at) + " of " +
                           o.pack);
        pack.levels.push_back(std::move(entry));
    }
    telemetry::write_pack(o.pack, pack);
    std::printf("%s: %zu levels (%zu added)\n", o.pack.c_str(), pack.levels.size(), levels.size());
}

}  // namespace

void register_pack(CLI::App& app) {
    CLI::App* pack = app.add_subcommand("pack", "level packs of hand-made levels");
    pack->require_subcommand(1);
    auto o = std::make_shared<PackAddOptions>();
    CLI::App* add = pack->add_subcommand("add", "add level text files to a pack (created if missing)");
    add->add_option("--pack", o->pack, "the pack file (JSON)")->required();
    add->add_option("--level", o->levels, "level text files to add, in order")->required();
    add->add_option("--name", o->name, "name of a new pack (default: the file name)");
    add->callback([o] { run_pack_add(*o); });
}

}  // namespace sawtooth::lab
