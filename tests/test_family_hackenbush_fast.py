"""Green Hackenbush's fast paths (issue 41: 10**5 edges under 1 s): the tree shape without
Tarjan, the bridge cut read off the shape, and the edge reader in C-level loops, each against
the general path it replaces on random rooted graphs, trees and graphs with cycles and loops."""

from __future__ import annotations

import random

from nim.families.hackenbush import GreenHackenbush, _canonical, _checked_pairs, _plain_pairs, _shape


def random_graph(rng: random.Random, edges: int, extra: int) -> list[list[int]]:
    tree = [[rng.randrange(i), i] for i in range(1, edges + 1)]
    more = [[rng.randrange(edges + 1), rng.randrange(edges + 1)] for _ in range(extra)]
    found = tree + more
    rng.shuffle(found)
    return found


def test_every_deletion_matches_the_general_path() -> None:
    rng = random.Random(41)
    game = GreenHackenbush()
    for _trial in range(300):
        component = game.read_component(random_graph(rng, rng.randrange(1, 12), rng.choice((0, 0, 1, 3))))
        shape = _shape(component)
        assert shape.tree == (len(shape.parent) == len(component) + 1 and all(u != v for u, v in component))
        for i in range(len(component)):
            left = _canonical(list(component[:i] + component[i + 1:]))
            assert game._delete(component, i) == (len(component) - len(left), (left,) if left else ()), (component, i)


def test_the_fast_reader_numbers_as_the_checked_one() -> None:
    rng = random.Random(7)
    for trial in range(200):
        edges = random_graph(rng, rng.randrange(1, 15), rng.randrange(3))
        grounds = {0: 0} if trial % 2 else {0: 0, 5: 0}
        assert _plain_pairs(edges, dict(grounds)) == _checked_pairs(edges, dict(grounds))
    assert _plain_pairs([[0, "a"]], {0: 0}) is None and _plain_pairs([[0, True]], {0: 0}) is None
    assert _plain_pairs([(0, 1), [1, 2]], {0: 0}) == [(0, 1), (1, 2)]
