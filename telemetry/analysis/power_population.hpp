#pragma once
// The population file of `sawtooth-lab power` (docs/difficulty.md "Study power"): a SQLite
// file holding, per synthetic participant, their skill and for each level they played its
// deaths, its mapped event traces and its model-free G' (level_model.hpp ChallengeGraph;
// pack levels are stored once). Participants are appended one transaction each, in index
// order, so a run that is killed leaves every finished participant and resumes after the last
// one; the same seed and design give the same rows whatever the interruptions. Does not:
// simulate anyone (game/flows/power_players.hpp does).

#include "telemetry/analysis/power.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::telemetry {
class Database;
}

namespace sawtooth::analysis {

/// Written into population files; files of another version are refused.
inline constexpr int kPopulationFormatVersion = 1;
inline constexpr const char* kPopulationFormatName = "sawtooth-power-population";

/// What a population is a population of: same header, same participants.
struct PopulationHeader {
    std::uint64_t seed = 1;
    std::vector<std::string> conditions;  ///< design order
    int generator_version = 0;
    friend bool operator==(const PopulationHeader&, const PopulationHeader&) = default;
};

/// An open population file for appending.
class PopulationWriter {
public:
    /// Creates the file with `header`, or opens an existing one whose header must equal it
    /// (else ModelError in one line, the file untouched).
    PopulationWriter(const std::string& path, const PopulationHeader& header);
    ~PopulationWriter();
    PopulationWriter(const PopulationWriter&) = delete;
    PopulationWriter& operator=(const PopulationWriter&) = delete;

    /// Participants stored so far (indices 0 .. count - 1).
    int count() const { return m_count; }
    /// Stores participant count() in one transaction.
    void append(const PopulationParticipant& participant);

private:
    std::unique_ptr<telemetry::Database> m_db;
    int m_count = 0;
};

/// Reads a population file (at most `limit` participants, all when < 0). Throws ModelError
/// (not a population file, other version) or telemetry::StoreError (missing, damaged).
Population load_population(const std::string& path, int limit = -1);
/// The header of a population file.
PopulationHeader read_population_header(const std::string& path);

}  // namespace sawtooth::analysis
