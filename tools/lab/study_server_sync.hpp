#pragma once
// Pushing to and pulling from the central study store on PostgreSQL
// (tools/postgres/study_server.sql, docs/studies.md "Push and pull"). Push uploads every
// finished session of a local database, one transaction per session keyed by its global
// uid, so it is idempotent and a push that was stopped resumes by being run again. Each
// session travels as a session database holding just that session (telemetry/store/session_pack.hpp), so
// pull merges the exact rows back and the pulled file replays exactly.
// Does not: upload unfinished sessions (they may still grow), change the local file on push
// (it is opened read-only), parse options or print (`sawtooth-lab push` / `pull` do).

#include "telemetry/store/store.hpp"
#include "tools/lab/postgres.hpp"

#include <cstddef>
#include <functional>
#include <string>

namespace sawtooth::lab {

/// How a push runs.
struct PushSettings {
    /// Called once with the number of finished sessions to push, before the first.
    std::function<void(std::size_t sessions)> start;
    /// Called after each session with the new sessions so far; false stops the push there, as
    /// a killed process would (what is pushed stays; a later push resumes).
    std::function<bool(std::size_t added)> after_session;
};

/// What a push did.
struct PushSummary {
    std::size_t sessions = 0;    ///< finished sessions of the local database
    std::size_t added = 0;       ///< new on the server
    std::size_t present = 0;     ///< already there with the same content
    std::size_t unfinished = 0;  ///< not pushed
    bool stopped = false;        ///< after_session stopped it
};

/// Pushes the finished sessions of `source` under study label `label`. Throws LabError when
/// the server holds a session with the same id and other content (nothing more is pushed).
PushSummary push_sessions(telemetry::Store& source, PgConnection& pg, const std::string& label,
                          const PushSettings& settings = {});

/// What a pull did.
struct PullSummary {
    std::size_t sessions = 0;  ///< sessions of the study on the server
    std::size_t added = 0;
    std::size_t present = 0;
};

/// Progress hooks of a pull, both optional.
struct PullSettings {
    std::function<void(std::size_t sessions)> start;  ///< once, before merging
    std::function<void()> on_session;                 ///< after each merged session
};

/// Merges every session of study `label` this role may read into the database `db`
/// (created when missing; a failed pull leaves no new file behind). Throws LabError when
/// the server holds none.
PullSummary pull_sessions(PgConnection& pg, const std::string& label, const std::string& db,
                          const PullSettings& settings = {});

}  // namespace sawtooth::lab
