#!/usr/bin/env bash
# The rest of the family end to end: codes without repeated colours (--distinct, --game
# bulls-and-cows) through judge, solve, arena, evaluate, trees, play and assist, and the exact
# optima that are published for them (fancidev's mmstrat, "no repetition"); the worst-case optimum
# (optimal-worst: Knuth's 5 guesses for 4x6 at 5626, Jaeger and Peczarski's 6 for 4x7), and the
# fewest games at it (optimal-worst-fewest); and the strategies committed under offline/, replayed.
# Bulls and Cows' own optimum (26,274, worst 7) takes tens of seconds: scripts/bench-optimal.sh
# asserts it beside mmstrat's time.
# Usage: family_cli_test.sh MASTERMIND [PLAYER]
#   PLAYER  the mastermind whose `solve` plays the arena's games (default: MASTERMIND); the
#           sanitize flavour's suite names the release build's.
set -u
bin=$1
player=${2:-$bin}
source "$(dirname "$0")/lib.sh"
sanitized=${MASTERMIND_SANITIZED:-0}

# --- the exact optimum without repeated colours, to the digit (mmstrat's -r pPcKn, optimal).
optimum() {  # optimum STRATEGY PEGS COLOURS TOTAL WORST [options]
    local strategy=$1 p=$2 k=$3 total=$4 worst=$5
    shift 5
    "$bin" evaluate --game ordinary -P "$p" -K "$k" --strategy "$strategy" --all --json "$@" >"$tmp/o.json"
    check "$strategy ${p}x$k $*: total $total, worst $worst" \
        test "$(jq -r '"\(.total) \(.worst) \(.failures)"' "$tmp/o.json")" = "$total $worst 0"
}
optimum optimal 3 6 436 5 --distinct
optimum optimal 3 7 836 5 --distinct
optimum optimal 4 6 1446 5 --distinct
check "the report names the rule" test "$(jq .game.distinct "$tmp/o.json")" = true
if [ "$sanitized" != 1 ]; then
    optimum optimal 4 7 3639 6 --distinct
    optimum optimal 4 8 7817 6 --distinct --threads 2
    # The least worst case, then the least total among the strategies that reach it.
    optimum optimal-worst 4 6 5626 5
    optimum optimal-worst 4 7 11228 6 --threads 2
    # The least worst case, then the fewest games that take it (539 of 5 guesses against
    # optimal-worst's 540), then the least total; its tree replays.
    optimum optimal-worst-fewest 4 6 5627 5 --write-tree "$tmp/f.tree"
    check "optimal-worst-fewest 4x6: 539 games of 5 guesses" test "$(jq '.histogram[5]' "$tmp/o.json")" = 539
    optimum tree 4 6 5627 5 --tree "$tmp/f.tree"
fi
optimum optimal-worst 3 5 196 4 --distinct
optimum optimal-worst-fewest 3 6 437 5 --distinct
check "optimal-worst-fewest 3x6 distinct: 3 games of 5 guesses (optimal-worst: 4)" \
    test "$(jq '.histogram[5]' "$tmp/o.json")" = 3
optimum optimal 3 5 196 4 --distinct --write-tree "$tmp/d.tree"
check "the tree's header says distinct" test "$(head -1 "$tmp/d.tree")" = "mastermind-tree 1 classic 3 5 distinct"
optimum tree 3 5 196 4 --distinct --tree "$tmp/d.tree"
refused "a distinct tree in a game with repeats" "is for classic rules, 3x5 distinct; the game has classic rules, 3x5" \
    "$bin" evaluate --game ordinary -P 3 -K 5 --strategy tree --tree "$tmp/d.tree" --all

# --- Bulls and Cows by the heuristics: every game won, real play equal to the walk.
"$bin" evaluate --game bulls-and-cows --strategy most-parts --all --json >"$tmp/bc.json"
check "bulls-and-cows: 5040 games, none lost" test "$(jq -r '"\(.games) \(.failures) \(.game.pegs) \(.game.colours)"' "$tmp/bc.json")" = "5040 0 4 10"
"$bin" evaluate --game bulls-and-cows --strategy most-parts --sample 200 --seed 3 --json >"$tmp/bcs.json"
check "bulls-and-cows sampled: none lost, no longer than the walk's worst" \
    test "$(jq -r '"\(.failures) \(.worst)"' "$tmp/bcs.json")" = "0 $(jq .worst "$tmp/bcs.json")"

# --- the judge and a solver over the protocol: the header says distinct, the solver wins.
mkfifo "$tmp/to-judge"
"$bin" judge --game bulls-and-cows --seed 11 --transcript "$tmp/t.txt" --log "$tmp/g.jsonl" <"$tmp/to-judge" 2>"$tmp/j.err" |
    "$player" solve --strategy knuth >"$tmp/to-judge"
check "judge + solve: Accepted" grep -q "Accepted" "$tmp/j.err"
check "the header names the rule" test "$(head -1 "$tmp/t.txt")" = "judge> ordinary 4 10 10 classic distinct"
check "every guess has distinct colours" bash -c "! grep '^solver> guess' '$tmp/t.txt' | awk '{print \$3}' | grep -E '(.).*\\1'"
check "the log's replay command keeps the rule" grep -q -- '--distinct --seed 11' "$tmp/g.jsonl"
"$bin" draw game "$tmp/g.jsonl" -o "$tmp/g.svg"
check "the drawn board says none twice" grep -q "none twice" "$tmp/g.svg"
printf 'guess 1123\n' | "$bin" judge --game bulls-and-cows --seed 1 >"$tmp/v.out" 2>"$tmp/v.err"
check "a guess with a colour twice is a violation (status 3)" test $? -eq 3
check "the violation says why" grep -q "has '1' twice (positions 1 and 2): colours may not repeat" "$tmp/v.out"
"$bin" arena --game ordinary -K 8 --distinct --rules adjacent --games 12 --seed 4 -- "$player" solve --strategy most-parts >"$tmp/a.out" 2>&1
check "arena, 4x8 distinct adjacent: every game Accepted" test $? -eq 0

# --- people: play and assist refuse a guess with a colour twice, with the reason.
printf '1123\n0123\n' | "$bin" play --game bulls-and-cows --seed 2 >"$tmp/p.out" 2>&1
check "play: a colour twice is refused" grep -q "has '1' twice" "$tmp/p.out"
check "play: the header says none twice" grep -q "none twice in a code" "$tmp/p.out"
printf '0123 0 2\n' | "$bin" assist --game bulls-and-cows >"$tmp/s.out" 2>&1
check "assist: 1260 codes fit 0123 0 2" grep -q "1260 codes fit" "$tmp/s.out"

# The replay command play prints plays the same game: the same secret from the judge.
printf 'reveal\n' | "$bin" play --game bulls-and-cows --seed 7 >"$tmp/r.out" 2>&1
replay=$(sed -n 's/.*(the same game: mastermind \(judge [^)]*\)).*/\1/p' "$tmp/r.out" | head -1)
secret=$(sed -n 's/^The secret was \([0-9]*\)\..*/\1/p' "$tmp/r.out")
# shellcheck disable=SC2086 # the replay command's words
printf 'guess 0000\n' | "$bin" $replay >/dev/null 2>"$tmp/r.err"
check "play's replay command ($replay) draws the same secret ($secret)" grep -q "(secret $secret)" "$tmp/r.err"

# --- a game no strategy can win in time: solve says it gave up (status 1), no abort.
printf 'ordinary 3 5 3 classic distinct\n' | "$bin" solve --strategy optimal-worst >/dev/null 2>"$tmp/g.err"
check "solve gives up a game it cannot win within 3 guesses (status $?)" test $? -eq 1
check "solve says why it gave up" grep -q "gave up after 0 moves: no strategy finds all 60 secrets within 3 more guesses" "$tmp/g.err"
# A guess past the judge's limit: the solver lost (status 1), the judge did nothing wrong.
printf 'ordinary 4 6 2 classic\n0 0\n0 0\nerror guess 3 is past the limit of 2 guesses\n' |
    "$bin" solve --strategy knuth >/dev/null 2>"$tmp/l.err"
check "solve past the judge's limit lost (status $?)" test $? -eq 1
check "solve says it lost at the limit" grep -q "lost after 2 moves: the secret was not found within the 2 guesses the judge allows" "$tmp/l.err"
# evaluate under a limit below the least worst case (5 on 4x6): every game fails, said as such, not
# as "worst case 0 guesses".
"$bin" evaluate --game ordinary --strategy optimal --all -M 4 >"$tmp/m.out" 2>&1
check "evaluate -M 4 with optimal fails every game (status $?)" test $? -eq 1
check "evaluate -M 4 says no game was won" grep -q "^no game won: every game failed" "$tmp/m.out"
check "evaluate -M 4 prints no worst case" test "$(grep -c "worst case" "$tmp/m.out")" = 0
check "evaluate -M 4 says no strategy meets the limit" grep -q "no strategy finds all 1296 secrets within 4 more guesses" "$tmp/m.out"
# A file option given "-" (standard output) is refused: it would write a file named "-".
(bin=$(realpath "$bin") && cd "$tmp" && "$bin" evaluate --game ordinary --strategy knuth --all --write-tree - >/dev/null 2>"$tmp/d.err")
check "evaluate --write-tree - is refused (status $?)" test $? -eq 2
check "evaluate --write-tree - says why" grep -q "writes a file, not standard output" "$tmp/d.err"
check "evaluate --write-tree - wrote no file named -" test ! -e "$tmp/-"
(bin=$(realpath "$bin") && cd "$tmp" && "$bin" evaluate --game ordinary --strategy optimal --all --checkpoint - >/dev/null 2>"$tmp/d.err")
check "evaluate --checkpoint - is refused (status $?)" test $? -eq 2
check "evaluate --checkpoint - says why" grep -q "writes a file, not standard output" "$tmp/d.err"
check "evaluate --checkpoint - wrote no file named -" test ! -e "$tmp/-"

# --- a log the disk refuses is lost work: said, status 2, the verdict still printed.
if [ -w /dev/full ]; then
    printf 'guess 9876\n' | "$bin" judge --game bulls-and-cows --secret 9876 --log /dev/full >/dev/null 2>"$tmp/f.err"
    check "judge: an unwritable log is status 2 ($?)" test $? -eq 2
    check "judge: it names the log" grep -q "the log '/dev/full' could not be written in full" "$tmp/f.err"
    check "judge: the verdict is still said" grep -q "Accepted after 1 guess" "$tmp/f.err"
fi

# --- refusals, before any work.
refused "distinct in the batch game" "--distinct: the batch game" "$bin" evaluate --distinct --all
refused "too few colours" "need at least 5 colours (got 4)" "$bin" evaluate --game ordinary -P 5 -K 4 --distinct --all
refused "a secret with a colour twice" "--secret '1123' has '1' twice" "$bin" judge --game bulls-and-cows --secret 1123

# --- the committed strategies (offline/), replayed by the tree codebreaker to their figures
# (docs/results.md): the exact 5x6 optima, Bulls and Cows' fewest games at 7, the best 5x8 found.
root=$(cd "$(dirname "$0")/../.." && pwd)
replayed() {  # replayed FILE "TOTAL WORST GAMES-AT-WORST" [game options]
    local file=$1 want=$2
    shift 2
    "$bin" evaluate "$@" --strategy tree --tree "$root/$file" --all --json >"$tmp/t.json"
    check "$file replays to $want" \
        test "$(jq -r '"\(.total) \(.worst) \(.histogram[.worst]) \(.failures)"' "$tmp/t.json")" = "$want 0"
}
replayed offline/optimal-5x6/classic.tree "36721 6 358" --game ordinary -P 5 -K 6
replayed offline/optimal-5x6/adjacent.tree "30653 5 501" --game ordinary -P 5 -K 6 --rules adjacent
replayed offline/bulls-and-cows/fewest-at-7.tree "26450 7 50" --game bulls-and-cows
replayed offline/5x8/entropy-exact-below-700.tree "178600 7 679" --game ordinary -P 5 -K 8

echo "family_cli_test: $failures failures"
[ "$failures" -eq 0 ]
