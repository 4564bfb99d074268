#pragma once
// The game's entry: its command-line options and run(). main.cpp parses the flags into
// AppOptions; run() starts the game they describe (game/app/shell/app.cpp).

#include "game/app/recording/recording_options.hpp"
#include "game/flows/protocol_plan.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace sawtooth::app {

/// The screens `--screen` may name.
inline const std::vector<std::string> kFirstScreens = {"title", "level",       "results",       "rating",
                                                       "words", "words-level", "words-builder", "editor"};

/// Everything `sawtooth` accepts on its command line (see README "Playing").
struct AppOptions {
    bool headless = false;  ///< offscreen video driver, no audio device
    int frames = 0;  ///< ticks (= frames) to run, then quit; 0 = until quit (60 with --headless/--screenshot)
    std::string screenshot;             ///< write a PNG of the last frame here
    std::string level_file;             ///< play this level text file
    std::string edit_file;              ///< open this level text file in the editor (created on save)
    std::optional<std::uint64_t> seed;  ///< play the generated level of this seed
    std::string pack_file;              ///< play this level pack (docs/curation.md#packs)
    bool study = false;                 ///< start the study session (with pack_file: on its levels)
    std::string protocol_file;          ///< run the study of this protocol file (docs/studies.md)
    std::string upload_url;             ///< --upload: sawtooth-server's URL (docs/online.md "Lab machines")
    std::string upload_token_file;      ///< --upload-token-file: the study's upload token
    std::string layout = "maze";        ///< maze | linear
    std::string rooms;                  ///< "WxH" rooms (generator default when empty)
    std::string room_size;              ///< "WxH" cells per room
    int level_index = 1;                ///< t_cycle schedule index 1..10
    int bench_frames = 0;               ///< measure update+render CPU time over N frames
    bool json = false;                  ///< machine-readable benchmark output
    bool fullscreen = false;
    int width = 1280, height = 720;
    std::string asset_dir;                      ///< where assets/ is (default: next to the build)
    std::string screen;                         ///< first screen, one of kFirstScreens (default: title,
                                                ///< level when --level / --seed is given, editor
                                                ///< with --edit)
    std::string menu_keys;                      ///< scripted presses "FRAME:control,..." (tests, screenshots)
    std::optional<std::uint64_t> session_seed;  ///< study session seed (default random)
    RecordingOptions recording;  ///< --db, --script, --replay... (game/app/recording/recording.cpp)
    std::string view;            ///< "X,Y": pin the level camera on this cell (screenshots)
    bool print_screen = false;   ///< print the top screen's name when the run ends (tests)
    std::string settings_file;   ///< settings JSON path (default $XDG_CONFIG_HOME/sawtooth/...)
    std::string model_file;      ///< F1 overlay's challenge model (default: default_model_path())
    bool debug_overlay = false;  ///< open the F1 debug view with the difficulty overlay at start
    // Elimination (docs/elimination.md "The game"): --screen words | words-level.
    std::string words_mode = "levels";  ///< words-level: levels | infinite | daily
    int words_level = 1;                ///< words-level: level number in its mode
    std::string words_actions;          ///< words-level: play this action log instead of input
    std::string date;                   ///< the Daily level's UTC date (default: today)
    std::string words_progress;         ///< progress file (default $XDG_DATA_HOME/sawtooth/...)
    std::string words_file;             ///< words-level: play this word-level file (a Custom level)
    bool words_builder = false;         ///< --words-builder: open the challenge builder
    std::string words_builder_file;     ///< the builder's file ("" = default_words_level_path())
    std::string words_short_band;       ///< --words-short-band LO..HI: the builder's short-word rank band
    std::string words_long_band;        ///< --words-long-band LO..HI: the builder's long-word rank band
    /// Not a flag: the browser's file keeping a protocol run's participant id, so a reload
    /// resumes without retyping it (docs/web.md "Recording"); empty natively, where the
    /// next participant at the same machine must not be offered the last one's id.
    std::string participant_memory;
    /// Not flags either: the browser's online study (docs/web.md "An online study"), set by
    /// the web entry only. The page asked for consent and enrolled this participant with the
    /// study server, so the protocol run starts their plan at once (no consent or id screen).
    std::string online_participant;
    /// The hash of the study server's protocol document, recorded in place of the hash of
    /// the file read: the server serves its document without the "online" object, which its
    /// hash covers (docs/online.md "The protocol's online fields").
    std::string online_protocol_hash;
    /// The condition the study server assigned the online participant (docs/online.md
    /// "Condition assignment").
    flows::AssignedCondition online_assignment;
};

/// Adds every flag of `sawtooth` to `cli`, each writing into `o` (game/app/shell/game_flags.cpp).
void add_game_flags(CLI::App& cli, AppOptions& o);

/// Prints `sawtooth: MESSAGE` to stderr on one line: the game's errors, from any of its files.
void print_error(const std::string& message);

/// Runs the game; returns the process exit code. Prints one-line errors to stderr.
int run(const AppOptions& options);

}  // namespace sawtooth::app
