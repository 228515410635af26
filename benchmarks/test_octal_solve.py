"""Benchmarks of sums of take-and-break heaps in normal play (issue 23, item 6).

    pytest benchmarks/test_octal_solve.py --benchmark-only

* 10**6 Kayles heaps of up to 10**9 solved end to end from a file by the CLI
  (``nimcore solve --file F --game kayles``: start-up, reading, the nim-sum,
  the winning move; target under 0.5 s), beside plain Nim on the same file in
  the same run (``extra_info``: the ratio Kayles / Nim);
* the same 10**6 heaps through the Python path (``nim.solve``);
* a warm 20-heap Kayles solve (``nim.solve``), beside a warm 20-pile Nim solve
  in the same run (the yardstick: the compiled theory's fast path);
* a winning split of one heap of 10**3 and of 10**12 (the same work: the split
  is searched below preperiod + period, not over the heap), and of Grundy's game.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

import nim

#: seconds measured in this run, by name, for the ratios
SECONDS: Dict[str, float] = {}

HEAPS = 10**6


@pytest.fixture(scope="module")
def heaps_file(tmp_path_factory: Any) -> Path:
    rng = random.Random(23)
    path: Path = tmp_path_factory.mktemp("octal") / "kayles.txt"
    path.write_text(" ".join(str(rng.randint(1, 10**9)) for _ in range(HEAPS)) + "\n")
    return path


def _cli(path: Path, *flags: str) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "nim", "solve", "--file", str(path), *flags],
                          capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    assert "value" in done.stdout
    return seconds


@pytest.mark.benchmark(group="octal-sum-file")
@pytest.mark.parametrize("flags", [("--game", "kayles"), ()], ids=["kayles", "nim"])
def test_a_million_heaps_from_a_file_end_to_end(benchmark: Any, heaps_file: Path, flags: Any) -> None:
    seconds = benchmark.pedantic(_cli, args=(heaps_file, *flags), rounds=5, iterations=1)
    name = "kayles" if flags else "nim"
    if not benchmark.enabled:          # --benchmark-disable: run once, nothing timed
        return
    SECONDS[name] = benchmark.stats.stats.min
    benchmark.extra_info.update(heaps=HEAPS, last_seconds=seconds)
    if "kayles" in SECONDS and "nim" in SECONDS:
        benchmark.extra_info["kayles_over_nim"] = SECONDS["kayles"] / SECONDS["nim"]
    if name == "kayles":
        assert benchmark.stats.stats.min < 0.5, "10**6 Kayles heaps from a file: target under 0.5 s"


@pytest.mark.benchmark(group="octal-sum-python")
def test_a_million_heaps_through_nim_solve(benchmark: Any, heaps_file: Path) -> None:
    heaps: List[int] = list(map(int, heaps_file.read_text().split()))
    solution = benchmark(nim.solve, heaps, "kayles")
    assert solution.method == "theory"


@pytest.mark.benchmark(group="octal-warm-20")
@pytest.mark.parametrize("rules", ["kayles", "normal"])
def test_warm_twenty_heap_solve(benchmark: Any, rules: str) -> None:
    heaps = [random.Random(rules).randint(1, 10**9) for _ in range(20)]
    nim.solve(heaps, rules)                     # warm: the rule set's table is built
    solution = benchmark(nim.solve, heaps, rules)
    assert solution.method == "theory"
    if not benchmark.enabled:
        return
    SECONDS[f"warm-{rules}"] = benchmark.stats.stats.mean
    if "warm-kayles" in SECONDS and "warm-normal" in SECONDS:
        benchmark.extra_info["kayles_over_nim"] = SECONDS["warm-kayles"] / SECONDS["warm-normal"]


@pytest.mark.benchmark(group="octal-split-move")
@pytest.mark.parametrize("rules, heaps", [
    # each wins only by splitting the large heap
    ("kayles", [10**3 + 4]),                    # the smaller part scanned below preperiod + period
    ("kayles", [10**12 + 4]),                   # the same work, the heap a billion times larger
    ("dawson-kayles", [10**12 + 10, 2]),
    ("grundy-game", [100_000, 7]),              # no period: the rare heaps first
], ids=["kayles-1e3", "kayles-1e12", "dawson-1e12", "grundy-1e5"])
def test_a_winning_split_of_one_large_heap(benchmark: Any, rules: str, heaps: List[int]) -> None:
    from nim.takebreak.sums import sum_table

    table = sum_table(rules)
    table.grundies(heaps)                       # warm: the values computed
    move = benchmark(table.winning_move, heaps)
    benchmark.extra_info["move"] = str(move)
    assert move is not None and move.split is not None
    assert sum(move.split) + move.count == heaps[move.pile]
