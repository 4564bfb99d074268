#pragma once
// `sawtooth-lab simulate-study --mode NAME`: the platformer study is built in (cmd_study.cpp);
// other modes plug in here. The word-mode engineer registers "words" from their own
// register_* function (called before the command line is parsed):
//     register_study_mode("words", &run_words_study);

#include <cstdint>
#include <string>

namespace sawtooth::lab {

/// What `simulate-study` was asked for; each mode interprets it.
struct StudyRequest {
    int players = 53;
    std::string db;
    std::uint64_t seed = 1;
    int threads = 0;  ///< 0 = all cores
    bool json = false;
    bool verify = true;    ///< replay-verify every recorded level
    int levels = 10;       ///< levels per session (platformer thesis: 10); other modes: 0 = not given
    bool verbose = false;  ///< one line per played level on stderr
    std::string pack;      ///< platformer: play this level pack's levels instead of drawn ones
};

/// Runs a simulated study of one mode; throws LabError on failure.
using StudyRunner = void (*)(const StudyRequest&);

/// Makes `simulate-study --mode name` call `runner` (a later registration replaces an earlier one).
void register_study_mode(const std::string& name, StudyRunner runner);

}  // namespace sawtooth::lab
