#!/usr/bin/env bash
# Installs the Debian 12 packages Sawtooth needs, if any is missing. Idempotent and quiet
# when everything is present. Must run as root (or via sudo).
#   tools/install_deps.sh          everything: build, run, the whole test suite, fuzz, package (README's test command)
#   tools/install_deps.sh --game   only what building and running the game needs (README's play command)
#   tools/install_deps.sh --web    everything, and the web build's packages (docs/web.md)
set -euo pipefail

# What the game (cmake -DSAWTOOTH_GAME_ONLY=ON) builds and runs with.
game_packages=(
  build-essential cmake pkg-config
  libsdl2-dev libsdl2-ttf-dev libimgui-dev libsqlite3-dev libmimalloc-dev
  libcli11-dev nlohmann-json3-dev libstb-dev libeigen3-dev libboost-math-dev
  fonts-dejavu-core
  # Box2D is compiled from Debian's source package (deps/box2d): apt-get source fetches it
  # when the build is configured, dpkg-source unpacks and checks it.
  dpkg-dev xz-utils
  # The study server's HTTP(S) client, for `--upload` (docs/online.md "Lab machines"); it
  # brings libssl-dev, which the server and the clients' https need.
  libcpp-httplib-dev
)
# On top, for sawtooth-lab, the test suite, the maintainers' tools and the packages.
test_packages=(
  git doctest-dev xvfb xauth sqlite3 python3 libjs-chart.js
  # SCOWL's word lists, from which tools/words/build_dictionary.py remakes the dictionary.
  scowl
  # Mesa's EGL and software driver, which SDL's offscreen video driver loads; the
  # sanitizer suite preloads them for the game tests (docs/reliability.md).
  libegl-mesa0 libgl1-mesa-dri
  # clang and its run-times (libFuzzer, ASan, UBSan) for the fuzz campaigns, tools/fuzz.sh.
  clang libclang-rt-14-dev
  # libpq for `sawtooth-lab push/pull`; the server, whose tests start one (docs/studies.md).
  postgresql libpq-dev
  # sawtooth-server behind nginx with TLS, as its test runs it (docs/online.md "HTTPS in
  # production"): nginx, openssl for the test's certificate, curl as a second client.
  nginx openssl curl
  # The Debian package and its clean-root test (docs/packaging.md): man pages, checks, root.
  help2man lintian debootstrap file
)

# The web build (docs/web.md): emscripten and the node it runs under, tclsh to generate
# SQLite's amalgamation, chromium for the browser test and node-ws, its DevTools connection
# on node 18 (tools/web/cdp.mjs).
web_packages=(emscripten nodejs node-ws tcl chromium)

case "${1:-}" in
  --game) packages=("${game_packages[@]}") ;;
  "") packages=("${game_packages[@]}" "${test_packages[@]}") ;;
  --web) packages=("${game_packages[@]}" "${test_packages[@]}" "${web_packages[@]}") ;;
  *) echo "install_deps: unknown option '$1' (use --game, --web or nothing)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install_deps: installing ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
