"""Game trees of small Nim positions, searched and kept node by node for drawing
(SPEC section 4, Lab 2).

``build_game_tree`` searches a position the way the engines do -- children pile
by pile from the left, largest take first; alpha-beta with the window (-1, +1)
-- and keeps every node: its position, its minimax value, whether alpha-beta
pruned it, and whether it lies on the principal variation. ``nim.study.tree_drawing``
holds the tree and draws it. The search is pure Python: trees worth drawing are small,
and ``max_nodes`` refuses the others before they are built.

>>> tree = build_game_tree([1, 2], "misere", "minimax")
>>> tree.value, tree.visited, tree.drawn
(1, 11, 12)
"""

from __future__ import annotations

from itertools import islice
from typing import Iterator, List, Optional, Tuple

from nim.errors import InvalidPositionError, NimError, UnknownMethodError
from nim.position import Move, as_piles
from nim.rules import Rules, RulesLike
from nim.study.tree_drawing import DrawnTree, TreeNode
from nim.inputs import method_key

__all__ = [
    "DEFAULT_MAX_NODES",
    "DEFAULT_TREE_DEPTH",
    "MAX_NODES",
    "MAX_TREE_PILES",
    "STUBS_PER_NODE",
    "TREE_METHODS",
    "build_game_tree",
]

#: Searched nodes drawn at most unless told otherwise (pruned stubs do not count):
#: Lab 2's trees fit -- [4, 4] misère: 1,921 nodes in full, 402 searched by
#: alpha-beta; [1, 3, 5]: 583 by alpha-beta.
DEFAULT_MAX_NODES = 2500
#: The largest node cap accepted: a drawing past it is unreadable and slow to build.
MAX_NODES = 100_000
#: Largest pile a tree is drawn for (the engines' 64-bit piles).
MAX_TREE_PILE = 2**63 - 1
#: Most piles a tree is drawn for (each node is labelled with every pile).
MAX_TREE_PILES = 64
#: Pruned stubs drawn under one node; the others are counted ("+N more pruned").
STUBS_PER_NODE = 12
#: The searches a tree can show ("depth": Lab 2's depth-limited search, see build_game_tree).
TREE_METHODS = ("minimax", "alphabeta", "depth")
#: The depth-limited tree's default depth (Lab 2's Medium level searches 2, Hard 4).
DEFAULT_TREE_DEPTH = 3


class _TooLarge(Exception):
    pass


def build_game_tree(piles: List[int], rules: RulesLike = None, method: str = "minimax",
                    max_nodes: int = DEFAULT_MAX_NODES, depth: Optional[int] = None) -> DrawnTree:
    """Search ``piles`` and keep the whole tree, for drawing.

    ``minimax`` keeps every node; ``alphabeta`` keeps the nodes it visits and,
    where it cuts off, the untried moves as pruned stubs. Node counts agree
    with the tests' pure-Python twins (tests/reference.py) and the compiled engines.

    ``depth`` draws the Lab 2 report's trees: minimax searching ``depth`` moves
    (default DEFAULT_TREE_DEPTH) with the values of its depth-limited engine
    (``nim.solving.depth_limited``): +-1 where the game is over -- no pile can move, or
    under misère one stick is left (the mover must take it) -- and at the
    cut-off +0.5 for the mover when the nim-sum is non-zero, -0.5 when it is 0
    (under misère with every pile at most 1 the parity decides, +-1).

    Raises
    ------
    InvalidPositionError
        When the drawing would have more than ``max_nodes`` nodes; the message
        says how large the tree is and what to do.
    UnknownMethodError
        When ``method`` is not minimax or alphabeta.
    """
    position = as_piles(piles)
    ruleset = Rules.coerce(rules)
    name = method_key(method)
    if name in ("depthlimited", "lab2"):
        name = "depth"
    if name not in TREE_METHODS:
        raise UnknownMethodError(
            f"a tree is drawn for method 'minimax', 'alphabeta' or 'depth', not {method!r}"
        )
    if ruleset.splits and name == "depth":
        raise NimError(f"the depth-limited tree evaluates Nim piles at its cut-off; under {ruleset} "
                       "(a move may split a heap) draw method 'minimax' or 'alphabeta'")
    if depth is not None and name != "depth":
        raise NimError(f"a search depth is for the depth-limited tree (method 'depth'), not {name!r}")
    limit = DEFAULT_TREE_DEPTH if depth is None else depth
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 64:
        raise NimError(f"the search depth must be a whole number from 1 to 64, not {limit!r}")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or not 1 <= max_nodes <= MAX_NODES:
        raise InvalidPositionError(f"the node cap must be a whole number from 1 to {MAX_NODES:,}, "
                                   f"not {max_nodes!r}")
    if position and max(position) > MAX_TREE_PILE:
        raise InvalidPositionError(f"a game tree is drawn for piles of at most {MAX_TREE_PILE:,}, "
                                   f"not {max(position):,}")
    if len(position) > MAX_TREE_PILES:
        raise InvalidPositionError(f"a game tree is drawn for at most {MAX_TREE_PILES} piles, "
                                   f"not {len(position):,}")
    pruning = name == "alphabeta"
    terminal = 1 if ruleset.misere else -1
    counts = {"visited": 0, "pruned": 0, "stubs": 0}

    def add(parent: TreeNode, move: Move, child: List[int]) -> TreeNode:
        # only searched nodes count against the cap: pruned stubs are never expanded
        counts["visited"] += 1
        if 1 + counts["visited"] > max_nodes:
            raise _TooLarge
        node = TreeNode(tuple(child), move, parent.depth + 1)
        parent.children.append(node)
        return node

    def stubs(parent: TreeNode, later: Iterator[Tuple[Move, List[int]]], left: int) -> None:
        """The moves alpha-beta cut off: at most STUBS_PER_NODE drawn, the rest counted."""
        counts["pruned"] += left
        for move, child in islice(later, STUBS_PER_NODE):
            parent.children.append(TreeNode(tuple(child), move, parent.depth + 1, pruned=True))
            counts["stubs"] += 1
        parent.more_pruned = max(0, left - STUBS_PER_NODE)

    def expand(node: TreeNode, alpha: float, beta: float) -> float:
        moves = _children(node.piles, ruleset)     # lazy: a pile of 10**8 has 10**8 moves
        best: Optional[float] = None
        for move, child in moves:
            kid = add(node, move, child)
            value = -expand(kid, -beta, -alpha)
            if best is None or value > best:
                best = value
                if pruning:
                    if best >= beta:
                        stubs(node, moves, _moves_after(node.piles, move, ruleset))
                        break
                    alpha = max(alpha, best)
        node.value = terminal if best is None else best
        return node.value

    def expand_to(node: TreeNode, left: int) -> float:
        """Lab 2's depth-limited values, every node to the cut-off (see above)."""
        total = sum(node.piles)
        has_move = any(ruleset.takes(pile) for pile in node.piles)
        if not has_move:
            node.value = float(terminal)
        elif ruleset.misere and total == 1:
            node.value = -1.0                   # the mover must take the last stick
        elif left == 0:
            node.value = _cut_off(node.piles, ruleset)
        else:
            node.value = max(-expand_to(add(node, move, child), left - 1)
                             for move, child in _children(node.piles, ruleset))
        return node.value

    root = TreeNode(position, None, 0)
    try:
        if name == "depth":
            expand_to(root, limit)
        else:
            expand(root, -1, 1)
    except _TooLarge:
        raise InvalidPositionError(_too_large(position, ruleset, name, max_nodes)) from None
    except RecursionError:
        raise InvalidPositionError(f"the game tree of {list(position)} is too deep to draw") from None
    _mark_pv(root)
    return DrawnTree(root, ruleset, name, counts["visited"], counts["pruned"], counts["stubs"],
                     limit if name == "depth" else None)


def _cut_off(piles: Tuple[int, ...], rules: Rules) -> float:
    """Lab 2's evaluation where the search stops, for the player to move."""
    if rules.misere and max(piles, default=0) <= 1:
        return 1.0 if sum(piles) % 2 == 0 else -1.0
    nim_sum = 0
    for pile in piles:
        nim_sum ^= pile
    return 0.5 if nim_sum else -0.5


def _moves_after(piles: Tuple[int, ...], move: Move, rules: Rules) -> int:
    """How many moves come after ``move`` in the engines' order (counted, not listed)."""
    if rules.splits:            # a small tree's moves: listed
        from nim.takebreak.solve import split_moves

        moves = list(split_moves(piles, rules))
        return len(moves) - 1 - moves.index(move)
    takes = rules.takes(piles[move.pile])         # largest first
    later = len(takes) - 1 - takes.index(move.count)
    return later + sum(len(rules.takes(pile)) for pile in piles[move.pile + 1:])


def _mark_pv(root: TreeNode) -> None:
    """Best play: from each node the first child whose value is the node's best."""
    node = root
    node.pv = True
    while node.children:
        assert node.value is not None
        best = next((c for c in node.children
                     if c.value is not None and -c.value == node.value), None)
        if best is None:  # pragma: no cover - a searched node has a best child
            return
        best.pv = True
        node = best


def _too_large(piles: Tuple[int, ...], rules: Rules, method: str, cap: int) -> str:
    """The size cap's message, with the tree's size from the compiled engine when quick."""
    from nim.solving.defaults import solve

    what = "every node" if method == "minimax" else "the nodes alpha-beta visits"
    size = f"more than {cap:,} nodes"
    try:
        nodes = solve(piles, rules, method, node_limit=5_000_000).nodes
        size = f"{nodes + 1:,} nodes" if method == "minimax" else f"{nodes + 1:,} visited nodes"
    except NimError:
        pass
    advice = "a smaller position, or raise --max-nodes"
    if method == "minimax":
        advice = "--method alphabeta, " + advice
    return (f"the game tree of {list(piles)} under {rules} has {size}: too many to draw "
            f"({what}; at most {cap:,}). Try {advice}")


def _children(piles: Tuple[int, ...], rules: Rules) -> Iterator[Tuple[Move, List[int]]]:
    """(move, child piles) pairs in the engines' order (pile by pile, largest take
    first), one at a time: a pile of 10**8 has 10**8 moves. A take-and-break game's
    splits follow each take (``nim.takebreak.solve.split_moves``)."""
    if rules.splits:
        from nim.position import after_move as after
        from nim.takebreak.solve import split_moves

        for move in split_moves(piles, rules):
            yield move, after(piles, move)
        return
    for index, pile in enumerate(piles):
        for count in rules.takes(pile):
            child = list(piles)
            child[index] = pile - count
            yield Move(index, count), child
