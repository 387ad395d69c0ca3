#!/usr/bin/env bash
# The exact search cut into jobs (docs/optimal.md, "Jobs, checkpoints and MPI"), timed as whole
# processes with hyperfine, side by side with the search in one piece: `evaluate --strategy
# optimal --all` on one and on every thread, with --checkpoint (a fresh file each run: every job
# searched and recorded), and over `mpirun -np RANKS` (rank 0 hands out, the others search on one
# thread each). Every run's total is checked against the one piece's.
# Usage: scripts/bench-optimal-jobs.sh [RUNS (default 5)] [COLOURS (default 7)] [RANKS (default 3)]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
colours=${2:-7}
ranks=${3:-3}
for n in "$runs" "$colours" "$ranks"; do
    [[ $n =~ ^[0-9]+$ ]] || { echo "bench-optimal-jobs.sh: '$n' is not a whole number" >&2; exit 2; }
done
((runs >= 1 && runs <= 100)) || { echo "bench-optimal-jobs.sh: RUNS $runs is not within 1..100" >&2; exit 2; }
((colours >= 2 && colours <= 8)) || { echo "bench-optimal-jobs.sh: COLOURS $colours is not within 2..8 (4 pegs)" >&2; exit 2; }
((ranks >= 2 && ranks <= 16)) || { echo "bench-optimal-jobs.sh: RANKS $ranks is not within 2..16" >&2; exit 2; }
source scripts/lib.sh
prepare_release
bash scripts/build.sh release mastermind-mpi >/dev/null
bin=$PWD/build/release/mastermind
mpi=$PWD/build/release/mastermind-mpi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
e="$bin evaluate --game ordinary -K $colours --strategy optimal --all"
m="mpirun --oversubscribe -np $ranks $mpi evaluate --game ordinary -K $colours --strategy optimal --all --threads 1"
want=$($e --threads 1 --json | jq .total)
echo "4 pegs, $colours colours, classic: total $want; $runs runs each, mean wall time ($(commit_label), $(nproc) cores)"
echo
echo "| how | wall time |"
echo "|---|---:|"
row() {  # row NAME COMMAND: times COMMAND (a fresh checkpoint each run) and checks its total
    local name=$1 command=$2
    got=$(rm -f "$out/run.jobs" && $command --json | jq .total)
    [[ $got == "$want" ]] || { echo "WRONG: $name gave $got, one piece $want" >&2; exit 1; }
    hyperfine --style none --warmup 1 --runs "$runs" --prepare "rm -f $out/run.jobs" \
        --export-json "$out/t.json" -- "$command >/dev/null" >/dev/null 2>&1
    printf '| %s | %.2f s |\n' "$name" "$(jq '.results[0].mean' "$out/t.json")"
}
row "one piece, 1 thread" "$e --threads 1"
row "one piece, $(nproc) threads" "$e"
row "jobs in one process, 1 thread, --checkpoint" "$e --threads 1 --checkpoint $out/run.jobs"
row "mpirun -np $ranks (1 thread per rank)" "$m"
row "mpirun -np $ranks, --checkpoint" "$m --checkpoint $out/run.jobs"
