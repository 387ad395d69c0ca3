#!/usr/bin/env bash
# The exact search cut into jobs (docs/optimal.md, "Jobs, checkpoints and MPI"), timed as whole
# processes with hyperfine, side by side with the search in one piece: `evaluate --strategy
# optimal --all` on one and on every thread, with --checkpoint (a fresh file each run: every job
# searched and recorded), and over `mpirun -np RANKS` (rank 0 hands out, the others search on one
# thread each). Every run's total is checked against the one piece's.
# Usage: scripts/bench-optimal-jobs.sh [RUNS (default 5)] [COLOURS (default 7)] [RANKS (default 3)]
set -euo pipefail
cd "$(dirname "$0")/.."
# number NAME VALUE LOW HIGH: VALUE written as a plain decimal (no sign, no leading zero, no
# blank) within LOW..HIGH, else a message and status 2.
number() {
    if ! [[ $2 =~ ^[1-9][0-9]{0,2}$ ]] || (($2 < $3 || $2 > $4)); then
        echo "bench-optimal-jobs.sh: $1 '$2' is not a whole number within $3..$4" >&2
        exit 2
    fi
}
(($# <= 3)) || { echo "bench-optimal-jobs.sh: at most 3 arguments (RUNS COLOURS RANKS), got $#" >&2; exit 2; }
runs=${1-5}
colours=${2-7}
ranks=${3-3}
number RUNS "$runs" 1 100
number COLOURS "$colours" 2 8
number RANKS "$ranks" 2 16
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
