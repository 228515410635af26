"""The Thirty-one game (Ferguson, Part I, 1.5, exercises): held to a brute force written from the
rules alone (memoised recursion over the running total and the cards left), both conventions,
every move, over every deal of up to three cards and a fixed sample of later deals."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError

Deal = Tuple[int, Tuple[int, ...]]


def moves(deal: Deal) -> List[Deal]:
    total, left = deal
    return [(total + v, left[:v - 1] + (left[v - 1] - 1,) + left[v:])
            for v in range(1, 7) if left[v - 1] > 0 and total + v <= 31]


@lru_cache(maxsize=None)
def wins(deal: Deal, misere: bool) -> bool:
    children = moves(deal)
    if not children:
        return misere
    return any(not wins(child, misere) for child in children)


def deal_of(turned: Tuple[int, ...]) -> Deal:
    return (sum(turned), tuple(4 - turned.count(v) for v in range(1, 7)))


def sample() -> List[Tuple[int, ...]]:
    early = [t for k in range(4) for t in itertools.product(range(1, 7), repeat=k)]
    rng = random.Random(31)
    deck = [v for v in range(1, 7) for _ in range(4)]
    late = []
    while len(late) < 150:
        rng.shuffle(deck)
        turned = []
        for card in deck:
            if sum(turned) + card > 31 - rng.randrange(8):
                break
            turned.append(card)
        late.append(tuple(turned))
    return early + late


@pytest.mark.parametrize("misere", [False, True])
def test_deals_against_the_brute_force(misere: bool) -> None:
    rule = ("misere," if misere else "") + "thirty-one"
    for turned in sample():
        deal = deal_of(turned)
        truth = wins(deal, misere)
        solution = nim.solve(list(turned), rule)
        assert (solution.value > 0) == truth, (turned, rule)
        if truth and solution.move is not None:
            after = solution.move.left[0]
            assert after in moves(deal) and not wins(after, misere), (turned, after)
        rows = nim.analyze({"total": deal[0], "left": list(deal[1])}, rule)
        assert sorted(r.move.left[0] for r in rows) == sorted(moves(deal))
        for r in rows:
            assert (r.value > 0) == (not wins(r.move.left[0], misere))


def test_the_first_player_wins_and_four_is_no_longer_safe() -> None:
    assert wins(deal_of(()), False)
    start = nim.solve([], "thirty-one")
    assert start.value == 1
    # the subtraction game's P-positions would be these totals; the limited cards change the answer
    assert {t for t in range(32) if (31 - t) % 7 == 0} == {3, 10, 17, 24, 31}
    winners = {v for v in range(1, 7) if not wins(deal_of((v,)), False)}
    assert winners == {r.move.count for r in nim.analyze([], "thirty-one") if r.value > 0}
    text = nim.explain([], "thirty-one").text
    assert "no formula" in text and "exact search" in text and "Winning move" in text


def test_bad_input_in_words() -> None:
    for bad, words in [([7], "1 \\(an ace\\) to 6"), ([5, 5, 5, 5, 5], "4 cards of each"),
                       ([6, 6, 6, 6, 5, 5, 1], "at most 31"),
                       ({"total": 3}, "list of cards"), ({"total": 3, "left": [4, 4]}, "six"),
                       ({"total": 3, "left": [5, 4, 4, 4, 4, 4]}, "4 cards of each"), ("[]", "list of cards"),
                       ([1.5], "whole number"), ({"total": 10**10, "left": [4] * 6}, "at most 31")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "thirty-one")
