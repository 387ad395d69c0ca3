#!/usr/bin/env bash
# The help texts against the behaviour: every --help ends with examples, `solve --help` describes
# every strategy it accepts, and what it says `auto` plays is what auto plays.
# Usage: help_cli_test.sh MASTERMIND [PLAYER]
#   PLAYER  the mastermind whose `solve` plays the games that show what auto plays (default:
#           MASTERMIND; the sanitize flavour's suite names the release build's, as for the arena
#           tests: the same source, and a sanitized record strategy anneals for seconds a game).
set -u
bin=$1
player=${2:-$bin}
source "$(dirname "$0")/lib.sh"
memory=()
# A sanitized player: no memory limit (it reserves terabytes of address space), and 30 s a game.
[ "${MASTERMIND_SANITIZED:-0}" = 1 ] && [ "$player" = "$bin" ] && memory=(--memory-limit 0 --time-limit 30)

for command in "" score generate "generate score-input" judge solve arena evaluate merge first-test second-tests bench play assist serve draw "draw game" "draw histogram" "draw tree"; do
    read -r -a args <<<"$command"
    "$bin" "${args[@]}" --help >"$tmp/help" 2>&1
    check "'$command --help': exit 0" test $? -eq 0
    # The last block: "Examples:" and one to three lines that run mastermind (or set it up).
    tail_block=$(awk 'NF {last = NR} {line[NR] = $0} END {for (i = 1; i <= last; i++) print line[i]}' "$tmp/help" |
        awk '/^Examples:$/ {block = ""; inside = 1; next} inside {block = block $0 "\n"} END {printf "%s", block}')
    examples=$(grep -c '^  \(mastermind\|mkfifo\) ' <<<"$tail_block")
    check "'$command --help': ends with examples ($examples)" test "$examples" -ge 1 -a "$examples" -le 3 -a \
        "$(grep -vc '^  \(mastermind\|mkfifo\) ' <<<"$tail_block")" -eq 0
done

# The commands `mastermind --help` lists are the ones checked above (run_cli builds only the command
# a line names: a name out of step with its table would not run); a misspelt command is named.
listed=$("$bin" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' | sort | tr '\n' ' ')
checked=$(echo score generate judge solve arena evaluate merge first-test second-tests bench play assist serve draw |
    tr ' ' '\n' | sort | tr '\n' ' ')
check "mastermind --help lists the commands checked here ($listed)" test "$listed" = "$checked"
refused "a misspelt command" "unknown command 'scor' (the commands: score, " "$bin" scor --help

# Every name --strategy accepts (the registry) has a line in the description, and no other.
"$bin" solve --help >"$tmp/solve"
accepted=$(sed -n 's/.*--strategy TEXT:{\([^}]*\)}.*/\1/p' "$tmp/solve" | tr ',' '\n' | grep -v '^auto$' | sort)
described=$(sed -n 's/^  \([a-z-]*\): .*/\1/p' "$tmp/solve" | sort)
check "solve --help: the registry's names (found $(wc -w <<<"$accepted"))" test "$(wc -w <<<"$accepted")" -ge 10
check "solve --help: every accepted strategy is described, and only those" test "$accepted" = "$described"

# What the help says auto plays is what auto plays: the same games, move for move, as the named
# strategy (the per-game lines without times and memory).
games_of() {  # games_of ARENA-ARGS... -- SOLVE-ARGS...
    "$bin" arena --games 4 --seed 3 "${memory[@]}" "$@" | awk '/^game/ {print $2, $4, $5, $7}'
}
record=$(sed -n 's/.*auto, plays \([a-z-]*\) on the 9\/10\/9 batch game.*/\1/p' "$tmp/solve")
ordinary=$(sed -n 's/.* \([a-z-]*\) in the ordinary game\..*/\1/p' "$tmp/solve")
check "solve --help names auto's 9/10/9 strategy ($record)" test -n "$record"
check "solve --help names auto's ordinary codebreaker ($ordinary)" test -n "$ordinary"
check "auto on 9/10/9 plays $record" test "$(games_of -- "$player" solve)" = "$(games_of -- "$player" solve --strategy "$record")"
check "auto in the ordinary game plays $ordinary" \
    test "$(games_of --game ordinary -- "$player" solve)" = "$(games_of --game ordinary -- "$player" solve --strategy "$ordinary")"
check "the comparison can tell strategies apart (shapiro plays other games)" \
    test "$(games_of --game ordinary -- "$player" solve)" != "$(games_of --game ordinary -- "$player" solve --strategy shapiro)"

echo "$failures failures"
[ "$failures" -eq 0 ]
