// Fuzz harness: the level pack reader (telemetry/curation/pack.cpp, docs/curation.md "Packs") that
// `sawtooth --pack`, the Packs menu and `--thesis-session --pack` go through, fed the input as a whole
// file. It calls read_pack_fields: read_pack without regenerating the levels (regenerating
// is slow per input and is the generator's code, covered by the golden and pack tests). The
// only error it may report is PackError, in one printable line. An accepted pack is written
// as `write_pack` writes it and read again: it must come back equal.

#include "fuzz_support.hpp"
#include "telemetry/curation/pack.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    const fuzz::TempFile file(data, size, "-pack.json");
    telemetry::Pack pack;
    try {
        pack = telemetry::read_pack_fields(file.path());
    } catch (const telemetry::PackError& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    const nlohmann::json written = telemetry::pack_json(pack);
    const std::string text = written.dump(2) + "\n";
    const fuzz::TempFile again(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(),
                               "-pack-again.json");
    try {
        if (telemetry::pack_json(telemetry::read_pack_fields(again.path())) != written)
            fuzz::finding("an accepted pack does not come back equal through pack_json");
    } catch (const telemetry::PackError& e) {
        fuzz::finding(std::string("an accepted pack, written again, is refused: ") + e.what());
    }
    return 0;
}
