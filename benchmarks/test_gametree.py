"""Game-tree search: the compiled core (nimcore.gametree) against the pure-Python twin
(nim.trees.games.solve_game over TreeGame) on a random tree of 4**10 = 1,048,576 leaves.

Run with: pytest benchmarks/test_gametree.py --benchmark-only
Each benchmark reports the nodes it visited and nodes per second in extra_info.
"""

from __future__ import annotations

import random
from typing import Any, List

import pytest

import nim
from nim.trees.games import TreeGame, solve_game
from nim.trees import GameTree

BRANCHING = 4
DEPTH = 10          # 4**10 leaves, 1,398,100 nodes below the root


def random_tree(seed: int = 5) -> Any:
    """Built bottom-up, no recursion: random integer leaves in -1000 .. 1000."""
    rng = random.Random(seed)
    level: List[Any] = [rng.randint(-1000, 1000) for _ in range(BRANCHING**DEPTH)]
    while len(level) > 1:
        level = [level[i:i + BRANCHING] for i in range(0, len(level), BRANCHING)]
    return level[0]


@pytest.fixture(scope="module")
def tree() -> Any:
    return random_tree()


@pytest.fixture(scope="module")
def flat(tree: Any) -> GameTree:
    return GameTree.from_nested(tree)


def _report(benchmark: Any, nodes: int) -> None:
    if not benchmark.enabled:          # --benchmark-disable: nothing timed
        return
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["nodes"] = nodes
    benchmark.extra_info["nodes_per_second"] = round(nodes / mean) if mean else None


@pytest.mark.benchmark(group="gametree-core")
@pytest.mark.parametrize("method", ["Minimax", "AlphaBeta"])
def test_core(benchmark: Any, flat: GameTree, method: str) -> None:
    solution = benchmark.pedantic(nim.trees.solve_tree, args=(flat, method), rounds=5, iterations=1)
    _report(benchmark, solution.nodes)


@pytest.mark.benchmark(group="gametree-core")
def test_core_from_nested_lists(benchmark: Any, tree: Any) -> None:
    """End to end: flatten the nested lists, then minimax."""
    solution = benchmark.pedantic(nim.trees.solve_tree, args=(tree, "Minimax"), rounds=3, iterations=1)
    _report(benchmark, solution.nodes)


@pytest.mark.benchmark(group="gametree-flatten")
def test_flatten(benchmark: Any, tree: Any) -> None:
    flat = benchmark.pedantic(GameTree.from_nested, args=(tree,), rounds=3, iterations=1)
    _report(benchmark, flat.size)


@pytest.mark.benchmark(group="gametree-twin")
@pytest.mark.parametrize("method", ["Minimax", "AlphaBeta"])
def test_python_twin(benchmark: Any, tree: Any, flat: GameTree, method: str) -> None:
    def solve() -> Any:
        return solve_game(TreeGame(tree), method=method)

    result = benchmark.pedantic(solve, rounds=1, iterations=1)
    core = nim.trees.solve_tree(flat, method)
    assert (result.value, result.action, result.nodes) == (core.value, core.best_index, core.nodes)
    _report(benchmark, result.nodes)
