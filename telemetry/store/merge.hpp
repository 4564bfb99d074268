#pragma once
// Merging session stores (docs/studies.md "Many machines, one study"): every session of some
// source stores is copied into a target store, so the recordings of several lab machines
// end up in one file. Sessions are matched by their global uid (sessions.session_uid,
// schema version 3; older sessions get one derived from their row), participants by their
// pseudonymous id; the local integer ids (session, level, word level, rating) are given
// anew by the target and every reference is mapped. A session already in the target with
// the same content is skipped (merging is idempotent); with other content it is a conflict
// and nothing is merged. docs/studies.md describes the rules.
//
// Does not: open or create files (the caller opens the sources read-only and the target
// writable), merge the target's own meta rows (creation, default participant), or
// replay anything (the merged levels are the same rows, so they replay as before).

#include "telemetry/store/store.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// What a merge added, summed over its sources.
struct MergeSummary {
    std::size_t sessions_added = 0;
    std::size_t sessions_present = 0;  ///< already in the target with the same content
    std::size_t participants_added = 0;
    std::size_t levels_added = 0;
    std::size_t word_levels_added = 0;
    std::size_t ratings_added = 0;
    std::size_t answers_added = 0;  ///< questionnaire_answers rows
};

/// Which sessions a merge takes and how it reports its progress.
struct MergeSettings {
    /// Called after each source session (added or found present).
    std::function<void()> on_session;
    /// When set, only the sessions whose uid it accepts are merged, and only their
    /// participants (push writes one session per file this way).
    std::function<bool(const std::string& session_uid)> select;
};

/// The uid a session recorded before schema version 3 is merged under: FNV-1a 64 of its
/// participant, local id, start time, mode and build in the "S-XXXX-XXXX-XXXX" form, so
/// every read of the same row gives the same uid.
std::string derived_session_uid(const std::string& participant_id, std::int64_t session_id,
                                const std::string& started_utc, const std::string& mode,
                                const std::string& build_id);

/// FNV-1a 64 of everything of a session that is its content (its rows without the local
/// ids; the rated levels named by position): equal in every file that holds the session.
std::uint64_t session_content_digest(Store& store, std::int64_t session_id);

/// Number of sessions in a store (for a progress line).
std::size_t count_sessions(Store& store);

/// A session of a store with the uid it is merged under.
struct SessionKey {
    std::int64_t id = 0;  ///< local session_id
    std::string participant_id;
    std::string uid;  ///< stored, or derived for sessions of before schema version 3
    bool ended = false;
};

/// Every session of a store in id order with its uid.
std::vector<SessionKey> session_keys(Store& store);

/// Copies every session of `sources` (in order) into `target` in one transaction: either
/// all of them are merged or, on any error, none is and the target keeps every byte.
/// Throws StoreError, one line: a conflict names the session uid and both files.
MergeSummary merge_stores(Store& target, std::vector<Store>& sources, const MergeSettings& settings = {});

}  // namespace sawtooth::telemetry
