#!/usr/bin/env bash
# The ordinary game's exhaustive evaluations, timed as whole processes with hyperfine, side by
# side with the public peers when they are built (../shared/peers/build_and_measure.sh with
# STEPS=build puts them in ${PEERS:-/tmp/peers}/bin). Ours run on every core (TBB); mikemag's CPU
# solver is single-threaded, mmstrat runs with -mt 2 as well as alone.
# Usage: scripts/bench-ordinary.sh [RUNS (default 5)]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
source scripts/lib.sh
prepare_release
bin=$PWD/build/release/mastermind
peers=${PEERS:-/tmp/peers}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
declare -A ours
for s in knuth most-parts irving entropy; do
    read -r _ ours[$s] < <(time_it "ours-$s" . "$runs" "$bin" evaluate --game ordinary -P 5 -K 8 --strategy "$s" --all)
done
echo "| strategy (5x8, first guess 11223) | mastermind (all cores) | peer | peer's time | peer / ours |"
echo "|---|---:|---|---:|---:|"
row() {  # row STRATEGY PEER_NAME PEER_TIME
    if [[ $3 == - ]]; then
        echo "| $1 | ${ours[$1]} s | $2 | - | - |"
    else
        echo "| $1 | ${ours[$1]} s | $2 | $3 s | $(awk -v p="$3" -v o="${ours[$1]}" 'BEGIN { printf "%.2fx", p / o }') |"
    fi
}
declare -A mm=([knuth]=Knuth [most-parts]=MostParts [irving]=ExpectedSize [entropy]=Entropy)
for s in knuth most-parts irving entropy; do
    peer=$peers/bin/mikemag_5p8c_${mm[$s]}
    if [[ -x $peer && -d $peers/run/mikemag ]]; then
        read -r _ t < <(time_it "mikemag-$s" "$peers/run/mikemag" "$runs" "$peer")
        row "$s" "mikemag/Mastermind CPU (1 thread)" "$t"
    else
        row "$s" "mikemag/Mastermind (not built)" -
    fi
done
mmstrat=$peers/bin/fancidev_mmstrat_legacy
if [[ -x $mmstrat ]]; then
    read -r _ t1 < <(time_it mmstrat-1 "$out" "$runs" "$mmstrat" -r p5c8r -s entropy -S)
    read -r _ t2 < <(time_it mmstrat-2 "$out" "$runs" "$mmstrat" -r p5c8r -s entropy -S -mt 2)
    row entropy "fancidev mmstrat 2012 (1 thread)" "$t1"
    row entropy "fancidev mmstrat 2012 (-mt 2)" "$t2"
fi
echo
echo "$(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD), $runs runs each (hyperfine mean)."
