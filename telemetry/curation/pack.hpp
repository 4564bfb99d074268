#pragma once
// Level packs: a JSON file naming generated levels by their generator
// parameters, generator version and level hash, with the provenance of the choice
// (catalogue, formula, selection). `sawtooth-lab curate pick` writes them; the game plays
// them (`sawtooth --pack`, the Packs menu, `sawtooth --study --pack`). Since format
// version 2 a pack may also hold hand-made levels as their level text (`sawtooth-lab pack
// add`); a pack without one is still written as version 1, so older builds read
// it. Schema: docs/curation.md#packs.
//
// Reading checks everything a player would otherwise meet as a wrong level: a pack from a
// newer format, an empty pack, a level of another generator version or whose parameters no
// longer generate the stored hash are refused with one PackError line naming the file, the
// JSON pointer or the level. Does not: choose levels (tools/lab/cmd_curate_pick.cpp) or
// play them (game/app/screens/pack_screen.cpp).

#include "gen/error.hpp"
#include "gen/generator.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sawtooth::telemetry {

class JsonField;

inline constexpr const char* kPackFormat = "sawtooth-level-pack";
/// The newest version this build writes (2: level text entries); readers refuse packs
/// with a higher version. Packs holding only generated levels are written as version 1.
inline constexpr int kPackFormatVersion = 2;

/// A pack that cannot be read or played; what() is one line starting with the file name.
class PackError : public Error {
public:
    using Error::Error;
};

/// One level of a pack: what the generator takes, and what it gave when the pack was made;
/// or, for a hand-made level, its level text (then `params` and `generator_version` are
/// unused) and the name it was added under.
struct PackLevel {
    GenParams params;
    int generator_version = kGeneratorVersion;
    std::uint64_t level_hash = 0;
    std::string level_text;  ///< non-empty: a hand-made level (format version 2)
    std::string name;        ///< hand-made levels: the file name it was added from

    bool hand_made() const { return !level_text.empty(); }
};

/// A pack entry for a hand-made level: its canonical text and hash. Requires
/// level_problem(level) == "".
PackLevel hand_made_pack_level(const Level& level, std::string name);

/// A pack. `provenance` is kept as JSON: readers show it but never act on it.
struct Pack {
    std::string name;
    std::vector<PackLevel> levels;
    nlohmann::json provenance = nlohmann::json::object();
};

/// The pack as its JSON document (format, format_version, name, levels, provenance).
nlohmann::json pack_json(const Pack& pack);
/// Writes `pack` to `path` through a temporary file renamed over it (never a half file).
void write_pack(const std::string& path, const Pack& pack);

/// Reads and checks a pack file: format, version, fields; every generated level
/// regenerated, every hand-made one parsed and validated, and its hash compared. Throws PackError
/// ("pack.json: level 3 (seed 42): ...").
Pack read_pack(const std::string& path);
/// The same for a parsed document; `file` names it in messages.
Pack pack_from_json(const nlohmann::json& doc, const std::string& file);
/// read_pack without regenerating the levels: format, version and every field checked, the
/// hashes not (regenerating is the slow part; the fuzz harness `pack_json` reads through this).
Pack read_pack_fields(const std::string& path);

/// The generator parameters of a pack level object (seed, layout, rooms_w, rooms_h, room_w,
/// room_h, level_index, alpha), each checked against the generator's limits; throws
/// JsonFieldError. Study protocols' "seeds" levels are read through it too.
GenParams gen_params_from_json(const JsonField& level);

/// The level a PackLevel stands for, regenerated (or parsed, when hand-made); throws
/// PackError when it is not the one stored (generator version or hash differ, the text
/// does not parse). `label` prefixes messages.
Level pack_level(const PackLevel& level, const std::string& label);

/// "seed 42" for a generated level, the name for a hand-made one (menus, messages).
std::string pack_level_title(const PackLevel& level);

}  // namespace sawtooth::telemetry
