#!/usr/bin/env bash
# How long the README's play or test command takes from nothing, as a new user meets it
# (docs/performance.md "Build time"): a minimal Debian 12 root made by debootstrap, a clean
# clone of HEAD in it, and the README's command run there as root, timed step by step.
#   play: the play command, with its last step (`build/bin/sawtooth`) started on SDL's
#         offscreen driver until it shows the title screen (`--frames 5 --print-screen`);
#   test: the test command as written.
# Prints the wall time of each step and in all, the CPU model and the load average before
# and after (other work on the machine slows every figure). The minimal root's download is
# kept in CACHE (default build/package-test, shared with tools/package/test_clean_root.sh).
# Needs root (debootstrap, chroot, mounts) and the Debian mirror.
# Usage: tools/bench/first_run.sh play|test [CACHE]
set -euo pipefail
mode=${1:?usage: first_run.sh play|test [CACHE]}
case "$mode" in play | test) ;; *)
  echo "first_run.sh: unknown mode '$mode' (play or test)" >&2
  exit 2
  ;;
esac
repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=$(mkdir -p "${2:-$repo/build/package-test}" && cd "${2:-$repo/build/package-test}" && pwd)
base=$cache/debian12-minbase.tgz
mirror=http://deb.debian.org/debian
if [ "$(id -u)" -ne 0 ]; then
  echo "first_run.sh: needs root (debootstrap, chroot)" >&2
  exit 1
fi
if [ ! -f "$base" ]; then
  debootstrap --variant=minbase --make-tarball="$base.part" bookworm "$cache/tarball-work" "$mirror" >/dev/null
  mv "$base.part" "$base"
  rm -rf "$cache/tarball-work"
fi
readme_line() { grep -m1 -E "$1" "$repo/README.md"; }
if [ "$mode" = play ]; then
  cmd=$(readme_line '^tools/install_deps\.sh --game ')
  cmd="${cmd% && build/bin/sawtooth} && SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy build/bin/sawtooth --headless --frames 5 --print-screen | grep -qx 'screen: title'"
else
  cmd=$(readme_line '^tools/install_deps\.sh .*ctest ')
fi

root=$(mktemp -d /tmp/sawtooth-first-run.XXXXXX)
chmod 755 "$root"
mounts=()
cleanup() {
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}" 2>/dev/null || true; done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
debootstrap --variant=minbase --unpack-tarball="$base" bookworm "$root" "$mirror" >/dev/null
for fs in proc sys dev; do
  mount --rbind "/$fs" "$root/$fs"
  mounts+=("$root/$fs")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
git clone -q --no-hardlinks "$repo" "$root/root/sawtooth"
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "cpu: $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
echo "load before: $(load)"
echo "+ $cmd"
# The command's steps (its ` && ` parts), each timed, in one shell inside the root.
script=$root/tmp/first_run_steps.sh
{
  echo 'set -e; cd /root/sawtooth; TIMEFORMAT="%R s wall, %U s user, %S s system"'
  sed 's/ \&\& /\n/g' <<<"$cmd" | while IFS= read -r step; do
    printf 'echo %q; { time %s ; } 2>&1\n' "step: $step" "$step"
  done
} >"$script"
start=$(date +%s.%N)
if ! chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb \
  bash /tmp/first_run_steps.sh >"$cache/first_run_$mode.log" 2>&1; then
  tail -20 "$cache/first_run_$mode.log" >&2
  echo "first_run.sh: the $mode command failed (log: $cache/first_run_$mode.log)" >&2
  exit 1
fi
end=$(date +%s.%N)
grep -A0 -E '^(step: |[0-9.]+ s wall)' "$cache/first_run_$mode.log" | sed 's/^step: /  /'
echo "load after: $(load)"
awk -v m="$mode" -v a="$start" -v b="$end" 'BEGIN { printf "%s command from nothing: %.0f s wall\n", m, b - a }'
echo "log: $cache/first_run_$mode.log"
