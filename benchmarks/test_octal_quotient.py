"""The misère-quotient engine (issue 30, item 3): computing quotients cold and from
the cache, and answering positions with a winning move from a warm quotient.

    pytest benchmarks/test_octal_quotient.py --benchmark-only

Targets (on an idle machine): Kayles cold <= 0.5 s, from the cache <= 10 ms;
each Kayles position with its winning move <= 50 us; R8 (0.75), 0.34, 0.15,
0.115, 0.152 each <= 2 s; Dawson's Kayles to heap 30 (order 360) and to heap 33
(order 638) each <= 10 s. The machine these run on is shared: compare a figure
with the yardstick (a plain Python loop) measured in the same run.
"""

from __future__ import annotations

import random

import pytest

from nim.octal import misere_quotient

POSITIONS = {
    "29-25-20-17": [29, 25, 20, 17],
    "40-30-20-5": [40, 30, 20, 5],
    "6 heaps <= 40": [random.Random(1).randint(1, 40) for _ in range(6)],
    "100 heaps <= 70": [random.Random(2).randint(1, 70) for _ in range(100)],
    "10**9 ...": [10**9, 10**6 + 3, 77, 5],
}


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path))


def test_yardstick(benchmark):
    benchmark(lambda: sum(i * i for i in range(10_000)))


def test_kayles_cold(benchmark):
    q = benchmark.pedantic(lambda: misere_quotient("kayles", cache=False), rounds=3, iterations=1)
    assert q.order == 40 and q.proven


def test_kayles_from_cache(benchmark):
    misere_quotient("kayles")
    q = benchmark(lambda: misere_quotient("kayles"))
    assert q.order == 40


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_kayles_position_with_move(benchmark, name):
    q = misere_quotient("kayles", cache=False)
    heaps = POSITIONS[name]
    q.winning_move(heaps)        # warm

    def solve():
        return q.is_lost(heaps), q.winning_move(heaps)

    lost, move = benchmark(solve)
    assert lost == (move is None)


@pytest.mark.parametrize("code, order", [("0.75", 8), ("0.34", 12), ("0.15", 42), ("0.115", 42), ("0.152", 34)])
def test_published_quotient(benchmark, code, order):
    q = benchmark.pedantic(lambda: misere_quotient(code, cache=False), rounds=2, iterations=1)
    assert q.order == order and q.proven


@pytest.mark.parametrize("heaps, order", [(26, 144), (29, 176), (30, 360), (33, 638)])
def test_dawson_kayles(benchmark, heaps, order):
    # bounded quotients (the whole game's is an open problem): 360 at heap 30 as Siegel
    # reported, 638 at heap 33 as the study found; target <= 10 s each
    q = benchmark.pedantic(lambda: misere_quotient("dawson-kayles", heaps, cache=False), rounds=1,
                           iterations=1)
    assert q.order == order
