#include "telemetry/recording/replay_set.hpp"

#include "gen/error.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/sqlite.hpp"

namespace sawtooth::telemetry {

ReplaySet replay_set(Store& store, const std::vector<std::int64_t>& levels,
                     const std::vector<std::int64_t>& word_levels, std::int64_t session) {
    ReplaySet ids;
    ids.word_levels = word_levels;
    for (const std::int64_t id : levels) {
        const bool platformer = store.has_level(id) || !has_word_level(store, id);
        (platformer ? ids.levels : ids.word_levels).push_back(id);
    }
    if (session) {
        const auto more = store.session_levels(session);
        const auto more_words = session_word_levels(store, session);
        if (more.empty() && more_words.empty())
            throw Error("no levels recorded for session " + std::to_string(session) + " in '" + store.path() +
                        "'");
        ids.levels.insert(ids.levels.end(), more.begin(), more.end());
        ids.word_levels.insert(ids.word_levels.end(), more_words.begin(), more_words.end());
    }
    return ids;
}

std::set<std::int64_t> replay_sessions(Store& store, const ReplaySet& set) {
    std::set<std::int64_t> out;
    const auto add = [&](const char* sql, const std::vector<std::int64_t>& levels) {
        for (const std::int64_t id : levels) {
            Statement st(store.db(), sql);
            st.bind(1, id);
            if (st.step()) out.insert(st.int64(0));
        }
    };
    add("SELECT session_id FROM levels WHERE level_id = ?", set.levels);
    add("SELECT session_id FROM word_levels WHERE word_level_id = ?", set.word_levels);
    return out;
}

}  // namespace sawtooth::telemetry
