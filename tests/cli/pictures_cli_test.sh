#!/usr/bin/env bash
# `mastermind draw`: every picture is well-formed SVG (xmllint) and holds the numbers of the run
# it came from: a game's answers and secret from its judge log, an evaluation's histogram, a
# decision tree's positions. Bad inputs are refused by name with status 2.
# Usage: pictures_cli_test.sh MASTERMIND
set -u
bin=$1
source "$(dirname "$0")/lib.sh"

# --- an ordinary game, played by solve against the judge through a fifo (README).
mkfifo "$tmp/to_judge"
timeout 60 "$bin" judge --game ordinary --seed 5 --log "$tmp/ordinary.jsonl" <"$tmp/to_judge" 2>/dev/null |
    timeout 60 "$bin" solve >"$tmp/to_judge"
"$bin" draw game "$tmp/ordinary.jsonl" -o "$tmp/ordinary.svg"
check "draw game (ordinary): status 0" test $? -eq 0
check "draw game (ordinary): well-formed SVG" xmllint --noout "$tmp/ordinary.svg"
secret=$(jq -r 'select(.event == "start") | .secret' "$tmp/ordinary.jsonl")
check "draw game (ordinary): the secret" grep -q ">secret $secret<" "$tmp/ordinary.svg"
while read -r black white; do
    grep -q ">$black black, $white white<" "$tmp/ordinary.svg" || echo missing >>"$tmp/missing"
done < <(jq -r 'select(.event == "guess") | "\(.black) \(.white)"' "$tmp/ordinary.jsonl")
check "draw game (ordinary): every answer of the log" test ! -e "$tmp/missing"
guesses=$(jq -r 'select(.event == "guess") | .code' "$tmp/ordinary.jsonl" | wc -l)
check "draw game (ordinary): $guesses guesses and the verdict" grep -q ">$guesses guesses, verdict: Accepted<" "$tmp/ordinary.svg"
pegs=$(grep -c '<circle' "$tmp/ordinary.svg")
check "draw game (ordinary): a peg per symbol and per answer peg" test "$pegs" -ge $((guesses * 4))

# --- a batch game (3 pegs, 4 colours, 2 strings a test), adjacent rules.
timeout 60 "$bin" judge -P 3 -K 4 -B 2 --rules adjacent --seed 9 --log "$tmp/batch.jsonl" <"$tmp/to_judge" 2>/dev/null |
    timeout 60 "$bin" solve >"$tmp/to_judge"
"$bin" draw game "$tmp/batch.jsonl" -o "$tmp/batch.svg"
check "draw game (batch): well-formed SVG" xmllint --noout "$tmp/batch.svg"
tests=$(jq -r 'select(.event == "test") | .test' "$tmp/batch.jsonl" | wc -l)
answers=$(grep -c '>([0-9], [0-9], [0-9])<' "$tmp/batch.svg")
check "draw game (batch): two answers a test ($tests tests)" test "$answers" -eq $((2 * tests))
check "draw game (batch): the answer given" grep -q '>answer<' "$tmp/batch.svg"

# --- an evaluation's histogram.
"$bin" evaluate --game ordinary --strategy knuth --all --json >"$tmp/knuth.json" 2>/dev/null
"$bin" draw histogram "$tmp/knuth.json" -o "$tmp/knuth.svg"
check "draw histogram: well-formed SVG" xmllint --noout "$tmp/knuth.svg"
for count in $(jq -r '.histogram[]' "$tmp/knuth.json"); do
    grep -q ">$count<" "$tmp/knuth.svg" || echo "$count" >>"$tmp/missing-count"
done
check "draw histogram: every count of the report" test ! -e "$tmp/missing-count"
check "draw histogram: games, total and worst" grep -q ">1296 games, $(jq -r .total "$tmp/knuth.json") guesses in all, mean 4.4761, worst 5<" "$tmp/knuth.svg"
"$bin" evaluate --game ordinary --strategy knuth --all --json 2>/dev/null | "$bin" draw histogram - >"$tmp/piped.svg"
check "draw histogram -: from standard input, the same picture" cmp -s "$tmp/piped.svg" "$tmp/knuth.svg"

# --- a decision tree: DOT and SVG.
"$bin" evaluate --game ordinary -P 3 -K 3 --strategy knuth --all --write-tree "$tmp/tree.txt" >/dev/null 2>&1
positions=$(grep -vc '^\(#\|mastermind-tree\|$\)' "$tmp/tree.txt")
"$bin" draw tree "$tmp/tree.txt" --format dot >"$tmp/tree.dot"
check "draw tree --format dot: a node per position ($positions)" test "$(grep -c '^  n[0-9]* \[label' "$tmp/tree.dot")" -eq "$positions"
check "draw tree --format dot: an edge per answer" test "$(grep -c ' -> ' "$tmp/tree.dot")" -eq $((positions - 1))
if command -v dot >/dev/null; then
    "$bin" draw tree "$tmp/tree.txt" -o "$tmp/tree.svg" 2>"$tmp/dot.err"
    check "draw tree: SVG through dot, well-formed" xmllint --noout "$tmp/tree.svg"
    check "draw tree: a node per position" test "$(grep -c 'class="node"' "$tmp/tree.svg")" -eq "$positions"
    check "draw tree: dot had nothing to say" test ! -s "$tmp/dot.err"
else
    echo "note: GraphViz's dot is not installed: draw tree's SVG not tried"
fi

# --- bad inputs: by name, status 2, nothing written.
: >"$tmp/empty"
mkdir "$tmp/dir"
for kind in game histogram tree; do
    for path in "$tmp/dir" "$tmp/empty" "$tmp/none"; do
        "$bin" draw "$kind" "$path" --output "$tmp/out.svg" 2>"$tmp/err"
        status=$?
        check "draw $kind $(basename "$path"): status 2, named" bash -c "test $status -eq 2 && grep -q '$path' '$tmp/err' && test ! -e '$tmp/out.svg'"
    done
done
"$bin" draw game "$tmp/knuth.json" 2>"$tmp/err" >/dev/null
check "draw game on a report: refused with its line" bash -c "test $? -eq 2 && grep -q 'knuth.json:1: not a JSON line' '$tmp/err'"
"$bin" draw histogram "$tmp/ordinary.jsonl" 2>"$tmp/err" >/dev/null
check "draw histogram on a log: refused" bash -c "test $? -eq 2 && grep -q 'ordinary.jsonl' '$tmp/err'"
"$bin" draw tree "$tmp/knuth.json" 2>"$tmp/err" >/dev/null
check "draw tree on a report: refused with its line" bash -c "test $? -eq 2 && grep -q 'knuth.json:1' '$tmp/err'"

# --- a log is checked against the game it declares: each bad line is refused by file:line.
start=$(head -1 "$tmp/ordinary.jsonl")
guess() { printf '%s\n{"event":"guess","guess":1,"code":"%s","black":%s,"grey":%s,"white":%s}\n' "$start" "$@"; }
bad_log() {  # bad_log NAME PATTERN: the log on stdin is refused, by file:line, saying PATTERN
    cat >"$tmp/bad.jsonl"
    refused "draw game: $1" "bad.jsonl:[0-9]*: .*$2" timeout 60 "$bin" draw game "$tmp/bad.jsonl"
}
guess 0012 2000000000 0 0 | bad_log "a black count of 2e9" "black is 2000000000"
guess 0012 5 0 9 | bad_log "5 black 9 white on 4 pegs" "black is 5"
guess 0012 2 0 3 | bad_log "more answer pegs than pegs" "more than the 4 pegs"
guess 0012 -1 0 0 | bad_log "a negative count" "black is -1"
guess 0012 1 1 0 | bad_log "grey under classic rules" "grey"
guess 00123 1 0 0 | bad_log "a code of 5 on 4 pegs" "has 5 symbols"
guess 0019 1 0 0 | bad_log "a symbol outside the 6 colours" "has symbol '9' at position 4, expected 0-5"
sed 's/"rules":"classic"/"rules":"foo"/' "$tmp/ordinary.jsonl" | bad_log "rules foo" "rules 'foo'"
sed 's/"pegs":4/"pegs":40/' "$tmp/ordinary.jsonl" | bad_log "40 pegs" "pegs is 40"
sed 's/"max_guesses":10/"max_guesses":0/' "$tmp/ordinary.jsonl" | bad_log "a guess limit of 0" "max_guesses is 0"
(head -1 "$tmp/ordinary.jsonl"; for i in $(seq 11); do sed -n 2p "$tmp/ordinary.jsonl"; done) | bad_log "11 guesses in a game of 10" "more than the game's 10 guesses"
(head -1 "$tmp/batch.jsonl"; for i in $(seq 21); do grep -m1 '"event":"test"' "$tmp/batch.jsonl"; done) | bad_log "21 tests in a game of 20" "more than the game's 20 tests"
sed 's/"batch":2/"batch":99/' "$tmp/batch.jsonl" | bad_log "a batch of 99" "batch is 99"
sed '/"event":"test"/s/"strings":\["[0-9]*",/"strings":[/' "$tmp/batch.jsonl" | bad_log "a test of 1 string in a batch of 2" "2 strings"
sed '/"event":"test"/s/"shuffled":\[\[\([0-9]\),/"shuffled":[[7,/' "$tmp/batch.jsonl" | bad_log "an answer of 7 hits on 3 pegs" "black is 7"

# --- the histogram of the batch game's report (no total: the histogram's), and a report whose
# histogram contradicts it.
"$bin" evaluate -P 3 -K 3 -B 2 --strategy consistent --sample 20 --json >"$tmp/batch-report.json"
"$bin" draw histogram "$tmp/batch-report.json" -o "$tmp/batch-histogram.svg"
check "draw histogram (batch report): status 0" test $? -eq 0
check "draw histogram (batch report): well-formed SVG" xmllint --noout "$tmp/batch-histogram.svg"
check "draw histogram (batch report): 20 games" grep -q ">20 games, " "$tmp/batch-histogram.svg"
jq '.histogram += [range(100000) | 0]' "$tmp/knuth.json" >"$tmp/long.json"
refused "draw histogram: 100,000 buckets in a game of 10 guesses" "at most 11" "$bin" draw histogram "$tmp/long.json"
jq '.histogram[5] += 1' "$tmp/knuth.json" >"$tmp/more.json"
refused "draw histogram: a histogram of more games than the report" "games 1296" "$bin" draw histogram "$tmp/more.json"

# --- the output: one message of ours, GraphViz's never.
refused "draw game -o a directory" "is a directory" "$bin" draw game "$tmp/ordinary.jsonl" -o "$tmp/dir"
check "draw game -o a directory: one message" test "$(wc -l <"$tmp/refused.err")" -eq 1
if command -v dot >/dev/null; then
    refused "draw tree -o a missing folder" "does not exist" "$bin" draw tree "$tmp/tree.txt" -o /proc/x/y
    check "draw tree -o a missing folder: no word of GraphViz" bash -c "! grep -q gvwrite '$tmp/refused.err' && test \$(wc -l <'$tmp/refused.err') -eq 1"
fi

[ "$failures" -eq 0 ]
