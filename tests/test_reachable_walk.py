"""The walk over every position reachable from a start (``nim.solving.reachable.walk``), which
numbers the positions and builds move objects only when asked, and Northcott's game walked on
whole numbers (``Northcott.state_coding``): held to the walk it replaced (copied here as it was,
a dict of positions each with its moves, every board read back) and, for Northcott's game, to a
brute force written from the rules alone. Same positions, same moves in the same order, same
values and depths, same numbering in the environment."""

from __future__ import annotations

from collections import deque
from typing import Any, Dict, List, Tuple

import pytest

import nim
from nim.families import ComponentFamily, WholePositionFamily
from nim.position import ComponentMove
from nim.rules import Rules
from nim.solving.components import read_position
from nim.solving.reachable import (MAX_POSITIONS, Canonical, Key, canonical_key, end_values, reachable_graph,
                                   retrograde, walk)

gym = pytest.importorskip("gymnasium")

from nim.interop.envs.component_env import ComponentEnv  # noqa: E402

Graph = Dict[Key, List[Tuple[ComponentMove, Key]]]

NORTHCOTT = [
    ["W...B"],
    [".B..W."],
    ["W..B", "B.W"],
    [".W.B", "B..W."],
    ["W.B", ".B.W", "W..B"],
    ["W..B.", ".B.W", "..WB"],
]
OTHERS: List[Tuple[Any, str]] = [       # the generic walk, families that read boards back
    ([[3, 5]], "wythoff"),
    ([[2, 3], [1, 4]], "wythoff"),
    ("S.O..", "sos"),
    ([3, 2, 2], "moore,k=2"),
    ({"edges": [[0, 1], [1, 2], [2, 0], [1, 3]], "tokens": [0, 1]}, "graph"),
]


def old_walk(family: ComponentFamily, root: Key) -> Graph:
    """The walk as it was before: a stack of positions, each move built and read back."""
    canonical = Canonical(family)
    graph: Graph = {}
    stack = [root]
    while stack:
        key = stack.pop()
        if key in graph:
            continue
        moves = []
        for i, component in enumerate(key):
            for count, left in family.options(component):
                moves.append((ComponentMove(i, count, left), canonical.key(key[:i] + tuple(left) + key[i + 1:])))
        graph[key] = moves
        stack.extend(child for _, child in moves if child not in graph)
    return graph


def start(position: Any, rule: str) -> Tuple[ComponentFamily, Key]:
    family = Rules.parse(rule).family
    assert isinstance(family, ComponentFamily)
    return family, canonical_key(family, read_position(family, position))


@pytest.mark.parametrize("position, rule", [(rows, "northcott") for rows in NORTHCOTT] + OTHERS)
def test_the_walk_finds_the_old_walks_positions_moves_values_and_depths(position: Any, rule: str) -> None:
    family, root = start(position, rule)
    old = old_walk(family, root)
    found = walk(family, root)
    assert found.keys[0] == root and len(set(found.keys)) == len(found)
    assert set(found.keys) == set(old)
    assert found.graph() == old                    # every move, in order, and the position it leaves
    assert reachable_graph(family, root) == old
    for misere in ((False,) if rule == "northcott" else (False, True)):
        value, depth = retrograde(old, misere, end_values(family, old, misere))
        values, depths = found.settle(misere)
        for number, key in enumerate(found.keys):
            assert values[number] == value[key]
            assert depths[number] == depth.get(key, -1)


def old_numbering(position: Any, rule: str) -> Tuple[List[Key], List[Dict[int, ComponentMove]], List[int],
                                                       List[int], int]:
    """ComponentEnv's numbering as it was: keys sorted by repr, each option's first move."""
    family, root = start(position, rule)
    graph = old_walk(family, root)
    value, depth = retrograde(graph, False, end_values(family, graph, False))
    keys = sorted(graph, key=repr)
    number = {key: i for i, key in enumerate(keys)}
    options = []
    for key in keys:
        found: Dict[int, ComponentMove] = {}
        for move, child in graph[key]:
            found.setdefault(number[child], move)
        options.append(found)
    return keys, options, [value[k] for k in keys], [depth.get(k, -1) for k in keys], number[root]


@pytest.mark.parametrize("position, rule", [(rows, "northcott") for rows in NORTHCOTT[:4]] + OTHERS[:3])
def test_the_environment_numbers_the_positions_as_before(position: Any, rule: str) -> None:
    keys, options, values, depths, first = old_numbering(position, rule)
    env = ComponentEnv(position, rule)
    assert env.keys == keys and env.start == first
    assert env.values == values and env.depths == depths
    assert len(env.options) == len(options)
    assert [env.options[n] for n in range(len(keys))] == options
    assert env.options[-1] == options[-1] and env.options[1:3] == options[1:3]
    assert env.game.cyclic == (rule in ("northcott", "graph"))


# -- Northcott's game against a brute force from the rules alone ------------------------

Row = Tuple[int, int, int]
Board = Tuple[Tuple[Row, ...], str]


def rule_moves(board: Board) -> List[Board]:
    """Slide your checker of a row to any empty square not past the other checker."""
    rows, mover = board
    found = []
    for i, (width, white, black) in enumerate(rows):
        mine, theirs = (white, black) if mover == "W" else (black, white)
        for square in range(width):
            if square in (mine, theirs) or (mine < theirs) != (square < theirs):
                continue
            row = (width, square, black) if mover == "W" else (width, white, square)
            found.append((rows[:i] + (row,) + rows[i + 1:], "B" if mover == "W" else "W"))
    return found


def brute(board: Board) -> Tuple[Dict[Board, List[Board]], Dict[Board, int]]:
    """Every board reachable by the rules, and each one's outcome by fixed-point labelling."""
    follow: Dict[Board, List[Board]] = {}
    queue = deque([board])
    while queue:
        here = queue.popleft()
        if here not in follow:
            follow[here] = rule_moves(here)
            queue.extend(follow[here])
    label: Dict[Board, int] = {}
    changed = True
    while changed:
        changed = False
        for here, options in follow.items():
            if here not in label:
                if any(label.get(o) == -1 for o in options):
                    label[here], changed = 1, True
                elif all(label.get(o) == 1 for o in options):
                    label[here], changed = -1, True
    return follow, {here: label.get(here, 0) for here in follow}


@pytest.mark.parametrize("rows", NORTHCOTT[:5])
def test_northcott_walk_against_a_brute_force(rows: List[str]) -> None:
    family, root = start(rows, "northcott")
    follow, outcome = brute(root[0])
    found = walk(family, root)
    assert {key[0] for key in found.keys} == set(follow)
    values, _ = found.settle(False)
    for number, key in enumerate(found.keys):
        assert sorted(found.keys[child][0] for child in found.children[number]) == sorted(follow[key[0]])
        assert values[number] == outcome[key[0]]
        assert [left[0] for _, left in family.options(key[0])] == [found.keys[c][0] for c in found.children[number]]


@pytest.mark.parametrize("rows", NORTHCOTT)
def test_northcott_numbers_decode_to_the_boards_read_back(rows: List[str]) -> None:
    family, root = start(rows, "northcott")
    assert isinstance(family, WholePositionFamily)
    coding = family.state_coding(root[0])
    assert coding is not None
    seen = set()
    for key in walk(family, root).keys:
        board = key[0]
        code = coding.encode(board)
        seen.add(code)
        assert coding.decode(code) == board == family.read_component(family.component_value(board))
    assert len(seen) == len(walk(family, root))       # one number a board


def test_the_three_row_board_of_the_issue_is_walked_whole() -> None:
    board = ["W......B", ".B.....W.", "..W....B"]
    found = walk(*start(board, "northcott"))
    assert len(found) == 56_446 and sum(len(row) for row in found.children) == 714_970
    env = ComponentEnv(board, "northcott", oracle=True)
    assert len(env.keys) == 56_446
    _, info = env.reset(seed=1)
    assert info["value"] == 1                         # gaps 6, 5, 4 XOR to 7: White wins
    observation, _, _, _, info = env.step(info["best_move"])
    assert env.values[int(observation)] == 1          # NimX was left lost, and answered from a lost board


def test_a_walk_past_the_bound_is_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    import nim.solving.reachable as reachable

    monkeypatch.setattr(reachable, "MAX_POSITIONS", 100)
    for rows, rule in ((["W......B", "B....W"], "northcott"), ([[16, 19]], "wythoff")):
        family, root = start(rows, rule)
        with pytest.raises(nim.NimError, match="more than 100 positions"):
            walk(family, root)
    assert MAX_POSITIONS == 100_000
