"""Rules, rule strings, positions and moves: values, reprs and errors."""

from fractions import Fraction

import pytest

import nim
from nim import Move, Position, Rules


@pytest.mark.parametrize("text, rules", [
    ("normal", Rules()),
    ("misere", Rules(misere=True)),
    ("misère", Rules(misere=True)),
    ("misere,max=3", Rules(misere=True, take="max", k=3)),
    ("normal,half", Rules(take="half")),
    ("normal,set=1;3;4", Rules(take="set", subtract=(1, 3, 4))),
    (" Misere , set=4;1;3 ", Rules(misere=True, take="set", subtract=(4, 1, 3))),
])
def test_parse(text, rules):
    assert Rules.parse(text) == rules


@pytest.mark.parametrize("rules", [
    Rules(), Rules(misere=True, take="max", k=3), Rules(take="half"),
    Rules(misere=True, take="set", subtract=(2, 3)),
])
def test_str_and_repr_round_trip(rules):
    assert Rules.parse(str(rules)) == rules
    assert eval(repr(rules), {"Rules": Rules}) == rules


@pytest.mark.parametrize("text", [
    "", "normall", "misere,max", "misere,max=0", "misere,max=x", "normal,set=",
    "normal,set=0;1", "normal,half=2", "normal,max=3,half", "normal,frob",
    "misere,max=\uff13", "misere,max=\u0663", "misere,max=1_000", "misere,max=+3", "normal,set=2;2",
    "misere,max=" + "9" * 5000,
])
def test_parse_errors_quote_the_input(text):
    with pytest.raises(nim.InvalidRulesError):
        Rules.parse(text)


@pytest.mark.parametrize("kwargs, match", [
    ({"take": "most"}, "unknown take rule 'most'"),
    ({"take": "max"}, "K of a 'max' rule"),
    ({"take": "max", "k": 2.5}, "2.5"),
    ({"take": "max", "k": -1}, r"in 1 \.\. 4,294,967,294: -1"),
    ({"take": "max", "k": 2**32 - 1}, r"in 1 \.\. 4,294,967,294: 4294967295"),   # K + 1 must fit 32 bits
    ({"take": "set", "subtract": 5}, "a collection of positive whole numbers"),
    ({"take": "set", "subtract": (1, 3, 1)}, "must differ: 1 is given twice"),
    ({"take": "set", "subtract": (1, 2**32)}, r"in 1 \.\. 4,294,967,295"),
    ({"misere": "false"}, "misere must be True or False, not 'false'"),
    ({"misere": None}, "misere must be True or False"),
    ({"take": "any", "k": 3}, "only goes with take='max'"),
    ({"take": "set"}, "subtract="),
    ({"take": "set", "subtract": ()}, "at least one member"),
    ({"take": "set", "subtract": tuple(range(1, 10_002))}, "at most 10,000 members, not 10,001"),
])
def test_rules_errors(kwargs, match):
    with pytest.raises(nim.InvalidRulesError, match=match):
        Rules(**kwargs)


def test_errors_are_value_errors():
    assert issubclass(nim.NimError, ValueError)
    for name in ["InvalidPositionError", "InvalidRulesError", "UnknownMethodError",
                 "IllegalMoveError", "InputFileError", "SearchLimitError"]:
        assert issubclass(getattr(nim, name), nim.NimError)


def test_takes_follow_the_ceng_order():
    assert tuple(Rules().takes(3)) == (3, 2, 1)
    assert tuple(Rules(take="max", k=2).takes(5)) == (2, 1)
    assert tuple(Rules(take="half").takes(7)) == (3, 2, 1)
    assert tuple(Rules(take="half").takes(1)) == ()
    assert tuple(Rules(take="set", subtract=(1, 3, 4)).takes(3)) == (3, 1)


def test_position_children_in_ceng_order():
    children = [Position((1, 3, 5)).apply(m).piles for m in Position((1, 3, 5)).moves()]
    assert children == [(0, 3, 5), (1, 0, 5), (1, 1, 5), (1, 2, 5), (1, 3, 0),
                        (1, 3, 1), (1, 3, 2), (1, 3, 3), (1, 3, 4)]


def test_position_and_move_values():
    position = Position([1, 3, 5])
    assert repr(position) == "Position((1, 3, 5))"
    assert eval(repr(position), {"Position": Position}) == position
    assert str(position) == "1 3 5"
    assert position.nim_sum == 7
    assert repr(Move(pile=2, count=3)) == "Move(pile=2, count=3)"
    assert str(Move(2, 3)) == "take 3 from pile 2"
    assert Move(2, 3) == (2, 3)
    assert Position([0, 1]).is_terminal("normal,half")
    assert not Position([0, 1]).is_terminal("normal")
    assert hash(position) == hash(Position((1, 3, 5)))


@pytest.mark.parametrize("move, rules", [
    (Move(0, 2), "normal"), (Move(3, 1), "normal"), (Move(-1, 1), "normal"),
    (Move(2, 4), "normal,max=3"), (Move(1, 2), "normal,half"), (Move(2, 0), "normal"),
])
def test_illegal_moves(move, rules):
    with pytest.raises(nim.IllegalMoveError, match="illegal move"):
        Position([1, 3, 5]).apply(move, rules)


@pytest.mark.parametrize("piles, match", [
    ([1, -3, 5], "non-negative"),
    ([1, 2.0], "whole numbers"),
    ([True, 1], "booleans"),
    ("135", "sequence"),
    (5, "sequence"),
    (None, "sequence"),
    (list(range(-1, 30)), r"\(31 piles\)"),
])
def test_bad_piles(piles, match):
    with pytest.raises(nim.InvalidPositionError, match=match):
        nim.solve(piles)


@pytest.mark.parametrize("rules", ["normal", "misere,max=3", "normal,half", "normal,set=2;3"])
def test_legal_moves_sequence_matches_the_move_list(rules):
    import random

    from nim.position import LegalMoves

    rng = random.Random(7)
    for _ in range(200):
        position = Position([rng.randrange(0, 9) for _ in range(rng.randrange(0, 5))])
        expected = list(position.moves(rules))
        moves = LegalMoves(position, Rules.parse(rules))
        assert len(moves) == len(expected)
        assert [moves[i] for i in range(len(moves))] == expected == list(moves)
        assert sorted(moves.smallest_first()) == sorted(expected)
        assert list(moves.smallest_first()) == sorted(expected)


def test_huge_piles_never_list_their_moves():
    # a pile of 2**40 has 2**40 legal moves: checks and choices must not list them
    from nim.position import LegalMoves
    from nim.play.strategies import make_strategy

    position = Position([2**40, 3])
    assert position.is_legal(Move(0, 2**39))
    assert not position.is_legal(Move(0, 2**40 + 1))
    assert position.apply(Move(0, 2**40 - 5)).piles == (5, 3)
    moves = LegalMoves(position, Rules())
    assert len(moves) == 2**40 + 3 and moves[2**40] == Move(1, 3)
    import random

    for name in ["random", "optimal"]:
        move = make_strategy(name).choose_move(position, "normal", random.Random(1))
        assert position.is_legal(move)
    lab2 = make_strategy("optimal", tie_break="lab2").choose_move([2**40, 2**40 - 1], "normal")
    assert lab2 == Move(0, 1)


def test_standard_rule_constants():
    assert nim.rules.NORMAL == Rules() and nim.rules.MISERE == Rules(misere=True)
    assert Rules.coerce("misere") is nim.rules.MISERE and Rules.coerce(None) is nim.rules.NORMAL
    assert Rules.coerce("misere,max=3") is Rules.coerce("misere,max=3")  # parsed once


def test_every_public_name_resolves_and_lazy_names_load_on_first_use():
    import subprocess
    import sys

    lazy = set(nim._LAZY)
    assert lazy <= set(nim.__all__)
    for name in nim.__all__:
        assert getattr(nim, name) is not None, name
    assert set(nim.__all__) <= set(dir(nim))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        nim.nothing  # noqa: B018
    # a fresh `import nim` loads none of the lazily imported modules
    code = "import sys, nim; print(sorted(m for m in sys.modules if m.startswith('nim.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    for module in set(nim._LAZY.values()):
        assert repr(module) not in loaded, module


def test_misere_accepts_bools_and_their_ints():
    assert Rules(misere=1) == Rules(misere=True) and Rules(misere=0) == Rules()


@pytest.mark.parametrize("move", [(0, 1.0), (0.0, 1), ("0", 1), None, (0,), (0, 1, 2), (True, 1),
                                  (0, Fraction(1))])
def test_a_move_is_a_pair_of_whole_numbers(move):
    with pytest.raises(nim.IllegalMoveError, match="move"):
        Position((2**63,)).apply(move)
    with pytest.raises(nim.IllegalMoveError, match="move"):
        Position([]).is_legal(move)


def test_moves_given_as_any_pair_of_whole_numbers_apply():
    assert Position((2**63, 3)).apply([1, 2]) == Position((2**63, 1))
    assert not Position((5,)).is_legal((0, 2**70))
