"""Every built-in take-rule family through the conformance suite (tests/conformance.py)."""

from __future__ import annotations

from typing import Callable

import pytest

from conformance import TAKE_BREAK_CHECKS, FamilyCase, TakeBreakCase, by_name

CASES = [
    FamilyCase("normal", lambda n: range(1, n + 1), False),
    FamilyCase("misere", lambda n: range(1, n + 1), True),
    FamilyCase("normal,max=3", lambda n: range(1, min(3, n) + 1), False),
    FamilyCase("misere,max=2", lambda n: range(1, min(2, n) + 1), True),
    FamilyCase("normal,half", lambda n: range(1, n // 2 + 1), False),
    FamilyCase("misere,half", lambda n: range(1, n // 2 + 1), True),
    FamilyCase("normal,set=1;3;4", lambda n: [s for s in (1, 3, 4) if s <= n], False),
    FamilyCase("misere,set=1;2;5", lambda n: [s for s in (1, 2, 5) if s <= n], True),
]


@pytest.mark.parametrize("case", CASES, ids=str)
@pytest.mark.parametrize("check", by_name())
def test_every_family_passes_every_layer(case: FamilyCase, check: Callable[[FamilyCase], None]) -> None:
    check(case)


TAKE_BREAK_CASES = [
    TakeBreakCase("kayles", "0.77", False),
    TakeBreakCase("misere,kayles", "0.77", True),
    TakeBreakCase("dawson-kayles", "0.07", False),
    TakeBreakCase("misere,octal=0.137", "0.137", True),
    TakeBreakCase("grundy-game", "grundy-game", False),
    TakeBreakCase("misere,grundy-game", "grundy-game", True),
]


@pytest.mark.parametrize("case", TAKE_BREAK_CASES, ids=str)
@pytest.mark.parametrize("check", by_name(TAKE_BREAK_CHECKS))
def test_every_take_and_break_family_passes_every_layer(case: TakeBreakCase,
                                                        check: Callable[[TakeBreakCase], None]) -> None:
    check(case)
