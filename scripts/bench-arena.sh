#!/usr/bin/env bash
# Arena + judge overhead per game, measured side by side in one hyperfine run:
#   A  the arena playing N games (--jobs 1) against a trivial solver that challenges at once
#   B  the same with --jobs 2
#   C  the same solver started N times by a bash loop, fed the header, with no judge at all
# Overhead per game = (A - C) / N; games per second = N / B. Figures go to docs/performance.md.
# Usage: scripts/bench-arena.sh [GAMES (default 1000)]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
bash scripts/install-deps.sh
bash scripts/build.sh release >/dev/null
bin=$PWD/build/release/mastermind
solver=$PWD/build/release/tests/misbehave
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for _ in $(seq "$games"); do echo 000000000; done >"$work/secrets"
printf '9 10 9 20\n' >"$work/header"
"$bin" arena --secrets "$work/secrets" -q -- "$solver" zeros | grep -q "Accepted  *$games"
hyperfine --warmup 1 --runs 10 --export-markdown "$work/times.md" \
    "$bin arena --secrets $work/secrets -q --jobs 1 -- $solver zeros" \
    "$bin arena --secrets $work/secrets -q --jobs 2 -- $solver zeros" \
    "for i in \$(seq $games); do $solver zeros <$work/header >/dev/null; done" >/dev/null
sed -e "s|$work/||g" -e "s|$PWD/||g" "$work/times.md"
awk -F'|' -v n="$games" '
    NR == 1 { scale = index($3, "[s]") ? 1000 : 1 }  # hyperfine picks s or ms for the table
    NR > 2 { gsub(/ /, "", $3); split($3, a, "±"); mean[NR - 2] = a[1] * scale }
    END {
        printf "\nper game: arena %.3f ms, solver alone %.3f ms, overhead %.3f ms; --jobs 2: %.0f games/s\n",
            mean[1] / n, mean[3] / n, (mean[1] - mean[3]) / n, n / (mean[2] / 1000)
    }' "$work/times.md"
