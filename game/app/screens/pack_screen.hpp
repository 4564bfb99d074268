#pragma once
// Level packs in the game (docs/curation.md "Packs"; format: telemetry/curation/pack.hpp). PackScreen plays
// a pack's levels in order, each recorded like a free-play level (mode "free") and followed
// by the rating screen as free play is: a completed level goes straight on to the next, a
// level left from the pause menu returns to the pack's screen, whose Play goes on with the
// next one. PacksMenuScreen lists the packs of assets/packs/ and of the user's
// $XDG_CONFIG_HOME/sawtooth/packs/ to choose one. Does not: check packs (read_pack does,
// when the list is built) or choose levels (sawtooth-lab curate pick).

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"
#include "telemetry/curation/pack.hpp"

#include <string>
#include <vector>

namespace sawtooth::app {

/// Plays one pack.
class PackScreen : public Screen {
public:
    PackScreen(Services services, telemetry::Pack pack, std::string file);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "pack"; }

    /// Starts the next level (the first after the last); --pack calls it before the first tick.
    void play_next();

private:
    void refresh();
    void level_ended(bool completed);

    Services m_services;
    telemetry::Pack m_pack;
    std::string m_file;
    Menu m_menu;
    std::size_t m_next = 0;  ///< index of the level Play starts
    int m_played = 0;
    std::string m_status;
    bool m_status_bad = false;
    double m_time = 0.0;
};

/// The pack folders: the assets' packs/ and the user's config packs/ (when it is known).
std::vector<std::string> pack_folders(const std::string& asset_dir);

/// Lists the packs of pack_folders() and opens the chosen one.
class PacksMenuScreen : public Screen {
public:
    explicit PacksMenuScreen(Services services);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "packs"; }

private:
    Services m_services;
    std::vector<std::string> m_files;  ///< one per menu row before Back
    Menu m_menu;
    std::string m_status;
    double m_time = 0.0;
};

}  // namespace sawtooth::app
