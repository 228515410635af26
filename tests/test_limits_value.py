"""One ``Limits`` value, accepted by every call that searches; the keywords are its shorthands."""

from __future__ import annotations

import threading

import pytest

import nim
from nim.solving.parallel import solve_many

LONG = ([1, 2, 3, 4, 5, 6], "misere,max=9")      # billions of minimax nodes
#: no exact theory (condition (C) fails): analyze and explain search, long
HARD = ([5, 9, 13, 17, 21, 25], "misere,set=2;3")


def test_limits_stop_every_searching_call_as_their_shorthands_do() -> None:
    tight = nim.Limits(nodes=1000)
    piles, rules = LONG
    for call in (
        lambda: nim.solve(piles, rules, "minimax", limits=tight),
        lambda: nim.Solver(rules).solve(piles, "minimax", limits=tight),
        lambda: nim.analyze(*HARD, limits=tight),
        lambda: nim.Solver(HARD[1]).analyze(HARD[0], limits=tight),
        lambda: solve_many([piles], rules, method="minimax", limits=tight),
    ):
        with pytest.raises(nim.SearchLimitError) as caught:
            call()
        assert caught.value.reason == "nodes"
    with pytest.raises(nim.SearchLimitError) as shorthand:
        nim.solve(piles, rules, "minimax", node_limit=1000)
    with pytest.raises(nim.SearchLimitError) as value:
        nim.solve(piles, rules, "minimax", limits=tight)
    assert str(shorthand.value).split(" after ")[0] == str(value.value).split(" after ")[0]


def test_a_limits_value_gives_the_same_answers_as_the_keywords() -> None:
    limits = nim.Limits(nodes=10**7, time=60.0, memory=64)
    assert (nim.solve([1, 3, 5, 7], "misere", "tt", limits=limits)[:2]
            == nim.solve([1, 3, 5, 7], "misere", "tt", node_limit=10**7, time_limit=60.0, tt_mb=64)[:2])
    assert nim.analyze([2, 3], "misere", limits=limits) == nim.analyze([2, 3], "misere")
    assert (nim.explain([4, 5, 6], "misere", limits=limits).text
            == nim.explain([4, 5, 6], "misere", node_limit=10**7, time_limit=60.0, tt_mb=64).text)


def test_cancel_reaches_analyze_and_solve_many() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(nim.SearchLimitError) as analyzed:
        nim.analyze(*HARD, limits=nim.Limits(cancel=stop))
    assert analyzed.value.reason == "cancelled"
    with pytest.raises(nim.SearchLimitError) as many:
        solve_many([[1, 2]] * 5, "misere", cancel=stop)
    assert many.value.reason == "cancelled"


def test_limits_and_a_shorthand_together_are_refused() -> None:
    with pytest.raises(TypeError, match="node_limit"):
        nim.solve([1, 2], limits=nim.Limits(), node_limit=5)
    with pytest.raises(TypeError, match="nim.Limits"):
        nim.solve([1, 2], limits={"nodes": 5})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="table size"):
        nim.Solver().solve([1, 2], limits=nim.Limits(memory=8))


def test_bad_limits_are_refused_with_the_shorthands_messages() -> None:
    with pytest.raises(nim.NimError, match="node_limit"):
        nim.solve([1, 2], limits=nim.Limits(nodes=-1))
    with pytest.raises(nim.NimError, match="time_limit"):
        nim.solve([1, 2], limits=nim.Limits(time=0))
