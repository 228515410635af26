"""Codes past the octal ones (Ferguson 4.4; Winning Ways ch. 4): a repeating last digit, hexadecimal
digits (bit 8: leave three heaps) and the "unequal heaps" rule, each against a brute force that
reads the code's digits itself (memoised recursion over sorted tuples of heaps, no code shared
with the package): every small position in both conventions, every winning move, the values."""

from __future__ import annotations

import itertools
import threading
from functools import lru_cache
from typing import FrozenSet, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, SearchLimitError
from nim.octal import nim_sequence

Heaps = Tuple[int, ...]
HEX = "0123456789abcdef"


def read(code: str) -> Tuple[List[int], bool]:
    repeating = code.endswith("...")
    whole, _, after = code.rstrip(".").partition(".") if repeating else code.partition(".")
    return [HEX.index(c) for c in (whole + after).lower()], repeating


def splits(rest: int, parts: int, unequal: bool) -> List[Heaps]:
    found = set()
    for cut in itertools.product(range(1, rest + 1), repeat=parts):
        if sum(cut) == rest and (not unequal or len(set(cut)) == parts):
            found.add(tuple(sorted(cut)))
    return sorted(found)


@lru_cache(maxsize=None)
def heap_moves(code: str, unequal: bool, n: int) -> FrozenSet[Heaps]:
    digits, repeating = read(code)
    found = set()
    for k in range(n + 1):
        d = digits[k] if k < len(digits) else (digits[-1] if repeating else 0)
        rest = n - k
        if k and d & 1 and rest == 0:
            found.add(())
        if k and d & 2 and rest > 0:
            found.add((rest,))
        for bit, parts in ((4, 2), (8, 3)):
            if d & bit:
                found.update(splits(rest, parts, unequal))
    return frozenset(found)


@lru_cache(maxsize=None)
def children(code: str, unequal: bool, heaps: Heaps) -> FrozenSet[Heaps]:
    found = set()
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for left in heap_moves(code, unequal, n):
            found.add(tuple(sorted(p for p in rest + left if p)))
    return frozenset(found)


@lru_cache(maxsize=None)
def wins(code: str, unequal: bool, heaps: Heaps, misere: bool) -> bool:
    following = children(code, unequal, heaps)
    if not following:
        return misere
    return any(not wins(code, unequal, child, misere) for child in following)


@lru_cache(maxsize=None)
def mex(code: str, unequal: bool, n: int) -> int:
    seen = set()
    for left in heap_moves(code, unequal, n):
        x = 0
        for part in left:
            x ^= mex(code, unequal, part)
        seen.add(x)
    g = 0
    while g in seen:
        g += 1
    return g


CODES = [("0.333...", False), ("0.777...", False), ("4.0", True), ("0.f", False), ("0.8", False),
         ("0.07", True), ("0.77", True), ("0.677...", False), ("0.f...", False), ("4.7...", False),
         ("c.0", False), ("0.37", True), ("0.4c", False), ("8.0", True), ("0.17...", False)]


def rule(code: str, unequal: bool) -> str:
    return f"octal={code}" + (",unequal" if unequal else "")


@pytest.mark.parametrize("code, unequal", CODES)
def test_the_values_are_the_mex(code: str, unequal: bool) -> None:
    upto = 30
    try:
        values = list(nim_sequence(rule(code, unequal), upto))
    except InvalidRulesError:                   # read as Nim or Rims: their own closed forms
        family = nim.Rules.parse(rule(code, unequal)).family
        values = [family.grundy(n) for n in range(upto)]  # type: ignore[attr-defined]
    assert values == [mex(code, unequal, n) for n in range(upto)]


@pytest.mark.parametrize("code, unequal", CODES)
@pytest.mark.parametrize("misere", [False, True])
def test_every_small_position_and_its_winning_move(code: str, unequal: bool, misere: bool) -> None:
    rules = ("misere," if misere else "") + rule(code, unequal)
    for heaps in [h for k in range(4) for h in itertools.combinations_with_replacement(range(1, 8), k)]:
        truth = wins(code, unequal, heaps, misere)
        solution = nim.solve(list(heaps), rules)
        assert (solution.value > 0) == truth, (heaps, rules)
        move = solution.move
        if move is None or not truth:
            continue
        if hasattr(move, "left"):
            left = tuple(move.left)
        else:                                   # a take-and-break or take rule's Move
            rest = heaps[move.pile] - move.count
            left = tuple(move.split) if move.split else ((rest,) if rest else ())
        after = tuple(sorted(p for p in heaps[:move.pile] + left + heaps[move.pile + 1:] if p))
        assert after in children(code, unequal, heaps), (heaps, rules, move)
        assert not wins(code, unequal, after, misere), (heaps, rules, move)


@pytest.mark.parametrize("code, unequal", CODES)
def test_the_moves_and_their_count(code: str, unequal: bool) -> None:
    family = nim.Rules.parse(rule(code, unequal)).family
    if not hasattr(family, "options"):
        return                                  # read as Nim or Grundy's game: their own moves
    for n in range(25):
        listed = list(family.options(n))
        assert family.option_count(n) == len(listed), (code, n)
        assert {tuple(sorted(left)) for _, left in listed} == set(heap_moves(code, unequal, n)), (code, n)


def test_nim_rims_and_grundys_game_are_read_as_themselves() -> None:
    assert nim.Rules.parse("octal=0.333...") == nim.Rules.parse("normal")
    assert nim.Rules.parse("octal=0.3\u0305") == nim.Rules.parse("normal")
    assert nim.Rules.parse("octal=0.777...") == nim.Rules.parse("rims")
    assert nim.Rules.parse("octal=4.0,unequal") == nim.Rules.parse("grundy-game")
    assert nim.Rules.parse("misere,octal=4,unequal") == nim.Rules.parse("misere,grundy-game")
    assert nim.Rules.parse("octal=0.77") == nim.Rules.parse("kayles")
    assert str(nim.Rules.parse("kayles,unequal")) == "normal,octal=0.77,unequal"
    assert str(nim.Rules.parse("octal=0.f")) == "normal,octal=0.F"
    assert nim.Rules.parse(str(nim.Rules.parse("misere,octal=0.67...,unequal"))) == \
        nim.Rules.parse("misere,octal=0.67...,unequal")
    import copy
    import pickle

    for text in ("octal=0.F", "misere,octal=0.67...,unequal", "kayles,unequal"):
        rules = nim.Rules.parse(text)
        assert pickle.loads(pickle.dumps(rules)) == copy.deepcopy(rules) == rules, text
    assert nim.Rules(octal="0.07,unequal") == nim.Rules.parse("octal=0.07,unequal")
    assert nim.Rules(take="code", octal="0.F") == nim.Rules.parse("octal=0.F")
    # Nim: 0.333... lets a move take any number, so its values are the heaps themselves
    assert all(mex("0.333...", False, n) == n for n in range(40))


def test_bad_codes_are_refused_in_words() -> None:
    for bad in ("octal=0.3...4", "octal=0.G", "octal=1.3", "octal=0.0...", "octal=0.33,equal",
                "octal=3...", "octal=0." + "7" * 65, "octal=0.3\u03053"):
        with pytest.raises(InvalidRulesError):
            nim.Rules.parse(bad)
    with pytest.raises(InvalidPositionError):
        nim.solve([10**6], "octal=0.F")
    with pytest.raises(InvalidPositionError):
        nim.solve([-1], "octal=0.F")


def test_the_table_stops_at_the_limits_and_keeps_its_heaps() -> None:
    from nim.families.code_extensions import ExtendedCode

    rules = "octal=0.ff...,unequal"
    done = threading.Event()
    done.set()
    with pytest.raises(SearchLimitError):
        nim.solve([3000], rules, cancel=done)
    with pytest.raises(SearchLimitError, match="the time limit"):
        nim.solve([3000], rules, time_limit=0.2)
    family = nim.Rules.parse(rules).family
    assert isinstance(family, ExtendedCode)
    kept = len(ExtendedCode._TABLES[(family.digits, family.repeating, family.unequal)].values)
    assert kept > 32                                # the heaps done are kept for the next call


def test_rows_of_pins_and_the_command_line() -> None:
    assert nim.solve("II.IIII", "octal=0.F").value == nim.solve([2, 4], "octal=0.F").value
    from subprocess import run
    import sys

    done = run([sys.executable, "-m", "nim", "solve", "5", "7", "--rules", "octal=0.F..."], capture_output=True,
               text=True, env={"PYTHONPATH": ":".join(sys.path)})
    assert done.returncode == 0 and "octal=0.F..." in done.stdout, done.stderr


def test_fergusons_exercises_4_5_5_and_4_5_6() -> None:
    # 4.5.5: take one or two, or take one and split the rest in two: the octal code 0.73
    assert [mex("0.73", False, n) for n in range(30)] == [n % 4 for n in range(30)]
    assert list(nim_sequence("octal=0.73", 30)) == [n % 4 for n in range(30)]
    # 4.5.6: take a whole pile of one, or two or more and perhaps split the rest: 0.17...,
    # arithmetic-periodic (period 3, saltus 2), not periodic: checked here to heap 3,000
    values = list(nim_sequence("octal=0.17...", 3000))
    assert values[:40] == [mex("0.17...", False, n) for n in range(40)]
    assert all(values[n + 3] == values[n] + 2 for n in range(2, 2997))      # from heap 2 on
