// Fuzz harness: a level catalogue's bytes (telemetry/curation/catalog.cpp) through every path that
// reads one, fed the input as a whole .db file: the read-only open (its schema, application
// id and generator version checks), all rows as `Catalog::rows` reads them, the first rows
// looked up by key as `sawtooth-lab curate fit` looks them up (tools/lab/cmd_curate_fit.cpp,
// match_catalogue: the same statement, issued here because that function lives in the lab
// tool), `merge_catalogs` with the input named twice (as `catalog merge OUT IN IN` would,
// into a new output), and the writing open (which may create the schema). The only error
// they may report is StoreError, in one printable line. A merged output must open again as a
// catalogue and hold no more rows than the input.

#include "fuzz_support.hpp"
#include "telemetry/curation/catalog.hpp"

#include <filesystem>

namespace {

using namespace sawtooth;

// Rows looked up per input as `curate fit` does: enough to reach the lookup, few enough to stay fast.
constexpr int kLookups = 3;

// curate fit's lookup of one rated level: level hash and predictors by the level's key.
void look_up_as_curate_fit(telemetry::Catalog& cat, const GenParams& key) {
    std::string cols;
    for (const std::string& p : telemetry::catalog_predictor_columns()) cols += ", " + p;
    telemetry::Statement st(cat.database(),
                            "SELECT level_hash" + cols +
                                " FROM levels WHERE seed = ? AND layout = ? AND rooms_w = ? AND "
                                "rooms_h = ? AND room_w = ? AND room_h = ? AND level_index = ? "
                                "AND alpha = ?");
    st.bind(1, static_cast<std::int64_t>(key.seed)).bind(2, std::string(layout_name(key.layout)));
    st.bind(3, key.rooms_w).bind(4, key.rooms_h).bind(5, key.room_w).bind(6, key.room_h);
    st.bind(7, key.level_index).bind(8, key.alpha);
    if (!st.step()) return;
    if (!st.is_null(0)) (void)st.text(0);
    for (int k = 1; k < st.column_count(); ++k)
        if (!st.is_null(k)) (void)st.real(k);
}

std::int64_t read_rows(const std::string& path) {
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(path);
    const std::vector<telemetry::CatalogRow> rows = cat.rows();
    for (int i = 0; i < kLookups && i < static_cast<int>(rows.size()); ++i)
        look_up_as_curate_fit(cat, rows[static_cast<std::size_t>(i)].params);
    return cat.count();
}

void merge_twice(const std::string& path, std::int64_t input_rows) {
    const std::string out = path + "-merged.db";
    try {
        (void)telemetry::merge_catalogs(out, {path, path});
        telemetry::Catalog merged = telemetry::Catalog::open_read_only(out);
        if (static_cast<std::int64_t>(merged.rows().size()) > input_rows)
            fuzz::finding("a merge of one catalogue named twice holds more rows than it");
    } catch (const telemetry::StoreError& e) {
        fuzz::expect_one_printable_line(e.what());
    }
    for (const char* extra : {"", "-journal"}) std::remove((out + extra).c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::TempFile file(data, size, "-catalog.db");
    try {
        merge_twice(file.path(), read_rows(file.path()));
    } catch (const telemetry::StoreError& e) {
        fuzz::expect_one_printable_line(e.what());
    }
    try {
        (void)telemetry::Catalog::open(file.path());
    } catch (const telemetry::StoreError& e) {
        fuzz::expect_one_printable_line(e.what());
    }
    return 0;
}
