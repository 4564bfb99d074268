#!/usr/bin/env bash
# The Debian package in a clean Debian 12 root (docs/packaging.md "Clean-root test"), as a
# user on a fresh machine would meet it:
#   1. cpack in BUILD_DIR makes sawtooth_<version>_amd64.deb and the portable archive;
#   2. debootstrap makes a minimal Debian 12 root (its download is kept in
#      BUILD_DIR/package-test/debian12-minbase.tgz, so a second run needs no base download);
#   3. `apt-get install ./sawtooth_*.deb` inside it pulls the package's dependencies from
#      the Debian mirror, as `apt install` would for a user;
#   4. inside it: the game in a window (SDL's offscreen driver) on a generated level, which
#      it records under XDG_DATA_HOME; the game headless on the title menu, started through
#      the desktop entry's Exec line; `sawtooth-lab gen`; `sawtooth-server --help` and
#      the study store's SQL scripts; the man pages;
#   5. with the package removed, the portable archive unpacked into a folder runs from there;
#   6. lintian on the package: no error, no warning (explained tags: docs/packaging.md).
# Needs root (chroot, mounts) and the Debian mirror. Usage: test_clean_root.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: test_clean_root.sh BUILD_DIR}" && pwd)
cache=$build/package-test
base=$cache/debian12-minbase.tgz
mirror=http://deb.debian.org/debian
if [ "$(id -u)" -ne 0 ]; then
  echo "test_clean_root.sh: needs root (debootstrap, chroot)" >&2
  exit 1
fi
step() { echo "== $*"; }

step "cpack"
(cd "$build" && cpack -G "DEB;TGZ" >/dev/null)
deb=$(ls "$build"/sawtooth_*_amd64.deb)
tgz=$(ls "$build"/sawtooth-*-amd64.tar.gz)
echo "$deb"
echo "$tgz"

mkdir -p "$cache"
if [ ! -f "$base" ]; then
  step "debootstrap: minimal Debian 12, kept in $base"
  debootstrap --variant=minbase --make-tarball="$base.part" bookworm "$cache/tarball-work" "$mirror" >/dev/null
  mv "$base.part" "$base"
  rm -rf "$cache/tarball-work"
fi
root=$(mktemp -d /tmp/sawtooth-clean-root.XXXXXX)
chmod 755 "$root"  # apt's download user must reach the root's lists
mounts=()
cleanup() {
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}" 2>/dev/null || true; done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
step "debootstrap: unpack into $root"
debootstrap --variant=minbase --unpack-tarball="$base" bookworm "$root" "$mirror" >/dev/null
for fs in proc sys dev; do
  mount --rbind "/$fs" "$root/$fs"
  mounts+=("$root/$fs")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin:/usr/games HOME=/root LANG=C.UTF-8 "$@"; }

step "apt-get install ./$(basename "$deb")"
cp "$deb" "$root/tmp/"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "/tmp/$(basename "$deb")" >/dev/null
in_root dpkg -s sawtooth | grep -E '^(Version|Depends):'

step "the game in a window on SDL's offscreen driver, on a generated level, recording"
game_env=(env SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy XDG_DATA_HOME=/tmp/data XDG_CONFIG_HOME=/tmp/config)
in_root "${game_env[@]}" sawtooth --seed 7 --frames 30 --print-screen | tee "$root/tmp/level.out"
grep -qx "screen: level" "$root/tmp/level.out"
test -s "$root/tmp/data/sawtooth/sawtooth.db"  # the session, recorded under XDG_DATA_HOME
step "the game from its desktop entry, headless, on the title menu, recording"
exec_line=$(sed -n 's/^Exec=//p' "$root/usr/share/applications/sawtooth.desktop")
in_root "${game_env[@]}" $exec_line --headless --frames 5 --print-screen | tee "$root/tmp/title.out"
grep -qx "screen: title" "$root/tmp/title.out"
step "sawtooth-lab gen"
in_root sawtooth-lab gen --seed 42 | tee "$root/tmp/gen.out" | head -3
[ "$(wc -l <"$root/tmp/gen.out")" -gt 5 ]
step "sawtooth-server --help, the SQL scripts"
in_root sawtooth-server --help | tee "$root/tmp/server.out" | head -3
grep -q -- "--trust-proxy" "$root/tmp/server.out"
test -s "$root/usr/share/sawtooth/postgres/study_server.sql"
test -s "$root/usr/share/sawtooth/postgres/online_server.sql"
step "man pages"
test -s "$root/usr/share/man/man6/sawtooth.6.gz"
test -s "$root/usr/share/man/man1/sawtooth-lab.1.gz"
test -s "$root/usr/share/man/man1/sawtooth-server.1.gz"

step "the portable archive, unpacked into /opt/elsewhere, with the package removed"
in_root dpkg -r sawtooth >/dev/null
mkdir -p "$root/opt/elsewhere"
tar -xzf "$tgz" -C "$root/opt/elsewhere"
portable=$(cd "$root/opt/elsewhere" && ls -d sawtooth-*)
in_root "${game_env[@]}" "/opt/elsewhere/$portable/games/sawtooth" --headless --seed 7 --frames 30 --print-screen \
  | tee "$root/tmp/portable.out"
grep -qx "screen: level" "$root/tmp/portable.out"
step "lintian"
lintian --fail-on error,warning "$deb"
echo "test_clean_root.sh: the package installs and runs in a clean Debian 12 root; lintian passes"
