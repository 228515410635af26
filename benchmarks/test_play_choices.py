"""Play-side costs: drawing Lab 2's game trees, NimX's Lab 2 tie-break, one AI move.

Run with: pytest benchmarks/test_play_choices.py --benchmark-only
"""

from __future__ import annotations

import random
from typing import Any, List

import pytest

from nim import Rules
from nim.study.replay import parse_replay, replay_game
from nim.play.strategies import make_strategy
from nim.study.tree_search import build_game_tree
from nim.study.tree_drawing import tree_svg
from nim.play.tiebreak import first_best_move


@pytest.mark.benchmark(group="play-tree")
@pytest.mark.parametrize("piles", [[4, 4], [1, 3, 5]], ids=str)
def test_build_lab2_tree(benchmark: Any, piles: List[int]) -> None:
    tree = benchmark(build_game_tree, piles, "misere", "alphabeta")
    benchmark.extra_info["nodes"] = tree.visited
    if not benchmark.enabled:          # --benchmark-disable: nothing timed
        return
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["nodes_per_second"] = round(tree.visited / mean) if mean else None


@pytest.mark.benchmark(group="play-tree")
def test_draw_lab2_tree_svg(benchmark: Any) -> None:
    tree = build_game_tree([1, 3, 5], "misere", "alphabeta")
    benchmark(tree_svg, tree)


@pytest.mark.benchmark(group="play-tiebreak")
@pytest.mark.parametrize("piles", [(4, 2), (10**5, 5), (2**32, 5), (2**62, 7, 2**40)], ids=str)
def test_lab2_tie_break(benchmark: Any, piles: Any) -> None:
    # O(piles), whatever their sizes (it used to solve every child: linear in the pile size)
    benchmark(first_best_move, piles, Rules(misere=True))


@pytest.mark.benchmark(group="play-tiebreak")
def test_replay_of_large_piles(benchmark: Any) -> None:
    game = parse_replay("2\n100000\n5\n0 1\n")
    benchmark(replay_game, game, "misere")


@pytest.mark.benchmark(group="play-move")
@pytest.mark.parametrize("spec", ["level:1", "level:3", "ida", "minimax", "alphabeta"])
def test_one_move_on_a_kuet_board(benchmark: Any, spec: str) -> None:
    player = make_strategy(spec)
    benchmark(player.choose_move, (5, 4, 6), "normal,max=3", random.Random(1))
