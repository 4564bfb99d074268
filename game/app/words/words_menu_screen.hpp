#pragma once
// The Elimination menu: pick a Levels-mode level (every unlocked one, with its best
// score), start an Infinite run, play today's Daily level, open the challenge builder,
// or read how to play. Loads the
// word list on entry (a missing asset is a message, never a crash).

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"

#include <cstdint>
#include <optional>

namespace sawtooth::app {

struct WordsContext;

/// Elimination's own menu below the title menu.
class WordsMenuScreen : public Screen {
public:
    /// `infinite_seed`: seed of Infinite runs (default: a new random one per run).
    WordsMenuScreen(Services services, WordsContext& ctx, std::optional<std::uint64_t> infinite_seed = {});
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "words-menu"; }

private:
    void refresh();

    Services m_services;
    WordsContext* m_ctx;
    std::optional<std::uint64_t> m_infinite_seed;
    int m_level = 1;  ///< Levels-mode level chosen with Left/Right
    Menu m_menu;
    std::string m_error;
    double m_time = 0.0;
};

/// Opens the Elimination menu, or a message naming the problem if the word list cannot be
/// loaded. Used by the title menu.
void open_words_menu(Services services, std::optional<std::uint64_t> infinite_seed = {});

}  // namespace sawtooth::app
