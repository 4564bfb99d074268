#pragma once
// `sawtooth-lab bench word-bands` (tools/bench/bench_word_bands.cpp), registered with
// `bench words` (bench_words.cpp).

namespace CLI {
class App;
}

namespace sawtooth::lab {

/// Adds `bench word-bands` to the `bench` subcommand of `app`.
void register_bench_word_bands(CLI::App& app);

}  // namespace sawtooth::lab
