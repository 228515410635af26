"""The grader (issue 25 item 7): a whole game graph graded through the C oracle.

    pytest benchmarks/test_grade.py --benchmark-only

Yardstick in the same run: the agent's own cost alone -- one Python call of a
Q-table's greedy choice per position, which grade cannot avoid -- so the
``oracle_share`` extra_info says how much of a grade is the oracle's work
(values, best moves and game lengths of every position).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import nim
from nim.study.grade import as_agent

numpy = pytest.importorskip("numpy")

_SECONDS: Dict[str, float] = {}
START_SMALL = (1, 3, 5, 7)
START_LARGE = (1, 3, 5, 7, 9, 11, 13)


def _all_positions(start: Any) -> List[Any]:
    axes = numpy.meshgrid(*[numpy.arange(p + 1) for p in start], indexing="ij")
    return [tuple(row) for row in numpy.stack([a.ravel() for a in axes], axis=1).tolist()]


@pytest.mark.benchmark(group="grade")
def test_grade_whole_graph_1_3_5_7(benchmark: Any) -> None:
    report = benchmark.pedantic(nim.study.grade.grade, args=({}, "misere", START_SMALL), rounds=20, iterations=1)
    assert report.positions == 383
    benchmark.extra_info["positions"] = report.positions


@pytest.mark.benchmark(group="grade")
def test_agent_calls_alone_1_to_13(benchmark: Any) -> None:
    agent = as_agent({}, "misere", 13)
    rows = _all_positions(START_LARGE)
    benchmark.pedantic(lambda: [agent(row) for row in rows], rounds=1, iterations=1)
    _SECONDS["agent"] = benchmark.stats.stats.min


@pytest.mark.benchmark(group="grade")
def test_grade_whole_graph_1_to_13(benchmark: Any) -> None:
    report = benchmark.pedantic(nim.study.grade.grade, args=({}, "misere", START_LARGE), rounds=1, iterations=1)
    assert report.positions == 645_119          # 645,120 positions, the empty board has no move
    seconds = benchmark.stats.stats.min
    if "agent" in _SECONDS:
        benchmark.extra_info["oracle_share"] = round(1 - _SECONDS["agent"] / seconds, 2)
