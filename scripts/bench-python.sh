#!/usr/bin/env bash
# What a node costs when the codebreaker is written in Python: Knuth in numpy
# (examples/python/knuth.py) against the engine's own Knuth, both walked by the engine over every
# secret of 4x6 and 5x8 on one thread, in one process, side by side (docs/performance.md,
# "Python codebreakers").
# Usage: scripts/bench-python.sh [RUNS (default 3; the 5x8 Python run takes about a minute)]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
bash scripts/build.sh release mastermind_python >/dev/null
PYTHONPATH=$PWD/build/release/python:$PWD/examples/python /usr/bin/python3 - "$runs" <<'PY'
import statistics
import sys
import time

import mastermind as m
from knuth import Knuth

runs = int(sys.argv[1])
print("| game | codebreaker | total | nodes | seconds (median of %d) | per node | Python / native |" % runs)
print("|---|---|---:|---:|---:|---:|---:|")
for (pegs, colours, first) in ((4, 6, "0011"), (5, 8, "00112")):
    game = m.Ordinary(pegs, colours)
    times = {}
    for name, player in (("native knuth", "knuth"), ("Knuth in Python", None)):
        seconds = []
        for _ in range(runs if player or pegs == 4 else max(1, runs // 3)):
            start = time.perf_counter()
            report = m.evaluate(game, player or Knuth(first), first=first if player else None, threads=1)
            seconds.append(time.perf_counter() - start)
        times[name] = statistics.median(seconds)
        ratio = "" if player else "%.0fx" % (times[name] / times["native knuth"])
        print(f"| {pegs}x{colours} | {name} | {report.total} | {report.strategy_calls} | {times[name]:.3f} | "
              f"{1e6 * times[name] / report.strategy_calls:.0f} us | {ratio} |", flush=True)
PY
