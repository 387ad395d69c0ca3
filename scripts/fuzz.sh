#!/usr/bin/env bash
# Runs each libFuzzer target for a while. The targets live in the sanitize flavour (clang, ASan +
# UBSan, coverage instrumentation in every library), built here if needed.
# Usage: scripts/fuzz.sh [SECONDS_EACH (default 25)] [SEED (default 1)] [TARGET...]
#   a long run:  scripts/fuzz.sh 3600
# New inputs go to a temporary corpus; the seed corpus under fuzz/corpus is only read.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-25}
seed=${2:-1}
shift $(($# < 2 ? $# : 2))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(score_line_fuzz protocol_fuzz judge_session_fuzz transcript_fuzz arena_output_fuzz)
bash scripts/build.sh sanitize >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in "${targets[@]}"; do
    corpus=fuzz/corpus/${target%_fuzz}
    [ "$target" = score_line_fuzz ] && corpus=fuzz/corpus/score
    mkdir -p "$work/$target"
    echo "== $target: $seconds s, seed $seed"
    (cd "$work" && "$OLDPWD/build/sanitize/fuzz/$target" -max_total_time="$seconds" -seed="$seed" \
        -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 "$work/$target" "$OLDPWD/$corpus" 2>"$work/$target.log") || {
        tail -40 "$work/$target.log"
        echo "fuzz: $target FAILED (input saved in $work, kept)" >&2
        trap - EXIT
        exit 1
    }
    grep -E "stat::number_of_executed_units|Done" "$work/$target.log" | tail -2
done
