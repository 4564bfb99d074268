#!/usr/bin/env bash
# The web stage's test (docs/web.md "Determinism across builds"): builds the web build
# (tools/web/build.sh, incremental) and runs its tests under node, the native suite's golden
# tests compiled to WebAssembly and checked against the same golden files. Fails when the
# web build cannot be made or any test fails; nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."
tools/web/build.sh
ctest --test-dir build-web -j2 --output-on-failure
