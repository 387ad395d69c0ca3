# Shared by the CLI test scripts: a scratch folder and a check that counts failures.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {  # check NAME CONDITION...
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); return 1; fi
}
stopped() {  # stopped NAME READY PATTERN COMMAND...: once READY is on its stdout or stderr, SIGTERM ends it
    # with status 143 and PATTERN on stderr (the run's stderr is left in $tmp/stopped.err)
    local name=$1 ready=$2 pattern=$3
    shift 3
    # The last run's stderr goes first: READY found there would signal the shell forked for the
    # command before it runs the command (and that shell would run this script's EXIT trap).
    rm -f "$tmp/stopped.out" "$tmp/stopped.err"
    "$@" >"$tmp/stopped.out" 2>"$tmp/stopped.err" &
    local pid=$! waited=0
    until cat "$tmp/stopped.err" "$tmp/stopped.out" 2>/dev/null | grep -q -- "$ready" || [ $waited -ge 600 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill -TERM "$pid" 2>/dev/null
    wait "$pid"
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
