"""Rulerette (coin turning, Ferguson, Part I, exercise 5.5.4: "Turn over any consecutive set
of coins with at least two coins being turned over"), held to a brute force over rows of coins
written from the rule alone: every row of up to 9 coins, both conventions, every move."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError

Heads = Tuple[int, ...]


def children(heads: Heads) -> List[Heads]:
    found = []
    for n in heads:                                  # the right-most coin goes from heads to tails
        for k in range(2, n + 1):                    # a run of k >= 2 coins n-k+1 .. n (coins from 1)
            now = set(heads) ^ set(range(n - k + 1, n + 1))
            found.append(tuple(sorted(now)))
    return found


@lru_cache(maxsize=None)
def wins(heads: Heads, misere: bool) -> bool:
    moves = children(heads)
    if not moves:
        return misere
    return any(not wins(child, misere) for child in moves)


@lru_cache(maxsize=None)
def grundy(heads: Heads) -> int:
    seen = {grundy(child) for child in children(heads)}
    return next(v for v in itertools.count() if v not in seen)


ROWS = [tuple(i + 1 for i, c in enumerate(bits) if c)
        for n in range(1, 10) for bits in itertools.product((0, 1), repeat=n)]


def test_a_head_is_worth_half_of_rulers_value() -> None:
    for n in range(1, 15):                 # the mex over every row a head at n reaches
        assert grundy((n,)) == (n & -n) // 2, n


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_row_and_move_against_the_brute_force(misere: bool) -> None:
    rule = ("misere," if misere else "") + "rulerette"
    for heads in sorted(set(ROWS)):
        row = "".join("H" if i in heads else "T" for i in range(1, (heads[-1] if heads else 0) + 1)) or "T"
        truth = wins(heads, misere)
        solution = nim.solve(row, rule)
        assert (solution.value > 0) == truth, (row, rule)
        if solution.move is not None and truth:
            after = solution.move.left[0] if solution.move.left else ()
            assert after in children(heads) and not wins(after, misere), (row, solution.move)
        if len(heads) <= 4:
            rows = nim.analyze(row, rule)
            assert sorted(r.move.left[0] if r.move.left else () for r in rows) == sorted(children(heads))
            for r in rows:
                assert (r.value > 0) == (not wins(r.move.left[0] if r.move.left else (), misere))


def test_far_heads_by_the_theory_and_explain() -> None:
    solution = nim.solve([2**100, 2**100 + 4, 12], "rulerette")
    assert solution.method == "theory" and solution.value == 1
    after = solution.move.left[0]
    x = 0
    for head in after:
        x ^= (head & -head) >> 1
    assert x == 0
    text = nim.explain("THTHHTTH", "rulerette").text
    assert "Ruler's values halved" in text and "Winning move" in text


def test_bad_rows_in_words() -> None:
    for bad, words in [("THX", "H \\(heads\\) and T"), ([0], "at least 1"), ([[1.5]], "whole number")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "rulerette")
