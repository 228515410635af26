"""Nim in disguise (Ferguson, Part I, chapter 2): Staircase Nim and Nimble, held to a brute
force over their own positions (from the rules alone, sharing no code with the package);
explain says what each game is."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, Rules

Steps = Tuple[int, ...]


def strip(steps: List[int]) -> Steps:
    while steps and steps[-1] == 0:
        steps = steps[:-1]
    return tuple(steps)


def stair_moves(steps: Steps) -> List[Steps]:
    found = []
    for j, coins in enumerate(steps):
        for x in range(1, coins + 1):
            after = list(steps)
            after[j] -= x
            if j:
                after[j - 1] += x
            found.append(strip(after))
    return found


def nimble_moves(squares: Steps) -> List[Steps]:
    return [tuple(sorted(s for s in squares[:i] + (t,) + squares[i + 1:] if s))
            for i, sq in enumerate(squares) for t in range(sq)]


@lru_cache(maxsize=None)
def wins(position: Steps, game: str, misere: bool) -> bool:
    children = stair_moves(position) if game == "staircase" else nimble_moves(position)
    if not children:
        return misere
    return any(not wins(child, game, misere) for child in children)


STAIRS = [strip(list(p)) for n in range(1, 5) for p in itertools.product(range(4), repeat=n)]
STRIPS = [p for n in range(1, 4) for p in itertools.combinations_with_replacement(range(1, 6), n)]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game", ["staircase", "nimble"])
def test_every_small_position_and_move_against_the_brute_force(game: str, misere: bool) -> None:
    rule = ("misere," if misere else "") + game
    for position in sorted(set(STAIRS if game == "staircase" else STRIPS)):
        truth = wins(position, game, misere)
        if not misere:                       # the disguise: Nim on the odd steps, on the squares
            x = 0
            for heap in (position[0::2] if game == "staircase" else position):
                x ^= heap
            assert truth == (x != 0), position
        solution = nim.solve(list(position), rule)
        assert (solution.value > 0) == truth, (position, rule)
        if solution.move is None:
            continue
        (after,) = solution.move.left
        children = stair_moves(position) if game == "staircase" else nimble_moves(position)
        assert after in children, (position, solution.move)
        if truth:
            assert not wins(after, game, misere), (position, rule, after)
        rows = nim.analyze(list(position), rule)
        assert sorted(row.move.left[0] for row in rows) == sorted(children)
        for row in rows:
            assert (row.value > 0) == (not wins(row.move.left[0], game, misere))


def test_large_positions_by_the_theory_and_explain_says_what_it_is() -> None:
    steps = [10**30, 5, 10**30 + 9, 7, 3]
    solution = nim.solve(steps, "staircase")
    assert solution.method == "theory" and solution.value == 1
    (after,) = solution.move.left
    assert after[0] ^ after[2] ^ after[4] == 0 and sum(after) <= sum(steps)
    text = nim.explain([3, 1, 2], "staircase").text
    assert "this is Nim on the odd steps" in text and "move 1 coin from step 1 off the staircase" in text
    text = nim.explain([1, 3, 4], "nimble").text
    assert "this is Nim with a heap per coin" in text and "slide the coin on square 4 to square 2" in text
    assert nim.solve([2**200, 2**200 + 1, 1], "misere,nimble").value == -1


def test_bad_input_in_words() -> None:
    for rule in ("staircase,k=2", "nimble,x"):
        with pytest.raises(InvalidRulesError, match="no parameters"):
            Rules.parse(rule)
    for bad, words in [([1, -1], "negative"), ("3 1", "a list of"), ([[1]], "whole numbers"),
                       ([10**5000], "4,300")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "staircase")
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "nimble")
