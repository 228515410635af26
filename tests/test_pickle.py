"""Rules, Solver, Solution, Position, Move and the errors survive pickle and deepcopy:
what a process pool, joblib or Dask needs to send them to a worker and back."""

import copy
import pickle

import pytest

import nim
from nim.solving.solver import Solver

import oracles

ROUND_TRIPS = [
    pytest.param(lambda x: pickle.loads(pickle.dumps(x)), id="pickle"),
    pytest.param(lambda x: pickle.loads(pickle.dumps(x, protocol=0)), id="pickle-protocol-0"),
    pytest.param(copy.deepcopy, id="deepcopy"),
    pytest.param(copy.copy, id="copy"),
]


@pytest.mark.parametrize("round_trip", ROUND_TRIPS)
@pytest.mark.parametrize("text", oracles.RULE_STRINGS)
def test_rules_keep_their_meaning(round_trip, text):
    rules = nim.Rules.parse(text)
    again = round_trip(rules)
    assert again == rules and hash(again) == hash(rules) and str(again) == text
    # the compiled core view is rebuilt, not shared or lost
    assert again.core is not rules.core or round_trip is copy.copy
    for pile in range(12):
        assert tuple(again.takes(pile)) == tuple(oracles.takes(text, pile))
        assert again.core.children(pile) == rules.core.children(pile)
    assert again.min_take == rules.min_take


@pytest.mark.parametrize("round_trip", ROUND_TRIPS)
def test_core_rules_pickle(round_trip):
    core = nim.Rules.parse("misere,set=1;3;4").core
    again = round_trip(core)
    assert again.misere and again.min_take == 1
    assert [again.children(p) for p in range(9)] == [core.children(p) for p in range(9)]


@pytest.mark.parametrize("round_trip", ROUND_TRIPS)
def test_values_round_trip(round_trip):
    solution = nim.solve([1, 13, 14, 20, 1], "misere,max=3")
    assert round_trip(solution) == solution
    assert type(round_trip(solution).move) is nim.Move
    assert round_trip(nim.Move(2, 3)) == nim.Move(2, 3)
    position = nim.Position([1, 0, 5])
    assert round_trip(position) == position and round_trip(position).piles == (1, 0, 5)
    rows = nim.analyze([3, 4], "misere,half", depth=False)
    assert round_trip(rows) == rows


@pytest.mark.parametrize("round_trip", ROUND_TRIPS)
def test_solver_keeps_its_settings_not_its_tables(round_trip):
    solver = Solver("misere,max=3", tt_mb=8, node_limit=10**7, time_limit=5.0)
    solver.solve([9, 10, 11, 12, 13], "tt")       # fills its table
    again = round_trip(solver)
    assert again is not solver and type(again) is Solver
    assert (again.rules, again.tt_mb, again.node_limit, again.time_limit) == (
        solver.rules, 8, 10**7, 5.0)
    assert again._table is None                   # a fresh table is built on demand
    assert again.solve([9, 10, 11, 12, 13])[:2] == solver.solve([9, 10, 11, 12, 13])[:2]
    assert repr(again) == repr(solver) == "Solver('misere,max=3', tt_mb=8, node_limit=10000000, time_limit=5.0)"


@pytest.mark.parametrize("round_trip", ROUND_TRIPS)
def test_errors_round_trip_with_their_fields(round_trip):
    with pytest.raises(nim.SearchLimitError) as caught:
        nim.solve([28, 28, 2, 3, 3, 12, 27, 6, 24, 26], "misere,max=3", "tt", node_limit=1000)
    error = round_trip(caught.value)
    assert type(error) is nim.SearchLimitError and str(error) == str(caught.value)
    assert (error.reason, error.nodes) == ("nodes", 1000)
    with pytest.raises(nim.InvalidPositionError) as bad:
        nim.solve([1, -1])
    again = round_trip(bad.value)
    assert type(again) is nim.InvalidPositionError and str(again) == str(bad.value)
