#!/usr/bin/env bash
# `mastermind first-test` end to end on a small game: the same seed gives the same search, the
# best test it prints is never worse than the first candidate, bad options are refused; a test
# given with --from is scored and kept unless beaten, the climb from it never ends worse, the
# criteria print what they judge by, a bad --from is refused with status 2 before any work.
# Usage: first_test_cli_test.sh MASTERMIND
set -u
bin=$1
source "$(dirname "$0")/lib.sh"

run() { "$bin" first-test -P 4 -K 5 -B 4 --candidates 4 --climb 30 --stride 3 "$@"; }
run --seed 3 >"$tmp/a" 2>&1
check "first-test: exit 0" test $? -eq 0
run --seed 3 >"$tmp/b" 2>&1
check "first-test: same seed, same output" cmp -s "$tmp/a" "$tmp/b"
run --seed 4 >"$tmp/c" 2>&1
check "first-test: another seed, another search" bash -c "! cmp -s '$tmp/a' '$tmp/c'"
check "first-test: four candidates listed" test "$(grep -c '^candidate' "$tmp/a")" -eq 4
best=$(sed -n 's/^best: expected class //p' "$tmp/a")
best_candidate=$(sed -n 's/^candidate .*expected class *\([0-9.]*\) .*/\1/p' "$tmp/a" | sort -g | head -1)
check "first-test: the best is no worse than the best candidate" awk -v b="$best" -v w="$best_candidate" 'BEGIN { exit !(b + 0 <= w + 0) }'
check "first-test: the best test has 4 strings of 4 pegs" grep -qE '^[0-4]{4}( [0-4]{4}){3}$' "$tmp/a"

"$bin" first-test --stride 0 >"$tmp/d" 2>&1
check "first-test: --stride 0 refused with exit 2" test $? -eq 2
check "first-test: and says why" grep -q "stride" "$tmp/d"
refused "a stride past the game's size: a sample of one secret" "--stride 4294967295 makes a sample of 1 of the 6^5 secrets; at least 100" \
    "$bin" first-test -P 5 -K 6 -B 5 --stride 4294967295 --candidates 1 --climb 5
refused "16^12 secrets at the default stride: too large a sample" "makes a sample of 282321942539 of the 16^12 secrets; at most 2^26 = 67108864 (raise --stride) (997 is --stride's default" \
    "$bin" first-test -P 12 -K 16
# Past 2^32 secrets (10^10): sampled by 64-bit indices, a test of 10 strings of 10 pegs.
"$bin" first-test -P 10 -K 10 -B 10 --candidates 2 --climb 3 --stride 1000003 >"$tmp/wide" 2>&1
check "first-test on 10/10/10: exit 0" test $? -eq 0
check "first-test on 10/10/10: the best test has 10 strings of 10 pegs" grep -qE '^[0-9]{10}( [0-9]{10}){9}$' "$tmp/wide"


# --- --from and the criteria
game=(-P 5 -K 6 -B 4 --stride 1)
from="01234 11111 22345 54321"

"$bin" first-test "${game[@]}" --candidates 0 --climb 0 --from "$from" >"$tmp/from" 2>&1
check "--from alone: status 0" test $? -eq 0
check "--from alone: the best is the given test" test "$(tail -1 "$tmp/from")" = "$from"
start=$(sed -n 's/^from: *expected class *\([0-9.]*\).*/\1/p' "$tmp/from")
"$bin" first-test "${game[@]}" --candidates 0 --climb 300 --from "$from" >"$tmp/climb" 2>&1
best=$(sed -n 's/^best: expected class *\([0-9.]*\)$/\1/p' "$tmp/climb")
check "the climb from --from ends no worse ($start -> $best)" awk -v a="$start" -v b="$best" 'BEGIN {exit !(b <= a && b > 0)}'
check "the climb from --from improved it" awk -v a="$start" -v b="$best" 'BEGIN {exit !(b < a)}'
"$bin" first-test "${game[@]}" --candidates 2 --climb 20 --criterion hard --hard-size 100 >"$tmp/hard" 2>&1
check "--criterion hard: reports the share of secrets in classes of >= 100" grep -q "^best: secrets in classes of >= 100: " "$tmp/hard"
"$bin" first-test "${game[@]}" --candidates 2 --climb 20 --criterion largest >"$tmp/largest" 2>&1
check "--criterion largest: reports the largest class" grep -q "^best: largest class ~" "$tmp/largest"
"$bin" first-test "${game[@]}" --candidates 2 --climb 20 --criterion power --power 1 >"$tmp/power1" 2>&1
line=$(grep '^best: ' "$tmp/power1")
check "--criterion power --power 1: the power-1 mean is the expected class ($line)" \
    awk -v l="$line" 'BEGIN { n = split(l, w, " "); exit !(n > 8 && w[8] + 0 > 0 && w[8] + 0 == w[n] + 0) }'
"$bin" first-test "${game[@]}" --candidates 0 --climb 0 --from "$from" --criterion power --power 4 >"$tmp/power4" 2>&1
p4=$(sed -n 's/^best: power-4 mean of the class size *\([0-9.]*\),.*/\1/p' "$tmp/power4")
check "--criterion power --power 4 weighs large classes more: its mean ($p4) exceeds the expected class ($start)" \
    awk -v a="$p4" -v b="$start" 'BEGIN { exit !(a > b) }'
# Every measure in one line: the criterion's figure and the expected class agree with it.
sample_line=$(grep '^sample: ' "$tmp/power4")
check "the report's sample line gives the power-4 mean of the criterion ($p4)" \
    bash -c "grep -q ', power-4 mean $p4, ' <<<'$sample_line'"
check "and the expected class of the plain judgement ($start)" bash -c "grep -q 'expected class $start, ' <<<'$sample_line'"
check "and the share in classes of >= 2000 (the default --hard-size)" bash -c "grep -qE '% in classes of >= 2000\$' <<<'$sample_line'"
"$bin" first-test "${game[@]}" --candidates 0 --climb 0 --from "$from" --criterion hard --hard-size 100 >"$tmp/hard100" 2>&1
share=$(sed -n 's/^best: secrets in classes of >= 100: *\([0-9.]*\)%.*/\1/p' "$tmp/hard100")
check "--criterion hard: the sample line gives the same share ($share%)" grep -q ", $share% in classes of >= 100$" "$tmp/hard100"
refused "--power 0" "--power" "$bin" first-test "${game[@]}" --criterion power --power 0
refused "--power 9" "--power" "$bin" first-test "${game[@]}" --criterion power --power 9

# --- annealing (--temperature) and whole-string changes (--string-moves)
anneal() { "$bin" first-test "${game[@]}" --candidates 0 --climb 400 --from "$from" "$@"; }
anneal --temperature 0.2 --string-moves 0.3 --seed 5 >"$tmp/anneal" 2>&1
check "annealing: status 0" test $? -eq 0
anneal --temperature 0.2 --string-moves 0.3 --seed 5 >"$tmp/anneal2" 2>&1
check "annealing: same seed, same output" cmp -s "$tmp/anneal" "$tmp/anneal2"
best=$(sed -n 's/^best: expected class *\([0-9.]*\)$/\1/p' "$tmp/anneal")
check "annealing ends no worse than its start ($start -> $best)" awk -v a="$start" -v b="$best" 'BEGIN {exit !(b <= a && b > 0)}'
worse=$(sed -n 's/^annealed: .* kept, \([0-9]*\) of them worse.*/\1/p' "$tmp/anneal")
check "annealing at a high temperature keeps some worse tests ($worse)" test "${worse:-0}" -gt 0
check "the plain climb reports no annealing" bash -c "! grep -q '^annealed' '$tmp/climb'"
anneal --string-moves 1 --seed 5 >"$tmp/strings" 2>&1
check "--string-moves 1: status 0" test $? -eq 0
anneal --seed 5 >"$tmp/pegs" 2>&1
check "--string-moves 1 searches other tests than single-peg changes" bash -c "! cmp -s '$tmp/strings' '$tmp/pegs'"
anneal --seed 5 --progress >"$tmp/progress.out" 2>"$tmp/progress.err"
check "--progress: a line every 1,000 steps on stderr, none for 400" test ! -s "$tmp/progress.err"
small=(-P 4 -K 5 -B 4 --stride 1 --candidates 0 --climb 2500 --from "0123 1111 2234 4321")  # 2,500 steps: a small sample
"$bin" first-test "${small[@]}" --progress >"$tmp/progress.out" 2>"$tmp/progress.err"
check "--progress: 2 lines for 2,500 steps" test "$(grep -c 'steps: current expected class' "$tmp/progress.err")" -eq 2
"$bin" first-test "${small[@]}" >"$tmp/quiet.out" 2>&1
check "--progress: stdout as without it" diff "$tmp/progress.out" "$tmp/quiet.out"
refused "--temperature -0.1" "--temperature" "$bin" first-test "${game[@]}" --temperature -0.1
refused "--temperature 2" "--temperature" "$bin" first-test "${game[@]}" --temperature 2
refused "--string-moves 1.5" "--string-moves" "$bin" first-test "${game[@]}" --string-moves 1.5
refused "--temperature nan" "--temperature" "$bin" first-test "${game[@]}" --temperature nan

refused "--from with too few strings" "has 2 strings; a test has 4" "$bin" first-test "${game[@]}" --from "01234 11111"
refused "--from with a string twice" "twice" "$bin" first-test "${game[@]}" --from "01234 01234 11111 22222"
refused "--from with a colour out of range" "is not a string of 5 pegs over 6 colours" "$bin" first-test "${game[@]}" --from "01239 11111 22345 54321"
refused "an empty --from" "--from is empty" "$bin" first-test "${game[@]}" --from " "
refused "--candidates 0 without --from" "needs --from" "$bin" first-test "${game[@]}" --candidates 0
refused "an unknown criterion" "--criterion" "$bin" first-test "${game[@]}" --criterion smallest


# --- --checkpoint: the climb's state every 1,000 steps and at its end. A run with it prints what
# a run without it prints; the same command again resumes from the finished state and reports the
# same best test; another search's file, a file that is not a state, a folder and a climb of 0
# steps are refused with status 2. (A climb resumed half way ends as one never stopped:
# tests/batch/first_test_search_test.cpp.)
climb=(first-test -P 5 -K 6 -B 5 --candidates 3 --climb 2500 --stride 3 --temperature 0.1 --string-moves 0.2)
"$bin" "${climb[@]}" >"$tmp/climb-whole" 2>&1
"$bin" "${climb[@]}" --checkpoint "$tmp/climb.state" >"$tmp/climb-a" 2>&1
check "--checkpoint: status 0" test $? -eq 0
check "--checkpoint: the same output as without it" cmp -s "$tmp/climb-whole" "$tmp/climb-a"
check "--checkpoint: the state at the end of the climb" grep -qx "step 2500" "$tmp/climb.state"
check "--checkpoint: its first line names the search" grep -q "^# mastermind first-test checkpoint: game 5 6 5 20 seed 1 candidates 3 climb 2500 stride 3 .* temperature 0.1 string-moves 0.2 from -$" "$tmp/climb.state"
"$bin" "${climb[@]}" --checkpoint "$tmp/climb.state" >"$tmp/climb-b" 2>&1
check "--checkpoint again: status 0" test $? -eq 0
check "--checkpoint again: says it resumes" grep -q "^resuming from '$tmp/climb.state' at step 2500 of 2500" "$tmp/climb-b"
check "--checkpoint again: the same best test" diff <(sed -n '/^best:/,$p' "$tmp/climb-whole") <(sed -n '/^best:/,$p' "$tmp/climb-b")
# Stopped by SIGTERM while it scores its candidates, before the climb's first checkpoint: it says
# nothing is kept yet.
stopped "a search with --checkpoint, among its candidates" "^candidate" "nothing is kept in '$tmp/early.state' yet; the same command starts again" \
    "$bin" first-test -P 5 -K 6 -B 5 --candidates 100000 --climb 10 --stride 3 --checkpoint "$tmp/early.state"
# Stopped by SIGTERM: a word on where the climb is kept, and the same command goes on from it.
long=(first-test -P 5 -K 6 -B 5 --candidates 1 --climb 10000000 --stride 3 --checkpoint "$tmp/long.state" --progress)
stopped "a long climb with --checkpoint" " steps: current" "holds the climb as of its last thousand steps: the same command goes on from there" "$bin" "${long[@]}"
check "stopped: the state of a thousand steps or more" grep -qx "step [1-9][0-9]*000" "$tmp/long.state"
# One run a checkpoint: a second climb on the state of one under way is refused; the lock file goes
# with the run.
start_until " steps: current" "$tmp/busy.out" "$tmp/busy.err" "$bin" "${long[@]}"
refused "a second climb on a checkpoint in use" "is in use by another run ('$tmp/long.state.lock' is held" "$bin" "${long[@]}"
kill -TERM "$started"
wait "$started"
stopped "a long climb resumed" " steps: current" "the same command goes on" "$bin" "${long[@]}"
check "stopped: resumed, it says so" grep -q "^resuming from '$tmp/long.state' at step [1-9]" "$tmp/stopped.out"
"$bin" first-test -P 5 -K 6 -B 5 --candidates 1 --climb 1000 --stride 3 --checkpoint "$tmp/short-climb.state" >/dev/null 2>&1
check "a climb that ends: its lock file goes" test -s "$tmp/short-climb.state" -a ! -e "$tmp/short-climb.state.lock"
refused "--checkpoint of another search" "was made by another search" "$bin" "${climb[@]}" --checkpoint "$tmp/climb.state" --seed 2
sed 's/^kept .*/kept many/' "$tmp/climb.state" >"$tmp/bad.state"
refused "--checkpoint, a damaged state" "the kept line does not hold its value" "$bin" "${climb[@]}" --checkpoint "$tmp/bad.state"
sed 's/^kept .*/kept 99999 0/' "$tmp/climb.state" >"$tmp/many.state"
refused "--checkpoint, more changes kept than steps taken" "the kept line does not hold its value" "$bin" "${climb[@]}" --checkpoint "$tmp/many.state"
head -3 "$tmp/climb.state" >"$tmp/short.state"
refused "--checkpoint, a state cut short" "ends before its current line" "$bin" "${climb[@]}" --checkpoint "$tmp/short.state"
refused "--checkpoint, a folder" "is a directory, expected a file to write" "$bin" "${climb[@]}" --checkpoint "$tmp"
refused "--checkpoint with --climb 0" "--climb is 0" "$bin" first-test -P 5 -K 6 -B 5 --candidates 2 --climb 0 --stride 3 --checkpoint "$tmp/none.state"
check "--checkpoint with --climb 0: nothing written" test ! -e "$tmp/none.state"

exit $((failures > 0))
