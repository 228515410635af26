"""Wythoff's game (Ferguson, Part I, 3.4), the first family whose component is not a heap,
through the generic engine of nim.solving.components; held to a brute force over sorted
tuples of pairs that shares no code with the package."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, NimError, Rules
from nim.families import ComponentFamily, WythoffGame, register_family
from nim.position import ComponentMove

Pair = Tuple[int, int]


def pair_options(a: int, b: int) -> List[Pair]:
    """What one pair can become, from the rules alone."""
    found = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    found += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return [tuple(sorted(p)) for p in found]  # type: ignore[misc]


@lru_cache(maxsize=None)
def wins(position: Tuple[Pair, ...], misere: bool) -> bool:
    live = tuple(sorted(p for p in position if p != (0, 0)))
    children = [tuple(sorted(live[:i] + (o,) + live[i + 1:])) for i, p in enumerate(live) for o in pair_options(*p)]
    if not children:
        return misere
    return any(not wins(child, misere) for child in children)


@lru_cache(maxsize=None)
def grundy(pair: Pair) -> int:
    seen = {grundy(o) for o in pair_options(*pair)}
    g = 0
    while g in seen:
        g += 1
    return g


def on_golden_line(a: int, b: int) -> bool:
    """a = floor(n phi), b = a + n, decided by comparing squares (no square root taken):
    a < n phi < a + 1  <=>  2a - n < n sqrt(5) < 2a + 2 - n."""
    a, b = sorted((a, b))
    n = b - a
    if n == 0:
        return a == 0
    low, high = 2 * a - n, 2 * a + 2 - n
    five = 5 * n * n
    return (low < 0 or low * low < five) and high > 0 and five < high * high


def reachable(start: Pair, end: Pair) -> bool:
    """One move of Wythoff's game turns the pair ``start`` into ``end`` (either order)."""
    a, b = start
    for x, y in (end, end[::-1]):
        if (x == a and y < b) or (y == b and x < a) or (a - x == b - y > 0):
            return True
    return False


def after(position: List[Pair], move: ComponentMove) -> Tuple[Pair, ...]:
    rest = list(position[:move.pile]) + list(move.left) + list(position[move.pile + 1:])
    return tuple(tuple(sorted(p)) for p in rest)  # type: ignore[misc]


def test_wythoffs_theorem_on_every_pair_up_to_40() -> None:
    game = WythoffGame()
    for a, b in itertools.combinations_with_replacement(range(41), 2):
        lost = not wins(((a, b),), False)
        assert game.is_lost((a, b)) == lost == on_golden_line(a, b), (a, b)


@pytest.mark.parametrize("misere", [False, True])
def test_every_sum_of_two_small_pairs_against_the_brute_force(misere: bool) -> None:
    rule = "misere,wythoff" if misere else "wythoff"
    pairs = list(itertools.combinations_with_replacement(range(5), 2))
    for first, second in itertools.combinations_with_replacement(pairs, 2):
        position = [list(first), list(second)]
        truth = wins((first, second), misere)
        solution = nim.solve(position, rule)
        assert (solution.value > 0) == truth, (position, rule)
        if solution.move is not None:
            child = after([first, second], solution.move)
            assert sorted(tuple(sorted(p)) for p in child if p != (0, 0)) in [
                sorted(c for c in option if c != (0, 0)) for option in
                [tuple(sorted((o, second))) for o in pair_options(*first)]
                + [tuple(sorted((first, o))) for o in pair_options(*second)]], (position, solution.move)
            if truth:
                assert not wins(tuple(sorted(child)), misere), (position, solution.move)


def test_analyze_values_every_move_and_explain_says_why() -> None:
    for position in ([[2, 3]], [[1, 2], [3, 3]], [[4, 6], [0, 2]]):
        pairs = [tuple(p) for p in position]
        rows = nim.analyze(position, "wythoff")
        assert len(rows) == sum(len(pair_options(*p)) for p in pairs)
        for row in rows:
            assert (row.value > 0) == (not wins(tuple(sorted(after(pairs, row.move))), False))
        explanation = nim.explain(position, "wythoff")
        assert (explanation.value > 0) == wins(tuple(sorted(pairs)), False)
        assert "Wythoff's theorem" in explanation.text and explanation.to_dict()["rule"] == "component-sum"
        if len(pairs) > 1:
            x = 0
            for p in pairs:
                x ^= grundy(tuple(sorted(p)))
            assert f"X = XOR of the Grundy values = {x}" in explanation.text


def test_one_pair_of_any_size_is_answered_by_the_theorem() -> None:
    for a, b in [(10**30, 10**30 + 5), (10**1000, 10**1000 + 12345), (7 * 10**200, 3 * 10**200), (0, 10**50)]:
        solution = nim.solve([[a, b]], "wythoff")
        assert solution.value == 1 and solution.method == "theory"
        (c, d), = solution.move.left or ((0, 0),)
        assert on_golden_line(c, d)
        assert reachable((a, b), (c, d)) and solution.move.count == a + b - c - d
    n = 10**300
    a = (n + __import__("math").isqrt(5 * n * n)) // 2
    assert on_golden_line(a, a + n)
    assert nim.solve([[a, a + n]], "wythoff").value == -1


def test_sums_out_of_reach_and_bad_positions_are_refused_in_words() -> None:
    with pytest.raises(NimError, match="no formula, and the mex would look at about"):
        nim.solve([[10**6, 10**6 + 3], [1, 2]], "wythoff")
    with pytest.raises(NimError, match="more than analyze lists"):
        nim.analyze([[10**30, 5]], "wythoff")
    for bad, words in [([[1, 2, 3]], "is not a pair"), ([[1, -2]], "cannot be negative"),
                       ([["1", 2]], "a whole number"), ([[True, 2]], "a whole number"), ("3 5", "a list of pairs"),
                       ([[1.5, 2]], "a whole number")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "wythoff")
    with pytest.raises(InvalidRulesError, match="a game of pairs"):
        Rules.parse("wythoff").refuse_splits()
    with pytest.raises(InvalidPositionError, match="row 0: .*1 is not a pair"):    # a row is a position
        nim.Solver("wythoff").values([[1, 2]])


def test_rule_strings_and_pickles() -> None:
    import pickle

    rules = Rules.parse("misere,wythoff")
    assert str(rules) == "misere,wythoff" and Rules.parse("wythoff") == Rules(take="wythoff")
    assert pickle.loads(pickle.dumps(rules)) == rules
    move = nim.solve([[3, 4]], "wythoff").move
    assert pickle.loads(pickle.dumps(move)) == move and move.to_json()[2] == [[1, 2]]


def test_a_component_family_without_every_hook_is_refused() -> None:
    class Half(ComponentFamily):
        tag = "half-a-game"
        syntax = "half-a-game"
        component_noun = "thing"

    with pytest.raises(InvalidRulesError, match="lacks the hooks: .*options"):
        register_family(Half)


def test_misere_wythoff_one_pair_by_its_theorem_against_the_brute_force() -> None:
    # the lost pairs of misère play: (0, 1), (2, 2), then (floor(n phi), floor(n phi^2)) for n >= 2
    for a, b in itertools.combinations_with_replacement(range(31), 2):
        truth = wins(((a, b),), True)
        lost = (a, b) in ((0, 1), (2, 2)) or (on_golden_line(a, b) and b - a >= 2)
        assert (not truth) == lost, (a, b)
        solution = nim.solve([[a, b]], "misere,wythoff")
        assert (solution.value > 0) == truth and solution.method == "theory", (a, b)
        if truth and (a, b) != (0, 0):      # (0, 0): no move, so the player to move has won
            (c, d), = solution.move.left or ((0, 0),)
            assert reachable((a, b), (c, d)) and not wins((tuple(sorted((c, d))),), True), (a, b, c, d)
    for a, b in [(1, 10**40), (0, 10**40), (2, 10**30), (10**30, 10**30), (10**30, 10**30 + 5)]:
        solution = nim.solve([[a, b]], "misere,wythoff")
        (c, d), = solution.move.left or ((0, 0),)
        assert solution.value == 1 and reachable((a, b), (c, d))
        assert (c, d) in ((0, 1), (2, 2)) or (on_golden_line(c, d) and d - c >= 2)


def test_the_table_of_grundy_values_against_the_brute_force_and_in_large_sums() -> None:
    game = WythoffGame()
    for a, b in itertools.product(range(41), repeat=2):
        assert game.grundy((min(a, b), max(a, b))) == grundy(tuple(sorted((a, b)))), (a, b)  # type: ignore[arg-type]
    position = [[1000, 1500], [700, 901], [3, 9]]
    solution = nim.solve(position, "wythoff")
    x = 0
    for a, b in position:
        x ^= game.grundy((a, b)) or 0
    assert (solution.value > 0) == (x != 0) and solution.method == "theory"
    if solution.move is not None and x:
        pairs = [tuple(p) for p in position]
        child = after(pairs, solution.move)  # type: ignore[arg-type]
        assert reachable(pairs[solution.move.pile], (child[solution.move.pile] if len(child) == 3 else (0, 0)))
        y = 0
        for p in child:
            y ^= game.grundy(p) or 0
        assert y == 0
