"""Lasker's Nim (Ferguson, Part I, chapter 4): the closed form by n mod 4 checked against a
mex computed here from the rules alone, then sums of heaps of any size, both conventions,
against a brute force over sorted tuples of heaps that shares no code with the package."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, Rules
from nim.families import LaskerNim

Heaps = Tuple[int, ...]


def moves(heaps: Heaps) -> List[Heaps]:
    found = set()
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for left in range(n):
            found.add(tuple(sorted(rest + ((left,) if left else ()))))
        for a in range(1, n // 2 + 1):
            found.add(tuple(sorted(rest + (a, n - a))))
    return sorted(found)


@lru_cache(maxsize=None)
def wins(heaps: Heaps, misere: bool) -> bool:
    children = moves(heaps)
    if not children:
        return misere
    return any(not wins(child, misere) for child in children)


@lru_cache(maxsize=None)
def mex_value(n: int) -> int:
    seen = {mex_value(m) for m in range(n)} | {mex_value(a) ^ mex_value(n - a) for a in range(1, n // 2 + 1)}
    g = 0
    while g in seen:
        g += 1
    return g


def test_the_closed_form_is_the_mex() -> None:
    game = LaskerNim()
    assert [game.grundy(n) for n in range(200)] == [mex_value(n) for n in range(200)]


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_sum_and_its_move_against_the_brute_force(misere: bool) -> None:
    rule = "misere,lasker" if misere else "lasker"
    for heaps in [h for n in range(4) for h in itertools.combinations_with_replacement(range(1, 7), n)]:
        truth = wins(heaps, misere)
        solution = nim.solve(list(heaps), rule)
        assert (solution.value > 0) == truth, (heaps, rule)
        if solution.move is None:
            assert not moves(heaps)
            continue
        move = solution.move
        after = tuple(sorted(p for p in heaps[:move.pile] + move.left + heaps[move.pile + 1:] if p))
        assert after in moves(heaps), (heaps, move)
        if truth:
            assert not wins(after, misere), (heaps, rule, move)
        rows = nim.analyze(list(heaps), rule)
        assert len(rows) == sum(n + n // 2 for n in heaps)
        for row in rows:
            child = tuple(sorted(p for p in heaps[:row.move.pile] + row.move.left + heaps[row.move.pile + 1:] if p))
            assert (row.value > 0) == (not wins(child, misere)), (heaps, row)


def test_heaps_of_any_size_by_the_closed_form() -> None:
    for heaps in ([10**30, 7], [10**30 + 3, 10**30 + 3, 3], [4 * 10**500 + 3, 4 * 10**500 + 3 + 1, 5]):
        x = 0
        for n in heaps:
            x ^= mex_value(n % 4 + 8) - 8 + (n - n % 4) if n % 4 else mex_value(8) - 8 + n
        solution = nim.solve(heaps, "lasker")
        assert solution.method == "theory" and (solution.value < 0) == (x == 0)
        if x:
            move = solution.move
            after = list(heaps[:move.pile]) + list(move.left) + list(heaps[move.pile + 1:])
            y = 0
            for n in after:
                y ^= LaskerNim().grundy(n) or 0
            assert y == 0 and (move.count == 0) == (len(move.left) == 2)


def test_explain_and_bad_input() -> None:
    text = nim.explain([3, 5, 7], "lasker").text
    assert "Lasker's Nim" in text and "3 mod 4" in text and "X = XOR of the Grundy values = 9" in text
    assert str(Rules.parse("misere,lasker")) == "misere,lasker"
    with pytest.raises(InvalidRulesError, match="no parameters"):
        Rules.parse("lasker,k=2")
    for bad, words in [([-1], "negative"), ([[1, 2]], "not a heap"), ([10**5000], "4,300"), ([True], "whole")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "lasker")
