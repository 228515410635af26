"""Poker Nim (Ferguson, Part I, ch. 2): Nim where a move may add chips from a shared pool,
held to a brute force over its own positions (memoised recursion over sorted piles and the
pool, written from the rules alone): every small position, both conventions, every move."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, Rules

State = Tuple[Tuple[int, ...], int]


def children(state: State) -> List[State]:
    piles, pool = state
    found = []
    for i, pile in enumerate(piles):
        for new in list(range(pile)) + list(range(pile + 1, pile + pool + 1)):
            after = tuple(sorted(p for p in piles[:i] + (new,) + piles[i + 1:] if p))
            found.append((after, pool - max(0, new - pile)))
    return found


@lru_cache(maxsize=None)
def wins(state: State, misere: bool) -> bool:
    moves = children(state)
    if not moves:
        return misere
    return any(not wins(child, misere) for child in moves)


STATES = [(tuple(sorted(p for p in piles if p)), pool)
          for n in range(1, 4) for piles in itertools.product(range(4), repeat=n) for pool in range(4)]


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_position_and_move_against_the_brute_force(misere: bool) -> None:
    rule = ("misere," if misere else "") + "poker-nim"
    for piles, pool in sorted(set(STATES)):
        position = {"piles": list(piles), "pool": pool}
        truth = wins((piles, pool), misere)
        x = 0
        for pile in piles:
            x ^= pile
        if misere and max(piles, default=0) <= 1:
            assert truth == (sum(piles) % 2 == 0), (piles, pool)     # Bouton's misère rule holds
        else:
            assert truth == (x != 0), (piles, pool)                  # Nim's value, whatever the pool
        solution = nim.solve(position, rule)
        assert (solution.value > 0) == truth, (position, rule)
        if solution.move is not None:
            (after,) = solution.move.left
            assert after in children((piles, pool))
            if truth:
                assert not wins(after, misere), (position, after)
        rows = nim.analyze(position, rule)
        assert sorted(row.move.left[0] for row in rows) == sorted(set(children((piles, pool))))
        for row in rows:
            assert (row.value > 0) == (not wins(row.move.left[0], misere))


def test_grundy_value_is_the_xor_of_the_piles_in_sums() -> None:
    # a Poker Nim position beside a Nim pile: the sum is lost exactly when the XORs cancel
    for piles, pool in [((1, 2), 3), ((5,), 2), ((2, 7, 9), 1)]:
        x = 0
        for pile in piles:
            x ^= pile
        position = [["poker-nim", {"piles": list(piles), "pool": pool}], ["any", [x]]]
        assert nim.solve(position, "sum").value == -1
        assert nim.solve(position[:1] + [["any", [x + 1]]], "sum").value == 1


def test_large_positions_and_explain_says_why() -> None:
    big = {"piles": [10**40, 3, 10**40 + 5], "pool": 10**30}
    solution = nim.solve(big, "poker-nim")
    assert solution.method == "theory" and solution.value == 1
    (after,) = solution.move.left
    assert after[0][0] ^ after[0][1] ^ after[0][2] == 0 and after[1] == 10**30
    text = nim.explain({"piles": [3, 4, 5], "pool": 6}, "poker-nim").text
    assert "this is Nim" in text and "reversible" in text and "take 2 from the pile of 3" in text


def test_bad_input_in_words() -> None:
    with pytest.raises(InvalidRulesError, match="no parameters"):
        Rules.parse("poker-nim,k=3")
    for bad, words in [([3, 4, 5], "piles"), ({"piles": [1, -1], "pool": 2}, "negative"),
                       ({"piles": [1], "pool": -2}, "negative"), ({"piles": [1], "chips": 2}, "pool"),
                       ({"piles": [10**5000], "pool": 1}, "4,300"), ({"piles": "3 4", "pool": 1}, "a list of")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "poker-nim")
