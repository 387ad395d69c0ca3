# Shared by the CLI test scripts: a scratch folder and a check that counts failures.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {  # check NAME CONDITION...
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); return 1; fi
}
started=
start_until() {  # start_until READY OUT ERR COMMAND...: COMMAND in the background, its stdout to OUT
    # and its stderr to ERR, until READY is on either (at most a minute); its PID is left in
    # $started. OUT and ERR go first: READY found in an old one would signal the shell forked for
    # the command before it runs the command (and that shell would run this script's EXIT trap).
    local ready=$1 out=$2 err=$3 waited=0
    shift 3
    rm -f "$out" "$err"
    "$@" >"$out" 2>"$err" &
    started=$!
    until cat "$out" "$err" 2>/dev/null | grep -q -- "$ready" || [ $waited -ge 600 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
}
stopped() {  # stopped NAME READY PATTERN COMMAND...: once READY is on its stdout or stderr, SIGTERM
    # ends it with status 143 and PATTERN on stderr (its output is left in $tmp/stopped.out, .err)
    local name=$1 ready=$2 pattern=$3
    shift 3
    start_until "$ready" "$tmp/stopped.out" "$tmp/stopped.err" "$@"
    kill -TERM "$started" 2>/dev/null
    wait "$started"
    local status=$?
    check "stopped: $name (status $status)" test "$status" -eq 143 &&
        check "stopped: $name: says '$pattern'" grep -q -- "$pattern" "$tmp/stopped.err"
}
refused() {  # refused NAME PATTERN COMMAND...: status 2, PATTERN on stderr, nothing on stdout
    local name=$1 pattern=$2
    shift 2
    "$@" >"$tmp/refused.out" 2>"$tmp/refused.err"
    local status=$?
    check "refused: $name (status $status)" test "$status" -eq 2 &&
        check "refused: $name: says '$pattern'" grep -q -- "$pattern" "$tmp/refused.err" &&
        check "refused: $name: nothing on stdout" test ! -s "$tmp/refused.out"
}
