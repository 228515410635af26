"""Vertex removal on a graph (Ferguson, exercise 4.5.11): every graph on up to five vertices, both
conventions, the value and the winning move, against a brute force over labelled edge sets that
shares no code with the package; the exercise's stars, paths and cycles by the same brute force."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import FrozenSet, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, NimError
from nim.solving.components import read_position

Edges = FrozenSet[Tuple[int, int]]


def after_removing(edges: Edges, v: int) -> Edges:
    return frozenset(e for e in edges if v not in e)


def options(edges: Edges) -> List[Edges]:
    return [after_removing(edges, v) for v in sorted({v for e in edges for v in e})]


@lru_cache(maxsize=None)
def wins(edges: Edges, misere: bool) -> bool:
    following = options(edges)
    if not following:
        return misere
    return any(not wins(child, misere) for child in following)


@lru_cache(maxsize=None)
def grundy(edges: Edges) -> int:
    seen = {grundy(child) for child in options(edges)}
    g = 0
    while g in seen:
        g += 1
    return g


ALL_PAIRS = list(itertools.combinations(range(5), 2))


@pytest.mark.parametrize("misere", [False, True])
def test_every_graph_on_five_vertices(misere: bool) -> None:
    rules = "misere,vertex-removal" if misere else "vertex-removal"
    for mask in range(1 << len(ALL_PAIRS)):
        chosen = [ALL_PAIRS[i] for i in range(len(ALL_PAIRS)) if mask >> i & 1]
        edges = frozenset(chosen)
        truth = wins(edges, misere)
        solution = nim.solve([list(e) for e in chosen], rules)
        assert (solution.value > 0) == truth, (chosen, rules)
        if not chosen:
            assert solution.move is None
            continue
        move = solution.move
        assert move is not None
        components = read_position(nim.Rules.parse(rules).family, [list(e) for e in chosen])
        moved = frozenset(tuple(e) for e in components[move.pile])
        after = (edges - moved) | frozenset(tuple(e) for part in move.left for e in part)
        assert after in options(edges) and len(edges) - len(after) == move.count, (chosen, move)
        if truth:
            assert not wins(after, misere), (chosen, rules, move)


def test_the_moves_listed_by_analyze() -> None:
    for chosen in ([(0, 1), (1, 2), (2, 0), (2, 3)], [(0, 1), (2, 3)], [(0, i) for i in range(1, 5)]):
        edges = frozenset(chosen)
        for misere in (False, True):
            rows = nim.analyze([list(e) for e in chosen], "misere,vertex-removal" if misere else "vertex-removal")
            assert len(rows) == len({v for e in chosen for v in e})
            assert sorted(row.value > 0 for row in rows) == sorted(not wins(c, misere) for c in options(edges))


def test_the_exercise_values() -> None:
    # stars S_n, paths L_n (n edges), cycles C_n: the engine's values against the brute force
    from nim.families.vertex_removal import VertexRemoval
    from nim.solving.components import ComponentBudget, component_grundy

    def _free() -> ComponentBudget:
        return ComponentBudget(None, None, "vertex removal")

    game = VertexRemoval()
    for n in range(1, 9):
        star = [(0, i) for i in range(1, n + 1)]
        assert component_grundy(game, game.read_component(star), _free()) == grundy(frozenset(star)) == 2 - n % 2
    for n in range(1, 11):
        path = [(i, i + 1) for i in range(n)]
        assert component_grundy(game, game.read_component(path), _free()) == grundy(frozenset(path))
    for n in range(3, 10):
        cycle = [(min(i, (i + 1) % n), max(i, (i + 1) % n)) for i in range(n)]
        assert component_grundy(game, game.read_component(cycle), _free()) == grundy(frozenset(cycle))


def test_a_path_is_the_octal_game_0_37() -> None:
    # removing an end vertex takes one edge; any other takes two and may split the rest in two
    for n in range(1, 60):
        path = [[i, i + 1] for i in range(n)]
        assert nim.solve(path + [[100, 101], [101, 102]], "vertex-removal").value == \
            nim.solve([n, 2], "octal=0.37").value, n


def test_isomorphic_trees_share_one_key_and_labels_are_kept() -> None:
    from nim.families.vertex_removal import VertexGraph

    assert VertexGraph([(5, 9), (9, 2), (2, 7)]) == VertexGraph([(0, 1), (1, 2), (2, 3)])
    assert VertexGraph([(0, 1), (0, 2), (0, 3)]) != VertexGraph([(0, 1), (1, 2), (2, 3)])
    text = nim.explain([[10, 11], [11, 12]], "vertex-removal").text
    assert "remove vertex 11" in text and "Ferguson" in text


def test_bad_input_is_refused_in_words() -> None:
    for bad in ([[0, 0]], [[0, 1, 2]], [["a", 1]], [[True, 1]], "edges", {"edges": [[0, 1]], "x": 1}):
        with pytest.raises(InvalidPositionError):
            nim.solve(bad, "vertex-removal")
    with pytest.raises(InvalidRulesError):
        nim.Rules.parse("vertex-removal=3")
    big = [[i, j] for i in range(40) for j in range(i + 1, 40)]      # K40: refused before it runs
    with pytest.raises(NimError, match="would look at"):
        nim.solve(big, "vertex-removal")
