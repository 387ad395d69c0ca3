"""evaluate(): the built-in players and codebreakers written in Python, against the command
line's `mastermind evaluate --json`; its budget, Ctrl-C and bad input."""
import json
import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import mastermind as m

REPORT_FIELDS = ["games", "failures", "worst", "mean", "histogram", "worst_examples", "failure_examples", "strategy_calls"]


def cli_json(cli, *args):
    out = subprocess.run([cli, "evaluate", *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("name", ["knuth", "irving", "entropy", "most-parts", "shapiro"])
def test_published_figures_and_the_command_line(cli, name):
    game = m.Ordinary(4, 6)
    report = m.evaluate(game, name)
    want = cli_json(cli, "--game", "ordinary", "--strategy", name, "--all")
    got = report.to_dict()
    assert set(got) == set(want)  # the same fields as --json
    for field in REPORT_FIELDS + ["total", "first_guess", "first_guess_from", "scope", "strategy", "seed", "game"]:
        assert got[field] == want[field], field
    assert report.games == 1296 and report.failures == 0
    assert report.histogram == want["histogram"] and sum(report.histogram) == 1296
    if name == "knuth":
        assert (report.total, report.worst, report.histogram[1:]) == (5801, 5, [1, 6, 62, 533, 694])


def test_adjacent_rules_sample_and_secrets(cli):
    game = m.Ordinary(4, 6, rules="adjacent")
    sample = m.evaluate(game, "knuth", sample=50, seed=9)
    want = cli_json(cli, "--game", "ordinary", "--rules", "adjacent", "--strategy", "knuth", "--sample", "50", "--seed", "9")
    assert [sample.to_dict()[f] for f in REPORT_FIELDS] == [want[f] for f in REPORT_FIELDS]
    given = m.evaluate(game, "knuth", secrets=["0000", "1234", 5], first="0012")
    assert given.games == 3 and given.first_guess == "0012" and given.to_dict()["first_guess_from"] == "first"


def test_batch_games(cli):
    for name, (pegs, colours) in (("consistent", (4, 4)), ("counts-then-locate", (4, 5))):
        report = m.evaluate(m.Batch(pegs, colours, pegs), name)
        want = cli_json(cli, "-P", str(pegs), "-K", str(colours), "-B", str(pegs), "--strategy", name, "--all")
        got = report.to_dict()
        assert set(got) == set(want), name  # the same fields as --json
        for field in REPORT_FIELDS + ["move_hash", "scope", "game", "rules", "strategy", "seed"]:
            assert got[field] == want[field], (name, field)
    sample = m.evaluate(m.Batch(), "adaptive-split", sample=3, seed=5)
    want = cli_json(cli, "--strategy", "adaptive-split", "--sample", "3", "--seed", "5")
    assert [sample.to_dict()[f] for f in REPORT_FIELDS] == [want[f] for f in REPORT_FIELDS]
    assert m.evaluate(m.Batch(4, 4, 4), "consistent", secrets=["0123", 7]).games == 2
    # Shards, when the memory allowed is less than one walk's: the same report.
    sharded = m.evaluate(m.Batch(6, 7, 6), "counts-then-locate", memory_limit_mib=65)
    whole = m.evaluate(m.Batch(6, 7, 6), "counts-then-locate")
    assert "in 2 shards" in sharded.scope and [sharded.to_dict()[f] for f in REPORT_FIELDS] == [whole.to_dict()[f] for f in REPORT_FIELDS]


class PyKnuth:
    """Knuth's rule in numpy, as examples/python/knuth.py writes it."""

    def __init__(self, first=None):
        self.first = first
        self.calls = 0

    def next(self, position):
        self.calls += 1
        if self.first is not None and not position.history:
            return self.first
        worst = position.partition_sizes().max(axis=1).astype(np.int64)
        return int(np.argmin(2 * worst - position.is_consistent()))


def test_a_python_codebreaker_is_walked_by_the_engine():
    game = m.Ordinary(4, 6)
    breaker = PyKnuth("0011")
    report = m.evaluate(game, breaker)
    native = m.evaluate(game, "knuth")
    assert (report.total, report.histogram, report.strategy_calls) == (5801, native.histogram, native.strategy_calls)
    assert breaker.calls == report.strategy_calls  # once per node of the tree
    assert report.strategy == "PyKnuth" and report.failures == 0
    # On two threads, the same report; under adjacent rules too (the engine's Knuth).
    assert m.evaluate(game, PyKnuth("0011"), threads=2).histogram == native.histogram
    adjacent = m.Ordinary(3, 5, rules="adjacent")
    assert m.evaluate(adjacent, PyKnuth()).histogram == m.evaluate(adjacent, "knuth").histogram


def test_a_python_function_and_the_position():
    game = m.Ordinary(3, 3)
    seen = []

    def first_consistent(position):
        assert position.game == game
        assert len(position) == position.consistent.size
        assert list(position.consistent) == list(game.consistent(position.history))
        assert sum(len(c) for c in position.partition(0).values()) == len(position)
        if position.history:
            code, answer = position.history[-1]
            assert isinstance(code, int) and isinstance(answer, m.Score)
        seen.append(len(position))
        return game.code(int(position.consistent[0]))  # a str works as well as a number

    report = m.evaluate(game, first_consistent, record_tree=True)
    assert report.games == 27 and report.failures == 0 and len(seen) == report.strategy_calls
    assert m.evaluate(game, "shapiro").total == report.total  # Shapiro: the first consistent code


def test_a_python_codebreakers_errors_are_raised():
    game = m.Ordinary(3, 3)

    class Broken:
        def next(self, position):
            if len(position.history) == 2:
                raise ZeroDivisionError("from the codebreaker")
            return int(position.consistent[0])

    with pytest.raises(ZeroDivisionError, match="from the codebreaker"):
        m.evaluate(game, Broken())
    with pytest.raises(ValueError, match="the guess next.. returned '99' has 2 symbols"):
        m.evaluate(game, lambda position: "99")
    with pytest.raises(TypeError, match="str or an int"):
        m.evaluate(game, lambda position: None)
    with pytest.raises(ZeroDivisionError):
        m.play(game, Broken(), secret="222")


def test_a_codebreaker_that_never_finds_the_secret_fails_its_games():
    report = m.evaluate(m.Ordinary(3, 3, max_guesses=3), lambda position: 0)
    assert report.failures == 26 and report.failure_examples[0] == "001: not found in 3 guesses"


def test_progress_is_reported():
    calls = []
    m.evaluate(m.Ordinary(4, 6), PyKnuth("0011"), progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (1296, 1296) and all(t == 1296 for _, t in calls)
    with pytest.raises(TypeError, match="callable"):
        m.evaluate(m.Ordinary(4, 6), "knuth", progress=5)


def test_the_budget_is_a_timeout():
    def slow(position):
        time.sleep(0.05)
        return int(position.consistent[0])

    start = time.monotonic()
    with pytest.raises(TimeoutError, match="the evaluation gave up"):
        m.evaluate(m.Ordinary(4, 6), slow, seconds=0.3)
    assert time.monotonic() - start < 5


def test_a_huge_batch_game_answers_to_its_budget():
    # adaptive-split lists the secrets a history leaves in a game of 16^12: the budget stops it.
    start = time.monotonic()
    with pytest.raises(TimeoutError):
        m.evaluate(m.Batch(12, 16, 12), "adaptive-split", sample=1, seconds=1)
    assert time.monotonic() - start < 10


def test_ctrl_c_stops_an_evaluation():
    # A child python evaluates a slow codebreaker (then a long native search); SIGINT ends each
    # as KeyboardInterrupt: "interrupted", never "finished" (each work takes seconds to minutes
    # uninterrupted). The 60 s on each line only keep a broken build from hanging the suite: the
    # behaviour asserted is the word, not the time, which a loaded machine stretches.
    script = textwrap.dedent(
        """
        import sys, time, mastermind as m
        def slow(position):
            time.sleep(0.01)
            return int(position.consistent[0])
        works = (
            lambda: m.evaluate(m.Ordinary(5, 8), slow),
            lambda: m.optimal(m.Ordinary(4, 7)),
            lambda: m.Ordinary(6, 8).partition_sizes(),
            lambda: m.play(m.Batch(12, 16, 12), "adaptive-split"),
        )
        for work in works:
            print("started", flush=True)
            try:
                work()
                print("finished", flush=True)
            except KeyboardInterrupt:
                print("interrupted", flush=True)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=os.environ)

    # A thread reads the child's lines as they come (a select on the buffered pipe would miss
    # lines already read into its buffer).
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.strip()) for line in child.stdout], daemon=True).start()

    def next_line():
        return lines.get(timeout=60)

    try:
        for _ in range(4):
            assert next_line() == "started"
            time.sleep(0.5)
            child.send_signal(signal.SIGINT)
            assert next_line() == "interrupted"
        assert child.wait(timeout=60) == 0
    finally:
        child.kill()


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: m.evaluate(m.Ordinary(), "nobody"), ValueError, "'nobody' is not a codebreaker.*knuth"),
        (lambda: m.evaluate(m.Batch(), "knuth"), ValueError, "'knuth' is not a strategy"),
        (lambda: m.evaluate(m.Ordinary(), 5), TypeError, "codebreaker's name or an object"),
        (lambda: m.evaluate("4x6", "knuth"), TypeError, "Ordinary or a Batch"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", sample=0), ValueError, "sample 0"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", sample=-1), ValueError, "sample -1"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", sample=10**9), ValueError, "sample"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", sample=3, secrets=[1]), ValueError, "not both"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", secrets="0011"), TypeError, "not one str"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", secrets=["00111"]), ValueError, "has 5 symbols"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", seed=-1), ValueError, "seed -1"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", seed=2**64), ValueError, "seed 18446744073709551616: 0 .. 2.64-1"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", sample=10**20), ValueError, "sample 100000000000000000000"),
        (lambda: m.evaluate(m.Ordinary(), "tree", tree="knuth.tree"), TypeError, "tree must be a DecisionTree"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", threads=-1), ValueError, "threads -1"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", threads=10**6), ValueError, "threads"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", first="7777"), ValueError, "first '7777'"),
        (lambda: m.evaluate(m.Ordinary(), PyKnuth(), first="0011"), ValueError, "first is for the built-in"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", exact_below=5), ValueError, "entropy-optimal's"),
        (lambda: m.evaluate(m.Ordinary(), "tree"), ValueError, "give tree="),
        (lambda: m.evaluate(m.Ordinary(), "knuth", record_tree=True, sample=4), ValueError, "record_tree"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", seconds=0), ValueError, "seconds 0"),
        (lambda: m.evaluate(m.Ordinary(), "knuth", memory_limit_mib=100), ValueError, "batch game"),
        (lambda: m.evaluate(m.Batch(4, 4, 4), "consistent", sample=5, memory_limit_mib=100), ValueError, "every secret"),
        (lambda: m.evaluate(m.Ordinary(8, 10), "knuth"), ValueError, "knuth"),
        (lambda: m.evaluate(m.Batch(), "adaptive-split", secrets=["12345678"]), ValueError, "has 8 symbols"),
        (lambda: m.evaluate(m.Batch(), "adaptive-split", secrets=[10**9]), ValueError, "not a secret index"),
        (lambda: m.evaluate(m.Batch(), PyKnuth()), TypeError, "built-in strategy"),
        (lambda: m.evaluate(m.Batch(), "consistent", first="0"), ValueError, "ordinary game's"),
        (lambda: m.evaluate(m.Batch(10, 10, 10), "adaptive-split", memory_limit_mib=1), ValueError, "at least 65 MiB"),
        (lambda: m.evaluate(m.Batch(4, 6, 4), "consistent", memory_limit_mib=50), ValueError, "at least 65 MiB"),
    ],
)
def test_bad_input_is_refused(call, error, message):
    with pytest.raises(error, match=message):
        call()
