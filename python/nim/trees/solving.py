"""Minimax and alpha-beta over a game tree by the compiled core: ``solve_tree`` and
the CENG 462 ``SolveTree`` contract."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple, Union

from nim.kernel import gametree as _gametree_core

from nim.errors import IllegalMoveError, SearchLimitError
from nim.game.limits import check_limits
from nim.trees.checks import ROOT_NAME, short_repr, tree_method
from nim.trees.gametree import GameTree, TreeLike

__all__ = ["TreeSolution", "solve_tree", "SolveTree"]


@dataclass(frozen=True, repr=False)
class TreeSolution:
    """The answer of ``solve_tree``.

    Attributes
    ----------
    value : int or float
        The root's minimax value for MAX (an int when every leaf is an int).
    best_index : int or None
        Position of the first best child among the root's children; None when
        the root is a leaf.
    best_move : any
        That child's move: its index for nested lists, the move's label for
        dictionaries; None when the root is a leaf.
    best_child : any
        That child: the subtree for nested lists, the node's name for
        dictionaries; None when the root is a leaf.
    nodes : int
        Every node visited below the root (the root not counted).
    best_nodes : int
        Nodes visited below the best child (the child itself not counted) --
        the number ``SolveTree`` returns.
    method : str
        ``"minimax"`` or ``"alphabeta"``.
    seconds : float
        Time the core search took.
    """

    value: Union[int, float]
    best_index: Optional[int]
    best_move: Any
    best_child: Any
    nodes: int
    best_nodes: int
    method: str
    seconds: float

    def __repr__(self) -> str:
        # reprlib: a deep or huge best child must not recurse or flood the screen
        fields = ", ".join(
            f"{name}={short_repr(getattr(self, name))}"
            for name in ("value", "best_index", "best_move", "best_child", "nodes", "best_nodes",
                         "method", "seconds")
        )
        return f"TreeSolution({fields})"

    def to_dict(self, tree_kind: str = "nested") -> Dict[str, Any]:
        """A JSON-ready dictionary; a nested-list child is given by its path ``root[i]``.

        JSON has no infinity: an infinite value is the string ``"Infinity"`` or
        ``"-Infinity"`` (the words Python's JSON reader accepts as numbers).
        """
        child = self.best_child
        if tree_kind == "nested" and self.best_index is not None:
            child = f"{ROOT_NAME}[{self.best_index}]"
        value: Union[int, float, str] = self.value
        if isinstance(value, float) and math.isinf(value):
            value = "Infinity" if value > 0 else "-Infinity"
        return {
            "value": value,
            "best_index": self.best_index,
            "best_move": self.best_move,
            "best_child": child,
            "nodes": self.nodes,
            "best_nodes": self.best_nodes,
            "method": self.method,
            "seconds": self.seconds,
        }


def solve_tree(tree: TreeLike, method: str = "AlphaBeta", *,
               node_limit: Optional[int] = None, time_limit: Optional[float] = None) -> TreeSolution:
    """Solve a two-player game tree with minimax or alpha-beta (see the module docstring).

    Parameters
    ----------
    tree : GameTree, nested lists, a number, or a mapping
        A mapping is ``{"root": ..., "successors": ..., "utilities": ...}`` (or
        ``{"tree": nested}``); use ``GameTree.from_dict`` for the same with
        arguments.
    method : {"AlphaBeta", "Minimax"}
        Case and "-" / "_" are ignored.
    node_limit, time_limit : int, float or None
        Stop after this many nodes / seconds (a dictionary with shared nodes
        can unfold into a tree exponentially larger than itself). A node limit
        of 0 means none, as on the command line (see ``nim.game.limits``).

    Returns
    -------
    TreeSolution

    Raises
    ------
    UnknownMethodError
        For another method.
    NimError
        For a limit out of range (a node limit of 0 .. 2**63 - 1, a time limit
        of (0, 10**9] seconds).
    InvalidTreeError
        For a malformed tree.
    SearchLimitError
        When a limit stopped the search.
    KeyboardInterrupt
        On Ctrl-C during the search.

    Examples
    --------
    >>> solve_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).value
    3
    """
    name = tree_method(method)
    node_limit, time_limit = check_limits(node_limit, time_limit)
    game_tree = GameTree.coerce(tree)
    search = _gametree_core.new_search(node_limit, time_limit)
    try:
        value, index, best_nodes = _gametree_core.search(
            search, game_tree.offsets, game_tree.children, game_tree.values,
            game_tree.height, name == "alphabeta",
        )
    finally:
        search.finish()
    reason = search.stop_reason
    if reason == "interrupt":
        raise KeyboardInterrupt
    if reason is not None:
        raise SearchLimitError(
            f"{name} stopped after {search.nodes:,} nodes and {search.seconds:.1f} s: "
            f"the {'node' if reason == 'nodes' else reason} limit, before finishing {game_tree!r}",
            reason=reason, nodes=search.nodes, seconds=search.seconds,
        )
    shown: Union[int, float] = int(value) if game_tree.integral and math.isfinite(value) else value
    if index < 0:
        move: Any = None
        child: Any = None
        best_index: Optional[int] = None
    else:
        move, child = game_tree.root_child(index)
        best_index = index
    return TreeSolution(shown, best_index, move, child, search.nodes, best_nodes, name, search.seconds)


def SolveTree(method_name: str, tree: TreeLike, **limits: Any) -> Tuple[Any, int]:  # noqa: N802
    """The CENG 462 interface for generic trees, mirroring ``SolveGame``.

    Parameters
    ----------
    method_name : {"Minimax", "AlphaBeta"}
    tree : nested lists, a mapping or a GameTree
        As for ``solve_tree``.
    **limits
        ``node_limit`` and ``time_limit``, as for ``solve_tree``.

    Returns
    -------
    (best_child, number_of_nodes) : (any, int)
        MAX's first best root child -- the subtree itself for nested lists, the
        child's name for dictionaries -- and the number of nodes visited below
        that child (the child itself not counted), as ``SolveGame`` counts.

    Raises
    ------
    UnknownMethodError, InvalidTreeError, SearchLimitError
        As ``solve_tree``.
    IllegalMoveError
        When the root is a leaf (there is no move to choose), as ``SolveGame``
        does for a game without a move.

    Examples
    --------
    >>> SolveTree("AlphaBeta", [[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    ([3, 12, 8], 3)
    """
    solution = solve_tree(tree, method_name, **limits)
    if solution.best_index is None:
        raise IllegalMoveError(f"the root is a leaf (value {solution.value}): there is no move to choose")
    return solution.best_child, solution.best_nodes
