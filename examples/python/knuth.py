"""Knuth's codebreaker (1976) in Python, evaluated by the engine over every secret.

The guess whose largest part of the codes still possible is smallest; among equals a guess that
could win, then the lowest code. The engine walks the decision tree and computes the partitions
natively. Usage: knuth.py [PEGS COLOURS [FIRST]]   (4x6 from 0011: 5801; 5x8 from 00112: 183775)
"""
import sys
from typing import Optional, Union

import numpy as np

import mastermind as m


class Knuth:
    def __init__(self, first: Optional[str] = None) -> None:
        self.first = first  # None: the rule chooses the first guess too

    def next(self, position: m.Position) -> Union[str, int]:
        if self.first is not None and not position.history:
            return self.first
        worst = position.partition_sizes().max(axis=1).astype(np.int64)  # every code as a guess
        return int(np.argmin(2 * worst - position.is_consistent()))  # ties: consistent, then lowest


if __name__ == "__main__":
    pegs, colours = (int(a) for a in sys.argv[1:3]) if len(sys.argv) > 2 else (4, 6)
    # The published first guesses (Knuth's 1122; 11223 on 5x8, as mikemag/Mastermind plays it).
    first = sys.argv[3] if len(sys.argv) > 3 else {(4, 6): "0011", (5, 8): "00112"}.get((pegs, colours))
    report = m.evaluate(m.Ordinary(pegs, colours), Knuth(first))
    print(f"knuth in Python on {pegs}x{colours}: total {report.total}, worst {report.worst}, "
          f"{report.strategy_calls} calls, {report.seconds:.2f} s")
