"""Green Hackenbush (Ferguson, Part I, ch. 6; nim.families.hackenbush) against a brute force that
shares no code with the package: a graph is a set of edge numbers, a move deletes one and drops
what no path joins to the ground, win or loss and Grundy values by memoised recursion; every
small graph on four vertices, random graphs with cycles, both conventions, every move."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import FrozenSet, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, NimError, Rules

Graph = Tuple[Tuple[int, int], ...]


def grounded(edges: Graph, alive: FrozenSet[int]) -> FrozenSet[int]:
    """The edges of ``alive`` that a path joins to vertex 0."""
    reached, kept, changed = {0}, set(), True
    while changed:
        changed = False
        for i in alive:
            u, v = edges[i]
            if i not in kept and (u in reached or v in reached):
                kept.add(i)
                reached |= {u, v}
                changed = True
    return frozenset(kept)


@lru_cache(maxsize=None)
def children(edges: Graph, alive: FrozenSet[int]) -> List[FrozenSet[int]]:
    return [grounded(edges, alive - {i}) for i in alive]


@lru_cache(maxsize=None)
def wins(edges: Graph, alive: FrozenSet[int], misere: bool) -> bool:
    options = children(edges, alive)
    if not options:
        return misere
    return any(not wins(edges, child, misere) for child in options)


@lru_cache(maxsize=None)
def grundy(edges: Graph, alive: FrozenSet[int]) -> int:
    seen = {grundy(edges, child) for child in children(edges, alive)}
    g = 0
    while g in seen:
        g += 1
    return g


def small_graphs() -> List[Graph]:
    pairs = [(u, v) for u in range(4) for v in range(u, 4)]
    found = []
    for size in range(1, 5):
        for chosen in itertools.combinations_with_replacement(pairs, size):
            if len(grounded(chosen, frozenset(range(size)))) == size:
                found.append(chosen)
    rng = random.Random(41)
    while sum(len(g) >= 6 for g in found) < 150:
        size = rng.randint(6, 8)
        chosen = tuple((rng.randrange(5), rng.randrange(5)) for _ in range(size))
        if len(grounded(chosen, frozenset(range(size)))) == size:
            found.append(chosen)
    return found


GRAPHS = small_graphs()


def edge_multiset(edges: Graph) -> List[Tuple[int, int]]:
    return sorted((min(u, v), max(u, v)) for u, v in edges)


def test_the_value_of_every_small_graph_is_the_mex() -> None:
    family = Rules.parse("green-hackenbush").family
    assert len(GRAPHS) > 500
    for edges in GRAPHS:
        component = family.read_component([list(e) for e in edges])
        assert family.grundy(component) == grundy(edges, frozenset(range(len(edges)))), edges


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_graph_is_solved_in_both_conventions(misere: bool) -> None:
    rule = "misere,green-hackenbush" if misere else "green-hackenbush"
    for edges in GRAPHS[::3]:
        alive = frozenset(range(len(edges)))
        truth = wins(edges, alive, misere)
        solution = nim.solve({"ground": 0, "edges": [list(e) for e in edges]}, rule)
        assert (solution.value > 0) == truth, (edges, rule)
        (left,) = solution.move.left or ((),)
        # the move is a deletion: some child of the brute force has the same edges, up to renaming
        after = grundy_of_plain(left)
        assert any(grundy(edges, child) == after and len(child) == len(left)
                   for child in children(edges, alive)), (edges, solution.move)
        if truth:
            assert not any_wins(left, misere), (edges, rule, solution.move)


def grundy_of_plain(left: Graph) -> int:
    edges = tuple(tuple(e) for e in left)
    return grundy(edges, frozenset(range(len(edges))))  # type: ignore[arg-type]


def any_wins(left: Graph, misere: bool) -> bool:
    edges = tuple(tuple(e) for e in left)
    return wins(edges, frozenset(range(len(edges))), misere)  # type: ignore[arg-type]


def test_sums_and_every_move_of_analyze() -> None:
    rng = random.Random(6)
    for _ in range(40):
        a, b = rng.choice(GRAPHS), rng.choice(GRAPHS)
        rows = nim.analyze([[list(e) for e in a], [list(e) for e in b]], "green-hackenbush")
        assert len(rows) == len(a) + len(b)
        values = [grundy(a, frozenset(range(len(a)))), grundy(b, frozenset(range(len(b))))]
        for row in rows:
            (left,) = row.move.left or ((),)
            changed = list(values)
            changed[row.move.pile] = grundy_of_plain(left)
            assert (row.value > 0) == (changed[0] ^ changed[1] == 0), (a, b, row)


def test_stalks_trees_and_cycles_as_the_text_values_them() -> None:
    family = Rules.parse("green-hackenbush").family
    stalk = [[i, i + 1] for i in range(9)]
    assert family.grundy(family.read_component(stalk)) == 9            # a stalk is a Nim heap
    tree = [[0, 1], [1, 2], [2, 3], [1, 4], [1, 5], [5, 6]]            # colon: 1 + (2 ^ 1 ^ 2) = 2
    assert family.grundy(family.read_component(tree)) == 2
    square = {"ground": ["a", "b"], "edges": [["a", "c"], ["c", "d"], ["d", "b"]]}   # two grounds
    assert family.grundy(family.read_component(square)) == 1           # a cycle of 3 edges: 3 loops
    explanation = nim.explain(tree, "green-hackenbush")
    assert "colon principle" in explanation.text and "fusion principle" in explanation.text


def test_large_graphs_are_valued_and_answered() -> None:
    n = 20_000
    stalk = [[i, i + 1] for i in range(n)]
    solution = nim.solve([stalk, [[0, 1]] * 3], "green-hackenbush")      # n ^ 1: leave a stalk of 1
    assert solution.value == 1 and solution.move.pile == 0 and solution.move.count == n - 1
    rng = random.Random(3)
    tree = [[rng.randrange(i), i] for i in range(1, n)]
    family = Rules.parse("green-hackenbush").family
    component = family.read_component(tree)
    g = family.grundy(component)
    if g:
        count, (left,) = family.winning_option(component)  # type: ignore[misc]
        assert family.grundy(left) == 0 and len(left) == len(component) - count


def test_bad_graphs_are_refused_in_words() -> None:
    for position, words in [
        ([[0, 1], [2, 3]], "the edge \\[2, 3\\] is not joined to the ground"),
        ({"ground": 0, "edges": [[0, 1], [1]]}, "an edge is a pair"),
        ({"ground": 0, "edges": [[0, None]]}, "a vertex is a whole number or a string"),
        ({"ground": 0, "edge": []}, "unknown keys 'edge'"),
        ({"ground": 0, "edges": [[0, 1]] * 1_000_001}, "at most 1,000,000 edges"),
        ("0-1", "a list of rooted graphs"),
    ]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(position, "green-hackenbush")
    # misère play: 40 edges to the ground are 40 heaps of 1 (won: an even count), a search of 41
    # positions; 30 stalks of 1 to 30 edges are past what the search holds, refused at once
    assert nim.solve([[[0, 1]] * 40], "misere,green-hackenbush").value == 1
    with pytest.raises(NimError, match="would look at about"):
        nim.solve([{"ground": 0, "edges": [[j, j + 1] for j in range(n)]} for n in range(1, 31)],
                  "misere,green-hackenbush")
