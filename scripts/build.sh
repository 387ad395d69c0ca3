#!/usr/bin/env bash
# Configures and builds one flavour: release (default) or sanitize (ASan + UBSan, debug info).
# Usage: scripts/build.sh [release|sanitize]   -> prints nothing but the build's own output
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
case "$flavour" in
    release) flags=(-DCMAKE_BUILD_TYPE=Release) ;;
    sanitize) flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DMASTERMIND_SANITIZE=ON) ;;
    *) echo "build.sh: unknown flavour '$flavour' (release or sanitize)" >&2; exit 2 ;;
esac
cmake -S . -B "build/$flavour" -G Ninja "${flags[@]}" ${MASTERMIND_CMAKE_FLAGS:-} >/dev/null
cmake --build "build/$flavour"
