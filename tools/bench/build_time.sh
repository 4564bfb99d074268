#!/usr/bin/env bash
# Clean-build benchmark (docs/performance.md "Build time"): configures a fresh build folder
# with ccache off, builds it, and prints the wall time, the CPU, the load average before and
# after, and where the time went (per target, slowest objects, links), timed per command by
# tools/bench/compile_timer.sh. CPU seconds (user + system of every compile and link) move
# far less than wall time when other work shares the machine: compare those across runs.
# With --repeat N it builds N times and prints the medians.
#
#   tools/bench/build_time.sh [--jobs N] [--repeat N] [--target T] [--keep DIR] [-- CMAKE_ARGS...]
#
# --target T builds only T (e.g. sawtooth, the play command's target); CMAKE_ARGS go to the
# configure step (e.g. -DSAWTOOTH_BUILD_TESTS=OFF). The build folder is a temporary one,
# removed afterwards unless --keep names it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
jobs=2
repeat=1
target=
keep=
while [ $# -gt 0 ]; do
  case $1 in
    --jobs) jobs=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --target) target=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "build_time.sh: unknown argument '$1' (see the header of $0)" >&2; exit 2 ;;
  esac
done
export CCACHE_DISABLE=1
timer=$root/tools/bench/compile_timer.sh
walls=()
cpus=()
for run in $(seq 1 "$repeat"); do
  dir=${keep:-$(mktemp -d /tmp/sawtooth-build-time.XXXXXX)}
  rm -rf "$dir" && mkdir -p "$dir"
  log=$dir/compile_times.log
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  start=$(date +%s.%N)
  cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_COMPILER_LAUNCHER=$timer;$log" "-DCMAKE_C_COMPILER_LAUNCHER=$timer;$log" \
    "-DCMAKE_CXX_LINKER_LAUNCHER=$timer;$log" "$@" >"$dir/configure.log"
  configured=$(date +%s.%N)
  cmake --build "$dir" -j"$jobs" ${target:+--target "$target"} >"$dir/build.log"
  end=$(date +%s.%N)
  load_after=$(cut -d' ' -f1-3 /proc/loadavg)
  wall=$(echo "$end - $start" | bc)
  walls+=("$wall")
  cpus+=("$(awk '{s += $2} END {print s}' "$log")")
  printf 'run %d/%d: %.1f s (configure %.1f s), load before %s, after %s\n' "$run" "$repeat" \
    "$wall" "$(echo "$configured - $start" | bc)" "$load_before" "$load_after"
  python3 - "$log" <<'PY'
import collections, re, sys
rows = []  # (wall s, cpu s, output)
for line in open(sys.argv[1]):
    wall, cpu, out = line.split(" ", 2)
    rows.append((float(wall), float(cpu), out.strip()))
def target(out):
    m = re.search(r"CMakeFiles/([^/]+)\.dir/", out)
    return m.group(1) if m else out.rsplit("/", 1)[-1]
objects = [r for r in rows if r[2].endswith(".o")]
pch = [r for r in rows if r[2].endswith(".gch")]
links = [r for r in rows if not r[2].endswith((".o", ".gch"))]
cpu = lambda rs: sum(r[1] for r in rs)
print(f"  cpu: {cpu(rows):.0f} s in {len(rows)} commands: compile {cpu(objects):.0f} s ({len(objects)} objects), "
      f"pch {cpu(pch):.0f} s ({len(pch)}), link/archive {cpu(links):.0f} s ({len(links)})")
tests = [r for r in rows if re.match(r"(tests_|doctest_main|fuzz_|(gen|sim|bot|telemetry|engine|app|tools)_test_)", target(r[2]))]
print(f"  of which test and fuzz executables: {cpu(tests):.0f} s cpu "
      f"(links {cpu([r for r in tests if r in links]):.0f} s)")
per_target = collections.defaultdict(float)
for r in rows:
    per_target[target(r[2])] += r[1]
print("  targets by cpu seconds (objects + link):")
for t, s in sorted(per_target.items(), key=lambda kv: -kv[1])[:12]:
    print(f"    {s:7.1f}  {t}")
print("  slowest objects (cpu seconds):")
for w, c, o in sorted(objects, key=lambda r: -r[1])[:10]:
    print(f"    {c:7.1f}  {o.split('.dir/')[-1]}")
PY
  [ -n "$keep" ] || rm -rf "$dir"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
cpu_model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')
printf 'build_time: median wall %.1f s, cpu %.0f s over %d run(s), -j%s%s, %s, %d cores, %s\n' \
  "$(median "${walls[@]}")" "$(median "${cpus[@]}")" "$repeat" "$jobs" "${target:+ --target $target}" \
  "$cpu_model" "$(nproc)" "$(c++ --version | head -1)"
