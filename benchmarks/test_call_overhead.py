"""What one small ``nim.solve`` costs: warm, and as the first call of a fresh process.

    pytest benchmarks/test_call_overhead.py --benchmark-only

``nim.solve`` is a dict lookup and one compiled call (the default Solver's fast
path, nimcore/batch.pyx) wherever the theory is exact; the Solver's general
path (``solve_general``) is timed alongside for the ratio, and ``Solver.solve``
called directly. The fresh-process figure is what issue 3's easyAI comparison
measures (``benchmarks/compare_easyai.py``): it is stored in extra_info as the
median of FRESH_RUNS processes, each timing its own first call.
"""

import statistics
import subprocess
import sys
from typing import Any, List

import pytest

import nim
from nim.solving.defaults import default_solver

POSITIONS = [("misere", [1, 3, 5]), ("misere", [3, 4, 5, 6]), ("normal", [3, 4, 5, 6, 7])]
FRESH_RUNS = 15

FIRST_CALL = """
import time
import nim
from nim.solving.defaults import default_solver
started = time.perf_counter()
value = nim.solve({piles}, {rules!r}).value
print((time.perf_counter() - started) * 1e6)
"""


@pytest.mark.benchmark(group="call-warm")
@pytest.mark.parametrize("rules, piles", POSITIONS)
def test_warm_call(benchmark: Any, rules: str, piles: List[int]) -> None:
    solution = benchmark(nim.solve, piles, rules)
    assert solution.method == "theory"


@pytest.mark.benchmark(group="call-warm")
@pytest.mark.parametrize("rules, piles", POSITIONS + [("misere,max=3", [4, 1, 7])])
def test_warm_solver_solve(benchmark: Any, rules: str, piles: List[int]) -> None:
    solver = nim.Solver(rules)
    solution = benchmark(solver.solve, piles)
    assert solution[:4] == nim.solve(piles, rules)[:4]


@pytest.mark.benchmark(group="call-warm")
@pytest.mark.parametrize("rules, piles", POSITIONS)
def test_warm_call_general_path(benchmark: Any, rules: str, piles: List[int]) -> None:
    general = default_solver(rules).solve_general
    solution = benchmark(general, piles, "auto", {})
    assert solution[:4] == nim.solve(piles, rules)[:4]


@pytest.mark.benchmark(group="call-fresh-process")
@pytest.mark.parametrize("rules, piles", POSITIONS)
def test_first_call_of_a_fresh_process(benchmark: Any, rules: str, piles: List[int]) -> None:
    """The benchmark's own time includes interpreter start; extra_info has the call alone."""
    code = FIRST_CALL.format(piles=piles, rules=rules)
    first_calls: List[float] = []

    def run() -> None:
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        first_calls.append(float(out.stdout))

    benchmark.pedantic(run, rounds=FRESH_RUNS, iterations=1)
    benchmark.extra_info["first_call_us_median"] = round(statistics.median(first_calls), 1)
    benchmark.extra_info["first_call_us_min"] = round(min(first_calls), 1)
