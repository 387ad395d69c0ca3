"""Single games: play(), a person's Table with hints, and judge() of a program."""
import pytest

import mastermind as m


def test_play_ordinary_matches_the_tree():
    game = m.Ordinary(4, 6)
    played = m.play(game, "knuth", secret="3532")
    assert played.won and played.secret == "3532" and played.moves[0][0] == "0011"
    tree = m.evaluate(game, "knuth", record_tree=True).tree
    assert played.moves == tree.walk("3532")
    # The secret a seed draws is the judge's: the same seed, the same secret.
    assert m.play(game, "knuth", seed=42).secret == m.play(game, "irving", seed=42).secret


def test_play_batch():
    game = m.Batch(5, 6, 5)
    played = m.play(game, "consistent", secret="01234")
    assert played.won and played.challenge == "01234" and played.secret == "01234"
    strings, answers = played.moves[0]
    assert len(strings) == 5 and len(answers) == 5
    assert sorted((a.black, a.white) for a in answers) == sorted(
        (s.black, s.white) for s in (m.score("01234", x) for x in strings)
    )
    record = m.play(m.Batch(), "adaptive-split", seed=3)
    assert record.won and len(record.moves) <= 3


def test_a_table_plays_by_the_rules():
    game = m.Ordinary(4, 6)
    table = m.Table(game, seed=7)
    assert table.outcome == "playing" and not table.over
    with pytest.raises(ValueError, match="once the game is over"):
        table.secret
    answer = table.guess("0011")
    assert table.history == [("0011", answer)]
    with pytest.raises(ValueError):
        table.guess("0019")  # refused: costs nothing
    assert len(table.history) == 1
    assert table.possible() == game.consistent(table.history).size
    while not table.over:
        table.guess(table.hint("knuth"))
    assert table.outcome == "won" and table.secret == m.play(game, "knuth", seed=7).secret
    with pytest.raises(ValueError):
        table.guess("0011")
    with pytest.raises(TypeError, match="batch game"):
        table.test(["0011"])


def test_a_batch_table():
    table = m.Table(m.Batch(4, 4, 4), seed=2)
    kind, strings = table.hint("consistent")
    assert kind == "test" and len(strings) == 4
    answers = table.test(strings)
    assert len(answers) == 4 and table.possible() >= 1
    with pytest.raises(ValueError):
        table.test(strings)  # strings sent before
    while True:
        kind, move = table.hint("consistent")
        if kind == "challenge":
            assert table.challenge(move)
            break
        table.test(move)
    assert table.outcome == "won"
    with pytest.raises(TypeError, match="ordinary game"):
        table.guess("0000")


def test_a_refused_hint_says_why():
    table = m.Table(m.Ordinary(6, 9), seed=1)
    with pytest.raises(ValueError, match="optimal"):
        table.hint("optimal")
    with pytest.raises(ValueError, match="nobody"):
        table.hint("nobody")


def test_a_table_gives_up():
    table = m.Table(m.Ordinary(), seed=1)
    table.give_up()
    assert table.outcome == "gave up" and len(table.secret) == 4


def test_judge_a_program(cli):
    judged = m.judge(m.Batch(), [cli, "solve", "--strategy", "adaptive-split"], seed=11)
    assert judged.verdict == "Accepted" and 1 <= judged.moves <= 3
    assert judged.secret == m.play(m.Batch(), "adaptive-split", seed=11).secret
    ordinary = m.judge(m.Ordinary(4, 6), [cli, "solve", "--strategy", "knuth"], secret="1234")
    assert ordinary.verdict == "Accepted" and ordinary.secret == "1234"
    wrong = m.judge(m.Ordinary(4, 6), ["sh", "-c", "read line; echo 0000; read line; echo 0000"], seed=1)
    assert wrong.verdict == "Protocol Violation" and wrong.detail


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda cli: m.play(m.Ordinary(), "nobody"), ValueError, "not a codebreaker"),
        (lambda cli: m.play(m.Ordinary(), "tree"), ValueError, "DecisionTree.walk"),
        (lambda cli: m.play(m.Ordinary(), "knuth", secret="9"), ValueError, "secret '9'"),
        (lambda cli: m.play(m.Ordinary(), "knuth", seed=-3), ValueError, "seed -3"),
        (lambda cli: m.play(m.Batch(), "nobody"), ValueError, "not a strategy"),
        (lambda cli: m.play(m.Batch(), "adaptive-split", first="0"), ValueError, "ordinary"),
        (lambda cli: m.play(m.Batch(), "adaptive-split", secret=-1), ValueError, "not a secret index"),
        (lambda cli: m.Table("x"), TypeError, "Ordinary or a Batch"),
        (lambda cli: m.Table(m.Ordinary(8, 16)), ValueError, "8x16"),
        (lambda cli: m.judge(m.Batch(), []), ValueError, "at least one"),
        (lambda cli: m.judge(m.Batch(), ["/nonexistent/solver"]), ValueError, "not an executable"),
        (lambda cli: m.judge(m.Batch(), ["/tmp"]), ValueError, "not an executable"),
        (lambda cli: m.judge(m.Batch(), [cli], time_limit=0), ValueError, "time_limit 0"),
        (lambda cli: m.judge(m.Batch(), [cli], memory_mib=-1), ValueError, "memory_mib -1"),
        (lambda cli: m.judge(m.Ordinary(), [cli], secret="77777"), ValueError, "secret '77777'"),
    ],
)
def test_bad_input_is_refused(cli, call, error, message):
    with pytest.raises(error, match=message):
        call(cli)
