#!/usr/bin/env bash
# The ordinary game end to end: the published 4x6 totals through `evaluate`, judge + solve under
# the arena with adjacent rules (every answer checked against `mastermind score`), and the
# judge's verdicts for a solver that breaks the rules.
# The optimum of 4x6 through `evaluate`, its decision trees written and replayed, and bad tree files.
# Usage: ordinary_cli_test.sh MASTERMIND [PLAYER]
#   PLAYER  the mastermind whose `solve` plays the arena's games (default: MASTERMIND); the
#           sanitize flavour's suite names the release build's, as for the arena tests: the arena
#           and the judge under test are sanitized, and a sanitized `solve --strategy optimal`
#           runs the exact search ten times slower and cannot run under the memory limit.
set -u
bin=$1
player=${2:-$bin}
source "$(dirname "$0")/lib.sh"
memory=()
[ "${MASTERMIND_SANITIZED:-0}" = 1 ] && [ "$player" = "$bin" ] && memory=(--memory-limit 0)

# --- the published figures (Knuth 1976, Irving 1979, Neuwirth 1982, Kooi 2005), to the digit.
expect_total() {  # expect_total STRATEGY TOTAL WORST [options]
    local strategy=$1 total=$2 worst=$3
    shift 3
    "$bin" evaluate --game ordinary --strategy "$strategy" --all --json "$@" >"$tmp/$strategy.json"
    check "$strategy $*: 1296 games, total $total, worst $worst" \
        test "$(jq -r '"\(.games) \(.total) \(.worst) \(.failures)"' "$tmp/$strategy.json")" = "1296 $total $worst 0"
}
expect_total knuth 5801 5
expect_total irving 5696 6
expect_total entropy 5722 6
expect_total most-parts 5668 6
check "histogram sums to the total" test "$(jq '[.histogram | to_entries[] | .key * .value] | add' "$tmp/most-parts.json")" = 5668
# Another first guess changes the figure: the option is really used.
"$bin" evaluate --game ordinary --strategy knuth --first 0123 --all --json >"$tmp/k0123.json"
check "--first 0123 plays another tree" test "$(jq .total "$tmp/k0123.json")" != 5801
# A sample plays real games (consistent sets narrowed answer by answer): same moves as the tree.
"$bin" evaluate --game ordinary --strategy knuth --sample 300 --seed 4 --json >"$tmp/sample.json"
check "sampled real games: none lost, at most 5 guesses" test "$(jq -r '"\(.failures) \(.worst <= 5)"' "$tmp/sample.json")" = "0 true"

# --- the optimum (Koyama and Lai 1993): 5625, and 5626 when no game may take 6 guesses; the trees
# written by --write-tree replay to the same totals through --strategy tree.
expect_total optimal 5625 6 --write-tree "$tmp/optimal.tree"
# Of the strategies with 5625, the one with the most even game lengths (least sum of squares).
check "optimal: games by length 1 8 80 668 538 1" test "$(jq -c '.histogram[1:]' "$tmp/optimal.json")" = "[1,8,80,668,538,1]"
expect_total optimal 5626 5 --max-guesses 5 --write-tree "$tmp/optimal5.tree"
check "the written tree starts with its header and first guess" \
    test "$(head -2 "$tmp/optimal.tree" | tr '\n' ' ')" = "mastermind-tree 1 classic 4 6 0012 "
expect_total tree 5625 6 --tree "$tmp/optimal.tree"
expect_total tree 5626 5 --tree "$tmp/optimal5.tree"
# A tree that loses games under a lower limit is reported, and no tree is written for a failed run.
"$bin" evaluate --game ordinary --strategy tree --tree "$tmp/optimal5.tree" --all -M 4 --json >"$tmp/t4.json"
check "the 5-guess tree within 4 guesses: its 540 games of 5 fail" test "$(jq .failures "$tmp/t4.json")" = 540
"$bin" evaluate --game ordinary --strategy tree --tree "$tmp/optimal5.tree" --all -M 4 --write-tree "$tmp/t4.tree" >/dev/null 2>"$tmp/err"
check "no tree written after failed games" grep -q "not written: 540 of the games failed" "$tmp/err"
# Real play: judge + solve with the optimal codebreaker and with the tree file.
# (Fewer games under the sanitizers: a sanitized judge per game, and a sanitized player's search
# is ten times slower; even with the release player the full counts cost about a quarter more CPU:
# docs/performance.md, "Build time and the test suite".)
games=12 tree_games=12 adjacent_games=30 batch_games=20
[ "${MASTERMIND_SANITIZED:-0}" = 1 ] && games=4 tree_games=6 adjacent_games=10 batch_games=8
"$bin" arena --game ordinary --games $games --seed 5 --jobs 2 -q "${memory[@]}" -- "$player" solve --strategy optimal >"$tmp/arena" 2>&1
check "arena: optimal wins $games games" grep -qE "^  Accepted +$games\$" "$tmp/arena"
"$bin" arena --game ordinary --games $tree_games --seed 5 --jobs 2 -q "${memory[@]}" \
    -- "$player" solve --strategy tree --tree "$tmp/optimal5.tree" >"$tmp/arena" 2>&1
check "arena: the tree file wins $tree_games games" grep -qE "^  Accepted +$tree_games\$" "$tmp/arena"
# Bad tree files and options: status 2 and a message naming the file before any game.
expect_refusal() {  # expect_refusal NAME MESSAGE-PART COMMAND...
    local name=$1 part=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local status=$?
    check "$name: status 2 and '$part'" test "$status:$(grep -c -- "$part" "$tmp/err")" = "2:1"
}
printf 'mastermind-tree 1 classic 4 6\n0012\n  0 9 1111\n' >"$tmp/bad.tree"
: >"$tmp/empty.tree"
e=(evaluate --game ordinary --all)
expect_refusal "tree without --tree" "give --tree FILE" "$bin" "${e[@]}" --strategy tree
expect_refusal "--tree with another strategy" "--tree is for --strategy tree" "$bin" "${e[@]}" --strategy knuth --tree "$tmp/optimal.tree"
expect_refusal "--tree a directory" "is a directory" "$bin" "${e[@]}" --strategy tree --tree "$tmp"
expect_refusal "--tree missing" "cannot be read" "$bin" "${e[@]}" --strategy tree --tree "$tmp/none.tree"
expect_refusal "--tree empty" "empty" "$bin" "${e[@]}" --strategy tree --tree "$tmp/empty.tree"
expect_refusal "--tree ''" "--tree: must not be empty" "$bin" "${e[@]}" --strategy tree --tree ''
expect_refusal "--tree bad line" "bad.tree:3: the answer counts more than 4 pegs" "$bin" "${e[@]}" --strategy tree --tree "$tmp/bad.tree"
expect_refusal "--tree of another game" "is for classic rules, 4x6; the game has classic rules, 4x5" "$bin" "${e[@]}" -K 5 --strategy tree --tree "$tmp/optimal.tree"
expect_refusal "--write-tree without --all" "writes the decision tree of --all" \
    "$bin" evaluate --game ordinary --strategy knuth --sample 5 --write-tree "$tmp/x.tree"
expect_refusal "--write-tree into a directory" "is a directory" "$bin" "${e[@]}" --strategy knuth --write-tree "$tmp"
expect_refusal "--write-tree in the batch game" "is for the ordinary game" "$bin" evaluate --all --write-tree "$tmp/x.tree"
expect_refusal "optimal on 2^21 codes" "at most 1048576 codes" "$bin" evaluate --game ordinary -P 7 -K 8 --strategy optimal --all
expect_refusal "solve: tree without --tree" "give --tree FILE" "$bin" solve --strategy tree
expect_refusal "solve: --tree bad line" "bad.tree:3" "$bin" solve --strategy tree --tree "$tmp/bad.tree"
expect_refusal "solve: --tree ''" "--tree: must not be empty" "$bin" solve --strategy tree --tree ''
# A bad option on a game the search takes minutes over is refused before any notice of that
# search: the refusal is all that is printed (solve learns the game from the judge's header).
"$bin" evaluate --game ordinary -P 5 -K 6 --strategy optimal --all --first 66666 >/dev/null 2>"$tmp/err"
status=$?
check "evaluate 5x6 --first 66666: status 2, one line, no notice of the search" \
    test "$status:$(wc -l <"$tmp/err"):$(grep -c 'searches the whole game' "$tmp/err")" = "2:1:0"
echo "ordinary 5 6 10 classic" | "$bin" solve --strategy optimal --first 66666 >/dev/null 2>"$tmp/err"
status=$?
check "solve 5x6 --first 66666: status 2, one line, no notice of the search" \
    test "$status:$(wc -l <"$tmp/err"):$(grep -c 'searches the whole game' "$tmp/err")" = "2:1:0"

# The first guess a report names: the one the games opened with, sampled or all; a tree's own.
first_of() { "$bin" evaluate --game ordinary "$@" --json 2>/dev/null | jq -r '"\(.first_guess) \(.first_guess_from)"'; }
check "shapiro on a sample: its rule's first guess 0000" test "$(first_of --strategy shapiro --sample 3)" = "0000 rule"
check "optimal on a sample: 0012 by its rule" test "$(first_of --strategy optimal --sample 3)" = "0012 rule"
check "knuth on a sample of games lost at once: 0011 by default" test "$(first_of --strategy knuth --sample 3 -M 1)" = "0011 default"
check "the tree plays its own first guess" test "$(first_of --strategy tree --tree "$tmp/optimal.tree" --sample 2)" = "0012 tree"
check "entropy-optimal's report names its --exact-below" \
    test "$("$bin" evaluate --game ordinary --strategy entropy-optimal --exact-below 7 --sample 2 --json | jq -c '[.exact_below, .strategy]')" = '[7,"entropy-optimal"]'
check "another codebreaker's report has no exact_below" \
    test "$("$bin" evaluate --game ordinary --strategy knuth --sample 2 --json | jq 'has("exact_below")')" = false
"$bin" evaluate --game ordinary --strategy knuth --sample 1 -M 1 --json | jq -r '.failure_examples[0]' >"$tmp/lost"
check "a game lost in one guess: 'not found in 1 guess'" grep -q ': not found in 1 guess$' "$tmp/lost"

# --- judge + solve under the arena, adjacent rules; every answer equals mastermind score's.
mkdir -p "$tmp/logs"
"$bin" arena --game ordinary --rules adjacent --games $adjacent_games --seed 3 --jobs 2 -q --log-dir "$tmp/logs" "${memory[@]}" \
    -- "$player" solve --strategy knuth >"$tmp/arena" 2>&1
check "arena: $adjacent_games ordinary adjacent games Accepted" grep -qE "^  Accepted +$adjacent_games\$" "$tmp/arena"
check "arena: no contest score line for the ordinary game" bash -c "! grep -q 'original problem' '$tmp/arena'"
# Pairs "SECRET GUESS" in letters (digit d -> letter A+d) and the judge's answers in score's words.
for log in "$tmp"/logs/*.jsonl; do
    secret=$(jq -r 'select(.event == "start") | .secret' "$log")
    jq -r --arg s "$secret" 'select(.event == "guess") | "\($s) \(.code) \(.black) \(.grey) \(.white)"' "$log"
done | awk '{
    for (f = 1; f <= 2; f++) {  # colour d, written 0-9 A-F, is the letter A+d for score
        out = ""
        for (i = 1; i <= length($f); i++) out = out sprintf("%c", 64 + index("0123456789ABCDEF", substr($f, i, 1)))
        $f = out
    }
    print
}' >"$tmp/pairs"
check "arena: guesses were logged" test "$(wc -l <"$tmp/pairs")" -ge 30
awk '{print $1, $2}' "$tmp/pairs" >"$tmp/score.in"
awk '{printf "%s: %s black, %s grey, %s white\n", $2, $3, $4, $5}' "$tmp/pairs" >"$tmp/judge.out"
"$bin" score "$tmp/score.in" >"$tmp/score.out"
check "every judge answer equals mastermind score's" cmp -s "$tmp/judge.out" "$tmp/score.out"

# --- the judge by hand: transcripts and verdicts.
run_judge() {  # run_judge "SOLVER LINES" JUDGE-OPTIONS... -> $tmp/out, $tmp/err, $status
    local lines=$1
    shift
    printf '%b' "$lines" | "$bin" judge --game ordinary "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}
run_judge 'guess 0011\nguess 2345\n' --secret 2345 --seed 1
check "judge: header, score, win" test "$(cat "$tmp/out")" = "$(printf 'ordinary 4 6 10 classic\n0 0\n4 0\nAccepted')"
check "judge: Accepted exits 0" test $status -eq 0
run_judge 'guess 1021\n' --rules adjacent --secret 0121 --seed 1
check "judge: adjacent answers have three numbers" test "$(sed -n 2p "$tmp/out")" = "2 2 0"
run_judge 'guess 0000\nguess 0001\nguess 0002\n' -M 2 --secret 5555 --seed 1
check "judge: a guess past -M is Too Many Tests (exit 4)" test $status -eq 4
check "judge: says which guess" grep -q "guess 3 is past the limit of 2 guesses" "$tmp/out"
run_judge 'test 0000\n' --secret 5555 --seed 1
check "judge: 'test' in the ordinary game is a violation (exit 3)" test $status -eq 3
run_judge 'guess 0006\n' --secret 5555 --seed 1
check "judge: a colour outside K is a violation" grep -q "has symbol '6' at position 4" "$tmp/out"
"$bin" judge --game ordinary --batch 2 </dev/null >/dev/null 2>"$tmp/err"
check "judge: --game ordinary --batch 2 is refused (exit 2)" test $? -eq 2
"$bin" evaluate --game ordinary -P 9 -K 9 --strategy knuth --all >/dev/null 2>"$tmp/err"
check "evaluate: a game too large for the codebreakers is refused (exit 2)" test $? -eq 2
check "evaluate: and says why" grep -q "the ordinary game has 1 to 8 pegs" "$tmp/err"
"$bin" evaluate --game ordinary --strategy adaptive-split --all >/dev/null 2>"$tmp/err"
check "evaluate: a batch strategy in the ordinary game is refused" grep -q "not a codebreaker of the ordinary game" "$tmp/err"

# --- the batch game under both rules: the consistent solver over every secret of 5/6/5, and games
# through the arena with adjacent answers.
for rules in classic adjacent; do
    "$bin" evaluate --game batch --rules "$rules" -P 5 -K 6 -B 5 --strategy consistent --all --json >"$tmp/batch-$rules.json"
    check "batch 5/6/5 $rules: every secret won" test "$(jq -r '"\(.games) \(.failures)"' "$tmp/batch-$rules.json")" = "7776 0"
done
check "batch 5/6/5: adjacent answers need fewer tests on average" \
    jq -e --slurpfile a "$tmp/batch-adjacent.json" '.mean > $a[0].mean' "$tmp/batch-classic.json" >/dev/null
"$bin" arena -P 5 -K 6 -B 5 --rules adjacent --games $batch_games --seed 2 -q "${memory[@]}" -- "$player" solve >"$tmp/batch-arena" 2>&1
check "arena: $batch_games adjacent batch games Accepted (solve auto picks consistent)" grep -qE "^  Accepted +$batch_games\$" "$tmp/batch-arena"
"$bin" evaluate --rules adjacent --strategy case-analysis --sample 10 >/dev/null 2>"$tmp/err"
check "evaluate: a classic-only strategy refuses adjacent rules (exit 2)" test $? -eq 2
check "evaluate: and says so" grep -q "classic rules only" "$tmp/err"

# --- bad files and values are refused before any work, with status 2 (never "0 games").
mkdir -p "$tmp/dir"
: >"$tmp/empty"
for game in ordinary:knuth batch:consistent; do
    strategy=${game#*:}
    game=${game%:*}
    "$bin" evaluate --game "$game" --strategy "$strategy" --secrets "$tmp/dir" -P 4 -K 6 -B 1 >/dev/null 2>"$tmp/err"
    check "evaluate --game $game --secrets DIR: exit 2" test $? -eq 2
    "$bin" evaluate --game "$game" --strategy "$strategy" --secrets "$tmp/empty" -P 4 -K 6 -B 1 >/dev/null 2>"$tmp/err"
    check "evaluate --game $game --secrets EMPTY: exit 2, says so" grep -q "holds no secret" "$tmp/err"
done
"$bin" evaluate --game ordinary --strategy knuth --first '' --all >/dev/null 2>"$tmp/err"
check "evaluate --first '': refused" grep -q "must not be empty" "$tmp/err"

# A codebreaker of the ordinary game before a header that is not one: a header neither game reads
# is refused as such, a batch header as the other game's.
printf 'hello\n' >"$tmp/hello"
refused "solve --strategy knuth, a header of no game" "header 'hello' is not 'P K B M'" \
    bash -c '"$0" solve --strategy knuth <"$1"' "$bin" "$tmp/hello"
printf '4 6 4 4\n' >"$tmp/batch-header"
refused "solve --strategy knuth, a batch header" "'knuth' is a codebreaker of the ordinary game, and the judge plays the batch game" \
    bash -c '"$0" solve --strategy knuth <"$1"' "$bin" "$tmp/batch-header"

echo "ordinary_cli_test: $failures failures"
test "$failures" -eq 0
