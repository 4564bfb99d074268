#pragma once
// Sound effects synthesised in code (no sound files): a sound is a short tone or noise
// burst described by a SynthSpec (waveform, pitch sweep, envelope), rendered once into
// a sample buffer and mixed by SDL's audio callback. Without an audio device (headless
// runs, machines with no sound card) every call still works and nothing is heard, and
// status() says why in one line; ALSA's own raw error lines are kept off stderr.
// Knows nothing about the game: the game describes its own sounds.

#include <cstdint>
#include <string>
#include <vector>

namespace sawtooth::engine {

/// Oscillator shape of a synthesised sound.
enum class Wave : std::uint8_t { Sine, Square, Triangle, Saw, Noise };

/// One synthesised sound: a pitch sweep under an attack/decay envelope, optionally a
/// second note (an arpeggio step) played after `step_at` of the duration.
struct SynthSpec {
    Wave wave = Wave::Square;
    double freq_start = 440.0;  ///< Hz at the start
    double freq_end = 440.0;    ///< Hz at the end (exponential sweep)
    double duration = 0.12;     ///< seconds
    double attack = 0.005;      ///< seconds to full level (avoids clicks)
    double release = 0.08;      ///< seconds of fade at the end
    double gain = 0.3;          ///< peak amplitude, 0..1
    double step_at = 0.0;       ///< 0 = no second note; else share of duration (0..1)
    double step_ratio = 1.5;    ///< frequency factor of the second note
    double vibrato_hz = 0.0;    ///< pitch wobble rate (0 = none)
};

/// Sample rate the sounds are rendered at and the device is opened with.
inline constexpr int kAudioSampleRate = 44100;

/// Renders `spec` into mono float samples in [-1, 1] (pure: deterministic, no device).
std::vector<float> render_sound(const SynthSpec& spec);

/// Handle of a registered sound.
using SoundId = int;

/// Audio output settings.
struct AudioConfig {
    bool enabled = true;  ///< false: never opens a device (headless)
    double volume = 0.8;  ///< master volume 0..1
    int max_voices = 16;  ///< simultaneous sounds; the oldest is dropped past this
};

/// The audio device and its mixer.
class Audio {
public:
    /// Opens the default output device when enabled; silently stays mute without one.
    explicit Audio(const AudioConfig& config = {});
    ~Audio();
    Audio(const Audio&) = delete;
    Audio& operator=(const Audio&) = delete;

    /// Renders and stores a sound; returns its id (valid even when mute).
    SoundId add(const SynthSpec& spec);
    /// Starts a sound at `gain` (0..1, times the master volume); no-op when mute.
    void play(SoundId id, double gain = 1.0);
    /// Master volume 0..1.
    void set_volume(double volume);
    double volume() const { return m_volume; }
    /// True when a device is open (sound can be heard).
    bool has_device() const { return m_device != 0; }
    /// One-line reason there is no device ("" when there is one or audio is disabled).
    const std::string& status() const { return m_status; }

    /// Mixes `frames` mono samples into `out` (the device callback; public for tests).
    void mix(float* out, int frames);

private:
    struct Voice {
        SoundId id = 0;
        std::size_t pos = 0;
        float gain = 1.0f;
    };
    std::vector<std::vector<float>> m_sounds;
    std::vector<Voice> m_voices;
    std::uint32_t m_device = 0;
    double m_volume = 0.8;
    int m_max_voices = 16;
    std::string m_status;
};

}  // namespace sawtooth::engine
