"""SOS (Ferguson, Part I, 1.5, exercises): win, draw or loss for the player to move, held to a
brute force written from the rules alone (plain memoised negamax over the row, no pruning, no
mirror images): every row of up to 7 squares, both conventions (misère: completing SOS loses),
every move; the text's questions n = 4 after an S in the first square, and n = 7."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List

import pytest

import nim
from nim import InvalidPositionError, NimError


def moves(row: str) -> List[str]:
    if "SOS" in row:
        return []
    return [row[:i] + c + row[i + 1:] for i, s in enumerate(row) if s == "-" for c in "SO"]


@lru_cache(maxsize=None)
def outcome(row: str, misere: bool) -> int:
    """+1 / 0 / -1 for the player to move."""
    if "SOS" in row:
        return 1 if misere else -1          # the previous player completed it
    children = moves(row)
    if not children:
        return 0                            # full, no SOS
    return max(-outcome(child, misere) for child in children)


ROWS = ["".join(cells) for n in range(1, 8) for cells in itertools.product("SO-", repeat=n)]


@pytest.mark.parametrize("misere", [False, True])
def test_every_row_of_up_to_7_squares_against_the_brute_force(misere: bool) -> None:
    rule = ("misere," if misere else "") + "sos"
    for row in ROWS:
        truth = outcome(row, misere)
        solution = nim.solve(row, rule)
        assert solution.value == truth, (row, rule)
        if solution.move is not None and truth >= 0 and moves(row):
            after = solution.move.left[0]
            assert after in moves(row) and -outcome(after, misere) == truth, (row, after)
        if row.count("-") <= 3:
            rows = nim.analyze(row, rule)
            assert sorted(r.move.left[0] for r in rows) == sorted(moves(row))
            for r in rows:
                assert r.value == -outcome(r.move.left[0], misere)


def test_the_texts_questions() -> None:
    assert nim.solve("S---", "sos").value == 1            # n = 4, S in the first square: the second player wins
    assert nim.solve("S---", "sos").move.left[0] == "S--S"
    assert nim.solve(7, "sos").value == 1                 # n = 7: the first player wins
    assert nim.solve("-" * 6, "sos").value == 0
    text = nim.explain("SOOS", "sos").text
    assert "full without an SOS: a draw" in text and "draws" in text


def test_bad_input_and_refusals_in_words() -> None:
    for bad, words in [("SOX", "S, O and -"), (12, "1 to 11"), ("-" * 12, "at most 11"), ([1, 2], "a row such as"),
                       (0, "1 to 11"), ("", "S, O and -")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "sos")
    with pytest.raises(NimError, match="no Grundy value"):
        nim.solve([["sos", "S---"], ["any", [1]]], "sum")


def test_all_moves_counts_the_drawing_moves_apart() -> None:
    """``nimcore solve ROW --rules sos --all-moves``: each move's outcome by the brute force,
    and the count line says how many win, draw and lose."""
    import subprocess
    import sys

    row = "S----"
    done = subprocess.run([sys.executable, "-m", "nim", "solve", row, "--rules", "sos", "--all-moves"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    after = [-outcome(m, False) for m in moves(row)]
    counts = [after.count(v) for v in (1, 0, -1)]
    assert counts[1] > 0
    assert done.stdout.splitlines()[-1] == (f"{len(after)} moves, {counts[0]} winning, {counts[1]} drawing, "
                                            f"{counts[2]} losing")
    listed = done.stdout.splitlines()[-1 - len(after):-1]
    assert sum("draws" in line for line in listed) == counts[1]
