// Fuzz harness: the challenge model file reader (telemetry/analysis/challenge_model.cpp,
// load_model, which `sawtooth-lab difficulty --model`, `model` and the game's default
// model.json go through), fed the input as a whole file. The only error it may report is
// ModelError, in one printable line. An accepted model is used as the game uses it: one
// prediction, which must be a probability.

#include "fuzz_support.hpp"
#include "telemetry/analysis/challenge_model.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    const fuzz::TempFile file(data, size, "-model.json");
    analysis::ChallengeModel model;
    try {
        model = analysis::load_model(file.path());
    } catch (const analysis::ModelError& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    const analysis::ChallengeParams params{1.0, 1, 2.0};
    for (const double p : {model.predict(params), model.predict_exponential(params)})
        if (!(p >= 0.0 && p <= 1.0)) fuzz::finding("an accepted model predicts outside [0, 1]");
    return 0;
}
