-- The online part of the central study store (docs/online.md), included by study_server.sql;
-- run it alone on a server set up before it existed:
--     psql "postgresql://admin@server/sawtooth" -v ON_ERROR_STOP=1 -f tools/postgres/online_server.sql
-- sawtooth-server (docs/online.md): one login in sawtooth_server per server process,
--     CREATE ROLE web1 LOGIN PASSWORD '...' IN ROLE sawtooth_server;
-- files the sessions of online participants under its own name (site) and keeps each
-- session's latest upload: it may insert, update and delete its own rows, and no others.
-- The online_* tables are the server's alone (analysts read them for study-status).
CREATE ROLE sawtooth_server NOLOGIN;
GRANT SELECT, INSERT, UPDATE, DELETE ON study_sessions TO sawtooth_server;
CREATE POLICY server_owns_its_rows ON study_sessions FOR ALL TO sawtooth_server
  USING (site = current_user) WITH CHECK (site = current_user);

-- An enrolled online participant: the pseudonymous id the page made, the SHA-256 of the
-- secret key the page holds (never the key), when they finished, and the condition the
-- server assigned at enrolment with their 1-based number within it (which picks their
-- Latin-square row; docs/online.md "Condition assignment").
CREATE TABLE online_participants (
  participant_id text PRIMARY KEY CHECK (participant_id ~ '^P-[0-9A-Z]{4}-[0-9A-Z]{4}$'),
  study          text NOT NULL,
  key_sha256     bytea NOT NULL,
  enrolled_at    timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz
);
-- The assignment columns and their index. A store set up with an earlier version of this
-- script gets them by running just these two statements (psql -c); a participant enrolled
-- before is assigned at their next enrolment call.
ALTER TABLE online_participants ADD COLUMN IF NOT EXISTS condition text, ADD COLUMN IF NOT EXISTS condition_number integer;
CREATE INDEX IF NOT EXISTS online_participants_by_condition ON online_participants(study, condition);
-- The recruiter's ids of a participant (PROLIFIC_PID ...), apart from the sessions: an
-- analysis never sees them, and a withdrawal deletes them with the participant.
CREATE TABLE online_recruiter_ids (
  participant_id text NOT NULL REFERENCES online_participants ON DELETE CASCADE,
  name           text NOT NULL,
  value          text NOT NULL,
  PRIMARY KEY (participant_id, name)
);
CREATE INDEX online_recruiter_ids_by_value ON online_recruiter_ids(name, value);
-- Every acknowledged upload: session, the page's sequence number, the content digest.
-- The same (session, seq) again with the same digest changes nothing; with another it is refused.
CREATE TABLE online_uploads (
  session_uid    text NOT NULL,
  seq            integer NOT NULL CHECK (seq >= 1),
  participant_id text NOT NULL REFERENCES online_participants ON DELETE CASCADE,
  digest         text NOT NULL,
  ended          boolean NOT NULL,
  stored_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_uid, seq)
);
-- A withdrawal leaves only its count per study and condition, no id.
CREATE TABLE online_withdrawals (
  study          text NOT NULL,
  condition      text,
  withdrawn_at   timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON online_participants, online_recruiter_ids, online_uploads, online_withdrawals FROM PUBLIC;
GRANT SELECT, INSERT, UPDATE, DELETE ON online_participants, online_recruiter_ids, online_uploads
  TO sawtooth_server;
GRANT SELECT, INSERT ON online_withdrawals TO sawtooth_server;
GRANT SELECT ON online_withdrawals TO sawtooth_analyst;
