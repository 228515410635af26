"""Ferguson, Part I, exercise 1.5.4(c)-(d): the subtraction game whose subtraction set is every
power of 2 (``set=powers-of-2``), held to a brute force written from the text's rule alone
(a move removes s chips from one pile, s in {1, 2, 4, 8, ...}), in both conventions."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import lru_cache
from typing import Tuple

import pytest

import nim
from nim.errors import NimError

Heaps = Tuple[int, ...]


def powers_up_to(n: int) -> Tuple[int, ...]:
    """Every power of 2 at most n, written out by doubling."""
    found, s = [], 1
    while s <= n:
        found.append(s)
        s *= 2
    return tuple(found)


def after(heaps: Heaps, i: int, s: int) -> Heaps:
    return tuple(sorted(heaps[:i] + (heaps[i] - s,) + heaps[i + 1:]))


@lru_cache(maxsize=None)
def wins(heaps: Heaps, misere: bool) -> bool:
    """True when the player to move wins (normal: whoever cannot move loses; misère: wins)."""
    moves = [after(heaps, i, s) for i, n in enumerate(heaps) for s in powers_up_to(n)]
    if not moves:
        return misere
    return any(not wins(m, misere) for m in moves)


def test_the_p_positions_are_the_multiples_of_3() -> None:
    lost = [n for n in range(200) if not wins((n,), False)]
    assert lost == list(range(0, 200, 3))                 # exercise (c)'s answer, from the oracle alone
    for n in range(200):
        assert (nim.solve([n], "set=powers-of-2").value < 0) == (n in lost)


def test_exercise_d_who_wins_at_100() -> None:
    # 100 is an N-position: the first player wins, by taking 1, 4, 16 or 64 (leaving a multiple of 3)
    winning = {s for s in powers_up_to(100) if not wins((100 - s,), False)}
    assert winning == {1, 4, 16, 64}
    assert nim.solve([100], "set=powers-of-2").value == 1
    shown = {row.move.count for row in nim.analyze([100], "set=powers-of-2") if row.value > 0}
    assert shown == winning


@pytest.mark.parametrize("misere", [False, True])
def test_every_sum_of_up_to_three_heaps_and_every_move(misere: bool) -> None:
    rules = ("misere," if misere else "normal,") + "set=powers-of-2"
    for heaps in itertools.combinations_with_replacement(range(14), 3):
        position = tuple(n for n in heaps if n) or (0,)
        expected = wins(tuple(sorted(position)), misere)
        assert (nim.solve(list(position), rules).value > 0) == expected, (position, rules)
        if sum(position) <= 20:
            for row in nim.analyze(list(position), rules):
                i, count = row.move.pile, row.move.count
                assert (row.value > 0) == (not wins(after(tuple(position), i, count), misere))


def test_huge_heaps_are_answered_by_the_theory() -> None:
    found = nim.solve([10**40 + 1, 5], "set=powers-of-2")     # values 2 and 2: lost
    assert found.value == -1 and found.method == "theory"
    assert 10**40 % 3 == 1
    assert nim.solve([10**40], "misere,set=powers-of-2").value == -1     # value 1 alone in misère: lost
    won = nim.solve([10**40 + 1], "misere,set=powers-of-2")              # value 2 alone: move to value 1
    count = won.move.count
    assert won.value == 1 and count & (count - 1) == 0 and (10**40 + 1 - count) % 3 == 1


def test_the_rule_string_round_trips_and_bad_spellings_are_refused() -> None:
    assert str(nim.Rules.parse("misere,set=powers-of-2")) == "misere,set=powers-of-2"
    assert str(nim.Rules.parse("set=powers-of-2")) == "normal,set=powers-of-2"
    for bad in ("set=powers-of-3", "set=powers-of-2;3"):
        with pytest.raises(NimError):
            nim.Rules.parse(bad)
    with pytest.raises(NimError):
        nim.solve([-1], "set=powers-of-2")


def test_the_command_line_answers_and_refuses_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "nim", "solve", "[100]", "--rules", "set=powers-of-2"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "+1" in done.stdout and "take 64" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "nim", "solve", "[1.5]", "--rules", "set=powers-of-2"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
