#pragma once
// `sawtooth --protocol FILE --upload URL --upload-token-file TOKEN` (docs/online.md "Lab
// machines"): the protocol run's sessions go to sawtooth-server as they are recorded,
// through telemetry/online/upload_worker.hpp, under the study labelled as the protocol
// file's stem. Native only: the web build leaves this file out (its page uploads).

#include "game/app/core/session_uploads.hpp"

#include <memory>
#include <string>

namespace sawtooth::app {

struct AppOptions;

/// The study's token from --upload-token-file, --upload's URL checked; "" without
/// --upload. Throws Error (one line naming the flag) for a URL or token file that is none.
std::string read_upload_token(const AppOptions& o);

/// Starts the uploads of `protocol_hash`'s sessions in the database at `db_path`.
std::unique_ptr<SessionUploads> start_uploads(const AppOptions& o, const std::string& token,
                                              const std::string& db_path, const std::string& protocol_hash);

/// At the end of a run: waits a few seconds for what is not acknowledged yet, then says on
/// stderr what was left for the next start.
void finish_uploads(SessionUploads& uploads);

}  // namespace sawtooth::app
