#!/usr/bin/env bash
# Times `mastermind score` side by side with `wc -l` and the hand-written baseline
# (bench/baseline_score.cpp) on the same generated input, in one hyperfine run, after checking
# that the baseline and mastermind give the same output. Figures go to docs/performance.md.
# Usage: scripts/bench-score.sh [BYTES (default 100M)] [SEED (default 1)]
set -euo pipefail
cd "$(dirname "$0")/.."
bytes=${1:-100M}
seed=${2:-1}
bash scripts/install-deps.sh
bash scripts/build.sh release >/dev/null
bin=build/release/mastermind
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" generate score-input --bytes "$bytes" --seed "$seed" >"$work/input"
echo "input: $(stat -c %s "$work/input") bytes, $(wc -l <"$work/input") lines, seed $seed"
"$bin" score "$work/input" >"$work/mastermind.out"
build/release/bench/baseline_score <"$work/input" >"$work/baseline.out"
cmp "$work/mastermind.out" "$work/baseline.out"
echo "baseline and mastermind agree on all $(wc -l <"$work/mastermind.out") lines"
hyperfine --warmup 2 --runs 15 --export-markdown "$work/times.md" \
    "wc -l $work/input" \
    "$bin score $work/input > /dev/null" \
    "build/release/bench/baseline_score < $work/input > /dev/null" >/dev/null
sed "s|$work/||g" "$work/times.md"
# Ratios from the means of this one run.
awk -F'|' -v size="$(stat -c %s "$work/input")" '
    NR == 1 { scale = index($3, "[s]") ? 1000 : 1 }  # hyperfine picks s or ms for the table
    NR > 2 { gsub(/ /, "", $3); split($3, a, "±"); mean[NR - 2] = a[1] * scale }
    END {
        printf "\nmastermind score: %.2f GB/s; %.2fx the time of wc -l; baseline takes %.1fx as long\n",
            size / (mean[2] / 1000) / 1e9, mean[2] / mean[1], mean[3] / mean[2]
    }' "$work/times.md"
