#!/usr/bin/env bash
# The web stage's test (docs/web.md "Determinism across builds" and "The browser test"):
# builds the web build (tools/web/build.sh, incremental), runs its tests under node (the
# native suite's golden tests compiled to WebAssembly and checked against the same golden
# files), then plays the game's page in headless Chromium and replay-verifies the session
# it recorded with the native sawtooth-lab (tools/web/test_browser.sh), then runs an online
# study from its link to the completion code against the native sawtooth-server and a
# throwaway PostgreSQL (tools/web/test_online.sh; both use the native build in build/ of the
# README's test command). Fails when the web build cannot be made or any test fails; nothing
# is skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."
tools/web/build.sh
ctest --test-dir build-web -j2 --output-on-failure
tools/web/test_browser.sh
tools/web/test_online.sh
