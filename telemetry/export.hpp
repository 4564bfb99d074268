#pragma once
// Export of a store for analysis: one CSV file per table (header row, RFC 4180 quoting,
// NULL as an empty field, input blobs decoded to runs) that pandas.read_csv and R's
// read.csv load directly, plus level texts as files. Columns: docs/telemetry.md.

#include "telemetry/store.hpp"

#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// What export_csv wrote.
struct ExportSummary {
    std::vector<std::pair<std::string, std::size_t>> files;  ///< (file name, data rows)
};

/// Writes <out_dir>/<table>.csv for every table, inputs.csv (decoded runs) instead of the
/// raw chunks, and <out_dir>/level_texts/level_<id>.txt. Creates out_dir; throws StoreError.
ExportSummary export_csv(Store& store, const std::string& out_dir);

/// One CSV field, quoted when needed.
std::string csv_field(const std::string& value);

}  // namespace sawtooth::telemetry
