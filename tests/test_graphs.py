"""Games on directed graphs (Ferguson, Part I, ch. 3; nim.families.graphs) against a brute force
that shares no code with the package: win, loss or draw of every placement of one or two tokens
by retrograde analysis of the placements themselves; acyclic graphs' Sprague-Grundy values by the
mex; every small random graph, with and without cycles, and every move of analyze."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import Dict, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, NimError, Rules

Edges = Tuple[Tuple[int, int], ...]
State = Tuple[int, ...]


def follow(edges: Edges, v: int) -> List[int]:
    return [b for a, b in edges if a == v]


def children(edges: Edges, state: State) -> List[State]:
    found = []
    for i, v in enumerate(state):
        for w in follow(edges, v):
            found.append(tuple(sorted(state[:i] + (w,) + state[i + 1:])))
    return found


@lru_cache(maxsize=None)
def outcomes(edges: Edges, n: int, k: int, misere: bool = False) -> Dict[State, int]:
    """+1, -1 or 0 (draw) for the player to move, for every placement of k tokens."""
    states = list(itertools.combinations_with_replacement(range(n), k))
    result: Dict[State, int] = {}
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in result:
                continue
            kids = children(edges, s)
            if not kids:
                result[s] = 1 if misere else -1
            elif any(result.get(c) == -1 for c in kids):
                result[s] = 1
            elif all(result.get(c) == 1 for c in kids):
                result[s] = -1
            else:
                continue
            changed = True
    return {s: result.get(s, 0) for s in states}


def random_graph(rng: random.Random, n: int, acyclic: bool) -> Edges:
    edges = set()
    for _ in range(rng.randint(0, 2 * n)):
        a, b = rng.randrange(n), rng.randrange(n)
        if acyclic and a <= b:
            continue
        edges.add((a, b))
    return tuple(sorted(edges))


def position(edges: Edges, n: int, tokens: State) -> Dict[str, object]:
    return {"edges": [list(e) for e in edges], "vertices": list(range(n)), "tokens": list(tokens)}


def after(state: State, move: nim.Move) -> State:
    (left,) = move.left
    return tuple(sorted(state[:move.pile] + (int(left),) + state[move.pile + 1:]))


GRAPHS = [(random_graph(random.Random(seed), n, seed % 3 == 0), n)
          for seed, n in zip(range(90), itertools.cycle([3, 4, 5, 6]))]


@pytest.mark.parametrize("k", [1, 2])
def test_every_placement_on_small_graphs_win_loss_or_draw(k: int) -> None:
    draws = 0
    for edges, n in GRAPHS:
        truth = outcomes(edges, n, k)
        for state, outcome in truth.items():
            solution = nim.solve(position(edges, n, state), "graph")
            assert solution.value == outcome, (edges, state)
            draws += outcome == 0
            if solution.move is not None and outcome >= 0:
                child = after(state, solution.move)
                assert child in children(edges, state)
                assert truth[child] == -outcome, (edges, state, solution.move)
    assert draws > 20


def test_every_move_of_analyze_and_explain() -> None:
    for edges, n in GRAPHS[:40]:
        truth = outcomes(edges, n, 2)
        for state in list(truth)[:6]:
            rows = nim.analyze(position(edges, n, state), "graph")
            assert len(rows) == len(children(edges, state))
            for row in rows:
                assert row.value == -truth[after(state, row.move)], (edges, state, row)
    text = nim.explain({"edges": [[0, 1], [1, 0]], "token": 0}, "graph").text
    assert "draws" in text and "infinity()" in text and "generalised Sprague-Grundy" in text


def test_acyclic_values_are_the_mex_and_misere_is_searched() -> None:
    family = Rules.parse("graph").family
    for edges, n in GRAPHS[::3]:
        g: Dict[int, int] = {}
        for v in range(n):                 # acyclic with a > b: followers are smaller
            seen = {g[w] for w in follow(edges, v)}
            g[v] = next(x for x in itertools.count() if x not in seen)
        tokens = family.position_of(position(edges, n, tuple(range(n))))
        assert [family.grundy(t) for t in tokens] == [g[v] for v in range(n)]
        truth = outcomes(edges, n, 2, True)
        for state, outcome in truth.items():
            assert nim.solve(position(edges, n, state), "misere,graph").value == outcome, (edges, state)


def test_a_large_loopy_graph_is_answered() -> None:
    n = 50_000
    rng = random.Random(8)
    edges = [[i, rng.randrange(n)] for i in range(n)] + [[i, i + 1] for i in range(0, n - 1, 7)]
    solution = nim.solve({"edges": edges, "tokens": [0, 1, 2]}, "graph")
    assert solution.value in (-1, 0, 1) and solution.method == "theory"


def test_bad_graphs_are_refused_in_words() -> None:
    for given, words in [
        ({"edges": [[0, 1]], "vertices": [0], "token": 0}, "an edge to nowhere"),
        ({"edges": [[0, 1]], "token": 7}, "which the graph does not have"),
        ({"edges": [[0, "a"]], "token": 0}, "a whole number"),
        ({"edges": [[0, 1, 2]], "token": 0}, "a pair of vertices"),
        ({"edges": [[0, 1]]}, '"tokens"'),
        ({"edges": [[0, 1]], "token": 0, "colour": 1}, "unknown keys"),
        ({"edges": [[0, 1]] * 1_000_001, "token": 0}, "at most 1,000,000 edges"),
        ([[0, 1]], "a position of a graph game"),
    ]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(given, "graph")
    # misère play on a graph with cycles is answered (tests/test_graph_misere.py), a whole game
    # too large to label refused in words
    assert nim.solve({"edges": [[0, 1], [1, 0]], "token": 0}, "misere,graph").value == 0
    ring = [[v, (v + 1) % 60] for v in range(60)] + [[0, 30], [30, 0]]
    with pytest.raises(NimError, match="more than 300,000"):
        nim.solve({"edges": ring, "tokens": list(range(0, 60, 6))}, "misere,graph")


def test_the_command_line_takes_any_component_game_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from nim.cli import main

    cases = [
        (["'{\"edges\": [[0, 1], [1, 0]], \"token\": 0}'", "graph"], 0),
        (["[[0, 1], [1, 2], [2, 0]]", "green-hackenbush"], 1),
        (["THHTH", "mock-turtles"], 1),
        (["[[3, 5], [4, 7]]", "wythoff"], -1),
        (["[[0, 1]]", "misere,wythoff"], -1),
    ]
    for (text, rule), value in cases:
        text = text.strip("'")
        assert main(["solve", text, "--rules", rule, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["value"] == value and out["rules"].endswith(rule.split(",")[-1]), (text, rule, out)
        assert nim.solve(json.loads(text) if text[0] in "[{" else text, rule).value == value
    assert main(["solve", "{\"edges\": [[0, 1]], \"token\": 0}", "--rules", "graph", "--explain", "--all-moves"]) == 0
    out = capsys.readouterr().out
    assert "Sprague-Grundy" in out and "wins" in out
    for words, message in [(["[[1, 2"], "is JSON"), (["{\"edges\": [[0, 9]], \"vertices\": [0], \"token\": 0}"],
                                                        "an edge to nowhere"), ([], "no position given")]:
        assert main(["solve", *words, "--rules", "graph"]) == 2
        assert message in capsys.readouterr().err
