"""Ferguson, Part I, exercises 5.5.1(c), 5.5.5 and 5.5.10: subtraction games as coin turning, held to
a brute force written from the text's rules alone (a move turns over a set of coins, the
right-most from heads to tails; whoever cannot move loses). A row is the frozenset of its heads;
the oracle values whole rows by the mex over their moves, never by the sum-of-heads theorem."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Callable, FrozenSet, Iterator, Tuple

import pytest

import nim
from nim.errors import NimError

Row = FrozenSet[int]
Grid = FrozenSet[Tuple[int, int]]


def mex(values: Iterator[int]) -> int:
    seen = set(values)
    g = 0
    while g in seen:
        g += 1
    return g


def row_moves(row: Row, s: Tuple[int, ...], single: bool) -> Iterator[Row]:
    """Exactly two coins n and n - z (z in S, coins from 0), or (``single``) the coin n alone."""
    for n in row:
        if single:
            yield row ^ {n}
        for z in s:
            if z <= n:
                yield row ^ {n, n - z}


@lru_cache(maxsize=None)
def row_value(row: Row, s: Tuple[int, ...], single: bool) -> int:
    return mex(row_value(m, s, single) for m in row_moves(row, s, single))


@lru_cache(maxsize=None)
def heap_value(n: int, s: Tuple[int, ...]) -> int:
    """The subtraction game S on one heap, by its own rule."""
    return mex(heap_value(n - z, s) for z in s if z <= n)


@lru_cache(maxsize=None)
def row_misere_wins(row: Row, s: Tuple[int, ...], single: bool) -> bool:
    moves = list(row_moves(row, s, single))
    return not moves or any(not row_misere_wins(m, s, single) for m in moves)


def rows(length: int) -> Iterator[Row]:
    for bits in itertools.product((0, 1), repeat=length):
        yield frozenset(i for i, b in enumerate(bits) if b)


@pytest.mark.parametrize("s", [(1, 3, 4), (2, 5), (1, 2, 3, 4)])
def test_exercise_5_5_5_one_or_two_coins_is_one_more_than_the_subtraction_game(s: Tuple[int, ...]) -> None:
    rules = "coin-subtraction=" + ";".join(map(str, s)) + ",one-or-two"
    for n in range(40):       # the text's question: g(n) = 1 + gS(n), coins from 0
        assert row_value(frozenset({n}), s, True) == 1 + heap_value(n, s)
        assert nim.solve([n], rules).value == 1
    for row in rows(9):
        shown = "".join("H" if i in row else "T" for i in range(9))
        g = row_value(row, s, True)
        assert (nim.solve(shown, rules).value > 0) == (g != 0), shown
        assert (nim.solve(shown, "misere," + rules).value > 0) == row_misere_wins(row, s, True), shown


@pytest.mark.parametrize("s", [(1, 3, 4), (1, 2, 3, 4)])
def test_exactly_two_coins_from_0_is_the_subtraction_game(s: Tuple[int, ...]) -> None:
    rules = "coin-subtraction=" + ";".join(map(str, s)) + ",exactly-two"
    for row in rows(9):
        shown = "".join("H" if i in row else "T" for i in range(9))
        g = row_value(row, s, False)
        assert (nim.solve(shown, rules).value > 0) == (g != 0), shown
        assert (nim.solve(shown, "misere," + rules).value > 0) == row_misere_wins(row, s, False), shown
        if g:                      # the move nimcore gives leaves a row the oracle calls lost
            move = nim.solve(shown, rules).move
            left = frozenset(move.left[0]) if move.left else frozenset()
            assert row_value(left, s, False) == 0 and left in set(row_moves(row, s, False))


def test_exercise_5_5_1c_the_texts_row_is_lost() -> None:
    # TTHTHHTTH with S = {1, 3, 4}, exactly two coins: heads 2, 4, 5, 8 worth 0, 2, 3, 1: no winning move
    row = frozenset({2, 4, 5, 8})
    assert row_value(row, (1, 3, 4), False) == 0
    assert nim.solve("TTHTHHTTH", "coin-subtraction=1;3;4,exactly-two").value == -1


# -- exercise 5.5.10: (subtraction game {1, 2, 3, 4}, exactly two coins) x Ruler -------------------------

S10 = (1, 2, 3, 4)
TARTAN = "tartan=coin-subtraction=1;2;3;4,exactly-two*ruler"


def g1_moves(x: int) -> Iterator[Tuple[int, ...]]:
    """The coins of a move of G1 at x: x and x - z (coins from 0)."""
    for z in S10:
        if z <= x:
            yield (x, x - z)


def g2_moves(y: int) -> Iterator[Tuple[int, ...]]:
    """Ruler at y (coins from 1): any run of consecutive coins ending at y."""
    for k in range(1, y + 1):
        yield tuple(range(y - k + 1, y + 1))


def grid_moves(grid: Grid) -> Iterator[Grid]:
    for x, y in grid:          # the south-east coin goes from heads to tails
        for a in g1_moves(x):
            for b in g2_moves(y):
                yield grid ^ frozenset(itertools.product(a, b))


@lru_cache(maxsize=None)
def grid_value(grid: Grid) -> int:
    return mex(grid_value(m) for m in grid_moves(grid))


def test_tartan_of_a_subtraction_factor_on_every_small_grid() -> None:
    cells = [(x, y) for x in range(4) for y in range(1, 4)]
    for bits in itertools.product((0, 1), repeat=len(cells)):
        grid = frozenset(c for c, b in zip(cells, bits) if b)
        if len(grid) > 3:
            continue
        g = grid_value(grid)
        heads = [list(c) for c in sorted(grid)]
        if not heads:
            continue
        solution = nim.solve(heads, TARTAN)
        assert (solution.value > 0) == (g != 0), heads
        if g:
            left = frozenset(tuple(c) for c in solution.move.left[0]) if solution.move.left else frozenset()
            assert grid_value(left) == 0 and left in set(grid_moves(grid)), heads


def test_exercise_5_5_10_the_winning_move() -> None:
    # the text's block of 100 x 100 coins labels both sides 1..100; G1 here numbers its coins from 0
    # (Ferguson 5.1's form of exactly two coins), so the text's (100, 100) and (4, 1) are (99, 100), (3, 1)
    g1 = [heap_value(x, S10) for x in range(100)]
    assert g1[99] == 4 and g1[3] == 3                          # the subtraction game {1, 2, 3, 4}: x mod 5
    position = [[99, 100], [3, 1]]
    solution = nim.solve(position, TARTAN)
    assert solution.value == 1
    left = {tuple(c) for c in solution.move.left[0]}
    turned = left ^ {(99, 100), (3, 1)}
    assert turned == {(x, y) for x in (97, 99) for y in (97, 98, 99, 100)}
    # the oracle on the part of the board the move touches: both heads' values and the move's,
    # with G1 and Ruler valued by their own rules, then the Tartan theorem's nim-product
    ruler = {y: ruler_value(y) for y in range(1, 101)}
    assert ruler[100] == 4 and ruler[1] == 1
    assert nim.nim_mul(4, 4) ^ nim.nim_mul(3, 1) == 5          # 6 ^ 3: the first player wins
    after = [nim.nim_mul(g1[x], ruler[y]) for x, y in left]
    total = 0
    for v in after:
        total ^= v
    assert total == 0
    # as the rows of the block, a string each (row y = 1 first): the same move
    block = ["T" * 100 for _ in range(100)]
    block[0] = "TTTH" + "T" * 96
    block[99] = "T" * 99 + "H"
    assert nim.solve(block, TARTAN).move.left == solution.move.left


@lru_cache(maxsize=None)
def ruler_value(y: int) -> int:
    """Ruler at y by its rule: a run y - k + 1 .. y, the others worth the XOR of their values."""
    options = []
    for k in range(1, y + 1):
        x = 0
        for c in range(y - k + 1, y):
            x ^= ruler_value(c)
        options.append(x)
    return mex(iter(options))


def test_bad_factors_and_ways_are_refused_in_words() -> None:
    for bad in ("coin-subtraction=1;3,two", "tartan=coin-subtraction=0*ruler", "tartan=nim*ruler",
                "coin-subtraction=1;3,exactly-two,one-or-two"):
        with pytest.raises(NimError):
            nim.Rules.parse(bad)
    rules = nim.Rules.parse(TARTAN)
    assert str(rules) == "normal," + TARTAN and nim.Rules.parse(str(rules)) == rules


# -- exercise 5.5.2: how long can a game last from one head on the last of n coins? ------------------

def _turtle_moves(row: Row) -> Iterator[Row]:
    """Turning Turtles: a head and, if you like, one coin to its left (places from 0 here)."""
    for h in row:
        yield row ^ {h}
        for a in range(h):
            yield row ^ {h, a}


def _mock_moves(row: Row) -> Iterator[Row]:
    """Mock Turtles: a head and at most two coins to its left."""
    for h in row:
        yield row ^ {h}
        for a in range(h):
            yield row ^ {h, a}
            for b in range(a):
                yield row ^ {h, a, b}


def _ruler_moves(row: Row) -> Iterator[Row]:
    """Ruler: a run of consecutive coins ending at a head."""
    for h in row:
        for k in range(1, h + 2):
            yield row ^ frozenset(range(h - k + 1, h + 1))


@lru_cache(maxsize=None)
def longest(row: Row, game: str) -> int:
    moves = {"turning-turtles": _turtle_moves, "mock-turtles": _mock_moves, "ruler": _ruler_moves}[game]
    return max((1 + longest(m, game) for m in moves(row)), default=0)


def fibonacci(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("game, formula", [("turning-turtles", lambda n: n),
                                           ("mock-turtles", lambda n: fibonacci(n + 2) - 1),
                                           ("ruler", lambda n: 2 ** (n - 1))])
def test_exercise_5_5_2_the_longest_game(game: str, formula: Callable[[int], int]) -> None:
    from nim.families import coins

    family = {"turning-turtles": coins.TurningTurtles, "mock-turtles": coins.MockTurtles, "ruler": coins.Ruler}[game]()
    for n in range(1, 11):
        row = "T" * (n - 1) + "H"
        expected = longest(frozenset({n - 1}), game)
        assert expected == formula(n)                       # the docs' answer
        assert family.longest_play(row) == expected
    # a sum lasts its rows' longest plays added; a row too long to walk is refused at once
    assert family.longest_play(["TTH", "TTTH"]) == formula(3) + formula(4)
    with pytest.raises(NimError):
        family.longest_play("T" * 30 + "H")
