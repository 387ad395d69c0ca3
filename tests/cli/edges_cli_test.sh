#!/usr/bin/env bash
# Edge cases across the commands: games no strategy can play refused before any work, hints and
# counts that give up within their budget and say so, options that do not apply refused with the
# reason rather than ignored, and the answers a person types that contradict each other.
# Usage: edges_cli_test.sh MASTERMIND
set -u
bin=$1
source "$(dirname "$0")/lib.sh"
test9="000000000 111111111 222222222 333333333 444444444 555555555 666666666 777777777 888888888"

# --- a test of more strings than the game has codes (B > K^P): refused by every command.
refused "play: B > K^P" "needs at least 3 codes" "$bin" play --game batch -P 1 -K 2 -B 3 --seed 1
refused "evaluate: B > K^P" "needs at least 5 codes" "$bin" evaluate -P 2 -K 2 -B 5 --strategy adaptive-split --all
refused "judge: B > K^P" "needs at least 5 codes" "$bin" judge -P 2 -K 2 -B 5 --seed 1
refused "first-test: B > K^P" "needs at least 5 codes" "$bin" first-test -P 2 -K 2 -B 5
refused "second-tests: B > K^P" "needs at least 5 codes" "$bin" second-tests -P 2 -K 2 -B 5 --out "$tmp/st.inc"
refused "arena: B > K^P" "needs at least 5 codes" "$bin" arena -P 2 -K 2 -B 5 --games 1 -- "$bin" solve
# A game of so few codes that its tests run out of strings not sent before (5 codes, 2 a test):
# adaptive-split challenges one of the secrets still possible, as the search strategies do,
# rather than drawing strings for ever or giving up with a strategy error.
timeout 30 "$bin" evaluate --game batch -P 1 -K 5 -B 2 --strategy adaptive-split --all >"$tmp/out" 2>"$tmp/err"
status=$?
check "evaluate P=1 K=5 B=2: every game played to its end, no hang (status $status)" test "$status" -le 1
check "evaluate P=1 K=5 B=2: all 5 games" grep -q "^games 5," "$tmp/out"
check "evaluate P=1 K=5 B=2: no strategy error" bash -c "! grep -q 'strategy error' '$tmp/out'"
check "evaluate P=1 K=5 B=2: a game lost is a challenge" bash -c "! grep -q '^failure:' '$tmp/out' || grep -q '^failure: .*challenged' '$tmp/out'"
echo "2 2 5 20" | timeout 20 "$bin" solve >"$tmp/out" 2>"$tmp/err"
status=$?
check "solve on a header with B > K^P: status 2, no hang (got $status)" test "$status" -eq 2
check "solve on a header with B > K^P: says why" grep -q "needs at least 5 codes" "$tmp/err"

# --- counts the batch game cannot scan: a message, no abort.
printf '%s\ncount\n' "$test9" | timeout 60 "$bin" play --game batch --rules adjacent --seed 1 >"$tmp/out" 2>"$tmp/err"
check "count, adjacent 9/10/9 after a test: no abort (status 1 at the end of input)" test $? -eq 1
check "count, adjacent 9/10/9 after a test: says why not" grep -q "No count: a count under adjacent rules scans every secret" "$tmp/out"
printf 'count\n' | "$bin" play --game batch --rules adjacent --seed 1 >"$tmp/out" 2>&1
check "play, a batch game no strategy plays: played without hints" grep -q "No hints in this game" "$tmp/out"
check "count with no test: every secret" grep -q "1000000000 secrets still fit (no test yet)" "$tmp/out"
# A count after a test is the number of secrets consistent with it, checked against a brute
# force here (classic rules, 4 pegs of 4 colours, one test of 3 strings; the answers as shown).
printf '0123 1230 3333\ncount\nreveal\n' | "$bin" play --game batch -P 4 -K 4 -B 3 --seed 5 >"$tmp/count"
counted=$(sed -n 's/^\([0-9]*\) secrets\{0,1\} still fits\{0,1\} the answers\.$/\1/p' "$tmp/count")
expected=$(python3 - "$tmp/count" <<'PY'
import itertools, re, sys
text = open(sys.argv[1]).read()
row = re.search(r"^ +answers (.*)$", text, re.M).group(1)
shown = sorted(tuple(map(int, a)) for a in re.findall(r"\((\d),(\d)\)", row))
def hit_blow(secret, guess):
    hit = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return hit, common - hit
strings = ["0123", "1230", "3333"]
print(sum(sorted(hit_blow(s, g) for g in strings) == shown for s in map("".join, itertools.product("0123", repeat=4))))
PY
)
check "count after a test: $counted, a brute force says $expected" test -n "$counted" -a "$counted" = "$expected"

# --- hints that would search without end: refused by size, or given up within the budget.
printf 'hint optimal\n' | timeout 30 "$bin" play -P 5 -K 8 --seed 1 >"$tmp/out" 2>&1
check "play 5x8: hint optimal refused at once, with why" grep -q "No hint: optimal searches the whole game" "$tmp/out"
refused "assist 5x8 --codebreaker optimal" "at most 2401 codes" timeout 30 "$bin" assist -P 5 -K 8 --codebreaker optimal
printf 'hint optimal\n' | timeout 30 "$bin" play --seed 1 >"$tmp/out" 2>&1
check "play 4x6: hint optimal given" grep -q "^Hint (optimal): " "$tmp/out"
printf '0123 1230 3333\nhint\n' | timeout 60 "$bin" play --game batch -P 4 -K 4 -B 3 -M 1 --seed 5 >"$tmp/out" 2>&1
check "play -M 1: the hint after the last test is a challenge" grep -q "^Hint (.*): challenge " "$tmp/out"

# --- assist: a contradictory all-black answer is no win; -M is kept.
printf '0000 0 0\n0123 4 0\n' | "$bin" assist >"$tmp/out" 2>&1
check "assist: a contradictory all-black answer is not solved" bash -c "! grep -q 'Solved' '$tmp/out'"
check "assist: it is named as a likely typing error" grep -q "No code fits these answers" "$tmp/out"
printf '0000 0 0\n0123 1 0\n1111 0 0\n' | "$bin" assist -M 2 >"$tmp/out" 2>&1
check "assist -M 2: a third guess refused" grep -q "No guesses left: the game allows 2 guesses" "$tmp/out"
"$bin" assist --help >"$tmp/help"
check "assist --help: no batch game offered" bash -c "! grep -q -e '--batch' -e 'batch (' '$tmp/help'"
refused "assist -M 101" "--max-guesses" "$bin" assist -M 101
refused "play -M 500 (ordinary)" "--max-guesses (-M): the ordinary game allows 1 to 100" "$bin" play -M 500
refused "judge -P 9 (ordinary)" "--pegs (-P): the ordinary game has 1 to 8 pegs" "$bin" judge --game ordinary -P 9

# --- options that do not apply (or are empty): refused with the reason, never ignored.
"$bin" evaluate --game ordinary -P 3 -K 3 --strategy knuth --all --write-tree "$tmp/k33.tree" >/dev/null
refused "evaluate --strategy tree --first (not the tree's)" "the tree plays 001 first" \
    "$bin" evaluate --game ordinary -P 3 -K 3 --strategy tree --tree "$tmp/k33.tree" --first 222 --all
refused "solve --strategy tree --first (not the tree's)" "the tree plays 001 first" \
    bash -c "echo 'ordinary 3 3 10 classic' | '$bin' solve --strategy tree --tree '$tmp/k33.tree' --first 222"
refused "evaluate --exact-below with knuth" "entropy-optimal's" "$bin" evaluate --game ordinary --strategy knuth --exact-below 5 --all
refused "solve --exact-below with knuth" "entropy-optimal's" "$bin" solve --strategy knuth --exact-below 5
# A header of neither game names both games' forms; a batch-shaped one only the batch game's.
echo garbage | "$bin" solve >/dev/null 2>"$tmp/err"
check "solve: header 'garbage' names the ordinary game's form too" grep -q "nor 'ordinary P K M RULES'" "$tmp/err"
echo "9 10 9 x" | "$bin" solve >/dev/null 2>"$tmp/err"
check "solve: header '9 10 9 x' names its field 4" test "$(cat "$tmp/err")" = "mastermind solve: header field 4 'x' is not a number"
echo "ordinry 4 6 10 classic" | "$bin" solve >/dev/null 2>"$tmp/err"
check "solve: header 'ordinry 4 6 10 classic' names its first word" grep -q "field 1 'ordinry'" "$tmp/err"
refused "evaluate --exact-below in the batch game" "--exact-below (entropy-optimal's) is for the ordinary game" \
    "$bin" evaluate -P 4 -K 6 -B 4 --strategy consistent --sample 5 --exact-below 7
# A --first that is no code of any game is refused before the judge's header is read.
refused "solve --first -1, before any header" "'-' is not a colour" "$bin" solve --first -1 </dev/null
refused "solve --first a12 (lower case)" "'a' is not a colour" "$bin" solve --first a12 </dev/null
echo "9 10 9 20" | "$bin" solve --first 000000000 >"$tmp/out" 2>"$tmp/err"
check "solve --first in the batch game: status 2" test $? -eq 2
check "solve --first in the batch game: says why" grep -q "choose their own first test" "$tmp/err"
refused "solve --first ''" "must not be empty" "$bin" solve --first ''
refused "evaluate --first ''" "must not be empty" "$bin" evaluate --game ordinary --first '' --all
refused "arena --games with --secret" "excludes" "$bin" arena --games 5 --secret 000000000 -- "$bin" solve
refused "arena --secrets with --secret" "excludes" "$bin" arena --secrets /dev/null --secret 000000000 -- "$bin" solve
refused "arena --time-limit 0.0001" "from 0.001" "$bin" arena --time-limit 0.0001 --games 1 -- "$bin" solve
refused "judge --timeout 0.0001" "from 0.001" "$bin" judge --timeout 0.0001 --seed 1
refused "solve --timeout 0.0001" "from 0.001" "$bin" solve --timeout 0.0001

# --- solve --strategy tree on answers the tree does not hold: inconsistent (3), no abort.
printf 'ordinary 3 3 10 classic\n0 0\n0 0\n0 0\n' | "$bin" solve --strategy tree --tree "$tmp/k33.tree" >/dev/null 2>"$tmp/err"
check "solve --strategy tree, answers fitting no code: status 3" test $? -eq 3
check "solve --strategy tree: says which answer" grep -q "the tree has no guess after answer '0 0' to guess 2" "$tmp/err"

# --- arena: what follows "--" is the program's, even after a repeatable option.
"$bin" arena --game ordinary --secret 0011 -- "$bin" solve --strategy knuth >"$tmp/out" 2>&1
check "arena --secret S -- PROGRAM --option: the option is the program's" grep -q "^game *1 .*Accepted" "$tmp/out"

# --- messages of our own, not a library's; nothing on stdout when an output fails.
: >"$tmp/zero.json"
refused "merge: an empty file" "not JSON (a shard's report" "$bin" merge "$tmp/zero.json"
refused "merge ''" "FILE: must not be empty" "$bin" merge "$tmp/zero.json" ''
echo '{"x": 1}' >"$tmp/nogame.json"
refused "draw histogram: a report without its game" "no field 'game'" "$bin" draw histogram "$tmp/nogame.json"
check "draw histogram: no library text" bash -c "! grep -q 'json.exception' '$tmp/refused.err'"
refused "serve --host naming nothing" "not an address of this machine" timeout 10 "$bin" serve --host no.such.host.invalid --port 0
# An IPv6 address is printed in brackets, as a URL has it (where the machine has the IPv6 loopback).
timeout -s TERM 1 "$bin" serve --port 0 --host ::1 >"$tmp/v6.out" 2>"$tmp/v6.err"
if grep -q "cannot listen" "$tmp/v6.err"; then
    echo "skip serve --host ::1: no IPv6 loopback here"
else
    check "serve --host ::1: the URL in brackets" grep -q '^mastermind serve: http://\[::1\]:[0-9]*/ ' "$tmp/v6.out"
fi
# `serve` runs the server program beside the executable (app/serve.hpp); without it, a message.
mkdir -p "$tmp/alone" "$tmp/site"
cp "$bin" "$tmp/alone/mastermind"
for file in index.html app.js engine-worker.js mastermind.js mastermind.wasm; do : >"$tmp/site/$file"; done
refused "serve without mastermind-serve beside it" "cannot start the server .*alone/mastermind-serve" \
    timeout 10 "$tmp/alone/mastermind" serve --site "$tmp/site" --port 0
refused "evaluate --write-tree /dev/full" "write error" "$bin" evaluate --game ordinary -P 3 -K 3 --strategy knuth --all --write-tree /dev/full

# --- draw: a tree from standard input as from a file; each picture's help has its own example.
"$bin" draw tree "$tmp/k33.tree" --format dot >"$tmp/from-file.dot"
"$bin" draw tree - --format dot <"$tmp/k33.tree" >"$tmp/from-stdin.dot"
check "draw tree -: standard input draws the same tree" cmp -s "$tmp/from-file.dot" "$tmp/from-stdin.dot"
for picture in game histogram tree; do
    "$bin" draw "$picture" --help >"$tmp/help"
    check "draw $picture --help: an example of draw $picture" grep -q "^  mastermind draw $picture " "$tmp/help"
done
refused "draw tree, an unknown option: the subcommand's help named" "see mastermind draw tree --help" "$bin" draw tree "$tmp/k33.tree" --bogus

# --- endless input where a person types: the input ends with a message, nothing is held.
for command in "play" "assist" "play --game batch -P 3 -K 3 -B 2"; do
    read -r -a args <<<"$command"
    timeout 20 "$bin" "${args[@]}" </dev/zero >/dev/null 2>"$tmp/err"
    status=$?
    check "$command < /dev/zero: ends by itself with status 2 (got $status)" test "$status" -eq 2
    check "$command < /dev/zero: says why" grep -q "longer than 4096 bytes" "$tmp/err"
    timeout 20 "$bin" "${args[@]}" <"$tmp" >"$tmp/out" 2>"$tmp/err"
    status=$?
    check "$command < a directory: status 2 (got $status)" test "$status" -eq 2
    check "$command < a directory: one message saying so" bash -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q 'standard input is a directory' '$tmp/err'"
    check "$command < a directory: no game reported over" bash -c "! grep -q 'The secret was' '$tmp/out'"
done

echo "$failures failures"
[ "$failures" -eq 0 ]
