#!/usr/bin/env bash
# Runs a libFuzzer campaign on one reader's harness (tests/fuzz, docs/reliability.md).
#   tools/fuzz.sh list            the harness names
#   tools/fuzz.sh NAME SECONDS    configure and build the clang fuzz build (build-fuzz/, with
#                                 ccache when present), fuzz NAME for SECONDS, print a summary
# The campaign's corpus is a working copy outside git (build-fuzz/campaigns/NAME/corpus, kept
# between runs and started from the committed seeds tests/fuzz/corpus/NAME); crashes, hangs,
# leaks and out-of-memory inputs go to build-fuzz/campaigns/NAME/findings. Exit status 0 only
# when the campaign ends with no finding. Environment: SAWTOOTH_FUZZ_BUILD (build folder),
# FUZZ_TIMEOUT (s per input before it counts as a hang, 10), FUZZ_RSS_MB (memory limit, 2048),
# FUZZ_JOBS (build jobs, 2).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${SAWTOOTH_FUZZ_BUILD:-$root/build-fuzz}
harnesses() { ls "$root"/tests/fuzz/fuzz_*.cpp | sed 's|.*/fuzz_||; s|\.cpp$||' | grep -v '^driver$'; }

usage() {
  echo "usage: tools/fuzz.sh NAME SECONDS | tools/fuzz.sh list" >&2
  exit 2
}
[ $# -ge 1 ] || usage
if [ "$1" = list ]; then
  harnesses
  exit 0
fi
[ $# -eq 2 ] || usage
name=$1 seconds=$2
if ! harnesses | grep -qx -- "$name"; then
  echo "fuzz.sh: no harness '$(printf '%q' "$name")' (tools/fuzz.sh list)" >&2
  exit 2
fi
if ! [[ $seconds =~ ^[1-9][0-9]{0,6}$ ]]; then
  echo "fuzz.sh: SECONDS must be a whole number 1..9999999, got '$(printf '%q' "$seconds")'" >&2
  exit 2
fi

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ missing: run tools/install_deps.sh" >&2; exit 1; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang \
    -DCMAKE_CXX_COMPILER=clang++ -DSAWTOOTH_FUZZ=ON "${launcher[@]}" >/dev/null
fi
cmake --build "$build" -j"${FUZZ_JOBS:-2}" --target "fuzz_$name" >/dev/null

work=$build/campaigns/$name
mkdir -p "$work/corpus" "$work/findings"
log=$work/campaign.log
findings_before=$(find "$work/findings" -type f | wc -l)

# libFuzzer's own status lines go to the log; a terminal gets the latest one as a progress line.
progress_pid=
if [ -t 2 ]; then
  (while sleep 5; do
     line=$(grep -a '^#[0-9]' "$log" 2>/dev/null | tail -n 1 | cut -c1-100)
     [ -n "$line" ] && printf '\r\033[K%s: %s' "$name" "$line" >&2
   done) &
  progress_pid=$!
fi
status=0
started=$SECONDS
"$build/bin/fuzz_$name" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" \
  -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -artifact_prefix="$work/findings/" -print_final_stats=1 \
  "$work/corpus" "$root/tests/fuzz/corpus/$name" >"$log" 2>&1 || status=$?
if [ -n "$progress_pid" ]; then
  kill "$progress_pid" 2>/dev/null || true
  printf '\r\033[K' >&2
fi

elapsed=$((SECONDS - started))
last=$(grep -a '^#[0-9]' "$log" | tail -n 1)
field() { sed -n "s/.* $1: *\([^ ]*\).*/\1/p" <<<"$last"; }
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
findings=$(($(find "$work/findings" -type f | wc -l) - findings_before))
fuzzed=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
echo "harness $name: fuzzed ${fuzzed:-$elapsed} s (asked $seconds, $elapsed s with start-up), ${execs:-?} execs, cov $(field cov), ft $(field ft)," \
  "corpus $(find "$work/corpus" -type f | wc -l) files ($(du -s --apparent-size --block-size=1K "$work/corpus" | cut -f1) KiB), new findings $findings," \
  "libFuzzer exit $status"
echo "log: $log"
if [ "$status" -ne 0 ] || [ "$findings" -ne 0 ]; then
  grep -a -m 3 -E 'ERROR|fuzz finding|SUMMARY|Test unit written' "$log" || true
  echo "findings: $work/findings" >&2
  exit 1
fi
