#!/usr/bin/env bash
# Climbs of `mastermind first-test` from many seeds, each best test then judged by the tail of its
# classes: a search for a first test with fewer large classes, the ones a second test cannot split
# (issue 14, docs/strategies.md "The second test"). Each seed climbs as the compiled test was found
# (40 candidates, then single-peg changes, by the expected class on every 997th secret); its best
# is then measured on every 97th secret by the 4th power mean of a secret's class size and by the
# share of secrets in classes of 1,500 or more. Resumable: a seed whose files are complete is not
# run again. Prints one line per seed, smallest power mean first.
# Usage: scripts/first-test-starts.sh FIRST_SEED LAST_SEED [CLIMB (default 1500)] [OUTDIR (default runs/first-test-starts)]
#   e.g. scripts/first-test-starts.sh 1 20 1500 runs/first-test-starts
#   (under a minute a seed on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/first-test-starts.sh FIRST_SEED LAST_SEED [CLIMB] [OUTDIR]"
(($# >= 2 && $# <= 4)) || { echo "$usage" >&2; exit 2; }
first=$1
last=$2
climb=${3:-1500}
out=${4:-runs/first-test-starts}
for n in "$first" "$last" "$climb"; do
    [[ $n =~ ^[0-9]+$ ]] || { echo "first-test-starts: '$n' is not a whole number ($usage)" >&2; exit 2; }
done
((first <= last)) || { echo "first-test-starts: FIRST_SEED $first is after LAST_SEED $last" >&2; exit 2; }
mkdir -p "$out"
source scripts/lib.sh
prepare_release
bin=build/release/mastermind
echo "# first-test-starts: seeds $first..$last, climb $climb, commit $(commit_label)" >>"$out/starts.log"
for ((seed = first; seed <= last; seed++)); do
    log="$out/seed-$seed.log"
    judged="$out/seed-$seed.judged"
    if ! grep -q '^best: ' "$log" 2>/dev/null; then
        "$bin" first-test --seed "$seed" --candidates 40 --climb "$climb" >"$log"
    fi
    best=$(tail -1 "$log")
    if ! grep -q '^sample: ' "$judged" 2>/dev/null; then
        "$bin" first-test --candidates 0 --climb 0 --stride 97 --power 4 --hard-size 1500 --from "$best" |
            grep '^sample: ' >"$judged.tmp"
        mv "$judged.tmp" "$judged"
    fi
    power=$(sed -n 's/.*power-4 mean \([0-9.]*\),.*/\1/p' "$judged")
    hard=$(sed -n 's/.*, \([0-9.]*\)% in classes of >= 1500$/\1/p' "$judged")
    expected=$(sed -n 's/.*expected class \([0-9.]*\),.*/\1/p' "$judged")
    echo "seed $seed  power-4 mean $power  in classes >= 1500: $hard%  expected class $expected  $best" >>"$out/starts.log"
done
# Each seed's latest line, by its power mean.
awk '$1 == "seed" { line[$2] = $0; mean[$2] = $5 } END { for (s in line) print mean[s], line[s] }' "$out/starts.log" |
    sort -g | cut -d' ' -f2-
