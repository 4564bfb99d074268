#pragma once
// Deaths by position in a pack study (docs/difficulty.md "Playing a pack"): the mean deaths
// at each position, Spearman's rho between position and that mean, and the rho's
// participant-level bootstrap interval (bootstrap.hpp: whole players resampled, so a
// player's plays stay together). Does not: run the study or group the players.

#include "telemetry/analysis/bootstrap.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace sawtooth::analysis {

/// The trend of one group of players.
struct PositionTrend {
    std::size_t players = 0;
    std::vector<double> means;  ///< mean deaths per position (0 where nobody played)
    std::optional<double> rho;  ///< undefined for one position or equal means everywhere
    /// Bootstrap interval of rho; replicates 0 when rho is undefined or settings.replicates
    /// is 0; resamples whose rho is undefined are left out.
    Interval rho_interval;
};

/// `deaths[k][i]`: player i's deaths at position k (every player has a value at every
/// position, in the same player order). Throws ModelError for bad bootstrap settings.
PositionTrend position_trend(const std::vector<std::vector<double>>& deaths,
                             const BootstrapSettings& bootstrap);

}  // namespace sawtooth::analysis
