#!/usr/bin/env bash
# Runs each libFuzzer target for a while, as many at once as there are cores. The targets live in
# the sanitize flavour (clang, ASan + UBSan, coverage instrumentation in every library), built
# here if needed.
# Usage: scripts/fuzz.sh [SECONDS_EACH (default 25)] [SEED (default 1)] [TARGET...]
#   a long run:  scripts/fuzz.sh 3600
#   a campaign of a fixed number of executions per target (docs/fuzzing.md):
#                MASTERMIND_FUZZ_RUNS=10000000 scripts/fuzz.sh 86400 1 transcript_fuzz
#   inputs at most N bytes (libFuzzer's -max_len): MASTERMIND_FUZZ_MAX_LEN=N
# New inputs go to a temporary corpus; the seed corpus under fuzz/corpus is only read. A failing
# target's input and log are kept and named.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-25}
seed=${2:-1}
shift $(($# < 2 ? $# : 2))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(score_line_fuzz protocol_fuzz judge_session_fuzz transcript_fuzz arena_output_fuzz arena_process_fuzz)
# MASTERMIND_FUZZ_BUILT=1: the caller has just built it (scripts/test.sh, whose suite runs beside
# and must not see CMake regenerate its files).
if [ "${MASTERMIND_FUZZ_BUILT:-0}" != 1 ] && ! bash scripts/build.sh sanitize >/tmp/mastermind-fuzz-build.log 2>&1; then
    tail -30 /tmp/mastermind-fuzz-build.log
    echo "fuzz: the sanitize build failed (log: /tmp/mastermind-fuzz-build.log)" >&2
    exit 1
fi
root=$PWD
work=$(mktemp -d)
runs=()
[ -n "${MASTERMIND_FUZZ_RUNS:-}" ] && runs=(-runs="$MASTERMIND_FUZZ_RUNS")

fuzz_one() {  # fuzz_one TARGET: runs in $work/TARGET, log in $work/TARGET.log
    local target=$1 corpus=fuzz/corpus/${1%_fuzz}
    [ "$target" = score_line_fuzz ] && corpus=fuzz/corpus/score
    local max_len=()
    [ -n "${MASTERMIND_FUZZ_MAX_LEN:-}" ] && max_len=(-max_len="$MASTERMIND_FUZZ_MAX_LEN")
    mkdir -p "$work/$target/new"
    (cd "$work/$target" && "$root/build/sanitize/fuzz/$target" -max_total_time="$seconds" -seed="$seed" "${runs[@]}" \
        -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 "${max_len[@]}" new "$root/$corpus" >"$work/$target.log" 2>&1)
}

failed=0
pids=() names=()
finish_one() {  # waits for the oldest running target and reports it
    local pid=${pids[0]} target=${names[0]}
    pids=("${pids[@]:1}") names=("${names[@]:1}")
    if wait "$pid"; then
        echo "== $target: $seconds s, seed $seed: $(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log") runs," \
             "$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$target.log")/s, no crash"
    else
        tail -40 "$work/$target.log"
        echo "fuzz: $target FAILED (input and log kept in $work/$target)" >&2
        failed=1
    fi
}
for target in "${targets[@]}"; do
    [ ${#pids[@]} -ge "$(nproc)" ] && finish_one
    fuzz_one "$target" &
    pids+=($!) names+=("$target")
done
while [ ${#pids[@]} -gt 0 ]; do finish_one; done
if [ $failed = 0 ]; then rm -rf "$work"; fi
exit $failed
