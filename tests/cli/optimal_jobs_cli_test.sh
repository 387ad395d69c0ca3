#!/usr/bin/env bash
# The exact search as jobs (docs/optimal.md, "Jobs, checkpoints and MPI"): `evaluate --strategy
# optimal --all --checkpoint FILE` and (when built) `mpirun -np 3 mastermind-mpi evaluate
# --strategy optimal --all` report what one process reports on 4x6 and 4x7 (both rules on 4x6),
# a run stopped part-way resumes from its checkpoint and reports the same, and what is refused.
# Usage: optimal_jobs_cli_test.sh MASTERMIND [MASTERMIND_MPI MPIEXEC]
set -u
bin=$1
mpi=${2:-}
mpiexec=${3:-}
source "$(dirname "$0")/lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# mpirun, stopped, ends its ranks at once rather than a second later (Open MPI waits
# odls_base_sigkill_timeout seconds, in which 4x7's ranks can finish every part, and the test of a
# run stopped part-way would find nothing left to resume).
export OMPI_MCA_odls_base_sigkill_timeout=0
without_time() { grep -v 'wall time' "$1"; }
records() { grep -c '^part ' "$1"; }

# One process, one piece: what every other way must report.
"$bin" evaluate --game ordinary --strategy optimal --all --threads 1 >"$tmp/4x6.txt"
"$bin" evaluate --game ordinary --rules adjacent --strategy optimal --all --threads 1 >"$tmp/4x6a.txt"
check "4x6: 5625 in one piece" grep -q 'total 5625,' "$tmp/4x6.txt"

# In one process with a checkpoint: the same report; run again, every part comes from the file.
"$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/4x6.jobs" >"$tmp/cp.txt"
check "--checkpoint: the report of one piece" diff <(without_time "$tmp/4x6.txt") <(without_time "$tmp/cp.txt")
whole=$(records "$tmp/4x6.jobs")
check "--checkpoint: the parts are recorded ($whole)" test "$whole" -gt 20
"$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/4x6.jobs" >"$tmp/again.txt" 2>"$tmp/again.err"
check "--checkpoint again: the same report" diff <(without_time "$tmp/4x6.txt") <(without_time "$tmp/again.txt")
check "--checkpoint again: says what it took" grep -q "$whole parts searched before" "$tmp/again.err"
check "--checkpoint again: searched nothing more" test "$(records "$tmp/4x6.jobs")" -eq "$whole"
# A checkpoint cut in the middle of a record, as a kill while writing leaves it.
head -c 3000 "$tmp/4x6.jobs" >"$tmp/torn.jobs"
"$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/torn.jobs" >"$tmp/torn.txt" 2>"$tmp/torn.err"
check "a torn checkpoint: the same report" diff <(without_time "$tmp/4x6.txt") <(without_time "$tmp/torn.txt")
check "a torn checkpoint: says it cut the torn record off" grep -q "torn record" "$tmp/torn.err"
"$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/torn.jobs" >/dev/null 2>"$tmp/torn2.err"
check "a torn checkpoint, resumed: whole again" grep -q "$whole parts searched before\$" "$tmp/torn2.err"
# A limit that binds: a second pass, its parts recorded beside the first's.
"$bin" evaluate --game ordinary --strategy optimal --all -M 5 >"$tmp/m5.txt"
"$bin" evaluate --game ordinary --strategy optimal --all -M 5 --checkpoint "$tmp/m5.jobs" >"$tmp/m5cp.txt"
check "-M 5 --checkpoint: 5626 as in one piece" diff <(without_time "$tmp/m5.txt") <(without_time "$tmp/m5cp.txt")
check "-M 5 --checkpoint: 5626" grep -q 'total 5626,' "$tmp/m5cp.txt"

# A limit no strategy meets: the report of failures, as in one piece.
"$bin" evaluate --game ordinary --strategy optimal --all -M 3 >"$tmp/m3.txt" 2>/dev/null
status=$?
"$bin" evaluate --game ordinary --strategy optimal --all -M 3 --checkpoint "$tmp/m3.jobs" >"$tmp/m3cp.txt" 2>/dev/null
check "-M 3 --checkpoint: status 1 as in one piece" test $? -eq 1 -a "$status" -eq 1
check "-M 3 --checkpoint: the report of one piece" diff <(without_time "$tmp/m3.txt") <(without_time "$tmp/m3cp.txt")
# A file that is not a checkpoint is neither cut nor replaced, whatever its last line.
printf 'notes kept here, no newline at the end' >"$tmp/notes.txt"
refused "--checkpoint: a file of notes" "expected the header" "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/notes.txt"
check "--checkpoint: the notes are left as they were" test "$(cat "$tmp/notes.txt")" = 'notes kept here, no newline at the end'
cp "$tmp/4x6.jobs" "$tmp/junk.jobs"
printf 'Zm9vYmFyCg+/xyz' >>"$tmp/junk.jobs"
refused "--checkpoint: junk after the records" "expected a record" "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/junk.jobs"
cp "$tmp/4x6.jobs" "$tmp/same.jobs"
refused "--checkpoint and --write-tree one file" "is the --checkpoint file" "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/same.jobs" --write-tree "$tmp/same.jobs"
check "--checkpoint and --write-tree one file: the checkpoint kept" cmp -s "$tmp/4x6.jobs" "$tmp/same.jobs"
refused "--checkpoint in the batch game" "ordinary game" "$bin" evaluate -P 3 -K 3 -B 2 --strategy consistent --all --checkpoint "$tmp/b.jobs"
check "--checkpoint in the batch game: no file made" test ! -e "$tmp/b.jobs"
refused "--checkpoint: a directory" "is a directory, expected a file to write" "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp"
refused "--checkpoint: /dev/zero" "not a regular file" "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint /dev/zero
refused "--checkpoint: another game's" "expected the header" "$bin" evaluate --game ordinary -K 5 --strategy optimal --all --checkpoint "$tmp/4x6.jobs"
refused "--checkpoint: another strategy" "keeps the search of --strategy optimal" "$bin" evaluate --game ordinary --strategy knuth --all --checkpoint "$tmp/x.jobs"
refused "--checkpoint: no --all" "without --all" "$bin" evaluate --game ordinary --strategy optimal --sample 5 --checkpoint "$tmp/x.jobs"
refused "--checkpoint: a missing folder" "the folder '$tmp/no' does not exist" "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/no/such.jobs"
sed 's/ exact \([0-9]*\) / exact 1\1 /' "$tmp/4x6.jobs" >"$tmp/lie.jobs"
refused "--checkpoint: a value its strategy does not reach" "not the value recorded" "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint "$tmp/lie.jobs"
check "a refused checkpoint is left as it was" test "$(records "$tmp/lie.jobs")" -eq "$whole"

# --lower-bound: a proven bound, nothing searched, rising with the levels up to the optimum
# (4x5: the optimum and the bounds in well under a second, also under the sanitizers).
g=(--game ordinary -K 5 --strategy optimal --all)
lower() { "$bin" evaluate "${g[@]}" --lower-bound "$@" --json | jq -r .lower_bound; }
optimum=$("$bin" evaluate "${g[@]}" --json | jq .total)
l1=$(lower 1); l2=$(lower 2); l3=$(lower 3); l4=$(lower 4)
check "--lower-bound rises with the levels ($l1 < $l2 < $l3 <= $l4)" test "$l1" -lt "$l2" -a "$l2" -lt "$l3" -a "$l3" -le "$l4"
check "--lower-bound 4: at most the optimum ($l4 <= $optimum)" test "$l4" -le "$optimum"
"$bin" evaluate "${g[@]}" --lower-bound 2 >"$tmp/lb.txt"
check "--lower-bound: the text says the bound" grep -q "total at least $l2, mean at least" "$tmp/lb.txt"
first=$("$bin" evaluate "${g[@]}" --first 0011 --json | jq .total)
lf=$(lower 3 --first 0011)
check "--lower-bound --first 0011: at most that guess's optimum ($lf <= $first)" test "$lf" -le "$first"
check "--lower-bound --first 0011: at least the bound over every first guess ($lf >= $l3)" test "$lf" -ge "$l3"
"$bin" evaluate --game ordinary --strategy optimal --all -M 4 --lower-bound 2 --json >"$tmp/lb4.json"
check "--lower-bound -M 4: no strategy wins, status 1" test $? -eq 1
check "--lower-bound -M 4: possible false" test "$(jq .possible "$tmp/lb4.json")" = false
refused "--lower-bound on two threads" "one thread" "$bin" evaluate "${g[@]}" --lower-bound 2 --threads 2
refused "--lower-bound 0" "--lower-bound" "$bin" evaluate --game ordinary --strategy optimal --all --lower-bound 0
refused "--lower-bound 5" "--lower-bound" "$bin" evaluate --game ordinary --strategy optimal --all --lower-bound 5
refused "--lower-bound -1" "--lower-bound" "$bin" evaluate --game ordinary --strategy optimal --all --lower-bound -1
refused "--lower-bound of another strategy" "bounds the search of --strategy optimal" "$bin" evaluate --game ordinary --strategy knuth --all --lower-bound 2
refused "--lower-bound without --all" "got --sample" "$bin" evaluate --game ordinary --strategy optimal --sample 5 --lower-bound 2
refused "--lower-bound with --checkpoint" "--checkpoint" "$bin" evaluate --game ordinary --strategy optimal --all --lower-bound 2 --checkpoint "$tmp/lb.jobs"
check "--lower-bound with --checkpoint: no file made" test ! -e "$tmp/lb.jobs"
refused "--lower-bound in the batch game" "ordinary game" "$bin" evaluate -P 3 -K 3 -B 2 --strategy consistent --all --lower-bound 2

if [ -z "$mpi" ]; then
    echo "skip mpirun: mastermind-mpi not built (no MPI found when configured)"
    exit $((failures > 0))
fi

# Over 3 ranks (rank 0 hands out, two search): the report of one piece.
"$bin" evaluate --game ordinary -K 7 --strategy optimal --all --threads 1 >"$tmp/4x7.txt"
run_mpi() {  # run_mpi OUT [ARGS...]: 3 ranks of one thread each
    local out=$1
    shift
    timeout 300 "$mpiexec" --oversubscribe -np 3 "$mpi" evaluate --game ordinary --strategy optimal \
        --all --threads 1 "$@" >"$out" 2>"$out.err"
}
run_mpi "$tmp/mpi4x6.txt"
check "mpirun -np 3: status 0" test $? -eq 0
check "mpirun -np 3, 4x6 = one process" diff <(without_time "$tmp/4x6.txt") <(without_time "$tmp/mpi4x6.txt")
run_mpi "$tmp/mpi4x6a.txt" --rules adjacent
check "mpirun -np 3, 4x6 adjacent = one process" diff <(without_time "$tmp/4x6a.txt") <(without_time "$tmp/mpi4x6a.txt")
run_mpi "$tmp/mpi4x7.txt" -K 7 --write-tree "$tmp/mpi4x7.tree"
check "mpirun -np 3, 4x7 = one process" diff <(without_time "$tmp/4x7.txt") <(without_time "$tmp/mpi4x7.txt")
"$bin" evaluate --game ordinary -K 7 --strategy tree --tree "$tmp/mpi4x7.tree" --all >"$tmp/replayed.txt"
check "mpirun -np 3, 4x7: its tree replayed totals 11228" grep -q 'total 11228,' "$tmp/replayed.txt"

# Stopped (SIGTERM to mpirun) once its checkpoint holds 3 parts, then resumed: the same report,
# the parts of the first run not searched again.
jobs="$tmp/4x7.jobs"
run_mpi "$tmp/stopped.txt" -K 7 --checkpoint "$jobs" &
launcher=$!
for _ in $(seq 600); do
    [ -f "$jobs" ] && [ "$(records "$jobs")" -ge 3 ] && break
    sleep 0.05
done
# The launcher alone, once: `timeout`, whose command line names it too, would pass the signal on,
# and Open MPI's launcher takes a second signal as "exit now", leaving its ranks to finish alone.
pkill -TERM -f "^[^ ]*(mpiexec|mpirun|orterun) .*$jobs" || kill -TERM "$launcher"
wait "$launcher"
# The ranks may outlive their launcher for a moment; the checkpoint's lock says when they are gone.
for _ in $(seq 200); do
    pgrep -f "mastermind-mpi .*$jobs" >/dev/null || break
    sleep 0.05
done
before=$(records "$jobs")
size=$(stat -c %s "$jobs")
check "stopped: part-way ($before parts recorded)" test "$before" -ge 3
run_mpi "$tmp/resumed.txt" -K 7 --checkpoint "$jobs"
check "resumed: status 0" test $? -eq 0
check "resumed: the report of one piece" diff <(without_time "$tmp/4x7.txt") <(without_time "$tmp/resumed.txt")
check "resumed: took the parts searched before" grep -q "parts searched before" "$tmp/resumed.txt.err"
# The parts the stopped run solved (part FIRST BLACK WHITE LEFT exact ...) are not searched again.
solved() { awk '$1 == "part" && $6 == "exact" { print $2, $3, $4, $5 }' | sort -u; }
head -c "$size" "$jobs" | solved >"$tmp/before.keys"
tail -c +"$((size + 1))" "$jobs" | solved >"$tmp/after.keys"
check "resumed: searched more parts" test -s "$tmp/after.keys"
check "resumed: none of the parts solved before searched again" test -z "$(comm -12 "$tmp/before.keys" "$tmp/after.keys")"

# One process stopped by SIGTERM once its checkpoint holds a part (the first guess's largest, the
# first one searched): it says how to resume, and
# the same command does (release only, beside the MPI runs: 4x7 takes a minute under the
# sanitizers).
one="$tmp/one4x7.jobs"
"$bin" evaluate --game ordinary -K 7 --strategy optimal --all --threads 1 --checkpoint "$one" >"$tmp/one-stopped.txt" 2>"$tmp/one-stopped.err" &
single=$!
for _ in $(seq 600); do
    [ -f "$one" ] && [ "$(records "$one")" -ge 1 ] && break
    sleep 0.05
done
kill -TERM "$single"
wait "$single"
status=$?
check "SIGTERM: status 2" test "$status" -eq 2
check "SIGTERM: says the same command resumes" grep -q "stopped by a signal after .* searched; the same command resumes" "$tmp/one-stopped.err"
check "SIGTERM: no report" test ! -s "$tmp/one-stopped.txt"
"$bin" evaluate --game ordinary -K 7 --strategy optimal --all --threads 1 --checkpoint "$one" >"$tmp/one-resumed.txt" 2>/dev/null
check "SIGTERM, resumed: the report of one piece" diff <(without_time "$tmp/4x7.txt") <(without_time "$tmp/one-resumed.txt")

refused "mastermind-mpi: another ordinary strategy over 3 ranks" "divides only the search of --strategy optimal" \
    timeout 60 "$mpiexec" --oversubscribe -np 3 "$mpi" evaluate --game ordinary --strategy knuth --all
refused "mastermind-mpi: --lower-bound over 3 ranks" "runs in one process" \
    timeout 60 "$mpiexec" --oversubscribe -np 3 "$mpi" evaluate --game ordinary --strategy optimal --all --lower-bound 2
refused "mastermind-mpi: a checkpoint of another game" "expected the header" \
    timeout 60 "$mpiexec" --oversubscribe -np 3 "$mpi" evaluate --game ordinary --strategy optimal --all --checkpoint "$jobs"
exit $((failures > 0))
