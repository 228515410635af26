"""Benchmarks of the play engines: IDA* (SPEC 3.4) and depth-limited alpha-beta (SPEC 3.5)."""

from __future__ import annotations

from typing import Any

import pytest

from nim.solving.heuristics import depth_limited, ida


@pytest.mark.benchmark(group="ida")
def test_ida_long_path(benchmark: Any) -> None:
    """A path of 9,000 single-stone moves (max 1): one node per move."""
    result = benchmark(ida, [3000, 3000, 3000], "normal,max=1")
    assert result.path_length == 9000
    benchmark.extra_info["nodes"] = result.nodes
    if benchmark.enabled:              # --benchmark-disable: nothing timed
        benchmark.extra_info["nodes_per_second"] = result.nodes / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="ida")
def test_ida_kuet_easy_board(benchmark: Any) -> None:
    """KUET Easy on 10000 10000 10000 (max 3): the report's order takes 1 stone a move, 30,000 moves."""
    result = benchmark(ida, [10000, 10000, 10000], "normal,max=3")
    assert result.path_length == 30000
    benchmark.extra_info["nodes"] = result.nodes
    if benchmark.enabled:              # --benchmark-disable: nothing timed
        benchmark.extra_info["nodes_per_second"] = result.nodes / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="depth-limited")
@pytest.mark.parametrize("depth", [4, 6])
def test_depth_limited_misere(benchmark: Any, depth: int) -> None:
    result = benchmark.pedantic(depth_limited, args=([1, 3, 5, 7, 9], "misere", depth),
                                rounds=3, iterations=1)
    benchmark.extra_info["nodes"] = result.nodes
    if benchmark.enabled:              # --benchmark-disable: nothing timed
        benchmark.extra_info["nodes_per_second"] = result.nodes / benchmark.stats.stats.mean
