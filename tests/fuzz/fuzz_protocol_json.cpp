// Fuzz harness: the study protocol reader (telemetry/study/study_protocol.cpp, docs/studies.md
// "Study protocols") that `sawtooth-lab protocol check`, `study-status` and the game's
// `--protocol FILE` go through, fed the input as a whole file. It reads without generating the
// levels (ProtocolReadSettings::generate_levels off: regenerating packs and seeds is the
// generator's code, covered by the golden and pack tests). Files the input names resolve
// against $TMPDIR. The only error it may report is ProtocolError, in one printable line.
// An accepted protocol, written again as its canonical JSON, is accepted with the same hash
// and the same design (conditions, level counts, questionnaires, breaks).

#include "fuzz_support.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <fstream>
#include <iterator>

namespace {

// What an accepted protocol must keep through its canonical JSON.
bool same_design(const sawtooth::telemetry::StudyProtocol& a, const sawtooth::telemetry::StudyProtocol& b) {
    if (a.hash != b.hash || a.conditions.size() != b.conditions.size() ||
        a.questionnaires.size() != b.questionnaires.size() || a.breaks.size() != b.breaks.size())
        return false;
    for (std::size_t i = 0; i < a.conditions.size(); ++i)
        if (a.conditions[i].name != b.conditions[i].name ||
            a.conditions[i].level_count() != b.conditions[i].level_count())
            return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    const fuzz::TempFile file(data, size, "-protocol.json");
    const telemetry::ProtocolReadSettings fields_only{.generate_levels = false};
    telemetry::StudyProtocol protocol;
    try {
        protocol = telemetry::read_protocol(file.path(), fields_only);
    } catch (const telemetry::ProtocolError& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    std::ifstream in(file.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string canonical = nlohmann::json::parse(text).dump(2) + "\n";
    const fuzz::TempFile again(reinterpret_cast<const std::uint8_t*>(canonical.data()), canonical.size(),
                               "-protocol-again.json");
    try {
        if (!same_design(protocol, telemetry::read_protocol(again.path(), fields_only)))
            fuzz::finding(
                "an accepted protocol does not keep its hash and design through its canonical JSON");
    } catch (const telemetry::ProtocolError& e) {
        fuzz::finding(std::string("an accepted protocol, written again, is refused: ") + e.what());
    }
    return 0;
}
