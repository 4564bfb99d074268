#include "engine/audio.hpp"

#include <SDL2/SDL.h>
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace sawtooth::engine {

namespace {

constexpr double kTwoPi = 6.283185307179586;
constexpr int kDeviceBufferFrames = 512;  // ~12 ms at 44.1 kHz: low latency for jump sounds

// xorshift: deterministic noise, independent of the standard library.
float noise_sample(std::uint32_t& state) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return static_cast<float>(state) / 2147483648.0f - 1.0f;
}

float oscillator(Wave wave, double phase, std::uint32_t& noise_state) {
    const double p = phase - std::floor(phase);  // 0..1
    switch (wave) {
        case Wave::Sine:
            return static_cast<float>(std::sin(kTwoPi * p));
        case Wave::Square:
            return p < 0.5 ? 0.7f : -0.7f;  // squares sound louder: tamed
        case Wave::Triangle:
            return static_cast<float>(p < 0.5 ? 4.0 * p - 1.0 : 3.0 - 4.0 * p);
        case Wave::Saw:
            return static_cast<float>(2.0 * p - 1.0) * 0.8f;
        case Wave::Noise:
            return noise_sample(noise_state);
    }
    return 0.0f;
}

void audio_callback(void* user, Uint8* stream, int len) {
    static_cast<Audio*>(user)->mix(reinterpret_cast<float*>(stream), len / static_cast<int>(sizeof(float)));
}

#ifndef __EMSCRIPTEN__
// ALSA's own error printer, replaced: it writes nothing.
void quiet_alsa_error(const char*, int, const char*, int, const char*, ...) {}
#endif

// ALSA prints a dozen raw lines on stderr when a machine has no sound card (SDL loads
// libasound with dlopen and leaves ALSA's error printer on). Its printer is replaced
// before SDL opens the device, in the same library instance SDL will use; the reason
// still reaches the caller, as SDL's one-line error in Audio::status(). No ALSA: no-op.
void silence_alsa_errors() {
#ifdef __EMSCRIPTEN__  // the browser's Web Audio: no ALSA, and no dlopen
    return;
#else
    void* alsa = dlopen("libasound.so.2", RTLD_LAZY | RTLD_LOCAL);
    if (!alsa) return;
    using Printer = void (*)(const char*, int, const char*, int, const char*, ...);
    using SetPrinter = int (*)(Printer);
    if (auto set = reinterpret_cast<SetPrinter>(dlsym(alsa, "snd_lib_error_set_handler")))
        set(&quiet_alsa_error);
        // Not closed: SDL's dlopen of the same library shares this instance and its printer.
#endif
}

}  // namespace

std::vector<float> render_sound(const SynthSpec& spec) {
    const int n = std::max(1, static_cast<int>(spec.duration * kAudioSampleRate));
    std::vector<float> out(static_cast<std::size_t>(n));
    std::uint32_t noise_state = 0x9e3779b9u;
    double phase = 0.0;
    const double ratio = spec.freq_end / std::max(1.0, spec.freq_start);
    const int attack = std::max(1, static_cast<int>(spec.attack * kAudioSampleRate));
    const int release = std::max(1, static_cast<int>(spec.release * kAudioSampleRate));
    for (int i = 0; i < n; ++i) {
        const double t = static_cast<double>(i) / n;
        double f = spec.freq_start * std::pow(ratio, t);
        if (spec.step_at > 0.0 && t >= spec.step_at) f *= spec.step_ratio;
        if (spec.vibrato_hz > 0.0)
            f *= 1.0 + 0.03 * std::sin(kTwoPi * spec.vibrato_hz * i / kAudioSampleRate);
        phase += f / kAudioSampleRate;
        // Linear attack, then a decay toward the release fade: percussive and click-free.
        double env = std::min(1.0, static_cast<double>(i) / attack);
        env *= std::min(1.0, static_cast<double>(n - 1 - i) / release);
        env *= 1.0 - 0.5 * t;
        out[static_cast<std::size_t>(i)] =
            static_cast<float>(spec.gain * env) * oscillator(spec.wave, phase, noise_state);
    }
    return out;
}

Audio::Audio(const AudioConfig& config) : m_volume(config.volume), m_max_voices(config.max_voices) {
    if (!config.enabled) return;
    silence_alsa_errors();
    if (!SDL_WasInit(SDL_INIT_AUDIO) && SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        m_status = std::string("no audio: ") + SDL_GetError();
        return;
    }
    SDL_AudioSpec want{};
    want.freq = kAudioSampleRate;
    want.format = AUDIO_F32SYS;
    want.channels = 1;
    want.samples = kDeviceBufferFrames;
    want.callback = audio_callback;
    want.userdata = this;
    SDL_AudioSpec have{};
    // No allowed changes: SDL converts for us, so the mixer always writes mono float.
    m_device = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
    if (m_device == 0) {
        m_status = std::string("no audio device: ") + SDL_GetError();
        return;
    }
    SDL_PauseAudioDevice(m_device, 0);
}

Audio::~Audio() {
    if (m_device != 0) SDL_CloseAudioDevice(m_device);
}

SoundId Audio::add(const SynthSpec& spec) {
    std::vector<float> samples = render_sound(spec);
    if (m_device) SDL_LockAudioDevice(m_device);
    m_sounds.push_back(std::move(samples));
    const SoundId id = static_cast<SoundId>(m_sounds.size()) - 1;
    if (m_device) SDL_UnlockAudioDevice(m_device);
    return id;
}

void Audio::play(SoundId id, double gain) {
    if (m_device == 0 || id < 0 || id >= static_cast<SoundId>(m_sounds.size())) return;
    SDL_LockAudioDevice(m_device);
    if (static_cast<int>(m_voices.size()) >= m_max_voices) m_voices.erase(m_voices.begin());
    m_voices.push_back({id, 0, static_cast<float>(gain)});
    SDL_UnlockAudioDevice(m_device);
}

void Audio::set_volume(double volume) {
    if (m_device) SDL_LockAudioDevice(m_device);
    m_volume = std::clamp(volume, 0.0, 1.0);
    if (m_device) SDL_UnlockAudioDevice(m_device);
}

void Audio::mix(float* out, int frames) {
    std::fill(out, out + frames, 0.0f);
    const float master = static_cast<float>(m_volume);
    for (Voice& v : m_voices) {
        const std::vector<float>& s = m_sounds[static_cast<std::size_t>(v.id)];
        const std::size_t count = std::min<std::size_t>(static_cast<std::size_t>(frames), s.size() - v.pos);
        for (std::size_t i = 0; i < count; ++i) out[i] += s[v.pos + i] * v.gain * master;
        v.pos += count;
    }
    std::erase_if(m_voices,
                  [&](const Voice& v) { return v.pos >= m_sounds[static_cast<std::size_t>(v.id)].size(); });
    // Soft clip so overlapping sounds never wrap around harshly.
    for (int i = 0; i < frames; ++i) out[i] = std::tanh(out[i]);
}

}  // namespace sawtooth::engine
