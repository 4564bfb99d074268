-- The central study store of `sawtooth-lab push` / `pull` (docs/studies.md). Run once per
-- study server as a superuser or the database owner:
--     psql "postgresql://admin@server/sawtooth" -v ON_ERROR_STOP=1 -f tools/postgres/study_server.sql
-- then give every site a login in sawtooth_site and every analyst one in sawtooth_analyst:
--     CREATE ROLE site_lab1 LOGIN PASSWORD '...' IN ROLE sawtooth_site;
--     CREATE ROLE anna LOGIN PASSWORD '...' IN ROLE sawtooth_analyst;
-- A site may insert sessions as itself and read back only its own; it can update or delete
-- nothing. An analyst reads everything and writes nothing. Row-level security does it: the
-- `site` column is the pushing role (current_user), checked on insert.

CREATE ROLE sawtooth_site NOLOGIN;
CREATE ROLE sawtooth_analyst NOLOGIN;

-- One row per pushed session: its identity, what a listing needs, and the session itself
-- as a Sawtooth session database holding just that session (its exact rows, so a pulled
-- session replays exactly). `digest` is FNV-1a 64 of its content (telemetry/store/merge.hpp):
-- a second push of the same session compares it instead of the bytes. `protocol_hash` and
-- `condition` name the study protocol and condition a session was played under (NULL for
-- sessions of no protocol); its questionnaire answers travel inside `store`. A server set
-- up with an earlier version of this script gets the two columns with
--     ALTER TABLE study_sessions ADD COLUMN protocol_hash text, ADD COLUMN condition text;
CREATE TABLE study_sessions (
  session_uid    text PRIMARY KEY CHECK (session_uid ~ '^S-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$'),
  study          text NOT NULL CHECK (study <> ''),
  site           name NOT NULL DEFAULT current_user,
  participant_id text NOT NULL,
  mode           text NOT NULL,
  started_utc    text NOT NULL,
  ended_utc      text NOT NULL,
  digest         text NOT NULL,
  store          bytea NOT NULL,
  pushed_at      timestamptz NOT NULL DEFAULT now(),
  protocol_hash  text CHECK (protocol_hash ~ '^[0-9a-f]{16}$'),
  condition      text CHECK (condition <> '')
);
CREATE INDEX study_sessions_by_study ON study_sessions(study);

REVOKE ALL ON study_sessions FROM PUBLIC;
GRANT SELECT, INSERT ON study_sessions TO sawtooth_site;
GRANT SELECT ON study_sessions TO sawtooth_analyst;

ALTER TABLE study_sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_inserts_own ON study_sessions FOR INSERT TO sawtooth_site
  WITH CHECK (site = current_user);
CREATE POLICY site_reads_own ON study_sessions FOR SELECT TO sawtooth_site
  USING (site = current_user);
CREATE POLICY analyst_reads_all ON study_sessions FOR SELECT TO sawtooth_analyst
  USING (true);

-- The tables and role of sawtooth-server (docs/online.md). A server set up with an earlier
-- version of this script gets them by running online_server.sql alone.
\ir online_server.sql
