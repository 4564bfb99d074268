#pragma once
// Adaptive levels (docs/difficulty.md §12): a per-player skill estimate from the player's own
// event traces, and a chooser of the next level whose predicted success for that player is
// nearest a target. The player's skill is an offset theta on the logit of the challenge
// model's success probabilities, p_player = sigmoid(logit(p_model) + theta), with a normal
// prior; every challenge attempt of a played level (each mapped event trace, as the model's
// training data counts them: success or failure at one atomic trap) updates a grid
// posterior of theta. A level's predicted success for the player is the level model's
// easiest-path success with every challenge probability shifted by the posterior mean
// (LevelModel::evaluate: no second copy of the level model). Candidates (the levels of a
// seed range in each of a few shapes) are generated and their G' built once.
// Pure: no files but the model file start_adaptive_run reads, no clocks, no threads;
// deterministic. Does not: play or record levels (the game and sawtooth-lab adaptive-sim
// do, and hand the level's event rows to AdaptiveRun::record_outcome). Exact rules and the
// measured behaviour: docs/difficulty.md, "Adaptive levels".

#include "gen/error.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/event_trace.hpp"
#include "telemetry/analysis/level_model.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// Settings an adaptive run cannot use; what() is one line naming the field.
class AdaptiveError : public Error {
public:
    using Error::Error;
};

/// The skill estimate's prior and grid.
struct SkillSettings {
    double prior_sd = 1.5;    ///< s of the prior N(0, s^2) of theta (logit units)
    double grid_limit = 6.0;  ///< theta is searched in [-grid_limit, grid_limit]
    int grid_points = 481;    ///< evenly spaced grid points (odd: 0 is one of them)
    double p_floor = 0.02;    ///< model probabilities are clamped to [p_floor, 1 - p_floor]
};

/// sigmoid(logit(p) + theta) with p clamped to [p_floor, 1 - p_floor] first (the linear
/// model's clamped 0 and 1 have no logit). Result in (0, 1).
double shift_probability(double p, double theta, double p_floor);

/// The posterior of one player's skill offset theta on a grid (deterministic: no sampling).
class SkillEstimate {
public:
    explicit SkillEstimate(SkillSettings settings = {});

    /// One challenge attempt: the model's success probability for it and its outcome.
    void observe(double p_model, bool success);
    /// Every mapped trace of one played level: p = model.predict(params), outcome = success.
    void observe(const std::vector<MappedTrace>& traces, const ChallengeModel& model);

    double mean() const;  ///< posterior mean of theta
    double sd() const;    ///< posterior standard deviation of theta
    int attempts() const { return m_attempts; }
    int successes() const { return m_successes; }
    const SkillSettings& settings() const { return m_settings; }

private:
    std::vector<double> weights() const;  ///< normalised posterior per grid point

    SkillSettings m_settings;
    std::vector<double> m_theta;     ///< grid points
    std::vector<double> m_log_post;  ///< unnormalised log posterior per grid point
    int m_attempts = 0;
    int m_successes = 0;
};

/// One level the chooser may pick: generated once, its G' built once.
struct CandidateLevel {
    GenParams params;
    GeneratedLevel generated;
    LevelModel model;
};

/// The predicted success of a level for a player with skill offset theta: the easiest
/// path's success probability with every challenge probability shifted by theta.
double predicted_success(const LevelModel& model, double theta, double p_floor);

/// What the chooser picked.
struct Choice {
    int candidate = -1;            ///< index into the candidates; -1 when none is left
    double predicted_success = 0;  ///< for this player
};

/// The unplayed candidate whose predicted success for theta is nearest `target` (ties: the
/// lower index). `played` has one flag per candidate.
Choice choose_level(const std::vector<CandidateLevel>& candidates, const std::vector<bool>& played,
                    double theta, double target, double p_floor);

/// The candidates' default level shapes: linear, 2x1 rooms of 9x6 and of 11x7 cells, level
/// index 1, alpha 0.25: the small rooms hold the easy levels a weak player needs, the large
/// ones the hard levels of a strong one (docs/difficulty.md, "Adaptive levels": why).
std::vector<GenParams> default_adaptive_shapes();

/// An adaptive run as a protocol condition names it: {"type":"adaptive","count":N,
/// "target":0.7,"model":"FILE","seeds":"A..B"}, plus the candidates' level shapes.
struct AdaptiveSettings {
    int count = 10;       ///< levels to play
    double target = 0.7;  ///< observed success to reach, in (0, 1)
    /// Gain of the outcome feedback: the next level is chosen at predicted success
    /// target + gain * (target * played - levels completed without a death), clamped to
    /// [0.05, 0.95]: a player who has succeeded more often than the target gets a harder
    /// level, one who has failed more often an easier one. 0: always at the target.
    double outcome_gain = 0.1;
    std::string model;             ///< challenge model file (start_adaptive_run reads it)
    std::string model_hash;        ///< the model's hash the run requires (a protocol's pin); empty: any
    std::uint64_t first_seed = 1;  ///< candidate seeds first_seed..last_seed
    std::uint64_t last_seed = 200;
    /// The candidates: every seed of the range in each of these shapes (seed replaced).
    std::vector<GenParams> shapes = default_adaptive_shapes();
    SkillSettings skill;
};

/// "" when the settings are usable, else one line naming the field (count >= 1, target in
/// (0, 1), first_seed <= last_seed, at most kMaxCandidates candidates, at least one shape,
/// each shape's parameters).
std::string adaptive_settings_problem(const AdaptiveSettings& settings);

/// Most candidates (seeds x shapes) one run generates (each costs a generation and a G').
inline constexpr std::uint64_t kMaxCandidates = 100000;

/// The candidates of the settings' seed range (a seed that does not generate is left out).
/// Throws AdaptiveError when the settings are invalid or no seed generates.
std::vector<CandidateLevel> make_candidates(const AdaptiveSettings& settings, const ChallengeModel& model);

/// One player's adaptive run: choose, play (the caller), record, choose again.
class AdaptiveRun {
public:
    /// `candidates` may be shared by many runs (read only). Throws AdaptiveError on invalid
    /// settings or an empty candidate list.
    AdaptiveRun(const AdaptiveSettings& settings, std::shared_ptr<const ChallengeModel> model,
                std::shared_ptr<const std::vector<CandidateLevel>> candidates);

    /// The level to play next (the same until record_outcome); candidate -1 when finished().
    Choice next_level() const;
    /// The candidate behind a choice.
    const CandidateLevel& candidate(const Choice& choice) const;
    /// The event rows of the level next_level() chose, as recorded: updates the estimate
    /// and marks the level played.
    void record_outcome(const std::vector<telemetry::EventRow>& events);
    /// count levels played, or no unplayed candidate left.
    bool finished() const;

    const SkillEstimate& estimate() const { return m_estimate; }
    int played() const { return m_played; }
    /// The predicted success the next choice aims at (target plus the outcome feedback).
    double aim() const;
    const AdaptiveSettings& settings() const { return m_settings; }

private:
    AdaptiveSettings m_settings;
    std::shared_ptr<const ChallengeModel> m_model;
    std::shared_ptr<const std::vector<CandidateLevel>> m_candidates;
    std::vector<bool> m_done;
    SkillEstimate m_estimate;
    Choice m_next;
    int m_played = 0;
    int m_completed = 0;  ///< levels completed without a death
};

/// Reads settings.model (ModelError naming the file) and generates the candidates: a run
/// ready for next_level().
AdaptiveRun start_adaptive_run(const AdaptiveSettings& settings);

}  // namespace sawtooth::analysis
