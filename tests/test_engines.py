"""Minimax and alpha-beta in the core against the pure-Python twins and brute force,
on every rule set; and the limits that stop a search cleanly."""

import itertools

import pytest

import nim
import reference

import oracles

# every ordered position of 1-4 piles of 0..3 stones with at most 7 stones:
# the twins' trees stay small, and every rule set has moves and terminals here
SMALL = [
    p for n in range(1, 5) for p in itertools.product(range(4), repeat=n) if sum(p) <= 7
]


def test_the_removed_register_engine_says_where_to_go() -> None:
    """Issue 38 item 5: ``register_engine`` had no caller and went in 0.3.0; both modules
    that exported it say what replaces it."""
    import nim.solving.engines
    import nim.solving.solver

    for module in (nim.solving.engines, nim.solving.solver):
        with pytest.raises(AttributeError, match="removed in 0.3.0.*the tuple nim.solving.engines.ENGINES"):
            module.register_engine  # noqa: B018
        assert "register_engine" not in module.__all__
    assert nim.solving.engines.METHODS == ["auto", *(e.name for e in nim.solving.engines.ENGINES)]


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
@pytest.mark.parametrize("method", ["minimax", "alphabeta"])
def test_core_matches_twin_exactly(rules, method):
    twin_engine = getattr(reference, method)
    for piles in SMALL:
        twin = twin_engine(list(piles), rules)
        core = nim.solve(piles, rules, method)
        assert (core.value, core.move, core.nodes) == (twin.value, twin.move, twin.nodes), piles
        assert core.method == method


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_alphabeta_value_matches_brute_force_three_piles_of_seven(rules):
    for piles in itertools.product(range(8), repeat=3):
        solution = nim.solve(piles, rules, "alphabeta")
        assert solution.value == oracles.value(rules, piles), piles
        if solution.move is not None:
            child = list(piles)
            child[solution.move.pile] -= solution.move.count
            assert solution.move.count in oracles.takes(rules, piles[solution.move.pile])
            # the best move's value is the position's value
            assert -oracles.value(rules, child) == solution.value, piles


@pytest.mark.parametrize("method", ["minimax", "alphabeta"])
def test_full_tree_node_counts(method):
    # the SPEC's counts of the whole misère trees below the root
    expected = {"minimax": 2_284_401, "alphabeta": 5_957}[method]
    assert nim.solve([1, 2, 4, 5], "misere", method).nodes == expected
    if method == "minimax":
        assert nim.solve([2, 3, 4, 5], "misere", method).nodes == 77_978_798


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_terminal_positions(rules):
    misere = rules.startswith("misere")
    for piles in [(), (0,), (0, 0, 0)]:
        for method in ["minimax", "alphabeta", "auto"]:
            solution = nim.solve(piles, rules, method)
            assert solution.move is None
            assert solution.value == (1 if misere else -1)


def test_half_rule_piles_of_one_cannot_move():
    # under `half` a position of 1-piles is terminal: the mover cannot move
    assert nim.solve([1, 1, 1], "normal,half", "minimax").move is None
    assert nim.solve([1, 1, 1], "misere,half", "minimax").value == 1


def test_node_limit_stops_with_a_clear_error():
    with pytest.raises(nim.SearchLimitError, match="node limit.*auto") as info:
        nim.solve([1, 3, 5, 7, 9], "misere", "minimax", node_limit=100_000)
    assert info.value.reason == "nodes"
    assert info.value.nodes == 100_000


def test_time_limit_stops_with_a_clear_error():
    with pytest.raises(nim.SearchLimitError, match="time limit") as info:
        nim.solve([2, 4, 6, 8, 10], "misere", "minimax", node_limit=None, time_limit=0.2)
    assert info.value.reason == "time"
    assert 0.15 < info.value.seconds < 5


@pytest.mark.parametrize("method", ["minimax", "alphabeta"])
def test_recursion_depth_is_bounded(method):
    # 100,000 moves of one stone each: deeper than the C recursion bound
    with pytest.raises(nim.SearchLimitError, match="recursion bound") as info:
        nim.solve([100_000], "misere,max=1", method)
    assert info.value.reason == "depth"


def test_search_engines_refuse_piles_past_32_bits():
    with pytest.raises(nim.InvalidPositionError, match="too large for the minimax engine"):
        nim.solve([2**40], "misere", "minimax")


def test_unknown_method():
    with pytest.raises(nim.UnknownMethodError, match="'bogus'"):
        nim.solve([1, 2], method="bogus")


def test_solution_fields():
    solution = nim.solve([1, 2, 4, 5], "misere", "alphabeta")
    assert solution.to_dict() == {
        "value": 1, "move": [1, 2], "nodes": 5957, "method": "alphabeta",
        "seconds": solution.seconds,
    }
    assert solution.seconds >= 0
    assert solution.wins
