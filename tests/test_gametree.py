"""Generic game trees: nim.trees.solve_tree / nim.trees.SolveTree / GameTree and `nimcore tree-solve`.

Oracles: AIMA figure 5.2 (known value, best move and pruning), the pure-Python
twin nim.trees.games.solve_game over nim.trees.games.TreeGame (values, best child and node
counts for both methods), and a tiny recursive minimax written here.
"""

from __future__ import annotations

import io
import json
import math
from unittest import mock
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nim
import nim.trees.flatten
import nimcore.gametree
from nim.cli import main
from nim.trees.games import TreeGame, solve_game
from nim.trees import GameTree, InvalidTreeError

FIG52 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
FIG52_SUCCESSORS = {
    "A": {"a1": "B", "a2": "C", "a3": "D"},
    "B": {"b1": "B1", "b2": "B2", "b3": "B3"},
    "C": {"c1": "C1", "c2": "C2", "c3": "C3"},
    "D": {"d1": "D1", "d2": "D2", "d3": "D3"},
}
FIG52_UTILITIES = {"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6,
                   "D1": 14, "D2": 5, "D3": 2}


def plain_minimax(tree: Any, is_max: bool = True) -> float:
    """The obvious recursive definition (third oracle, values only)."""
    if not isinstance(tree, list):
        return float(tree)
    values = [plain_minimax(child, not is_max) for child in tree]
    return max(values) if is_max else min(values)


# -- AIMA figure 5.2 ---------------------------------------------------------------------


@pytest.mark.parametrize("method, nodes", [("Minimax", 12), ("AlphaBeta", 10)])
def test_fig52_nested(method: str, nodes: int) -> None:
    solution = nim.trees.solve_tree(FIG52, method)
    assert solution.value == 3 and isinstance(solution.value, int)
    assert solution.best_index == 0 and solution.best_move == 0
    assert solution.best_child == [3, 12, 8]
    assert solution.nodes == nodes
    assert solution.best_nodes == 3
    assert nim.trees.SolveTree(method, FIG52) == ([3, 12, 8], 3)


@pytest.mark.parametrize("method, nodes", [("Minimax", 12), ("AlphaBeta", 10)])
def test_fig52_dict(method: str, nodes: int) -> None:
    tree = GameTree.from_dict(FIG52_SUCCESSORS, FIG52_UTILITIES, "A")
    solution = nim.trees.solve_tree(tree, method)
    assert (solution.value, solution.best_move, solution.best_child) == (3, "a1", "B")
    assert (solution.nodes, solution.best_nodes) == (nodes, 3)
    assert nim.trees.SolveTree(method, {"root": "A", "successors": FIG52_SUCCESSORS,
                                  "utilities": FIG52_UTILITIES}) == ("B", 3)


def test_fig52_alphabeta_prunes_as_aima() -> None:
    """AIMA: after C1 = 2 <= alpha = 3, C2 and C3 are never looked at; D is searched fully."""
    seen: List[str] = []

    class Recording(TreeGame):
        def utility(self, state: Tuple[Any, int], player: Any) -> float:
            seen.append(state[0])
            return super().utility(state, player)

    game = Recording(successors=FIG52_SUCCESSORS, utilities=FIG52_UTILITIES, root="A")
    twin = solve_game(game, method="AlphaBeta")
    assert seen == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]
    # the core visits the same 3 inner + 7 leaf nodes
    assert nim.trees.solve_tree(FIG52, "AlphaBeta").nodes == twin.nodes == 3 + len(seen)


def test_aima_leaves_listed_with_empty_successors() -> None:
    successors: Dict[str, Any] = dict(FIG52_SUCCESSORS, B1={}, D3=[])
    assert nim.trees.solve_tree(GameTree.from_dict(successors, FIG52_UTILITIES, "A")).value == 3


def test_list_successors_and_integer_names() -> None:
    tree = GameTree.from_dict({0: [1, 2], 1: [3, 4], 2: [5]}, {3: 1, 4: -2.5, 5: 0.5}, 0)
    solution = nim.trees.solve_tree(tree, "Minimax")
    assert (solution.value, solution.best_move, solution.best_child) == (0.5, 2, 2)


def test_root_leaf() -> None:
    solution = nim.trees.solve_tree(7)
    assert (solution.value, solution.best_index, solution.best_child, solution.nodes) == (7, None, None, 0)
    with pytest.raises(nim.IllegalMoveError, match="root is a leaf"):
        nim.trees.SolveTree("Minimax", 7)
    assert nim.trees.solve_tree(GameTree.from_dict({}, {"r": -1.5}, "r")).value == -1.5


def test_ties_go_to_the_first_best_child() -> None:
    assert nim.trees.solve_tree([[1, 5], [2, 1], [4, 1]], "Minimax").best_index == 0
    assert nim.trees.solve_tree([[0, 9], [5, 6], [5, 5], [5]], "Minimax").best_index == 1
    assert nim.trees.solve_tree([[0, 9], [5, 6], [5, 5], [5]], "AlphaBeta").best_index == 1
    # every child -inf: still a best child, the first
    solution = nim.trees.solve_tree([-math.inf, -math.inf])
    assert solution.value == -math.inf and solution.best_index == 0


def test_infinite_utilities_and_root_cutoff() -> None:
    # +inf at the root reaches beta = +inf: alpha-beta stops there, as documented
    tree = [[1, 2], [math.inf], [5, 6]]
    assert nim.trees.solve_tree(tree, "Minimax").value == math.inf
    solution = nim.trees.solve_tree(tree, "AlphaBeta")
    assert (solution.value, solution.best_index, solution.nodes) == (math.inf, 1, 5)


def test_method_names() -> None:
    for name in ("minimax", "MINIMAX", "alpha-beta", "alpha_beta", "alphabeta"):
        assert nim.trees.solve_tree(FIG52, name).value == 3
    with pytest.raises(nim.UnknownMethodError, match="'negamax'"):
        nim.trees.solve_tree(FIG52, "negamax")


def test_numeric_kinds() -> None:
    fractions = pytest.importorskip("fractions")
    assert nim.trees.solve_tree([[fractions.Fraction(1, 2), 3], [1]], "Minimax").value == 1
    assert nim.trees.solve_tree([[1.5, 2], [1]]).value == 1.5
    assert isinstance(nim.trees.solve_tree([[2, 3], [1]]).value, int)
    assert isinstance(nim.trees.solve_tree([[2, 3.0], [1]]).value, float)


def test_tuples_and_list_subclasses() -> None:
    class Node(list):  # type: ignore[type-arg]
        pass

    solution = nim.trees.solve_tree(((3, 12, 8), Node([2, 4, 6]), [14, 5, 2]), "Minimax")
    assert (solution.value, solution.best_child, solution.nodes) == (3, (3, 12, 8), 12)


# -- random trees against the twin ------------------------------------------------------

leaves = st.integers(-20, 20) | st.floats(-100, 100, allow_nan=False, allow_infinity=False)
nested_trees = st.recursive(leaves, lambda kids: st.lists(kids, min_size=1, max_size=4),
                            max_leaves=60)


def twin(tree: Any, method: str) -> Tuple[float, Any, int, int]:
    result = solve_game(TreeGame(tree), method=method)
    return result.value, result.action, result.nodes, result.best_nodes


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree=nested_trees, method=st.sampled_from(["Minimax", "AlphaBeta"]))
def test_random_nested_trees_match_the_twin(tree: Any, method: str) -> None:
    solution = nim.trees.solve_tree(tree, method)
    value, action, nodes, best_nodes = twin(tree, method)
    assert solution.value == value == plain_minimax(tree)
    assert solution.best_index == action
    assert (solution.nodes, solution.best_nodes) == (nodes, best_nodes)
    if isinstance(tree, list):
        assert solution.best_index is not None
        assert solution.best_child is tree[solution.best_index]
        assert nim.trees.SolveTree(method, tree) == (tree[action], best_nodes)


def python_flatten(tree: Any) -> GameTree:
    """GameTree.from_nested without the core's flattener: the Python definition."""
    with mock.patch.object(nimcore.gametree, "flatten_nested", lambda tree: None):
        return GameTree.from_nested(tree)


@settings(max_examples=300, deadline=None)
@given(tree=nested_trees, method=st.sampled_from(["Minimax", "AlphaBeta"]))
def test_the_core_flattener_and_the_python_definition_agree(tree: Any, method: str) -> None:
    """The core's flattener (the accelerator) and the Python one (the definition):
    the same arrays, so the same answers and node counts."""
    flats = [GameTree.from_nested(tree), python_flatten(tree)]
    arrays = [(list(f.offsets), list(f.children), list(f.values), f.height, f.integral) for f in flats]
    assert arrays[0] == arrays[1]
    core = nimcore.gametree.flatten_nested(tree)
    assert core is not None                  # plain lists and numbers: the core flattens them
    python = nim.trees.flatten.flatten_nested_python(tree)
    assert [list(part) for part in core[:3]] == [list(part) for part in python[:3]]
    assert core[3:] == python[3:]            # height, integral
    results = [nim.trees.solve_tree(f, method) for f in flats]
    assert len({(r.value, r.best_index, r.nodes, r.best_nodes) for r in results}) == 1


WIDE = 100     # wide levels: where each flattener reports these errors


@pytest.mark.parametrize("bad, message", [
    ("x", r"leaf root\[1\]\[57\] is 'x'"),
    (True, r"leaf root\[1\]\[57\] is True"),
    (math.nan, r"leaf root\[1\]\[57\] is NaN"),
    (-2**60, r"leaf root\[1\]\[57\] = -1152921504606846976 is too large"),
    ([], r"inner node root\[1\]\[57\] is empty"),
])
def test_errors_in_wide_levels(bad: Any, message: str) -> None:
    row: List[Any] = [1.5] * WIDE
    row[57] = bad
    tree = [[0] * WIDE, row, [[1, 2]] * WIDE]
    with pytest.raises(InvalidTreeError, match=message):
        GameTree.from_nested(tree)
    with pytest.raises(InvalidTreeError, match=message):
        python_flatten(tree)


@st.composite
def dags(draw: Any) -> Tuple[Dict[str, Dict[str, str]], Dict[str, float], str]:
    """A random layered DAG: shared children, edges that skip levels, and nodes
    unreachable from the root."""
    widths = draw(st.lists(st.integers(1, 4), min_size=1, max_size=5))
    levels = [["n0"]] + [[f"n{d + 1}_{i}" for i in range(w)] for d, w in enumerate(widths)]
    successors: Dict[str, Dict[str, str]] = {}
    for depth, upper in enumerate(levels[:-1]):
        below = [node for level in levels[depth + 1:] for node in level]   # paths of mixed lengths
        for node in upper:
            picks = draw(st.lists(st.sampled_from(below), min_size=1, max_size=4))
            successors[node] = {f"{node}>{k}": child for k, child in enumerate(picks)}
    utilities = {leaf: draw(st.integers(-9, 9)) for leaf in levels[-1]}
    return successors, utilities, "n0"


@settings(max_examples=200, deadline=None)
@given(dag=dags(), method=st.sampled_from(["Minimax", "AlphaBeta"]))
def test_random_dags_match_the_twin(dag: Any, method: str) -> None:
    successors, utilities, root = dag
    solution = nim.trees.solve_tree(GameTree.from_dict(successors, utilities, root), method)
    result = solve_game(TreeGame(successors=successors, utilities=utilities, root=root), method=method)
    assert solution.value == result.value
    assert solution.best_move == result.action
    assert solution.best_child == successors[root][result.action]
    assert (solution.nodes, solution.best_nodes) == (result.nodes, result.best_nodes)


@settings(max_examples=100, deadline=None)
@given(tree=nested_trees)
def test_alphabeta_agrees_with_minimax_and_visits_no_more(tree: Any) -> None:
    full, pruned = nim.trees.solve_tree(tree, "Minimax"), nim.trees.solve_tree(tree, "AlphaBeta")
    assert full.value == pruned.value and full.best_index == pruned.best_index
    assert pruned.nodes <= full.nodes
    flat = GameTree.from_nested(tree)
    assert full.nodes == flat.size - 1            # minimax visits every node but the root


def test_flattened_arrays() -> None:
    tree = GameTree.from_nested(FIG52)
    assert list(tree.offsets) == [0, 3, 6, 9] + [12] * 10
    assert list(tree.children) == list(range(1, 13))
    assert list(tree.values)[4:] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert (tree.size, tree.height, tree.kind) == (13, 2, "nested")
    assert tree.root_children == [(0, [3, 12, 8]), (1, [2, 4, 6]), (2, [14, 5, 2])]
    assert "13 nodes" in repr(tree)
    shared = GameTree.from_dict({"r": ["a", "b"], "a": ["b"], "b": ["l"]}, {"l": 1}, "r")
    assert (shared.size, shared.height) == (4, 3)    # "b" stored once, longest path r-a-b-l


# -- deep trees -------------------------------------------------------------------------

DEEP = 100_000


def test_deep_chain_nested() -> None:
    tree: Any = 5
    for _ in range(DEEP):
        tree = [tree]
    for method in ("Minimax", "AlphaBeta"):
        solution = nim.trees.solve_tree(tree, method)
        assert (solution.value, solution.nodes, solution.best_nodes) == (5, DEEP, DEEP - 1)
    assert GameTree.from_nested(tree).height == DEEP


def test_deep_alternating_comb() -> None:
    """[[[...[1, 2]..., 2], 2]: each level picks between the deep child and a 2."""
    tree: Any = 1
    for _ in range(DEEP):
        tree = [tree, 2 if len(str(_)) % 2 else -3]
    # expected, bottom-up without recursion: node at depth d is MAX when d is even
    expected: float = 1
    node = tree
    chain = []
    while isinstance(node, list):
        chain.append(node)
        node = node[0]
    for depth in range(len(chain) - 1, -1, -1):
        other = chain[depth][1]
        expected = max(expected, other) if depth % 2 == 0 else min(expected, other)
    for method in ("Minimax", "AlphaBeta"):
        assert nim.trees.solve_tree(tree, method).value == expected


def test_deep_chain_dict() -> None:
    successors = {f"n{i}": {"down": f"n{i + 1}"} for i in range(DEEP)}
    tree = GameTree.from_dict(successors, {f"n{DEEP}": -4}, "n0")
    solution = nim.trees.solve_tree(tree, "AlphaBeta")
    assert (solution.value, solution.best_child, solution.nodes) == (-4, "n1", DEEP)
    assert tree.height == DEEP


def test_deep_bad_leaf_is_named_by_a_short_path() -> None:
    tree: Any = "x"
    for _ in range(DEEP):
        tree = [tree]
    with pytest.raises(InvalidTreeError) as error:
        GameTree.from_nested(tree)
    message = str(error.value)
    assert "root[0][0][0][0]...[0][0][0][0] (depth 100,000)" in message and len(message) < 200


# -- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize("tree, where", [
    ([[3, "a"], [1]], "root[0][1]"),
    ([[3, 1], [None]], "root[1][0]"),
    ([[True, 1], [2]], "root[0][0]"),
    ([[1.0, math.nan]], "root[0][1]"),
    ([[1, 2**60]], "root[0][1]"),
    ([[1, {"a": 1}]], "root[0][1]"),
    ("text", "root"),
])
def test_bad_leaf(tree: Any, where: str) -> None:
    with pytest.raises(InvalidTreeError, match=f"leaf {where.replace('[', '.').replace(']', '.')} "):
        nim.trees.solve_tree(tree)


@pytest.mark.parametrize("tree, where", [([], "root"), ([[1], [[2], []]], "root[1][1]")])
def test_empty_inner_node(tree: Any, where: str) -> None:
    with pytest.raises(InvalidTreeError, match=rf"inner node {where.replace('[', '.').replace(']', '.')} is empty"):
        nim.trees.solve_tree(tree)


def test_dict_errors() -> None:
    with pytest.raises(InvalidTreeError, match=r"node 'C7' \(move 'c1' from 'C'\) is missing"):
        GameTree.from_dict(dict(FIG52_SUCCESSORS, C={"c1": "C7"}), FIG52_UTILITIES, "A")
    with pytest.raises(InvalidTreeError, match=r"node 'Z' \(the root\) is missing"):
        GameTree.from_dict(FIG52_SUCCESSORS, FIG52_UTILITIES, "Z")
    with pytest.raises(InvalidTreeError, match=r"node 'A' is on a cycle: 'A' -> 'B' -> 'A'"):
        GameTree.from_dict(dict(FIG52_SUCCESSORS, B={"b1": "B1", "up": "A"}), FIG52_UTILITIES, "A")
    with pytest.raises(InvalidTreeError, match=r"node 'D' is on a cycle: 'D' -> 'D'"):
        GameTree.from_dict(dict(FIG52_SUCCESSORS, D={"loop": "D"}), FIG52_UTILITIES, "A")
    with pytest.raises(InvalidTreeError, match=r"inner node 'C' .* has no successors"):
        GameTree.from_dict(dict(FIG52_SUCCESSORS, C={}), FIG52_UTILITIES, "A")
    with pytest.raises(InvalidTreeError, match=r"leaf 'B2' \(move 'b2' from 'B'\) is '12'"):
        GameTree.from_dict(FIG52_SUCCESSORS, dict(FIG52_UTILITIES, B2="12"), "A")
    with pytest.raises(InvalidTreeError, match=r"node 'B' .* has both successors and a utility"):
        GameTree.from_dict(FIG52_SUCCESSORS, dict(FIG52_UTILITIES, B=1), "A")
    with pytest.raises(InvalidTreeError, match=r"successors of 'B' .* must be"):
        GameTree.from_dict(dict(FIG52_SUCCESSORS, B="B1"), FIG52_UTILITIES, "A")
    with pytest.raises(InvalidTreeError, match=r"node \['x'\] .* is not hashable"):
        GameTree.from_dict({"r": {"m": ["x"]}}, {}, "r")
    with pytest.raises(InvalidTreeError, match="must be dictionaries"):
        GameTree.from_dict([], {}, "r")  # type: ignore[arg-type]
    with pytest.raises(InvalidTreeError, match="keys root, successors and utilities"):
        nim.trees.solve_tree({"root": "A", "successors": {}})


def test_deep_cycle_is_found_without_recursion() -> None:
    successors = {f"n{i}": [f"n{i + 1}"] for i in range(DEEP)}
    successors[f"n{DEEP}"] = ["n0"]
    with pytest.raises(InvalidTreeError, match="'n0' is on a cycle") as error:
        GameTree.from_dict(successors, {}, "n0")
    message = str(error.value)
    assert message.endswith("'n0' -> 'n1' -> 'n2' -> ... (99,996 more) -> 'n99999' -> 'n100000' -> 'n0'")
    assert len(message) < 200


def test_node_limit_on_an_exponential_dag() -> None:
    successors = {f"n{i}": [f"n{i + 1}", f"n{i + 1}"] for i in range(60)}   # 2**60 paths
    tree = GameTree.from_dict(successors, {"n60": 1}, "n0")
    with pytest.raises(nim.SearchLimitError) as error:
        nim.trees.solve_tree(tree, "Minimax", node_limit=10_000)
    assert error.value.reason == "nodes" and error.value.nodes == 10_000
    with pytest.raises(nim.SearchLimitError, match="time limit") as timed:
        nim.trees.solve_tree(tree, "Minimax", time_limit=0.01)
    assert timed.value.reason == "time"
    # a smaller one unfolds completely: 2 + 4 + ... + 2**12 node visits
    small = GameTree.from_dict({f"n{i}": [f"n{i + 1}", f"n{i + 1}"] for i in range(12)}, {"n12": 1}, "n0")
    assert nim.trees.solve_tree(small, "Minimax", node_limit=2**13).nodes == 2**13 - 2


def test_ctrl_c_stops_a_long_search() -> None:
    """A signal handler that raises KeyboardInterrupt (as Ctrl-C does) stops the core cleanly."""
    signal = pytest.importorskip("signal")
    if not hasattr(signal, "setitimer"):
        pytest.skip("no interval timer on this platform")
    successors = {f"n{i}": [f"n{i + 1}", f"n{i + 1}"] for i in range(60)}   # 2**60 paths
    tree = GameTree.from_dict(successors, {"n60": 1}, "n0")

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(KeyboardInterrupt):
            nim.trees.solve_tree(tree, "Minimax", time_limit=60)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- the command line ------------------------------------------------------------------


def write(tmp_path: Any, data: Any, name: str = "tree.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_cli_nested(tmp_path: Any, capsys: Any) -> None:
    path = write(tmp_path, FIG52)
    assert main(["tree-solve", path]) == 0
    out = capsys.readouterr().out
    assert "value      3 for MAX" in out and "root[0] = [3, 12, 8]" in out
    assert "alphabeta, 10 nodes (3 below the best child)" in out
    assert main(["tree-solve", path, "--method", "Minimax", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["value"] == 3 and payload["best_child"] == "root[0]"
    assert (payload["nodes"], payload["best_nodes"], payload["method"]) == (12, 3, "minimax")
    assert main(["tree-solve", write(tmp_path, {"tree": FIG52}, "t2.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["nodes"] == 10


def test_cli_dict(tmp_path: Any, capsys: Any) -> None:
    path = write(tmp_path, {"root": "A", "successors": FIG52_SUCCESSORS, "utilities": FIG52_UTILITIES})
    assert main(["tree-solve", path, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert (payload["value"], payload["best_move"], payload["best_child"]) == (3, "a1", "B")
    assert main(["tree-solve", path]) == 0
    assert "best move  'a1' -> 'B'" in capsys.readouterr().out


def test_cli_stdin(monkeypatch: Any, capsys: Any) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("[[1, 2], [3, 4]]"))
    assert main(["tree-solve", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 3


@pytest.mark.parametrize("content, message", [
    ("[[1, 2], [3,", "is not valid JSON"),
    ('[[1, "x"]]', "leaf root[0][1] is 'x'"),
    ("[[1], []]", "inner node root[1] is empty"),
    ('{"root": "A", "successors": {"A": ["A"]}, "utilities": {}}', "'A' is on a cycle"),
    ('{"root": "A", "successors": {"A": ["B"]}, "utilities": {}}', "node 'B' (move 'B' from 'A') is missing"),
    ('{"nodes": []}', "keys root, successors and utilities"),
    ("[" * 100_000 + "]" * 100_000, "(depth 99,999) is empty"),
    ("[" * 5_000 + "[1, 2],, 3" + "]" * 5_000, "not valid JSON: ',' at character"),
    ("[" * 5_000 + "[1, 2,]" + "]" * 5_000, "not valid JSON: ']' at character"),
    ("[" * 5_000 + "[1, {}]" + "]" * 5_000, "may hold only lists and numbers"),
    ("[" * 5_000 + "[1, 2]", "ends before its lists close"),
    ("[[1, " + "9" * 5_000 + "]]", "more than 4,300 digits"),
    ("[[1, 1" + "0" * 20 + "]]", "is too large to search exactly"),
])
def test_cli_errors(tmp_path: Any, capsys: Any, content: str, message: str) -> None:
    assert main(["tree-solve", write(tmp_path, content)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.startswith("nimcore: error: ") and err.count("\n") == 1


def test_cli_missing_file_and_method(tmp_path: Any, capsys: Any) -> None:
    assert main(["tree-solve", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["tree-solve", write(tmp_path, FIG52), "--method", "negamax"]) == 2
    assert "unknown tree method 'negamax'" in capsys.readouterr().err


def test_cli_node_limit(tmp_path: Any, capsys: Any) -> None:
    successors = {f"n{i}": [f"n{i + 1}", f"n{i + 1}"] for i in range(60)}
    path = write(tmp_path, {"root": "n0", "successors": successors, "utilities": {"n60": 1}})
    assert main(["tree-solve", path, "--method", "Minimax", "--node-limit", "1000"]) == 3
    assert "node limit" in capsys.readouterr().err


@pytest.mark.parametrize("wrap", [False, True])
def test_cli_reads_nested_lists_deeper_than_the_json_module(tmp_path: Any, capsys: Any,
                                                             wrap: bool) -> None:
    depth = 20_000                      # json.loads stops near 1,000 levels
    nested = "[" * depth + "[3, -1.5e1], [Infinity, 2]" + "]" * depth
    text = '{"tree": %s}' % nested if wrap else nested
    assert main(["tree-solve", write(tmp_path, text), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    tree: Any = [[3, -15.0], [math.inf, 2]]     # the same tree, built in Python
    for _ in range(depth - 1):
        tree = [tree]
    expected = nim.trees.solve_tree(tree)
    assert data["value"] == expected.value and data["nodes"] == expected.nodes
    assert data["height"] == depth + 1


def test_cli_json_writes_infinite_values_as_strings(tmp_path: Any, capsys: Any) -> None:
    assert main(["tree-solve", write(tmp_path, "[[Infinity, Infinity], [1, 2]]"), "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out, parse_constant=lambda word: pytest.fail(word))["value"] == "Infinity"
    assert nim.trees.solve_tree([[math.inf, math.inf], [1, 2]]).value == math.inf


@pytest.mark.parametrize("build", [
    "a = [1]; a.append(a)",
    "a = [1, [2, 3]]; a[1].append([a])",
    "a = [[5] * 70 for _ in range(70)]; a[69].append(a)",         # a wide level: the bulk path
    "from fractions import Fraction; a = [Fraction(1)]; a.append((a,))",   # the node-by-node path
])
def test_a_list_that_contains_itself_is_refused(build: str) -> None:
    namespace: Dict[str, Any] = {}
    exec(build, namespace)
    with pytest.raises(InvalidTreeError, match="is one of its own ancestors"):
        nim.trees.solve_tree(namespace["a"])
    with pytest.raises(InvalidTreeError, match="is one of its own ancestors"):
        GameTree.from_nested(namespace["a"])


def test_shared_sublists_are_not_cycles() -> None:
    shared = [1, [2, 3]]
    tree = [shared, [shared, shared], [[shared]]] * 30
    from_core = nim.trees.solve_tree(tree, "Minimax")
    twin = solve_game(TreeGame(tree), method="Minimax")     # the pure-Python twin
    assert (from_core.value, from_core.nodes) == (twin.value, twin.nodes)


@pytest.mark.parametrize("limits", [
    {"node_limit": -1}, {"node_limit": 2**64}, {"node_limit": "5"}, {"node_limit": 1.0},
    {"time_limit": 0}, {"time_limit": -1}, {"time_limit": math.nan}, {"time_limit": math.inf},
    {"time_limit": 2**64}, {"time_limit": "1"},
])
def test_bad_limits_are_refused(limits: Dict[str, Any]) -> None:
    with pytest.raises(nim.NimError, match="_limit must be"):
        nim.trees.solve_tree([[1, 2]], **limits)


def test_node_limit_zero_means_none_as_on_the_command_line(capsys: Any, tmp_path: Any) -> None:
    tree = [[1, 2], [3, 4]]
    assert nim.trees.solve_tree(tree, node_limit=0).nodes == nim.trees.solve_tree(tree, node_limit=None).nodes
    assert main(["tree-solve", write(tmp_path, json.dumps(tree)), "--node-limit", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["nodes"] == nim.trees.solve_tree(tree).nodes


def test_ctrl_c_stops_flattening_a_large_tree() -> None:
    import signal
    import threading

    # two million leaves in distinct rows (a shared row is no longer unfolded: issue 26)
    tree = [list(range(1000)) for _ in range(2000)]
    timer = threading.Timer(0.02, signal.raise_signal, args=(signal.SIGINT,))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in range(50):               # long enough for the signal to land inside
                nimcore.gametree.flatten_nested(tree)
    finally:
        timer.cancel()
