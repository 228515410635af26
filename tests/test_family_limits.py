"""The families' own long computations stop at the call's limits (issue 41, gaps of the last
session): the Wythoff Sprague-Grundy table for sums and the loopy graph solver honour
``time_limit`` and ``cancel``, say so in words, and a stopped Wythoff table goes on where it
stopped. Cancellation is made deterministic by a handle that turns set after k looks."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, List, Tuple

import pytest

import nim
from nim import SearchLimitError
from nim.families import wythoff


class CancelAfter:
    """A cancellation handle that is set from its (k + 1)-th look on."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks > self.k


@lru_cache(maxsize=None)
def wythoff_value(a: int, b: int) -> int:
    seen = {wythoff_value(a - k, b) for k in range(1, a + 1)} | {wythoff_value(a, b - k) for k in range(1, b + 1)}
    seen |= {wythoff_value(a - k, b - k) for k in range(1, min(a, b) + 1)}
    g = 0
    while g in seen:
        g += 1
    return g


@pytest.fixture
def fresh_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wythoff, "_TABLE", [])
    monkeypatch.setattr(wythoff, "_FILL", None)


@pytest.mark.usefixtures("fresh_table")
def test_a_cancelled_wythoff_table_goes_on_where_it_stopped() -> None:
    position = [[100, 120], [5, 9]]          # a sum: the table of the pairs below 128
    with pytest.raises(SearchLimitError, match="Wythoff Grundy values.*cancel") as stopped:
        nim.solve(position, "wythoff", cancel=CancelAfter(3))
    assert stopped.value.reason == "cancelled"
    fill = wythoff._FILL
    assert fill is not None and len(fill.rows) == 24          # rows 0-23 kept (a look every 8 rows)
    solution = nim.solve(position, "wythoff")
    assert len(wythoff._TABLE) == 128 and wythoff._FILL is None
    for a in range(0, 128, 7):
        for b in range(0, 128, 5):
            assert wythoff._TABLE[a][b] == wythoff_value(min(a, b), max(a, b)), (a, b)
    x = wythoff_value(100, 120) ^ wythoff_value(5, 9)
    assert (solution.value > 0) == (x != 0)


@pytest.mark.usefixtures("fresh_table")
def test_a_wythoff_sum_past_the_time_limit_stops_in_words() -> None:
    with pytest.raises(SearchLimitError, match="stopped after .* s: the time limit") as stopped:
        nim.solve([[3000, 4000], [1, 2]], "wythoff", time_limit=0.2)     # the table below 4096: a minute
    assert stopped.value.reason == "time"
    with pytest.raises(SearchLimitError):
        nim.explain([[3000, 4000], [1, 2]], "wythoff", time_limit=0.2)
    with pytest.raises(SearchLimitError):
        nim.analyze([[3000, 4000], [1, 2]], "wythoff", time_limit=0.2)
    # one pair alone is still the theorem's, at any size and within any limit
    assert nim.solve([[10**30, 10**30 + 7]], "wythoff", time_limit=0.2).method == "theory"


def loopy(n: int) -> Dict[str, Any]:
    edges: List[Tuple[int, int]] = [(i, (i + 1) % n) for i in range(n)] + [(i, (7 * i + 3) % n) for i in range(0, n, 3)]
    return {"edges": [list(e) for e in edges], "tokens": [0, 1]}


def test_a_big_loopy_graph_stops_at_cancel_and_time() -> None:
    position = loopy(200_000)
    for k in (0, 2, 4):
        with pytest.raises(SearchLimitError, match="graph of .*cancelled") as stopped:
            nim.solve(position, "graph", cancel=CancelAfter(k))
        assert stopped.value.reason == "cancelled"
    with pytest.raises(SearchLimitError, match="the time limit"):
        nim.solve(loopy(400_000), "graph", time_limit=0.05)


def test_the_values_stage_stops_too() -> None:
    # the graph read and built before the handle turns: the generalised values' stages stop
    from nim.families.graphs import _read_graph
    from nim.families.polling import call_limits

    graph, _ = _read_graph(loopy(100_000))
    with call_limits(None, CancelAfter(0)):
        with pytest.raises(SearchLimitError, match="generalised Sprague-Grundy values"):
            graph.values()
    assert graph._values is None
    small = loopy(30)
    assert nim.solve(small, "graph", cancel=CancelAfter(10**6)).value == nim.solve(small, "graph").value


def test_a_tartan_move_among_large_factors_is_found_or_stopped_at_the_limits() -> None:
    # a sum of heads of 1000-bit coordinates: the winning move is solved for in the nim field
    # (tests/test_tartan_moves.py checks the moves); it was a search of minutes that ended in a
    # NimError past its candidates. Under a cancel, each call answers or stops in words.
    import random

    rng = random.Random(5)
    answered = 0
    for _ in range(60):
        position = [[rng.randrange(1, 2**rng.choice([64, 200, 1000])), rng.randrange(1, 2**rng.choice([64, 200, 1000]))]
                    for _ in range(rng.choice([1, 2, 3]))]
        try:
            solution = nim.solve(position, "turning-turtles-squared", cancel=CancelAfter(0))
        except SearchLimitError as error:
            assert error.reason == "cancelled" and "Tartan move" in str(error)
            continue
        assert solution.value in (1, -1) and (solution.move is not None) == (solution.value == 1)
        answered += 1
    assert answered >= 1
