#!/usr/bin/env bash
# Real games of the record strategy under `arena` against the judge, as a contest would run them:
# N seeded games (default 1000), one at a time, under two sets of limits:
#   record   2 GiB, 10 s per game (the issue's targets: median <= 1 s, p99 <= 3 s, <= 2 GB)
#   contest  64 MiB, 3 s per game (the original problem's limits)
# Prints verdicts, the tests histogram, and per-game wall time (median, p99, max) and peak RSS
# from the arena's per-game lines. Usage: scripts/bench-record.sh [GAMES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
seed=${2:-1}
bash scripts/install-deps.sh
bash scripts/build.sh release >/dev/null
bin=$PWD/build/release/mastermind
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {  # run NAME MEMORY_MIB TIME_S
    local status=0
    "$bin" arena --games "$games" --seed "$seed" --memory-limit "$2" --time-limit "$3" \
        -- "$bin" solve --strategy adaptive-split >"$work/$1" 2>&1 || status=$?
    echo "## $1: $2 MiB, $3 s per game, $games games (seed $seed), arena exit status $status"
    sed -n '/^[0-9]* games$/,$p' "$work/$1"
    grep '^game' "$work/$1" | awk '{
            for (i = 1; i <= NF; ++i) { if ($i == "s") t = $(i - 1); if ($i == "KiB") m = $(i - 1) }
            print t, m
        }' | sort -g | awk '
        { t[NR] = $1; if ($2 > mem) mem = $2 }
        END {
            p = int(NR * 0.99); if (p < 1) p = 1
            printf "per game: median %.3f s, p99 %.3f s, max %.3f s; peak RSS %.1f MiB\n\n",
                t[int((NR + 1) / 2)], t[p], t[NR], mem / 1024
        }'
}
run record 2048 10
run contest 64 3
