#!/usr/bin/env bash
# The offline computation behind the 9/10/9 game's table of second tests, for the first test in
# offline/annealed-first-test/first-test.txt, in resumable stages (each skips what its
# checkpoint says is done, so running this again after an interruption goes on where it stopped):
#   1. the pass: every class the play-time search leaves unsplit, searched 200,000 moves more;
#   2. round 1: every class still unsplit, searched again from its test (1,000,000 moves, 4 runs);
#   3. round 2: the same with another seed and 3,000,000 moves;
#   4. round 3: the same from round 2's table with a third seed;
#   5. round 4: the same from round 3's table with a fourth seed;
#   6. round 5: from round 4's table with a fifth seed and twice the moves (6,000,000), for the
#      classes that resisted four rounds;
#   7. round 6: the same from round 5's table with a sixth seed;
#   8. round 7: the same from round 6's table with a seventh seed;
#   9. round 8: the same from round 7's table with an eighth seed;
#  10. round8r.inc: round 8's table with the ten classes the split-only repair split
#      (repair.checkpoint, which this build refuses), as compiled in at 9499cf0, taken from git;
#  11. round 9: every class round8r.inc leaves unsplit, searched from up to 10 random tests
#      instead of its own (--fresh-starts): the tests the rounds refined are local optima for any
#      one string (the exact stage, repair8.checkpoint, proved it of the classes it finished).
# The checkpoints live in that folder and are committed as the work goes (docs/results.md: the
# machine that runs a stage may not outlive it). Hours on 2 cores; CI never runs it.
# Usage: scripts/offline-second-tests.sh [MASTERMIND]   (default: build/release/mastermind)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-build/release/mastermind}")
if [ ! -x "$bin" ]; then
    echo "offline-second-tests.sh: '$bin' is not an executable (build it: bash scripts/build.sh release mastermind)" >&2
    exit 2
fi
cd offline/annealed-first-test
first=$(cat first-test.txt)
stage() { echo "== $1 ($(date -u +%H:%M:%S))" >&2; }
stage pass
[ -f pass.inc ] || "$bin" second-tests --first-test "$first" --shards 32 --progress --out pass.inc --checkpoint pass.checkpoint >pass.out
stage "round 1"
[ -f round1.inc ] || "$bin" second-tests --first-test "$first" --deepen pass.inc --out round1.inc --checkpoint round1.checkpoint \
    --progress >round1.out
stage "round 2"
[ -f round2.inc ] || "$bin" second-tests --first-test "$first" --deepen round1.inc --out round2.inc --deepen-seed 2 --steps 3000000 \
    --checkpoint round2.checkpoint --progress >round2.out
stage "round 3"
[ -f round3.inc ] || "$bin" second-tests --first-test "$first" --deepen round2.inc --out round3.inc --deepen-seed 3 --steps 3000000 \
    --checkpoint round3.checkpoint --progress >round3.out
stage "round 4"
[ -f round4.inc ] || "$bin" second-tests --first-test "$first" --deepen round3.inc --out round4.inc --deepen-seed 4 --steps 3000000 \
    --checkpoint round4.checkpoint --progress >round4.out
stage "round 5"
[ -f round5.inc ] || "$bin" second-tests --first-test "$first" --deepen round4.inc --out round5.inc --deepen-seed 5 --steps 6000000 \
    --checkpoint round5.checkpoint --progress >round5.out
stage "round 6"
[ -f round6.inc ] || "$bin" second-tests --first-test "$first" --deepen round5.inc --out round6.inc --deepen-seed 6 --steps 6000000 \
    --checkpoint round6.checkpoint --progress >round6.out
stage "round 7"
[ -f round7.inc ] || "$bin" second-tests --first-test "$first" --deepen round6.inc --out round7.inc --deepen-seed 7 --steps 6000000 \
    --checkpoint round7.checkpoint --progress >round7.out
stage "round 8"
[ -f round8.inc ] || "$bin" second-tests --first-test "$first" --deepen round7.inc --out round8.inc --deepen-seed 8 --steps 6000000 \
    --checkpoint round8.checkpoint --progress >round8.out
stage "round 8r"
[ -f round8r.inc ] || git show 9499cf0:src/batch/strategies/second_tests_9_10_9.inc >round8r.inc
stage "round 9"
[ -f round9.inc ] || "$bin" second-tests --first-test "$first" --deepen round8r.inc --out round9.inc --deepen-seed 9 --steps 3000000 \
    --restarts 3 --fresh-starts 10 --checkpoint round9.checkpoint --progress >>round9.out
stage done
cat round8.out round9.out
