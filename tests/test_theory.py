"""The closed forms (engine `grundy`, and `auto`) against brute force, Bouton's
theorem and Sprague-Grundy values computed by the tests' own mex."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim

import oracles

CLOSED_FORM_RULES = [r for r in oracles.RULE_STRINGS if r.startswith("normal")] + ["misere"]
# every position of up to 4 piles of up to 7 stones (as multisets: order does not
# change the value; the move is checked on the sorted order)
ALL_SMALL = [p for n in range(0, 5) for p in itertools.combinations_with_replacement(range(8), n)]


def _after(piles, move):
    child = list(piles)
    child[move.pile] -= move.count
    return child


@pytest.mark.parametrize("rules", CLOSED_FORM_RULES)
def test_exhaustive_small_positions(rules):
    for piles in ALL_SMALL:
        solution = nim.solve(piles, rules, "grundy")
        expected = oracles.value(rules, piles)
        assert solution.value == expected, piles
        assert solution.nodes == 0 and solution.method == "grundy"
        if solution.move is None:
            assert not list(oracles.moves(rules, tuple(piles))), piles
            continue
        assert solution.move.count in oracles.takes(rules, piles[solution.move.pile]), piles
        if expected == 1:
            assert oracles.value(rules, _after(piles, solution.move)) == -1, piles


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_auto_matches_brute_force(rules):
    for piles in itertools.product(range(6), repeat=3):
        assert nim.solve(piles, rules).value == oracles.value(rules, piles), piles


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_grundy_table_is_the_mex_dp(rules):
    table = nim.solving.grundy_table(300, rules)
    assert table == [oracles.grundy(rules, n) for n in range(301)]


@pytest.mark.parametrize("rules", ["normal", "normal,max=2", "normal,max=5", "misere,half"])
def test_closed_forms(rules):
    table = nim.solving.grundy_table(2000, rules)
    assert [oracles.closed_form_grundy(rules, n) for n in range(2001)] == table
    for n in [10**6, 10**9 + 7, 2**61 - 1, 3**50]:
        assert nim.solving.grundy_value(n, rules) == oracles.closed_form_grundy(rules, n)


@pytest.mark.parametrize("subtract", [(1, 3, 4), (2, 3), (2, 5, 7), (3, 4, 9, 10)])
def test_subtraction_sets_use_their_period(subtract):
    rules = nim.Rules(take="set", subtract=subtract)
    # far past the core's first table (4096 values): these come from the period
    table = oracles.grundy_sequence(str(rules), 30_000)
    assert [nim.solving.grundy_value(n, rules) for n in range(30_001)] == table


positions = st.lists(st.integers(0, 10**6), max_size=12)


@settings(max_examples=300, deadline=None)
@given(positions)
def test_bouton_normal(piles):
    x = 0
    for p in piles:
        x ^= p
    solution = nim.solve(piles, "normal")
    assert solution.value == (1 if x else -1)
    if x:
        child = _after(piles, solution.move)
        y = 0
        for p in child:
            y ^= p
        assert y == 0 and solution.move.count >= 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=10) | positions)
def test_bouton_misere(piles):
    solution = nim.solve(piles, "misere")
    assert solution.value == (1 if oracles.bouton_misere_wins(piles) else -1)
    if solution.move is not None:
        child = _after(piles, solution.move)
        assert min(child, default=0) >= 0 and solution.move.count >= 1
        if solution.value == 1:
            assert not oracles.bouton_misere_wins(child)


@settings(max_examples=200, deadline=None)
@given(positions, st.sampled_from(["normal,max=3", "normal,max=7", "normal,half"]))
def test_sprague_grundy_large_piles(piles, rules):
    g = 0
    for p in piles:
        g ^= oracles.closed_form_grundy(rules, p)
    solution = nim.solve(piles, rules)
    assert solution.value == (1 if g else -1)
    if g:
        after = 0
        for p in _after(piles, solution.move):
            after ^= oracles.closed_form_grundy(rules, p)
        assert after == 0
        assert solution.move.count in oracles.takes(rules, piles[solution.move.pile])


def test_piles_of_any_size():
    piles = [2**100 + 5, 2**100, 3]
    solution = nim.solve(piles, "normal")
    assert solution.value == 1
    assert solution.move == nim.Move(0, 2**100 + 5 - ((2**100 + 5) ^ 6))


def test_the_grundy_engine_leaves_misere_max_half_set_to_the_theory():
    with pytest.raises(nim.NimError, match="no closed form"):
        nim.solve([3, 4], "misere,max=2", "grundy")
    assert nim.solve([3, 4], "misere,max=2", "theory").value == oracles.value("misere,max=2", (3, 4))


def test_grundy_table_errors():
    with pytest.raises(nim.InvalidPositionError):
        nim.solving.grundy_table(-1)
    with pytest.raises(nim.InvalidPositionError):
        nim.solving.grundy_value(1.5)
