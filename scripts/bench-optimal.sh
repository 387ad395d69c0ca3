#!/usr/bin/env bash
# The exact optimum of the ordinary game, timed as whole processes with hyperfine, side by side
# with fancidev's mmstrat (2012), the peer with an exact optimal search, when it is built
# (../shared/peers/build_and_measure.sh with STEPS=build puts it in ${PEERS:-/tmp/peers}/bin).
# Both run on one thread on 4x6 (mmstrat's optimal mode is not faster with -mt 2:
# docs/performance.md, "The exact optimum"); 4x7 runs on every core (the first level shared among
# threads).
# Usage: scripts/bench-optimal.sh [RUNS (default 10)]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
source scripts/lib.sh
prepare_release
bin=$PWD/build/release/mastermind
peers=${PEERS:-/tmp/peers}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
total() { "$@" --json | jq -r '"\(.total) (\(.histogram[1:] | map(tostring) | join(" ")))"'; }
e=("$bin" evaluate --game ordinary --strategy optimal --all --threads 1)
echo "| game | result | mastermind | peer | peer's time | peer / ours |"
echo "|---|---|---:|---|---:|---:|"
mmstrat=$peers/bin/fancidev_mmstrat_legacy
read -r _ ours < <(time_it ours-4x6 "$out" "$runs" "${e[@]}")
if [[ -x $mmstrat ]]; then
    read -r _ peer < <(time_it mmstrat-4x6 "$out" "$runs" "$mmstrat" -r p4c6r -s optimal -S)
    echo "| 4x6 classic | $(total "${e[@]}") | $ours s | mmstrat 2012 | $peer s | $(awk -v p="$peer" -v o="$ours" 'BEGIN { printf "%.2fx", p / o }') |"
else
    echo "| 4x6 classic | $(total "${e[@]}") | $ours s | mmstrat (not built) | - | - |"
fi
# Instructions executed (callgrind): the same every run, where wall time moves with the load.
instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,; }
if command -v valgrind >/dev/null && [[ -x $mmstrat ]]; then
    ours_ir=$(instructions "${e[@]}")
    peer_ir=$(cd "$out" && instructions "$mmstrat" -r p4c6r -s optimal -S)
    echo "| 4x6 classic, instructions (callgrind) | | $((ours_ir / 1000000)) M | mmstrat 2012 | $((peer_ir / 1000000)) M | $(awk -v p="$peer_ir" -v o="$ours_ir" 'BEGIN { printf "%.2fx", p / o }') |"
fi
read -r _ ours < <(time_it ours-4x6-5 "$out" "$runs" "${e[@]}" -M 5)
echo "| 4x6 classic, at most 5 guesses | $(total "${e[@]}" -M 5) | $ours s | | | |"
read -r _ ours < <(time_it ours-4x6-adj "$out" "$runs" "${e[@]}" --rules adjacent)
echo "| 4x6 adjacent | $(total "${e[@]}" --rules adjacent) | $ours s | | | |"
all_cores=("$bin" evaluate --game ordinary --strategy optimal --all)
for rules in classic adjacent; do
    read -r _ ours < <(time_it "ours-4x7-$rules" "$out" 1 "${all_cores[@]}" -K 7 --rules "$rules")
    echo "| 4x7 $rules | $(total "${all_cores[@]}" -K 7 --rules "$rules") | $ours s ($(nproc) threads, 1 run) | | | |"
done
echo
echo "$(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg), commit $(commit_label), $runs runs each (hyperfine mean) unless marked."
