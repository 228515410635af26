"""Take-away games with a memory (Ferguson, Part I, chapter 1): Fibonacci Nim, "at most the
previous take" and dynamic subtraction by c times the previous take, held to a brute force
over (heap, limit) that shares no code with the package; Whinihan's and Schwenk's theorems
checked on the small range, then used at any size."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, Rules
from nim.families import DynamicTake

Heap = Tuple[int, int]
RULES = {1: "at-most-previous", 2: "fibonacci", 3: "dynamic,k=3"}


def heap_moves(heap: Heap, c: int) -> List[Tuple[int, Heap]]:
    n, m = heap
    return [(t, (n - t, min(c * t, n - t))) for t in range(1, min(m, n) + 1)]


@lru_cache(maxsize=None)
def wins(heaps: Tuple[Heap, ...], c: int, misere: bool) -> bool:
    live = tuple(sorted(h for h in heaps if h[0] and h[1]))
    children = [tuple(sorted(live[:i] + (after,) + live[i + 1:])) for i, h in enumerate(live)
                for _, after in heap_moves(h, c)]
    if not children:
        return misere
    return any(not wins(child, c, misere) for child in children)


def fibonacci_below(n: int) -> List[int]:
    fib = [1, 2]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    return fib


def zeckendorf_smallest(n: int) -> int:
    smallest = 0
    for f in reversed(fibonacci_below(n)):
        if f <= n:
            n -= f
            smallest = f
    return smallest


@pytest.mark.parametrize("c", [1, 2, 3])
def test_the_theorem_on_every_small_heap(c: int) -> None:
    game = DynamicTake(c)
    for n in range(1, 60):
        for m in range(1, n + 1):
            lost = not wins(((n, m),), c, False)
            assert game.is_lost((n, m)) == lost, (n, m, c)
            if c == 2:
                assert lost == (zeckendorf_smallest(n) > m)
            if c == 1:
                assert lost == ((n & -n) > m)


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("c", [1, 2, 3])
def test_sums_and_every_winning_move_against_the_brute_force(c: int, misere: bool) -> None:
    rule = ("misere," if misere else "") + RULES[c]
    heaps = [(n, m) for n in range(1, 7) for m in range(1, n + 1)]
    for position in [(h,) for h in heaps] + list(itertools.combinations_with_replacement(heaps[:10], 2)):
        truth = wins(position, c, misere)
        solution = nim.solve([list(h) for h in position], rule)
        assert (solution.value > 0) == truth, (position, rule)
        move = solution.move
        if move is None:
            continue
        moved = position[move.pile]
        assert (move.count, move.left[0] if move.left else (0, 0)) in heap_moves(moved, c), (position, move)
        if truth:
            after = position[:move.pile] + tuple(move.left) + position[move.pile + 1:]
            assert not wins(after, c, misere), (position, rule, move)
        rows = nim.analyze([list(h) for h in position], rule)
        assert len(rows) == sum(len(heap_moves(h, c)) for h in position)
        for row in rows:
            after = position[:row.move.pile] + tuple(row.move.left) + position[row.move.pile + 1:]
            assert (row.value > 0) == (not wins(after, c, misere)), (position, row)


def test_a_fresh_heap_may_not_be_taken_whole() -> None:
    assert nim.solve([1], "fibonacci").value == -1 and nim.solve([1], "fibonacci").move is None
    for n in range(2, 40):
        assert (nim.solve([n], "fibonacci").value < 0) == (not wins(((n, n - 1),), 2, False))
        assert (nim.solve([n], "fibonacci").value < 0) == (n in fibonacci_below(n))


def test_whinihans_move_at_any_size() -> None:
    for n in (10**30, 10**30 + 1, 10**200 + 12345, 2**1000):
        solution = nim.solve([n], "fibonacci")
        smallest = zeckendorf_smallest(n)
        assert solution.method == "theory"
        if smallest == n:
            assert solution.value == -1
        else:
            assert solution.value == 1 and solution.move.count == smallest
            (left, limit), = solution.move.left
            assert left == n - smallest and zeckendorf_smallest(left) > limit == 2 * smallest


def test_explain_rules_and_bad_input() -> None:
    text = nim.explain([20], "fibonacci").text
    assert "Whinihan" in text and "Zeckendorf" in text and "take 2 from the heap of 20" in text
    assert "Schwenk" in nim.explain([6], "at-most-previous").text
    for text_rule in ("fibonacci", "misere,at-most-previous", "dynamic,k=5"):
        assert str(Rules.parse(text_rule)).endswith(text_rule.split("misere,")[-1])
    for bad in ("dynamic,k=0", "dynamic,k=17", "fibonacci,k=2", "dynamic", "dynamic,k=x"):
        with pytest.raises(InvalidRulesError):
            Rules.parse(bad)
    for position, words in [([[5, 0]], "at least 1"), ([[1, 2, 3]], "\\[heap, limit\\]"), ([-3], "negative"),
                            ([10**5000], "4,300"), (["5"], "whole numbers")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(position, "fibonacci")
