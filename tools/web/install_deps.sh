#!/usr/bin/env bash
# Installs the Debian 12 packages the web build (docs/web.md) needs beyond the native ones
# (tools/install_deps.sh): emscripten (and the node it runs under), dpkg-source to unpack
# Debian source packages, tclsh to generate SQLite's amalgamation, chromium for the browser
# tests. Idempotent and quiet when everything is present. Must run as root (or via sudo).
set -euo pipefail

packages=(emscripten nodejs dpkg-dev xz-utils tcl chromium)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install_deps --web: installing ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
