"""The plug-in point proven by use: a family registered in tests/toy_family.py passes the
whole conformance suite, and a family that lacks a hook is refused when registered."""

from __future__ import annotations

from typing import Callable, ClassVar, Optional

import pytest

import nim
from conformance import FamilyCase, by_name
from nim import InvalidRulesError, Rules
from nim.families import FAMILIES, TakeFamily, register_family
from toy_family import POWERS, TakePowerOfTwo


def powers_upto(n: int) -> list[int]:
    """The takes, from the rule's words alone."""
    found, p = [], 1
    while p <= n and p <= 2**31:
        found.append(p)
        p *= 2
    return found


CASES = [FamilyCase("normal,pow2", powers_upto, False), FamilyCase("misere,pow2", powers_upto, True)]


@pytest.mark.parametrize("case", CASES, ids=str)
@pytest.mark.parametrize("check", by_name())
def test_the_toy_family_passes_every_layer(case: FamilyCase, check: Callable[[FamilyCase], None]) -> None:
    check(case)


def test_the_toy_family_reads_and_prints_and_pickles() -> None:
    import pickle

    rules = Rules.parse("misere,pow2")
    assert rules.family == TakePowerOfTwo() and rules.take == "pow2" and str(rules) == "misere,pow2"
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert Rules(take="pow2") == Rules.parse("normal,pow2")
    assert nim.solve([2**40 + 1], "normal,pow2").value == 1     # past 64 bits: the closed form
    assert nim.solve([3 * 2**70], "normal,pow2").value == -1


def test_a_family_without_every_hook_is_refused_when_registered() -> None:
    class Incomplete(TakeFamily):
        tag: ClassVar[str] = "incomplete"
        syntax: ClassVar[str] = "incomplete"
        core_tag: ClassVar[str] = "set"

        @classmethod
        def parse_option(cls, name: str, value: str, text: str) -> Optional[TakeFamily]:
            return None

    with pytest.raises(InvalidRulesError, match="lacks the hooks: .*takes"):
        register_family(Incomplete)
    assert "incomplete" not in FAMILIES


def test_a_taken_tag_and_a_tag_without_a_compiled_loop_are_refused() -> None:
    class Twin(TakePowerOfTwo):
        pass

    with pytest.raises(InvalidRulesError, match="taken by TakePowerOfTwo"):
        register_family(Twin)

    class Uncompiled(TakePowerOfTwo):
        tag: ClassVar[str] = "uncompiled"
        core_tag: ClassVar[str] = "fibonacci"

    with pytest.raises(InvalidRulesError, match="no loop for tag 'fibonacci'"):
        register_family(Uncompiled)
    assert "uncompiled" not in FAMILIES


def test_an_unknown_tag_in_the_keyword_form_is_an_error_not_another_rule() -> None:
    with pytest.raises(InvalidRulesError, match="unknown take rule 'fibonacci'"):
        Rules(take="fibonacci")
    assert len(POWERS) == 32


def test_the_core_refuses_a_dispatch_table_that_misses_a_rule() -> None:
    from nimcore.rules import check_dispatch

    check_dispatch((0, 1, 2, 3), "test")
    with pytest.raises(ImportError, match="a rule without a compiled loop"):
        check_dispatch((0, 1, 2), "test")


def test_a_family_member_changes_convention_and_nothing_else() -> None:
    assert Rules.of(TakePowerOfTwo(), misere=True).with_convention(False) == Rules.parse("normal,pow2")
