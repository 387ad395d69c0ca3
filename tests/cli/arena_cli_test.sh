#!/usr/bin/env bash
# End to end: judge, solve and arena as a contestant runs them, and the arena against programs
# that misbehave in every way we know. Afterwards nothing the tests started may still run.
# Usage: arena_cli_test.sh MASTERMIND MISBEHAVE PART [PLAYER]
#   PART games     many seeded games through the real judge (ctest runs it beside other tests)
#   PART verdicts  misbehaving programs and their verdicts, the judge's exit statuses (beside others)
#   PART limits    time limits, timeouts, memory and process caps, the sandbox's cleanup: wall-clock
#                  and cgroup checks, so ctest runs it beside at most one other test (PROCESSORS 2)
#   PLAYER         the mastermind whose `solve` plays in the arena's games (default: MASTERMIND).
#                  The sanitize flavour's suite names the release build's: what these games test is
#                  the arena and the judge (sanitized); a sanitized solver would cost most of their
#                  time and cannot run under the contest's memory limit.
set -u
bin=$1
misbehave=$2
part=$3
player=${4:-$bin}
marker="mastermind-arena-test-$$-$RANDOM"
source "$(dirname "$0")/lib.sh"
# A sanitized player reserves terabytes of address space and more resident memory: no memory
# limit; and it plays the many-games check on fewer games (each costs ten times as much). The record
# strategy (the default on 9/10/9) anneals its second test, which takes seconds a game under the
# sanitizers (docs/performance.md, "Figures behind the suite's sizes and limits"), so its games
# there get 30 s instead of the contest's 3 s.
memory=()
many=100 same=40 record=20
# Where the verdict is not about time (memory hogs, interpreters starting), 10 s: a fresh virtual
# machine under load can take seconds to hand out 64 MiB it has not touched before or to start
# Python, and 1 s or the default 3 s can then end such a game as Time Limit Exceeded beside two
# other tests (docs/performance.md, "Build time and the test suite").
patient=(--time-limit 10)
[ "${MASTERMIND_SANITIZED:-0}" = 1 ] && [ "$player" = "$bin" ] && memory=(--memory-limit 0 --time-limit 30) && many=40 same=16 record=8

if [ "$part" = games ]; then
# --- arena + judge + the small-game solver: many seeded games, all Accepted.
"$bin" arena -P 4 -K 6 -B 4 --games $many --seed 11 --jobs 2 -q "${memory[@]}" -- "$player" solve --strategy consistent >"$tmp/e2e" 2>&1
status=$?
check "e2e: exit 0" test $status -eq 0
check "e2e: $many Accepted" grep -qE "^  Accepted +$many\$" "$tmp/e2e"
check "e2e: no contest score line for a game that is not the original" bash -c "! grep -q \"score by the original\" $tmp/e2e"

# Same seed, same games: the per-game lines (without times) are identical across --jobs.
"$bin" arena -P 4 -K 6 -B 4 --games $same --seed 5 --jobs 1 "${memory[@]}" -- "$player" solve | grep '^game' | awk '{print $2, $4, $5, $7}' >"$tmp/j1"
"$bin" arena -P 4 -K 6 -B 4 --games $same --seed 5 --jobs 2 "${memory[@]}" -- "$player" solve | grep '^game' | awk '{print $2, $4, $5, $7}' >"$tmp/j2"
check "seeded games do not depend on --jobs" cmp -s "$tmp/j1" "$tmp/j2"
check "$same games listed" test "$(wc -l <"$tmp/j1")" -eq $same

# --- replay: the arena's JSON and each game's log name the seed that plays the game again, by
# `judge --seed` (same secret, same shuffled answers) or by `arena --only N`.
"$bin" arena --games 4 --seed 9 --log-dir "$tmp/logs" --json "$tmp/run.json" "${memory[@]}" -- "$player" solve >"$tmp/run" 2>&1
check "arena --json: 4 games" test "$(jq '.results | length' "$tmp/run.json")" -eq 4
check "arena --json: 4 Accepted" test "$(jq '.verdicts.Accepted' "$tmp/run.json")" -eq 4
seed3=$(jq -r '.results[2].seed' "$tmp/run.json")
check "arena log names the same seed as the JSON" test "$(head -1 "$tmp/logs/game-00003.jsonl" | jq -r .seed)" = "$seed3"
"$bin" arena --games 4 --seed 9 --only 3 "${memory[@]}" -- "$player" solve >"$tmp/only3" 2>&1
check "arena --only 3: one game, game 3's secret" test "$(grep '^game' "$tmp/only3" | awk '{print $2, $4}')" = "$(grep '^game *3 ' "$tmp/run" | awk '{print $2, $4}')"
mkfifo "$tmp/replay_in"
"$bin" judge --seed "$seed3" --log "$tmp/replay.jsonl" <"$tmp/replay_in" 2>/dev/null | "$bin" solve >"$tmp/replay_in"
answers() { jq -c 'select(.event == "test") | .shuffled' "$1"; }
check "judge --seed from the log: the same secret" test "$(head -1 "$tmp/replay.jsonl" | jq -r .secret)" = "$(head -1 "$tmp/logs/game-00003.jsonl" | jq -r .secret)"
check "the log holds shuffled answers" test -n "$(answers "$tmp/replay.jsonl")"
check "judge --seed from the log: the same shuffled answers" test "$(answers "$tmp/replay.jsonl")" = "$(answers "$tmp/logs/game-00003.jsonl")"
check "the log's replay command names the seed" grep -q "\"replay\":\"mastermind judge .* --seed $seed3\"" "$tmp/logs/game-00003.jsonl"

# --- the editorial's strategies on the default game, through the real judge.
for strategy in case-analysis counts-then-locate; do
    "$bin" arena --games 6 --seed 2 --jobs 2 -q "${memory[@]}" -- "$player" solve --strategy "$strategy" >"$tmp/$strategy" 2>&1
    check "$strategy: 6 games Accepted" grep -qE '^  Accepted +6$' "$tmp/$strategy"
done
check "case-analysis: within 9 tests" grep -q "score by the original problem's rule: full" "$tmp/case-analysis"
"$bin" arena --games 3 --seed 4 -q "${memory[@]}" -- "$player" solve >"$tmp/auto" 2>&1
check "solve --strategy auto (the default) on 9/10/9: Accepted" grep -qE '^  Accepted +3$' "$tmp/auto"

# --- the record strategy through the real judge: 20 seeded games (8 by a sanitized player), none over 3 tests.
"$bin" arena --games $record --seed 11 --jobs 2 "${memory[@]}" -- "$player" solve --strategy adaptive-split >"$tmp/record" 2>&1
check "adaptive-split: $record games Accepted" grep -qE "^  Accepted +$record\$" "$tmp/record"
check "adaptive-split: at most 3 tests" test "$(grep '^game' "$tmp/record" | awk '$6 == "tests" && $7 > 3' | wc -l)" -eq 0
check "adaptive-split: every game listed" test "$(grep -c '^game' "$tmp/record")" -eq $record

fi

# --- misbehaving programs: the right verdict, quickly, and the arena exits 1. Run alone (limits),
# a game ends within 10 s; beside other tests only a hang is caught.
within=10
[ "$part" = verdicts ] && within=60
expect_verdict() {  # expect_verdict MODE VERDICT [ARENA OPTIONS...]: a time limit of 1 s unless given
    local mode=$1 verdict=$2
    shift 2
    local start=$SECONDS time_limit=(--time-limit 1)
    [[ " $* " == *" --time-limit "* ]] && time_limit=()
    "$bin" arena --games 2 --jobs 2 --seed 1 "${time_limit[@]}" "$@" -- "$misbehave" "$mode" "$marker" >"$tmp/$mode" 2>&1
    local status=$?
    check "$mode: exit 1" test $status -eq 1
    if ! check "$mode: $verdict" test "$(grep -c "^game .*  $verdict " "$tmp/$mode")" -eq 2; then
        sed 's/^/    /' "$tmp/$mode"
    fi
    check "$mode: within $within s" test $((SECONDS - start)) -le $within
}

if [ "$part" = verdicts ]; then
expect_verdict crash "Runtime Error"
expect_verdict exit-nonzero "Runtime Error"
expect_verdict exit-early "Closed Stream"
expect_verdict close-stdout "Closed Stream"
expect_verdict flood "Protocol Violation"
expect_verdict garbage "Protocol Violation"
expect_verdict flood-lines "Protocol Violation"
expect_verdict wrong "Wrong Answer"
fi

if [ "$part" = limits ]; then
expect_verdict hang "Time Limit Exceeded"
expect_verdict fork-hang "Time Limit Exceeded"
expect_verdict slow "Time Limit Exceeded"
expect_verdict hog "Memory Limit Exceeded" --memory-limit 64 "${patient[@]}"
# The whole process tree is limited and cleaned up (src/arena/sandbox.cpp).
# Each arena names its cgroups mastermind-arena-PID-N: one whose arena has exited was left behind
# (those of arenas still running, as in the tests beside this one, are theirs to remove).
arena_cgroups() { find /sys/fs/cgroup -maxdepth 5 -name "mastermind-arena-*" 2>/dev/null | sort; }
orphan_cgroups() {
    arena_cgroups | while read -r path; do
        local pid=${path##*/mastermind-arena-}
        pid=${pid%%-*}
        [ -d "/proc/$pid" ] || echo "$path"
    done
}
cgroups_before=$(orphan_cgroups)
"$bin" arena --games 1 -- "$misbehave" wrong "$marker" >"$tmp/sandbox"
sandbox=$(sed -n 's/^limits applied by: //p' "$tmp/sandbox")
echo "arena sandbox: $sandbox"
expect_verdict fork-hog "Memory Limit Exceeded" --memory-limit 64 "${patient[@]}"
expect_verdict setsid-escape "Wrong Answer"
MASTERMIND_ARENA_NO_CGROUP=1 expect_verdict setsid-escape "Wrong Answer"
check "no cgroup: the fallback says so" grep -q "limits applied by: process group (no cgroup: MASTERMIND_ARENA_NO_CGROUP is set)" "$tmp/setsid-escape"
MASTERMIND_ARENA_NO_CGROUP=1 expect_verdict fork-hog "Memory Limit Exceeded" --memory-limit 64 "${patient[@]}"
if [[ $sandbox == cgroup* ]]; then
    expect_verdict fork-bomb "Runtime Error" --max-processes 32
    check "fork-bomb: the process limit is named" grep -q "reached the limit of 32 processes" "$tmp/fork-bomb"
else
    echo "skip fork-bomb: no cgroup here ($sandbox), and root ignores RLIMIT_NPROC"
fi
check "no cgroup left behind" test "$(orphan_cgroups)" = "$cgroups_before"

# --- the judge never waits forever.
start=$SECONDS
sleep 5 | "$bin" judge --seed 1 --timeout 0.3 >/dev/null 2>"$tmp/silent.err"
check "silent solver: exit 6 (Time Limit)" test $? -eq 6
check "silent solver: in time" test $((SECONDS - start)) -le 6
fi

if [ "$part" = verdicts ]; then

# Interpreted solvers at the default memory limit (and 10 s): a Python program that allocates 500 MiB is Memory
# Limit Exceeded (not a Runtime Error from a failed allocation); Python and Node.js solvers start and
# are judged (here: a wrong challenge) under the default 64 MiB.
cat >"$tmp/hog.py" <<'PY'
import sys
pegs = int(sys.stdin.readline().split()[0])
block = bytearray(500 * 1024 * 1024)
print("challenge " + "1" * pegs, flush=True)
PY
cat >"$tmp/wrong.py" <<'PY'
import sys
pegs = int(sys.stdin.readline().split()[0])
print("challenge " + "1" * pegs, flush=True)
PY
cat >"$tmp/wrong.js" <<'JS'
const lines = require('readline').createInterface({input: process.stdin});
lines.once('line', (header) => {
    console.log('challenge ' + '1'.repeat(parseInt(header.split(' ')[0])));
    process.exit(0);
});
JS
interpreted() {  # interpreted NAME VERDICT PROGRAM...
    local name=$1 verdict=$2
    shift 2
    "$bin" arena --games 2 --seed 1 "${patient[@]}" -- "$@" >"$tmp/$name" 2>&1
    check "$name: $verdict" test "$(grep -c "^game .*  $verdict " "$tmp/$name")" -eq 2
}
if command -v python3 >/dev/null; then
    interpreted python-hog "Memory Limit Exceeded" python3 "$tmp/hog.py"
    interpreted python "Wrong Answer" python3 "$tmp/wrong.py"
else
    echo "skip the Python solvers: python3 is not installed"
fi
if command -v node >/dev/null; then
    interpreted node "Wrong Answer" node "$tmp/wrong.js"
else
    echo "skip the Node.js solver: node is not installed"
fi
"$bin" arena --secret 000000000 --secret 000000000 --secret 000000000 "${memory[@]}" -- "$misbehave" zeros "$marker" >"$tmp/zeros" 2>&1
check "zeros: Accepted with 0 tests" test "$(grep -c '^game .*Accepted  *tests   0' "$tmp/zeros")" -eq 3
"$bin" arena --games 1 -- /nonexistent/program >"$tmp/missing" 2>&1
check "missing program: exit 2" test $? -eq 2

# --- judge and solve connected through FIFOs, with a transcript.
mkfifo "$tmp/to_judge" "$tmp/to_solver"
# Open order matters with FIFOs: the judge opens its output first, the solver its input first.
"$bin" judge -P 4 -K 6 -B 4 --seed 3 --log "$tmp/game.jsonl" >"$tmp/to_solver" <"$tmp/to_judge" 2>"$tmp/judge.err" &
judge_pid=$!
"$bin" solve <"$tmp/to_solver" >"$tmp/to_judge" 2>"$tmp/solve.err"
solve_status=$?
wait $judge_pid
judge_status=$?
check "judge+solve: solver exit 0" test $solve_status -eq 0
check "judge+solve: judge exit 0" test $judge_status -eq 0
check "judge+solve: verdict line" grep -q "mastermind judge: Accepted after" "$tmp/judge.err"
check "judge+solve: log ends with the verdict" grep -q '"event":"verdict".*"verdict":"Accepted"' "$tmp/game.jsonl"
check "judge+solve: log has the start" grep -q '"event":"start"' "$tmp/game.jsonl"

# --- the judge reports each verdict by exit status.
printf 'test 0000 1111 2222 3333\n' | "$bin" judge -P 4 -K 6 -B 4 --seed 1 >/dev/null 2>&1
check "closed stream: exit 5" test $? -eq 5
printf 'nonsense\n' | "$bin" judge --seed 1 >/dev/null 2>&1
check "violation: exit 3" test $? -eq 3
printf 'challenge 000000000\n' | "$bin" judge --secret 000000001 >/dev/null 2>&1
check "wrong answer: exit 1" test $? -eq 1
"$bin" judge --secret 12 </dev/null >/dev/null 2>"$tmp/badsecret"
check "bad secret: exit 2" test $? -eq 2
check "bad secret: says why" grep -q "has 2 symbols, expected 9" "$tmp/badsecret"

# --- the solver: answers that fit no secret end it with a message, not a loop.
printf '4 6 4 20\n4 0 4 0 4 0 4 0\n' | timeout 10 "$bin" solve >/dev/null 2>"$tmp/lie"
check "lying judge: solver exit 3" test $? -eq 3
check "lying judge: says so" grep -q "inconsistent answers" "$tmp/lie"
printf '4 6 4 20\nerror go away\n' | timeout 10 "$bin" solve >/dev/null 2>&1
check "judge error line: solver exit 2" test $? -eq 2

fi

# --- nothing left behind.
sleep 0.3
check "no process left behind" test -z "$(pgrep -f "$marker")"
pgrep -af "$marker" || true

echo "$failures failures"
[ "$failures" -eq 0 ]
