"""Ferguson, Part I, exercise 1.5.6(a) (Chomp), held to a brute force written from the text's
rule alone: a move takes a square with every square to its right and above; whoever takes the
poisoned bottom-left square loses. A shape is its rows' lengths, bottom first."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import nim

Shape = Tuple[int, ...]


def chomps(shape: Shape) -> List[Shape]:
    """Every shape one bite leaves, the poison (row 1, column 1) included as a bite."""
    found = []
    for row, length in enumerate(shape):
        for column in range(length):
            left = tuple(min(n, column) if r >= row else n for r, n in enumerate(shape))
            found.append(tuple(n for n in left if n))
    return found


@lru_cache(maxsize=None)
def wins(shape: Shape) -> bool:
    """True when the player to move wins; eating the poison (leaving nothing) loses at once."""
    return any(bite and not wins(bite) for bite in chomps(shape))


def test_exercise_1_5_6a_the_unique_winning_bite() -> None:
    board: Shape = (8, 8, 8)
    after_first = tuple(min(n, 5) if row >= 1 else n for row, n in enumerate(board))     # eats at (6, 2)
    position = tuple(min(n, 1) if row >= 2 else n for row, n in enumerate(after_first))  # eats at (2, 3)
    assert position == (8, 5, 1) and sum(board) - sum(position) == 6 + 4
    winning = [bite for bite in chomps(position) if bite and not wins(bite)]
    assert winning == [(2, 2, 1)]                                 # the text: the winning move is unique
    solution = nim.solve(list(position), "chomp")
    assert solution.value > 0 and "leaving rows [2, 2, 1]" in str(nim.explain(list(position), "chomp").text)
    assert sum(1 for row in nim.analyze(list(position), "chomp") if row.value > 0) == 1


def test_every_shape_in_a_4_by_4_bar() -> None:
    shapes = {tuple(n for n in rows if n) for rows in itertools.product(range(5), repeat=4)
              if list(rows) == sorted(rows, reverse=True) and rows[0]}
    for shape in sorted(shapes):
        assert (nim.solve(list(shape), "chomp").value > 0) == wins(shape), shape
