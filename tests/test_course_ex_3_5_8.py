"""Exercise 3.5.8 of Ferguson's Part I: impatient subtraction games (``impatient,set=S``).

The oracle is written from the text's rule alone (take s in S from a pile, or the whole pile at
any time), as a mex over the options, with no package code; the text's identity
g+(x) = g(x - 1) + 1 is checked on it, and the package's values, outcomes of sums in both
conventions and winning moves are checked against it.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Tuple

import pytest

import nim

SETS = [(1, 2), (1, 3, 4), (2, 5), (2, 3, 7), (1, 4, 9, 16), (3,)]


def _mex(values: set) -> int:
    return next(g for g in itertools.count() if g not in values)


@lru_cache(maxsize=None)
def plain(subtract: Tuple[int, ...], x: int) -> int:
    return _mex({plain(subtract, x - s) for s in subtract if s <= x})


@lru_cache(maxsize=None)
def impatient_moves(subtract: Tuple[int, ...], x: int) -> Tuple[int, ...]:
    """The heaps a move leaves from a heap of x: x - s for s in S, and 0 (the whole pile)."""
    return tuple(sorted({x - s for s in subtract if s <= x} | ({0} if x else set())))


@lru_cache(maxsize=None)
def impatient(subtract: Tuple[int, ...], x: int) -> int:
    return _mex({impatient(subtract, y) for y in impatient_moves(subtract, x)})


@lru_cache(maxsize=None)
def wins(subtract: Tuple[int, ...], heaps: Tuple[int, ...], misere: bool) -> bool:
    """The sum game by brute force: the player to move wins."""
    moved = False
    for i, x in enumerate(heaps):
        for y in impatient_moves(subtract, x):
            moved = True
            after = tuple(sorted(heaps[:i] + ((y,) if y else ()) + heaps[i + 1:]))
            if not wins(subtract, after, misere):
                return True
    return misere and not moved


def _rules(subtract: Tuple[int, ...], misere: bool = False) -> str:
    return ("misere," if misere else "") + "impatient,set=" + ";".join(map(str, subtract))


@pytest.mark.parametrize("subtract", SETS)
def test_the_texts_identity_and_the_packages_values(subtract: Tuple[int, ...]) -> None:
    family = nim.Rules.parse(_rules(subtract)).family
    for x in range(1, 600):
        assert impatient(subtract, x) == plain(subtract, x - 1) + 1       # the exercise's claim
    for x in range(0, 1500):
        assert family.grundy(x) == impatient(subtract, x), (subtract, x)


@pytest.mark.parametrize("subtract", SETS[:4])
@pytest.mark.parametrize("misere", [False, True])
def test_sums_and_winning_moves_against_the_brute_force(subtract: Tuple[int, ...], misere: bool) -> None:
    rules = _rules(subtract, misere)
    for heaps in itertools.combinations_with_replacement(range(0, 9), 3):
        heaps = tuple(h for h in heaps if h)
        expected = wins(subtract, heaps, misere)
        solution = nim.solve(list(heaps), rules)
        assert (solution.value > 0) == expected, (subtract, heaps, misere)
        if expected and heaps:
            move = solution.move
            taken_from = heaps[move.pile]
            left = move.left[0] if move.left else 0
            assert left in impatient_moves(subtract, taken_from)
            after = tuple(sorted(heaps[:move.pile] + ((left,) if left else ()) + heaps[move.pile + 1:]))
            assert not wins(subtract, after, misere)


def test_large_heaps_through_the_period() -> None:
    subtract = (2, 3, 7)
    family = nim.Rules.parse(_rules(subtract)).family
    # the period read by the package agrees with the oracle far past the window it scanned
    for x in (10**3 + 7, 2000, 2999):
        assert family.grundy(x) == impatient(subtract, x)
    assert nim.solve([10**40, 10**40], _rules(subtract)).value < 0


def test_rule_strings_and_bad_input() -> None:
    rules = nim.Rules.parse("misere,impatient,set=4;1;3")
    assert str(rules) == "misere,impatient,set=1;3;4"
    assert "g+(x) = g(x - 1) + 1" in str(nim.explain([6, 9, 4], "impatient,set=1;3;4"))
    for bad in ("impatient", "impatient,set=", "impatient,set=0;2", "impatient,k=3", "impatient,set=2;2",
                "impatient,set=1;99999"):
        with pytest.raises(nim.errors.InvalidRulesError):
            nim.Rules.parse(bad)
    with pytest.raises(nim.errors.InvalidPositionError):
        nim.solve([-1], "impatient,set=1;2")
