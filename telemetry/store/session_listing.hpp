#pragma once
// The sessions of a store with their levels and ratings, as `sawtooth-lab sessions` lists
// them (docs/telemetry.md): each session's participant, mode, start, end and condition, and
// per platformer or word level its place, outcome and rating summary (the means of the
// answered ratings, by the rule of docs/telemetry.md "Repeated ratings"). Values are the
// stored text ("(open)" where a level or session never ended). Does not: print.

#include "telemetry/store/store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// A level's ratings: none (no ratings row), all skipped (no means), or the means.
struct RatingSummary {
    std::optional<std::int64_t> ratings;  ///< empty: the level was never rated
    std::optional<double> enjoyment;      ///< empty with ratings set: every rating was skipped
    std::optional<double> difficulty;
};

struct ListedLevel {
    std::int64_t level_id = 0, seq = 0;
    std::string kind, name, seed, outcome;
    std::int64_t deaths = 0, ticks = 0;
    RatingSummary rating;
};

struct ListedWordLevel {
    std::int64_t word_level_id = 0, seq = 0;
    std::string mode;
    std::int64_t level_number = 0;
    std::string seed, status;
    std::int64_t total_score = 0;
    RatingSummary rating;
};

struct ListedSession {
    std::int64_t session_id = 0;
    std::string participant_id, mode, started_utc, end_reason, condition;
    std::vector<ListedLevel> levels;
    std::vector<ListedWordLevel> word_levels;
};

/// Every session of `participant` (all when empty), in id order, with its levels in play order.
std::vector<ListedSession> list_sessions(Store& store, const std::string& participant);

}  // namespace sawtooth::telemetry
