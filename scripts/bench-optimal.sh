#!/usr/bin/env bash
# The exact optimum of the ordinary game, timed as whole processes with hyperfine, side by side
# with fancidev's mmstrat (2012), the peer with an exact optimal search, when it is built
# (../shared/peers/build_and_measure.sh with STEPS=build puts it in ${PEERS:-/tmp/peers}/bin).
# Both run on one thread on 4x6 (mmstrat's optimal mode is not faster with -mt 2:
# docs/performance.md, "The exact optimum"); 4x7 and 4x8 run on every core (the first level
# shared among threads).
# Then the family without repeated colours beside mmstrat's "-r pPcKn" (Bulls and Cows: one run
# each, mmstrat takes minutes), the worst-case optimum (optimal-worst) and the fewest games at it
# (optimal-worst-fewest). Every total is checked against its published figure (or, where none is
# published, the one docs/results.md records): the script fails when one differs.
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
total() { "$@" --json 2>/dev/null | jq -r '"\(.total) (\(.histogram[1:] | map(tostring) | join(" ")))"'; }
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
# once NAME DIR COMMAND... -> "NAME seconds": one run, no warm-up (the long games).
once() {
    local name=$1 dir=$2
    shift 2
    (cd "$dir" && hyperfine -N --style none --runs 1 --export-json "$out/$name.json" -- "$*" >/dev/null 2>&1)
    printf '%s %.3f\n' "$name" "$(jq '.results[0].mean' "$out/$name.json")"
}
wrong=0
expect() {  # expect WHAT GOT WANT: a published figure, to the digit
    if [[ $2 != "$3" ]]; then
        echo "WRONG: $1 gave $2, the published figure is $3" >&2
        wrong=$((wrong + 1))
    fi
}
# 4x8 classic against arfst23's published optimum, 20,471, timed around the run whose total is
# shown.
start=$(date +%s.%N)
result=$(total "${all_cores[@]}" -K 8)
ours=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f", e - s }')
expect "4x8 classic" "${result%% *}" 20471
echo "| 4x8 classic | $result | $ours s ($(nproc) threads, 1 run) | | | |"
# The optimum without repeated colours (mmstrat's figures, ../shared/peers/README.md; Bulls and
# Cows also Tanaka's), one thread each side.
for game in "3 6 436 5" "3 7 836 5" "4 6 1446 5" "4 7 3639 6" "4 8 7817 6" "4 10 26274 7"; do
    read -r p k want worst <<<"$game"
    d=("$bin" evaluate --game ordinary -P "$p" -K "$k" --distinct --strategy optimal --all --threads 1)
    name="${p}x$k distinct"
    [[ $k == 10 ]] && name="Bulls and Cows (4x10 distinct)"
    if [[ $k -ge 8 ]]; then read -r _ ours < <(once "ours-$p$k-n" "$out" "${d[@]}"); else read -r _ ours < <(time_it "ours-$p$k-n" "$out" "$runs" "${d[@]}"); fi
    "${d[@]}" --json --write-tree "$out/t.tree" >"$out/r.json"
    expect "$name" "$(jq -r '"\(.total) \(.worst)"' "$out/r.json")" "$want $worst"
    # The tree written replays to the same figure, played by the tree codebreaker.
    expect "$name, its tree replayed" "$("$bin" evaluate --game ordinary -P "$p" -K "$k" --distinct --strategy tree \
        --tree "$out/t.tree" --all --json | jq -r '"\(.total) \(.worst)"')" "$want $worst"
    result=$(jq -r '"\(.total) (\(.histogram[1:] | map(tostring) | join(" ")))"' "$out/r.json")
    if [[ -x $mmstrat ]]; then
        if [[ $k -ge 8 ]]; then read -r _ peer < <(once "mm-$p$k-n" "$out" "$mmstrat" -r "p${p}c${k}n" -s optimal -S); else read -r _ peer < <(time_it "mm-$p$k-n" "$out" "$runs" "$mmstrat" -r "p${p}c${k}n" -s optimal -S); fi
        echo "| $name | $result | $ours s | mmstrat 2012 | $peer s | $(awk -v p="$peer" -v o="$ours" 'BEGIN { printf "%.2fx", p / o }') |"
        [[ $k == 10 ]] && bc_peer=$peer
    else
        echo "| $name | $result | $ours s | mmstrat (not built) | - | - |"
    fi
done
read -r _ ours < <(once ours-bc-2 "$out" "$bin" evaluate --game bulls-and-cows --strategy optimal --all --threads 2)
# Bulls and Cows on both cores, against mmstrat's one-thread run above (its optimal mode has no
# faster parallel path).
if [[ -n ${bc_peer:-} ]]; then
    echo "| Bulls and Cows, 2 threads | | $ours s | mmstrat 2012 (the run above) | $bc_peer s | $(awk -v p="$bc_peer" -v o="$ours" 'BEGIN { printf "%.2fx", p / o }') |"
else
    echo "| Bulls and Cows, 2 threads | | $ours s | | | |"
fi
# The least worst case, then the least total (Knuth 1976's 5 for 4x6, at 5626 (Koyama and Lai);
# Jaeger and Peczarski's 6 for 4x7; 7 for Bulls and Cows).
for game in "ordinary 6 5626 5" "ordinary 7 11228 6" "bulls-and-cows 10 26274 7"; do
    read -r g k want worst <<<"$game"
    w=("$bin" evaluate --game "$g" -K "$k" --strategy optimal-worst --all)
    read -r _ ours < <(once "worst-$g-$k" "$out" "${w[@]}")
    "${w[@]}" --json >"$out/r.json" 2>/dev/null
    expect "optimal-worst $g -K $k" "$(jq -r '"\(.total) \(.worst)"' "$out/r.json")" "$want $worst"
    result=$(jq -r '"\(.total) (\(.histogram[1:] | map(tostring) | join(" ")))"' "$out/r.json")
    echo "| $g 4x$k, least worst case first (optimal-worst) | $result | $ours s ($(nproc) threads, 1 run) | | | |"
done
# The least worst case, then the fewest games that take it, then the least total (Bulls and Cows:
# Slovesnov's 50 games of 7, proven least here). One run each, timed around the run whose report
# is checked (Bulls and Cows takes minutes), its tree replayed.
for game in "ordinary 6 5627 5 539" "ordinary 7 11302 6 92" "bulls-and-cows 10 26450 7 50"; do
    read -r g k want worst at_worst <<<"$game"
    f=("$bin" evaluate --game "$g" -K "$k" --strategy optimal-worst-fewest --all)
    start=$(date +%s.%N)
    "${f[@]}" --json --write-tree "$out/f.tree" >"$out/r.json" 2>/dev/null
    ours=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f", e - s }')
    expect "optimal-worst-fewest $g -K $k" "$(jq -r --argjson w "$worst" '"\(.total) \(.worst) \(.histogram[$w])"' "$out/r.json")" \
        "$want $worst $at_worst"
    expect "optimal-worst-fewest $g -K $k, its tree replayed" "$("$bin" evaluate --game "$g" -K "$k" --strategy tree \
        --tree "$out/f.tree" --all --json | jq -r --argjson w "$worst" '"\(.total) \(.worst) \(.histogram[$w])"')" "$want $worst $at_worst"
    result=$(jq -r '"\(.total) (\(.histogram[1:] | map(tostring) | join(" ")))"' "$out/r.json")
    echo "| $g 4x$k, fewest games at the least worst case (optimal-worst-fewest) | $result | $ours s ($(nproc) threads, 1 run) | | | |"
done
echo
echo "$(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg), commit $(commit_label), $runs runs each (hyperfine mean) unless marked."
[[ $wrong -eq 0 ]]
