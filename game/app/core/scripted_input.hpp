#pragma once
// `--menu-keys`: input scripted by frame, for tests and screenshots. Each press goes
// through the same Controls and UiInput a person's keys and mouse fill, so tests reach
// the real input paths. Parsing only reports problems; the main loop applies the presses.

#include "engine/controls.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sawtooth::engine {
struct UiInput;
}

namespace sawtooth::app {

/// A scripted input at frame `frame` (0-based): a control held during that frame, text
/// typed, a left click at logical pixel (x, y), or a key tapped through SDL's event queue.
struct ScriptedPress {
    int frame = 0;
    std::optional<engine::Control> control;
    std::string typed;
    std::optional<std::pair<float, float>> click;
    int key_scancode = 0;  ///< key=NAME: SDL scancode, 0 = none
};

/// Parses "FRAME:control,FRAME:type=TEXT,FRAME:click=XxY,FRAME:key=NAME,..." (control = left
/// right up down confirm back pause skip; NAME = an SDL key name such as Down, Return, E);
/// "" on success, else the one-line problem.
std::string parse_menu_keys(const std::string& text, std::vector<ScriptedPress>& out);

/// Pushes the key=NAME taps of `frame` onto SDL's event queue (SDL_PushEvent), each as a
/// keyboard makes it: key down, the typed text of a letter or digit, key up, all before
/// the frame reads its events. So a press released within one frame goes through the
/// same event path as a person's (docs/reliability.md "Input: no lost presses").
void push_scripted_keys(const std::vector<ScriptedPress>& presses, int frame);

/// Feeds the presses of `frame` into this frame's controls and menu input.
void apply_scripted_presses(const std::vector<ScriptedPress>& presses, int frame, engine::Controls& controls,
                            engine::UiInput& ui);

}  // namespace sawtooth::app
