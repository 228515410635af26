"""nimcore.theory's Grundy values against the tests' own mex, for every take rule
(positions and moves: tests/test_theory_auto.py, through nim.solve)."""

import random

import pytest

import nim
from nimcore.theory import CoreTheory

import oracles

#: 12+ rule sets in both conventions: every take rule, sets with a gcd > 1 too.
TAKES = ["", ",max=1", ",max=3", ",half", ",set=1;3;4", ",set=2;3", ",set=2;4;6", ",set=3;5",
         ",set=4;6", ",set=1;2;5", ",max=5", ",set=3;7;8"]
RULES = [convention + take for take in TAKES for convention in ("normal", "misere")]


def _core(rule):
    return CoreTheory(nim.Rules.parse(rule).core)


@pytest.mark.parametrize("rule", RULES)
def test_grundy_values_are_the_mex(rule):
    theory = _core(rule)
    assert [theory.grundy(n) for n in range(400)] == oracles.grundy_sequence(rule, 399)


def test_random_sets_with_larger_members():
    """Periods found (and (C) decided) for sets of up to 8 members up to 100: the values
    read through the period agree with the tests' own mex far past it."""
    rng = random.Random(10)
    for _ in range(30):
        members = sorted(rng.sample(range(1, 101), rng.randint(1, 8)))
        rule = "misere,set=" + ";".join(map(str, members))
        theory = _core(rule)
        expected = oracles.grundy_sequence(rule, 4000)
        assert [theory.grundy(n) for n in range(4001)] == expected, members
        assert theory.period >= 1
        movable_zero = [n for n in range(min(members), 4001) if expected[n] == 0]
        holds = all(any(s <= n and expected[n - s] == 1 for s in members) for n in movable_zero)
        assert theory.tame == holds, members
