#!/usr/bin/env bash
# `mastermind second-tests`, the offline pass behind adaptive-split's table: on a small game with a
# tiny play-time budget (so that many classes are searched offline) it writes a table whose
# checksum is the one it prints and whose classes are all split; a run stopped after some shards
# resumes from its checkpoint to the same table; a checkpoint of another run, a damaged one and
# bad options are refused with status 2 before any work. --deepen, the second stage, splits classes
# a weak pass left, resumes to the same table, and refuses what is not its input. --first-test runs
# the pass for another first test.
# Usage: second_tests_cli_test.sh MASTERMIND
set -u
bin=$1
source "$(dirname "$0")/lib.sh"
game=(-P 6 -K 7 -B 6 --play-steps 5 --steps 20000 --shards 4)

"$bin" second-tests "${game[@]}" --out "$tmp/t.inc" >"$tmp/out" 2>"$tmp/err"
check "status 0" test $? -eq 0
check "one progress line per shard" test "$(grep -c '^shard [0-3]/4 done' "$tmp/err")" -eq 4
entries=$(grep -c '^{0x' "$tmp/t.inc")
check "classes were searched offline ($entries)" test "$entries" -gt 3
check "the summary counts the file's entries" grep -q "^table $tmp/t.inc: $entries classes searched offline, $entries split" "$tmp/out"
printed=$(sed -n 's/.*checksum \([0-9a-f]*\)$/\1/p' "$tmp/out")
check "the file's checksum is the printed one" grep -qx "// checksum $printed" "$tmp/t.inc"
check "every class split: worst case 2 with the table" grep -q "^worst case 2 tests" "$tmp/out"
check "the file says how it was made" grep -q "^// Made by: mastermind second-tests -P 6 -K 7 -B 6 --seed 1 --play-steps 5 --steps 20000" "$tmp/t.inc"

# Stopped after two shards: the checkpoint keeps them (and a line cut short is dropped).
head -1 "$tmp/t.inc.checkpoint" >"$tmp/r.inc.checkpoint"
awk '/^shard 1 /{print; exit} NR > 1 {print}' "$tmp/t.inc.checkpoint" >>"$tmp/r.inc.checkpoint"
printf '{0x00000000c31' >>"$tmp/r.inc.checkpoint"
"$bin" second-tests "${game[@]}" --out "$tmp/r.inc" >"$tmp/rout" 2>"$tmp/rerr"
check "resumed: status 0" test $? -eq 0
check "resumed: says so" grep -q "resuming from '$tmp/r.inc.checkpoint': 2 of 4 shards done" "$tmp/rerr"
check "resumed: only the two shards left ran" test "$(grep -c '^shard [0-3]/4 done' "$tmp/rerr")" -eq 2
check "resumed: the same table" diff "$tmp/t.inc" "$tmp/r.inc"
check "resumed: the same report" diff <(grep -v 'wall time' "$tmp/out") <(grep -v 'wall time' "$tmp/rout" | sed "s#$tmp/r.inc#$tmp/t.inc#")

# --stats describes the checkpoint's classes by size, every one enumerated from its answers.
"$bin" second-tests "${game[@]}" --out "$tmp/t.inc" --stats >"$tmp/stats" 2>"$tmp/stats.err"
check "--stats: status 0" test $? -eq 0
check "--stats: every shard and class" grep -q "^$entries classes searched offline in 4 of 4 shards" "$tmp/stats"
banded=$(awk -F'|' '/^\| [0-9]/ {n += $3} END {print n + 0}' "$tmp/stats")
check "--stats: the bands hold every class ($banded)" test "$banded" -eq "$entries"
check "--stats: none left unsplit" test "$(awk -F'|' '/^\| [0-9]/ {n += $4} END {print n + 0}' "$tmp/stats")" -eq 0
check "--stats: a share of each band's classes" grep -qE '^\| [0-9]+-[0-9]+ \| [0-9]+ \| 0 \| 0% \| 0 \| 0\.[0-9]{3} / - \|$' "$tmp/stats"
refused "--stats without a checkpoint" "is not a file" "$bin" second-tests "${game[@]}" --out "$tmp/none.inc" --stats
refused "--stats on another run's checkpoint" "was made by another run" "$bin" second-tests -P 6 -K 7 -B 6 --play-steps 6 --steps 20000 --shards 4 --out "$tmp/t.inc" --stats
check "another run's checkpoint: the setting that differs named" grep -q "play-steps 5 in the file, play-steps 6 in this run" "$tmp/refused.err"

# Stopped by SIGTERM: a word on where the shards done are kept (a game of 8^8 secrets in 64 shards:
# seconds a shard).
stopped "a pass with its checkpoint" "shard 0: 10%" "every shard finished is in the checkpoint '$tmp/long.inc.checkpoint': the same command goes on" \
    "$bin" second-tests -P 8 -K 8 -B 8 --shards 64 --threads 1 --out "$tmp/long.inc" --progress
check "stopped: no table written" test ! -e "$tmp/long.inc"
# One run a checkpoint: a second run on the checkpoint of one under way is refused.
busy=(second-tests -P 8 -K 8 -B 8 --shards 64 --threads 1 --out "$tmp/busy.inc")
start_until "shard 0: 10%" "$tmp/busy.out" "$tmp/busy.err" "$bin" "${busy[@]}" --progress
refused "a second run on a checkpoint in use" "--checkpoint '$tmp/busy.inc.checkpoint' is in use by another run" "$bin" "${busy[@]}"
kill -TERM "$started"
wait "$started"
check "the first run goes on until stopped (status $?)" test $? -eq 143

# --deepen: a pass with a tiny budget leaves classes unsplit; searched again from their tests,
# longer, they split; stopped and resumed, the same table; every class of the input kept.
"$bin" second-tests -P 6 -K 7 -B 6 --play-steps 10 --steps 20 --restarts 0 --shards 2 --out "$tmp/weak.inc" >/dev/null 2>&1
check "a weak pass: status 0" test $? -eq 0
# A pass's checkpoint stopped in shard 1 (two of its entries written, not its report): resumed,
# those entries are cut off before shard 1 runs again, so none is there twice.
awk '{print} /^shard 0 / {n = NR} n && NR == n + 2 {exit}' "$tmp/weak.inc.checkpoint" >"$tmp/part.checkpoint"
"$bin" second-tests -P 6 -K 7 -B 6 --play-steps 10 --steps 20 --restarts 0 --shards 2 --out "$tmp/weak2.inc" --checkpoint "$tmp/part.checkpoint" >/dev/null 2>"$tmp/part.err"
check "a pass resumed in its last shard: status 0" test $? -eq 0
check "a pass resumed in its last shard: says what it cut" grep -q "cut off the [0-9]* bytes of a shard that did not finish" "$tmp/part.err"
check "a pass resumed in its last shard: each class once" diff <(grep '^{0x' "$tmp/weak.inc.checkpoint" | sort) <(grep '^{0x' "$tmp/part.checkpoint" | sort)
check "a pass resumed in its last shard: the same table" diff <(grep -v '^// Made by' "$tmp/weak.inc") <(grep -v '^// Made by' "$tmp/weak2.inc")
# Its last shard's report edited (a whole line, not a torn one): that shard runs again, its block
# cut off first, and the checkpoint reads back whole.
last=$(grep -n '^shard 1 ' "$tmp/weak.inc.checkpoint" | cut -d: -f1)
sed "${last}s/\"games\":\([0-9]*\)/\"games\":1\1/" "$tmp/weak.inc.checkpoint" >"$tmp/bad-report.checkpoint"
check "the edited report differs" bash -c "! cmp -s '$tmp/weak.inc.checkpoint' '$tmp/bad-report.checkpoint'"
"$bin" second-tests -P 6 -K 7 -B 6 --play-steps 10 --steps 20 --restarts 0 --shards 2 --out "$tmp/weak3.inc" --checkpoint "$tmp/bad-report.checkpoint" >/dev/null 2>"$tmp/bad-report.err"
check "a pass whose last report is not one: status 0, the shard cut off" bash -c "test $? -eq 0 && grep -q 'cut off the [0-9]* bytes of a shard that did not finish' '$tmp/bad-report.err'"
check "a pass whose last report is not one: each class once" diff <(grep '^{0x' "$tmp/weak.inc.checkpoint" | sort) <(grep '^{0x' "$tmp/bad-report.checkpoint" | sort)
"$bin" second-tests -P 6 -K 7 -B 6 --play-steps 10 --steps 20 --restarts 0 --shards 2 --out "$tmp/weak3.inc" --checkpoint "$tmp/bad-report.checkpoint" >/dev/null 2>&1
check "a pass whose last report is not one: its checkpoint reads back" test $? -eq 0
# A pass's checkpoint edited by hand: an entry's count of secrets not alone, an entry twice.
pass_again=(second-tests -P 6 -K 7 -B 6 --play-steps 10 --steps 20 --restarts 0 --shards 2 --out "$tmp/x.inc")
awk -F', ' 'BEGIN {OFS = ", "} /^\{0x[0-9a-f]*, [0-9]*, 0, / && !done {$3 = 1; done = 1} {print}' "$tmp/weak.inc.checkpoint" >"$tmp/edited-pass.checkpoint"
refused "a pass's checkpoint with an entry edited" "(an entry lost or edited)" "$bin" "${pass_again[@]}" --checkpoint "$tmp/edited-pass.checkpoint"
awk 'NR == 2 {print} {print}' "$tmp/weak.inc.checkpoint" >"$tmp/twice-pass.checkpoint"
refused "a pass's checkpoint with an entry twice" "twice (an edited checkpoint)" "$bin" "${pass_again[@]}" --checkpoint "$tmp/twice-pass.checkpoint"
awk -F', ' '/^\{0x[0-9a-f]*, [0-9]*, [1-9]/ && !done {done = 1; next} {print}' "$tmp/weak.inc.checkpoint" >"$tmp/lost-pass.checkpoint"
refused "a pass's checkpoint with an entry lost" "secrets not alone, its report has [0-9]* games of 3 tests or more (an entry lost or edited)" "$bin" "${pass_again[@]}" --checkpoint "$tmp/lost-pass.checkpoint"
check "a pass's checkpoint refused: no table" test ! -e "$tmp/x.inc"
weak=$(awk -F', ' '/^\{0x/ && $3 > 0' "$tmp/weak.inc" | wc -l)
check "a weak pass leaves classes unsplit ($weak)" test "$weak" -gt 5
deepen=(second-tests -P 6 -K 7 -B 6 --deepen "$tmp/weak.inc" --steps 20000)
"$bin" "${deepen[@]}" --out "$tmp/deep.inc" --progress >"$tmp/deep.out" 2>"$tmp/deep.err"
check "--deepen: status 0" test $? -eq 0
check "--deepen: one progress line per unsplit class" test "$(grep -c '^  class ' "$tmp/deep.err")" -eq "$weak"
check "--deepen: the same classes and sizes" diff <(awk -F', ' '/^\{0x/ {print $1, $2}' "$tmp/weak.inc") <(awk -F', ' '/^\{0x/ {print $1, $2}' "$tmp/deep.inc")
check "--deepen: no class worse" bash -c "paste -d' ' <(awk -F', ' '/^\{0x/ {print \$3}' '$tmp/weak.inc') <(awk -F', ' '/^\{0x/ {print \$3}' '$tmp/deep.inc') | awk '\$2 > \$1 {bad = 1} END {exit bad}'"
left=$(awk -F', ' '/^\{0x/ {n += $3} END {print n + 0}' "$tmp/deep.inc")
before=$(awk -F', ' '/^\{0x/ {n += $3} END {print n + 0}' "$tmp/weak.inc")
check "--deepen: fewer secrets not alone ($before -> $left)" test "$left" -lt "$before"
check "--deepen: the summary says so" grep -q "secrets not alone $before -> $left; checksum" "$tmp/deep.out"
printed=$(sed -n 's/.*checksum \([0-9a-f]*\)$/\1/p' "$tmp/deep.out")
check "--deepen: the file's checksum is the printed one" grep -qx "// checksum $printed" "$tmp/deep.inc"
check "--deepen: the file names both stages" grep -q "^// Made by: mastermind second-tests .*--steps 20 --restarts 0, then mastermind second-tests -P 6 -K 7 -B 6 --deepen weak.inc --seed 1 --deepen-seed 1 --steps 20000 --restarts 3$" "$tmp/deep.inc"
"$bin" "${deepen[@]/"$tmp/weak.inc"/"$tmp/weak.inc.checkpoint"}" --out "$tmp/from-checkpoint.inc" >/dev/null 2>&1
head -c 3000 "$tmp/weak.inc.checkpoint" >"$tmp/torn-pass.checkpoint"
"$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/torn-pass.checkpoint" --steps 20000 --out "$tmp/from-torn.inc" >/dev/null 2>&1
check "--deepen of a pass's checkpoint cut short (the pass under way): status 0" test $? -eq 0
check "--deepen of a pass's checkpoint cut short: the file says how many shards it holds" grep -q "its checkpoint torn-pass.checkpoint, 1 of 2 shards)" "$tmp/from-torn.inc"
check "--deepen of a pass's checkpoint: the file names the pass from it" grep -q "^// Made by: the pass of mastermind second-tests (game 6 7 6 20 seed 1 .* shards 2 .*; its checkpoint weak.inc.checkpoint, 2 of 2 shards), then mastermind second-tests -P 6 -K 7 -B 6 --deepen weak.inc.checkpoint " "$tmp/from-checkpoint.inc"
head -4 "$tmp/deep.inc.checkpoint" >"$tmp/resume.inc.checkpoint"
printf '{0x0000' >>"$tmp/resume.inc.checkpoint"
"$bin" "${deepen[@]}" --out "$tmp/resume.inc" >"$tmp/resume.out" 2>"$tmp/resume.err"
check "--deepen resumed: status 0" test $? -eq 0
check "--deepen resumed: says so" grep -q "resuming from '$tmp/resume.inc.checkpoint': 3 classes searched before, 3 of them in this input" "$tmp/resume.err"
check "--deepen resumed: the same table" diff <(grep -v '^// Made by' "$tmp/deep.inc") <(grep -v '^// Made by' "$tmp/resume.inc")
check "--deepen resumed: the torn line cut off first" grep -q "cut off the 7 bytes after its last record" "$tmp/resume.err"
check "--deepen resumed: the checkpoint holds every class, one a line" test "$(grep -c '^[0-9a-f]* {0x' "$tmp/resume.inc.checkpoint")" -eq "$(grep -c '^[0-9a-f]* {0x' "$tmp/deep.inc.checkpoint")"
"$bin" "${deepen[@]}" --out "$tmp/resume.inc" >/dev/null 2>"$tmp/resume2.err"
check "--deepen resumed again: status 0, nothing cut" bash -c "test $? -eq 0 && ! grep -q 'cut off' '$tmp/resume2.err'"
# --so-far: the table from a checkpoint of 3 searched classes, nothing searched; the others keep
# the input's tests, and the checkpoint is left as it was (the run goes on later without it).
head -4 "$tmp/deep.inc.checkpoint" >"$tmp/sofar.checkpoint"
cp "$tmp/sofar.checkpoint" "$tmp/sofar.before"
"$bin" "${deepen[@]}" --out "$tmp/sofar.inc" --checkpoint "$tmp/sofar.checkpoint" --so-far --progress >"$tmp/sofar.out" 2>"$tmp/sofar.err"
check "--so-far: status 0" test $? -eq 0
check "--so-far: says what was searched" grep -q -- "--so-far: 3 of the $weak classes of '$tmp/weak.inc' not split were searched; the other $((weak - 3)) keep their tests" "$tmp/sofar.err"
check "--so-far: searches nothing" test "$(grep -c '^  class ' "$tmp/sofar.err")" -eq 0
check "--so-far: the checkpoint unchanged" cmp -s "$tmp/sofar.before" "$tmp/sofar.checkpoint"
# Each entry is the input's or, for the 3 searched classes, the full run's.
check "--so-far: the input's entries but 3, those the full run's" bash -c "paste -d'|' <(grep '^{0x' '$tmp/weak.inc') <(grep '^{0x' '$tmp/deep.inc') \
    <(grep '^{0x' '$tmp/sofar.inc') | awk -F'|' '\$3 != \$1 && \$3 != \$2 {bad = 1} \$3 != \$1 {n++} END {exit bad || n > 3 || n == 0}'"
check "--so-far: the file says so" grep -q -- "--restarts 3 --so-far (3 of the $weak classes searched)$" "$tmp/sofar.inc"
check "--so-far: the summary says what is left" grep -q "($((weak - 3)) classes not searched yet: run again without --so-far to go on)" "$tmp/sofar.out"
refused "--so-far without a checkpoint" "'$tmp/none.checkpoint' does not exist" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --checkpoint "$tmp/none.checkpoint" --so-far
# --so-far beside the run under way on the same checkpoint: it only reads, so it is not refused
# (the run holds the checkpoint's lock), and the run goes on. Two strings a test leave classes
# of 5/6/2 that a billion moves do not split: the run lasts until stopped.
"$bin" second-tests -P 5 -K 6 -B 2 --play-steps 10 --steps 20 --restarts 0 --shards 2 --out "$tmp/weak2.inc" >/dev/null 2>&1
live=(second-tests -P 5 -K 6 -B 2 --deepen "$tmp/weak2.inc" --steps 1000000000 --threads 1 --checkpoint "$tmp/live.checkpoint")
start_until "to search" "$tmp/live.out" "$tmp/live.err" "$bin" "${live[@]}" --out "$tmp/live.inc" --progress
"$bin" "${live[@]}" --out "$tmp/live-sofar.inc" --so-far >"$tmp/live-sofar.out" 2>"$tmp/live-sofar.err"
check "--so-far beside a run under way: status 0" test $? -eq 0
check "--so-far beside a run under way: the table written" grep -q "^// checksum" "$tmp/live-sofar.inc"
check "--so-far beside a run under way: the run still runs" kill -0 "$started"
kill -TERM "$started"
wait "$started"
check "--so-far beside a run under way: the run stopped by the signal alone (status $?)" test $? -eq 143
check "--so-far without a checkpoint: none made" test ! -e "$tmp/none.checkpoint"
refused "--so-far without --deepen" "requires --deepen" "$bin" second-tests -P 6 -K 7 -B 6 --out "$tmp/x.inc" --so-far
# A checkpoint made from part of a table (as from a pass's checkpoint of its first shards) serves
# the whole table later: the classes searched before are not searched again.
grep '^{0x' "$tmp/weak.inc" | head -30 >"$tmp/part.entries"
part=$(awk -F', ' '$3 > 0' "$tmp/part.entries" | wc -l)
"$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/part.entries" --steps 20000 --out "$tmp/part.inc" --checkpoint "$tmp/grow.checkpoint" >/dev/null 2>&1
check "--deepen of part of a table: status 0" test $? -eq 0
"$bin" "${deepen[@]}" --out "$tmp/grown.inc" --checkpoint "$tmp/grow.checkpoint" --progress >/dev/null 2>"$tmp/grown.err"
check "--deepen of the whole table: reuses the part's $part classes" grep -q "searched before, $part of them in this input" "$tmp/grown.err"
check "--deepen of the whole table: searches only the others" test "$(grep -c '^  class ' "$tmp/grown.err")" -eq $((weak - part))
check "--deepen of the whole table: the same table as in one run" diff <(grep -v '^// Made by' "$tmp/deep.inc") <(grep -v '^// Made by' "$tmp/grown.inc")
"$bin" "${deepen[@]}" --out "$tmp/seed2.inc" --deepen-seed 2 >/dev/null 2>&1
check "--deepen-seed 2: other searches" bash -c "! diff -q '$tmp/deep.inc' '$tmp/seed2.inc' >/dev/null"
# --fresh-starts: each class searched from random tests instead of its own; the checkpoint and the
# table say so, and a checkpoint of the searches from the classes' tests is not resumed by it.
"$bin" "${deepen[@]}" --out "$tmp/fresh.inc" --fresh-starts 2 --progress >"$tmp/fresh.out" 2>"$tmp/fresh.err"
check "--fresh-starts: status 0" test $? -eq 0
check "--fresh-starts: the plan says so" grep -q "(20000 moves, 3 restarts each search, from 2 random tests instead of the class's test)" "$tmp/fresh.err"
check "--fresh-starts: fewer secrets not alone" bash -c "grep -q 'secrets not alone $before -> [0-9]*; checksum' '$tmp/fresh.out' && test \$(awk -F', ' '/^\{0x/ {n += \$3} END {print n + 0}' '$tmp/fresh.inc') -lt $before"
check "--fresh-starts: other tests than from the classes' own" bash -c "! diff -q <(grep -v '^// ' '$tmp/deep.inc') <(grep -v '^// ' '$tmp/fresh.inc') >/dev/null"
check "--fresh-starts: the checkpoint's header names it" grep -q " restarts 3 fresh-starts 2 search " "$tmp/fresh.inc.checkpoint"
check "--fresh-starts: the file names it" grep -q -- "--steps 20000 --restarts 3 --fresh-starts 2$" "$tmp/fresh.inc"
refused "--fresh-starts, the checkpoint of searches from the classes' tests" "was made by another run: fresh-starts 2 in this run, not in the file" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --checkpoint "$tmp/deep.inc.checkpoint" --fresh-starts 2
refused "the checkpoint of a run from fresh starts, without them" "was made by another run: fresh-starts 2 in the file, not in this run" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --checkpoint "$tmp/fresh.inc.checkpoint"
refused "--fresh-starts with --method repair" "--fresh-starts belongs to the annealing" "$bin" "${deepen[@]/--steps/--conflicts}" --method repair --out "$tmp/x.inc" --fresh-starts 2
refused "--fresh-starts without --deepen" "requires --deepen" "$bin" second-tests -P 6 -K 7 -B 6 --out "$tmp/x.inc" --fresh-starts 2
refused "--fresh-starts -1" "must be an integer from 0 to 1000, got '-1'" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --fresh-starts -1
# A checkpoint's record is checked as an input entry is, before it goes into a table.
awk -F', ' 'BEGIN {OFS = ", "} /^[0-9a-f]+ \{0x/ && !done {$3 = $3 + 1; done = 1} {print}' "$tmp/deep.inc.checkpoint" >"$tmp/edited.checkpoint"
check "--deepen: the checkpoint has a record to edit" bash -c "! cmp -s '$tmp/deep.inc.checkpoint' '$tmp/edited.checkpoint'"
refused "--deepen, an edited checkpoint record" "not alone by the table" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --checkpoint "$tmp/edited.checkpoint"
check "--deepen, an edited checkpoint record: no table" test ! -e "$tmp/x.inc"
refused "--deepen, another run's checkpoint" "was made by another run" "$bin" "${deepen[@]}" --out "$tmp/deep.inc" --restarts 1
refused "--deepen, a table of another game" "is a table of the 6/7/6 game, not of 9/10/9" "$bin" second-tests --deepen "$tmp/weak.inc" --out "$tmp/x.inc"
refused "--deepen, a table of another first test" "a table of another first test" "$bin" "${deepen[@]}" --seed 2 --out "$tmp/other.inc"
refused "--deepen ''" "'' is an empty path" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "" --out "$tmp/x.inc"
refused "--deepen, a folder" "is not a regular file" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp" --out "$tmp/x.inc"
refused "--deepen, no such file" "$tmp/none.inc' does not exist" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/none.inc" --out "$tmp/x.inc"
: >"$tmp/empty.inc"
refused "--deepen, an empty file" "holds no entries" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/empty.inc" --out "$tmp/x.inc"
printf 'garbage\n' >"$tmp/garbage.inc"
refused "--deepen, not a table" "not a line of a table" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/garbage.inc" --out "$tmp/x.inc"
# A table edited by hand is refused, not copied: a string twice in a test, a class size that is
# not its class's, a class key no answers give (all in split entries, which are copied, not searched).
# The first split entry's test with its first string in place of its second.
awk 'BEGIN {FS = OFS = "\""} /^\{0x[0-9a-f]*, [0-9]*, 0, / && !done {split($2, w, " "); sub(w[2], w[1], $2); done = 1} {print}' \
    "$tmp/weak.inc" >"$tmp/twice-table.inc"
check "--deepen: the edited table has a string twice" bash -c "grep -m1 '^{0x[0-9a-f]*, [0-9]*, 0, ' '$tmp/twice-table.inc' | awk -F'\"' '{split(\$2, w, \" \"); exit w[1] != w[2]}'"
refused "--deepen, a test with a string twice" "not a line of a table" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/twice-table.inc" --out "$tmp/x.inc"
# The edits below drop the header's checksum, which would refuse them first, to reach the entries.
awk -F', ' 'BEGIN {OFS = ", "} /^\{0x[0-9a-f]*, [0-9]*, 0, / && !done {$2 = $2 + 1; done = 1} {print}' "$tmp/weak.inc" >"$tmp/resized.inc"
refused "--deepen, a class size edited, the checksum kept" "its header's checksum" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/resized.inc" --out "$tmp/x.inc"
grep -v '^// checksum ' "$tmp/resized.inc" >"$tmp/resized-nosum.inc"
refused "--deepen, a class size edited" "by the first test's answers" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/resized-nosum.inc" --out "$tmp/x.inc"
awk -F', ' 'BEGIN {OFS = ", "} /^\{0x[0-9a-f]*, [0-9]*, 0, / && !done {$1 = "{0x7fffffffffffffff"; done = 1} !/^\/\/ checksum / {print}' "$tmp/weak.inc" >"$tmp/nokey.inc"
refused "--deepen, a class key no answers give" "by the first test's answers" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/nokey.inc" --out "$tmp/x.inc"
# A split entry that says 1 secret is not alone where its test leaves none (an entry that claims
# to be split when it is not would be copied into the table as a lie; either way is refused).
awk -F', ' 'BEGIN {OFS = ", "} /^\{0x[0-9a-f]*, [0-9]*, 0, / && !done {$3 = 1; done = 1} !/^\/\/ checksum / {print}' "$tmp/weak.inc" >"$tmp/lying.inc"
refused "--deepen, a count of secrets not alone edited" "1 secrets not alone by the table, 0 by its test (an edited line?)" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/lying.inc" --out "$tmp/x.inc"
check "--deepen refusals: nothing written" test ! -e "$tmp/x.inc" -a ! -e "$tmp/x.inc.checkpoint"
refused "--deepen, --out the input" "three files" "$bin" "${deepen[@]}" --out "$tmp/weak.inc"
mkdir -p "$tmp/sub"
refused "--deepen, --checkpoint the --out by another path, neither made yet" "three files" \
    bash -c 'cd "$1/sub" && shift && "$@" --out x.inc --checkpoint ../sub/x.inc' - "$tmp" "$(realpath "$bin")" "${deepen[@]}"
refused "--deepen, --checkpoint where the table is first written" "three files" "$bin" "${deepen[@]}" --out "$tmp/pa.inc" --checkpoint "$tmp/pa.inc.partial"
refused "--deepen with --stats" "excludes" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --stats
refused "--deepen with --shards" "excludes" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --shards 4
refused "--shards past the game's size" "--shards 100000 splits the 7776 secrets of 5/6/3 into shards of fewer than 1000 secrets; at most 7" "$bin" second-tests -P 5 -K 6 -B 3 --shards 100000 --out "$tmp/x.inc"
refused "--deepen-seed without --deepen" "requires" "$bin" second-tests -P 6 -K 7 -B 6 --deepen-seed 3 --out "$tmp/x.inc"

# A game adaptive-split cannot always win (every string of the 2/2 game sent at once; 00 and 11
# answer alike and no string is left for a second test, so it challenges one): the table is
# written, the report counts the games lost, status 1 as evaluate's.
"$bin" second-tests -P 2 -K 2 -B 4 --out "$tmp/f22.inc" >"$tmp/f22.out" 2>/dev/null
check "a pass with games lost: status 1" test $? -eq 1
check "a pass with games lost: says so" grep -q "^games 4, failures 2" "$tmp/f22.out"

# Its table (no entry, its checksum) is a table still: --deepen has nothing to search.
"$bin" second-tests -P 2 -K 2 -B 4 --deepen "$tmp/f22.inc" --out "$tmp/f22d.inc" >"$tmp/f22d.out" 2>/dev/null
check "--deepen a table of no entry: status 0" test $? -eq 0
check "--deepen a table of no entry: says so" grep -q "0 classes, 0 split into singletons; secrets not alone 0 -> 0" "$tmp/f22d.out"
# A line of control bytes is quoted escaped, not sent to the terminal.
printf '// Game 5/6/3: x\n\033[31mred\n' >"$tmp/esc.inc"
refused "--deepen, a line of control bytes" "'.x1B.31mred'" "$bin" second-tests -P 5 -K 6 -B 3 --deepen "$tmp/esc.inc" --out "$tmp/x.inc"

# --deepen --method repair: each string of an unsplit class's test replaced exactly (SAT), round
# the strings while one leaves fewer secrets not alone. On the 5/5/3 game a weak pass leaves
# classes some of which strings split and some no string improves further: every class gets a
# verdict, none is worse, a changed test leaves fewer not alone, a stopped run resumes to the same
# table, and the options of the other search are refused.
"$bin" second-tests -P 5 -K 5 -B 3 --play-steps 1 --steps 1 --restarts 0 --shards 2 --out "$tmp/w3.inc" >/dev/null 2>&1
check "a weak 5/5/3 pass: status 0" test $? -eq 0
w3=$(awk -F', ' '/^\{0x/ && $3 > 0' "$tmp/w3.inc" | wc -l)
repair=(second-tests -P 5 -K 5 -B 3 --deepen "$tmp/w3.inc" --method repair)
"$bin" "${repair[@]}" --out "$tmp/rep.inc" --progress >"$tmp/rep.out" 2>"$tmp/rep.err"
check "--method repair: status 0" test $? -eq 0
check "--method repair: says how it searches" grep -q "$w3 to search (each string of a test replaced exactly, at most 1000000 conflicts per solver call)" "$tmp/rep.err"
check "--method repair: one progress line per unsplit class" test "$(grep -c '^  class ' "$tmp/rep.err")" -eq "$w3"
split3=$(grep -c '^  class .* -> 0 not alone;' "$tmp/rep.err")
proven3=$(grep -c -E 'no one string (splits|improves) it: all 3 proven' "$tmp/rep.err")
reduced3=$(awk '/^  class / {split($0, a, /: | -> | not alone/); if (a[3] + 0 < a[2] + 0 && a[3] + 0 > 0) n++} END {print n + 0}' "$tmp/rep.err")
check "--method repair: every class split or proven ($split3 + $proven3 = $w3)" test $((split3 + proven3)) -eq "$w3"
check "--method repair: both verdicts met" test "$split3" -gt 0 -a "$proven3" -gt 0
check "--method repair: the summary counts them" grep -q "^of the $w3 classes searched in this run, $split3 split and $reduced3 more improved; of the $((w3 - split3)) still unsplit, $proven3 proven: no one string improves them (every string's formula unsatisfiable); 0 undecided within --conflicts 1000000$" "$tmp/rep.out"
check "--method repair: stdout is the table's line and the summary alone" test "$(wc -l <"$tmp/rep.out")" -eq 2
# A limit of one conflict leaves classes undecided, and the summary says so.
"$bin" "${repair[@]}" --conflicts 1 --out "$tmp/rep1.inc" --progress >"$tmp/rep1.out" 2>"$tmp/rep1.err"
undecided=$(grep -c 'the others undecided within the limit' "$tmp/rep1.err")
check "--conflicts 1: classes undecided ($undecided)" test "$undecided" -gt 0
check "--conflicts 1: the summary counts them" grep -q "; $undecided undecided within --conflicts 1 (give this table to --deepen with a larger --conflicts" "$tmp/rep1.out"
check "--method repair: the same classes and sizes" diff <(awk -F', ' '/^\{0x/ {print $1, $2}' "$tmp/w3.inc") <(awk -F', ' '/^\{0x/ {print $1, $2}' "$tmp/rep.inc")
check "--method repair: a class keeps its test or leaves fewer not alone" bash -c "paste -d'|' <(grep '^{0x' '$tmp/w3.inc') <(grep '^{0x' '$tmp/rep.inc') | awk -F'|' '{split(\$1, a, \", \"); split(\$2, b, \", \"); if (\$2 != \$1 && b[3] + 0 >= a[3] + 0) bad = 1} END {exit bad}'"
check "--method repair: the file names it" grep -q -- "then mastermind second-tests -P 5 -K 5 -B 3 --deepen w3.inc --seed 1 --method repair --conflicts 1000000$" "$tmp/rep.inc"
head -3 "$tmp/rep.inc.checkpoint" >"$tmp/rep-resume.inc.checkpoint"
"$bin" "${repair[@]}" --out "$tmp/rep-resume.inc" >"$tmp/rep-resume.out" 2>"$tmp/rep-resume.err"
check "--method repair resumed: says so" grep -q "resuming from '$tmp/rep-resume.inc.checkpoint': 2 classes searched before" "$tmp/rep-resume.err"
check "--method repair resumed: the summary names the classes it took" grep -q "^of the $((w3 - 2)) classes searched in this run (the table has 2 more from the checkpoint), " "$tmp/rep-resume.out"
check "--method repair resumed: the same table" diff <(grep -v '^// Made by' "$tmp/rep.inc") <(grep -v '^// Made by' "$tmp/rep-resume.inc")
# A checkpoint of the repair that only looked for splits (its header lacks the goal) is another
# run's: refused, the setting named, the file kept.
sed '1s/ goal fewer$//' "$tmp/rep.inc.checkpoint" >"$tmp/rep-old.checkpoint"
cp "$tmp/rep-old.checkpoint" "$tmp/rep-old.kept"
refused "--method repair, a checkpoint of the split-only repair" "goal fewer in this run, not in the file" "$bin" "${repair[@]}" --out "$tmp/rep-old.inc" --checkpoint "$tmp/rep-old.checkpoint"
check "--method repair, a checkpoint of the split-only repair: kept" cmp "$tmp/rep-old.checkpoint" "$tmp/rep-old.kept"
# Standard output closed before the summary: said so, status 2, the table written whole.
"$bin" "${repair[@]}" --out "$tmp/pipe.inc" 2>"$tmp/pipe.err" | true
check "--method repair, stdout closed: status 2" test "${PIPESTATUS[0]}" -eq 2
check "--method repair, stdout closed: names standard output" grep -q "cannot write the output to standard output: Broken pipe" "$tmp/pipe.err"
check "--method repair, stdout closed: the table whole" diff <(grep -v '^// Made by' "$tmp/rep.inc") <(grep -v '^// Made by' "$tmp/pipe.inc")
# A file name with a newline: the table's "Made by" line names it escaped, on one line.
nl="$tmp/nl"$'\n'"name.inc"
cp "$tmp/w3.inc" "$nl"
"$bin" second-tests -P 5 -K 5 -B 3 --deepen "$nl" --steps 10 --restarts 0 --out "$tmp/nlout.inc" >/dev/null 2>&1
check "--deepen a name with a newline: status 0" test $? -eq 0
check "--deepen a name with a newline: named escaped" grep -q 'deepen nl.x0Aname.inc ' "$tmp/nlout.inc"
check "--deepen a name with a newline: every line of the header a comment" bash -c "! grep -q '^name.inc' '$tmp/nlout.inc'"
refused "--method repair on an annealing's checkpoint" "was made by another run" "$bin" "${repair[@]}" --out "$tmp/x.inc" --checkpoint "$tmp/deep.inc.checkpoint"
check "--method repair on an annealing's checkpoint: no setting named across kinds of file" bash -c "! grep -q 'in the file,' '$tmp/refused.err'"
refused "--method repair with --steps" "--steps belongs to the annealing" "$bin" "${repair[@]}" --out "$tmp/x.inc" --steps 10
refused "--method repair with --deepen-seed" "--deepen-seed belongs to the annealing" "$bin" "${repair[@]}" --out "$tmp/x.inc" --deepen-seed 2
refused "--conflicts with the annealing" "--conflicts belongs to --method repair" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --conflicts 10
refused "--method, another search" "--method: must be one of anneal, repair, got 'sat'" "$bin" "${deepen[@]}" --out "$tmp/x.inc" --method sat
refused "--method without --deepen" "requires --deepen" "$bin" second-tests -P 6 -K 7 -B 6 --out "$tmp/x.inc" --method repair
refused "--conflicts 0" "--conflicts" "$bin" "${repair[@]}" --out "$tmp/x.inc" --conflicts 0

# --first-test: the pass for a first test that is not compiled in; its table is keyed by that
# test's classes (--deepen needs the same --first-test), and its checkpoint resumes only with it.
cyclic="012345 123456 234560 345601 456012 560123"
other=(second-tests -P 6 -K 7 -B 6 --play-steps 10 --steps 20 --restarts 0 --shards 2)
"$bin" "${other[@]}" --first-test "$cyclic" --out "$tmp/cyc.inc" >"$tmp/cyc.out" 2>&1
check "--first-test: status 0" test $? -eq 0
check "--first-test: the file names it" grep -q "^// Made by: mastermind second-tests .* --first-test \"$cyclic\" --play-steps 10" "$tmp/cyc.inc"
check "--first-test: other classes than the own first test's" bash -c "! diff -q <(grep '^{0x' '$tmp/cyc.inc' | cut -d, -f1) <(grep '^{0x' '$tmp/weak.inc' | cut -d, -f1) >/dev/null"
"$bin" second-tests -P 6 -K 7 -B 6 --first-test "$cyclic" --deepen "$tmp/cyc.inc" --steps 20 --out "$tmp/cyc-deep.inc" >"$tmp/cyc-deep.out" 2>&1
check "--first-test with --deepen: status 0" test $? -eq 0
check "--first-test with --deepen: the file names it" grep -q -- "--deepen cyc.inc --seed 1 --first-test \"$cyclic\" --deepen-seed 1" "$tmp/cyc-deep.inc"
refused "--deepen of its table without it" "a table of another first test" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/cyc.inc" --steps 2000 --out "$tmp/x.inc"
refused "its checkpoint resumed without it" "was made by another run" "$bin" "${other[@]}" --out "$tmp/cyc.inc"
refused "--first-test ''" "is empty" "$bin" "${other[@]}" --first-test "" --out "$tmp/x.inc"
refused "--first-test, a string twice" "twice" "$bin" "${other[@]}" --first-test "012345 012345 234560 345601 456012 560123" --out "$tmp/x.inc"
refused "--first-test, too few strings" "has 5 strings; a test has 6" "$bin" "${other[@]}" --first-test "012345 123456 234560 345601 456012" --out "$tmp/x.inc"
refused "--first-test, a bad string" "is not a string of 6 pegs over 7 colours" "$bin" "${other[@]}" --first-test "012345 123456 234560 345601 456012 56012x" --out "$tmp/x.inc"

refused "another run's checkpoint" "was made by another run" "$bin" second-tests -P 6 -K 7 -B 6 --play-steps 6 --steps 20000 --shards 4 --out "$tmp/t.inc"
printf 'garbage\n' >>"$tmp/t.inc.checkpoint"
printf 'shard 3 {}\n' >>"$tmp/t.inc.checkpoint"
refused "a damaged checkpoint" "not a line of a checkpoint" "$bin" second-tests "${game[@]}" --out "$tmp/t.inc"
refused "--out a folder" "is a directory" "$bin" second-tests "${game[@]}" --out "$tmp"
refused "--out a device" "is not a regular file" "$bin" second-tests "${game[@]}" --out /dev/null
refused "--deepen, --out a device" "is not a regular file" "$bin" second-tests -P 6 -K 7 -B 6 --deepen "$tmp/weak.inc" --out /dev/null
check "/dev/null is still a device" test -c /dev/null
refused "--out in a missing folder" "does not exist" "$bin" second-tests "${game[@]}" --out "$tmp/none/t.inc"
refused "--shards 0" "--shards" "$bin" second-tests "${game[@]}" --shards 0 --out "$tmp/x.inc"
refused "--steps -1" "--steps" "$bin" second-tests -P 5 -K 6 -B 5 --steps -1 --out "$tmp/x.inc"
refused "--restarts huge" "--restarts" "$bin" second-tests -P 5 -K 6 -B 5 --restarts 99999999999999999999 --out "$tmp/x.inc"
# The table is the batch game's under classic rules: --game, --rules and --distinct are not
# options of second-tests (its --help lists only -P, -K, -B and -M).
refused "--game" "--game" "$bin" second-tests --game ordinary --out "$tmp/x.inc"
refused "--rules" "--rules" "$bin" second-tests --rules adjacent -P 5 -K 6 -B 5 --out "$tmp/x.inc"
refused "--distinct" "--distinct" "$bin" second-tests --distinct -P 5 -K 6 -B 5 --out "$tmp/x.inc"
refused "10 pegs" "--pegs" "$bin" second-tests -P 10 -K 6 -B 5 --out "$tmp/x.inc"
refused "two tests" "--max-tests" "$bin" second-tests -P 5 -K 6 -B 4 -M 2 --out "$tmp/x.inc"
refused "9 pegs of 12 colours" "K^P < 2^32" "$bin" second-tests -P 9 -K 12 -B 5 --out "$tmp/x.inc"
refused "--out = --checkpoint" "same file" "$bin" second-tests "${game[@]}" --out "$tmp/same" --checkpoint "$tmp/same"
check "nothing written by refused runs" test ! -e "$tmp/x.inc" -a ! -e "$tmp/x.inc.checkpoint"
"$bin" second-tests --help >"$tmp/help"
check "--help has an example" grep -q "mastermind second-tests -P 6" "$tmp/help"
check "--help offers no option it refuses" bash -c '! grep -q -e "--game" -e "--rules" -e "--distinct" "$1"' - "$tmp/help"
check "--help gives the batch game's defaults" grep -q "default 9)" "$tmp/help"

[ "$failures" -eq 0 ]
