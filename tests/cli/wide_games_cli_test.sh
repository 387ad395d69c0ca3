#!/usr/bin/env bash
# Games of more than 2^32 secrets (10 pegs of 10 colours: 10^10), whose secrets need 64-bit
# indices: evaluated on samples and given secrets, played through the arena by the default
# solver, and an exhaustive run too large for one process refused before any work.
# Usage: wide_games_cli_test.sh MASTERMIND
set -u
bin=$1
source "$(dirname "$0")/lib.sh"
game=(-P 10 -K 10 -B 10)

"$bin" evaluate "${game[@]}" --strategy adaptive-split --seed 1 --sample 4 --json --progress >"$tmp/sample.json" 2>"$tmp/sample.err"
check "a sample of 10/10/10: status 0" test $? -eq 0
check "a sample of 10/10/10: 4 games, none lost" test "$(jq '[.games, .failures] | tostring' "$tmp/sample.json")" = '"[4,0]"'
check "a sample of 10/10/10: within 3 tests" test "$(jq .worst "$tmp/sample.json")" -le 3
check "a sample's progress reaches 100%" grep -q "progress 100%" "$tmp/sample.err"

printf '9999999999\n0000000000\n4294967296\n' >"$tmp/secrets"
"$bin" evaluate "${game[@]}" --strategy adaptive-split --secrets "$tmp/secrets" --json >"$tmp/given.json"
check "given secrets past 2^32: none lost" test "$(jq .failures "$tmp/given.json")" -eq 0
check "given secrets past 2^32: 3 games" test "$(jq .games "$tmp/given.json")" -eq 3
# Each example reaching the worst case is one of the secrets given (a wrapped index would name another).
for example in $(jq -r '.worst_examples[]' "$tmp/given.json"); do
    check "given secrets past 2^32: example $example was given" grep -qx "$example" "$tmp/secrets"
done

"$bin" arena "${game[@]}" -n 3 --seed 5 -q -- "$bin" solve >"$tmp/arena.txt" 2>&1
check "arena on 10/10/10, the default solver: every game Accepted" grep -q "Accepted *3" "$tmp/arena.txt"

mem_kb=$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo)
if [ "$mem_kb" -lt $((160 * 1024 * 1024)) ]; then
    refused "--all on 10^10 secrets in one process" "GiB in one process" "$bin" evaluate "${game[@]}" --strategy adaptive-split --all
    refused "--all on 10^10 secrets in 2 shards" "in 2 shards holds about" "$bin" evaluate "${game[@]}" --strategy adaptive-split --all --shards 2
    refused "--shard 0/2 of 10^10 secrets" "divide it further" "$bin" evaluate "${game[@]}" --strategy adaptive-split --all --shard 0/2
fi
refused "--memory-limit too small for 10^10 secrets" "too little" "$bin" evaluate "${game[@]}" --all --memory-limit 64
exit $((failures > 0))
