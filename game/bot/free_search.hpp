#pragma once
// The graph-free hop search: best-first over resting places (cell + mode) reached by
// single moves on the trap-free lookahead, for where the graph's moves fail or there is
// no graph path (hand-made levels, or noise left the player off the graph). The chain
// search (chain_search.hpp) is the one that follows a graph path.

#include "game/bot/chain_search.hpp"

#include <optional>
#include <vector>

namespace sawtooth::bot {

/// Searches on `geo` (the trap-free lookahead) from the real simulation's state toward the
/// exit (path == nullptr) or toward any safe node further along `path`. The first hop of
/// the chain found runs up to its first resting place outside every trap area (a trap area
/// is crossed in one timed hop, as the chain search does) and is then timed against the
/// traps with waits of at least `w_min` ticks. The plan's target is -1 (no graph node).
std::optional<Plan> search_free(const SearchTools& tools, Simulation& geo, const Simulation& real,
                                const std::vector<int>* path, int w_min);

}  // namespace sawtooth::bot
