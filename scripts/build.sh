#!/usr/bin/env bash
# Configures and builds one flavour:
#   release   (default) g++ -O3, the binary users run and benchmark
#   sanitize  clang++ -O1 with ASan + UBSan (-fno-sanitize-recover), line tables for the reports,
#             and libFuzzer's coverage instrumentation, so the same build also holds the fuzz
#             targets (scripts/fuzz.sh). Clang at -O1 with line tables only compiles about twice as
#             fast as g++ -O2 -g under the sanitizers, which keeps scripts/test.sh within its time
#             limit (README.md, "Tests").
# Usage: scripts/build.sh [release|sanitize] [TARGET...]   -> prints nothing but the build's own output
#        (no target: everything, benchmarks included; scripts/test.sh names what the suite runs)
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
shift || true
case "$flavour" in
    release) compiler=g++ flags=(-DCMAKE_BUILD_TYPE=Release) ;;
    sanitize)
        compiler=clang++
        flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
               -DMASTERMIND_SANITIZE=ON -DMASTERMIND_FUZZ=ON) ;;
    *) echo "build.sh: unknown flavour '$flavour' (release or sanitize)" >&2; exit 2 ;;
esac
# MASTERMIND_TEST_PLAYER=PATH: the mastermind whose `solve` plays the arena tests' games
# (tests/CMakeLists.txt; scripts/test.sh names the release build's for the sanitize flavour).
[ -n "${MASTERMIND_TEST_PLAYER:-}" ] && flags+=("-DMASTERMIND_TEST_PLAYER=$MASTERMIND_TEST_PLAYER")
# Configured once per set of flags (configuring costs seconds of a core, and scripts/test.sh calls
# this script five times); Ninja itself runs CMake again when a CMakeLists.txt changes.
# MASTERMIND_RECONFIGURE=1 forces it, e.g. after installing a package CMake looks for (OpenMPI).
wanted="$compiler ${flags[*]} ${MASTERMIND_CMAKE_FLAGS:-}"
stamp="build/$flavour/.configured-with"
if [ -n "${MASTERMIND_RECONFIGURE:-}" ] || [ ! -f "build/$flavour/build.ninja" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    CXX=$compiler cmake -S . -B "build/$flavour" -G Ninja "${flags[@]}" ${MASTERMIND_CMAKE_FLAGS:-} >/dev/null
    printf '%s\n' "$wanted" >"$stamp"
fi
if (($#)); then
    cmake --build "build/$flavour" --target "$@"
else
    cmake --build "build/$flavour"
fi
