#include "telemetry/store/input_rle.hpp"

#include "gen/hash.hpp"

namespace sawtooth::telemetry {

namespace {
// A varint longer than this cannot be a sane run (2^63 ticks): reject instead of shifting
// bits out of the value.
constexpr int kMaxVarintBytes = 9;
}  // namespace

std::vector<std::uint8_t> encode_inputs(const std::vector<InputFrame>& frames) {
    std::vector<std::uint8_t> out;
    std::size_t i = 0;
    while (i < frames.size()) {
        std::size_t j = i;
        while (j < frames.size() && frames[j] == frames[i]) ++j;
        out.push_back(frames[i].bits);
        std::uint64_t n = j - i;
        do {
            std::uint8_t byte = n & 0x7f;
            n >>= 7;
            if (n) byte |= 0x80;
            out.push_back(byte);
        } while (n);
        i = j;
    }
    return out;
}

std::vector<InputRun> decode_runs(const std::vector<std::uint8_t>& blob) {
    std::vector<InputRun> runs;
    std::size_t pos = 0;
    while (pos < blob.size()) {
        const std::uint8_t bits = blob[pos];
        if (bits & ~kInputMask)
            throw InputDecodeError("input blob byte " + std::to_string(pos) + ": invalid input bits " +
                                   std::to_string(bits));
        ++pos;
        std::uint64_t n = 0;
        int shift = 0;
        for (int k = 0;; ++k) {
            if (pos >= blob.size()) throw InputDecodeError("input blob ends inside a run length");
            if (k >= kMaxVarintBytes)
                throw InputDecodeError("input blob byte " + std::to_string(pos) + ": run length too long");
            const std::uint8_t byte = blob[pos++];
            n |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            shift += 7;
            if (!(byte & 0x80)) break;
        }
        if (n == 0) throw InputDecodeError("input blob byte " + std::to_string(pos) + ": zero-length run");
        runs.push_back({InputFrame{bits}, n});
    }
    return runs;
}

void decode_inputs(const std::vector<std::uint8_t>& blob, std::uint64_t expected_ticks,
                   std::vector<InputFrame>& out) {
    const std::vector<InputRun> runs = decode_runs(blob);
    std::uint64_t total = 0;
    for (const InputRun& r : runs) {
        total += r.ticks;
        if (total > expected_ticks) break;
    }
    if (total != expected_ticks)
        throw InputDecodeError("input blob holds " + std::to_string(total) +
                               (total > expected_ticks ? "+" : "") + " ticks, expected " +
                               std::to_string(expected_ticks));
    for (const InputRun& r : runs) out.insert(out.end(), static_cast<std::size_t>(r.ticks), r.frame);
}

std::int64_t input_checksum(const std::vector<std::uint8_t>& blob) {
    const std::uint64_t h =
        fnv1a64(std::string_view(reinterpret_cast<const char*>(blob.data()), blob.size()));
    return static_cast<std::int64_t>(h & 0xffffffffu);
}

}  // namespace sawtooth::telemetry
