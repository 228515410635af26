"""Chomp (Ferguson, Part I, 1.5, exercises): held to a brute force written from the rules alone
(memoised recursion over the shapes, the poisoned square never eaten), both conventions, every
move, over every shape inside a 4 x 4 bar; the strategy-stealing theorem on every bar to 6 x 6;
the known winning moves of 2 x n and n x n bars at sizes no search reaches; the refusal past the
bound."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, NimError

Shape = Tuple[int, ...]


def moves(shape: Shape) -> List[Shape]:
    found = set()
    for r, length in enumerate(shape):
        for c in range(length):
            if (r, c) != (0, 0):
                after = tuple(x for x in (shape[:r] + tuple(min(x, c) for x in shape[r:])) if x)
                found.add(after)
    return sorted(found)


@lru_cache(maxsize=None)
def wins(shape: Shape, misere: bool) -> bool:
    children = moves(shape)
    if not children:
        return misere
    return any(not wins(child, misere) for child in children)


SHAPES = sorted({tuple(x for x in rows if x) for rows in itertools.product(range(5), repeat=4)
                 if list(rows) == sorted(rows, reverse=True) and rows[0] > 0})


@pytest.mark.parametrize("misere", [False, True])
def test_every_shape_in_a_4_by_4_bar_against_the_brute_force(misere: bool) -> None:
    rule = ("misere," if misere else "") + "chomp"
    for shape in SHAPES:
        truth = wins(shape, misere)
        solution = nim.solve(list(shape), rule)
        assert (solution.value > 0) == truth, (shape, rule)
        if truth and solution.move is not None:
            after = solution.move.left[0]
            assert after in moves(shape) and not wins(after, misere), (shape, after)
        rows = nim.analyze(list(shape), rule)
        assert sorted(r.move.left[0] for r in rows) == moves(shape)
        for r in rows:
            assert (r.value > 0) == (not wins(r.move.left[0], misere))


def test_strategy_stealing_every_bar_larger_than_1_by_1_is_won() -> None:
    for rows in range(1, 7):
        for columns in range(1, 7):
            bar = (columns,) * rows
            assert wins(bar, False) == (bar != (1,))
            assert (nim.solve({"rows": rows, "columns": columns}, "chomp").value > 0) == (bar != (1,))


def test_known_winning_moves_past_the_search() -> None:
    two = nim.solve({"rows": 2, "columns": 10**5}, "chomp")
    assert two.value == 1 and two.move.left[0] == (10**5, 10**5 - 1)
    square = nim.solve({"rows": 500, "columns": 500}, "chomp")
    assert square.value == 1 and square.move.left[0] == (500,) + (1,) * 499
    assert not wins((7, 6), False) and not wins((6, 1, 1, 1, 1, 1), False)       # what they leave is lost
    text = nim.explain({"rows": 3, "columns": 4}, "chomp").text
    assert "strategy stealing" in text.lower() and "first player wins every bar larger than 1 x 1" in text
    assert "won by the theorem of Chomp stated above; the move found by an exact search" in text  # 3 x 4: searched
    assert "decided by the theorem of Chomp stated above" in nim.explain({"rows": 2, "columns": 9}, "chomp").text


def test_bad_input_and_the_bound_in_words() -> None:
    for bad, words in [([3, 4], "never longer"), ([0], "poisoned square"), ({"rows": 0, "columns": 3}, "at least one"),
                       ({"rows": 3}, "list of its rows"), ("[4, 4]", "list of its rows"), ([2.5], "whole number"),
                       ([10**6], "0 to 100,000")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "chomp")
    with pytest.raises(NimError, match="no formula.*shapes below it"):
        nim.solve([9] * 8 + [8], "chomp")
