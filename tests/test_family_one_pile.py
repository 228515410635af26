"""Ferguson's one-pile games of chapter 3 (At-Least-Half, at most half, Dim+, Aliquot) and Rims
(chapter 4): each closed form against a mex computed here from the rules alone, then every
small sum, both conventions, every move, against a brute force over sorted tuples of heaps
that shares no code with the package."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Callable, Dict, FrozenSet, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, NimError
from nim.families.one_pile import Aliquot, AtLeastHalf, DimPlus, Rims
from nim.families.take import TakeHalf

Heaps = Tuple[int, ...]


def _divisors(n: int) -> List[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def _rims(n: int) -> List[Heaps]:
    found = []
    for c in range(1, n + 1):
        rest = n - c
        found.append((rest,) if rest else ())
        found += [(a, rest - a) for a in range(1, rest)]
    return found


#: Each game's options of one heap, written from Ferguson's words: the heaps a move leaves.
RULES: Dict[str, Callable[[int], List[Heaps]]] = {
    "at-least-half": lambda n: [((n - c,) if n - c else ()) for c in range(1, n + 1) if 2 * c >= n],
    "at-most-half": lambda n: [(n - c,) for c in range(1, n + 1) if 2 * c <= n],
    "dim+": lambda n: [((n - c,) if n - c else ()) for c in _divisors(n)],
    "aliquot": lambda n: [(n - c,) for c in _divisors(n) if c < n],
    "rims": _rims,
}


@lru_cache(maxsize=None)
def mex_value(rule: str, n: int) -> int:
    seen = set()
    for left in RULES[rule](n):
        x = 0
        for part in left:
            x ^= mex_value(rule, part)
        seen.add(x)
    g = 0
    while g in seen:
        g += 1
    return g


@lru_cache(maxsize=None)
def children(rule: str, heaps: Heaps) -> FrozenSet[Heaps]:
    found = set()
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for left in RULES[rule](n):
            found.add(tuple(sorted(p for p in rest + left if p)))
    return frozenset(found)


@lru_cache(maxsize=None)
def wins(rule: str, heaps: Heaps, misere: bool) -> bool:
    following = children(rule, heaps)
    if not following:
        return misere
    return any(not wins(rule, child, misere) for child in following)


def valuation(n: int) -> int:
    v = 0
    while n % 2 == 0:
        n //= 2
        v += 1
    return v


def test_the_closed_forms_are_the_mex_on_a_range() -> None:
    # Ferguson 3.3: g(x) = min{k : 2^k > x}; dim+: v2(n) + 1; aliquot: v2(n); Rims: n
    for n in range(2000):
        assert AtLeastHalf().grundy(n) == mex_value("at-least-half", n) == min(k for k in range(40) if 2**k > n)
        assert DimPlus().grundy(n) == mex_value("dim+", n) == (valuation(n) + 1 if n else 0)
        assert Aliquot().grundy(n) == mex_value("aliquot", n) == (valuation(n) if n else 0)
        assert TakeHalf().grundy(n) == mex_value("at-most-half", n)
    for n in range(120):
        assert Rims().grundy(n) == mex_value("rims", n) == n


def test_the_closed_form_options_reach_every_smaller_value() -> None:
    # option_to must name a legal move to each smaller value (the theorem's winning move)
    for game, rule in ((AtLeastHalf(), "at-least-half"), (DimPlus(), "dim+"), (Aliquot(), "aliquot"),
                       (Rims(), "rims")):
        for n in range(1, 300 if rule != "rims" else 60):
            g = game.grundy(n)
            assert g is not None
            for target in range(g):
                found = game.option_to(n, target)
                assert found is not None, (rule, n, target)
                count, left = found
                assert tuple(left) in RULES[rule](n), (rule, n, found)
                value = 0
                for part in left:
                    value ^= mex_value(rule, part)
                assert value == target, (rule, n, target, found)
            assert game.option_to(n, g) is None


@pytest.mark.parametrize("rule", sorted(RULES))
@pytest.mark.parametrize("misere", [False, True])
def test_every_small_sum_and_its_moves_against_the_brute_force(rule: str, misere: bool) -> None:
    rules = ("misere," if misere else "") + rule
    largest = 7 if rule == "rims" else 9
    for heaps in [h for k in range(4) for h in itertools.combinations_with_replacement(range(1, largest), k)]:
        truth = wins(rule, heaps, misere)
        solution = nim.solve(list(heaps), rules)
        assert (solution.value > 0) == truth, (heaps, rules)
        if solution.move is None:
            assert not children(rule, heaps)
            continue
        move = solution.move
        if rule == "at-most-half":                      # the take rule half: a plain Move
            after = tuple(sorted(p for p in heaps[:move.pile] + (heaps[move.pile] - move.count,)
                                 + heaps[move.pile + 1:] if p))
        else:
            after = tuple(sorted(p for p in heaps[:move.pile] + tuple(move.left) + heaps[move.pile + 1:] if p))
        assert after in children(rule, heaps), (heaps, move)
        if truth:
            assert not wins(rule, after, misere), (heaps, rules, move)
        if rule == "at-most-half":
            continue
        rows = nim.analyze(list(heaps), rules)
        assert len(rows) == sum(len({tuple(sorted(left)) for left in RULES[rule](n)}) for n in heaps)
        for row in rows:
            child = tuple(sorted(p for p in heaps[:row.move.pile] + tuple(row.move.left)
                                 + heaps[row.move.pile + 1:] if p))
            assert child in children(rule, heaps)
            assert (row.value > 0) == (not wins(rule, child, misere)), (heaps, row)


def test_heaps_of_any_size_by_the_closed_forms() -> None:
    big = 10**40
    for rule, heaps in (("dim+", [big + 12, 3 * 2**100]), ("aliquot", [big + 12, 4]), ("at-least-half", [big, 2**133]),
                        ("rims", [big, big + 1])):
        solution = nim.solve(heaps, rule)
        assert solution.method == "theory"
        game = nim.Rules.parse(rule).family
        x = 0
        for n in heaps:
            x ^= game.grundy(n)
        assert (solution.value > 0) == (x != 0), rule
        if x:
            move = solution.move
            left = list(heaps)
            left[move.pile:move.pile + 1] = list(move.left)
            y = 0
            for n in left:
                y ^= game.grundy(n)
            assert y == 0 and move.count >= 1


def test_rule_strings_and_the_alias() -> None:
    assert nim.Rules.parse("at-most-half") == nim.Rules.parse("normal,half")
    assert nim.Rules.parse("misere,at-most-half") == nim.Rules.parse("misere,half")
    assert str(nim.Rules.parse("misere,dim+")) == "misere,dim+"
    assert str(nim.Rules.parse("aliquot")) == "normal,aliquot"
    for bad in ("dim+=3", "aliquot,k=2", "at-least-half=1", "at-most-half=2"):
        with pytest.raises(InvalidRulesError):
            nim.Rules.parse(bad)


def test_explain_names_the_theory() -> None:
    text = nim.explain([12, 5], "dim+").text
    assert "v2(n) + 1" in text and "Ferguson" in text and "12 -> 3" in text
    assert "Silverman" in nim.explain([6], "aliquot").text
    assert "min{k : 2^k > n}" in nim.explain([6, 3], "at-least-half").text
    assert "0.777" in nim.explain([6, 3], "rims").text


def test_bad_positions_are_refused_in_words() -> None:
    for bad in ([-1], ["x"], [True], [[3]], [10**5000]):
        with pytest.raises(InvalidPositionError):
            nim.solve(bad, "dim+")
    with pytest.raises(NimError, match="divisors of a heap are listed up to"):
        nim.analyze([10**40], "dim+")
    with pytest.raises(NimError, match="exact search would look at"):
        nim.solve([10**40, 5], "misere,aliquot")


def test_the_command_line() -> None:
    root = Path(__file__).resolve().parent.parent
    env = {"PYTHONPATH": ":".join(sys.path)}
    run = subprocess.run([sys.executable, "-m", "nim", "solve", "12", "--rules", "dim+"], capture_output=True,
                         text=True, env=env, cwd=root)
    assert run.returncode == 0 and "take 12 from the heap of 12" in run.stdout, run.stderr
    run = subprocess.run([sys.executable, "-m", "nim", "solve", "-1", "--rules", "aliquot"], capture_output=True,
                         text=True, env=env, cwd=root)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, run.stderr
