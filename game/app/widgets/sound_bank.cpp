#include "game/app/widgets/sound_bank.hpp"

namespace sawtooth::app {

namespace {

using engine::SynthSpec;
using engine::Wave;

// Short and dry, so repeated jumps never smear; pitch direction follows the motion
// (rising jump, falling let-go), and danger sounds are noisy and low.
SynthSpec spec(Sfx s) {
    switch (s) {
        case Sfx::Jump:
            return {Wave::Square, 330, 660, 0.12, 0.004, 0.06, 0.22};
        case Sfx::Land:
            return {Wave::Noise, 200, 200, 0.06, 0.002, 0.05, 0.18};
        case Sfx::Hang:
            return {Wave::Triangle, 520, 420, 0.08, 0.003, 0.05, 0.35};
        case Sfx::LetGo:
            return {Wave::Triangle, 420, 260, 0.10, 0.003, 0.06, 0.3};
        case Sfx::Death:
            return {Wave::Saw, 440, 70, 0.45, 0.003, 0.2, 0.4, 0.0, 1.0, 18.0};
        case Sfx::Respawn:
            return {Wave::Sine, 440, 880, 0.22, 0.01, 0.1, 0.3, 0.5, 1.5};
        case Sfx::TrapTell:
            return {Wave::Square, 880, 880, 0.07, 0.002, 0.04, 0.12};
        case Sfx::MineArm:
            return {Wave::Square, 1200, 1200, 0.09, 0.002, 0.04, 0.18, 0.5, 1.25};
        case Sfx::MineBlast:
            return {Wave::Noise, 100, 100, 0.5, 0.002, 0.35, 0.6};
        case Sfx::Exit:
            return {Wave::Triangle, 523, 784, 0.5, 0.01, 0.2, 0.45, 0.5, 1.335};
        case Sfx::Click:
            return {Wave::Square, 660, 990, 0.06, 0.002, 0.04, 0.18};
        case Sfx::Move:
            return {Wave::Triangle, 440, 440, 0.04, 0.002, 0.03, 0.2};
        case Sfx::Count:
            break;
    }
    return {};
}

}  // namespace

SoundBank::SoundBank(engine::Audio* audio) : m_audio(audio) {
    if (!m_audio) return;
    for (int i = 0; i < static_cast<int>(Sfx::Count); ++i)
        m_ids[static_cast<std::size_t>(i)] = m_audio->add(spec(static_cast<Sfx>(i)));
}

void SoundBank::play(Sfx s, double gain) {
    if (m_audio) m_audio->play(m_ids[static_cast<std::size_t>(s)], gain);
}

}  // namespace sawtooth::app
