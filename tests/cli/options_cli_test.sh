#!/usr/bin/env bash
# Every numeric option of every command, tried with 0, -1 and a huge value, and every file
# argument with a directory and an empty file: a refused value ends the run before any work with
# status 2 and a message naming the option; an accepted one runs normally (no "must be", no
# signal). Then output to a closed pipe: one message, status 2, never a signal.
# Usage: options_cli_test.sh MASTERMIND
set -u
bin=$1
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
    "--games|arena --games {} -- $bin solve|"
    "--seed|arena --games 1 --seed {} -- $bin solve|0"
    "--time-limit|arena --games 1 --time-limit {} -- $bin solve|0"
    "--memory-limit|arena --games 1 --memory-limit {} -- $bin solve|0"
    "--jobs|arena --games 1 --jobs {} -- $bin solve|"
    "--pegs|arena --games 1 --pegs {} -- $bin solve|"
    "--colours|arena --games 1 --game ordinary --colours {} -- $bin solve|"
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
    "--deepen-seed|second-tests -P 6 -K 7 -B 6 --deepen $tmp/deepen-in.inc --out $tmp/deepen-out.inc --steps 100 --deepen-seed {}|0"
)
# The input of --deepen: one entry, split (so an accepted seed runs at once: no class to search).
echo '{0x0000000000000001, 1, 0, "012345 123456 234560 345601 456012 560123"},' >"$tmp/deepen-in.inc"
for row in "${table[@]}"; do
    IFS='|' read -r option template valid <<<"$row"
    for value in 0 -1 "$huge"; do
        if [ "$value" = "${valid}" ] && [ "${MASTERMIND_SANITIZED:-0}" = 1 ] && [ "${template%% *}" = bench ]; then
            # An accepted value runs the whole bench: 16 s under the sanitizers, and cli.bench
            # runs it already. The refusals of the other values are still checked here.
            continue
        fi
        read -r -a args <<<"${template//\{\}/$value}"
        timeout 60 "$bin" "${args[@]}" </dev/null >"$tmp/out" 2>"$tmp/err"
        status=$?
        name="${template//\{\}/$value}"
        if [ "$value" = "${valid}" ]; then
            check "$name: accepted (status $status)" test "$status" -lt 124 -a "$status" -ne 2 -o "$status" -eq 2 -a -z "$(grep -e "must be" -e "$option" "$tmp/err")"
        else
            check "$name: status 2" test "$status" -eq 2
            check "$name: message names $option" grep -q -- "$option" "$tmp/err"
            check "$name: nothing written" test ! -s "$tmp/out"
        fi
    done
done

# --- file arguments: a directory and an empty file are refused by name, before any work.
: >"$tmp/empty"
mkdir "$tmp/dir"
for command in "evaluate --secrets" "arena --games 1 --secrets"; do
    for path in "$tmp/dir" "$tmp/empty"; do
        read -r -a args <<<"$command $path"
        [ "${args[0]}" = arena ] && args+=(-- "$bin" solve)
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
"$bin" arena --games 1 --log-dir "$tmp/one" -- "$bin" solve >"$tmp/out" 2>"$tmp/err"
check "arena --log-dir FILE: status 2" test $? -eq 2
check "arena --log-dir FILE: names it" grep -q -- "--log-dir '$tmp/one'" "$tmp/err"
"$bin" arena --games 1 --log-dir /proc/no-such-dir -- "$bin" solve >"$tmp/out" 2>"$tmp/err"
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
closed_pipe "arena" "$bin" arena --games 3000 -P 2 -K 3 -B 1 -- "$bin" solve --strategy consistent
closed_pipe "first-test" "$bin" first-test -P 3 -K 3 -B 2 --candidates 100000 --climb 0

echo "$failures failures"
[ "$failures" -eq 0 ]
