#pragma once
// A level pack whose levels follow a difficulty curve (`sawtooth-lab pick-difficulty`,
// docs/difficulty.md "Difficulty-targeted levels"): the candidates' difficulty is predicted
// by a challenge model (from a catalogue, or generated from a seed range), the curve's
// targets are set, the curve pick chooses one distinct level per position
// (game/flows/curve_pick.hpp, with a playtest when asked), and the pack is made with a
// provenance that records the model, the curve, the tolerance, the achieved error, the
// candidates and the playtest. Does not: parse options, read the model or the curve file,
// write the pack file or print.

#include "game/flows/curve_pick.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/study/curve_shape.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// The target curve: a named shape, or the targets of a file.
struct CurveSpec {
    std::optional<telemetry::CurveShape> shape;  ///< empty: the targets of `file`
    std::vector<double> targets;                 ///< file only
    std::string file;                            ///< file only: its name, as the provenance keeps it
    analysis::RisingCurveSettings rising;
};

/// Where the candidates come from: a catalogue file, or seeds first..last in every shape
/// at every level index.
struct CandidateSource {
    std::string catalog;  ///< set: the catalogue's generated rows
    std::vector<GenParams> shapes;
    std::vector<int> indices;
    std::uint64_t first_seed = 0, last_seed = 0;
    std::string seeds_text;  ///< the range as given, for the provenance
};

/// What to pick.
struct DifficultyPackRequest {
    analysis::ChallengeModel model;
    std::string model_file;  ///< its name, as the provenance keeps it
    CurveSpec curve;
    int count = 0;  ///< positions of a named curve (a file gives its own)
    CandidateSource candidates;
    CurvePickRequest pick;    ///< tolerance, panel, shortlist, setting prefix
    std::string panel_group;  ///< the panel's group as named, for the provenance
    std::string name;         ///< the pack's name
    analysis::ForEach predict = analysis::serial_for_each;   ///< spreads the predictions
    analysis::ForEach playtest = analysis::serial_for_each;  ///< spreads the panel's plays
};

/// The pick: the pack (provenance "pick_difficulty" and "created_utc") and the result that
/// its provenance keeps under "pick_difficulty".
struct DifficultyPack {
    telemetry::Pack pack;
    nlohmann::json result;
    std::size_t candidates = 0;
};

/// Picks the pack. Throws an Error naming the setting (after request.pick.setting_prefix) when
/// the tolerance cannot be met or the curve does not fit the candidates, and what the
/// catalogue, the generator and the curve pick throw.
DifficultyPack pick_difficulty_pack(const DifficultyPackRequest& request);

}  // namespace sawtooth::flows
