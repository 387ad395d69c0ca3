#!/usr/bin/env bash
# Exhaustive evaluation of one strategy over every secret of the default game, for
# docs/results.md: runs `mastermind evaluate --all --json` under /usr/bin/time and prints a
# Markdown section with the command, the commit, the wall time, the peak memory and the histogram.
# It fails loudly (a message and a non-zero status) when the run did not finish, or finished
# with games lost. Long: run it in the background with its output in a log file.
# Usage: scripts/evaluate-all.sh STRATEGY [SEED (default 1)] [OUTDIR (default runs/)] [-- EVALUATE OPTIONS...]
#   e.g. scripts/evaluate-all.sh adaptive-split 1 /tmp/quick -- -P 5 -K 6 -B 5    (a small game)
#        scripts/evaluate-all.sh counts-then-locate 1 runs/ctl -- --shard 3/16      (one shard of 16:
#        runs/ctl/counts-then-locate-shard-3-of-16.json; when all are there, mastermind merge them)
set -euo pipefail
cd "$(dirname "$0")/.."
strategy=${1:?usage: scripts/evaluate-all.sh STRATEGY [SEED] [OUTDIR] [-- EVALUATE OPTIONS...]}
seed=${2:-1}
out=${3:-runs}
shift $(($# < 3 ? $# : 3))
[ "${1:-}" = "--" ] && shift
extra=("$@")
# A shard of the run (-- --shard I/N) gets files of its own, so that the shards of one run, made
# at different times or on different machines, sit side by side for
# `mastermind merge OUTDIR/STRATEGY-shard-*-of-N.json`.
name=$strategy
for ((i = 0; i < ${#extra[@]}; i++)); do
    case "${extra[i]}" in
        --shard) shard=${extra[i + 1]:-} ;;
        --shard=*) shard=${extra[i]#--shard=} ;;
        *) continue ;;
    esac
    [[ $shard =~ ^[0-9]+/[0-9]+$ ]] || { echo "evaluate-all: --shard wants I/N, got '$shard'" >&2; exit 2; }
    name="$strategy-shard-${shard%/*}-of-${shard#*/}"
done
mkdir -p "$out"
source scripts/lib.sh
prepare_release
commit=$(commit_label)
json="$out/$name.json"
log="$out/$name.log"
status=0
/usr/bin/time -v build/release/mastermind evaluate --strategy "$strategy" --seed "$seed" --all --json --progress "${extra[@]}" \
    >"$json" 2>"$log" || status=$?
# evaluate: 0 every game won, 1 some lost (the report is still complete), anything else: no report.
if [ "$status" -gt 1 ] || ! json_holds "$json" 'has("games")'; then
    echo "evaluate-all: the run of $strategy failed (status $status); what it said ($log):" >&2
    grep -v $'^\t' "$log" | grep -v '^Command exited' | tail -5 >&2
    exit 1
fi
peak_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")
jq -r --arg strategy "$strategy" --arg seed "$seed" --arg commit "$commit" --arg wall "$wall" --arg peak "$peak_kb" \
    --arg extra "${extra[*]:-}" '
    "### \($strategy)\n",
    "    mastermind evaluate --strategy \($strategy) --seed \($seed) --all\(if $extra == "" then "" else " " + $extra end)\n",
    "commit \($commit); wall time \($wall) (evaluator: \(.seconds | round) s); peak memory \(($peak | tonumber) / 1048576 * 10 | round / 10) GiB; 2 cores\n",
    "- games \(.games), failures \(.failures)",
    "- **worst case \(.worst) tests**, mean \(.mean * 1e6 | round / 1e6)",
    "- secrets reaching the worst case: \(.worst_examples | join(" "))\n",
    "| tests | games |", "|---:|---:|",
    (.histogram | to_entries[] | select(.value > 0) | "| \(.key) | \(.value) |"),
    ""' "$json"
if [ "$(jq .failures "$json")" != 0 ]; then
    echo "evaluate-all: $strategy lost $(jq .failures "$json") games: $(jq -r '.failure_examples | first' "$json")" >&2
    exit 1
fi
