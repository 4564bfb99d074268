#pragma once
// Which recorded levels a replay covers (`sawtooth-lab replay`, docs/telemetry.md): the
// platformer and word levels named by id, and every level of a session. An id that only
// word_levels holds names that word level; whether the levels row exists decides, not
// whether it loads, so a damaged platformer row fails as that level and is never verified
// as the word level of the same number. Does not: replay or verify (replay.hpp,
// words_recording.hpp).

#include "telemetry/store/store.hpp"

#include <cstdint>
#include <set>
#include <vector>

namespace sawtooth::telemetry {

/// Platformer and word level ids, in the order they are replayed.
struct ReplaySet {
    std::vector<std::int64_t> levels;
    std::vector<std::int64_t> word_levels;
    bool empty() const { return levels.empty() && word_levels.empty(); }
};

/// `levels` (platformer ids, or word level ids no levels row holds), then every level of
/// `session` (0: none) after the named ones. Throws sawtooth::Error when `session` holds no level.
ReplaySet replay_set(Store& store, const std::vector<std::int64_t>& levels,
                     const std::vector<std::int64_t>& word_levels, std::int64_t session);

/// The sessions of the set's levels, in id order.
std::set<std::int64_t> replay_sessions(Store& store, const ReplaySet& set);

}  // namespace sawtooth::telemetry
