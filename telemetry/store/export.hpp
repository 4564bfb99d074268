#pragma once
// Export of a store for analysis: one CSV file per table (header row, RFC 4180 quoting,
// NULL as an empty field, input blobs decoded to runs) that pandas.read_csv and R's
// read.csv load directly, plus level texts as files. Columns: docs/telemetry.md. Outputs
// appear under their final names only when complete (written aside, then renamed).

#include "telemetry/store/store.hpp"

#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// What export_csv wrote.
struct ExportSummary {
    std::vector<std::pair<std::string, std::size_t>> files;  ///< (file name, data rows)
};

/// Writes <out_dir>/<table>.csv for every table, inputs.csv (decoded runs) instead of the
/// raw chunks, and <out_dir>/level_texts/level_<id>.txt. Everything is written into a
/// hidden `.<name>.partial-<pid>` folder beside out_dir and renamed to out_dir at the end,
/// so out_dir never holds a partial export (a killed export leaves only the hidden folder).
/// out_dir must not exist or be an empty folder; throws StoreError.
ExportSummary export_csv(Store& store, const std::string& out_dir);

/// Writes `bytes` to `path` through a hidden `.<name>.partial-<pid>` file in the same
/// folder, fsynced and renamed over `path`: `path` holds the old content or all of the
/// new, never a part. Throws StoreError.
void write_file_atomically(const std::string& path, const std::string& bytes);

/// One CSV field, quoted when needed.
std::string csv_field(const std::string& value);

}  // namespace sawtooth::telemetry
