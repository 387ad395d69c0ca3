"""Scoring: score(), score_array(), Score, against the command line's `mastermind score`."""
import itertools
import subprocess

import numpy as np
import pytest

import mastermind as m


def test_score_classic_and_adjacent():
    assert m.score("1123", "1312") == m.Score(1, 3)
    assert m.score("1123", "1312", rules="adjacent") == m.Score(1, 1, grey=2)
    assert m.score([0, 1, 2], [0, 1, 2]) == m.Score(3, 0)
    assert m.score("ABC", "CBA") == m.Score(1, 2)


def test_score_matches_the_command_line(cli):
    # Every pair of 3-peg codes over 3 colours, under both rules, as `mastermind score` reads it.
    codes = ["".join(p) for p in itertools.product("ABC", repeat=3)]
    pairs = [(t, g) for t in codes for g in codes]
    for rules in ("classic", "adjacent"):
        text = "".join(f"{t} {g}\n" for t, g in pairs)
        out = subprocess.run([cli, "score", "--rules", rules], input=text, capture_output=True, text=True, check=True)
        lines = out.stdout.splitlines()
        assert len(lines) == len(pairs)
        for (t, g), line in zip(pairs, lines):
            # The filter reads colour letters (A is colour 0) and writes "GUESS: 1 black, 2 white".
            s = m.score([ord(c) - 65 for c in t], [ord(c) - 65 for c in g], rules=rules)
            if rules == "classic":
                want = f"{g}: {s.black} black, {s.white} white"
            else:
                want = f"{g}: {s.black} black, {s.grey} grey, {s.white} white"
            assert line == want, (rules, t)


def test_score_array_broadcasts_and_matches_score():
    rng = np.random.default_rng(20261203)
    targets = rng.integers(0, 6, size=(500, 5), dtype=np.uint8)
    guesses = rng.integers(0, 6, size=(500, 5), dtype=np.uint8)
    for rules in ("classic", "adjacent"):
        out = m.score_array(targets, guesses, rules=rules)
        assert out.shape == (500, 3) and out.dtype == np.int32
        for t, g, row in zip(targets, guesses, out):
            s = m.score(list(t), list(g), rules=rules)
            assert list(row) == [s.black, s.white, s.grey]
    one = m.score_array(targets, guesses[0], rules="classic")
    assert list(one[3]) == list(m.score_array(targets[3], guesses[0])[0])


def test_score_object():
    s = m.Score(2, 1)
    assert (s.black, s.white, s.grey) == (2, 1, 0)
    assert repr(s) == "Score(black=2, white=1, grey=0)"
    assert hash(s) == hash(m.Score(2, 1)) and s != m.Score(1, 2)
    assert {s: 1}[m.Score(2, 1)] == 1
    assert sorted([m.Score(2, 0), m.Score(1, 2), m.Score(1, 0, grey=1)]) == [m.Score(1, 0, grey=1), m.Score(1, 2), m.Score(2, 0)]
    black, white, grey = m.Score(3, 1)
    assert (black, white, grey) == (3, 1, 0)
    assert m.Score(1, 0) != (1, 0) and m.Ordinary() != None and m.Batch() != m.Ordinary()  # noqa: E711
    assert len({m.Batch(), m.Batch(), m.Batch(5, 6, 5)}) == 2
    import pickle

    assert pickle.loads(pickle.dumps(m.Score(1, 2, grey=1))) == m.Score(1, 2, grey=1)
    with pytest.raises(ValueError, match="never negative"):
        m.Score(-1, 0)
    assert m.Score(np.int64(1), np.uint8(2)) == m.Score(1, 2)  # numpy's integers, as from score_array
    with pytest.raises(TypeError, match="black must be an int"):
        m.Score(1.5, 0)


@pytest.mark.parametrize(
    "target, guess, rules, message",
    [
        ("1234", "123", "classic", "target has 4 pegs, guess 3"),
        ("12a4", "1234", "classic", "'a' is not a colour"),
        ("", "", "classic", "has 0 pegs"),
        ("1" * 65, "1" * 65, "classic", "has 65 pegs"),
        ([0, 26], [0, 1], "classic", "colour 26 is outside"),
        ("12", "12", "diagonal", "rules 'diagonal'"),
    ],
)
def test_score_refuses_bad_input(target, guess, rules, message):
    with pytest.raises(ValueError, match=message):
        m.score(target, guess, rules=rules)


def test_score_array_of_no_codes():
    none = np.zeros((0, 4), np.uint8)
    assert m.score_array(none, np.zeros(4, np.uint8)).shape == (0, 3)
    assert m.score_array(np.zeros(4, np.uint8), none).shape == (0, 3)
    assert m.score_array(none, none).shape == (0, 3)


def test_score_array_refuses_bad_input():
    zeros = lambda *shape: np.zeros(shape, np.int64)  # noqa: E731
    with pytest.raises(ValueError, match="targets have 4 pegs, guesses 3"):
        m.score_array(zeros(2, 4), zeros(2, 3))
    with pytest.raises(ValueError, match="2 targets against 3 guesses"):
        m.score_array(zeros(2, 4), zeros(3, 4))
    with pytest.raises(ValueError, match="2 targets against 0 guesses"):
        m.score_array(zeros(2, 4), zeros(0, 4))
    with pytest.raises(ValueError, match="colour 30 is outside"):
        m.score_array(np.full((2, 4), 30), zeros(2, 4))
    # Checked as given: not wrapped to a byte, not truncated.
    with pytest.raises(ValueError, match="colour 257 is outside"):
        m.score_array(np.array([[257, 0, 0, 0]]), np.array([1, 0, 0, 0]))
    with pytest.raises(ValueError, match="colour 9223372036854775808 is out of range"):
        m.score_array(np.array([[2**63, 0, 0, 0]], np.uint64), np.zeros(4, np.uint8))
    with pytest.raises(ValueError, match="colour -1 is outside"):
        m.score_array(np.array([[-1, 0, 0, 0]]), np.array([1, 0, 0, 0]))
    with pytest.raises(TypeError, match="integer colour numbers"):
        m.score_array([[1.9, 0, 0, 0]], [1, 0, 0, 0])
    with pytest.raises(ValueError, match="3 dimensions"):
        m.score_array(zeros(2, 2, 2), zeros(2, 2))
    with pytest.raises(ValueError, match="rules"):
        m.score_array(zeros(2, 4), zeros(2, 4), rules="x")


def test_messages_name_what_was_typed():
    with pytest.raises(ValueError, match="'1\u00e934'"):
        m.score("1\u00e934", "1234")
    with pytest.raises(ValueError, match=r"12\\x0034"):
        m.score("12\x0034", "12034")
    with pytest.raises(ValueError, match=r"x00"):
        m.Ordinary(5, 6).code("12\x0034")
