#pragma once
// The bot's move templates: short button sequences (run, jump, hang, let go) it tries on
// its lookahead from a resting place, most likely first. Their tick counts are named data
// in move_templates.cpp with the reason for each. Only builds input sequences: running
// them is the lookahead's job (game/bot/lookahead.hpp).

#include "game/sim/input.hpp"
#include "game/sim/simulation.hpp"
#include "gen/level_graph.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::bot {

/// One segment of a move template: buttons held for a number of ticks.
struct Seg {
    std::uint8_t bits = 0;
    int n = 0;
};

/// A move template: segments held in order.
using Macro = std::vector<Seg>;

/// The frames a template holds, one per tick.
std::vector<InputFrame> frames_of(const Macro& m);
/// The frames of each template, in order.
std::vector<std::vector<InputFrame>> frames_of(const std::vector<Macro>& ms);

/// A target ledge to grab: the side it is on (+1 right, -1 left) and the metres from
/// the player to where a hanging body is, horizontally. side 0: no ledge to grab.
struct Grab {
    int side = 0;
    double dx = 0.0;
};

/// Where the player must be to hang on graph node `target`, if it is a hang node.
Grab grab_of(const LevelGraph& graph, int target, const PlayerView& v);

/// Candidate moves from the player's state toward a target `dx` metres away horizontally
/// and `dy` cells up (and a ledge to grab, if any); the most likely first.
std::vector<Macro> candidate_macros(const PlayerView& v, double dx, int dy, Grab grab = {});

}  // namespace sawtooth::bot
