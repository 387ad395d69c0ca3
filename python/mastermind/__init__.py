"""mastermind: a fast, exact engine for the Mastermind family of code-breaking games.

The games (Ordinary, Batch), scoring (score, score_array), consistent sets and their partitions,
every built-in codebreaker and strategy (players), exhaustive evaluation (evaluate) of those and
of codebreakers written in Python, the exact optimum (optimal), decision trees (DecisionTree),
single games (play), a person's game with hints (Table) and the judge of a program (judge).

    >>> import mastermind as m
    >>> m.evaluate(m.Ordinary(4, 6), "knuth").total
    5801

The manual is docs/python.md; help(mastermind.NAME) shows each one's documentation.
"""

from ._core import (
    Batch,
    DecisionTree,
    Judged,
    Optimum,
    Ordinary,
    Played,
    Player,
    Position,
    Report,
    Score,
    Table,
    __version__,
    evaluate,
    judge,
    optimal,
    play,
    players,
    score,
    score_array,
)

__all__ = [
    "Batch",
    "DecisionTree",
    "Judged",
    "Optimum",
    "Ordinary",
    "Played",
    "Player",
    "Position",
    "Report",
    "Score",
    "Table",
    "__version__",
    "evaluate",
    "judge",
    "optimal",
    "play",
    "players",
    "score",
    "score_array",
]
