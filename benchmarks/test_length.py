"""Benchmarks of the game length by theory (issue 20, item 2).

    pytest benchmarks/test_length.py --benchmark-only

* every move of 20 random piles of up to 10**4 (about 10**5 moves) with its
  depth, by ``nim.analyze`` under take `any` (target: well under a second);
* the length of one position of 10**6 piles, against ``nim.solve`` of the same
  position in the same run (extra_info: the ratio);
* ``nim.analyze`` of 5 piles under misère by the formulas against the `tt`
  search it replaced, in the same run (extra_info: the speed-up).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import nim
from nim.solving.analysis import analyze_moves
from nim.solving.length import game_length
from nim.game.solution import SolveOptions
from nimcore.ttable import TranspositionTable

_RANDOM = random.Random(20)
TWENTY = [_RANDOM.randint(1, 10**4) for _ in range(20)]
MILLION = [_RANDOM.randint(0, 10**9) for _ in range(10**6)]
FIVE = [9, 10, 7, 8, 6]


@pytest.mark.benchmark(group="length-analyze")
@pytest.mark.parametrize("rules", ["normal", "misere"])
def test_analyze_twenty_piles(benchmark: Any, rules: str) -> None:
    rows = benchmark(nim.analyze, TWENTY, rules)
    assert len(rows) == sum(TWENTY) and rows.method == "theory"
    benchmark.extra_info["moves"] = len(rows)


@pytest.mark.benchmark(group="length-million")
@pytest.mark.parametrize("rules", ["normal", "misere"])
def test_length_of_a_million_piles(benchmark: Any, rules: str, timed: Any) -> None:
    started = time.perf_counter()
    nim.solve(MILLION, rules)                         # the yardstick: the value of the same position
    yardstick = time.perf_counter() - started
    length = benchmark(game_length, MILLION, rules)
    assert length > 0
    if timed(benchmark) is not None:
        benchmark.extra_info["length / solve"] = round(timed(benchmark, "mean") / yardstick, 2)


@pytest.mark.benchmark(group="length-vs-search")
def test_formulas_against_the_search(benchmark: Any, timed: Any) -> None:
    rules = nim.Rules(misere=True)
    started = time.perf_counter()
    by_search = analyze_moves(tuple(FIVE), rules, True, SolveOptions(), TranspositionTable(64))
    search_seconds = time.perf_counter() - started
    rows = benchmark(nim.analyze, FIVE, rules)
    assert list(rows) == by_search
    if timed(benchmark) is not None:
        benchmark.extra_info["search / formulas"] = round(search_seconds / timed(benchmark, "mean"))
