#pragma once
// Subcommands of sawtooth-lab. Each file tools/lab/cmd_<name>.cpp (or tools/bench/...)
// defines one register_* function that adds its subcommand to the app; main.cpp calls
// them all. A subcommand signals failure by throwing sawtooth::Error (gen/error.hpp) or a
// subclass: main prints "sawtooth-lab: <message>" and exits 1.

#include "gen/error.hpp"

#include <string>

namespace CLI {
class App;
}

namespace sawtooth::lab {

/// A failure the lab itself finds (a bad option value, an empty selection).
struct LabError : Error {
    using Error::Error;
};

/// `bench ...`: benchmarks that print JSON figures (tools/bench/).
void register_bench(CLI::App& app);

/// `gen`, `gen-enumerate`, `gen-fallbacks`: the level generator (tools/lab/cmd_gen.cpp).
void register_gen(CLI::App& app);

/// `bench gen`: level generation figures (tools/bench/bench_gen.cpp).
void register_bench_gen(CLI::App& app);
/// `words ...`: Elimination analysis, generation and level table (tools/lab/cmd_words.cpp).
void register_words(CLI::App& app);
/// `simulate-study --mode words`, `words analyze-study` (tools/lab/cmd_words_study.cpp); after
/// register_words.
void register_words_study(CLI::App& app);
/// `words catalog|similarity|diversity|duplicates` (tools/lab/cmd_words_catalog.cpp); after register_words.
void register_words_catalog(CLI::App& app);
/// `bench words`: Elimination generator/engine timings (tools/bench/bench_words.cpp).
void register_bench_words(CLI::App& app);

/// `verify-levels`: expert-bot playability proof (tools/lab/cmd_verify_levels.cpp).
void register_verify_levels(CLI::App& app);
/// `simulate-study` (deprecated alias `study`): simulated user study recorded into a database
/// (tools/lab/cmd_study.cpp).
void register_study(CLI::App& app);

/// `replay`: re-simulate recorded levels and verify them (tools/lab/cmd_replay.cpp).
void register_replay(CLI::App& app);
/// `export`: CSV per table of a session database (tools/lab/cmd_export.cpp).
void register_export(CLI::App& app);
/// `participant ...` and `sessions`: participants and recordings (tools/lab/cmd_participant.cpp).
void register_participant(CLI::App& app);
/// `merge`: the session databases of several machines into one (tools/lab/cmd_merge.cpp).
void register_merge(CLI::App& app);
/// `push`, `pull` (--label NAME; deprecated alias --study): the central study store on PostgreSQL
/// (tools/lab/cmd_push.cpp).
void register_push_pull(CLI::App& app);
/// `protocol check`, `study-status` (--protocol FILE): designed studies (tools/lab/cmd_protocol.cpp).
void register_protocol(CLI::App& app);
/// `bench replay`: replay speed and bytes per minute (tools/bench/bench_replay.cpp).
void register_bench_replay(CLI::App& app);
/// `bench all`: every benchmark of the README's table as one JSON object (tools/bench/bench_all.cpp).
void register_bench_all(CLI::App& app);

/// `model fit`, `model verify`: the challenge model and its verification (tools/lab/cmd_model.cpp).
void register_model(CLI::App& app);
/// `adaptive-sim`: synthetic players through the adaptive chooser (tools/lab/cmd_adaptive_sim.cpp).
void register_adaptive_sim(CLI::App& app);
/// `difficulty`: predicted difficulty and easiest path of a level (tools/lab/cmd_difficulty.cpp).
void register_difficulty(CLI::App& app);
/// `catalog`, `catalog merge`: the level catalogue (tools/lab/cmd_catalog.cpp).
void register_catalog(CLI::App& app);
/// `curate fit`: the rating formula (tools/lab/cmd_curate_fit.cpp).
void register_curate_fit(CLI::App& app);
/// `curate pick`: top X % of a catalogue into a level pack (tools/lab/cmd_curate_pick.cpp).
void register_curate_pick(CLI::App& app);
/// `pack add`: hand-made level files into a level pack (tools/lab/cmd_pack.cpp).
void register_pack(CLI::App& app);
/// `pick-difficulty`: levels following a difficulty curve into a pack (tools/lab/cmd_pick_difficulty.cpp).
void register_pick_difficulty(CLI::App& app);
/// `curate similarity | diversity | filter`: level similarity (tools/lab/cmd_curate_similarity.cpp).
void register_curate_similarity(CLI::App& app);
/// `report`: HTML report with the figures of thesis ch. 5 (tools/lab/cmd_report.cpp).
void register_report(CLI::App& app);
/// `power`: study power by simulation (tools/lab/cmd_power.cpp).
void register_power(CLI::App& app);

}  // namespace sawtooth::lab
