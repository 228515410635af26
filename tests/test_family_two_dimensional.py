"""Two-dimensional Nim (Ferguson, Part I, exercise 3.5.6: a counter moves "any number of squares
to the left on the same row, or ... to any square whatever on any lower row"), held to a brute
force written from the rules alone on a board 4 columns wide and 3 rows high (memoised recursion over sorted
counters): on a board 2**k wide a square is worth 2**k * y + x, and the P-positions are those of
the quarter-infinite board, omega * y + x: both XORs 0. Both conventions, every winning move."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, NimError

WIDTH, HEIGHT = 4, 3
Square = Tuple[int, int]
Board = Tuple[Square, ...]


def moves(board: Board) -> List[Board]:
    found = set()
    for i, (x, y) in enumerate(board):
        targets = [(a, y) for a in range(x)] + [(a, b) for b in range(y) for a in range(WIDTH)]
        for to in targets:
            found.add(tuple(sorted(s for s in board[:i] + (to,) + board[i + 1:] if s != (0, 0))))
    return sorted(found)


@lru_cache(maxsize=None)
def wins(board: Board, misere: bool) -> bool:
    children = moves(board)
    if not children:
        return misere
    return any(not wins(child, misere) for child in children)


SQUARES = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if (x, y) != (0, 0)]
BOARDS = [tuple(sorted(b)) for k in range(0, 4) for b in itertools.combinations_with_replacement(SQUARES, k)]


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_board_against_the_brute_force(misere: bool) -> None:
    rule = ("misere," if misere else "") + "two-dimensional-nim"
    for board in BOARDS:
        truth = wins(board, misere)
        if not misere:
            x = y = 0
            for column, row in board:
                x, y = x ^ column, y ^ row
            assert truth == ((x, y) != (0, 0)), board            # omega * Y + X is 0 exactly when both are
        solution = nim.solve([list(s) for s in board], rule)
        assert (solution.value > 0) == truth, (board, rule)
        if truth and solution.move is not None:
            after = solution.move.left[0]
            assert after in moves(board) and not wins(after, misere), (board, after)
        if all(row == 0 for _, row in board):                  # the bottom row: finitely many moves
            rows = nim.analyze([list(s) for s in board], rule)
            assert sorted(r.move.left[0] for r in rows) == moves(board)


def test_large_boards_and_explain() -> None:
    board = [[10**30, 7], [5, 10**20], [3, 10**20 ^ 7]]
    solution = nim.solve(board, "two-dimensional-nim")
    assert solution.method == "theory" and solution.value == 1
    after = solution.move.left[0]
    x = y = 0
    for column, row in after:
        x, y = x ^ column, y ^ row
    assert (x, y) == (0, 0)
    text = nim.explain([[3, 1], [1, 2], [2, 2]], "two-dimensional-nim").text
    assert "omega*y + x" in text and "[3, 1] -> omega + 3" in text and "nim-sum is omega" in text


def test_bad_input_and_refusals_in_words() -> None:
    for bad, words in [([[1, -1]], "negative"), ([[1, 2, 3]], "pair"), ("1 2", "list of its counters"),
                       ([[1.5, 0]], "whole number"), ([[10**5000, 1]], "4,300")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "two-dimensional-nim")
    with pytest.raises(NimError, match="infinite ordinal"):
        nim.solve([["two-dimensional-nim", [[1, 1]]], ["any", [3]]], "sum")
    with pytest.raises(NimError, match="more than analyze lists"):
        nim.analyze([[1, 1]], "two-dimensional-nim")
