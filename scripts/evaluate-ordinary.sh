#!/usr/bin/env bash
# "Is the adjacent game easier?": every codebreaker of the ordinary game over every secret of
# 4x6, 5x8 and 6x6, under classic and under adjacent rules with the same first guess (the one the
# classic run used: published on 4x6, 11223 on 5x8, the rule's own choice on 6x6) and the same
# tie-breaks, so that the difference is the rules alone; then the small batch game 5/6/5 with the
# consistent strategy (seed 1) under both rules. Prints Markdown tables for docs/results.md with
# the commit and the wall time of each run.
# Usage: scripts/evaluate-ordinary.sh [GAMES (default "4x6 5x8 6x6")] [OUTDIR (default runs/ordinary)]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-"4x6 5x8 6x6"}
out=${2:-runs/ordinary}
mkdir -p "$out"
source scripts/lib.sh
prepare_release
bin=build/release/mastermind
commit=$(commit_label)
run() {  # run GAME RULES STRATEGY [--first CODE] -> JSON file name
    local game=$1 rules=$2 strategy=$3
    shift 3
    local json="$out/$game-$rules-$strategy.json"
    # -M 30: Shapiro's first-consistent rule needs more than the 10 guesses of a board on 5x8.
    "$bin" evaluate --game ordinary -P "${game%x*}" -K "${game#*x}" -M 30 --rules "$rules" --strategy "$strategy" --all --json "$@" >"$json"
    json_holds "$json" '.failures == 0' || { echo "evaluate-ordinary: $json has failures" >&2; exit 1; }
    echo "$json"
}
echo "Commit $commit, $(nproc) cores; \`scripts/evaluate-ordinary.sh\`."
echo
echo "| game | codebreaker | first guess | classic: total (mean), max | adjacent: total (mean), max | adjacent / classic | wall s (classic, adjacent) |"
echo "|---|---|---|---|---|---:|---|"
for game in $games; do
    for strategy in knuth irving entropy most-parts shapiro; do
        c=$(run "$game" classic "$strategy")
        first=$(jq -r .first_guess "$c")
        a=$(run "$game" adjacent "$strategy" --first "$first")
        jq -nr --arg game "$game" --arg s "$strategy" --slurpfile c "$c" --slurpfile a "$a" '
            $c[0] as $c | $a[0] as $a |
            "| \($game) | \($s) | \($c.first_guess) (\($c.first_guess_from)) | \($c.total) (\($c.mean * 10000 | round / 10000)), \($c.worst) | \($a.total) (\($a.mean * 10000 | round / 10000)), \($a.worst) | \(($a.total / $c.total) * 1000 | round / 1000) | \($c.seconds * 100 | round / 100), \($a.seconds * 100 | round / 100) |"'
    done
done
echo
echo "| batch game | strategy | classic: worst, mean (histogram of tests) | adjacent: worst, mean (histogram) | wall s (classic, adjacent) |"
echo "|---|---|---|---|---|"
for rules in classic adjacent; do
    "$bin" evaluate --game batch --rules "$rules" -P 5 -K 6 -B 5 --strategy consistent --seed 1 --all --json >"$out/batch-$rules.json"
    json_holds "$out/batch-$rules.json" '.failures == 0' || { echo "evaluate-ordinary: batch $rules has failures" >&2; exit 1; }
done
jq -nr --slurpfile c "$out/batch-classic.json" --slurpfile a "$out/batch-adjacent.json" '
    $c[0] as $c | $a[0] as $a |
    "| P=5 K=6 B=5 (all 7776 secrets) | consistent (seed 1) | \($c.worst), \($c.mean * 10000 | round / 10000) (\($c.histogram | map(tostring) | join(" "))) | \($a.worst), \($a.mean * 10000 | round / 10000) (\($a.histogram | map(tostring) | join(" "))) | \($c.seconds * 100 | round / 100), \($a.seconds * 100 | round / 100) |"'
