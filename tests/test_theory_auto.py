"""`auto` answers every rule set by the theory, checked against independent
oracles: brute force (tests/oracles.py), the `tt` search, and the legality of
moves on huge positions. Where condition (C) fails (declared so here: no rule
set is known to break it), `auto` falls back to `tt` and says so."""

import itertools
import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
import nimcore.theory
from hooks import assume_untame
from nim.solving.closed_forms import Theory
from nim.solving.pile_dp import lone_piles
from nimcore.theory import CoreTheory

import oracles

TAKES = ["", ",max=1", ",max=3", ",half", ",set=1;3;4", ",set=2;3", ",set=2;4;6", ",set=3;5",
         ",set=4;6", ",set=1;2;5", ",max=5", ",set=3;7;8"]
RULES = [convention + take for take in TAKES for convention in ("normal", "misere")]
#: Every position of up to 4 piles of up to 10, in every order for 2 piles
#: (the move's pile index is checked) and as multisets beyond.
POSITIONS = ([p for n in range(3) for p in itertools.product(range(11), repeat=n)]
             + [p for n in (3, 4) for p in itertools.combinations_with_replacement(range(11), n)])


def _after(piles, move):
    child = list(piles)
    child[move.pile] -= move.count
    return child


@pytest.mark.parametrize("rule", RULES)
def test_auto_is_the_theory_and_exact_on_every_small_position(rule):
    for piles in POSITIONS:
        solution = nim.solve(list(piles), rule)
        assert solution.method == "theory" and solution.nodes == 0
        assert solution.value == oracles.value(rule, piles), piles
        if solution.move is None:
            assert not list(oracles.moves(rule, tuple(piles))), piles
            continue
        assert solution.move.count in oracles.takes(rule, piles[solution.move.pile]), piles
        if solution.value > 0:
            assert oracles.value(rule, _after(piles, solution.move)) == -1, (piles, solution.move)


@pytest.mark.parametrize("rule", ["misere,max=3", "misere,half", "misere,set=1;3;4",
                                  "misere,set=2;5;7", "normal,set=3;4;9", "misere"])
def test_theory_against_tt_on_random_positions_of_5_to_8_piles(rule):
    rng = random.Random(rule)
    for _ in range(250):
        piles = [rng.randint(0, 12) for _ in range(rng.randint(5, 8))]
        theory = nim.solve(piles, rule)
        searched = nim.solve(piles, rule, "tt")
        assert theory.method == "theory" and theory.value == searched.value, piles
        if theory.value > 0:    # the theory's move leaves a position tt proves lost
            assert nim.solve(_after(piles, theory.move), rule, "tt").value == -1, (piles, theory.move)


HUGE = st.integers(0, 2**64 - 1) | st.integers(0, 2**200) | st.integers(0, 40)


@settings(max_examples=300, deadline=None)
@given(piles=st.lists(HUGE, max_size=10), rule=st.sampled_from(RULES))
def test_moves_on_huge_positions_are_legal_and_leave_a_lost_position(piles, rule):
    rules = nim.Rules.parse(rule)
    solution = nim.solve(piles, rules)
    theory = Theory(rules, CoreTheory(rules.core))      # compiled, and closed forms past 64 bits
    assert solution.method == "theory" and solution.value == theory.value(piles)
    if solution.move is None:
        assert all(p < rules.min_take for p in piles)
        return
    pile, count = solution.move
    assert count in rules.takes(piles[pile])         # a range or a tuple: `in` is cheap
    if solution.value > 0:
        assert theory.value(_after(piles, solution.move)) == -1
    # the Grundy values are the mex of the options' values, for these sizes too
    for p in piles[:3]:
        if rules.take in ("set", "max"):
            options = {theory.grundy(p - t) for t in rules.takes(p)}
            g = theory.grundy(p)
            assert g not in options and all(v in options for v in range(g))


def test_condition_c_holds_for_every_set_within_1_to_12():
    for mask in range(1, 1 << 12):
        members = tuple(m + 1 for m in range(12) if mask >> m & 1)
        theory = CoreTheory(nim.Rules(misere=True, take="set", subtract=members).core)
        assert theory.tame, members
        # (C) checked independently on a window past the period, by the test's own mex
        g = oracles.grundy_sequence("misere,set=" + ";".join(map(str, members)), 60)
        for n in range(min(members), 61):
            if g[n] == 0:
                assert any(s <= n and g[n - s] == 1 for s in members), (members, n)
        assert [theory.grundy(n) for n in range(61)] == g


@pytest.mark.parametrize("rule", ["misere,set=2;3", "misere,max=3"])
def test_auto_falls_back_to_tt_where_c_is_declared_false(rule):
    with assume_untame(rule):
        for piles in [(4, 5, 6), (1, 2, 3, 4), (7,), ()]:
            with pytest.warns(nim.solving.TheoryWarning, match="condition \\(C\\)"):
                solution = nim.solve(piles, rule)
            assert solution.method == "tt" and solution.value == oracles.value(rule, piles)
        with pytest.raises(nim.NimError, match="condition \\(C\\)"):
            nim.solve([4, 5, 6], rule, "theory")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert nim.solve([4, 5, 6], rule).method == "theory"


def test_normal_play_needs_no_condition_c():
    with assume_untame("normal,set=2;3"), warnings.catch_warnings():
        warnings.simplefilter("error")
        assert nim.solve([4, 5, 6], "normal,set=2;3").method == "theory"


def test_a_set_without_a_period_in_reach_answers_from_its_table(monkeypatch):
    """A set whose period lies past what is computed answers the piles its table
    can hold (the table grows to the largest pile asked), and refuses, saying so,
    a pile past PERIOD_LIMIT values."""
    monkeypatch.setattr(nimcore.theory, "PERIOD_LIMIT", 1 << 13)
    rule = "misere,set=1;20000"           # its period lies past 8,192 values
    nim.solving.engines._theory_or_reason.cache_clear()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            for piles in [(3, 4), (30, 41, 2)]:
                solution = nim.solve(piles, rule)
                assert solution.method == "theory" and solution.value == oracles.value(rule, piles), piles
            lone, _ = lone_piles(8191, rule)             # the plain DP over a lone pile
            for pile in [8191, 8000, 4097]:
                solution = nim.solve([pile], rule)
                assert solution.method == "theory" and solution.value == lone[pile]
        assert nim.solving.grundy_table(8191, rule) == oracles.grundy_sequence(rule, 8191)
        assert nim.solving.engines.theory(nim.Rules.parse(rule)).core.covered == 1 << 13
        with pytest.raises(nim.NimError, match="no period"):
            nim.solving.grundy_value(10**6, rule)
        with pytest.raises(nim.NimError, match="no period"):
            nim.solve([8192], rule, "theory")
        assert nim.solving.grundy_table(50, rule) == oracles.grundy_sequence(rule, 50)
    finally:
        nim.solving.engines._theory_or_reason.cache_clear()


@pytest.mark.parametrize("d", [858993459, 1000003, 6])
def test_sets_are_reduced_by_their_gcd(d):
    rules = nim.Rules(take="set", subtract=(d, 2 * d, 5 * d))
    reduced = oracles.grundy_sequence("normal,set=1;2;5", 40)
    for n in [0, 1, d - 1, d, 3 * d + 1, 17 * d + d - 1, 40 * d]:
        assert nim.solving.grundy_value(n, rules) == reduced[n // d]


def test_a_set_of_one_huge_member():
    d = 2**32 - 1
    rules = nim.Rules(take="set", subtract=(d,))
    # [7, 8] has no move at all (this was refused: "no period in the first ...")
    solution = nim.solve([7, 8], rules)
    assert solution.method == "theory" and solution.move is None and solution.value == -1
    # g(n) = (n // d) % 2: one pile of d or 3d wins, 2d loses
    assert [nim.solve([k * d], rules).value for k in range(5)] == [-1, 1, -1, 1, -1]
    assert nim.solve([3 * d + 7], rules).move == nim.Move(0, d)


def test_piles_past_the_search_engines_cap():
    for rule in RULES:
        piles = [2**70 + 3, 2**33, 5, 2**64 - 1]
        solution = nim.solve(piles, rule)
        theory = Theory(nim.Rules.parse(rule), CoreTheory(nim.Rules.parse(rule).core))
        assert solution.method == "theory" and solution.value == theory.value(piles)
