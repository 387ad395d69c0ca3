#!/usr/bin/env bash
# The exact optima of the ordinary game (docs/results.md, "Optimal play"): 4x6 and 4x7 under both
# rules, with and without a limit on the guesses. Each run's total is checked a second way: the
# decision tree it played is written and replayed with --strategy tree, and the two totals must
# agree. Prints a Markdown table with the commit, wall time and peak memory of each search.
# Usage: scripts/evaluate-optimal.sh [OUTDIR (default runs/optimal)]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-runs/optimal}
mkdir -p "$out"
source scripts/lib.sh
prepare_release
bin=build/release/mastermind
commit=$(commit_label)
echo "Commit $commit, $(nproc) cores (the search runs on one); \`scripts/evaluate-optimal.sh\`."
echo
echo "| game | rules | limit | total | mean | worst | games by guesses (1, 2, ...) | squares | first guess | replayed | wall s | peak MiB |"
echo "|---|---|---|---:|---:|---:|---|---:|---|---|---:|---:|"
for run in "4 6 classic 10" "4 6 classic 5" "4 6 adjacent 10" "4 6 adjacent 4" "4 7 classic 10" "4 7 classic 5" "4 7 adjacent 10"; do
    read -r p k rules limit <<<"$run"
    name="${p}x${k}-$rules-$limit"
    /usr/bin/time -f "%e %M" -o "$out/$name.time" \
        "$bin" evaluate --game ordinary -P "$p" -K "$k" --rules "$rules" -M "$limit" --strategy optimal --all --threads 1 \
        --json --write-tree "$out/$name.tree" >"$out/$name.json" 2>"$out/$name.err" || true
    read -r wall kb < <(tail -1 "$out/$name.time")
    json_holds "$out/$name.json" 'has("total")' || { echo "evaluate-optimal: no report for $name ($out/$name.err)" >&2; exit 1; }
    if json_holds "$out/$name.json" '.failures > 0'; then
        echo "| ${p}x${k} | $rules | $limit | impossible: no strategy wins every game within $limit | | | | | | | $wall | $((kb / 1024)) |"
        continue
    fi
    "$bin" evaluate --game ordinary -P "$p" -K "$k" --rules "$rules" -M "$limit" --strategy tree --tree "$out/$name.tree" --all --json >"$out/$name.replay.json"
    total=$(jq .total "$out/$name.json")
    replayed=$(jq .total "$out/$name.replay.json")
    [ "$total" = "$replayed" ] || { echo "evaluate-optimal: $name: the tree replays to $replayed, not $total" >&2; exit 1; }
    jq -r --arg wall "$wall" --arg mib "$((kb / 1024))" --arg rules "$rules" --arg limit "$limit" --arg replayed "$replayed" '
        "| \(.game.pegs)x\(.game.colours) | \($rules) | \($limit) | **\(.total)** | \(.mean * 1e6 | round / 1e6) | \(.worst) | \(.histogram[1:] | map(tostring) | join(" ")) | \([.histogram | to_entries[] | .key * .key * .value] | add) | \(.first_guess) | \($replayed) | \($wall) | \($mib) |"' "$out/$name.json"
done
