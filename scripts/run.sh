#!/usr/bin/env bash
# The main job on its built-in default: install what is missing, build, and play one game of
# Batch Style Mastermind (9 pegs, 10 digits, 9 strings per test): `mastermind judge` on a random
# secret against `mastermind solve` with the best strategy so far, joined by pipes, and print the
# transcript. Usage: scripts/run.sh [SEED]   (the seed picks the secret and the shuffles)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release >/dev/null
seed=${1:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
strategy=${MASTERMIND_STRATEGY:-adaptive-split}
bin=build/release/mastermind
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkfifo "$work/to_judge" "$work/to_solver"
echo "mastermind judge --seed $seed  <->  mastermind solve --strategy $strategy"
echo "(repeat this game with: bash scripts/run.sh $seed)"
echo
# FIFOs: the judge opens its output first and the solver its input first, or both would wait.
"$bin" judge --seed "$seed" --transcript "$work/transcript" >"$work/to_solver" <"$work/to_judge" 2>"$work/judge.err" &
judge=$!
solve_status=0
"$bin" solve --strategy "$strategy" <"$work/to_solver" >"$work/to_judge" || solve_status=$?
judge_status=0
wait "$judge" || judge_status=$?
cat "$work/transcript"
echo
grep -v '^mastermind judge: seed' "$work/judge.err" || true
exit $((judge_status != 0 ? judge_status : solve_status))
