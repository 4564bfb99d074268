#!/usr/bin/env bash
# Installs the Debian 12 packages Sawtooth builds, runs and tests with, if any is missing.
# Idempotent and quiet when everything is present. Must run as root (or via sudo).
# `--web` also installs the web build's packages (tools/web/install_deps.sh, docs/web.md).
set -euo pipefail
if [ "${1:-}" = --web ]; then
  "$(dirname "$0")/install_deps.sh"
  exec "$(dirname "$0")/web/install_deps.sh"
fi
if [ $# -gt 0 ]; then
  echo "install_deps: unknown argument $1 (known: --web)" >&2
  exit 2
fi

packages=(
  build-essential cmake pkg-config git
  libsdl2-dev libsdl2-ttf-dev libbox2d-dev libimgui-dev doctest-dev libsqlite3-dev
  libcli11-dev nlohmann-json3-dev libstb-dev libeigen3-dev libboost-math-dev libbenchmark-dev
  fonts-dejavu-core scowl xvfb xauth sqlite3 python3 libjs-chart.js
  # Mesa's EGL and software driver, which SDL's offscreen video driver loads; the
  # sanitizer suite preloads them for the game tests (docs/reliability.md).
  libegl-mesa0 libgl1-mesa-dri
  # clang and its run-times (libFuzzer, ASan, UBSan) for the fuzz harnesses, tools/fuzz.sh.
  clang libclang-rt-14-dev
  # libpq for `sawtooth-lab push/pull`; the server, whose tests start one (docs/studies.md).
  postgresql libpq-dev
)

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
