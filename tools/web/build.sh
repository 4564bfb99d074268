#!/usr/bin/env bash
# The web build in one command (docs/web.md): fetches the pinned Debian sources
# (fetch_sources.sh), builds them with emscripten into the web cache (build_deps.sh), then
# configures and builds the project with emcmake into build-web/: the game's static site in
# build-web/site/ (index.html, sawtooth.js, .wasm, .data) and the tests of tests/web, which
# run under node (`ctest --test-dir build-web`).
# The cache is $SAWTOOTH_DEPS_CACHE, by default ~/.cache/sawtooth-deps, outside the clone.
# Idempotent: a second run only rebuilds what changed. Needs the packages of
# `tools/install_deps.sh --web`. Progress on a terminal, quiet when piped.
set -euo pipefail
cd "$(dirname "$0")/../.."

export SAWTOOTH_DEPS_CACHE=${SAWTOOTH_DEPS_CACHE:-$HOME/.cache/sawtooth-deps}
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"  # Debian's acorn, for emcc
JOBS=${SAWTOOTH_WEB_JOBS:-2}
BUILD=build-web

say() { if [ -t 2 ]; then echo "build: $*" >&2; fi; }
die() {
  echo "web build: $*" >&2
  exit 1
}

for tool in emcc emcmake node dpkg-source tclsh; do
  command -v "$tool" >/dev/null || die "$tool missing: run tools/install_deps.sh --web"
done

tools/fetch_sources.sh
tools/web/build_deps.sh

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
log=$BUILD/web-build.log
mkdir -p "$BUILD" && : >"$log"
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  say "configuring $BUILD"
  emcmake cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DSAWTOOTH_WEB_PREFIX="$SAWTOOTH_DEPS_CACHE/prefix" "${launcher[@]}" >>"$log" 2>&1 ||
    { tail -n 40 "$log" >&2; die "configuring $BUILD failed (log: $log)"; }
fi
say "building $BUILD"
if [ -t 1 ]; then
  cmake --build "$BUILD" -j"$JOBS"
else
  cmake --build "$BUILD" -j"$JOBS" >>"$log" 2>&1 || { tail -n 60 "$log" >&2; die "building $BUILD failed (log: $log)"; }
fi
say "done: $BUILD/site is the game's site (serve it: cd $BUILD/site && python3 -m http.server); ctest --test-dir $BUILD runs the web tests under node"
