"""Where users wait (issue 33 items 2 and 3): figures printed with their yardsticks.

    pytest benchmarks/test_speed.py --benchmark-only -s

* the first answer on a large subtraction set (200 and 2,000 random members up
  to 20,000, piles up to 10**5) in a fresh process, CPU time (user + system)
  beside ``python -c "import nim"`` (target: under 0.5 s more);
* ``nim.analyze([10**6], depth=False)`` in moves per second of CPU (target
  >= 3 M/s), beside building as many 1-tuples in Python (a loaded machine slows
  both alike);
* ``nimcore solve 1000000 --all-moves --no-depth`` in lines per second of CPU
  (target >= 1 M/s), beside a fresh ``nimcore solve 1000000``.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any, List

import pytest

import nim

RUNS = 5


def cpu_seconds(command: List[str], runs: int = RUNS) -> float:
    """Median CPU time (user + system) of ``command`` over ``runs`` fresh processes."""
    times = []
    for _ in range(runs):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        assert status == 0, command
        times.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(times)


def large_set(members: int, seed: int = 5) -> str:
    rng = random.Random(seed)
    return "normal,set=" + ";".join(map(str, sorted(rng.sample(range(1, 20_001), members))))


@pytest.mark.benchmark(group="speed-large-set")
@pytest.mark.parametrize("members", [200, 2000])
def test_first_answer_on_a_large_set(benchmark: Any, members: int) -> None:
    rules = large_set(members)
    code = f"import nim; s = nim.solve([100000, 99999, 1000, 7], {rules!r}); assert s.method == 'theory'"
    base = cpu_seconds([sys.executable, "-c", "import nim"])
    measured = benchmark.pedantic(cpu_seconds, args=([sys.executable, "-c", code],), rounds=1, iterations=1)
    benchmark.extra_info.update(cpu_s=measured, import_nim_s=base, extra_s=measured - base)
    print(f"\n|S| = {members}: first answer {measured:.3f} s CPU, import nim {base:.3f} s: "
          f"{measured - base:.3f} s for the answer")


def cpu_of(function: Any) -> float:
    started = time.process_time()
    function()
    return time.process_time() - started


@pytest.mark.benchmark(group="speed-analyze")
def test_analyze_a_million_moves(benchmark: Any) -> None:
    nim.analyze([10], depth=False)                 # the theory built
    yardstick = cpu_of(lambda: [(i,) for i in range(10**6)])
    seconds = benchmark.pedantic(cpu_of, args=(lambda: nim.analyze([10**6], depth=False),),
                                 rounds=3, iterations=1)
    rate = 10**6 / seconds
    benchmark.extra_info.update(moves_per_s=rate, yardstick_s=yardstick, ratio=seconds / yardstick)
    print(f"\nanalyze([10**6], depth=False): {seconds:.3f} s CPU, {rate / 1e6:.2f} M moves/s; "
          f"10**6 1-tuples in Python {yardstick:.3f} s ({seconds / yardstick:.1f}x)")


@pytest.mark.benchmark(group="speed-listing")
def test_all_moves_listing(benchmark: Any) -> None:
    base = cpu_seconds([sys.executable, "-m", "nim", "solve", "1000000"], runs=3)
    measured = benchmark.pedantic(
        cpu_seconds, args=([sys.executable, "-m", "nim", "solve", "1000000", "--all-moves", "--no-depth"], 3),
        rounds=1, iterations=1)
    rate = 10**6 / max(1e-9, measured - base)
    benchmark.extra_info.update(cpu_s=measured, solve_alone_s=base, lines_per_s=rate)
    print(f"\nsolve 1000000 --all-moves --no-depth: {measured:.3f} s CPU, solve alone {base:.3f} s: "
          f"{rate / 1e6:.2f} M lines/s")
