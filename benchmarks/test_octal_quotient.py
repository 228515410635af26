"""The misère-quotient engine (issue 30, item 3): computing quotients cold and from
the cache, and answering positions with a winning move from a warm quotient.

    pytest benchmarks/test_octal_quotient.py --benchmark-only

Targets (on an idle machine): Kayles cold <= 0.5 s, from the cache <= 10 ms;
each Kayles position with its winning move <= 50 us; R8 (0.75), 0.34, 0.15,
0.115, 0.152 each <= 2 s; Dawson's Kayles to heap 30 (order 360) and to heap 33
(order 638) each <= 10 s (MisereSolver's recalibration: 0.085 s and 0.71 s
against a yardstick of 0.34 ms on the loaded machine). The machine these run on
is shared: compare a figure with the yardstick (a plain Python loop) measured in
the same run.

``test_kayles_from_cache_fresh_process`` times what a user's first call pays:
a fresh interpreter that imports nim and loads (and re-verifies) the cached
Kayles quotient, against ``python -c "import nim"`` (CPU time, median of
fresh processes, as benchmarks/test_startup.py does): the difference is the
load, target <= 10 ms. The processes use cached byte-code as an installed
package does (PYTHONDONTWRITEBYTECODE is dropped for them: compiling
nim/takebreak/quotient.py from source alone is 20 ms).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
from typing import Any, Dict, List

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


#: Fresh processes timed for each side of the fresh-process load.
FRESH_RUNS = 21

#: A fresh process's first call: the quotient read from the cache and re-verified
#: (a 1 ms time limit: computing it instead could not prove the period, and the
#: assertion would fail).
FRESH_LOAD = ("import nim; q = nim.octal.misere_quotient('kayles', seconds=0.001); "
              "assert q.proven and q.order == 40")


def fresh_cpu_ms(code: str, env: Dict[str, str]) -> float:
    """Median CPU time (user + system) of ``python -c code`` over FRESH_RUNS processes, in ms."""
    times: List[float] = []
    for _ in range(FRESH_RUNS):
        process = subprocess.Popen([sys.executable, "-c", code], env=env, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        assert status == 0, process.stderr.read().decode() if process.stderr else code
        if process.stderr:
            process.stderr.close()
        times.append((usage.ru_utime + usage.ru_stime) * 1000)
    return statistics.median(times)


def test_kayles_from_cache_fresh_process(benchmark: Any) -> None:
    misere_quotient("kayles")            # fills the (private) cache
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-c", FRESH_LOAD], env=env, check=True)   # writes the byte-code
    yardstick = fresh_cpu_ms("import nim", env)
    measured = benchmark.pedantic(fresh_cpu_ms, args=(FRESH_LOAD, env), rounds=1, iterations=1)
    load = measured - yardstick
    benchmark.extra_info.update(load_ms=load, import_nim_ms=yardstick, ratio=measured / yardstick)
    print(f"\nKayles quotient from the cache in a fresh process: {load:.1f} ms CPU over "
          f"`import nim` ({yardstick:.1f} ms): {measured / yardstick:.2f}x the yardstick")


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
    # reported, 638 at heap 33 as the study found; target <= 10 s each (0.1 s and 0.7 s
    # with MisereSolver's recalibration, 2.7 s and 7.3 s before it)
    q = benchmark.pedantic(lambda: misere_quotient("dawson-kayles", heaps, cache=False), rounds=1,
                           iterations=1)
    assert q.order == order
