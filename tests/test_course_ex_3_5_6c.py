"""Exercise 3.5.6(c) of Ferguson's Part I: Two-dimensional Nim with adding.

The oracle is the text's rule played on a finite board (columns < W, rows < H) with at most K
counters placed by one move (the moved counter and those added), K at least the number of
squares: a memoised recursion over count vectors, no package code. Its recursion ending is the
text's answer (the game ends); the package's theorem (lost exactly when every square but the
corner holds an even number of counters) must agree with it on every small position, both
conventions, and every winning move it gives must be legal and lead to a lost position.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Dict, List, Tuple

import pytest

import nim
from nim.errors import NimError

Square = Tuple[int, int]
RULES = "two-dimensional-nim,adding"


def _board(width: int, height: int) -> List[Square]:
    """The squares other than the corner, in the order (row, column)."""
    return [(x, y) for y in range(height) for x in range(width) if (x, y) != (0, 0)]


def _oracle(width: int, height: int, cap: int) -> Tuple[object, object, object]:
    squares = _board(width, height)
    index: Dict[Square, int] = {s: i for i, s in enumerate(squares)}

    @lru_cache(maxsize=None)
    def followers(counts: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        out = set()
        for i, (x, y) in enumerate(squares):
            if not counts[i]:
                continue
            # the text: move the counter left on its row or to any lower row, and add counters to
            # the left of it on its row or on any lower row (the corner (0, 0) counts as no square)
            targets = [(a, b) for (a, b) in [(0, 0)] + squares if b < y or (b == y and a < x)]
            for size in range(1, cap + 1):
                for placed in itertools.combinations_with_replacement(targets, size):
                    new = list(counts)
                    new[i] -= 1
                    for s in placed:
                        if s != (0, 0):
                            new[index[s]] += 1
                    out.add(tuple(new))
        return sorted(out)

    @lru_cache(maxsize=None)
    def wins(counts: Tuple[int, ...], misere: bool) -> bool:
        options = followers(counts)
        if not options:
            return misere
        return any(not wins(o, misere) for o in options)

    @lru_cache(maxsize=None)
    def grundy(counts: Tuple[int, ...]) -> int:
        seen = {grundy(o) for o in followers(counts)}
        return next(g for g in itertools.count() if g not in seen)

    def position(counts: Tuple[int, ...]) -> List[List[int]]:
        return [list(s) for s, n in zip(squares, counts) for _ in range(n)]

    return wins, grundy, (squares, index, followers, position)


def _starts(n_squares: int, most: int) -> List[Tuple[int, ...]]:
    return [c for c in itertools.product(range(most + 1), repeat=n_squares) if sum(c) <= most]


@pytest.mark.parametrize("width,height,most", [(4, 1, 4), (2, 2, 4)])
@pytest.mark.parametrize("misere", [False, True])
def test_outcomes_and_winning_moves_match_the_brute_force(width: int, height: int, most: int, misere: bool) -> None:
    cap = width * height
    wins, _, (squares, index, followers, position) = _oracle(width, height, cap)
    rules = ("misere," if misere else "") + RULES
    checked = 0
    for counts in _starts(len(squares), most):
        expected = wins(counts, misere)
        solution = nim.solve(position(counts), rules)
        assert (solution.value > 0) == expected, (counts, misere)
        if expected and followers(counts):      # (no move at all: a misère win without a move)
            left = solution.move.left[0]
            after = [0] * len(squares)
            for s in left:
                after[index[s]] += 1
            assert tuple(after) in followers(counts), (counts, left)       # legal by the text's rule
            assert not wins(tuple(after), misere), (counts, left)           # and winning
        checked += 1
    assert checked > 10


def test_row_zero_values_are_powers_of_two() -> None:
    width = 4
    _, grundy, (squares, _, _, position) = _oracle(width, 1, width - 1)
    family = nim.Rules.parse(RULES).family
    for counts in _starts(len(squares), 3):
        board = family.read_component(position(counts))
        assert family.grundy(board) == grundy(counts), counts
    # a counter on column x alone: 2**(x - 1)
    assert [grundy(tuple(int(i == x) for i in range(width - 1))) for x in range(width - 1)] == [1, 2, 4]


def test_the_game_ends_but_has_no_bound_on_its_length() -> None:
    """Part (c)'s question: every play ends (the oracle's recursion terminates on a cap as large
    as we like), yet one counter on (2, 0) lasts 1 + k moves when it becomes k counters on (1, 0)."""
    for cap in (2, 5, 8):
        wins, _, (squares, index, followers, _) = _oracle(3, 1, cap)
        start = tuple(int(s == (2, 0)) for s in squares)
        assert wins(start, False)
        longest = max(o[index[(1, 0)]] for o in followers(start)) + 1
        assert longest == cap + 1


def test_rule_strings_and_words() -> None:
    assert str(nim.Rules.parse(RULES)) == "normal,two-dimensional-nim,adding"
    assert nim.Rules.parse("two-dimensional-nim-adding") == nim.Rules.parse(RULES)
    assert nim.Rules.parse("two-dimensional-nim") != nim.Rules.parse(RULES)
    words = str(nim.explain([[2, 1], [3, 0], [3, 0], [1, 0]], RULES))
    assert "finite number of moves" in words and "even number of counters" in words
    with pytest.raises(nim.errors.InvalidRulesError):
        nim.Rules.parse("two-dimensional-nim,adding=3")


def test_huge_and_bad_positions() -> None:
    big = [[10**200, 3], [5, 10**100]]
    assert nim.solve(big, RULES).value > 0
    assert nim.solve(big + big, RULES).value < 0
    with pytest.raises(nim.errors.InvalidPositionError):
        nim.solve([[1, -1]], RULES)
    with pytest.raises(NimError):
        nim.analyze([[2, 1]], RULES)        # infinitely many moves: refused in words


def test_typed_moves_with_adding_are_read_back_and_checked_against_the_rule() -> None:
    from nim.errors import IllegalMoveError
    from nim.families.play import play_hooks

    family = nim.Rules.parse(RULES).family
    hooks = play_hooks(family)
    board = family.read_component([[3, 1], [2, 0]])
    count = 0
    for option in hooks.some_options(family, board) + [family.winning_option(board)]:
        assert option is not None
        move = (0, option[0], option[1])
        typed = hooks.typed(family, (board,), nim.solving.components.ComponentMove(0, option[0], option[1]))
        assert hooks.parse(family, (board,), typed) == move
        count += 1
    assert count > 10
    _, put, left = hooks.parse(family, (board,), "take 3,1 put 2,1 1,0 1,0")
    assert put == 3 and left == (((1, 0), (1, 0), (2, 0), (2, 1)),)
    for bad in ("take 2,0 put 3,0", "take 3,1 put 4,1", "take 3,1 put 3,1", "take 1,1 put 0,0", "take 3,1"):
        with pytest.raises(IllegalMoveError):
            hooks.parse(family, (board,), bad)
