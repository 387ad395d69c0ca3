#!/usr/bin/env bash
# `mastermind bench`: its signature equals tests/data/bench-signature (a behaviour change of any
# strategy changes it; README, "A behaviour change and the bench signature") and does not depend
# on the number of threads.
# Usage: bench_cli_test.sh MASTERMIND DATA_DIR
set -u
bin=$1
data=$2
source "$(dirname "$0")/lib.sh"

"$bin" bench >"$tmp/bench" 2>"$tmp/err"
check "bench: exit 0, nothing on stderr" test "$?:$(wc -c <"$tmp/err")" = "0:0"
check "bench: one line per evaluation and a signature" test "$(grep -c ' nodes ' "$tmp/bench")" -ge 40
tail -1 "$tmp/bench" >"$tmp/signature"
if ! check "bench: the signature is tests/data/bench-signature's" cmp -s "$tmp/signature" "$data/bench-signature"; then
    echo "  expected $(cat "$data/bench-signature"), got $(cat "$tmp/signature")"
fi
# (The release flavour only: the sanitize flavour runs the same code ten times slower.)
if [ "${MASTERMIND_SANITIZED:-0}" != 1 ]; then
    check "bench --threads 1 gives the same signature" test "$("$bin" bench -q --threads 1)" = "$(cat "$tmp/signature")"
fi
check "no evaluation failed" bash -c "! grep -E 'failures [1-9]' '$tmp/bench'"
echo "bench_cli_test: $failures failures"
test "$failures" -eq 0
