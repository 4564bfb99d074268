#!/usr/bin/env bash
# Fetches Debian 12 source packages into the dependency cache, unpacked with Debian's patches
# applied: Box2D, which every build compiles from its source (deps/box2d/CMakeLists.txt runs
# `fetch_sources.sh --path box2d` when it configures), and the libraries the web build
# compiles with emscripten (docs/web.md "Dependencies").
#   $SAWTOOTH_DEPS_CACHE (default ~/.cache/sawtooth-deps)/src/<package>_<version>/
#   tools/fetch_sources.sh              every pinned package
#   tools/fetch_sources.sh PACKAGE...   those packages
#   tools/fetch_sources.sh --path PACKAGE   that package, then prints its directory
# Each package is pinned by version and by the SHA-256 of its .dsc; dpkg-source checks every
# other file against the .dsc, so the pin covers the whole source. A pin that the mirror no
# longer has, or a .dsc with another checksum, is refused with one line and nothing is
# unpacked. The system's apt configuration is not touched: a private sources.list with
# deb-src lines and private lists live in the cache. Idempotent: an unpacked package is kept.
# Prints progress on a terminal, nothing when piped (errors always).
set -euo pipefail

CACHE=${SAWTOOTH_DEPS_CACHE:-$HOME/.cache/sawtooth-deps}

# package version sha256-of-.dsc: the versions of Debian 12's binary packages (Box2D's is
# libbox2d-dev's), so the web build compiles the sources the native build links or compiles.
PINS=(
  "libsdl2 2.26.5+dfsg-1 95b9a18130d98164e7856eca8ac1a2eb65d822ac4872ef8862ceed2cb1662136"
  "libsdl2-ttf 2.20.1+dfsg-2 46a54b380c3a81ddda5a62d31204621411276cafdebd97011b4ad2c0f085e64b"
  "freetype 2.12.1+dfsg-5+deb12u4 eead829b4bc79107e8e79c4da006110dffe264f9d48b3ba02f76cf7e84b64389"
  "box2d 2.4.1-3 d9937a4737cc75489094d5dece12f44de3f880191ab56381899a47a1de9fad6d"
  "imgui 1.86+ds-1 a8023a69501688316566ecd615fe98ecc53b11d305205a6636593f7066bdb7c3"
  "sqlite3 3.40.1-2+deb12u2 ee3459ae9d00939741c7708fc1b8ce1bde12d8c3fb1dfa005bbbc8651d884e23"
)

say() { if [ -t 2 ]; then echo "fetch_sources: $*" >&2; fi; }
die() {
  echo "fetch_sources: $*" >&2
  exit 1
}

APT_DIR=$CACHE/apt
apt_opts=(
  -o "Dir::Etc::sourcelist=$APT_DIR/sources.list" -o "Dir::Etc::sourceparts=-"
  -o "Dir::State::Lists=$APT_DIR/lists" -o "Dir::Cache=$APT_DIR/cache"
  -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=" -o "Debug::NoLocking=1"
  -o "APT::Sandbox::User=$(id -un)"
)

# The private apt configuration: Debian 12's main, security and updates suites, sources only.
apt_setup() {
  mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/cache/archives/partial"
  local key=/usr/share/keyrings/debian-archive-keyring.gpg
  cat >"$APT_DIR/sources.list" <<LIST
deb-src [signed-by=$key] http://deb.debian.org/debian bookworm main
deb-src [signed-by=$key] http://deb.debian.org/debian bookworm-updates main
deb-src [signed-by=$key] http://deb.debian.org/debian-security bookworm-security main
LIST
  say "updating the private source lists ($APT_DIR)"
  apt-get "${apt_opts[@]}" update -qq >/dev/null || die "apt-get update of the private source lists failed"
}

# has_version <package> <version>: whether the private lists offer that source version.
has_version() {
  local versions
  versions=$(apt-cache "${apt_opts[@]}" showsrc "$1" 2>/dev/null | grep '^Version: ' || true)
  grep -qx "Version: $2" <<<"$versions"
}

# fetch <package> <version> <sha256>: download, check and unpack one source package.
fetch() {
  local pkg=$1 ver=$2 sum=$3
  local dest=$CACHE/src/${pkg}_$ver
  [ -f "$dest/.unpacked" ] && return 0
  local dl=$CACHE/downloads/${pkg}_$ver
  local dsc=$dl/${pkg}_${ver#*:}.dsc
  mkdir -p "$dl"
  if [ ! -f "$dsc" ]; then
    [ -d "$APT_DIR/lists" ] || apt_setup
    if ! has_version "$pkg" "$ver"; then
      apt_setup
      has_version "$pkg" "$ver" || die "$pkg $ver is not on the Debian mirror (pinned in tools/fetch_sources.sh)"
    fi
    say "downloading $pkg $ver"
    (cd "$dl" && apt-get "${apt_opts[@]}" source --download-only -qq "$pkg=$ver" >/dev/null 2>&1) ||
      die "downloading $pkg $ver failed"
  fi
  local actual
  actual=$(sha256sum "$dsc" | cut -d' ' -f1)
  [ "$actual" = "$sum" ] || die "$dsc has SHA-256 $actual, pinned $sum: refused (delete $dl to download it again)"
  say "unpacking $pkg $ver"
  rm -rf "$dest" "$dest.tmp"
  dpkg-source --no-copy -x "$dsc" "$dest.tmp" >/dev/null 2>&1 || die "dpkg-source could not unpack $dsc"
  mv "$dest.tmp" "$dest"
  touch "$dest/.unpacked"
}

# pin_of <package>: that package's pin line, or a one-line error.
pin_of() {
  local pin
  for pin in "${PINS[@]}"; do
    [ "${pin%% *}" = "$1" ] && { echo "$pin"; return 0; }
  done
  die "no pinned source package '$1' (pinned: $(printf '%s\n' "${PINS[@]%% *}" | paste -sd' '))"
}

main() {
  local print_path=0 pins=() pin
  if [ "${1:-}" = --path ]; then
    [ $# -eq 2 ] || die "usage: tools/fetch_sources.sh --path PACKAGE"
    print_path=1
    shift
  fi
  if [ $# -eq 0 ]; then
    pins=("${PINS[@]}")
  else
    for pkg in "$@"; do
      pin=$(pin_of "$pkg")
      pins+=("$pin")
    done
  fi
  command -v dpkg-source >/dev/null || die "dpkg-source missing: run tools/install_deps.sh"
  mkdir -p "$CACHE/src" "$CACHE/downloads"
  local i=0
  for pin in "${pins[@]}"; do
    i=$((i + 1))
    read -r pkg ver sum <<<"$pin"
    say "[$i/${#pins[@]}] $pkg $ver"
    fetch "$pkg" "$ver" "$sum"
  done
  if [ $print_path -eq 1 ]; then echo "$CACHE/src/${pkg}_$ver"; fi
}

main "$@"
