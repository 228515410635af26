"""nimcore.theory (the one theory module) against brute force: Grundy values,
outcomes and winning moves for every take rule, in both conventions."""

import itertools

import pytest

import nim
from nimcore.theory import CoreTheory

import oracles

#: 12+ rule sets in both conventions: every take rule, sets with a gcd > 1 too.
TAKES = ["", ",max=1", ",max=3", ",half", ",set=1;3;4", ",set=2;3", ",set=2;4;6", ",set=3;5",
         ",set=4;6", ",set=1;2;5", ",max=5", ",set=3;7;8"]
RULES = [convention + take for take in TAKES for convention in ("normal", "misere")]
#: Every position of up to 4 piles of up to 10 (as multisets).
POSITIONS = [p for n in range(5) for p in itertools.combinations_with_replacement(range(11), n)]


def _core(rule):
    return CoreTheory(nim.Rules.parse(rule).core)


@pytest.mark.parametrize("rule", RULES)
def test_grundy_values_are_the_mex(rule):
    theory = _core(rule)
    assert [theory.grundy(n) for n in range(400)] == oracles.grundy_sequence(rule, 399)


@pytest.mark.parametrize("rule", RULES)
def test_every_small_position_against_brute_force(rule):
    theory = _core(rule)
    assert theory.tame
    for piles in POSITIONS:
        value, pile, take = theory.solve(list(piles))
        assert value == oracles.value(rule, piles), piles
        if pile < 0:
            assert not list(oracles.moves(rule, piles)), piles
            continue
        assert take in oracles.takes(rule, piles[pile]), piles
        if value > 0:
            child = list(piles)
            child[pile] -= take
            assert oracles.value(rule, child) == -1, (piles, pile, take)
