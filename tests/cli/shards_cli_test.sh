#!/usr/bin/env bash
# An exhaustive evaluation divided into shards gives the report of one run, whichever way the
# shards run: `evaluate --shard I/N` per shard and `merge`, `evaluate --shards N` in one process,
# and (when built) `mpirun -np R mastermind-mpi evaluate --all --shards N` with 1, 2 and 3 ranks.
# Then what merge and --shard refuse.
# Usage: shards_cli_test.sh MASTERMIND [MASTERMIND_MPI MPIEXEC]
set -u
bin=$1
mpi=${2:-}
mpiexec=${3:-}
source "$(dirname "$0")/lib.sh"
# OpenMPI refuses root unless told; these machines run the suite as root.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
without_time() { jq -S 'del(.seconds)' "$1"; }

for rules in classic adjacent; do
    strategy=adaptive-split
    [ "$rules" = adjacent ] && strategy=consistent  # adaptive-split plays classic rules only
    game=(-P 4 -K 5 -B 4 --rules "$rules" --strategy "$strategy" --seed 2)
    "$bin" evaluate "${game[@]}" --all --json >"$tmp/whole.json"
    cp "$tmp/whole.json" "$tmp/whole-$rules.json"
    check "$rules: the whole run" test "$(jq .games "$tmp/whole.json")" -eq 625
    for i in 0 1 2; do "$bin" evaluate "${game[@]}" --all --shard "$i/3" >"$tmp/part$i.json"; done
    check "$rules: no shard holds every game" test "$(jq -s 'map(.games) | max' "$tmp"/part*.json)" -lt 625
    "$bin" merge --json "$tmp/part2.json" "$tmp/part0.json" "$tmp/part1.json" >"$tmp/merged.json"
    check "$rules: merge of 3 shards = the whole run" diff <(without_time "$tmp/whole.json") <(without_time "$tmp/merged.json")
    "$bin" merge "$tmp"/part*.json >"$tmp/merged.txt"
    "$bin" evaluate "${game[@]}" --all >"$tmp/whole.txt"
    check "$rules: merge's text = evaluate's text" diff <(grep -v 'wall time' "$tmp/whole.txt") <(grep -v 'wall time' "$tmp/merged.txt")
    "$bin" evaluate "${game[@]}" --all --shards 7 --json >"$tmp/inprocess.json"
    check "$rules: --shards 7 in one process = the whole run" diff <(without_time "$tmp/whole.json") <(without_time "$tmp/inprocess.json")
    if [ -n "$mpi" ]; then
        for ranks in 1 2 3; do
            timeout 120 "$mpiexec" --oversubscribe -np "$ranks" "$mpi" evaluate "${game[@]}" --all --shards 5 --json \
                >"$tmp/mpi$ranks.json" 2>"$tmp/mpi$ranks.err"
            check "$rules: mpirun -np $ranks: status 0" test $? -eq 0
            check "$rules: mpirun -np $ranks = the whole run" diff <(without_time "$tmp/whole.json") <(without_time "$tmp/mpi$ranks.json")
        done
    fi
done
"$bin" evaluate -P 4 -K 5 -B 4 --strategy adaptive-split --all --shard 1/3 --progress >/dev/null 2>"$tmp/pass.err"
check "--shard with --progress: the pass over every secret is reported" grep -q "^shard pass 100%" "$tmp/pass.err"
check "--shard with --progress: then the games" grep -q "^progress 100%" "$tmp/pass.err"
[ -n "$mpi" ] || echo "skip mpirun: mastermind-mpi not built (no MPI found when configured)"

# --- what is refused, with status 2 and a message naming why.
refused "merge: a shard missing" "1 of 3 shards missing: 2" "$bin" merge "$tmp/part0.json" "$tmp/part1.json"
refused "merge: a shard twice" "given twice" "$bin" merge "$tmp/part0.json" "$tmp/part0.json" "$tmp/part1.json" "$tmp/part2.json"
refused "merge: not a shard" "not a shard's report" "$bin" merge "$tmp/whole.json"
"$bin" evaluate -P 4 -K 5 -B 4 --rules adjacent --strategy consistent --seed 3 --all --shard 2/3 >"$tmp/other.json"
refused "merge: shards of two runs" "another run" "$bin" merge "$tmp/part0.json" "$tmp/part1.json" "$tmp/other.json"
: >"$tmp/empty.json"
refused "merge: an empty file" "empty.json" "$bin" merge "$tmp/empty.json"
refused "merge: a directory" "directory" "$bin" merge "$tmp"
# A shard whose fields contradict each other, or are out of the game's range, is refused by
# file and field (the shards of the last run above: 4/5/4, adjacent rules, 20 tests).
shard_with() {  # shard_with NAME JQ-EDIT PATTERN
    jq -c "$2" "$tmp/part0.json" >"$tmp/edited.json"
    refused "merge: $1" "edited.json: field $3" "$bin" merge "$tmp/edited.json" "$tmp/part1.json" "$tmp/part2.json"
}
shard_with "a histogram of more games than games" '.histogram[3] += 1' "'histogram'"
shard_with "a negative histogram entry" '.histogram[3] = -1' "'histogram'"
shard_with "an empty histogram" '.histogram = []' "'histogram'"
shard_with "100,000 buckets in a 20-test game" '.histogram += [range(100000) | 0]' "'histogram'"
shard_with "a wrong worst case" '.worst = 1' "'worst'"
shard_with "a wrong mean" '.mean = 1.5' "'mean'"
shard_with "a move_hash not hexadecimal" '.move_hash = "xyz"' "'move_hash'"
shard_with "a move_hash of 15 digits" '.move_hash = "000000000000001"' "'move_hash'"
shard_with "games a string" '.games = "625"' "'games'"
shard_with "more failures than games" '.failures = 1000000' "'failures'"
shard_with "a secret out of the game" '.worst_secrets = [625]' "'worst_secrets'"
refused "--shard 3/3" "--shard" "$bin" evaluate -P 3 -K 3 -B 2 --all --shard 3/3
refused "--shard -1/3" "--shard" "$bin" evaluate -P 3 -K 3 -B 2 --all --shard -1/3
refused "--shard 1" "--shard" "$bin" evaluate -P 3 -K 3 -B 2 --all --shard 1
refused "--shard without --all" "give --all" "$bin" evaluate -P 3 -K 3 -B 2 --sample 5 --shard 0/2
refused "--shard and --shards" "give one" "$bin" evaluate -P 3 -K 3 -B 2 --all --shard 0/2 --shards 2
refused "--shards on the ordinary game" "batch game" "$bin" evaluate --game ordinary --all --shards 2
refused "--memory-limit too small" "too little" "$bin" evaluate -P 3 -K 3 -B 2 --all --memory-limit 64
refused "--memory-limit with --shards" "not --shard or --shards" "$bin" evaluate -P 3 -K 3 -B 2 --all --memory-limit 500 --shards 2
refused "--memory-limit without --all" "give --all" "$bin" evaluate -P 3 -K 3 -B 2 --sample 4 --memory-limit 500
"$bin" evaluate -P 4 -K 5 -B 4 --strategy adaptive-split --seed 2 --all --memory-limit 65 --json >"$tmp/limited.json" 2>"$tmp/limited.err"
check "--memory-limit 65: the shards it picks are named" grep -q -- "--memory-limit 65 MiB: 1 shard" "$tmp/limited.err"
check "--memory-limit 65: the whole run's report" diff <(jq -S 'del(.seconds)' "$tmp/limited.json") <(without_time "$tmp/whole-classic.json")
if [ -n "$mpi" ]; then
    refused "mastermind-mpi: another command over 2 ranks" "only 'evaluate --all'" timeout 60 "$mpiexec" --oversubscribe -np 2 "$mpi" score /dev/null
    # One shard is one process's: over MPI it would have computed the whole game under its label.
    refused "mastermind-mpi: --shard I/N" "divides --all over its ranks" timeout 60 "$mpiexec" --oversubscribe -np 2 "$mpi" \
        evaluate -P 4 -K 5 -B 4 --all --shard 0/2
fi
exit $((failures > 0))
