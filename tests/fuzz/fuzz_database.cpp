// Fuzz harness: a session database's bytes through the store's open paths and the replay
// loaders (telemetry/store/store.cpp, replay.cpp, words_recording.cpp), fed the input as a whole
// .db file. Read-only open (replay, export, listings), then the first levels and word
// levels loaded as `sawtooth-lab replay` loads them, then the recording open (which may
// migrate or create the schema). The only errors they may report are StoreError,
// ReplayError and WordRecordingError, each in one printable line. Replays are not run:
// a long but sound recording takes long to verify, which is no defect.

#include "fuzz_support.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/recording/words_recording.hpp"

namespace {

using namespace sawtooth;

// Levels and word levels tried per input: enough to reach every loader, few enough to stay fast.
constexpr int kIdsPerTable = 3;

template <class Load>
void load_each(telemetry::Store& store, const char* sql, Load load) {
    std::vector<std::int64_t> ids;
    telemetry::Statement st(store.db(), sql);
    while (st.step() && static_cast<int>(ids.size()) < kIdsPerTable) ids.push_back(st.int64(0));
    for (const std::int64_t id : ids) {
        try {
            load(id);
        } catch (const telemetry::StoreError& e) {
            fuzz::expect_one_printable_line(e.what());
        } catch (const telemetry::ReplayError& e) {
            fuzz::expect_one_printable_line(e.what());
        } catch (const telemetry::WordRecordingError& e) {
            fuzz::expect_one_printable_line(e.what());
        }
    }
}

void load_recordings(const std::string& path) {
    telemetry::Store store = telemetry::Store::open_read_only(path);
    load_each(store, "SELECT level_id FROM levels ORDER BY level_id",
              [&](std::int64_t id) { (void)telemetry::load_recording(store, id); });
    load_each(store, "SELECT word_level_id FROM word_levels ORDER BY word_level_id",
              [&](std::int64_t id) { (void)telemetry::load_word_recording(store, id); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::TempFile file(data, size, "-store.db");
    try {
        load_recordings(file.path());
    } catch (const telemetry::StoreError& e) {
        fuzz::expect_one_printable_line(e.what());
    }
    try {
        (void)telemetry::Store::open(file.path());
    } catch (const telemetry::StoreError& e) {
        fuzz::expect_one_printable_line(e.what());
    }
    return 0;
}
