"""The theory written once over Python integers (nim.solving.closed_forms.ClosedForms,
the definition) and its compiled accelerator (nimcore.theory.CoreTheory) held equal
on many rule sets and positions that fit 64 bits; past them the compiled theory
refuses (OverflowError) and nim's Theory answers by the closed forms."""

from __future__ import annotations

from typing import List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nim.kernel import CoreTheory
from nim.rules import Rules
from nim.solving.closed_forms import ClosedForms, Theory


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    convention = draw(st.sampled_from(["normal", "misere"]))
    take = draw(st.sampled_from(["any", "max", "half", "set"]))
    if take == "max":
        return Rules.parse(f"{convention},max={draw(st.integers(1, 9) | st.integers(1, 2**32 - 2))}")
    if take == "set":
        scale = draw(st.sampled_from([1, 1, 2, 3, 7]))
        members = draw(st.lists(st.integers(1, 30), min_size=1, max_size=5, unique=True))
        return Rules.parse(f"{convention},set={';'.join(str(m * scale) for m in members)}")
    return Rules.parse(convention if take == "any" else f"{convention},half")


#: pile sizes the compiled theory takes: small ones (the search's), and up to 2**63 - 1
PILES = st.integers(0, 60) | st.integers(0, 2**63 - 1) | st.sampled_from([2**63 - 1, 2**62, 2**32 - 1, 2**32])


def _both(rules: Rules) -> tuple[ClosedForms, CoreTheory]:
    core = CoreTheory(rules.core)
    return ClosedForms(rules, core.reduced_table(), core.period_start, core.period), core


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets(), piles=st.lists(PILES, max_size=8))
def test_the_closed_forms_and_the_compiled_theory_agree(rules: Rules, piles: List[int]) -> None:
    forms, core = _both(rules)
    assert forms.grundies(piles) == core.grundies(piles)
    assert forms.summary(piles) == core.summary(piles)
    assert forms.value(piles) == core.value(piles)
    assert forms.solve(piles) == core.solve(piles)
    x, big, ones = forms.summary(piles)
    assert forms.outcome(x, big) == core.outcome(x, big)
    for pile in piles:
        g = forms.grundy(pile)
        assert forms.target(g, x, big, ones) == core.target(g, x, big, ones)


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets(), pile=PILES, target=st.integers(0, 70) | st.integers(0, 2**64 - 1))
def test_options_agree(rules: Rules, pile: int, target: int) -> None:
    forms, core = _both(rules)
    g = forms.grundy(pile)
    for wanted in {target, g, max(g - 1, 0), g // 2, target % (g + 1)}:
        assert forms.option(pile, wanted) == core.option(pile, wanted), (pile, wanted)


@pytest.mark.parametrize("text", ["normal", "misere,max=3", "misere,half", "normal,set=2;4;6", "misere,set=1;3;4"])
def test_past_64_bits_the_compiled_theory_refuses_and_theory_answers_by_the_closed_forms(text: str) -> None:
    rules = Rules.parse(text)
    core = CoreTheory(rules.core)
    theory = Theory(rules, core)
    piles = [2**70 + 3, 2**64, 5, 2**64 - 1]
    for call in (lambda: core.grundy(2**64), lambda: core.summary(piles), lambda: core.solve(piles),
                 lambda: core.grundies(piles), lambda: core.option(2**64, 1), lambda: core.outcome(2**64, 1)):
        with pytest.raises(OverflowError):
            call()
    forms = theory.forms
    assert theory.solve(piles) == forms.solve(piles) and theory.summary(piles) == forms.summary(piles)
    assert theory.grundy(2**200) == forms.grundy(2**200)
    # past 64 bits a pile's value repeats with the rule's period, as a small pile's
    if rules.take == "max":
        assert rules.k is not None
        period, start = rules.k + 1, 0
    elif rules.take == "set":
        period, start = core.period * core.scale, core.period_start * core.scale
    else:
        return
    for n in range(start, start + 40):
        assert theory.grundy(n + period * 2**70) == core.grundy(n), n
