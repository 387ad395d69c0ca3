"""Codes without repeated colours (Bulls and Cows) and the worst-case optimum, from Python: the
game's codes and their numbering, bad codes, evaluation against the command line, trees and play."""
import json
import subprocess

import pytest

import mastermind as m


@pytest.fixture(scope="module")
def bulls():
    return m.Ordinary.bulls_and_cows()


def test_fields_and_numbering(bulls):
    assert (bulls.pegs, bulls.colours, bulls.distinct, bulls.size) == (4, 10, True, 5040)
    assert bulls == m.Ordinary(4, 10, distinct=True) and bulls != m.Ordinary(4, 10)
    assert bulls.summary == "ordinary 4x10 distinct, 10 guesses, classic rules"
    assert repr(bulls) == "Ordinary(pegs=4, colours=10, rules='classic', max_guesses=10, distinct=True)"
    codes = bulls.codes()
    assert bulls.code(0) == "0123" and bulls.code(5039) == "9876" and bulls.index("0124") == 1 and bulls.index("0132") == 7
    digits = bulls.digits()
    assert all(len(set(row)) == 4 for row in digits.tolist())
    # Numbers follow the texts: the numbering is the order of the codes written out.
    texts = [bulls.code(int(c)) for c in codes[:200]]
    assert texts == sorted(texts)
    assert hash(bulls) != hash(m.Ordinary(4, 10))


def test_bad_codes_and_games(bulls):
    with pytest.raises(ValueError, match=r"code '1123' has '1' twice \(positions 1 and 2\): colours may not repeat"):
        bulls.index("1123")
    with pytest.raises(ValueError, match="5039"):
        bulls.code(5040)
    with pytest.raises(ValueError, match=r"codes of 5 pegs without repeated colours need at least 5 colours \(got 4\)"):
        m.Ordinary(5, 4, distinct=True)


def test_evaluation_equals_the_command_line(cli, bulls):
    report = m.evaluate(bulls, "most-parts")
    out = subprocess.run([cli, "evaluate", "--game", "bulls-and-cows", "--strategy", "most-parts", "--all", "--json"],
                         capture_output=True, text=True, check=True)
    want = json.loads(out.stdout)
    got = report.to_dict()
    assert set(got) == set(want)
    for field in ["games", "failures", "total", "worst", "histogram", "first_guess", "game", "worst_examples"]:
        assert got[field] == want[field], field
    assert got["game"]["distinct"] is True


def test_the_no_repetition_optimum_and_its_tree(tmp_path):
    game = m.Ordinary(4, 6, distinct=True)
    report = m.evaluate(game, "optimal", record_tree=True)
    assert (report.total, report.worst) == (1446, 5)  # mmstrat's -r p4c6n
    path = tmp_path / "t.tree"
    report.tree.write(path)
    assert path.read_text().splitlines()[0] == "mastermind-tree 1 classic 4 6 distinct"
    tree = m.DecisionTree.read(path)
    assert tree.game == game and tree == report.tree
    assert m.evaluate(game, "tree", tree=tree).total == 1446
    with pytest.raises(ValueError, match="4x6 distinct"):
        m.evaluate(m.Ordinary(4, 6), "tree", tree=tree)


def test_the_worst_case_optimum():
    knuth = m.evaluate(m.Ordinary(4, 6), "optimal-worst")
    assert (knuth.worst, knuth.total) == (5, 5626)  # Knuth's 5 guesses; Koyama and Lai's 5626
    assert "optimal-worst" in [p.name for p in m.players(m.Ordinary(4, 6))]


def test_play_and_table(bulls):
    game = m.play(bulls, "knuth", secret="9876")
    assert game.won and all(len(set(move[0])) == 4 for move in game.moves)
    table = m.Table(bulls, seed=3)
    with pytest.raises(ValueError, match="twice"):
        table.guess("1123")
