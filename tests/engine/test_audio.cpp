// Synthesised sound effects: rendering is deterministic and click-free, and an Audio
// without a device (headless) accepts every call and stays silent.
#include <doctest/doctest.h>

#include "engine/audio.hpp"

#include <algorithm>
#include <cmath>

using sawtooth::engine::Audio;
using sawtooth::engine::AudioConfig;
using sawtooth::engine::render_sound;
using sawtooth::engine::SynthSpec;
using sawtooth::engine::Wave;

TEST_CASE("rendered sounds have the right length, stay in range and start and end near silence") {
    for (Wave w : {Wave::Sine, Wave::Square, Wave::Triangle, Wave::Saw, Wave::Noise}) {
        SynthSpec s;
        s.wave = w;
        s.duration = 0.2;
        s.freq_start = 300;
        s.freq_end = 900;
        const auto v = render_sound(s);
        CHECK(v.size() == static_cast<std::size_t>(0.2 * sawtooth::engine::kAudioSampleRate));
        float peak = 0;
        for (float x : v) peak = std::max(peak, std::abs(x));
        CHECK(peak <= 1.0f);
        CHECK(peak > 0.05f);
        CHECK(std::abs(v.front()) < 0.01f);  // attack ramps from zero: no click
        CHECK(std::abs(v.back()) < 0.01f);   // release fades to zero
        CHECK(render_sound(s) == v);         // deterministic, noise included
    }
}

TEST_CASE("an Audio without a device is silent but usable") {
    AudioConfig c;
    c.enabled = false;
    Audio a(c);
    CHECK_FALSE(a.has_device());
    const auto id = a.add(SynthSpec{});
    a.play(id);
    a.play(id + 100);  // unknown id: ignored
    a.set_volume(2.0);
    CHECK(a.volume() == 1.0);
    float buf[64];
    a.mix(buf, 64);
    for (float x : buf) CHECK(x == 0.0f);
}
