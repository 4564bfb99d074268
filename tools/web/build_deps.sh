#!/usr/bin/env bash
# Builds the web dependencies with emscripten from the Debian sources that
# tools/fetch_sources.sh unpacked, into one prefix in the web cache:
#   $SAWTOOTH_DEPS_CACHE (default ~/.cache/sawtooth-deps)/prefix/{include,lib}
# SDL2 (its Emscripten backend), freetype, SDL2_ttf, Dear ImGui (core + SDL2 backends) and
# SQLite (the amalgamation, generated with the host's tclsh). Each finished library leaves
# a stamp named after its version and this script's checksum, so a second run does nothing
# and a changed recipe rebuilds. Progress on a terminal, nothing when piped (errors always;
# a failed step's log is printed). Called by tools/web/build.sh; docs/web.md.
set -euo pipefail

CACHE=${SAWTOOTH_DEPS_CACHE:-$HOME/.cache/sawtooth-deps}
PREFIX=$CACHE/prefix
JOBS=${SAWTOOTH_WEB_JOBS:-2}
# Debian's node may not be the one on PATH; emscripten's JS optimiser needs Debian's acorn.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

STEPS=(sdl2 freetype sdl2_ttf imgui sqlite3)

say() { if [ -t 2 ]; then echo "build_deps: $*" >&2; fi; }
die() {
  echo "build_deps: $*" >&2
  exit 1
}

# src <package>: the unpacked source folder of a pinned package.
src() {
  local dirs=("$CACHE"/src/"$1"_*/)
  [ -d "${dirs[0]}" ] || die "no source for $1 in $CACHE/src: run tools/fetch_sources.sh"
  echo "${dirs[0]%/}"
}

# run <log> <command...>: runs quietly into a log; on failure prints its tail and stops.
run() {
  local log=$1
  shift
  if ! "$@" >>"$log" 2>&1; then
    tail -n 40 "$log" >&2
    die "failed: $* (log: $log)"
  fi
}

# cmake_dep <name> <source> <cmake args...>: configure, build and install one CMake project.
cmake_dep() {
  local name=$1 source=$2
  shift 2
  local build=$CACHE/build/$name log=$CACHE/build/$name.log
  rm -rf "$build" && mkdir -p "$build" && : >"$log"
  run "$log" emcmake cmake -S "$source" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_FIND_ROOT_PATH="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DBUILD_SHARED_LIBS=OFF "$@"
  run "$log" cmake --build "$build" -j"$JOBS"
  run "$log" cmake --install "$build"
}

step_sdl2() {
  cmake_dep sdl2 "$(src libsdl2)" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF
}

step_freetype() {
  cmake_dep freetype "$(src freetype)" -DFT_DISABLE_ZLIB=ON -DFT_DISABLE_BZIP2=ON \
    -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
}

step_sdl2_ttf() {
  cmake_dep sdl2_ttf "$(src libsdl2-ttf)" -DSDL2TTF_VENDORED=OFF -DSDL2TTF_HARFBUZZ=OFF \
    -DSDL2TTF_SAMPLES=OFF -DSDL2TTF_INSTALL=ON
}

# Dear ImGui has no build system upstream: the core, its bundled stb parts and the two SDL2
# backends the game uses, compiled into libimgui.a; headers under include/imgui as Debian has.
step_imgui() {
  local s build=$CACHE/build/imgui log=$CACHE/build/imgui.log
  s=$(src imgui)
  rm -rf "$build" && mkdir -p "$build" && : >"$log"
  local objs=()
  for f in imgui imgui_draw imgui_tables imgui_widgets imgui_demo backends/imgui_impl_sdl \
    backends/imgui_impl_sdlrenderer; do
    run "$log" em++ -O2 -std=c++17 -I"$s" -I"$PREFIX/include/SDL2" -c "$s/$f.cpp" \
      -o "$build/$(basename "$f").o"
    objs+=("$build/$(basename "$f").o")
  done
  run "$log" emar rcs "$build/libimgui.a" "${objs[@]}"
  mkdir -p "$PREFIX/include/imgui/backends" "$PREFIX/lib"
  cp "$s"/*.h "$PREFIX/include/imgui/"
  cp "$s"/backends/imgui_impl_sdl*.h "$PREFIX/include/imgui/backends/"
  cp "$build/libimgui.a" "$PREFIX/lib/"
}

# SQLite: Debian ships the full source tree; its amalgamation (sqlite3.c) is generated with
# the host's compiler and tclsh, then compiled with emcc. Single-threaded: the page has one.
step_sqlite3() {
  local s build=$CACHE/build/sqlite3 log=$CACHE/build/sqlite3.log
  s=$(src sqlite3)
  rm -rf "$build" && mkdir -p "$build" && : >"$log"
  (cd "$build" && run "$log" "$s/configure" --disable-tcl --disable-readline) || exit 1
  run "$log" make -C "$build" sqlite3.c
  run "$log" emcc -O2 -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_ENABLE_COLUMN_METADATA \
    -c "$build/sqlite3.c" -o "$build/sqlite3.o"
  run "$log" emar rcs "$build/libsqlite3.a" "$build/sqlite3.o"
  mkdir -p "$PREFIX/include" "$PREFIX/lib"
  cp "$build/sqlite3.h" "$build/sqlite3ext.h" "$PREFIX/include/"
  cp "$build/libsqlite3.a" "$PREFIX/lib/"
}

main() {
  command -v emcc >/dev/null || die "emcc missing: run tools/install_deps.sh --web"
  mkdir -p "$CACHE/build" "$CACHE/stamps" "$PREFIX"
  local i=0 start now recipe=""
  for step in "${STEPS[@]}"; do
    i=$((i + 1))
    recipe=$( (echo "$recipe" && declare -f "step_$step" cmake_dep run src && ls "$CACHE/src") | sha256sum | cut -c1-16)
    local stamp=$CACHE/stamps/$step-$recipe
    if [ -f "$stamp" ]; then
      say "[$i/${#STEPS[@]}] $step: up to date"
      continue
    fi
    say "[$i/${#STEPS[@]}] $step: building (log $CACHE/build/$step.log)"
    start=$(date +%s)
    "step_$step"
    now=$(date +%s)
    rm -f "$CACHE/stamps/$step"-*
    touch "$stamp"
    say "[$i/${#STEPS[@]}] $step: done in $((now - start)) s"
  done
}

main "$@"
