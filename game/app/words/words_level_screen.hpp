#pragma once
// Elimination in play (SPEC §E): the letters of the current challenge as tiles, removed by
// a mouse click, by typing the letter, or by moving a cursor (arrows / d-pad) and pressing
// Enter / A; Backspace, Tab or gamepad Y resets the challenge (the timer keeps running);
// the timer bar shrinks over 30 / (1 + (n - 1) / 5) s. The rules are game/words'
// LevelPlay, stamped with this screen's tick counter (paused while the pause menu is
// up, when the letters are hidden too). Afterwards WordsResultsScreen lists the ten
// challenges and offers the next level, which unlocks whether or not the level was
// finished. Every action is recorded (game/app/words/words_level_recorder).

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"
#include "game/words/modes.hpp"
#include "game/words/play.hpp"

#include <memory>
#include <string>
#include <vector>

namespace sawtooth::app {

struct WordsContext;
class WordsLevelRecorder;

/// How a word level is being played.
struct WordsRun {
    words::ModeLevel level;
    std::uint64_t infinite_seed = 0;  ///< Infinite: the run's seed (level k+1 follows from it)
    int run_score = 0;                ///< Infinite: score of the run's earlier levels
    /// Actions applied at their ticks instead of the player's input (tests, screenshots;
    /// `sawtooth --words-actions FILE`). Empty = interactive.
    std::vector<words::Action> script;
    /// Custom mode: the hand-made level's challenges (a word-level file or the builder).
    std::vector<words::Challenge> custom;
    std::string custom_name;  ///< Custom mode: what the title shows (the file's name)
};

/// Generates the run's level (a Custom run brings its challenges) and pushes its screen; a
/// generation error becomes a message screen. Returns false on error (`error` set to one line).
bool start_words_level(Services services, WordsContext& ctx, WordsRun run, std::string& error);

/// One word level in play.
class WordsLevelScreen : public Screen {
public:
    /// `challenges` are the level's, generated from run.level. `ctx` outlives the screen.
    WordsLevelScreen(Services services, WordsContext& ctx, WordsRun run,
                     std::vector<words::Challenge> challenges);
    ~WordsLevelScreen() override;
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    void debug_ui() override;
    std::string name() const override { return "words-level"; }
    bool takes_text() const override { return true; }

    /// Leaves mid-level (pause menu): recorded as quit, back to the Elimination menu.
    void quit();
    const words::LevelPlay& play() const { return m_play; }

private:
    struct Tile {
        float x, y, w, h;
        int index;  ///< original letter position
    };
    std::vector<Tile> tiles() const;
    bool reset_button_hit(float x, float y) const;
    void apply(const words::Action& a);
    void player_input(const engine::Controls& c);
    void level_over();
    // render() in parts, top to bottom.
    void draw_header(SDL_Renderer* r, int vw) const;
    void draw_timer(SDL_Renderer* r) const;
    void draw_flash(int vw) const;
    void draw_tiles(SDL_Renderer* r) const;
    void draw_reset_button(SDL_Renderer* r, int vw) const;
    void draw_challenge_chips(SDL_Renderer* r) const;

    Services m_services;
    WordsContext* m_ctx;
    WordsRun m_run;
    words::LevelPlay m_play;
    std::unique_ptr<WordsLevelRecorder> m_recorder;
    std::uint32_t m_tick = 0;
    std::size_t m_script_pos = 0;
    int m_cursor = 0;              ///< slot among the remaining letters (keyboard / gamepad)
    std::uint32_t m_end_tick = 0;  ///< tick the level ended (0 = playing)
    std::string m_flash;           ///< last solved word, shown during the transition
    int m_flash_score = 0;
    bool m_flash_two_x = false;
    bool m_flash_timeout = false;
    std::uint32_t m_flash_tick = 0;
    bool m_show_debug = false;  ///< F1: the challenge's source words and generator figures
    double m_time = 0.0;
};

/// The end of a word level: every challenge, the score, the best, what next.
class WordsResultsScreen : public Screen {
public:
    WordsResultsScreen(Services services, WordsContext& ctx, WordsRun run, const words::LevelPlay& play,
                       int best_before);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "words-results"; }

private:
    enum class Item { Next, Again, Menu };
    /// "New best!", "Best: N" or, in Infinite, the run's score.
    std::string best_score_line() const;
    Services m_services;
    WordsContext* m_ctx;
    WordsRun m_run;
    std::vector<words::ChallengeResult> m_results;
    int m_challenges = 0;  ///< challenges of the level (10 unless hand-made)
    bool m_complete = false;
    int m_total = 0;
    int m_best_before = 0;
    std::vector<Item> m_items;
    Menu m_menu;
    std::string m_error;
    double m_time = 0.0;
};

/// "Level 3", "Infinite · level 4", "Daily · 2026-11-23", "Custom · NAME".
std::string words_level_title(const WordsRun& run);

}  // namespace sawtooth::app
