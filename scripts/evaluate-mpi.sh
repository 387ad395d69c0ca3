#!/usr/bin/env bash
# An exhaustive evaluation over MPI ranks on this machine, for docs/performance.md ("Shards and
# MPI"): `mpirun -np RANKS mastermind-mpi evaluate --all --shards SHARDS`, each rank under
# /usr/bin/time, then the wall time, every rank's peak memory and the report. With a single
# process's report (scripts/evaluate-all.sh, its JSON) as a third argument after --compare, it
# also checks that the two reports are identical but for the wall time, and fails loudly if not.
# Long on the 10^9 game: run it in the background with its output in a log file.
# Usage: scripts/evaluate-mpi.sh STRATEGY RANKS SHARDS [OUTDIR (default runs/mpi)] [--compare WHOLE.json]
#   e.g. scripts/evaluate-mpi.sh adaptive-split 4 8 runs/mpi --compare runs/adaptive-split.json
set -euo pipefail
cd "$(dirname "$0")/.."
strategy=${1:?usage: scripts/evaluate-mpi.sh STRATEGY RANKS SHARDS [OUTDIR] [--compare WHOLE.json]}
ranks=${2:?ranks}
shards=${3:?shards}
out=${4:-runs/mpi}
compare=""
[ "${5:-}" = --compare ] && compare=${6:?--compare needs a report}
source scripts/lib.sh
bash scripts/install-deps.sh suite
prepare_release
MASTERMIND_RECONFIGURE=1 bash scripts/build.sh release mastermind-mpi >/dev/null  # finds OpenMPI if installed since
mkdir -p "$out"
rm -f "$out"/rank-*.txt
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
commit=$(commit_label)
start=$SECONDS
mpirun --oversubscribe -np "$ranks" bash -c '/usr/bin/time -v -o "$0/rank-$OMPI_COMM_WORLD_RANK.txt" "$@"' "$out" \
    build/release/mastermind-mpi evaluate --strategy "$strategy" --seed 1 --all --shards "$shards" --json --progress \
    >"$out/$strategy.json" 2>"$out/$strategy.log"
wall=$((SECONDS - start))
json_holds "$out/$strategy.json" 'has("games")' || { echo "evaluate-mpi: no report (log: $out/$strategy.log)" >&2; exit 1; }
echo "commit $commit: mpirun -np $ranks mastermind-mpi evaluate --strategy $strategy --seed 1 --all --shards $shards"
printf 'wall time %d s; games %s, worst %s, mean %s, failures %s\n' "$wall" \
    "$(jq .games "$out/$strategy.json")" "$(jq .worst "$out/$strategy.json")" "$(jq .mean "$out/$strategy.json")" "$(jq .failures "$out/$strategy.json")"
for ((r = 0; r < ranks; r++)); do
    printf 'rank %d: peak memory %s MiB, %s CPU s\n' "$r" \
        "$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/rank-$r.txt") / 1024 ))" \
        "$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.0f", s}' "$out/rank-$r.txt")"
done
if [ -n "$compare" ]; then
    if diff <(jq -S 'del(.seconds, .scope)' "$compare") <(jq -S 'del(.seconds, .scope)' "$out/$strategy.json") >/dev/null; then
        echo "the report equals $compare's but for the wall time"
    else
        echo "evaluate-mpi: the report differs from $compare's:" >&2
        diff <(jq -S 'del(.seconds, .scope)' "$compare") <(jq -S 'del(.seconds, .scope)' "$out/$strategy.json") >&2 || true
        exit 1
    fi
fi
