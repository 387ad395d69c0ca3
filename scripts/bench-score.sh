#!/usr/bin/env bash
# Times `mastermind score` side by side with `wc -l` on two generated inputs, in one hyperfine run
# per input: the default mix (lengths 2..50, alphabets 2..26) and long lines (50 pegs, 26 colours).
# Each input is scored as a user runs it (every core, the fastest kernel), on one thread, and on one
# thread by the AVX2 kernel where the processor runs AVX-512 too (what the dispatch gains), after
# checking that every kernel writes the portable kernel's bytes; then
# the hand-written baseline (bench/baseline_score.cpp) on the first. Ratios come from the medians
# of one run. Figures go to docs/performance.md.
# Usage: scripts/bench-score.sh [BYTES (default 100M)] [SEED (default 1)] [RUNS (default 30)]
set -euo pipefail
cd "$(dirname "$0")/.."
bytes=${1:-100M}
seed=${2:-1}
runs=${3:-30}
bash scripts/install-deps.sh
bash scripts/build.sh release >/dev/null
bin=build/release/mastermind
baseline=build/release/bench/baseline_score
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

kernels=()
for kernel in avx512 avx2; do
    if "$bin" score --kernel "$kernel" </dev/null 2>/dev/null; then kernels+=("$kernel"); fi
done
echo "kernels on this processor: ${kernels[*]:-none} (auto picks the first), portable"

"$bin" generate score-input --bytes "$bytes" --seed "$seed" >"$work/mixed"
"$bin" generate score-input --bytes "$bytes" --seed "$seed" --pegs 50 --colours 26 >"$work/long"

for input in mixed long; do
    file=$work/$input
    echo
    echo "== $input: $(stat -c %s "$file") bytes, $(wc -l <"$file") lines, seed $seed"
    "$bin" score --kernel portable "$file" >"$work/expected"
    for kernel in "${kernels[@]}"; do
        "$bin" score --kernel "$kernel" "$file" | cmp - "$work/expected"
    done
    commands=("wc -l $file" "$bin score $file" "$bin score --threads 1 $file")
    for kernel in "${kernels[@]:1}"; do commands+=("$bin score --threads 1 --kernel $kernel $file"); done
    echo "every kernel agrees on all $(wc -l <"$work/expected") lines"
    # -N: no shell in between; output to /dev/null.
    hyperfine -N --warmup 3 --runs "$runs" --output=null --export-json "$work/$input.json" \
        "${commands[@]}" >/dev/null
    jq -r --arg work "$work/" '
        [.results[] | {command: (.command | gsub($work; "")), median: (.median * 1000),
                       min: (.min * 1000), mean: (.mean * 1000)}] as $r
        | "| command | median [ms] | min [ms] | mean [ms] | median / wc -l |",
          "|:---|---:|---:|---:|---:|",
          ($r[] | "| `\(.command)` | \(.median * 10 | round / 10) | \(.min * 10 | round / 10) | \(.mean * 10 | round / 10) | \(.median / $r[0].median * 100 | round / 100) |")
    ' "$work/$input.json"
done

# The hand-written baseline is tens of times slower: timed on its own, 3 runs, against the mixed
# input (it reads standard input, hence the shell).
echo
"$baseline" <"$work/mixed" | cmp - <("$bin" score "$work/mixed")
echo "baseline agrees with mastermind score on the mixed input"
hyperfine --warmup 1 --runs 3 --export-json "$work/baseline.json" \
    "$baseline < $work/mixed > /dev/null" >/dev/null
jq -r --slurpfile m "$work/mixed.json" '
    "baseline_score: median \(.results[0].median * 1000 | round) ms, " +
    "\(.results[0].median / $m[0].results[1].median * 10 | round / 10) times mastermind score'"'"'s median"
' "$work/baseline.json"
