#include "engine/fixed_step.hpp"

#include <algorithm>

namespace sawtooth::engine {

int FixedStep::advance(double frame_seconds, double speed) {
    frame_seconds = std::clamp(frame_seconds, 0.0, m_config.max_frame_seconds);
    m_accumulator += frame_seconds * std::max(speed, 0.0);
    int ticks = 0;
    while (m_accumulator >= m_config.tick_seconds && ticks < m_config.max_ticks_per_frame) {
        m_accumulator -= m_config.tick_seconds;
        ++ticks;
    }
    // When capped, drop the backlog instead of carrying it into later frames.
    if (ticks == m_config.max_ticks_per_frame)
        m_accumulator = std::min(m_accumulator, m_config.tick_seconds * 0.999);
    return ticks;
}

FrameTicks FramePacer::next_frame(double frame_seconds) {
    if (m_pacing == Pacing::Lockstep) return {1, 0.0, m_step.config().tick_seconds};
    const int ticks = m_step.advance(frame_seconds);
    return {ticks, m_step.alpha(), frame_seconds};
}

}  // namespace sawtooth::engine
