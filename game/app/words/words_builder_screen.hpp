#pragma once
// The Elimination challenge builder (docs/elimination.md §12; Elimination menu -> Builder, or
// `sawtooth --words-builder [FILE]`): type a challenge's letters, place the 2X letter, see
// the live analysis (game/words/builder.hpp: reachable and unreachable words, dead ends,
// minimum clicks, eq. 3 fitness, profane and uncommon words), build a level of up to ten
// challenges, save it as a word-level file (atomically) and play it as a recorded Custom
// level. This screen only turns keys and clicks into LevelBuilder edits and draws; it
// times each analysis with the wall clock for the on-screen figure (never for the model).

#include "game/app/core/screen.hpp"
#include "game/words/builder.hpp"

#include <string>

namespace sawtooth::app {

struct WordsContext;

/// Default word-level file of the builder ($XDG_DATA_HOME/sawtooth/words_level.txt).
std::string default_words_level_path();

/// Reads a word-level file; "" on success, else one line naming the file and the first
/// error by line and column.
std::string load_words_level_file(const std::string& path, std::vector<words::Challenge>& out);

/// The challenge builder screen.
class WordsBuilderScreen : public Screen {
public:
    /// Edits `challenges` (empty = a new level); saves to `path`. `ctx` outlives the screen.
    WordsBuilderScreen(Services services, WordsContext& ctx, std::string path,
                       std::vector<words::Challenge> challenges = {});
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    void debug_ui() override;
    std::string name() const override { return "words-builder"; }
    bool takes_text() const override { return true; }

    const words::LevelBuilder& builder() const { return m_builder; }

private:
    enum class Command { None, Add, Remove, Undo, Redo, Save, Play, Back };
    struct Button {
        const char* label;
        Command command;
    };
    Command keyboard_command(const engine::Controls& c) const;
    Command mouse_input();
    void edit_keys(const engine::Controls& c);
    void run(Command command);
    void save();
    void play();
    void reanalyse();
    // render() in parts.
    void draw_level_list(SDL_Renderer* r) const;
    void draw_tiles(SDL_Renderer* r) const;
    void draw_figures() const;
    void draw_words() const;
    void draw_buttons(SDL_Renderer* r) const;

    Services m_services;
    WordsContext* m_ctx;
    std::string m_path;
    words::LevelBuilder m_builder;
    words::DraftAnalysis m_analysis;
    words::Challenge m_analysed;  ///< the challenge m_analysis is of
    double m_analysis_ms = 0.0;   ///< wall time of the last analysis
    double m_analysis_max_ms = 0.0;
    int m_analyses = 0;
    std::string m_status;  ///< last save / play message
    bool m_status_bad = false;
    bool m_dirty = false;        ///< edits since the last save
    bool m_leave_armed = false;  ///< Esc once with unsaved edits: Esc again leaves
    bool m_show_debug = false;   ///< F1: analysis timings (ImGui)
    double m_time = 0.0;
};

/// Opens the builder on `path` (loaded when it exists), or a message naming the problem.
void open_words_builder(Services services, WordsContext& ctx, const std::string& path);

}  // namespace sawtooth::app
