#!/usr/bin/env bash
# Exhaustive evaluation of one strategy over every secret of the default game, for
# docs/results.md: runs `mastermind evaluate --all --json` under /usr/bin/time and prints a
# Markdown section with the command, the commit, the wall time, the peak memory and the histogram.
# Long: run it in the background with its output in a log file.
# Usage: scripts/evaluate-all.sh STRATEGY [SEED (default 1)] [OUTDIR (default runs/)]
set -euo pipefail
cd "$(dirname "$0")/.."
strategy=${1:?usage: scripts/evaluate-all.sh STRATEGY [SEED] [OUTDIR]}
seed=${2:-1}
out=${3:-runs}
mkdir -p "$out"
source scripts/lib.sh
prepare_release
commit=$(commit_label)
json="$out/$strategy.json"
/usr/bin/time -v build/release/mastermind evaluate --strategy "$strategy" --seed "$seed" --all --json --progress \
    >"$json" 2>"$out/$strategy.log" || true
peak_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/$strategy.log")
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out/$strategy.log")
awk -v strategy="$strategy" -v seed="$seed" -v commit="$commit" -v wall="$wall" -v peak="$peak_kb" '
    BEGIN { RS = ""; }
    {
        text = $0
        match(text, /"games": [0-9]+/); games = substr(text, RSTART + 9, RLENGTH - 9)
        match(text, /"failures": [0-9]+/); failures = substr(text, RSTART + 12, RLENGTH - 12)
        match(text, /"worst": [0-9]+/); worst = substr(text, RSTART + 9, RLENGTH - 9)
        match(text, /"mean": [0-9.e+-]+/); mean = substr(text, RSTART + 8, RLENGTH - 8)
        match(text, /"seconds": [0-9.e+-]+/); seconds = substr(text, RSTART + 11, RLENGTH - 11)
        match(text, /"histogram": \[[^]]*\]/); hist = substr(text, RSTART + 14, RLENGTH - 15)
        gsub(/[ \n]/, "", hist)
        match(text, /"worst_examples": \[[^]]*\]/); ex = substr(text, RSTART + 19, RLENGTH - 20)
        gsub(/[ \n"]/, "", ex); gsub(/,/, " ", ex)
        printf "### %s\n\n", strategy
        printf "    mastermind evaluate --strategy %s --seed %s --all\n\n", strategy, seed
        printf "commit %s; wall time %s (evaluator: %.0f s); peak memory %.1f GiB; 2 cores\n\n", commit, wall, seconds, peak / 1048576
        printf "- games %s, failures %s\n- **worst case %s tests**, mean %.6f\n- secrets reaching the worst case: %s\n\n", games, failures, worst, mean, ex
        printf "| tests | games |\n|---:|---:|\n"
        n = split(hist, h, ",")
        for (i = 1; i <= n; i++) if (h[i] > 0) printf "| %d | %d |\n", i - 1, h[i]
        printf "\n"
    }' "$json"
