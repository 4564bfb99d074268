#include "telemetry/curation/pack.hpp"

#include "telemetry/store/export.hpp"
#include "telemetry/store/json_reader.hpp"
#include "telemetry/store/store.hpp"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

namespace sawtooth::telemetry {

namespace {

constexpr const char* kHandMadeKind = "level_text";

nlohmann::json level_json(const PackLevel& l) {
    if (l.hand_made())
        return {{"kind", kHandMadeKind},
                {"name", l.name},
                {"level_text", l.level_text},
                {"level_hash", hex64(l.level_hash)}};
    const GenParams& p = l.params;
    return {{"seed", p.seed},
            {"layout", std::string(layout_name(p.layout))},
            {"rooms_w", p.rooms_w},
            {"rooms_h", p.rooms_h},
            {"room_w", p.room_w},
            {"room_h", p.room_h},
            {"level_index", p.level_index},
            {"alpha", p.alpha},
            {"generator_version", l.generator_version},
            {"level_hash", hex64(l.level_hash)}};
}

std::uint64_t read_hash(const JsonField& hash) {
    try {
        return parse_hex64(hash.string());
    } catch (const StoreError&) {
        hash.fail("expected 16 hex digits");
    }
    return 0;
}

// A format version 2 entry of kind "level_text" (a hand-made level).
PackLevel read_hand_made_level(const JsonField& f) {
    PackLevel l;
    l.name = f.at("name").string();
    const JsonField text = f.at("level_text");
    l.level_text = text.string();
    if (l.level_text.empty()) text.fail("empty level text");
    l.level_hash = read_hash(f.at("level_hash"));
    return l;
}

PackLevel read_level(const JsonField& f, int version) {
    f.expect_object();
    if (f.has("kind")) {
        const JsonField kind = f.at("kind");
        if (version < 2) kind.fail("level kinds need pack format version 2");
        if (kind.string() == kHandMadeKind) return read_hand_made_level(f);
        if (kind.string() != "generated") kind.fail("expected \"generated\" or \"level_text\"");
    }
    PackLevel l;
    l.params = gen_params_from_json(f);
    l.generator_version = f.at("generator_version").int_in(0, std::numeric_limits<int>::max());
    l.level_hash = read_hash(f.at("level_hash"));
    return l;
}

std::string level_label(const std::string& file, std::size_t i, const PackLevel& l) {
    return file + ": level " + std::to_string(i + 1) + " (" + pack_level_title(l) + ")";
}

}  // namespace

GenParams gen_params_from_json(const JsonField& f) {
    f.expect_object();
    GenParams p;
    p.seed = f.at("seed").unsigned_integer();
    const JsonField layout = f.at("layout");
    const auto parsed = parse_layout(layout.string());
    if (!parsed) layout.fail("expected \"maze\" or \"linear\"");
    p.layout = *parsed;
    p.rooms_w = f.at("rooms_w").int_in(1, kMaxRooms);
    p.rooms_h = f.at("rooms_h").int_in(1, kMaxRooms);
    p.room_w = f.at("room_w").int_in(kMinRoomSize, kMaxRoomSize);
    p.room_h = f.at("room_h").int_in(kMinRoomSize, kMaxRoomSize);
    p.level_index = f.at("level_index").int_in(1, 1000);
    p.alpha = f.at("alpha").number();
    return p;
}

PackLevel hand_made_pack_level(const Level& level, std::string name) {
    PackLevel l;
    l.level_text = to_level_text(level);
    l.level_hash = level_hash(level);
    l.name = std::move(name);
    return l;
}

std::string pack_level_title(const PackLevel& level) {
    return level.hand_made() ? level.name : "seed " + std::to_string(level.params.seed);
}

nlohmann::json pack_json(const Pack& pack) {
    nlohmann::json levels = nlohmann::json::array();
    bool hand_made = false;
    for (const PackLevel& l : pack.levels) {
        levels.push_back(level_json(l));
        hand_made = hand_made || l.hand_made();
    }
    // Version 1 while it suffices: builds from before hand-made levels still read the pack.
    return {{"format", kPackFormat},
            {"format_version", hand_made ? kPackFormatVersion : 1},
            {"name", pack.name},
            {"levels", levels},
            {"provenance", pack.provenance}};
}

void write_pack(const std::string& path, const Pack& pack) {
    try {
        write_file_atomically(path, pack_json(pack).dump(2) + "\n");
    } catch (const StoreError& e) {
        throw PackError(e.what());
    }
}

namespace {

Level parse_hand_made(const PackLevel& l, const std::string& label) {
    Level level;
    try {
        level = parse_level_text(l.level_text);
    } catch (const LevelFormatError& e) {
        throw PackError(label + ": level text " + e.what());
    }
    if (const std::string bad = level_problem(level); !bad.empty()) throw PackError(label + ": " + bad);
    if (const std::uint64_t h = level_hash(level); h != l.level_hash)
        throw PackError(label + ": level text hashes to " + hex64(h) + ", the pack stores " +
                        hex64(l.level_hash) + " (edited by hand?)");
    return level;
}

}  // namespace

Level pack_level(const PackLevel& l, const std::string& label) {
    if (l.hand_made()) return parse_hand_made(l, label);
    if (l.generator_version != kGeneratorVersion)
        throw PackError(label + ": made by generator version " + std::to_string(l.generator_version) +
                        ", this build has version " + std::to_string(kGeneratorVersion));
    if (const std::string bad = params_problem(l.params); !bad.empty()) throw PackError(label + ": " + bad);
    GeneratedLevel g = generate_level(l.params);
    if (!g.ok) throw PackError(label + ": does not generate: " + g.error);
    const std::uint64_t h = level_hash(g.level);
    if (h != l.level_hash)
        throw PackError(label + ": generates level hash " + hex64(h) + ", the pack stores " +
                        hex64(l.level_hash) + " (another generator?)");
    return std::move(g.level);
}

namespace {

/// pack_from_json without regenerating the levels.
Pack pack_fields_from_json(const nlohmann::json& doc, const std::string& file) {
    Pack pack;
    try {
        const JsonField root(doc);
        root.expect_object();
        if (root.at("format").string() != kPackFormat) root.at("format").fail("not a level pack");
        const int version = root.at("format_version").int_in(1, std::numeric_limits<int>::max());
        if (version > kPackFormatVersion)
            throw PackError(file + ": pack format version " + std::to_string(version) +
                            " is newer than this build's " + std::to_string(kPackFormatVersion) +
                            " (update Sawtooth)");
        pack.name = root.at("name").string();
        const JsonField levels = root.at("levels");
        levels.expect_array();
        for (std::size_t i = 0; i < levels.value().size(); ++i)
            pack.levels.push_back(read_level(levels.at(i), version));
        if (root.has("provenance")) pack.provenance = root.at("provenance").value();
    } catch (const JsonFieldError& e) {
        throw PackError(file + ": " + e.what());
    }
    if (pack.levels.empty()) throw PackError(file + ": the pack holds no level");
    return pack;
}

void regenerate_levels(const Pack& pack, const std::string& file) {
    for (std::size_t i = 0; i < pack.levels.size(); ++i)
        pack_level(pack.levels[i], level_label(file, i, pack.levels[i]));
}

}  // namespace

Pack pack_from_json(const nlohmann::json& doc, const std::string& file) {
    Pack pack = pack_fields_from_json(doc, file);
    regenerate_levels(pack, file);
    return pack;
}

Pack read_pack_fields(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw PackError(path + ": cannot open");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    nlohmann::json doc;
    try {
        doc = parse_json_text(text);
    } catch (const JsonFieldError& e) {
        throw PackError(path + ": " + e.what());
    }
    return pack_fields_from_json(doc, path);
}

Pack read_pack(const std::string& path) {
    Pack pack = read_pack_fields(path);
    regenerate_levels(pack, path);
    return pack;
}

}  // namespace sawtooth::telemetry
