"""Game length under take `any` by theory (issue 20, item 2; docs/theory.md,
"How long the game lasts"), against a brute force over sorted tuples written
here and against the `tt` search in distance mode."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim.solving.analysis import analyze_moves
from nim.solving.length import analyze_by_length, game_length, length_of_summary
from nim.game.solution import SolveOptions
from nimcore.ttable import TranspositionTable

CONVENTIONS = [False, True]


@lru_cache(maxsize=None)
def remoteness(position: Tuple[int, ...], misere: bool) -> Tuple[int, int]:
    """(value, length) by the definition: no move: the mover wins only in misère,
    length 0; won: 1 + the least length of a lost child; lost: 1 + the greatest."""
    children = {tuple(sorted(position[:i] + (q,) + position[i + 1:]))
                for i, p in enumerate(position) for q in range(p)}
    if not children:
        return (1 if misere else -1), 0
    results = [remoteness(c, misere) for c in children]
    lost = [length for value, length in results if value < 0]
    if lost:
        return 1, 1 + min(lost)
    return -1, 1 + max(length for _, length in results)


def positions(piles: int, top: int) -> List[Tuple[int, ...]]:
    """Every position of up to `piles` piles of 0 .. top (as sorted tuples)."""
    found: List[Tuple[int, ...]] = []
    for n in range(piles + 1):
        found.extend(itertools.combinations_with_replacement(range(top + 1), n))
    return found


EVERY_SMALL = positions(5, 10)          # 4,368 positions


def test_the_brute_force_set_is_every_position_of_up_to_5_piles_of_up_to_10():
    assert len(EVERY_SMALL) == 4368


@pytest.mark.parametrize("misere", CONVENTIONS)
def test_game_length_is_the_brute_force_remoteness(misere):
    rules = nim.Rules(misere=misere)
    for position in EVERY_SMALL:
        assert game_length(position, rules) == remoteness(position, misere)[1], position


@pytest.mark.parametrize("misere", CONVENTIONS)
def test_every_move_depth_and_value_against_brute_force(misere):
    rules = nim.Rules(misere=misere)
    for position in EVERY_SMALL:
        rows = analyze_by_length(position, rules)
        assert [row.move for row in rows] == list(nim.Position(position).moves(rules))
        for row in rows:
            child = list(position)
            child[row.move.pile] -= row.move.count
            value, length = remoteness(tuple(sorted(child)), misere)
            assert (row.value, row.depth) == (-value, length), (position, row)


@pytest.mark.parametrize("misere", CONVENTIONS)
def test_analyze_agrees_with_the_search(misere):
    """nim.analyze (formulas) against analyze_moves (the tt engine in distance
    mode) on every position of up to 5 piles of up to 10."""
    rules = nim.Rules(misere=misere)
    table = TranspositionTable(16)
    for position in EVERY_SMALL:
        by_theory = nim.analyze(position, rules)
        assert by_theory.method == "theory"
        by_search = analyze_moves(position, rules, True, SolveOptions(), table)
        assert list(by_theory) == by_search, position


def test_other_take_rules_keep_the_search():
    analysis = nim.analyze([3, 4], "misere,max=2")
    assert analysis.method == "tt"
    assert nim.analyze([3, 4], "misere,max=2", depth=False).method == "theory"
    with pytest.raises(nim.NimError, match="only under take 'any'"):
        game_length([3, 4], "misere,max=2")


@pytest.mark.parametrize("misere", CONVENTIONS)
def test_large_piles_c_and_python_paths_agree(misere):
    """Piles past 64 bits take the Python path: the same figures as a summary
    written here, and the C path on the same piles below 2**64."""
    rng = random.Random(7)
    for _ in range(200):
        piles = [rng.randrange(rng.choice([3, 2**64, 10**40])) for _ in range(rng.randrange(1, 8))]
        total = sum(piles)
        x = 0
        for p in piles:
            x ^= p
        big = sum(p >= 2 for p in piles)
        ones = sum(p == 1 for p in piles)
        removal = max((p - (p ^ x) for p in piles if (p ^ x) < p), default=0)
        assert game_length(piles, nim.Rules(misere=misere)) == length_of_summary(
            misere, total, x, big, ones, removal)


@pytest.mark.parametrize("misere", CONVENTIONS)
def test_the_lengths_satisfy_their_recursion_on_larger_piles(misere):
    """length = 1 + the least length of a lost child (won) or 1 + the greatest
    (lost), with the children's values by Bouton: checked on piles of up to 60."""
    rules = nim.Rules(misere=misere)
    rng = random.Random(3)
    for _ in range(150):
        position = tuple(rng.randrange(61) for _ in range(rng.randrange(1, 5)))
        rows = analyze_by_length(position, rules)
        value = nim.solve(position, rules).value
        if not rows:
            assert game_length(position, rules) == 0
            continue
        lost = [row.depth for row in rows if row.value > 0]
        expected = 1 + (min(lost) if value > 0 else max(row.depth for row in rows))
        assert game_length(position, rules) == expected
        for row in rows[:: 11]:
            child = list(position)
            child[row.move.pile] -= row.move.count
            assert row.depth == game_length(child, rules)


def test_a_million_piles():
    rng = random.Random(1)
    piles = [rng.randrange(10**9) for _ in range(10**6)]
    assert game_length(piles) == sum(piles) + 1 - max(
        p - (p ^ x) for x in [_xor(piles)] for p in piles if (p ^ x) < p)


def _xor(piles: List[int]) -> int:
    x = 0
    for p in piles:
        x ^= p
    return x


def test_analyze_refuses_too_many_moves():
    with pytest.raises(nim.NimError, match="legal moves; analyze lists at most"):
        nim.analyze([10**7, 3])


def test_explain_and_the_command_line_say_how_long_the_game_lasts(capsys):
    from nim.cli import main

    e = nim.explain([3, 5, 7], "misere")
    assert e.length == game_length([3, 5, 7], "misere") == 14
    assert "Length: the player to move wins in 14 moves at most" in e.text
    assert "can make the game last 14 moves" in nim.explain([3, 5, 6]).text
    assert nim.explain([3, 5, 6], "misere,max=3").length is None
    assert main(["solve", "3", "5", "7", "--misere", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Length: the player to move wins in 14 moves at most" in out
    assert "Theory and proofs: " in out
