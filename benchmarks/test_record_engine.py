"""The record engine (issue 39): its blocks in each kind of vector lane against one heap at a
time, as a ratio in the same run.

    pytest benchmarks/test_record_engine.py --benchmark-only

Each run is a child process (the lanes are chosen once a process, ``NIMCORE_RECORD_VECTORS``),
one thread, its CPU seconds past the head (where the mask is kept and the blocks begin): 0.167
to 2**22 heaps past a head of 2**16 (the small-values blocks: AVX2 or AVX-512), and Grundy's
game to 2**22 past a head of 2**20 (the wide-values blocks: AVX-512 only). The values are
compared by a checksum of the window. ``benchmarks/record_speed.py`` measures the same against
M. Rogalski's program and the C yardstick.

``test_hints_and_the_mate`` runs Grundy's game the same way with AVX-512, without the learned
hints, with them, and with them on two threads (the mate pairing the next block's far rare
heaps): wall seconds past the head, the ratio to the first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any, Dict

import pytest

HEAPS = 1 << 22
_CHILD = """
import hashlib, json, time
from nim import Rules
from nim.kernel import records
from nim.takebreak.sequence import game_places
_, takes_all, leaves, splits, grundy = game_places(Rules.coerce("{game}"))
engine = records().RecordSequence(takes_all, leaves, splits, grundy, {head}, 1 << 22, 1)
engine.run({head} + 8, 1 << 62)
started = time.process_time()
engine.run({heaps}, 1 << 62)
cpu = time.process_time() - started
window = engine.values(engine.window_start, len(engine))
print(json.dumps({{"cpu": cpu, "lanes": records().vector_lanes(),
                  "sha": hashlib.sha256(window).hexdigest()}}))
"""
SEEN: Dict[str, Dict[str, Dict[str, Any]]] = {}


@pytest.mark.benchmark(group="record-lanes")
@pytest.mark.parametrize("game, head", [("octal=0.167", 1 << 16), ("grundy-game", 1 << 20)])
@pytest.mark.parametrize("asked", ["plain", "avx2", ""])
def test_blocks_against_one_heap_at_a_time(benchmark: Any, game: str, head: int, asked: str) -> None:
    def run() -> Dict[str, Any]:
        done = subprocess.run([sys.executable, "-c", _CHILD.format(game=game, head=head, heaps=HEAPS)],
                              capture_output=True, text=True, check=True,
                              env=dict(os.environ, NIMCORE_RECORD_VECTORS=asked))
        found: Dict[str, Any] = json.loads(done.stdout)
        return found

    found = benchmark.pedantic(run, rounds=1, iterations=1)
    seen = SEEN.setdefault(game, {})
    seen[asked] = found
    benchmark.extra_info.update(game=game, heaps_timed=HEAPS - head - 8, cpu_seconds=found["cpu"],
                                lanes=found["lanes"] or "none", us_a_heap=found["cpu"] / (HEAPS - head - 8) * 1e6)
    if "plain" in seen:
        assert found["sha"] == seen["plain"]["sha"]
        benchmark.extra_info["one_heap_at_a_time_over_this"] = seen["plain"]["cpu"] / found["cpu"]


_CHILD_WALL = """
import hashlib, json, time
from nim import Rules
from nim.kernel import records
from nim.takebreak.sequence import game_places
_, takes_all, leaves, splits, grundy = game_places(Rules.coerce("grundy-game"))
engine = records().RecordSequence(takes_all, leaves, splits, grundy, {head}, 1 << 22, {threads})
engine.hints = {hints}
engine.run({head} + 8, 1 << 62)
wall, cpu = time.perf_counter(), time.process_time()
while len(engine) < {heaps}:
    engine.run({heaps}, 1 << 62)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
window = engine.values(engine.window_start, len(engine))
print(json.dumps({{"wall": wall, "cpu": cpu, "lanes": records().vector_lanes(), "learned": engine.hints_learned,
                  "mate_blocks": engine.mate_blocks, "sha": hashlib.sha256(window).hexdigest()}}))
"""
WALL: Dict[str, Dict[str, Any]] = {}


@pytest.mark.benchmark(group="record-hints-mate")
@pytest.mark.parametrize("hints, threads", [(0, 1), (1024, 1), (1024, 2)])
def test_hints_and_the_mate(benchmark: Any, hints: int, threads: int) -> None:
    head = 1 << 20

    def run() -> Dict[str, Any]:
        done = subprocess.run([sys.executable, "-c", _CHILD_WALL.format(head=head, heaps=HEAPS, hints=hints,
                                                                       threads=threads)],
                              capture_output=True, text=True, check=True)
        found: Dict[str, Any] = json.loads(done.stdout)
        return found

    found = benchmark.pedantic(run, rounds=1, iterations=1)
    WALL[f"{hints}/{threads}"] = found
    benchmark.extra_info.update(hints=hints, threads=threads, wall_seconds=found["wall"], cpu_seconds=found["cpu"],
                                lanes=found["lanes"], hints_learned=found["learned"],
                                mate_blocks=found["mate_blocks"],
                                us_a_heap_wall=found["wall"] / (HEAPS - head - 8) * 1e6)
    if "0/1" in WALL:
        assert found["sha"] == WALL["0/1"]["sha"]
        benchmark.extra_info["neither_over_this"] = WALL["0/1"]["wall"] / found["wall"]
