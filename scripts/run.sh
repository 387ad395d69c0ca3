#!/usr/bin/env bash
# The main job on its built-in default: install what is missing, build, and score the shipped
# sample of Adjacent Mastermind (tests/data/adjacent-sample.in), checking it against the
# expected output.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release >/dev/null
echo "\$ build/release/mastermind score tests/data/adjacent-sample.in"
build/release/mastermind score tests/data/adjacent-sample.in | tee /tmp/mastermind-sample.out
cmp -s /tmp/mastermind-sample.out tests/data/adjacent-sample.out &&
    echo "(matches tests/data/adjacent-sample.out byte for byte)"
