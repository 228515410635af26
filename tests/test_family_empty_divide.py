"""Empty and Divide (Ferguson, Part I, 1.5, exercises): held to a brute force written from the
rules alone (memoised recursion over sorted pairs and sums of pairs): the Grundy value of every
pair to 128, the P-positions (both boxes odd), every small sum in both conventions, every move."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError

Pair = Tuple[int, int]
Sum = Tuple[Pair, ...]


def pair_moves(pair: Pair) -> List[Pair]:
    found = set()
    for box in pair:                       # empty the other box, divide this one
        for part in range(1, box):
            found.add(tuple(sorted((part, box - part))))
    return sorted(found)                   # type: ignore[arg-type]


@lru_cache(maxsize=None)
def grundy(pair: Pair) -> int:
    seen = {grundy(p) for p in pair_moves(pair)}
    return next(v for v in itertools.count() if v not in seen)


def sum_moves(position: Sum) -> List[Sum]:
    return [tuple(sorted(position[:i] + (p,) + position[i + 1:])) for i, pair in enumerate(position)
            for p in pair_moves(pair)]


@lru_cache(maxsize=None)
def wins(position: Sum, misere: bool) -> bool:
    children = sum_moves(position)
    if not children:
        return misere
    return any(not wins(child, misere) for child in children)


def test_grundy_values_and_p_positions_to_128() -> None:
    game = nim.Rules.parse("empty-and-divide").family
    for m in range(1, 129):
        for n in range(m, 129):
            g = grundy((m, n))
            assert (g == 0) == (m % 2 == 1 and n % 2 == 1), (m, n)            # the text's P-positions
            assert game.grundy((m, n)) == g, (m, n)                             # the closed form
            for target in range(g):                                             # a move to every lower value
                count, (after,) = game.option_to((m, n), target)
                assert after in pair_moves((m, n)) and grundy(after) == target


PAIRS = [(m, n) for m in range(1, 7) for n in range(m, 7)]
SUMS = [tuple(sorted(s)) for k in (1, 2) for s in itertools.combinations_with_replacement(PAIRS, k)]


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_sum_and_move_against_the_brute_force(misere: bool) -> None:
    rule = ("misere," if misere else "") + "empty-and-divide"
    for position in SUMS:
        truth = wins(position, misere)
        solution = nim.solve([list(p) for p in position], rule)
        assert (solution.value > 0) == truth, (position, rule)
        move = solution.move
        if truth and move is not None:            # (misère: [1, 1] alone is won with no move)
            after = tuple(sorted(position[:move.pile] + move.left + position[move.pile + 1:]))
            assert after in sum_moves(position) and not wins(after, misere), (position, move)
        rows = nim.analyze([list(p) for p in position], rule)
        assert len(rows) == len(set((i, p) for i, pair in enumerate(position) for p in pair_moves(pair)))
        for row in rows:
            after = tuple(sorted(position[:row.move.pile] + row.move.left + position[row.move.pile + 1:]))
            assert (row.value > 0) == (not wins(after, misere))


def test_large_pairs_by_the_theory_and_explain() -> None:
    big = [[10**40 + 2, 3], [7, 2**200]]
    solution = nim.solve(big, "empty-and-divide")
    assert solution.method == "theory" and solution.value == 1
    text = nim.explain([[4, 5], [3, 3]], "empty-and-divide").text
    assert "both boxes are odd" in text and "trailing 1-bits" in text and "[4, 5] -> 3" in text


def test_bad_input_in_words() -> None:
    for bad, words in [([[0, 3]], "at least one chip"), ([[1, 2, 3]], "not a pair"), ([["a", 2]], "whole number"),
                       ([[10**5000, 1]], "4,300"), ([[True, 2]], "whole number")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "empty-and-divide")
