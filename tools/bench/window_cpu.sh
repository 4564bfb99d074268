#!/usr/bin/env bash
# Where the CPU of one windowed frame goes (docs/performance.md, *Frames*): runs the game's
# windowed frame benchmark on an Xvfb of its own and prints, per frame, the figure the game
# reports (its main thread's CPU time: tick + drawing + present), the whole process's CPU
# (its other threads too: Mesa's llvmpipe workers when it draws through OpenGL), and the X
# server's CPU (Xvfb copying each presented frame into its screen), with the wall time per
# frame, the renderer, the CPU model and the load average before and after.
#   tools/bench/window_cpu.sh BIN_DIR [FRAMES]      (BIN_DIR holds `sawtooth`; FRAMES 600)
# Extra environment (LP_NUM_THREADS=0, SDL_RENDER_DRIVER=opengl ...) reaches the game.
set -euo pipefail
bin=${1:?usage: window_cpu.sh BIN_DIR [FRAMES]}
frames=${2:-600}
[ -x "$bin/sawtooth" ] || { echo "window_cpu.sh: no sawtooth in '$bin'" >&2; exit 1; }
command -v Xvfb > /dev/null || { echo "window_cpu.sh: no Xvfb (install xvfb)" >&2; exit 1; }
tmp=$(mktemp -d /tmp/sawtooth-window-cpu-XXXXXX)
display=:$((200 + RANDOM % 500))
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp > /dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2> /dev/null; wait "$xvfb" 2> /dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done

# CPU seconds (user + system) of process $1 so far, from /proc/PID/stat.
cpu_of() { awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$1/stat"; }

load0=$(cut -d' ' -f1 /proc/loadavg)
x0=$(cpu_of "$xvfb")
DISPLAY=$display XDG_CONFIG_HOME=$tmp XDG_DATA_HOME=$tmp /usr/bin/time -f '%U %S %e' -o "$tmp/time" \
    "$bin/sawtooth" --no-record --seed 42 --bench-frames "$frames" --json > "$tmp/out.json"
x1=$(cpu_of "$xvfb")
python3 - "$tmp/out.json" "$tmp/time" "$frames" "$x0" "$x1" "$load0" "$(cut -d' ' -f1 /proc/loadavg)" <<'EOF'
import json, sys
out = json.load(open(sys.argv[1]))
user, system, wall = (float(v) for v in open(sys.argv[2]).read().split()[-3:])
frames = int(sys.argv[3])
xvfb = float(sys.argv[5]) - float(sys.argv[4])
cpu = open("/proc/cpuinfo").read().split("model name")[1].split("\n")[0].lstrip("\t :")
print(f"cpu: {cpu}; renderer: {out['renderer']}")
print(f"main thread per frame (the benchmark's figure): median {out['median_frame_ms']:.3f} ms, "
      f"wall median {out['all']['wall_median_ms']:.3f} ms")
print(f"whole process per frame (start-up included): {(user + system) * 1e3 / frames:.3f} ms CPU "
      f"({user:.2f} s user, {system:.2f} s system, {wall:.2f} s wall)")
print(f"Xvfb per frame: {xvfb * 1e3 / frames:.3f} ms CPU")
print(f"load average {sys.argv[6]} before, {sys.argv[7]} after")
EOF
