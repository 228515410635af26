"""Misère play on graphs with cycles (issue 41): NimX played at random there, since no
Sprague-Grundy theory applies. Now ``nim.families.graph_misere`` labels the whole game by
retrograde analysis: checked here against an independent retrograde analysis written from
the rules (tokens as a sorted tuple of vertices, no package code), on random small graphs
with 1-3 tokens, every move of ``analyze``, and NimX winning won games without circling."""

from __future__ import annotations

import random
from typing import Dict, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
from graph_oracle import token_outcomes
from nim.errors import NimError


def oracle(edges: List[Tuple[int, int]], n: int, tokens: int) -> Dict[Tuple[int, ...], int]:
    """Win (1), draw (0) or loss (-1) for the player to move, misère (the player who cannot
    move wins): every multiset of ``tokens`` of the vertices 0 .. n - 1."""
    return token_outcomes(edges, range(n), tokens, misere=True)


def mostly_acyclic(rng: random.Random, n: int) -> List[Tuple[int, int]]:
    """Edges going up the vertices, and one 2-cycle at the bottom with a way out: a game
    with cycles that is often won (random graphs with cycles are mostly drawn in misère play)."""
    edges = {(a, b) for a in range(2, n) for b in range(a + 1, n) if rng.random() < 0.4}
    return sorted(edges | {(0, 1), (1, 0), (1, rng.randrange(2, n))})


def random_loopy(rng: random.Random, n: int) -> List[Tuple[int, int]]:
    edges = {(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(n, 2 * n + 2))}
    edges = {e for e in edges if e[0] != e[1]}
    edges.add((0, 1))
    edges.add((1, 0))                        # at least one cycle
    return sorted(edges)


@pytest.mark.parametrize("seed", range(40))
def test_solve_and_every_move_of_analyze_against_the_oracle(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    edges = random_loopy(rng, n)
    tokens = 1 + seed % 3
    table = oracle(edges, n, tokens)
    for start in rng.sample(sorted(table), min(6, len(table))):
        position = {"edges": [list(e) for e in edges], "vertices": list(range(n)), "tokens": list(start)}
        solution = nim.solve(position, "misere,graph")
        assert solution.value == table[start], (edges, start)
        for row in nim.analyze(position, "misere,graph"):
            moved = list(start)
            moved[row.move.pile] = int(row.move.left[0]) if row.move.left else None
            after = tuple(sorted(v for v in moved if v is not None))
            assert row.value == -table[after], (edges, start, row)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_hypothesis_graphs_with_cycles(data):
    n = data.draw(st.integers(2, 8))
    edges = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), min_size=1, max_size=3 * n))
    edges = sorted({e for e in edges if e[0] != e[1]} | {(0, 1), (1, 0)})
    tokens = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    table = oracle(edges, n, len(tokens))
    position = {"edges": [list(e) for e in edges], "vertices": list(range(n)), "tokens": tokens}
    assert nim.solve(position, "misere,graph").value == table[tuple(sorted(tokens))]


@pytest.mark.parametrize("seed", range(15))
def test_nimx_wins_a_won_game_without_circling(seed):
    """The free-play machine's NimX against every reply (the opponent tries them all, depth
    first): a won start ends in NimX's win within the oracle's bound of moves."""
    from nim.flows import machine_of

    rng = random.Random(100 + seed)
    tokens = 1 + seed % 2
    for _ in range(50):                       # a graph with a won start whose tokens can move
        n = rng.randint(4, 8)
        edges = mostly_acyclic(rng, n)
        table = oracle(edges, n, tokens)
        won = [p for p, v in table.items() if v == 1 and any(a in p for a, _ in edges)]
        if won:
            break
    assert won
    start = rng.choice(won)
    flow = machine_of("freeplay")
    state = flow.setup({"rules": "misere,graph", "mode": "aivai", "ai": ["optimal"],
                        "position": {"edges": [list(e) for e in edges], "vertices": list(range(n)),
                                     "tokens": list(start)}}, random.Random(0), 0)
    for _ in range(4 * n * n + 4):            # far more than any won game needs
        if state["finished"]:
            break
        move, _ = flow.choose(state, "optimal" if state["to_move"] == state["first"] else "random", rng)
        state, _ = flow.apply(state, state["to_move"], move)
    assert state["finished"] and state["winner"] == state["first"], (edges, start)


def test_a_game_too_large_is_refused_in_words():
    rng = random.Random(7)
    n = 60
    edges = [[v, (v + 1) % n] for v in range(n)] + [[rng.randrange(n), rng.randrange(n)] for _ in range(60)]
    position = {"edges": edges, "tokens": list(range(0, 60, 6))}             # 10 tokens: C(69, 10) positions
    with pytest.raises(NimError, match="more than 300,000"):
        nim.solve(position, "misere,graph")


def test_explain_says_what_decided_it():
    text = nim.explain({"edges": [[0, 1], [1, 2], [2, 0], [2, 3]], "tokens": [0, 2]}, "misere,graph").text
    assert "retrograde analysis of the whole game" in text and "a draw" in text
    assert "Misère play on a graph with cycles has no Sprague-Grundy theory" in text
