"""Minimax and alpha-beta in the core, and their pure-Python twin, in nodes per second.

    pytest benchmarks/test_core_engines.py --benchmark-only

Targets (issue 2): plain minimax >= 150 million nodes/s on one core, and >= 100x
the pure-Python twin's nodes/s. Each benchmark stores its nodes/s in extra_info.
Issue 22: minimax (explicit heap frames, no recursion) runs at least as many
nodes per second as the naive recursive C loop of ``yardstick/naive_minimax.c``
on the same tree, measured in the same run (skipped without a C compiler).
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import nim

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))   # the tests' twins
import reference  # noqa: E402

FULL_TREES = {(2, 3, 4, 5): 77_978_798, (1, 3, 5, 7): 516_124_194}


def _solve_rounds(benchmark, piles, method, rounds):
    result = benchmark.pedantic(nim.solve, args=(piles, "misere", method),
                                kwargs={"node_limit": None}, rounds=rounds, iterations=1)
    return result


@pytest.mark.benchmark(group="minimax")
@pytest.mark.parametrize("piles", list(FULL_TREES))
def test_minimax_full_tree(benchmark, rates, timed, piles):
    solution = _solve_rounds(benchmark, piles, "minimax", rounds=3 if sum(piles) < 15 else 2)
    assert solution.nodes == FULL_TREES[piles]
    if timed(benchmark) is None:
        return
    rate = solution.nodes / timed(benchmark)
    benchmark.extra_info.update(nodes=solution.nodes, nodes_per_second=round(rate))
    rates[f"minimax{list(piles)}"] = rate


@pytest.mark.benchmark(group="alphabeta")
@pytest.mark.parametrize("piles", list(FULL_TREES))
def test_alphabeta(benchmark, timed, piles):
    solution = benchmark(nim.solve, piles, "misere", "alphabeta")
    nim_sum = 0
    for pile in piles:
        nim_sum ^= pile
    assert solution.value == (1 if nim_sum else -1)     # Bouton's misère rule (a pile above 1)
    if timed(benchmark) is not None:
        benchmark.extra_info.update(nodes=solution.nodes,
                                    nodes_per_second=round(solution.nodes / timed(benchmark, "mean")))


@pytest.mark.benchmark(group="twin")
def test_pure_python_twin_and_ratio(benchmark, rates, timed):
    piles = [1, 2, 4, 5]
    result = benchmark.pedantic(reference.minimax, args=(piles, "misere"), rounds=1, iterations=1)
    assert result.nodes == 2_284_401
    if timed(benchmark) is None:
        return
    twin_rate = result.nodes / timed(benchmark)
    started = time.perf_counter()
    core = nim.solve(piles, "misere", "minimax")
    core_rate = core.nodes / (time.perf_counter() - started)
    benchmark.extra_info.update(
        nodes=result.nodes, nodes_per_second=round(twin_rate),
        core_nodes_per_second_same_tree=round(core_rate),
        ratio_same_tree=round(core_rate / twin_rate),
        ratio_full_trees={name: round(rate / twin_rate) for name, rate in rates.items()},
    )


@pytest.mark.benchmark(group="closed-form")
def test_million_piles_end_to_end(benchmark, tmp_path):
    """`nimcore solve --file` on a million piles, process start included (target < 0.5 s)."""
    path = tmp_path / "million.txt"
    path.write_text("\n".join(str((i * 2654435761) % 10**9) for i in range(10**6)))
    command = [str(Path(sys.executable).with_name("nimcore")), "solve", "--file", str(path), "--json"]

    def run():
        subprocess.run(command, check=True, capture_output=True, env=dict(os.environ))

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="minimax")
def test_minimax_against_the_naive_c_loop(benchmark, timed, tmp_path):
    """nimcore's minimax >= the plainest recursive C minimax, nodes per second, same tree."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler for the yardstick")
    source = Path(__file__).with_name("yardstick") / "naive_minimax.c"
    program = tmp_path / "naive_minimax"
    subprocess.run([compiler, "-O2", "-o", str(program), str(source)], check=True)
    piles = (2, 3, 4, 5)
    naive_rate = 0.0
    for _ in range(3):
        value, nodes, seconds = subprocess.run([str(program), *map(str, piles)], check=True,
                                               capture_output=True, text=True).stdout.split()
        assert int(nodes) == FULL_TREES[piles]
        naive_rate = max(naive_rate, int(nodes) / float(seconds))
    solution = benchmark.pedantic(nim.solve, args=(piles, "misere", "minimax"),
                                  kwargs={"node_limit": None}, rounds=3, iterations=1)
    assert solution.nodes == FULL_TREES[piles] and solution.value == int(value)
    if timed(benchmark) is None:
        return
    rate = solution.nodes / timed(benchmark)
    benchmark.extra_info.update(nodes_per_second=round(rate), naive_c_nodes_per_second=round(naive_rate),
                                ratio=round(rate / naive_rate, 2))
    assert rate >= naive_rate
