"""Benchmarks of the theory (issue 10, item 6).

    pytest benchmarks/test_theory.py --benchmark-only

* 10**6 piles per rule set, through ``nim.solve`` and end to end through
  ``nimcore solve --file`` in a fresh process (target: under 0.5 s);
* a warm 20-pile misère ``max 3`` solve;
* the ten-pile `tt` benchmark position (misère max 3) solved by ``auto``
  (the theory) and by ``tt`` in the same run: extra_info holds the ratio;
* ``grundy_table`` and ``pile_table`` up to 10**6 (linear).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

import nim

RULES = ["normal", "misere", "misere,max=3", "misere,half", "misere,set=2;5;7", "normal,set=2;5;7"]
FLAGS = {"normal": [], "misere": ["--misere"], "misere,max=3": ["--misere", "--max-take", "3"],
         "misere,half": ["--misere", "--half"], "misere,set=2;5;7": ["--misere", "--subtract", "2,5,7"],
         "normal,set=2;5;7": ["--subtract", "2,5,7"]}
_RNG = random.Random(1)     # one generator: a fresh Random(1) per pile made every pile equal
MILLION = [_RNG.randint(0, 10**6) for _ in range(10**6)]
TEN_PILES = [28, 28, 2, 3, 3, 12, 27, 6, 24, 26]
#: seconds per solve measured in this run, by name (for the auto / tt ratio)
SECONDS: Dict[str, float] = {}
VALUES: Dict[str, int] = {}


@pytest.fixture(scope="module")
def million_file(tmp_path_factory: Any) -> Path:
    path: Path = tmp_path_factory.mktemp("piles") / "million.txt"
    path.write_text(" ".join(map(str, MILLION)))
    return path


@pytest.mark.benchmark(group="theory-million")
@pytest.mark.parametrize("rules", RULES)
def test_million_piles(benchmark: Any, rules: str) -> None:
    solution = benchmark(nim.solve, MILLION, rules)
    assert solution.method == "theory" and solution.move is not None


@pytest.mark.benchmark(group="theory-million-cli")
@pytest.mark.parametrize("rules", RULES)
def test_million_piles_end_to_end(benchmark: Any, rules: str, million_file: Path) -> None:
    """A fresh `nimcore solve --file` process: start-up, reading, solving, printing."""
    argv = [sys.executable, "-m", "nim", "solve", "--file", str(million_file), *FLAGS[rules]]
    out = benchmark.pedantic(subprocess.run, args=(argv,),
                             kwargs={"capture_output": True, "text": True, "check": True},
                             rounds=3, iterations=1)
    assert "engine     theory" in out.stdout


@pytest.mark.benchmark(group="theory-warm")
def test_warm_twenty_piles_misere_max3(benchmark: Any) -> None:
    rng = random.Random(2)
    piles = [rng.randint(0, 50) for _ in range(20)]
    solution = benchmark(nim.solve, piles, "misere,max=3")
    assert solution.method == "theory"


@pytest.mark.benchmark(group="theory-vs-tt")
@pytest.mark.parametrize("method", ["tt", "auto"])
def test_ten_piles_auto_against_tt(benchmark: Any, method: str) -> None:
    rounds = 2 if method == "tt" else 1000
    solution = benchmark.pedantic(nim.solve, args=(TEN_PILES, "misere,max=3", method),
                                  kwargs={"tt_mb": 512} if method == "tt" else {},
                                  rounds=rounds, iterations=1)
    VALUES[method] = solution.value
    assert len(set(VALUES.values())) == 1      # the same value by search and by theory
    benchmark.extra_info["method"] = solution.method
    if not benchmark.enabled:                  # --benchmark-disable: nothing timed
        return
    SECONDS[method] = benchmark.stats.stats.mean
    if len(SECONDS) == 2:
        ratio = SECONDS["tt"] / SECONDS["auto"]
        benchmark.extra_info["tt_over_auto"] = round(ratio)
        print(f"\ntt / auto on the ten-pile position: {ratio:,.0f}x")


@pytest.mark.benchmark(group="theory-tables")
@pytest.mark.parametrize("rules", ["normal", "normal,half", "normal,max=3", "normal,set=2;5;7"])
def test_grundy_table_million(benchmark: Any, rules: str) -> None:
    """Linear for every rule (the mex DP was quadratic for any and half: 10**5 took 5.7 s)."""
    table = benchmark.pedantic(nim.solving.grundy_table, args=(10**6, rules), rounds=3, iterations=1)
    assert len(table) == 10**6 + 1


@pytest.mark.benchmark(group="theory-tables")
@pytest.mark.parametrize("rules", ["normal,max=3", "misere,half"])
def test_pile_table_million(benchmark: Any, rules: str) -> None:
    rows = benchmark.pedantic(nim.solving.pile_table, args=(10**6, rules), rounds=2, iterations=1)
    assert len(rows) == 10**6 + 1
