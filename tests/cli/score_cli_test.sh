#!/usr/bin/env bash
# End-to-end checks of `mastermind score` as a user runs it: stdin and files, exit statuses,
# messages on stderr, and output kept when a later line is bad.
set -u
bin=$1
data=$2
source "$(dirname "$0")/lib.sh"

"$bin" score <"$data/adjacent-sample.in" >"$tmp/out"
check "sample from stdin, exit 0" test $? -eq 0
check "sample byte for byte" cmp -s "$tmp/out" "$data/adjacent-sample.out"

"$bin" score "$data/adjacent-sample.in" >"$tmp/out2"
check "sample from a file" cmp -s "$tmp/out2" "$data/adjacent-sample.out"

printf 'AB AB\nAB BA\nAB ABC\nAB AB\n' | "$bin" score >"$tmp/out3" 2>"$tmp/err3"
status=$?
check "bad line: exit 1" test $status -eq 1
check "bad line: earlier lines written" test "$(cat "$tmp/out3")" = "$(printf 'AB: 2 black, 0 grey, 0 white\nBA: 0 black, 2 grey, 0 white')"
check "bad line: message names stdin and line 3" grep -q '^mastermind score: <stdin>:3: TARGET has 2 pegs but GUESS has 3' "$tmp/err3"

printf 'AB AB\nAB ABC\nxy AB\nAB BA\n' >"$tmp/bad.in"
"$bin" score --keep-going "$tmp/bad.in" >"$tmp/out4" 2>"$tmp/err4"
check "keep-going: exit 1" test $? -eq 1
check "keep-going: two messages" test "$(wc -l <"$tmp/err4")" -eq 2
check "keep-going: file name and line 3" grep -q "bad.in:3: column 1: 'x'" "$tmp/err4"
check "keep-going: scored the rest" test "$(wc -l <"$tmp/out4")" -eq 2

"$bin" score "$tmp/missing-file" >/dev/null 2>"$tmp/err5"
check "missing file: exit 2" test $? -eq 2
check "missing file: named" grep -q "'.*missing-file' cannot be opened" "$tmp/err5"

"$bin" score --rules classic "$data/adjacent-sample.in" >"$tmp/out6"
check "classic rules" test "$(head -1 "$tmp/out6")" = "AAAA: 1 black, 0 white"

"$bin" score --rules nonsense </dev/null >/dev/null 2>&1
check "unknown rules: exit 2" test $? -eq 2

"$bin" score --help >"$tmp/help"
check "help explains the format" grep -q "GUESS: b black, g grey, w white" "$tmp/help"

# A reader that goes away early: the writer reports it and exits, it does not hang or crash.
"$bin" generate score-input --bytes 20M --seed 3 >"$tmp/big.in"
"$bin" score "$tmp/big.in" 2>"$tmp/err7" | head -c 100 >/dev/null
status=${PIPESTATUS[0]}
check "closed output: exit 2" test "$status" -eq 2
check "closed output: said so" grep -q "cannot write the output: Broken pipe" "$tmp/err7"

# Same seed, same bytes; another seed, other bytes.
check "generator is seeded" cmp -s <("$bin" generate score-input --bytes 100k --seed 9) <("$bin" generate score-input --bytes 100k --seed 9)
check "seeds differ" test "$("$bin" generate score-input --bytes 10k --seed 1 | md5sum)" != "$("$bin" generate score-input --bytes 10k --seed 2 | md5sum)"

"$bin" generate score-input --bytes 10k --pegs 50 --colours 3 >"$tmp/shaped"
check "generate --pegs 50: every line 50 + 50 letters" test "$(grep -v '^#$' "$tmp/shaped" | awk '{ print length($1), length($2) }' | sort -u)" = "50 50"
check "generate --colours 3: letters A to C only" bash -c "! grep -v '^#$' '$tmp/shaped' | grep -q '[D-Z]'"

# Every kernel this processor runs writes the same bytes and messages (bad lines mixed in), and a
# file (scored in place, mapped) gives what the same bytes through a pipe give.
{ "$bin" generate score-input --bytes 1M --seed 5 | grep -v '^#$'; printf 'AB Ab\nABC AB\r\n%s\nAB BA' "$(head -c 3000 /dev/zero | tr '\0' Q)"; } >"$tmp/mixed.in"
"$bin" score --keep-going --kernel portable "$tmp/mixed.in" >"$tmp/portable.out" 2>"$tmp/portable.err"
check "mixed input: bad lines reported (exit 1)" test $? -eq 1
for kernel in auto avx2 avx512; do
    if "$bin" score --kernel "$kernel" </dev/null 2>/dev/null; then
        "$bin" score --keep-going --kernel "$kernel" "$tmp/mixed.in" >"$tmp/k.out" 2>"$tmp/k.err"
        check "kernel $kernel: the portable kernel's output" cmp -s "$tmp/k.out" "$tmp/portable.out"
        check "kernel $kernel: the portable kernel's messages" cmp -s "$tmp/k.err" "$tmp/portable.err"
    else
        echo "note: kernel $kernel not tried: this processor lacks it"
    fi
done
cat "$tmp/mixed.in" | "$bin" score --keep-going >"$tmp/piped.out" 2>"$tmp/piped.err"
"$bin" score --keep-going "$tmp/mixed.in" >"$tmp/file.out" 2>"$tmp/file.err"
check "file and pipe: the same output" cmp -s "$tmp/piped.out" "$tmp/file.out"
check "file and pipe: the same messages but the name" cmp -s <(sed 's/^[^:]*: [^:]*:/X:/' "$tmp/piped.err") <(sed 's/^[^:]*: [^:]*:/X:/' "$tmp/file.err")
for threads in 1 3; do
    "$bin" score --keep-going --threads "$threads" "$tmp/mixed.in" >"$tmp/t.out" 2>"$tmp/t.err"
    check "--threads $threads: the same output" cmp -s "$tmp/t.out" "$tmp/file.out"
    check "--threads $threads: the same messages" cmp -s "$tmp/t.err" "$tmp/file.err"
done
"$bin" score --threads 2 "$tmp/big.in" | cmp -s - <("$bin" score --threads 1 "$tmp/big.in")
check "--threads 2 on 20 MB: the one-thread bytes" test $? -eq 0
"$bin" score --kernel sse </dev/null >/dev/null 2>"$tmp/kerr"
check "unknown kernel: exit 2" test $? -eq 2
check "unknown kernel: named" grep -q "sse" "$tmp/kerr"

[ "$failures" -eq 0 ]
