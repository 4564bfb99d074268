#pragma once
// The game's sound effects, each described as a synthesised tone (engine/audio), and the
// mapping from simulation events to them. Silent when the Audio has no device.

#include "engine/audio.hpp"

#include <array>

namespace sawtooth::app {

/// Every sound effect of the game.
enum class Sfx {
    Jump,
    Land,
    Hang,
    LetGo,
    Death,
    Respawn,
    TrapTell,
    MineArm,
    MineBlast,
    Exit,
    Click,
    Move,
    Count
};

/// Registers the effects with an Audio and plays them by name.
class SoundBank {
public:
    /// Synthesises every effect into `audio` (kept by pointer; may be null = silent).
    explicit SoundBank(engine::Audio* audio);
    /// Plays `s` at `gain` (0..1, times the master volume).
    void play(Sfx s, double gain = 1.0);

private:
    engine::Audio* m_audio;
    std::array<engine::SoundId, static_cast<std::size_t>(Sfx::Count)> m_ids{};
};

}  // namespace sawtooth::app
