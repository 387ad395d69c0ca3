#!/usr/bin/env bash
# Every test: install what is missing, build the release and the ASan+UBSan flavours, and run the
# whole suite in both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export RC_PARAMS=${RC_PARAMS:-"seed=20261130"}  # rapidcheck: repeatable unless you change it
passed=0
for flavour in release sanitize; do
    echo "== $flavour build"
    bash scripts/build.sh "$flavour"
    echo "== $flavour tests"
    ctest --test-dir "build/$flavour" --output-on-failure -j "$(nproc)" | tee "build/$flavour/ctest.log"
    passed=$((passed + $(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "build/$flavour/ctest.log")))
done
echo "== fuzzing (libFuzzer, about 25 s per target)"
bash scripts/fuzz.sh "${MASTERMIND_FUZZ_SECONDS:-25}"
echo "== no test process left behind"
if pgrep -f 'mastermind-arena-test-' >/dev/null; then
    pgrep -af 'mastermind-arena-test-'
    echo "processes left behind" >&2
    exit 1
fi
echo "test.sh: $passed ctest tests in two builds and two fuzz targets"
echo "$((passed + 2)) passed, 0 failed"
