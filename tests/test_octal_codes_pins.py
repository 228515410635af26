"""Kayles as a row of pins ("I.IIIII", Ferguson ch. 4) and Rayles (ex. 4.5.9): a row read as the
heaps of its runs, checked against a brute force that knocks pins out of the row itself
(no heaps, no code shared with the package), both conventions, every winning move."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import FrozenSet

import pytest

import nim
from nim import InvalidPositionError
from nim.families.heap_moves import pin_row_heaps

#: How many adjacent pins a move knocks over: Kayles one or two, Dawson's Kayles two.
KNOCKS = {"kayles": (1, 2), "rayles": (1, 2), "dawson-kayles": (2,)}


def canonical(row: str) -> str:
    return ".".join(sorted(run for run in row.split(".") if run))


@lru_cache(maxsize=None)
def rows_after(game: str, row: str) -> FrozenSet[str]:
    found = set()
    for width in KNOCKS[game]:
        for i in range(len(row) - width + 1):
            if row[i:i + width] == "I" * width:
                found.add(canonical(row[:i] + "." * width + row[i + width:]))
    return frozenset(found)


@lru_cache(maxsize=None)
def wins(game: str, row: str, misere: bool) -> bool:
    after = rows_after(game, row)
    if not after:
        return misere
    return any(not wins(game, child, misere) for child in after)


@pytest.mark.parametrize("game", sorted(KNOCKS))
@pytest.mark.parametrize("misere", [False, True])
def test_every_row_of_up_to_nine_places(game: str, misere: bool) -> None:
    rules = ("misere," if misere else "") + game
    for length in range(1, 10):
        for cells in itertools.product("I.", repeat=length):
            row = "".join(cells)
            truth = wins(game, canonical(row), misere)
            solution = nim.solve(row, rules)
            assert (solution.value > 0) == truth, (row, rules)
            heaps = [len(run) for run in row.split(".") if run]
            assert nim.solve(heaps, rules).value == solution.value
            if truth and solution.move is not None:
                move = solution.move
                left = heaps[:move.pile] + heaps[move.pile + 1:]
                rest = heaps[move.pile] - move.count
                left += list(move.split) if move.split else ([rest] if rest else [])
                after = ".".join("I" * n for n in left if n)
                assert canonical(after) in rows_after(game, canonical(row)), (row, move)
                assert not wins(game, canonical(after), misere), (row, rules, move)


def test_dudeney_and_loyd() -> None:
    # Ferguson, exercise 4.5.4: 13 pins, the second knocked down: an N-position
    row = "I.IIIIIIIIIII"
    solution = nim.solve(row, "kayles")
    assert solution.value == 1 and wins("kayles", canonical(row), False)
    assert nim.explain(row, "kayles").text.count("->") >= 2
    assert nim.Rules.parse("rayles") == nim.Rules.parse("kayles")


def test_the_reader() -> None:
    assert pin_row_heaps("I.IIIII") == (1, 5)
    assert pin_row_heaps("...") == ()
    assert pin_row_heaps("I I") is None and pin_row_heaps("") is None and pin_row_heaps("IIx") is None
    with pytest.raises(InvalidPositionError, match="at most"):
        pin_row_heaps("I" * 10_000_001)
    with pytest.raises(InvalidPositionError, match="row of pins"):
        nim.solve("I.IXI", "kayles")


def test_the_command_line() -> None:
    root = Path(__file__).resolve().parent.parent
    env = {"PYTHONPATH": ":".join(sys.path)}
    run = subprocess.run([sys.executable, "-m", "nim", "solve", "I.IIIII", "--rules", "kayles"],
                         capture_output=True, text=True, env=env, cwd=root)
    assert run.returncode == 0 and "position   1 5" in run.stdout, run.stderr
    run = subprocess.run([sys.executable, "-m", "nim", "solve", "I.IXI", "--rules", "kayles"],
                         capture_output=True, text=True, env=env, cwd=root)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, run.stderr
