#pragma once
// The thesis study's level plan (§4.2, docs/studies.md "The thesis session"): after the two
// tutorials, ten generated linear-layout levels whose seeds are derived from one session
// seed and whose trap timing follows the level index 1..10. One copy, shared by the game's
// study session (game/app/study/study_session.hpp) and the simulated study
// (`sawtooth-lab simulate-study`), so a session seed names the same levels in both.
// A seed whose level does not generate (or generates an invalid level) is replaced by the
// next seed derived from it, up to kStudySeedTries seeds. Does not: read files (it names the
// tutorial files), or play levels.

#include "gen/generator.hpp"

#include <cstdint>
#include <string>

namespace sawtooth {

/// Generated levels of a thesis session.
inline constexpr int kStudyLevels = 10;
/// Seeds tried for one study level before it counts as not generating.
inline constexpr int kStudySeedTries = 8;
/// The two tutorial levels played before the generated ones (files in assets/levels/).
inline constexpr const char* kStudyTutorialFiles[] = {"tutorial1.txt", "tutorial2.txt"};

/// Size and trap density of the study's generated levels (linear layout).
struct StudyLevelShape {
    int rooms_w = 4;  ///< rooms left to right
    int rooms_h = 2;  ///< rows the path may wander over
    int room_w = 11;  ///< cells per room
    int room_h = 7;
    double alpha = 0.25;  ///< GenParams::alpha
};

/// Parameters of a study-shaped level with this generator seed and level index (1..10).
GenParams study_params_for_seed(std::uint64_t seed, int level_index, const StudyLevelShape& shape = {});

/// Parameters of study level `k` (1-based) of the session `session_seed`: its first seed
/// (splitmix64 of the session seed xor splitmix64(k)) and level index k.
GenParams study_level_params(std::uint64_t session_seed, int k, const StudyLevelShape& shape = {});

/// Study level `k` generated: the first of kStudySeedTries seeds (each the splitmix64 of
/// the one before) whose level generates and validates. `ok` false with `error` naming the
/// last seed's problem when none does.
struct StudyLevel {
    bool ok = false;
    std::string error;
    GenParams params;  ///< of the seed that generated (the last tried when none did)
    Level level;
};
StudyLevel draw_study_level(std::uint64_t session_seed, int k, const StudyLevelShape& shape = {});

}  // namespace sawtooth
