"""How far the exact search reaches in misère take-and-break games (issue 23, items 3
and 6): misère Kayles and misère Dawson's Kayles, positions of 2 to 6 heaps of up
to 40, time and nodes.

    pytest benchmarks/test_octal_misere.py --benchmark-only -s

Each case is one position (drawn with a fixed seed: n heaps between top/2 and
top) solved by ``nim.takebreak.splits.split_search`` under a time limit of
TIME_LIMIT seconds; a case the limit stops is reported as "stopped", with the
nodes searched by then. ``-s`` prints the reach table at the end.

Ratios in the same run: the genus rule's leaves (positions of tame heaps
decided by Conway's rule) against the plain search, and the table probe of
every child first (``etc``) against none, on the same positions.
"""

from __future__ import annotations

import random
import time
from typing import Any, Dict, Iterator, List, Tuple

import pytest

from nim import Limits, Rules
from nim.errors import SearchLimitError
from nim.takebreak.splits import split_search

#: Seconds a case may take before it is reported as "stopped".
TIME_LIMIT = 4.0

#: (heaps, largest heap) of the ladder, smallest first.
LADDER = [(2, 20), (2, 40), (3, 20), (3, 30), (4, 20), (4, 30), (6, 20), (6, 30), (6, 40)]

GAMES = ["kayles", "dawson-kayles"]

#: Rows of the reach table: (game, heaps, value or "stopped", nodes, seconds)
ROWS: List[Tuple[str, Tuple[int, ...], str, int, float]] = []


def position(heaps: int, top: int, seed: int = 2026) -> Tuple[int, ...]:
    """The ladder's position of ``heaps`` heaps between top/2 and top (fixed seed)."""
    rng = random.Random(seed * 1000 + heaps * 100 + top)
    return tuple(sorted((rng.randint(top // 2, top) for _ in range(heaps)), reverse=True))


def _solve(game: str, heaps: Tuple[int, ...], **options: Any) -> Tuple[str, int, float]:
    started = time.perf_counter()
    try:
        result = split_search(Rules.game(game, misere=True), heaps,
                              limits=Limits(nodes=None, time=TIME_LIMIT), **options)
    except SearchLimitError as stop:
        return "stopped", stop.nodes, time.perf_counter() - started
    return ("win" if result.value > 0 else "loss"), result.nodes, time.perf_counter() - started


@pytest.fixture(scope="module", autouse=True)
def reach_table() -> Iterator[None]:
    yield
    if ROWS:
        print("\n\nmisère reach (time limit %.0f s a case)" % TIME_LIMIT)
        print(f"{'game':<14} {'heaps':<28} {'answer':<8} {'nodes':>12} {'seconds':>8}")
        for game, heaps, answer, nodes, seconds in ROWS:
            print(f"{game:<14} {str(list(heaps)):<28} {answer:<8} {nodes:>12,} {seconds:>8.3f}")


@pytest.mark.benchmark(group="octal-misere-reach")
@pytest.mark.parametrize("heaps, top", LADDER, ids=[f"{n}x{t}" for n, t in LADDER])
@pytest.mark.parametrize("game", GAMES)
def test_misere_reach(benchmark: Any, game: str, heaps: int, top: int) -> None:
    start = position(heaps, top)
    answer, nodes, seconds = benchmark.pedantic(_solve, args=(game, start), rounds=1, iterations=1)
    ROWS.append((game, start, answer, nodes, seconds))
    benchmark.extra_info.update(position=list(start), answer=answer, nodes=nodes,
                                nodes_per_second=nodes / seconds if seconds else 0.0)
    assert answer in ("win", "loss", "stopped")
    assert seconds < TIME_LIMIT + 2.0     # the limit stops a case promptly


#: Positions both variants of a ratio solve within the limit.
RATIO_CASES = [("dawson-kayles", (19, 18, 13)), ("dawson-kayles", (20, 19, 19, 11)),
               ("kayles", (19, 18, 13))]
SECONDS: Dict[Tuple[str, str, Tuple[int, ...]], float] = {}


@pytest.mark.benchmark(group="octal-misere-ratios")
@pytest.mark.parametrize("variant", ["plain", "genus-leaves", "etc"])
@pytest.mark.parametrize("game, start", RATIO_CASES, ids=[f"{g}-{len(h)}" for g, h in RATIO_CASES])
def test_misere_ratios(benchmark: Any, game: str, start: Tuple[int, ...], variant: str) -> None:
    options = {"plain": {"tame_leaves": False}, "genus-leaves": {"tame_leaves": True},
               "etc": {"tame_leaves": True, "etc": True}}[variant]
    answer, nodes, seconds = benchmark.pedantic(_solve, args=(game, start), kwargs=options,
                                                rounds=1, iterations=1)
    assert answer != "stopped"
    SECONDS[(game, variant, start)] = seconds
    plain = SECONDS.get((game, "plain", start))
    benchmark.extra_info.update(nodes=nodes, answer=answer,
                                seconds_over_plain=seconds / plain if plain else None)
