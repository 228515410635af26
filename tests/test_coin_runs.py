"""Ruler and Rugs winning moves said as a run (first and last coin) or a rectangle (its corners)
when long, and past the size a row or grid is made at, refused with the move in words (issue 41).
Checked against brute forces written here: the mex over every run / rectangle, sharing no code
with the family."""

import functools
import json
import pickle
import re
import subprocess
import sys
from itertools import product
from typing import FrozenSet, Set, Tuple

import pytest

import nim
import nim.families.coins as coins
from nim.errors import MoveTooLargeError, NimError

Cell = Tuple[int, int]


@functools.lru_cache(maxsize=None)
def ruler_row(heads: FrozenSet[int]) -> int:
    """A Ruler row's Grundy value: the mex over every run ending at a head (coins from 1)."""
    seen = set()
    for n in heads:
        for first in range(1, n + 1):
            seen.add(ruler_row(heads ^ frozenset(range(first, n + 1))))
    return next(v for v in range(len(seen) + 1) if v not in seen)


@functools.lru_cache(maxsize=None)
def ruler_head(n: int) -> int:
    """A single head's value at n: the mex over the runs ending at n of their other coins' values."""
    seen, v = {0}, 0
    for first in range(n - 1, 0, -1):
        v ^= ruler_head(first)
        seen.add(v)
    return next(w for w in range(len(seen) + 1) if w not in seen)


def ruler_value(heads: FrozenSet[int]) -> int:
    """A row of any length by the sum theorem over ``ruler_head`` (checked against ``ruler_row``)."""
    v = 0
    for n in heads:
        v ^= ruler_head(n)
    return v


@functools.lru_cache(maxsize=None)
def rugs_head(x: int, y: int) -> int:
    """A Rugs head's value: the mex over every rectangle with south-east corner (x, y) of the
    XOR of its other coins' values (the sum theorem), coins from (1, 1)."""
    seen = set()
    for a in range(1, x + 1):
        for b in range(1, y + 1):
            v = 0
            for cell in product(range(a, x + 1), range(b, y + 1)):
                if cell != (x, y):
                    v ^= rugs_head(*cell)
            seen.add(v)
    return next(v for v in range(len(seen) + 1) if v not in seen)


def rugs_value(heads: Set[Cell]) -> int:
    v = 0
    for cell in heads:
        v ^= rugs_head(*cell)
    return v


def said_run(words: str) -> Tuple[int, int]:
    found = re.search(r"the ([\d,]+) coins from ([\d,]+) to ([\d,]+)", words)
    assert found is not None, words
    count, first, last = (int(g.replace(",", "")) for g in found.groups())
    assert count == last - first + 1
    return first, last


def said_rectangle(words: str) -> Tuple[Cell, Cell]:
    found = re.search(r"rectangle from \(([\d,]+), ([\d,]+)\) to \(([\d,]+), ([\d,]+)\)", words)
    assert found is not None, words
    x0, y0, x1, y1 = (int(g.replace(",", "")) for g in found.groups())
    return (x0, y0), (x1, y1)


def test_ruler_moves_said_as_runs_are_the_brute_forces_winning_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coins, "LISTED_COINS", 1)           # every run of 2 or more by its ends
    said = 0
    for mask in range(1, 1 << 9):
        heads = frozenset(n for n in range(1, 10) if mask >> (n - 1) & 1)
        found = nim.solve([sorted(heads)], "ruler")
        assert found.value == (1 if ruler_row(heads) else -1)
        if found.value < 0:
            continue
        text = nim.explain([sorted(heads)], "ruler").text
        (after,) = found.move.left or ((),)
        turned = heads ^ frozenset(after)
        assert ruler_row(frozenset(after)) == 0 and ruler_value(heads) == ruler_row(heads)
        if len(turned) > 1:
            first, last = said_run(text.splitlines()[-1])
            assert turned == frozenset(range(first, last + 1)), (heads, text)
            said += 1
    assert said > 50


def test_rugs_moves_said_as_rectangles_are_the_brute_forces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coins, "LISTED_COINS", 1)
    said = 0
    cells = list(product(range(1, 4), range(1, 4)))
    for mask in range(1, 1 << 9):
        heads = {c for i, c in enumerate(cells) if mask >> i & 1}
        position = [[list(c) for c in sorted(heads)]]
        found = nim.solve(position, "rugs")
        assert found.value == (1 if rugs_value(heads) else -1)
        if found.value < 0:
            continue
        (after,) = found.move.left or ((),)
        turned = heads ^ set(after)
        assert rugs_value(set(after)) == 0
        if len(turned) > 1:
            words = nim.explain(position, "rugs").text.splitlines()[-1]
            (x0, y0), (x1, y1) = said_rectangle(words)
            assert turned == set(product(range(x0, x1 + 1), range(y0, y1 + 1))), (heads, words)
            said += 1
    assert said > 30


def test_a_run_past_the_bound_is_said_and_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coins, "MAX_ROW", 10)
    refused = 0
    for heads in ([8, 16], [3, 16], [4, 12, 16], [2, 8, 15, 16], [16, 32], [5, 24, 32]):
        if ruler_value(frozenset(heads)) == 0:
            continue
        try:
            found = nim.solve([heads], "ruler")
        except NimError as error:
            assert "the row it leaves is not made" in str(error)
            first, last = said_run(str(error))
            assert last - first + 1 > 10 and last in heads
            assert ruler_value(frozenset(heads) ^ frozenset(range(first, last + 1))) == 0, heads
            refused += 1
        else:                                 # a short winning run: answered as before
            (after,) = found.move.left or ((),)
            assert len(frozenset(heads) ^ frozenset(after)) <= 10 and ruler_value(frozenset(after)) == 0
    assert refused >= 3


def test_a_rectangle_past_the_bound_is_said_and_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coins, "MAX_ROW", 4)
    refused_some = 0
    for heads in ({(2, 4), (4, 4)}, {(4, 4), (1, 2)}, {(4, 2), (2, 4), (3, 3)}, {(4, 4)} | {(2, 2)}):
        if rugs_value(heads) == 0:
            continue
        try:
            nim.solve([[list(c) for c in sorted(heads)]], "rugs")
            continue
        except NimError as error:
            words = str(error)
        assert "the grid it leaves is not made" in words
        (x0, y0), (x1, y1) = said_rectangle(words)
        assert (x1, y1) in heads
        assert rugs_value(heads ^ set(product(range(x0, x1 + 1), range(y0, y1 + 1)))) == 0, (heads, words)
        refused_some += 1
    assert refused_some >= 2


def test_the_command_line_answers_with_the_long_run_in_words() -> None:
    """The position is won and its move known: ``nimcore solve`` answers (exit 0) with the run in
    words and says why the row after it is not made; --json carries the same words."""
    command = [sys.executable, "-m", "nim", "solve", "--rules", "ruler", "[[2097152, 4194304]]"]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "value      +1: the player to move wins" in done.stdout
    assert ("best move  turn over the 4,194,304 coins from 1 to 4,194,304 (the last from heads to tails); "
            "the row it leaves is not made") in done.stdout
    done = subprocess.run(command + ["--json"], capture_output=True, text=True)
    answer = json.loads(done.stdout)
    assert answer["value"] == 1 and answer["move"] is None
    assert said_run(answer["move_words"]) == (1, 4194304) and "not made" in answer["move_not_made"]


def test_explain_names_the_row_of_a_long_run_in_a_sum(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a sum of rows, explain's winning move names the row it is made on (counted from 1), and
    the run it names brings the whole sum to 0 by the brute force."""
    monkeypatch.setattr(coins, "MAX_ROW", 10)
    said = 0
    for rows in ([[3], [8, 16]], [[5], [2], [16, 32]], [[1, 2], [4, 12, 16]], [[16], [6], [1]]):
        total = 0
        for row in rows:
            total ^= ruler_value(frozenset(row))
        if total == 0:
            continue
        try:
            nim.solve(rows, "ruler")
        except MoveTooLargeError as large:
            last_line = nim.explain(rows, "ruler").text.splitlines()[-1]
            assert large.component is not None and large.component_words == f"coin row {large.component + 1}"
            assert last_line.startswith(f"Winning move: coin row {large.component + 1}: turn over the ")
            first, last = said_run(last_line)
            moved = frozenset(rows[large.component]) ^ frozenset(range(first, last + 1))
            rest = [frozenset(row) for i, row in enumerate(rows) if i != large.component]
            value = ruler_value(moved)
            for row in rest:
                value ^= ruler_value(row)
            assert value == 0, (rows, last_line)
            said += 1
    assert said >= 2


def test_the_long_run_error_travels_whole() -> None:
    """Pickled (a worker process's error comes back this way), the error keeps its run and row."""
    try:
        nim.solve([[3], [2**20, 2**21]], "ruler")
    except coins.LongRunError as large:
        again = pickle.loads(pickle.dumps(large))
        assert isinstance(again, coins.LongRunError) and str(again) == str(large)
        assert (again.first, again.last, again.component, again.component_words) == \
            (large.first, large.last, 1, "coin row 2")
    else:
        raise AssertionError("the run of 2,097,151 coins was made")
