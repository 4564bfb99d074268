#!/usr/bin/env bash
# The load figures of docs/online.md "Under load": a throwaway PostgreSQL 15 on loopback set
# up with tools/postgres/study_server.sql, sawtooth-server in front of it, and
# `sawtooth-lab bench server` with 200 simulated participants (enrol, two uploads, completion).
# Usage: tools/bench/server_load.sh BUILD_DIR [PARTICIPANTS] [CLIENT_THREADS] [SERVER_THREADS]
# Everything lives in a temporary folder removed at exit.
set -euo pipefail
build=$(cd "${1:?usage: server_load.sh BUILD_DIR [PARTICIPANTS] [CLIENT_THREADS] [SERVER_THREADS]}" && pwd)
participants=${2:-200}
client_threads=${3:-16}
server_threads=${4:-8}
src=$(cd "$(dirname "$0")/../.." && pwd)
pgbin=/usr/lib/postgresql/15/bin
work=$(mktemp -d /tmp/sawtooth-server-load.XXXXXX)
chmod 755 "$work"
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); chown postgres "$work"; fi
pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
http_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"${as_pg[@]}" "$pgbin/initdb" -D "$work/pg" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
  -E UTF8 --no-sync >/dev/null
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-k $work -p $pg_port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
psql=("$pgbin/psql" -h "$work" -p "$pg_port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q)
"${psql[@]}" -f "$src/tools/postgres/study_server.sql" >/dev/null
"${psql[@]}" -c "CREATE ROLE web1 LOGIN PASSWORD 'pww' IN ROLE sawtooth_server;" >/dev/null

cat > "$work/load.json" <<'JSON'
{"format": "sawtooth-study-protocol", "format_version": 1, "name": "Load test",
 "consent": "Do you agree to take part?",
 "conditions": [{"name": "linear", "levels": {"type": "seeds", "levels": [
   {"seed": 11, "layout": "linear", "rooms_w": 4, "rooms_h": 2, "room_w": 11, "room_h": 7,
    "level_index": 1, "alpha": 0.25}]}}],
 "assignment": {"type": "balanced"},
 "online": {"recruiter_ids": ["PROLIFIC_PID"], "completion_code": "LOADTEST"}}
JSON
token=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
echo "{\"load\": \"$token\"}" > "$work/tokens.json"
echo "$token" > "$work/token.txt"
"$build/bin/sawtooth" --headless --level "$src/tests/data/golden/golden_level.txt" \
  --script "$src/tests/data/golden/golden_run.script" --db "$work/template.db" >/dev/null

"$build/bin/sawtooth-server" --db "postgresql://web1:pww@127.0.0.1:$pg_port/postgres" \
  --listen "127.0.0.1:$http_port" --protocol "$work/load.json" --tokens "$work/tokens.json" \
  --threads "$server_threads" --rate 100000 --burst 100000 >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do grep -q listening "$work/server.log" && break; sleep 0.1; done
"$build/bin/sawtooth-lab" bench server --to "http://127.0.0.1:$http_port" --label load \
  --token-file "$work/token.txt" --template "$work/template.db" --participants "$participants" \
  --threads "$client_threads"
