#!/usr/bin/env bash
# Counts, per function, the inputs of a fixed sample where the native C library (glibc) and
# emscripten's (musl, run under node) give different bits: the figures in docs/web.md
# "Determinism across builds". Usage: tools/web/libm_compare.sh [COUNT] (default 200000).
set -euo pipefail
cd "$(dirname "$0")"
count=${1:-200000}
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -O2 -ffp-contract=off libm_probe.cpp -o "$tmp/native"
em++ -O2 -ffp-contract=off -sNODERAWFS=1 libm_probe.cpp -o "$tmp/web.js"
echo "function differing/$count (glibc on $(grep -qw fma /proc/cpuinfo && echo an FMA CPU || echo a CPU without FMA) vs emscripten $(emcc -dumpversion) musl)"
for f in log cos exp log10 hypot; do
  "$tmp/native" "$f" "$count" >"$tmp/n"
  node --no-experimental-fetch "$tmp/web.js" "$f" "$count" >"$tmp/w"
  echo "$f $(cmp -l "$tmp/n" "$tmp/w" 2>/dev/null | awk '{print int(($1-1)/17)}' | sort -u | wc -l)"
done
