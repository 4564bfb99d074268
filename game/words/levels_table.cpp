#include "game/words/levels_table.hpp"

namespace sawtooth::words {

std::vector<LevelsTableRow> levels_table(const Dictionary* dict, const LevelsTableSettings& settings) {
    std::vector<LevelsTableRow> rows;
    ChallengeHistory history;  // all levels in order: each avoids the earlier ones (modes.hpp)
    for (int level = 1; level <= kLevelCount; ++level) {
        if (settings.only_level != 0 && level != settings.only_level) continue;
        LevelsTableRow row;
        row.level = levels_mode_level(level, settings.seed);
        row.level.params.gen.fitness = settings.fitness;
        if (dict) {
            row.generated = settings.only_level
                                ? generate_mode_level(*dict, row.level)
                                : generate_level(*dict, row.level.params, row.level.seed, {}, history);
            history.add(*dict, *row.generated);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace sawtooth::words
