#!/usr/bin/env bash
# `mastermind first-test` end to end on a small game: the same seed gives the same search, the
# best test it prints is never worse than the first candidate, bad options are refused.
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
"$bin" first-test -P 12 -K 16 >"$tmp/e" 2>&1
check "first-test: 16^12 secrets refused with exit 2" test $? -eq 2

exit $((failures > 0))
