"""Start-up of the command line, side by side with a bare interpreter.

CPU time (user + system) of fresh processes, median of 20, which a loaded
machine disturbs less than wall time; the ratio to ``python -c pass`` is the
figure the start-up goal is stated in (at most 4x). Measure a regular install
(``pip install .``): an editable install adds its import hook to both sides.

    pytest benchmarks/test_startup.py --benchmark-only -s
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from typing import Any, List

import pytest

RUNS = 20


def cpu_ms(command: List[str]) -> float:
    """Median CPU time of ``command`` over RUNS fresh processes, in ms."""
    times = []
    for _ in range(RUNS):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        times.append((usage.ru_utime + usage.ru_stime) * 1000)
    return statistics.median(times)


@pytest.mark.benchmark(group="startup")
@pytest.mark.parametrize("label, code", [
    ("import nim", ["-c", "import nim"]),
    ("nimcore solve 1 2 3", ["-m", "nim", "solve", "1", "2", "3"]),
])
def test_startup_against_python_c_pass(benchmark: Any, label: str, code: List[str]) -> None:
    base = cpu_ms([sys.executable, "-c", "pass"])
    measured = benchmark.pedantic(cpu_ms, args=([sys.executable, *code],), rounds=1, iterations=1)
    benchmark.extra_info.update(cpu_ms=measured, python_c_pass_ms=base, ratio=measured / base)
    print(f"\n{label}: {measured:.1f} ms CPU, python -c pass {base:.1f} ms: {measured / base:.1f}x")
