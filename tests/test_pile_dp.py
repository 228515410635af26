"""The single-pile DP (nim.solving.pile_dp, the definition) and its compiled
accelerators held equal: the theory's tables (closed forms; the `set S` mex DP and
its period) and that mex DP alone (nimcore.theory.set_grundy_table, the fallback of
a set without a period in reach), on many rule sets and sizes; the pile table's two paths agree; the DP itself against
brute force over positions of one pile."""

from __future__ import annotations

from typing import Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hooks import assume_untame
from nim.kernel import set_grundy_table
from reference import brute_force_value
from nim.rules import Rules
from nim.solving import engines
from nim.solving.pile_dp import grundy_values, lone_piles
from nim.solving.tables import pile_table


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    convention = draw(st.sampled_from(["normal", "misere"]))
    take = draw(st.sampled_from(["any", "max", "half", "set"]))
    if take == "max":
        return Rules.parse(f"{convention},max={draw(st.integers(1, 9))}")
    if take == "set":
        members = draw(st.lists(st.integers(1, 14), min_size=1, max_size=4, unique=True))
        return Rules.parse(f"{convention},set={';'.join(map(str, members))}")
    return Rules.parse(convention if take == "any" else f"{convention},half")


@settings(max_examples=150, deadline=None)
@given(rules=rule_sets(), upto=st.integers(0, 260))
def test_the_grundy_column_of_the_dp_and_of_the_core_agree(rules: Rules, upto: int) -> None:
    values = grundy_values(upto, rules)
    assert list(engines.theory(rules).table(upto)) == values
    if rules.take == "set":
        assert set_grundy_table(rules.core, upto) == values
    else:
        with pytest.raises(ValueError, match="set S"):
            set_grundy_table(rules.core, upto)


@settings(max_examples=150, deadline=None)
@given(rules=rule_sets(), upto=st.integers(0, 260))
def test_the_lone_pile_outcomes_of_the_dp_and_of_the_theory_agree(rules: Rules, upto: int) -> None:
    values, takes = lone_piles(upto, rules)
    theory = engines.theory(rules)
    if theory.exact:       # every rule set drawn here: (C) holds for each known one
        c_values, c_grundies, c_takes = theory.single_piles(upto)
        assert (c_values, [tuple(t) for t in c_takes]) == (values, takes)
        assert c_grundies == grundy_values(upto, rules)


@pytest.mark.parametrize("text", ["misere,set=2;3", "misere,set=1;4;7", "misere,max=3", "misere,half", "misere"])
def test_the_pile_table_answers_the_same_by_the_dp_where_the_theory_is_declared_inexact(text: str) -> None:
    upto = 400
    by_theory = pile_table(upto, text)
    with assume_untame(text) as rules:
        assert not engines.has_closed_form(rules)
        assert pile_table(upto, text) == by_theory


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets(), n=st.integers(0, 40))
def test_the_dp_against_brute_force_on_one_pile(rules: Rules, n: int) -> None:
    values, takes = lone_piles(n, rules)
    assert values[n] == brute_force_value([n], rules)
    expected: Tuple[int, ...] = tuple(t for t in sorted(rules.takes(n)) if brute_force_value([n - t], rules) < 0)
    assert takes[n] == expected
