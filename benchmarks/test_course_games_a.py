"""Benchmarks of the course's games, part A (issue 41): Green Hackenbush, graph games, coin
turning, the nim field, Wythoff's Grundy values for sums.

    pytest benchmarks/test_course_games_a.py --benchmark-only

Targets (the issue's): a Green Hackenbush graph of 10**5 edges valued in under 1 s (a stalk,
a random tree, a random graph with cycles); a loopy graph of 10**6 vertices answered within
the limits; a coin row of 10**6 characters valued; nim multiplication of 4,000-bit numbers.
The Wythoff benchmark fills the table of Grundy values of every pair below 1024, 2048 and
4096 (the cap), which sums of pairs read: the "1 s" and "60 s" reach of the issue.
"""

from __future__ import annotations

import random
from typing import Any, List

import pytest

import nim
from nim.families.hackenbush import GreenHackenbush
from nim.nimfield import nim_inv, nim_mul

_RNG = random.Random(41)
N = 10**5
STALK = [[i, i + 1] for i in range(N)]
TREE = [[_RNG.randrange(i), i] for i in range(1, N + 1)]
CYCLES = [[_RNG.randrange(i), i] for i in range(1, N // 2 + 1)] + [
    [_RNG.randrange(N // 2 + 1), _RNG.randrange(N // 2 + 1)] for _ in range(N // 2)]


@pytest.mark.parametrize("name", ["stalk", "tree", "cycles"])
def test_green_hackenbush_value_of_100000_edges(benchmark: Any, name: str) -> None:
    edges = {"stalk": STALK, "tree": TREE, "cycles": CYCLES}[name]
    family = GreenHackenbush()

    def value() -> int:
        g = family.grundy(family.read_component(edges))
        assert g is not None
        return g

    benchmark.pedantic(value, rounds=3, iterations=1)
    benchmark.extra_info["edges"] = len(edges)


def test_green_hackenbush_solve_100000_edges(benchmark: Any) -> None:
    benchmark.pedantic(lambda: nim.solve(TREE, "green-hackenbush"), rounds=3, iterations=1)


def test_loopy_graph_of_a_million_vertices(benchmark: Any) -> None:
    n = 10**6
    rng = random.Random(7)
    edges: List[List[int]] = [[i, rng.randrange(n)] for i in range(n)]
    solution = benchmark.pedantic(lambda: nim.solve({"edges": edges, "tokens": [0, 1]}, "graph"),
                                  rounds=1, iterations=1)
    assert solution.value in (-1, 0, 1)


def test_coin_row_of_a_million(benchmark: Any) -> None:
    row = "".join(_RNG.choice("HT") for _ in range(10**6))
    benchmark.pedantic(lambda: nim.solve(row, "mock-turtles"), rounds=3, iterations=1)


def test_nim_multiplication_of_4000_bit_numbers(benchmark: Any) -> None:
    a, b = _RNG.getrandbits(4000), _RNG.getrandbits(4000)
    benchmark.pedantic(lambda: nim_mul(a, nim_inv(b)), rounds=3, iterations=1)


@pytest.mark.parametrize("side", [1024, 2048, 4096])
def test_wythoff_grundy_table(benchmark: Any, side: int) -> None:
    """Every pair's Grundy value below ``side``: what a sum of Wythoff pairs needs (4096: the cap)."""
    from nim.families.wythoff import _wythoff_table

    rows = benchmark.pedantic(lambda: _wythoff_table(side), rounds=1, iterations=1)
    assert rows[3][5] == 0
    benchmark.extra_info["pairs"] = side * side
