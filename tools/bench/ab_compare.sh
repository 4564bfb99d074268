#!/usr/bin/env bash
# Measures one figure of two builds in the same run, interleaved (A B A B ...), and prints
# each run with the load average, then the medians and their ratio (docs/performance.md,
# "Before and after in one run"). A build is a folder holding `sawtooth` and `sawtooth-lab`
# (e.g. build/bin of two worktrees, or a copy of the old binaries).
#
#   tools/bench/ab_compare.sh OLD_BIN NEW_BIN MEASURE [RUNS]
#
# MEASURE: headless | windowed | proof | study | proof-small | study-small
#   headless    sawtooth --headless --no-record --seed 42 --bench-frames 600 --json (median_frame_ms)
#   windowed    the same under xvfb-run (or in $DISPLAY)
#   proof       sawtooth-lab verify-levels --seeds 1..1000 --threads 2 --json (wall seconds)
#   study       sawtooth-lab simulate-study --players 53 --threads 2 --db TMP --json (wall seconds)
#   proof-small / study-small: maze 1..100 / 5 participants, for a quick look
# RUNS (default 3) pairs. Also prints the CPU model. Figures are printed, never judged.
set -euo pipefail

if [ $# -lt 3 ]; then
    echo "usage: tools/bench/ab_compare.sh OLD_BIN NEW_BIN headless|windowed|proof|study|proof-small|study-small [RUNS]" >&2
    exit 2
fi
old=$1 new=$2 measure=$3 runs=${4:-3}
for dir in "$old" "$new"; do
    if [ ! -x "$dir/sawtooth" ] || [ ! -x "$dir/sawtooth-lab" ]; then
        echo "ab_compare.sh: no sawtooth and sawtooth-lab in '$dir'" >&2
        exit 1
    fi
done
db=$(mktemp -u /tmp/sawtooth-ab-XXXXXX.db)
trap 'rm -f "$db" "$db-wal" "$db-shm"' EXIT

# Prints the figure of one run of build $1.
one_run() {
    local bin=$1 t0 t1
    case $measure in
    headless)
        "$bin/sawtooth" --headless --no-record --seed 42 --bench-frames 600 --json |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["median_frame_ms"])' ;;
    windowed)
        local xvfb=(xvfb-run -a -s "-screen 0 1280x720x24")
        [ -n "${DISPLAY:-}" ] && xvfb=()
        "${xvfb[@]}" "$bin/sawtooth" --no-record --seed 42 --bench-frames 600 --json |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["median_frame_ms"])' ;;
    proof | proof-small | study | study-small)
        local args
        case $measure in
        proof) args=(verify-levels --seeds 1..1000 --threads 2 --json) ;;
        proof-small) args=(verify-levels --seeds 1..100 --threads 2 --json) ;;
        study) args=(simulate-study --players 53 --threads 2 --db "$db" --json) ;;
        study-small) args=(simulate-study --players 5 --threads 2 --db "$db" --json) ;;
        esac
        rm -f "$db" "$db-wal" "$db-shm"
        t0=$(date +%s.%N)
        "$bin/sawtooth-lab" "${args[@]}" > /dev/null
        t1=$(date +%s.%N)
        python3 -c "print(round($t1 - $t0, 2))" ;;
    *)
        echo "ab_compare.sh: unknown measure '$measure'" >&2
        exit 2 ;;
    esac
}

echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "measure: $measure, $runs interleaved pairs"
a=() b=()
for ((i = 1; i <= runs; i++)); do
    for side in A B; do
        bin=$old
        [ $side = B ] && bin=$new
        load=$(cut -d' ' -f1 /proc/loadavg)
        v=$(one_run "$bin")
        echo "run $i $side: $v (load average $load)"
        if [ $side = A ]; then a+=("$v"); else b+=("$v"); fi
    done
done
python3 - "${a[*]}" "${b[*]}" "$(cut -d' ' -f1 /proc/loadavg)" <<'EOF'
import statistics, sys
a = [float(x) for x in sys.argv[1].split()]
b = [float(x) for x in sys.argv[2].split()]
ma, mb = statistics.median(a), statistics.median(b)
print(f"median A (old) {ma:g}, B (new) {mb:g}, B/A {mb / ma:.3f}; load average at the end {sys.argv[3]}")
EOF
