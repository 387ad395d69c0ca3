# Shared by the CLI test scripts: a scratch folder and a check that counts failures.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {  # check NAME CONDITION...
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); return 1; fi
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
