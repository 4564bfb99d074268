#!/usr/bin/env bash
# The online study end to end (docs/web.md "The online study test"): a throwaway PostgreSQL 15
# on loopback set up with tools/postgres/study_server.sql, the native sawtooth-server in front
# of it serving the web build (build-web/site) and the study `e2e`, and headless Chromium
# playing the participant's path from the study link to the completion code and the
# withdrawal (tools/web/test_online.mjs), with `sawtooth-lab pull` and `replay --verify`.
# SAWTOOTH_BIN names the native tools' folder (default build/bin, the README's test build).
# Everything but the screenshots (build-web/online-test/) lives in a temporary folder
# removed at exit. Fails with one line; nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$(pwd)
bin=$(cd "${SAWTOOTH_BIN:-build/bin}" 2>/dev/null && pwd) || bin=${SAWTOOTH_BIN:-build/bin}
out=build-web/online-test
pgbin=/usr/lib/postgresql/15/bin
die() {
  echo "test_online: $*" >&2
  exit 1
}
[ -f build-web/site/sawtooth.wasm ] || die "build-web/site has no game: run tools/web/build.sh"
for tool in sawtooth-server sawtooth-lab; do
  [ -x "$bin/$tool" ] || die "$bin/$tool missing: build the native tools (README's test command)"
done
[ -x "$pgbin/initdb" ] || die "PostgreSQL 15 missing: run tools/install_deps.sh --web"
command -v chromium >/dev/null || die "chromium missing: run tools/install_deps.sh --web"
rm -rf "$out" && mkdir -p "$out"

work=$(mktemp -d /tmp/sawtooth-online-test.XXXXXX)
chmod 755 "$work"
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); chown postgres "$work"; fi
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pg_port=$(free_port)
http_port=$(free_port)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"${as_pg[@]}" "$pgbin/initdb" -D "$work/pg" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
  -E UTF8 --no-sync >"$work/initdb.log" 2>&1 || { cat "$work/initdb.log" >&2; die "initdb failed"; }
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-k $work -p $pg_port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null ||
  { cat "$work/pg.log" >&2; die "PostgreSQL did not start"; }
export PGHOST=$work PGPORT=$pg_port PGUSER=postgres PGDATABASE=postgres
psql -v ON_ERROR_STOP=1 -q -f "$src/tools/postgres/study_server.sql" >/dev/null
psql -v ON_ERROR_STOP=1 -q -c "CREATE ROLE web1 LOGIN PASSWORD 'pw-web1' IN ROLE sawtooth_server" \
  -c "CREATE ROLE anna LOGIN PASSWORD 'pw-anna' IN ROLE sawtooth_analyst" >/dev/null

# The study: two generated levels, a questionnaire at the end, the recruiter's three ids.
cat >"$work/e2e.json" <<'JSON'
{"format": "sawtooth-study-protocol", "format_version": 1, "name": "End-to-end study",
 "consent": "This study records how you play under a random participant id. Do you agree to take part in the end-to-end study?",
 "tutorials": false, "ratings": false,
 "conditions": [{"name": "linear", "levels": {"type": "seeds", "levels": [
   {"seed": 11, "layout": "linear", "rooms_w": 4, "rooms_h": 2, "room_w": 11, "room_h": 7, "level_index": 1, "alpha": 0.25},
   {"seed": 12, "layout": "linear", "rooms_w": 4, "rooms_h": 2, "room_w": 11, "room_h": 7, "level_index": 2, "alpha": 0.25}]}}],
 "assignment": {"type": "balanced"},
 "questionnaires": [{"id": "final", "at_end": true, "items": [
   {"id": "fun", "type": "likert", "text": "The levels were fun.", "points": 5, "anchors": ["no", "yes"]}]}],
 "online": {"recruiter_ids": ["PROLIFIC_PID", "STUDY_ID", "SESSION_ID"], "repeat": false, "completion_code": "E2ECODE1",
            "return_url": "http://127.0.0.1:HTTP_PORT/index.html?returned=E2ECODE1"}}
JSON
sed -i "s/HTTP_PORT/$http_port/" "$work/e2e.json"
token=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
echo "{\"e2e\": \"$token\"}" >"$work/tokens.json"
"$bin/sawtooth-server" --db "postgresql://web1:pw-web1@127.0.0.1:$pg_port/postgres" --site "$src/build-web/site" \
  --listen "127.0.0.1:$http_port" --protocol "$work/e2e.json" --tokens "$work/tokens.json" \
  >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do grep -q listening "$work/server.log" && break; sleep 0.1; done
grep -q listening "$work/server.log" || { cat "$work/server.log" >&2; die "sawtooth-server did not start"; }

node_flags=()
# Node 20+ has a WebSocket behind this flag; node 18 uses Debian's node-ws.
if node --experimental-websocket -e 0 2>/dev/null; then node_flags=(--experimental-websocket); fi
SAWTOOTH_LAB="$bin/sawtooth-lab" SAWTOOTH_PULL_URL="postgresql://anna:pw-anna@127.0.0.1:$pg_port/postgres" \
  NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}" node "${node_flags[@]}" tools/web/test_online.mjs \
  "http://127.0.0.1:$http_port" "$token" "$out" || { tail -n 5 "$work/server.log" >&2; exit 1; }
