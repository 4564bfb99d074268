#pragma once
// The synthetic population of `sawtooth-lab power` (docs/difficulty.md "Study power"):
// participant i of population seed s is participant i of `simulate-study --seed s` (same
// skill, same drawn levels, same plays of the first condition), and plays every condition of
// the design; the levels' event traces and model-free G' are computed on the spot and the
// participant is appended to the population file (telemetry/analysis/power_population.hpp).
// Growing a population resumes after the participants the file already holds.

#include "gen/level.hpp"
#include "telemetry/analysis/power.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// One condition of a study design: the thesis session's drawn levels, or a pack's levels
/// (the same for everyone, in the pack's order).
struct PowerCondition {
    std::string name;  ///< "drawn" or "pack:<file name>"
    int drawn = 0;     ///< levels drawn per session (0 with a pack)
    struct PackLevel {
        Level level;
        int level_index = 0;
        std::shared_ptr<const analysis::ChallengeGraph> graph;
    };
    std::vector<PackLevel> pack;
};

/// The design every population participant plays, condition by condition.
struct PowerDesign {
    std::vector<PowerCondition> conditions;
};

/// A design from condition specs: "drawn" (the thesis session's ten drawn levels) or a pack
/// file. Throws what reading a pack throws, and telemetry::PackError-like errors for
/// hand-made pack levels.
PowerDesign power_design(const std::vector<std::string>& specs);

/// Participant i of population `seed` playing every condition of `design`.
analysis::PopulationParticipant simulate_power_participant(const PowerDesign& design, std::uint64_t seed,
                                                           int i);

/// How a population grows.
struct GrowSettings {
    int participants = 500;  ///< the population's size when done
    int threads = 2;         ///< the machine is shared
    /// Called after each stored participant with (stored, target); may be empty.
    std::function<void(int, int)> on_participant;
};

/// Opens or creates the population file and appends participants until it holds
/// settings.participants; returns the participants it held before. Throws ModelError when
/// the file holds another population (seed, generator or design).
int grow_population(const std::string& path, const PowerDesign& design, std::uint64_t seed,
                    const GrowSettings& settings);

}  // namespace sawtooth::flows
