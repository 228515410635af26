"""Benchmarks of the `tt` engine (issue 3's targets).

    pytest benchmarks/test_tt.py --benchmark-only

* misère [1,13,14,20,1,15,9,8]: target under 50 ms;
* misère max 3 [28,28,2,3,3,12,27,6,24,26]: target under 5 s within 512 MB;
* at least 10 million nodes per second with the table in use.

Each reports, in extra_info: nodes, nodes per second, table entries, table
bytes in use and the peak resident memory of a fresh process solving the
position alone (the table is reserved lazily, so resident memory is what the
search really used).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any, Dict, List

import pytest

import nim
from nim.rules import Rules
from nimcore import tt
from nimcore.search import Search
from nimcore.ttable import TranspositionTable

PEAK = """
import json, sys, time
import nim
from nim.rules import Rules
from nimcore import tt
from nimcore.search import Search
from nimcore.ttable import TranspositionTable
piles, rules, mb = json.loads(sys.argv[1])
def peak_kb():
    # VmHWM: this process's peak resident memory (ru_maxrss would carry the
    # parent's peak across fork and exec)
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
before = peak_kb()
table = TranspositionTable(mb)
search = Search(Rules.parse(rules).core, piles)
started = time.perf_counter()
value, _, _ = tt.search(search, table)
seconds = time.perf_counter() - started
after = peak_kb()
print(json.dumps({"value": value, "nodes": search.nodes, "seconds": seconds,
                  "entries": table.entries, "table_bytes_in_use": table.bytes_in_use,
                  "table_bytes_reserved": table.nbytes,
                  "peak_rss_mb": after / 1024, "rss_growth_mb": (after - before) / 1024}))
"""


def fresh_process_stats(piles: List[int], rules: str, mb: int) -> Dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", PEAK, json.dumps([piles, rules, mb])],
                         capture_output=True, text=True, check=True)
    result: Dict[str, Any] = json.loads(out.stdout)
    return result


def run_tt(piles: List[int], rules: str, mb: int) -> Dict[str, Any]:
    table = TranspositionTable(mb)
    search = Search(Rules.parse(rules).core, piles)
    value, _, _ = tt.search(search, table)
    return {"value": value, "nodes": search.nodes, "entries": table.entries, "seconds": search.seconds}


def report(benchmark: Any, piles: List[int], rules: str, mb: int, value: int) -> None:
    stats = fresh_process_stats(piles, rules, mb)
    assert stats["value"] == value
    if benchmark.enabled:              # --benchmark-disable: nothing timed
        benchmark.extra_info["nodes_per_second"] = round(stats["nodes"] / benchmark.stats.stats.mean)
    benchmark.extra_info.update({
        "nodes": stats["nodes"],
        "table_entries": stats["entries"],
        "table_bytes_in_use": stats["table_bytes_in_use"],
        "table_bytes_reserved": stats["table_bytes_reserved"],
        "peak_rss_mb_fresh_process": round(stats["peak_rss_mb"], 1),
        "search_seconds_fresh_process": round(stats["seconds"], 4),
    })


@pytest.mark.benchmark(group="tt")
def test_misere_eight_piles(benchmark: Any) -> None:
    piles, rules = [1, 13, 14, 20, 1, 15, 9, 8], "misere"
    solution = benchmark(nim.solve, piles, rules, method="tt")
    assert solution.value == nim.solve(piles, rules, method="grundy").value
    report(benchmark, piles, rules, nim.solving.DEFAULT_TT_MB, solution.value)


@pytest.mark.benchmark(group="tt")
def test_misere_max3_ten_piles(benchmark: Any) -> None:
    piles, rules = [28, 28, 2, 3, 3, 12, 27, 6, 24, 26], "misere,max=3"
    solution = benchmark.pedantic(nim.solve, args=(piles, rules), kwargs={"tt_mb": 512, "method": "tt"},
                                  rounds=2, iterations=1)
    assert solution.method == "tt"
    report(benchmark, piles, rules, 512, solution.value)


@pytest.mark.benchmark(group="tt")
def test_misere_max3_eight_piles(benchmark: Any) -> None:
    piles, rules = [1, 13, 14, 20, 1, 15, 9, 8], "misere,max=3"
    solution = benchmark(nim.solve, piles, rules, method="tt")
    report(benchmark, piles, rules, nim.solving.DEFAULT_TT_MB, solution.value)


@pytest.mark.benchmark(group="tt-small")
@pytest.mark.parametrize("piles", [[1, 3, 5], [1, 2, 4, 5], [3, 4, 5, 6]])
def test_small_misere_positions_per_call(benchmark: Any, piles: List[int]) -> None:
    """Per-call cost of nim.solve(method='tt') on the easyAI comparison's positions (warm)."""
    solution = benchmark(nim.solve, piles, "misere", method="tt")
    benchmark.extra_info["nodes"] = solution.nodes
