#!/usr/bin/env bash
# Every test, each in the flavour where it means something: install what is missing, build the
# release (g++ -O3: the library, the command line, the unit tests, the benchmarks) and the
# sanitize (clang, ASan + UBSan, with the fuzz targets) flavours; run in release the unit tests
# (their full-size cases: tests/helpers/sanitized.hpp), the page's games in a browser (web/,
# built by emscripten), the load test of `serve`, and the command-line tests only the optimised
# binary shows; run the whole suite under the sanitizers, then each fuzz target briefly. Within 10 minutes from a fresh clone on the
# project's 2-core machine (README); the last lines say what ran in each flavour.
#
# What overlaps, to keep both cores busy (docs/performance.md, "Build time and the test suite"):
# the suite's own packages (the browser, OpenMPI) install while the release flavour builds, whose
# MPI front end is built once they are there; the sanitize flavour builds,
# at a lower priority, while the release suite runs (much of which waits on processes, pipes and
# time limits); the fuzz targets run, at a lower priority, beside the sanitize suite (each still
# replays its whole seed corpus).
# The suites themselves run at normal priority.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
stamp() { echo "== $1 ($((SECONDS - start)) s)"; }
# Background steps run in process groups of their own (setsid), ended with the script however it
# ends: a failing suite must not leave a build or a fuzzer running.
background=()
trap 'for group in "${background[@]}"; do kill -- "-$group" 2>/dev/null || true; done' EXIT
# "${lower[@]}" COMMAND... &: COMMAND at a lower priority in a session of its own, whose leader
# is the PID in $! (every step execs the next). A new session is a new scheduling group where the
# kernel groups tasks by session (autogroup), and there nice only ranks tasks within their group:
# the group itself is given the lower priority too.
lower=(setsid bash -c 'echo 10 >/proc/self/autogroup 2>/dev/null; exec nice -n 10 "$@"' lower)
bash scripts/install-deps.sh
mkdir -p build
setsid bash scripts/install-deps.sh suite >build/install-suite.log 2>&1 &
suite_install=$!
background+=("$suite_install")
export RC_PARAMS=${RC_PARAMS:-"seed=20261130"}  # rapidcheck: repeatable unless you change it
export MASTERMIND_REQUIRE_BROWSER=1             # the browser test fails, not skips, without chromium
passed=0
count_passed() { sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$1"; }

# build FLAVOUR: everything of the flavour (release: the tests and the benchmarks too; sanitize:
# the fuzz targets too).
build() { bash scripts/build.sh "$1"; }
# wait_for PID WHAT LOG: a background step's failure ends the run with its log.
wait_for() {
    if ! wait "$1"; then
        tail -40 "$3"
        echo "test.sh: $2 failed (log: $3)" >&2
        exit 1
    fi
}
# A fresh clone has no timings of its own, and ctest then starts the tests in the order they were
# declared: the command-line tests, the longest, came last and ran on alone at the end. The
# timings of a whole run (tests/ctest-costs/FLAVOUR.txt, CTest's own cost file) make it start
# the longest first. Refresh: scripts/test.sh, then copy build/FLAVOUR/Testing/Temporary/
# CTestCostData.txt there (a test it does not name just starts last), and set cli.arena.limits's
# cost back to 999: it takes two of ctest's three slots (PROCESSORS 2) and mostly waits, so it
# must start first, beside one test; by its own cost it started last and ran alone, with the
# cores idle for its 15 s.
suite() {  # suite FLAVOUR [CTEST OPTIONS...]
    local flavour=$1
    shift
    local costs="build/$flavour/Testing/Temporary/CTestCostData.txt"
    if [ ! -f "$costs" ]; then
        mkdir -p "$(dirname "$costs")"
        cp "tests/ctest-costs/$flavour.txt" "$costs"
    fi
    ctest --test-dir "build/$flavour" --output-on-failure -j "$(($(nproc) + 1))" "$@" | tee "build/$flavour/ctest.log"
    passed=$((passed + $(count_passed "build/$flavour/ctest.log")))
}

stamp "release build"
build release
stamp "sanitize build (background, build/sanitize-build.log), release tests"
# The sanitized arena tests' games are played by the release build's solver (tests/CMakeLists.txt).
MASTERMIND_TEST_PLAYER=$PWD/build/release/mastermind "${lower[@]}" bash -c "$(declare -f build); build sanitize" \
    >build/sanitize-build.log 2>&1 &
sanitize_build=$!
background+=("$sanitize_build")
wait_for "$suite_install" "installing the suite's packages" build/install-suite.log
MASTERMIND_RECONFIGURE=1 bash scripts/build.sh release mastermind-mpi  # OpenMPI is there now
# The page (emscripten is there now too): the browser test plays it, and every serve test serves it.
stamp "web build (emscripten)"
bash scripts/build-web.sh
# In release: the unit tests, whose exhaustive and random cases run in full here (the sanitize
# flavour runs them smaller: tests/helpers/sanitized.hpp); the page's games in chromium (web.page:
# its engine is the browser's WebAssembly, and chromium under ASan is not what is tested; both
# flavours check serve's HTTP answers); and the
# command-line tests of what only the optimised binary shows: the bench signature at -O3 (every
# strategy's moves), the filter's SIMD kernels, the arena's time and memory limits as users meet
# them, and the MPI front end (release only); the installed library built into examples/
# (cli.examples: its libraries must not need the sanitizers); and the Python module (python:
# Debian's interpreter is not built with the sanitizers, so the module is built in release only). The other command-line tests run under the
# sanitizers only; the arena's games and verdicts run there against the release build's solver
# (MASTERMIND_TEST_PLAYER), so they are not repeated here.
release_tests='^(unit\.[0-9]+|python|web\.page|cli\.(bench|score|shards|optimal_jobs|arena\.limits|serve|serve_load|examples))$'
suite release -R "$release_tests"
stamp "waiting for the sanitize build"
wait_for "$sanitize_build" "the sanitize build" build/sanitize-build.log

fuzz_targets=(score_line_fuzz protocol_fuzz judge_session_fuzz transcript_fuzz arena_output_fuzz arena_process_fuzz)
stamp "sanitize tests, fuzz targets (background, libFuzzer, ${MASTERMIND_FUZZ_SECONDS:-2} s per target)"
MASTERMIND_FUZZ_BUILT=1 "${lower[@]}" bash scripts/fuzz.sh "${MASTERMIND_FUZZ_SECONDS:-2}" 1 "${fuzz_targets[@]}" >build/fuzz.log 2>&1 &
fuzz=$!
background+=("$fuzz")
suite sanitize
stamp "waiting for the fuzz targets"
wait_for "$fuzz" "fuzzing" build/fuzz.log
cat build/fuzz.log

echo "== no test process left behind"
if pgrep -f 'mastermind-arena-test-|mastermind serve --port 0' >/dev/null; then
    pgrep -af 'mastermind-arena-test-|mastermind serve --port 0'
    echo "processes left behind" >&2
    exit 1
fi
units=$(build/sanitize/tests/mastermind_tests --gtest_list_tests | grep -c '^  ')
ran() { ctest --test-dir "build/$1" -N "${@:2}" | sed -n 's/^ *Test *#[0-9]*: //p' | tr '\n' ' '; }
echo "== what ran"
echo "release:  $(ran release -R "$release_tests")(the $units unit tests in the unit.* shards; benchmarks built)"
echo "sanitize: $(ran sanitize)"
echo "fuzz:     ${fuzz_targets[*]}"
echo "test.sh: $passed ctest tests in two builds and ${#fuzz_targets[@]} fuzz targets, $((SECONDS - start)) s"
echo "$((passed + ${#fuzz_targets[@]})) passed, 0 failed"
