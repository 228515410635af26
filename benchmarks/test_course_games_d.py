"""Benchmarks of the course's games, part D (issue 41, chapters 3-4): the one-pile presets, a row of
pins, vertex removal, the code extensions played in Python, and the limits of the Wythoff table.

    PYTHONPATH=python pytest benchmarks/test_course_games_d.py --benchmark-only

Targets: the presets' theory answers in O(components) at any size (a sum of 10**4 heaps of 10**30);
a row of 10**6 pins read and valued; a path of 60 edges in vertex removal (0.37) within a second;
the extension tables: ``0.777...,unequal`` to heap 2,000 and ``0.F...`` to heap 300 in seconds; a
Wythoff sum past its table stopped by a time limit of 0.2 s within a few tenths of a second.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import nim
from nim.families import code_extensions, wythoff

_RNG = random.Random(41)
HEAPS = [_RNG.randrange(10**30) for _ in range(10**4)]


@pytest.mark.parametrize("rule", ["at-least-half", "dim+", "aliquot", "rims"])
def test_preset_sum_of_ten_thousand_heaps(benchmark: Any, rule: str) -> None:
    solution = benchmark.pedantic(lambda: nim.solve(HEAPS, rule), rounds=3, iterations=1)
    assert solution.method == "theory"
    benchmark.extra_info["heaps"] = len(HEAPS)


def test_row_of_a_million_pins(benchmark: Any) -> None:
    row = "".join(_RNG.choice("I.") for _ in range(10**6))
    benchmark.pedantic(lambda: nim.solve(row, "kayles"), rounds=3, iterations=1)


def test_vertex_removal_path_of_60_edges(benchmark: Any) -> None:
    from nim.solving import components

    path = [[i, i + 1] for i in range(60)]

    def fresh() -> int:
        components._GRUNDY.clear()              # each round from an empty memo
        return nim.solve(path, "vertex-removal").value

    benchmark.pedantic(fresh, rounds=3, iterations=1)


@pytest.mark.parametrize("rule, heap", [("octal=0.777...,unequal", 2000), ("octal=0.F...", 300),
                                        ("octal=0.07,unequal", 2000)])
def test_extension_table(benchmark: Any, rule: str, heap: int) -> None:
    def fresh() -> int:
        code_extensions.ExtendedCode._TABLES.clear()
        return nim.solve([heap], rule).value

    benchmark.pedantic(fresh, rounds=1, iterations=1)
    benchmark.extra_info["heaps"] = heap


def test_wythoff_sum_stopped_by_its_time_limit(benchmark: Any) -> None:
    def stopped() -> str:
        wythoff._TABLE, wythoff._FILL = [], None
        with pytest.raises(nim.SearchLimitError) as error:
            nim.solve([[3000, 4000], [1, 2]], "wythoff", time_limit=0.2)
        return error.value.reason

    assert benchmark.pedantic(stopped, rounds=3, iterations=1) == "time"
