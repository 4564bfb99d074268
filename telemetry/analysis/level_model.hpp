#pragma once
// The level model (thesis 4.6): the level graph becomes a directed probability graph G'
// in which every way into an atomic trap is one substitute edge (Algorithm 5) weighted by
// the challenge model, edges into or across trap cells are removed except those leaving a
// trap or moving inside it, and every other edge has weight 1. A modified Dijkstra with
// value(v) = 1 - (1 - value(u)) * w finds the easiest path; the level's difficulty is the
// exit's value, the probability of failing somewhere on that path.
// Pure function of (level, graph, start, exit, model): tools and the game's debug overlay
// call evaluate_level and draw its result; LevelModel keeps G' to evaluate the same level
// again with the challenge probabilities mapped per player (telemetry/analysis/adaptive).

#include "gen/generator.hpp"
#include "telemetry/analysis/challenge_model.hpp"

#include <functional>
#include <vector>

namespace sawtooth::analysis {

/// At most this many mines in front of an atomic trap inside one challenge (SPEC P2).
inline constexpr int kMaxMinesPerChallenge = 2;

/// One substitute edge: entering an atomic trap from outside it.
struct ChallengeEdge {
    int from = -1;           ///< w: node outside the trap (safe, or another trap's node)
    int to = -1;             ///< first node of the atomic trap reached
    std::vector<int> nodes;  ///< P' = [w, mines..., to]
    int trap = -1;           ///< index into Level::traps of the atomic trap
    ChallengeParams params;
    double probability = 1.0;  ///< challenge model's p(SUCCESS | params)
};

/// What the level model found.
struct LevelModelResult {
    bool reachable = false;   ///< the exit is reachable in G'
    double difficulty = 1.0;  ///< value(exit) = 1 - success probability; 1 when unreachable
    double success_probability = 0.0;
    std::vector<int> easiest_path;                   ///< node ids start..exit (empty when unreachable)
    std::vector<ChallengeEdge> challenge_edges;      ///< E_substitute, deduplicated per (from, to): best one
    std::vector<int> path_challenges;                ///< indices into challenge_edges taken by easiest_path
    std::vector<std::pair<int, int>> removed_edges;  ///< graph edges (a, b) not usable in either direction
    TrapMap traps;
};

/// G' as adjacency lists: out[u] = (v, weight), and in parallel the index into
/// LevelModelResult::challenge_edges of each entry (-1 for a kept graph edge, weight 1).
struct ReducedGraph {
    std::vector<std::vector<std::pair<int, double>>> out;
    std::vector<std::vector<int>> out_challenge;
};

/// evaluate_level in two steps. Building G' (the challenge edges, their parameters and the
/// removed edges) is the costly part and is done once by the constructor; evaluate() runs
/// only the modified Dijkstra again, with every challenge probability passed through a map.
class LevelModel {
public:
    /// Builds G' of a level with its graph (start/exit = node ids of `graph`).
    LevelModel(const Level& level, const LevelGraph& graph, int start, int exit, const ChallengeModel& model);
    /// Builds G' of a generated level (its graph, start and exit nodes).
    LevelModel(const GeneratedLevel& generated, const ChallengeModel& model);

    /// The result with the model's own probabilities (what evaluate_level returns).
    const LevelModelResult& result() const { return m_result; }
    /// The result with each challenge edge's probability p replaced by adjust(p). `adjust`
    /// must map [0, 1] into [0, 1] and keep the order of probabilities: the best edge per
    /// (from, to) was chosen with the model's own, and stays the best.
    LevelModelResult evaluate(const std::function<double(double)>& adjust) const;

private:
    ReducedGraph m_graph;
    int m_start = -1;
    int m_exit = -1;
    LevelModelResult m_result;
};

/// Evaluates a level with its graph (start/exit = node ids of `graph`).
LevelModelResult evaluate_level(const Level& level, const LevelGraph& graph, int start, int exit,
                                const ChallengeModel& model);

/// Evaluates a generated level (its graph, start and exit nodes).
LevelModelResult evaluate_level(const GeneratedLevel& generated, const ChallengeModel& model);

/// G' before a challenge model weighs it: the kept graph edges and EVERY substitute edge
/// with its parameters (not only the most probable per (from, to)). The difficulty under any
/// model is then one Dijkstra, equal to evaluate_level's: over parallel edges the easiest
/// path takes the most probable one anyway. For analyses that rate the same levels under many
/// models (study power, bootstrap replicates: docs/difficulty.md "Study power").
struct ChallengeGraph {
    struct Edge {
        int from = -1, to = -1;
        int challenge = -1;  ///< index into `challenges`; -1: a kept graph edge (weight 1)
    };
    int nodes = 0;
    int start = -1, exit = -1;
    std::vector<Edge> edges;
    std::vector<ChallengeParams> challenges;

    /// value(exit) under `model` (1 when the exit is unreachable), as LevelModelResult::difficulty.
    double difficulty(const ChallengeModel& model) const;
};

/// The model-free G' of a level with its graph (start/exit = node ids of `graph`).
ChallengeGraph challenge_graph(const Level& level, const LevelGraph& graph, int start, int exit);

/// The modified Dijkstra on a directed graph: out[u] = (v, weight in [0, 1]). Returns the
/// failure value per node (1 where unreachable) and fills `parent`.
std::vector<double> easiest_values(const std::vector<std::vector<std::pair<int, double>>>& out, int start,
                                   std::vector<int>& parent);

}  // namespace sawtooth::analysis
