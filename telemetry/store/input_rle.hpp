#pragma once
// Run-length encoding of recorded InputFrames (ARCHITECTURE "Recording"): a blob is a
// sequence of runs, each one byte of input bits (only kInputMask bits may be set) followed
// by the run length as an unsigned LEB128 varint (>= 1). A held key costs ~2 bytes per
// press instead of one byte per tick. Decoding validates everything and throws: a
// corrupted blob must never replay silently.

#include "game/sim/input.hpp"
#include "gen/error.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// What replaying a level's inputs needs, stored per level (levels.input_format): the
/// input blob's encoding (the same in every version so far) and the simulation rules the
/// inputs were played under. 1: RespawnRule::LastCellStoodOn; 2: RespawnRule::StandableSafeCell.
/// telemetry::replay_config maps a version to its SimConfig.
inline constexpr int kInputFormatVersion = 2;

/// A malformed input blob.
class InputDecodeError : public Error {
public:
    using Error::Error;
};

/// One run of equal frames.
struct InputRun {
    InputFrame frame;
    std::uint64_t ticks = 0;
};

/// Encodes frames as runs.
std::vector<std::uint8_t> encode_inputs(const std::vector<InputFrame>& frames);

/// Decodes a blob into runs; throws InputDecodeError (bad bits, bad varint, zero run).
std::vector<InputRun> decode_runs(const std::vector<std::uint8_t>& blob);

/// Decodes a blob and appends its frames to `out`; throws InputDecodeError, including when
/// the blob does not hold exactly `expected_ticks` frames.
void decode_inputs(const std::vector<std::uint8_t>& blob, std::uint64_t expected_ticks,
                   std::vector<InputFrame>& out);

/// Checksum stored beside each blob (low 32 bits of FNV-1a 64): detects damaged bytes
/// that still decode.
std::int64_t input_checksum(const std::vector<std::uint8_t>& blob);

}  // namespace sawtooth::telemetry
