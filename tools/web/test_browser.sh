#!/usr/bin/env bash
# The browser test (docs/web.md "The browser test"): plays the web build's site
# (build-web/site, made by tools/web/build.sh) in headless Chromium by an input script
# (tools/web/test_browser.mjs), then checks the database it downloaded from the page with the
# native tools: `sawtooth-lab replay --verify` must replay the browser's session hash for hash.
# SAWTOOTH_LAB names the native sawtooth-lab (default build/bin/sawtooth-lab, the README's
# test build). Leaves the screenshot and the database in build-web/browser-test/.
set -euo pipefail
cd "$(dirname "$0")/../.."
lab=${SAWTOOTH_LAB:-build/bin/sawtooth-lab}
out=build-web/browser-test
die() {
  echo "test_browser: $*" >&2
  exit 1
}
[ -f build-web/site/sawtooth.wasm ] || die "build-web/site has no game: run tools/web/build.sh"
[ -x "$lab" ] || die "$lab missing: build the native sawtooth-lab (README's test command)"
command -v chromium >/dev/null || die "chromium missing: run tools/install_deps.sh --web"
rm -rf "$out" && mkdir -p "$out"
node_flags=()
# Node 20+ has a WebSocket behind this flag; node 18 uses Debian's node-ws.
if node --experimental-websocket -e 0 2>/dev/null; then node_flags=(--experimental-websocket); fi
NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}" node "${node_flags[@]}" tools/web/test_browser.mjs \
  build-web/site tests/data/golden_walk.script "$out"
db=$out/download/sawtooth-session.db
"$lab" replay --db "$db" --session 1 --verify >"$out/verify.txt" 2>&1 ||
  { cat "$out/verify.txt" >&2; die "the browser's session does not replay natively"; }
echo "test_browser: $(tail -n 1 "$out/verify.txt")"
