#!/usr/bin/env bash
# Every test: install what is missing, build the release and the ASan+UBSan flavours, and run the
# whole suite in both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export RC_PARAMS=${RC_PARAMS:-"seed=20261130"}  # rapidcheck: repeatable unless you change it
for flavour in release sanitize; do
    echo "== $flavour build"
    bash scripts/build.sh "$flavour"
    echo "== $flavour tests"
    ctest --test-dir "build/$flavour" --output-on-failure -j "$(nproc)"
done
