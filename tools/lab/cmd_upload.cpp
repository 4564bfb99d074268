// `sawtooth-lab upload --db FILE --to URL --label STUDY --token-file FILE`: a lab machine's
// finished sessions to sawtooth-server (docs/online.md "Lab machines"); the work is
// telemetry/online/store_upload.hpp.
#include "telemetry/online/store_upload.hpp"
#include "telemetry/store/session_pack.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

namespace sawtooth::lab {

namespace {

struct UploadArgs {
    std::string db, url, label, token_file;
};

void run_upload(const UploadArgs& args) {
    const std::string db = db_path(args.db);
    std::string token = telemetry::read_file_bytes(args.token_file);
    while (!token.empty() && (token.back() == '\n' || token.back() == '\r')) token.pop_back();
    if (token.empty()) throw LabError(args.token_file + ": no upload token in it");
    online::OnlineClient client({args.url, args.label, token});
    ProgressLine progress("uploading sessions", online::count_store_sessions(db));
    const online::StoreUploadSummary s =
        online::upload_store(db, client, [&progress] { progress.advance(); });
    progress.finish();
    std::printf(
        "uploaded %s to study '%s': %zu new, %zu already there; not sent: %zu of another protocol, %zu "
        "unfinished\n",
        db.c_str(), args.label.c_str(), s.uploaded, s.present, s.other, s.unfinished);
}

}  // namespace

void register_upload(CLI::App& app) {
    auto args = std::make_shared<UploadArgs>();
    CLI::App* cmd = app.add_subcommand("upload", "send the finished sessions of a study to sawtooth-server");
    add_db_option(cmd, args->db);
    cmd->add_option("--to", args->url, "server: http://HOST:PORT or https://HOST")->required();
    cmd->add_option("--label", args->label, "the study's label on the server (its protocol file's stem)")
        ->required();
    cmd->add_option("--token-file", args->token_file, "file holding the study's upload token")->required();
    cmd->callback([args] { run_upload(*args); });
}

}  // namespace sawtooth::lab
