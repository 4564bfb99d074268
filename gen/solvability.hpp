#pragma once
// The solvability claim of thesis 3.2.2: every exit configuration of a room size has a
// solution. Shared by the test suite (a fixed sample) and `sawtooth-lab gen-enumerate`
// (the full enumeration).

#include "gen/room_solver.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth {

/// Outcome of checking the configurations of one room size.
struct SolvabilityResult {
    int width = 0;
    int height = 0;
    int configs = 0;         ///< configurations checked
    int solved = 0;          ///< found a solution
    int first_attempt = 0;   ///< solved by the first 5000-iteration attempt
    long long attempts = 0;  ///< attempts used in total
    std::vector<RoomExits> unsolved;
};

/// Checks every `stride`-th allowed configuration (starting at `offset`) with at least one
/// edge exit, up to `max_attempts` attempts of `max_iterations` each.
SolvabilityResult check_solvability(int width, int height, int max_attempts, int stride = 1, int offset = 0,
                                    int max_iterations = 5000);

/// A room size, width x height cells.
struct RoomSize {
    int width = 0;
    int height = 0;
};

/// The room sizes thesis 3.2.2 enumerates (`gen-enumerate --sizes all`): 4x4, 5x5 and
/// 5x6 .. 11x7.
std::vector<RoomSize> thesis_room_sizes();

}  // namespace sawtooth
