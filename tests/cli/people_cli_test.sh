#!/usr/bin/env bash
# `mastermind play` and `mastermind assist` as people use them: a game played through a
# pseudo-terminal (coloured board redrawn each turn, bad input answered with a new prompt, won with
# hints), the same game in plain text through a pipe, and a real-board game with one answer
# entered wrongly, which assist names with the answer it should have been.
# Usage: people_cli_test.sh MASTERMIND
set -u
bin=$1
source "$(dirname "$0")/lib.sh"
helpers=$(dirname "$0")/../helpers

# --- play on a terminal.
python3 "$helpers/pty_play.py" "$bin" "$tmp/tty" 012 0129 -- --seed 11
status=$?
check "play (terminal): won with hints, status 0" test "$status" -eq 0
check "play (terminal): says so" grep -q "You won in" "$tmp/tty"
check "play (terminal): coloured pegs" grep -q $'\x1b\\[48;5;' "$tmp/tty"
check "play (terminal): answers drawn as pegs" grep -q $'\u25cf' "$tmp/tty"
check "play (terminal): the wrong length refused" grep -q "'012' is not a guess: has 3 symbols, expected 4" "$tmp/tty"
check "play (terminal): an unknown colour refused" grep -q "'0129' is not a guess: has symbol '9'" "$tmp/tty"
check "play (terminal): count on request" grep -q "1296 codes fit the answers" "$tmp/tty"
guesses=$(grep -a -o "You won in [0-9]*" "$tmp/tty" | grep -o "[0-9]*$")
clears=$(grep -a -o $'\x1b\\[2J' "$tmp/tty" | wc -l)
check "play (terminal): the board redrawn after each of the $guesses guesses" test "$clears" -eq $((guesses + 1))
check "play (terminal): the seed shown" grep -q "Seed 11" "$tmp/tty"

# --- the same game through pipes: plain text, the same secret for the same seed.
secret=$(printf 'reveal\n' | "$bin" play --seed 11 | sed -n 's/^The secret was \(.*\)\.$/\1/p')
check "play (pipe): plain text, the secret revealed" test -n "$secret"
printf '%s\n' "$secret" | "$bin" play --seed 11 >"$tmp/plain"
check "play (pipe): the secret wins at once (status 0)" test $? -eq 0
check "play (pipe): no escape sequences" bash -c "! grep -q $'\x1b' '$tmp/plain'"
check "play (pipe): the board row" grep -q "  1  $secret   4 black, 0 white" "$tmp/plain"
printf 'reveal\n' | "$bin" play --seed 11 --rules adjacent -P 5 -K 8 >"$tmp/adj"
check "play: adjacent 5x8 game header" grep -q "5 pegs, 8 colours (symbols 0-7), adjacent rules" "$tmp/adj"
printf '0000\n' | "$bin" play --seed 11 -M 1 >"$tmp/lost"
status=$?
[ "$secret" = 0000 ] || check "play: out of guesses, status 1" test "$status" -eq 1
"$bin" play --hints nobody </dev/null >/dev/null 2>"$tmp/err"
check "play --hints nobody: status 2, named" bash -c "test $? -eq 2 && grep -q nobody '$tmp/err'"
check "play --hints nobody: the names a hint takes, not tree (it needs a file)" bash -c "grep -q 'is not a codebreaker that gives hints (auto, knuth' '$tmp/err' && ! grep -q 'tree' '$tmp/err'"
refused "play --hints '' in the batch game (not auto's hints)" "--hints: must not be empty" "$bin" play --game batch --hints ''
refused "play --hints knuth in the batch game" "--hints: 'knuth' is not a strategy" "$bin" play --game batch --hints knuth
# A hint that would take the codebreakers hours (8x8 after a guess of one's own) is declined at once.
# (Release build only: the 16.7 million codes and the 10^9 secrets below take minutes under the
# sanitizers; the code that declines is the same.)
if [ "${MASTERMIND_SANITIZED:-0}" != 1 ]; then
    printf '01234567\nhint\n' | timeout 20 "$bin" play -P 8 -K 8 --seed 2 >"$tmp/big"
    check "play 8x8: a hint out of reach is declined, not waited for" grep -q "No hint: 1389920 codes fit the answers, too many" "$tmp/big"
fi

# --- the batch game on a terminal: 3 pegs, 4 colours, 2 strings a test, won with hints.
python3 "$helpers/pty_play.py" "$bin" "$tmp/batch" "00 11" "000 000" "000 111 222" -- --game batch -P 3 -K 4 -B 2 --seed 4
status=$?
check "play --game batch (terminal): won with hints, status 0" test "$status" -eq 0
check "play --game batch: says so" grep -q "Accepted: you found it after" "$tmp/batch"
check "play --game batch: a string of the wrong length refused" grep -q "Not a test: string 1 '00' has 2 symbols, expected 3" "$tmp/batch"
check "play --game batch: a repeated string refused" grep -q "Not a test: string 2 '000' repeats string 1 of the same test" "$tmp/batch"
check "play --game batch: the wrong number of strings refused" grep -q "Not a test: test has 3 strings, expected 2" "$tmp/batch"
check "play --game batch: 64 secrets at the start" grep -q "64 secrets still fit (no test yet)" "$tmp/batch"
check "play --game batch: answers shown" grep -a -q "answers (" "$tmp/batch"
if [ "${MASTERMIND_SANITIZED:-0}" != 1 ]; then
    printf '000000000 111111111 222222222 333333333 444444444 555555555 666666666 777777777 888888888\nhint\n' |
        timeout 60 "$bin" play --game batch --seed 3 >"$tmp/batch-big"
    check "play --game batch 9/10/9: a hint out of reach is declined" grep -q "No hint: more than 1000000 secrets still fit" "$tmp/batch-big"
fi
# The same seed gives the judge's game: the secret revealed equals the judge's.
batch_secret=$(printf 'reveal\n' | "$bin" play --game batch -P 3 -K 4 -B 2 --seed 4 | sed -n 's/^The secret was \(.*\)\.$/\1/p')
judge_secret=$(printf 'challenge 000\n' | "$bin" judge -P 3 -K 4 -B 2 --seed 4 2>&1 >/dev/null | sed -n 's/.*(secret \([0-9]*\)).*/\1/p')
check "play --game batch: the judge's game for the same seed ($batch_secret)" test -n "$batch_secret" -a "$batch_secret" = "$judge_secret"

# --- assist: secret 4012, five guesses; the third answer typed as 1 black 3 white instead of
# 0 black 3 white. The answers are computed by `mastermind score` (0-5 written A-F).
answers=$(for g in 0011 2345 0123 4415 1203; do
    echo "$(echo 4012 | tr 0-5 A-F) $(echo $g | tr 0-5 A-F)"
done | "$bin" score --rules classic | sed 's/^[A-F]*: \([0-9]\) black, \([0-9]\) white$/\1 \2/')
paste -d' ' <(printf '%s\n' 0011 2345 0123 4415 1203) <(printf '%s\n' "$answers") >"$tmp/right"
check "assist: the five right answers" test "$(wc -l <"$tmp/right")" -eq 5
"$bin" assist <"$tmp/right" >"$tmp/assist-right"
check "assist: right answers leave the secret" grep -q "1 code fits the answers: 4012" "$tmp/assist-right"
sed '5s/.*/1203 1 3/' "$tmp/right" >"$tmp/wrong"
"$bin" assist <"$tmp/wrong" >"$tmp/assist-wrong"
check "assist: the wrong answer noticed" grep -q "No code fits these answers" "$tmp/assist-wrong"
check "assist: names turn 5 and its right answer" grep -q "turn 5 (1203): 1 black, 3 white should be 0 black, 3 white" "$tmp/assist-wrong"
check "assist: the only way" grep -q "The fewest answers to correct: 1. The only way" "$tmp/assist-wrong"
{ cat "$tmp/wrong"; echo "fix 5 0 3"; echo "4012 4 0"; } | "$bin" assist >"$tmp/assist-fixed"
check "assist: fixed, then solved" grep -q "Solved in 6 guesses" "$tmp/assist-fixed"
printf '0011 1\n0011 5 0\n001 1 1\nfix 9 1 1\n' | "$bin" assist >"$tmp/assist-bad"
check "assist: a missing number explained" grep -q "does not hold 2 numbers" "$tmp/assist-bad"
check "assist: an impossible answer explained" grep -q "is not a possible score of 4 pegs" "$tmp/assist-bad"
check "assist: a bad guess explained" grep -q "'001' is not a guess" "$tmp/assist-bad"
check "assist: a missing turn explained" grep -q "No turn '9'" "$tmp/assist-bad"
printf '00112 1 0 1\n' | "$bin" assist --rules adjacent -P 5 >"$tmp/assist-adj"
check "assist: adjacent answers (black grey white)" grep -q "1 black, 0 grey, 1 white" "$tmp/assist-adj"

[ "$failures" -eq 0 ]
