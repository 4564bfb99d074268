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
/// typed, or a left click at logical pixel (x, y).
struct ScriptedPress {
    int frame = 0;
    std::optional<engine::Control> control;
    std::string typed;
    std::optional<std::pair<float, float>> click;
};

/// Parses "FRAME:control,FRAME:type=TEXT,FRAME:click=XxY,..." (control = left right up down
/// confirm back pause skip); "" on success, else the one-line problem.
std::string parse_menu_keys(const std::string& text, std::vector<ScriptedPress>& out);

/// Feeds the presses of `frame` into this frame's controls and menu input.
void apply_scripted_presses(const std::vector<ScriptedPress>& presses, int frame, engine::Controls& controls,
                            engine::UiInput& ui);

}  // namespace sawtooth::app
