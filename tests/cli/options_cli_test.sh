#!/usr/bin/env bash
# Every numeric option of every command, tried with 0, -1 and a huge value, and every file
# argument with a directory and an empty file: a refused value ends the run before any work with
# status 2 and a message naming the option; an accepted one runs normally (no "must be", no
# signal). Then output to a closed pipe: one message, status 2, never a signal.
# The arena's games are played by PLAYER's `solve` (the release build's under the sanitizers, as
# in the arena tests: tests/CMakeLists.txt); the arena under test is MASTERMIND either way.
# Usage: options_cli_test.sh MASTERMIND [PLAYER]
set -u
bin=$1
player=${2:-$1}
source "$(dirname "$0")/lib.sh"
huge=99999999999999999999999

# OPTION | command line, {} is the value | the values among 0 -1 huge that are valid
table=(
    "--bytes|generate score-input --bytes {}|"
    "--seed|generate score-input --bytes 100 --seed {}|0"
    "--threads|score --threads {} /dev/null|"
    "--pegs|generate score-input --bytes 100 --pegs {}|"
    "--colours|generate score-input --bytes 100 --colours {}|"
    "--pegs|judge --seed 1 --pegs {}|"
    "--colours|judge --seed 1 --colours {}|"
    "--batch|judge --seed 1 --batch {}|"
    "--max-tests|judge --seed 1 --max-tests {}|"
    "--seed|judge --seed {}|0"
    "--timeout|judge --seed 1 --timeout {}|0"
    "--seed|solve --seed {}|0"
    "--timeout|solve --timeout {}|0"
    "--games|arena --games {} -- $player solve|"
    "--seed|arena --games 1 --seed {} -- $player solve|0"
    "--time-limit|arena --games 1 --time-limit {} -- $player solve|0"
    "--memory-limit|arena --games 1 --memory-limit {} -- $player solve|0"
    "--jobs|arena --games 1 --jobs {} -- $player solve|"
    "--pegs|arena --games 1 --pegs {} -- $player solve|"
    "--colours|arena --games 1 --game ordinary --colours {} -- $player solve|"
    "--sample|evaluate --sample {}|"
    "--seed|evaluate --sample 2 --seed {}|0"
    "--threads|evaluate --sample 2 --threads {}|0"
    "--max-tests|evaluate --sample 2 --max-tests {}|"
    "--pegs|evaluate --game ordinary --sample 2 --pegs {}|"
    "--exact-below|evaluate --game ordinary --strategy entropy-optimal --sample 2 --exact-below {}|"
    "--max-|evaluate --game ordinary --strategy optimal --sample 2 --max-guesses {}|"
    "--exact-below|solve --strategy entropy-optimal --exact-below {}|"
    "--threads|bench -q --threads {}|0"
    "--seed|play --seed {}|0"
    "--pegs|play --pegs {}|"
    "--max-tests|play --max-tests {}|"
    "--colours|assist --colours {}|"
    "--max-games|serve --max-games {}|"
    "--idle-seconds|serve --idle-seconds {}|"
    "--shards|evaluate -P 3 -K 3 -B 2 --all --shards {}|"
    "--shards|second-tests -P 4 -K 5 -B 4 --out $tmp/st-shards.inc --shards {}|"
    "--steps|second-tests -P 4 -K 5 -B 4 --out $tmp/st-steps.inc --steps {}|"
    "--restarts|second-tests -P 4 -K 5 -B 4 --out $tmp/st-restarts.inc --restarts {}|0"
    "--play-steps|second-tests -P 4 -K 5 -B 4 --out $tmp/st-play.inc --play-steps {}|"
    "--threads|second-tests -P 4 -K 5 -B 4 --out $tmp/st-threads.inc --threads {}|0"
    "--seed|second-tests -P 4 -K 5 -B 4 --out $tmp/st-seed.inc --seed {}|0"
    "--seed|first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --seed {}|0"
    "--candidates|first-test -P 3 -K 3 -B 2 --climb 1 --candidates {}|"
    "--climb|first-test -P 3 -K 3 -B 2 --candidates 1 --climb {}|0"
    "--stride|first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --stride {}|"
    "--hard-size|first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --criterion hard --hard-size {}|"
    "--pegs|first-test -K 3 -B 2 --candidates 1 --climb 1 --pegs {}|"
    "--batch|first-test -P 3 -K 3 --candidates 1 --climb 1 --batch {}|"
    "--temperature|first-test -P 3 -K 3 -B 2 --candidates 1 --climb 5 --temperature {}|0"
    "--string-moves|first-test -P 3 -K 3 -B 2 --candidates 1 --climb 5 --string-moves {}|0"
    "--threads|first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --threads {}|0"
    "--deepen-seed|second-tests -P 6 -K 7 -B 6 --deepen $tmp/deepen-in.inc --out $tmp/deepen-out.inc --steps 100 --deepen-seed {}|0"
    "--conflicts|second-tests -P 6 -K 7 -B 6 --deepen $tmp/deepen-in.inc --out $tmp/repair-out.inc --method repair --conflicts {}|"
)
# The input of --deepen: one entry, split (so an accepted seed runs at once: no class to search).
echo '{0x0000000000000001, 1, 0, "012345 123456 234560 345601 456012 560123"},' >"$tmp/deepen-in.inc"
# The words of TEMPLATE with {} replaced by VALUE, into the array `args` (an empty VALUE stays
# an empty argument).
fill() {  # fill TEMPLATE VALUE
    local words word
    read -r -a words <<<"$1"
    args=()
    for word in "${words[@]}"; do args+=("${word//\{\}/$2}"); done
}
for row in "${table[@]}"; do
    IFS='|' read -r option template valid <<<"$row"
    for value in 0 -1 "$huge" ""; do
        accepted=0
        [ -n "$value" ] && [ "$value" = "${valid}" ] && accepted=1
        if [ $accepted = 1 ] && [ "${MASTERMIND_SANITIZED:-0}" = 1 ] && [ "${template%% *}" = bench ]; then
            # An accepted value runs the whole bench, long under the sanitizers, and cli.bench
            # runs it already. The refusals of the other values are still checked here.
            continue
        fi
        fill "$template" "$value"
        timeout 60 "$bin" "${args[@]}" </dev/null >"$tmp/out" 2>"$tmp/err"
        status=$?
        name="${template//\{\}/${value:-\'\'}}"
        if [ $accepted = 1 ]; then
            check "$name: accepted (status $status)" test "$status" -lt 124 -a "$status" -ne 2 -o "$status" -eq 2 -a -z "$(grep -e "must be" -e "$option" "$tmp/err")"
        else
            check "$name: status 2" test "$status" -eq 2
            check "$name: message names $option" grep -q -- "$option" "$tmp/err"
            check "$name: one message" test "$(wc -l <"$tmp/err")" -eq 1
            check "$name: nothing written" test ! -s "$tmp/out"
        fi
    done
done

# --- a leading zero is decimal: CLI11's own conversion reads "010" as octal 8, which would run
# another game than the one asked for, silently.
"$bin" evaluate --game ordinary -K 010 --strategy knuth --sample 2 --seed 010 --json >"$tmp/out" 2>"$tmp/err"
check "-K 010 --seed 010: 10 colours, seed 10" \
    test "$(jq -r '"\(.game.colours) \(.seed)"' "$tmp/out" 2>/dev/null)" = "10 10"
check "--bytes 010k: as many bytes as 10k (a suffix did not make it octal)" \
    test "$("$bin" generate score-input --bytes 010k | wc -c)" = "$("$bin" generate score-input --bytes 10k | wc -c)"

# --- --secrets -: the secrets from standard input, bounded as a file's are.
printf '0011\n1234\n' | "$bin" evaluate --game ordinary --strategy knuth --secrets - --json >"$tmp/out" 2>"$tmp/err"
check "evaluate --secrets -: two games from standard input" \
    test "$(jq -r '"\(.games) \(.scope)"' "$tmp/out")" = "2 2 secrets from standard input"
refused "evaluate --secrets - (empty input)" "'-' holds no secret" \
    "$bin" evaluate --game ordinary --strategy knuth --secrets - </dev/null
refused "evaluate --secrets - (/dev/zero)" "a line longer than 1 KiB" \
    "$bin" evaluate --game ordinary --strategy knuth --secrets - </dev/zero

# --- stdout closed altogether: said in words, not as "Bad file descriptor".
"$bin" evaluate --game ordinary -P 2 -K 2 --strategy knuth --all --write-tree "$tmp/small.tree" >/dev/null
for run in "--help" "generate score-input --bytes 10" "draw tree $tmp/small.tree --format dot"; do
    "$bin" $run >&- 2>"$tmp/err"
    check "$run >&-: says standard output is closed (not EBADF's words)" \
        bash -c "grep -q 'standard output is closed' '$tmp/err' && ! grep -q 'Bad file descriptor' '$tmp/err'"
done

# --- an option given without its value, or twice where it takes one: said plainly, by name.
refused "evaluate --first= (no value)" "--first: needs a value, and got none" \
    "$bin" evaluate --game ordinary --strategy knuth --all --first=
refused "score --threads (last, no value)" "--threads: needs a value, and got none" "$bin" score --threads
refused "evaluate --first twice" "--first: given 2 times; give it once" \
    "$bin" evaluate --game ordinary --strategy knuth --all --first 0011 --first 0012
refused "evaluate -P twice" "--pegs (or -P): given 2 times; give it once" "$bin" evaluate --game ordinary -P 3 -P 4 --all
refused "evaluate -M and --max-guesses" "--max-tests (or --max-guesses, -M): given 2 times" \
    "$bin" evaluate --game ordinary -M 5 --max-guesses 6 --all
# An option word where a value should be is not taken as the value (a tree written to a file
# named --progress, and no progress).
abs_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
pushd "$tmp" >/dev/null
refused "evaluate --write-tree --progress" "--write-tree: needs a value, not the option '--progress'" \
    "$abs_bin" evaluate --game ordinary -P 2 -K 2 --all --write-tree --progress
popd >/dev/null
check "evaluate --write-tree --progress: no file named --progress" test ! -e "$tmp/--progress"
refused "evaluate --first --all" "--first: needs a value, not the option '--all'" \
    "$bin" evaluate --game ordinary --strategy knuth --first --all
refused "judge --log --transcript" "--log: needs a value, not the option '--transcript'" \
    "$bin" judge --seed 1 --log --transcript -
refused "draw tree -o --format" "--output: needs a value, not the option '--format'" \
    "$bin" draw tree "$tmp/none.tree" -o --format dot

# --- every other option that takes a value, given the empty string: refused by name.
# TEMPLATE ({} is the value, '' here) | what the message names
empties=(
    "score --rules {} /dev/null|--rules" "score --kernel {} /dev/null|--kernel" "score {}|''"
    "judge --seed 1 --game {}|--game" "judge --seed 1 --rules {}|--rules" "judge --seed 1 --secret {}|--secret"
    "judge --seed 1 --log {}|--log" "judge --seed 1 --transcript {}|--transcript"
    "solve --strategy {}|--strategy" "solve --strategy tree --tree {}|--tree"
    "arena --games 1 --game {} -- $player solve|--game" "arena --games 1 --rules {} -- $player solve|--rules"
    "arena --games 1 --batch {} -- $player solve|--batch" "arena --games 1 --max-tests {} -- $player solve|--max-tests"
    "arena --only {} -- $player solve|--only" "arena --games 1 --json {} -- $player solve|--json"
    "arena --secrets {} -- $player solve|--secrets" "arena --secret {} -- $player solve|secret ''"
    "arena --games 1 --max-processes {} -- $player solve|--max-processes" "arena --games 1 --log-dir {} -- $player solve|--log-dir"
    "arena --games 1 -- {}|''"
    "evaluate --sample 2 --game {}|--game" "evaluate --sample 2 --rules {}|--rules" "evaluate --sample 2 --colours {}|--colours"
    "evaluate --sample 2 --batch {}|--batch" "evaluate --sample 2 --strategy {}|--strategy"
    "evaluate --game ordinary --sample 2 --first {}|--first" "evaluate --secrets {}|--secrets"
    "evaluate --game ordinary --sample 2 --strategy tree --tree {}|--tree"
    "evaluate --game ordinary -P 2 -K 2 --all --write-tree {}|--write-tree"
    "evaluate -P 3 -K 3 -B 2 --strategy consistent --all --memory-limit {}|--memory-limit"
    "evaluate -P 3 -K 3 -B 2 --strategy consistent --all --shard {}|--shard"
    "merge {}|FILE"
    "second-tests -P {} -K 5 -B 4 --out $tmp/st.inc|--pegs" "second-tests -P 4 -K {} -B 4 --out $tmp/st.inc|--colours"
    "second-tests -P 4 -K 5 -B {} --out $tmp/st.inc|--batch" "second-tests -P 4 -K 5 -B 4 -M {} --out $tmp/st.inc|--max-tests"
    "second-tests -P 4 -K 5 -B 4 --out {}|--out" "second-tests -P 4 -K 5 -B 4 --out $tmp/st.inc --checkpoint {}|--checkpoint"
    "second-tests -P 6 -K 7 -B 6 --deepen {} --out $tmp/dd.inc|--deepen"
    "second-tests -P 4 -K 5 -B 4 --out $tmp/st.inc --first-test {}|--first-test"
    "first-test -P 3 -K {} -B 2 --candidates 1 --climb 1|--colours" "first-test -P 3 -K 3 -B 2 -M {} --candidates 1 --climb 1|--max-tests"
    "first-test -P 3 -K 3 -B 2 --candidates 1 --from {} --climb 1|--from"
    "first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --criterion {}|--criterion"
    "first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --criterion power --power {}|--power"
    "first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --checkpoint {}|--checkpoint"
    "second-tests -P 6 -K 7 -B 6 --deepen $tmp/deepen-in.inc --out $tmp/dd.inc --method {}|--method"
    "play --game {}|--game" "play --rules {}|--rules" "play --colours {}|--colours" "play --batch {}|--batch" "play --hints {}|--hints"
    "assist --game {}|--game" "assist --rules {}|--rules" "assist --pegs {}|--pegs" "assist --batch {}|--batch"
    "assist --max-tests {}|--max-tests" "assist --codebreaker {}|--codebreaker"
    "serve --port {}|--port" "serve --seed {}|--seed"
    "draw game {}|''" "draw game $tmp/x -o {}|--output" "draw histogram {}|''" "draw tree {}|''"
    "draw tree $tmp/x --format {}|--format"
)
for row in "${empties[@]}"; do
    IFS='|' read -r template named <<<"$row"
    fill "$template" ""
    timeout 60 "$bin" "${args[@]}" </dev/null >"$tmp/out" 2>"$tmp/err"
    status=$?
    name="${template//\{\}/\'\'}"
    check "$name: status 2 (got $status)" test "$status" -eq 2
    check "$name: one message naming $named" bash -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q -- \"\$1\" '$tmp/err'" - "$named"
    check "$name: nothing written" test ! -s "$tmp/out"
done

# --- every path option: a directory, a path in a folder that does not exist, and for what is
# read, /dev/zero (endless: refused by the size bound, in bounded memory and time). The empty
# path is in the table above.
mkdir -p "$tmp/dir" "$tmp/logs"
"$bin" judge --game ordinary --seed 5 --log "$tmp/game.jsonl" </dev/null >/dev/null 2>&1
"$bin" evaluate --game ordinary -P 2 -K 3 --strategy knuth --all --json >"$tmp/report.json" 2>/dev/null
"$bin" evaluate --game ordinary -P 2 -K 3 --strategy knuth --all --write-tree "$tmp/tree.txt" >/dev/null 2>&1
# TEMPLATE | the values among dir, missing, zero that are valid
paths=(
    "score {}|" "evaluate --secrets {}|" "arena --secrets {} -- $player solve|"
    "solve --strategy tree --tree {}|" "evaluate --game ordinary --strategy tree --all --tree {}|" "merge {}|"
    "second-tests -P 6 -K 7 -B 6 --deepen {} --out $tmp/dd.inc|" "draw game {}|" "draw histogram {}|" "draw tree {}|"
    "judge --seed 1 --log {}|-" "judge --seed 1 --transcript {}|-" "arena --games 1 --json {} -- $player solve|-"
    "arena --games 1 --log-dir {} -- $player solve|dir -" "evaluate --game ordinary -P 2 -K 2 --all --write-tree {}|-"
    "second-tests -P 4 -K 5 -B 4 --out {}|-" "second-tests -P 4 -K 5 -B 4 --out $tmp/st.inc --checkpoint {}|-"
    "draw game $tmp/game.jsonl -o {}|-" "draw histogram $tmp/report.json -o {}|-" "draw tree $tmp/tree.txt -o {}|-"
    "draw tree $tmp/tree.txt --format dot -o {}|-"
    "first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1 --checkpoint {}|-"
)
# Where an input is refused by its size bound, the memory stays small: 1 GB of address space
# (ASan reserves terabytes: no limit under the sanitizers, where the timeout still bounds the run).
sanitized=${MASTERMIND_SANITIZED:-0}
for row in "${paths[@]}"; do
    IFS='|' read -r template valid <<<"$row"
    for kind in dir missing zero; do
        # "-" in the valid column: a file written, for which /dev/zero is no test.
        [ "$kind" = zero ] && [[ " $valid " == *" - "* ]] && continue
        case $kind in dir) value=$tmp/dir ;; missing) value=/proc/x/y ;; zero) value=/dev/zero ;; esac
        fill "$template" "$value"
        name="${template//\{\}/$value}"
        (
            [ "$sanitized" = 1 ] || ulimit -v 1000000
            timeout 20 "$bin" "${args[@]}" </dev/null >"$tmp/out" 2>"$tmp/err"
        )
        status=$?
        if [[ " $valid " == *" $kind "* ]]; then
            check "$name: accepted (status $status)" test "$status" -lt 124 -a "$status" -ne 2
            continue
        fi
        expected=2
        # score is a filter: a line it cannot read is a rejected line, status 1 (docs).
        [ "${template%% *}" = score ] && [ $kind = zero ] && expected=1
        check "$name: status $expected (got $status)" test "$status" -eq $expected
        check "$name: one message naming the path" bash -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q -- \"\$1\" '$tmp/err'" - "${value%/y}"
        check "$name: nothing written" test ! -s "$tmp/out"
    done
done

# --- two options naming one file, and a file a failed run must leave as it was.
refused "judge --log F --transcript F" "name the same file" "$bin" judge --seed 1 --log "$tmp/same" --transcript "$tmp/same"
refused "judge --log F --transcript ./F" "name the same file" "$bin" judge --seed 1 --log "$tmp/same" --transcript "$tmp/../$(basename "$tmp")/same"
echo "an earlier tree" >"$tmp/kept.tree"
"$bin" evaluate --game ordinary -P 3 -K 3 --strategy knuth --all -M 2 --write-tree "$tmp/kept.tree" >/dev/null 2>&1
check "evaluate --write-tree F, games failing: F as it was" grep -qx "an earlier tree" "$tmp/kept.tree"
check "evaluate --write-tree F, games failing: no temporary left" test ! -e "$tmp/kept.tree.partial"
"$bin" evaluate --game ordinary -P 3 -K 3 --strategy knuth --all --write-tree "$tmp/kept.tree" >/dev/null 2>&1
check "evaluate --write-tree F, games won: the tree replaces F" grep -q "^mastermind-tree 1" "$tmp/kept.tree"

# --- file arguments: a directory and an empty file are refused by name, before any work.
: >"$tmp/empty"
for command in "evaluate --secrets" "arena --secrets"; do
    for path in "$tmp/dir" "$tmp/empty"; do
        read -r -a args <<<"$command $path"
        [ "${args[0]}" = arena ] && args+=(-- "$player" solve)
        timeout 60 "$bin" "${args[@]}" >"$tmp/out" 2>"$tmp/err"
        status=$?
        check "$command $(basename "$path"): status 2" test $status -eq 2
        check "$command $(basename "$path"): names the path" grep -q "$path" "$tmp/err"
        check "$command $(basename "$path"): no game played" test ! -s "$tmp/out"
    done
done
printf 'AB AB\n' >"$tmp/one"
"$bin" score "$tmp/one" "$tmp/dir" >"$tmp/out" 2>"$tmp/err"
check "score FILE DIR: status 2" test $? -eq 2
check "score FILE DIR: names the directory" grep -q "'$tmp/dir' is a directory" "$tmp/err"
"$bin" score "$tmp/one" "$tmp/missing" >"$tmp/out" 2>"$tmp/err"
check "score FILE MISSING: names the file" grep -q "'$tmp/missing' cannot be opened" "$tmp/err"
"$bin" score "$tmp/one" - <"$tmp/dir" >"$tmp/out" 2>"$tmp/err"
check "score FILE - (stdin a directory): status 2" test $? -eq 2
check "score FILE - (stdin a directory): the valid lines before it are written" grep -qx "AB: 2 black, 0 grey, 0 white" "$tmp/out"
"$bin" arena --games 1 --log-dir "$tmp/one" -- "$player" solve >"$tmp/out" 2>"$tmp/err"
check "arena --log-dir FILE: status 2" test $? -eq 2
check "arena --log-dir FILE: names it" grep -q -- "--log-dir: '$tmp/one'" "$tmp/err"
"$bin" arena --games 1 --log-dir /proc/no-such-dir -- "$player" solve >"$tmp/out" 2>"$tmp/err"
check "arena --log-dir not creatable: status 2" test $? -eq 2
check "arena --log-dir not creatable: no game played" test ! -s "$tmp/out"

# --- a closed pipe: one message and status 2 (the reader takes 10 bytes and leaves).
closed_pipe() {  # closed_pipe [--stderr-only] NAME COMMAND...: stdout, and stdout+stderr, into `head -c 10`
    local stderr_only=0
    [ "$1" = --stderr-only ] && stderr_only=1 && shift
    local name=$1 status
    shift
    if [ $stderr_only = 0 ]; then
        "$@" 2>"$tmp/err" | head -c 10 >/dev/null
        status=${PIPESTATUS[0]}
        check "$name | head: status 2 (got $status)" test "$status" -eq 2
        check "$name | head: one message" test "$(wc -l <"$tmp/err")" -eq 1
    fi
    "$@" 2>&1 | head -c 10 >/dev/null
    status=${PIPESTATUS[0]}
    check "$name 2>&1 | head: status 2, no signal (got $status)" test "$status" -eq 2
}
"$bin" generate score-input --bytes 4M >"$tmp/big"
closed_pipe "generate" "$bin" generate score-input --bytes 4M
closed_pipe "score" "$bin" score "$tmp/big"
closed_pipe --stderr-only "score --keep-going (every line bad)" bash -c "tr 'A-Z' 'a-z' <'$tmp/big' | '$bin' score --keep-going"
closed_pipe "arena" "$bin" arena --games 3000 -P 2 -K 3 -B 1 -- "$player" solve --strategy consistent
closed_pipe "first-test" "$bin" first-test -P 3 -K 3 -B 2 --candidates 100000 --climb 0

# Every other command that writes to stdout, into a pipe whose reader has already left (the
# command starts after `true` exits, so even a short output meets the closed pipe): status 2
# and one message, the last line on stderr (second-tests reports its shards there before).
closed_before() {  # closed_before NAME COMMAND...
    local name=$1 status
    shift
    (sleep 0.2; exec timeout 60 "$@" </dev/null) 2>"$tmp/err" | true
    status=${PIPESTATUS[0]}
    check "$name | (closed): status 2 (got $status)" test "$status" -eq 2
    check "$name | (closed): one message" bash -c "test \$(grep -vc '^shard ' '$tmp/err') -eq 1 && tail -1 '$tmp/err' | grep -q 'cannot write the output\|closed the stream\|reader has gone'"
}
"$bin" evaluate -P 3 -K 3 -B 2 --strategy consistent --all --shard 0/2 >"$tmp/shard0.json"
"$bin" evaluate -P 3 -K 3 -B 2 --strategy consistent --all --shard 1/2 >"$tmp/shard1.json"
closed_before "evaluate --json" "$bin" evaluate --sample 20 --json
closed_before "evaluate --shard" "$bin" evaluate -P 3 -K 3 -B 2 --strategy consistent --all --shard 0/2
# With stdout closed altogether the report would be lost: refused before any work.
"$bin" evaluate --game ordinary -K 7 --strategy optimal --all --json >&- 2>"$tmp/err"
status=$?
check "evaluate >&-: status 2 (got $status) and why, at once" \
    bash -c "test $status -eq 2 && grep -q 'standard output is closed' '$tmp/err'"
# So are the offline searches whose summary or best test comes at the end of hours: nothing made.
for run in "second-tests -P 6 -K 7 -B 6 --play-steps 10 --out $tmp/closed.inc" "first-test -P 5 -K 6 -B 5 --candidates 2 --climb 5"; do
    "$bin" $run >&- 2>"$tmp/err"
    status=$?
    check "${run%% *} >&-: status 2 (got $status) and why, at once, nothing written" \
        bash -c "test $status -eq 2 && grep -q 'standard output is closed' '$tmp/err' && test ! -e '$tmp/closed.inc' -a ! -e '$tmp/closed.inc.checkpoint'"
done
# A long run stops as soon as its output's reader has gone, not when it is done (the optimal
# search of 4x7 takes seconds, the batch game's 6/7/6 walk as long): the message says so.
# The bound alone (--lower-bound 4 on 4x7 takes minutes) and the search as jobs (--checkpoint)
# stop alike.
for run in "--game ordinary -K 7 --strategy optimal --all" "-P 6 -K 7 -B 6 --strategy consistent --all" \
    "--game ordinary -K 7 --strategy optimal --all --lower-bound 4" \
    "--game ordinary -K 7 --strategy optimal --all --checkpoint $tmp/closed.jobs"; do
    closed_before "evaluate $run" "$bin" evaluate $run --json
    check "evaluate $run | (closed): stopped at once" grep -q "stopped: the output's reader has gone" "$tmp/err"
done
closed_before "merge" "$bin" merge "$tmp/shard0.json" "$tmp/shard1.json"
[ "$sanitized" = 1 ] || closed_before "bench" "$bin" bench -q
closed_before "draw game" "$bin" draw game "$tmp/game.jsonl"
closed_before "draw histogram" "$bin" draw histogram "$tmp/report.json"
closed_before "draw tree --format dot" "$bin" draw tree "$tmp/tree.txt" --format dot
command -v dot >/dev/null && closed_before "draw tree (SVG through dot)" "$bin" draw tree "$tmp/tree.txt"
closed_before "second-tests" "$bin" second-tests -P 4 -K 5 -B 4 --out "$tmp/closed.inc"
closed_before "solve" "$bin" solve
closed_before "play" "$bin" play --seed 1
closed_before "assist" "$bin" assist
closed_before "first-test (short)" "$bin" first-test -P 3 -K 3 -B 2 --candidates 1 --climb 1

echo "$failures failures"
[ "$failures" -eq 0 ]
