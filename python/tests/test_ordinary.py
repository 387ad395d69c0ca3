"""The ordinary game's objects: Ordinary, its codes, answers, consistent sets and partitions,
decision trees and the exact optimum; bad input of each."""
import numpy as np
import pytest

import mastermind as m


@pytest.fixture(scope="module")
def game():
    return m.Ordinary(4, 6)


def test_game_fields(game):
    assert (game.pegs, game.colours, game.rules, game.max_guesses, game.size) == (4, 6, "classic", 10, 1296)
    assert game.summary == "ordinary 4x6, 10 guesses, classic rules"
    assert repr(game) == "Ordinary(pegs=4, colours=6, rules='classic', max_guesses=10)"
    assert game == m.Ordinary() and game != m.Ordinary(4, 6, rules="adjacent")
    assert m.Ordinary(5, 8, "adjacent", 12).summary == "ordinary 5x8, 12 guesses, adjacent rules"


def test_codes_and_digits(game):
    codes = game.codes()
    assert codes.dtype == np.uint32 and list(codes[:3]) == [0, 1, 2] and codes.size == 1296
    digits = game.digits()
    assert digits.shape == (1296, 4) and list(digits[7]) == [0, 0, 1, 1]
    assert list(game.digits([1295])[0]) == [5, 5, 5, 5]
    assert game.code(7) == "0011" and game.index("0011") == 7 and game.code("5555") == "5555"
    assert game.index(np.int64(7)) == 7


def test_score_and_answers(game):
    assert game.score("0011", "0123") == m.Score(1, 1)
    assert game.score(7, 0) == m.score("0011", "0000")
    assert game.answer("2 1") == m.Score(2, 1) and game.answer((0, 4)) == m.Score(0, 4)
    assert game.answer_of(game.answer_id(m.Score(1, 2))) == m.Score(1, 2)
    assert game.win == m.Score(4, 0)
    adjacent = m.Ordinary(4, 6, rules="adjacent")
    assert adjacent.answer("1 2 0") == m.Score(1, 0, grey=2)
    assert adjacent.score("0123", "1032") == m.score("1032", "0123", rules="adjacent")


def test_consistent_set_is_the_brute_force(game):
    history = [("0011", "1 1"), ("2234", "0 2")]
    got = game.consistent(history)
    want = [c for c in range(game.size) if all(game.score(g, c) == game.answer(a) for g, a in history)]
    assert list(got) == want
    assert list(game.consistent(history, codes=[5, 3, 3])) == [c for c in (3, 5) if c in want]
    assert game.consistent().size == 1296


def test_partition_and_sizes(game):
    parts = game.partition("0011")
    assert sum(len(v) for v in parts.values()) == 1296
    assert set(parts) == {game.score("0011", c) for c in range(game.size)}
    assert list(parts[m.Score(4, 0)]) == [7]
    sizes = game.partition_sizes([7, 0])
    assert sizes.shape == (2, game.answer_slots) and sizes.dtype == np.uint32
    for answer, codes in parts.items():
        assert sizes[0, game.answer_id(answer)] == len(codes)
    assert sizes.sum(axis=1).tolist() == [1296, 1296]
    # Knuth's first guess: the largest part of 0011 is 256 codes.
    assert game.partition_sizes()[7].max() == 256
    small = game.partition_sizes(codes=[0, 1, 2])
    assert small.shape == (1296, game.answer_slots) and small.sum() == 3 * 1296


@pytest.mark.parametrize(
    "make, error, message",
    [
        (lambda: m.Ordinary(9, 6), ValueError, "pegs"),
        (lambda: m.Ordinary(0, 6), ValueError, "pegs"),
        (lambda: m.Ordinary(-1, 6), ValueError, "pegs"),
        (lambda: m.Ordinary(4, 1), ValueError, "colours"),
        (lambda: m.Ordinary(4, 17), ValueError, "colours"),
        (lambda: m.Ordinary(4, 6, rules="diagonal"), ValueError, "rules"),
        (lambda: m.Ordinary(4, 6, rules="cl\x00assic"), ValueError, r"cl\\x00assic"),
        (lambda: m.Ordinary(4, 6, max_guesses=0), ValueError, "max_guesses"),
        (lambda: m.Ordinary(4, 6, max_guesses=10**6), ValueError, "max_guesses"),
        (lambda: m.Ordinary(4, 6, max_guesses=10**30), ValueError, "max_guesses 10+ is out of range"),
        (lambda: m.Ordinary(10**20, 6), ValueError, "pegs 100000000000000000000 is out of range"),
        (lambda: m.Batch(9, 10, 10**20), ValueError, "batch 100000000000000000000 is out of range"),
        (lambda: m.Batch(0), ValueError, "pegs"),
    ],
)
def test_games_refused(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_a_huge_game_is_refused_where_it_needs_its_codes():
    huge = m.Ordinary(8, 16)
    assert huge.size == 16**8  # described, scored, judged: no code space needed
    assert huge.code(5) == "00000005" and huge.index("FFFFFFFF") == 16**8 - 1
    assert huge.score("0123456F", "FFFFFFFF") == m.Score(1, 0) and huge.win == m.Score(8, 0)
    assert m.Table(m.Ordinary(2, 3)).over is False
    for needs_codes in (huge.codes, lambda: huge.partition(0), lambda: huge.consistent([]), lambda: m.evaluate(huge, "knuth")):
        with pytest.raises(ValueError, match="ordinary 8x16"):
            needs_codes()
    with pytest.raises(ValueError, match="8x16"):
        m.optimal(huge)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda g: g.code("001"), ValueError, "has 3 symbols, expected 4"),
        (lambda g: g.code("0061"), ValueError, "expected 0-5"),
        (lambda g: g.code(1296), ValueError, "1296 is not a code number"),
        (lambda g: g.code(-1), ValueError, "-1 is not a code number"),
        (lambda g: g.code(2**70), ValueError, "is not a code number"),
        (lambda g: g.code(1.5), TypeError, "str or an int"),
        (lambda g: g.code(True), TypeError, "str or an int"),
        (lambda g: g.answer("5 0"), ValueError, "not an answer"),
        (lambda g: g.answer("3 1"), ValueError, "not an answer"),
        (lambda g: g.answer("1 1 1"), ValueError, "classic rules answer 2 counts"),
        (lambda g: g.answer("x 1"), ValueError, "'x' is not a count"),
        (lambda g: g.answer(3), TypeError, "an answer is"),
        (lambda g: g.answer((10**20, 0)), ValueError, "answer count 1.* is out of range"),
        (lambda g: g.answer((1.0, 2)), TypeError, "counts are ints"),
        (lambda g: g.answer_of(10**6), ValueError, "answer id"),
        (lambda g: g.answer_of(g.answer_id("3 0") + 1), ValueError, "not an answer"),
        (lambda g: g.code(np.array([3])), TypeError, "str or an int .got ndarray"),
        (lambda g: g.consistent("0011"), TypeError, "pairs"),
        (lambda g: g.consistent([("0011",)]), ValueError, "not a .guess, answer. pair"),
        (lambda g: g.consistent([("0011", "9 9")]), ValueError, "not an answer"),
        (lambda g: g.partition("0011", codes=[5000]), ValueError, "5000 is not a code number"),
        (lambda g: g.partition_sizes("0011"), TypeError, "not one str"),
        (lambda g: g.partition_sizes(np.array([[1, 2]])), ValueError, "one-dimensional"),
        (lambda g: g.partition_sizes(np.array([1.5])), TypeError, "integer code numbers"),
        (lambda g: g.partition_sizes(np.array([-3])), ValueError, "-3 is not a code number"),
        (lambda g: g.consistent([], codes=np.array([2**64 - 1], np.uint64)), ValueError, "18446744073709551615 is out of range"),
        (lambda g: g.digits([1296]), ValueError, "is not a code number"),
    ],
)
def test_bad_codes_and_answers(game, call, error, message):
    with pytest.raises(error, match=message):
        call(game)


def test_decision_tree_read_written_walked(game, tmp_path):
    report = m.evaluate(game, "knuth", record_tree=True)
    tree = report.tree
    assert isinstance(tree, m.DecisionTree) and len(tree) == report.strategy_calls
    assert tree.guess() == "0011" and tree.game == game
    path = tmp_path / "knuth.tree"
    tree.write(path)  # a pathlib.Path or a str
    again = m.DecisionTree.read(str(path))
    assert str(again) == str(tree) == path.read_text() and again == tree
    assert repr(tree) == "<DecisionTree of ordinary 4x6, 10 guesses, classic rules: 1378 nodes, first guess 0011>"
    # Walked: every secret's game, the same lengths as the evaluation's histogram.
    lengths = [len(tree.walk(s)) for s in range(game.size)]
    assert sum(lengths) == 5801 and max(lengths) == 5
    moves = tree.walk("3532")
    assert moves[-1] == ("3532", m.Score(4, 0)) and moves[0][0] == "0011"
    child = tree.child(0, moves[0][1])
    assert tree.guess(child) == moves[1][0] and tree.children(0)[moves[0][1]] == child
    assert tree.child(0, "4 0") is None
    # Played back by the codebreaker 'tree', the same total, opening with the tree's own guess.
    replayed = m.evaluate(game, "tree", tree=again)
    assert replayed.total == 5801
    assert (replayed.first_guess, replayed.to_dict()["first_guess_from"]) == ("0011", "tree")
    # A sample's report names the guess its games opened with too.
    assert m.evaluate(game, "tree", tree=again, sample=3).first_guess == "0011"
    # entropy-optimal's report names its switch to the exact search, as --json does.
    assert m.evaluate(game, "entropy-optimal", sample=2, exact_below=7).to_dict()["exact_below"] == 7
    assert "exact_below" not in replayed.to_dict()


def test_decision_tree_bad_input(tmp_path, game):
    with pytest.raises(FileNotFoundError, match="missing"):
        m.DecisionTree.read(tmp_path / "missing")
    with pytest.raises(IsADirectoryError):
        m.DecisionTree.read(str(tmp_path))  # a directory
    empty = tmp_path / "empty"
    empty.write_text("")
    with pytest.raises(ValueError):
        m.DecisionTree.read(str(empty))
    with pytest.raises(ValueError, match=r"<text>:2: guess '00\\x0012' has 5 symbols, expected 4"):
        m.DecisionTree.parse("mastermind-tree 1 classic 4 6\n00\x0012\n")  # a NUL is shown, not an end
    with pytest.raises(ValueError, match="<text>:3"):
        m.DecisionTree.parse("mastermind-tree 1 classic 4 6\n0011\n  9 9 0000\n")
    with pytest.raises(ValueError):
        m.DecisionTree.read("/dev/zero")
    tree = m.DecisionTree.parse("mastermind-tree 1 classic 4 6\n0011\n")
    with pytest.raises(IndexError, match="node 5"):
        tree.guess(5)
    with pytest.raises(ValueError, match="no move after"):
        tree.walk("1234")
    with pytest.raises(ValueError, match="is for"):
        m.evaluate(m.Ordinary(5, 6), "tree", tree=tree)
    with pytest.raises(FileNotFoundError):
        tree.write(tmp_path / "no" / "such" / "dir")
    with pytest.raises(IsADirectoryError):
        tree.write(tmp_path)


def test_optimal():
    small = m.Ordinary(3, 4)
    best = m.optimal(small)
    assert isinstance(best, m.Optimum) and best.total == 206 and best.guess == "001"
    # Its value below a first guess, and the evaluation of the codebreaker 'optimal', agree.
    assert m.evaluate(small, "optimal").total == best.total
    assert m.optimal(small, max_guesses=2) is None  # 64 codes cannot be told apart in 2 guesses
    # Below its first guess: the optimum of each part, plus the first guess of each of its codes.
    parts = small.partition(best.guess)
    below = sum(m.optimal(small, [(best.guess, a)]).total + len(codes) for a, codes in parts.items() if a != small.win)
    assert below + 1 == best.total
    with pytest.raises(ValueError, match="no code fits"):
        m.optimal(small, [("001", "2 0"), ("001", "0 0")])
    with pytest.raises(ValueError, match="already won"):
        m.optimal(small, [("001", "3 0")])
    with pytest.raises(ValueError, match="threads"):
        m.optimal(small, threads=-1)
    assert m.optimal(small, threads=0).total == 206
    with pytest.raises(ValueError, match="seconds"):
        m.optimal(small, seconds=-1)


def test_optimal_progress_lines():
    lines = []
    best = m.optimal(m.Ordinary(4, 5), progress=lines.append)
    assert best.total == m.evaluate(m.Ordinary(4, 5), "optimal").total
    assert lines and all(isinstance(line, str) for line in lines)
    with pytest.raises(TypeError, match="progress"):
        m.optimal(m.Ordinary(3, 4), progress=3)


def test_optimal_budget_is_a_timeout():
    with pytest.raises(TimeoutError, match="gave up after its budget"):
        m.optimal(m.Ordinary(4, 7), seconds=0.2)


def test_players(game):
    names = [p.name for p in m.players(game)]
    assert names[:2] == ["knuth", "irving"] and "optimal" in names
    huge = {p.name: p for p in m.players(m.Ordinary(8, 10))}
    assert huge["knuth"].refuses and not huge["knuth"].plays
    assert all(p.summary for p in m.players(game))
    with pytest.raises(TypeError):
        m.players("ordinary")
