"""Coin-turning games (Ferguson, Part I, ch. 5; nim.families.coins) against a brute force that
shares no code with the package: rows (and grids) as sets of heads, each game's moves written
from its rules alone, win or loss by memoised recursion; every small position in both
conventions, every move of analyze, and each game's closed form against the mex."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Callable, Dict, FrozenSet, Iterator, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, NimError, Rules
from nim.families.coins import LINES

Coin = Tuple[int, ...]          # a place: (n,) in a row, (x, y) in a grid
Move = FrozenSet[Coin]


def row_moves(rule: str, n: int) -> Iterator[FrozenSet[int]]:
    """Every set of coins a move of ``rule`` turns over with a head at n the last, from the rules."""
    if rule == "turning-turtles":
        yield frozenset({n})
        yield from (frozenset({a, n}) for a in range(1, n))
    elif rule == "twins":
        yield from (frozenset({a, n}) for a in range(n))
    elif rule in ("mock-turtles", "triplets"):
        sizes = (0, 1, 2) if rule == "mock-turtles" else (2,)
        for size in sizes:
            yield from (frozenset(c) | {n} for c in itertools.combinations(range(n), size))
    elif rule == "ruler":
        yield from (frozenset(range(a, n + 1)) for a in range(1, n + 1))
    elif rule == "grunt":
        yield from (frozenset({0, a, n - a, n}) for a in range(1, n) if a < n - a)
    elif rule == "coin-subtraction=1;3;4":
        for z in (1, 3, 4):
            if z < n:
                yield frozenset({n - z, n})
            elif z == n:
                yield frozenset({n})
    else:
        raise AssertionError(rule)


FIRST = {"turning-turtles": 1, "ruler": 1, "coin-subtraction=1;3;4": 1}
ROW_RULES = ["turning-turtles", "twins", "mock-turtles", "triplets", "ruler", "grunt", "coin-subtraction=1;3;4"]


def grid_moves(rule: str, x: int, y: int) -> Iterator[FrozenSet[Tuple[int, int]]]:
    """Every set of coins a move of a two-dimensional ``rule`` turns over, (x, y) the last."""
    if rule == "turning-corners":
        for a, b in itertools.product(range(x), range(y)):
            yield frozenset({(a, b), (a, y), (x, b), (x, y)})
    elif rule == "acrostic-twins":
        yield from (frozenset({(a, y), (x, y)}) for a in range(x))
        yield from (frozenset({(x, b), (x, y)}) for b in range(y))
    elif rule == "rugs":
        for a, b in itertools.product(range(1, x + 1), range(1, y + 1)):
            yield frozenset(itertools.product(range(a, x + 1), range(b, y + 1)))
    elif rule == "turning-turtles-squared":
        for xs in [(x,)] + [(a, x) for a in range(1, x)]:
            for ys in [(y,)] + [(b, y) for b in range(1, y)]:
                yield frozenset(itertools.product(xs, ys))
    elif rule == "tartan=ruler*twins":
        for a in range(1, x + 1):
            for b in range(y):
                yield frozenset(itertools.product(range(a, x + 1), (b, y)))
    else:
        raise AssertionError(rule)


GRID_FIRST = {"rugs": (1, 1), "turning-turtles-squared": (1, 1), "tartan=ruler*twins": (1, 0)}
GRID_RULES = ["turning-corners", "acrostic-twins", "rugs", "turning-turtles-squared", "tartan=ruler*twins"]


def all_moves(rule: str, heads: FrozenSet[Coin]) -> List[Move]:
    found = []
    for head in heads:
        sets = row_moves(rule, head[0]) if len(head) == 1 else grid_moves(rule, *head)
        for s in sets:
            found.append(frozenset((c,) if isinstance(c, int) else c for c in s))
    return found


@lru_cache(maxsize=None)
def wins(rule: str, heads: FrozenSet[Coin], misere: bool) -> bool:
    children = [heads ^ m for m in all_moves(rule, heads)]
    if not children:
        return misere
    return any(not wins(rule, child, misere) for child in children)


def mex_values(moves: Callable[[int], Iterator[FrozenSet[int]]], top: int) -> List[int]:
    g: List[int] = []
    for n in range(top):
        seen = set()
        for s in moves(n):
            x = 0
            for m in s - {n}:
                x ^= g[m]
            seen.add(x)
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


@pytest.mark.parametrize("rule", ROW_RULES)
def test_each_games_value_of_a_head_is_the_mex_of_its_moves(rule: str) -> None:
    first = FIRST.get(rule, 0)
    truth = mex_values(lambda n: row_moves(rule, n) if n >= first else iter(()), 36)
    family = Rules.parse(rule).family
    assert [family.grundy((n,)) for n in range(first, 36)] == truth[first:]


def test_the_closed_forms_named() -> None:
    odious = [n for n in range(200) if bin(n).count("1") % 2][:60]
    assert [LINES["mock-turtles"].value(n) for n in range(60)] == odious
    assert [LINES["triplets"].value(n) for n in range(2, 60)] == odious[:58]
    assert [LINES["ruler"].value(n) for n in range(1, 17)] == [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]


def check(rule: str, heads: FrozenSet[Coin], given: object, misere: bool) -> None:
    rules = ("misere," if misere else "") + rule
    truth = wins(rule, heads, misere)
    solution = nim.solve(given, rules)
    assert (solution.value > 0) == truth, (given, rules)
    if solution.move is None:
        assert not all_moves(rule, heads)
        return
    (left,) = solution.move.left or ((),)
    after = frozenset((c,) if isinstance(c, int) else tuple(c) for c in left)
    assert heads ^ after in all_moves(rule, heads), (given, rules, solution.move)
    if truth:
        assert not wins(rule, after, misere), (given, rules, solution.move)


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("rule", ROW_RULES)
def test_every_row_of_seven_coins_in_both_conventions(rule: str, misere: bool) -> None:
    first = FIRST.get(rule, 0)
    for bits in itertools.product("HT", repeat=7):
        text = "".join(bits)
        heads = frozenset((i + first,) for i, c in enumerate(text) if c == "H")
        check(rule, heads, text, misere)


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("rule", GRID_RULES)
def test_every_grid_of_three_by_three_in_both_conventions(rule: str, misere: bool) -> None:
    fx, fy = GRID_FIRST.get(rule, (0, 0))
    for bits in itertools.product("HT", repeat=9):
        rows = ["".join(bits[3 * y:3 * y + 3]) for y in range(3)]
        heads = frozenset((x + fx, y + fy) for y in range(3) for x in range(3) if rows[y][x] == "H")
        check(rule, heads, rows, misere)


def test_sums_of_rows_and_every_move_of_analyze() -> None:
    for rule in ("mock-turtles", "ruler", "grunt"):
        first = FIRST.get(rule, 0)
        for a, b in itertools.product(["HTH", "THH", "TTTH", "HHHT"], repeat=2):
            heads = [frozenset((i + first,) for i, c in enumerate(t) if c == "H") for t in (a, b)]
            rows = nim.analyze([a, b], rule)
            assert len(rows) == sum(len(all_moves(rule, h)) for h in heads)
            for row in rows:
                parts = [set(h) for h in heads]
                (left,) = row.move.left or ((),)
                parts[row.move.pile] = {(c,) for c in left}
                # the brute force's sum: both rows shifted apart so the moves stay in their own row
                value_x = 0
                for part in parts:
                    value_x ^= grundy_of(rule, frozenset(part))
                assert (row.value > 0) == (value_x == 0), (a, b, row)


@lru_cache(maxsize=None)
def grundy_of(rule: str, heads: FrozenSet[Coin]) -> int:
    seen = {grundy_of(rule, heads ^ m) for m in all_moves(rule, heads)}
    g = 0
    while g in seen:
        g += 1
    return g


def test_turning_corners_is_nim_multiplication_and_large_heads_are_answered() -> None:
    family = Rules.parse("turning-corners").family
    # a head's value by the mex over its moves of the other coins' values (the grids of 3 x 3
    # above check, by brute force, that a grid is the sum of its heads)
    g: Dict[Tuple[int, int], int] = {}
    for x, y in itertools.product(range(12), repeat=2):
        seen = set()
        for s in grid_moves("turning-corners", x, y):
            v = 0
            for c in s - {(x, y)}:
                v ^= g[c]
            seen.add(v)
        g[x, y] = next(v for v in itertools.count() if v not in seen)
        assert family.grundy(((x, y),)) == g[x, y]
    # a head with one coordinate's value below 2,048: the search of the nim field covers that side
    for heads in ([[10**30, 1000]], [[2**64 - 1, 2**64 - 3], [5, 7]], [[10**12, 3], [7, 10**9]], [[7, 10**40]]):
        solution = nim.solve(heads, "turning-corners")
        assert solution.value == 1 and solution.method == "theory"
        (left,) = solution.move.left or ((),)
        turned = set(map(tuple, heads)) ^ set(left)
        xs, ys = sorted({c[0] for c in turned}), sorted({c[1] for c in turned})
        assert len(turned) == 4 and len(xs) == len(ys) == 2 and set(itertools.product(xs, ys)) == turned
        assert family.grundy(tuple(sorted(left))) == 0


def test_mock_turtles_far_out_and_the_theory_in_explain() -> None:
    solution = nim.solve([10**40, 10**40 + 7, 3], "mock-turtles")
    assert solution.value == 1 and solution.method == "theory"
    explanation = nim.explain("THHTH", "mock-turtles")
    assert "odious" in explanation.text and "Ferguson" in explanation.text
    assert (explanation.value > 0) == wins("mock-turtles", frozenset({(1,), (2,), (4,)}), False)
    assert "Tartan theorem" in nim.explain(["HT", "TH"], "rugs").text


def test_rule_strings_pickles_and_the_keyword_form() -> None:
    import pickle

    for text in ROW_RULES + GRID_RULES + ["misere,ruler", "misere,tartan=mock-turtles*ruler"]:
        rules = Rules.parse(text)
        assert str(rules).split(",", 1)[1] == text.replace("misere,", "")
        assert pickle.loads(pickle.dumps(rules)) == rules
    assert Rules.parse("tartan=twins*twins") != Rules.parse("turning-corners")
    assert Rules.parse("coin-subtraction=4;1;3") == Rules(take="coin-subtraction", subtract=(1, 3, 4))


def test_bad_rows_and_rules_are_refused_in_words() -> None:
    bad: Dict[str, Tuple[object, str]] = {
        "letters": ("THX", "H \\(heads\\) and T"),
        "a row of 10**7": ("H" * 10**7, "at most 1,000,000 coins"),
        "a negative head": ([-1, 2], "at least 0"),
        "a head twice": ([2, 2], "listed twice"),
        "a float": ([1.5], "not 1.5"), "a float in a row": ([[1.5, 2]], "whole number"),
        "a bool": ([[True]], "whole number"),
        "a dict": ({"a": 1}, "a list of coin rows"), "a dict in a list": ([{"a": 1}], "a row of coins is a string"),
    }
    for position, words in bad.values():
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(position, "mock-turtles")
    with pytest.raises(InvalidPositionError, match="at least 1"):
        nim.solve([0, 3], "turning-turtles")
    with pytest.raises(NimError, match="no closed form"):
        nim.solve([10**6], "grunt")
    with pytest.raises(NimError, match="would look at about"):
        nim.solve("H" * 60, "misere,mock-turtles")
    with pytest.raises(InvalidPositionError, match="a pair"):
        nim.solve([[[1, 2, 3]]], "turning-corners")
    for text, words in [("tartan=foo*ruler", "product of two"), ("tartan=ruler", "tartan=A\\*B"),
                        ("coin-subtraction=0", "at least 1"), ("coin-subtraction=a", "whole numbers")]:
        with pytest.raises(InvalidRulesError, match=words):
            Rules.parse(text)


def test_a_winning_move_past_the_row_bound_is_said_by_its_run() -> None:
    """Ruler's heads 2**20 and 2**21: the winning move turns over the run of coins 1 .. 2**21
    (the coins left of 2**21 are worth the Gray code of their count: Gray(2**21 - 1) = 2**20),
    a row of up to 2**21 heads: refused as a position, but the move is named."""
    with pytest.raises(NimError, match=r"turn over the 2,097,152 coins from 1 to 2,097,152 \(the last from heads"):
        nim.solve([2**20, 2**21], "ruler")
    t = 2**21 - 1
    assert t ^ (t >> 1) == 2**20
