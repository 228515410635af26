"""Minimax and alpha-beta over generic two-player game trees (SPEC 3.1, last paragraph).

A tree is given as

* nested lists: an inner node is a non-empty list (or tuple) of children, a
  leaf is a number, e.g. ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`` (value 3);
* an AIMA-style dictionary: ``successors`` maps an inner node to ``{move: child}``
  (or to a list of children, whose moves are then the child names),
  ``utilities`` maps a leaf to its number, and ``root`` names the root.

Conventions: the root is MAX and levels alternate; a leaf holds its utility
for MAX (an int or a float, never a bool or NaN); children are searched in the
given order and the first best child wins ties. Alpha-beta starts from the
window (-inf, +inf) -- not the Nim engines' (-1, +1): utilities are arbitrary
here -- keeps alpha across the root's children and cuts off on ``v >= beta``
(MAX) / ``v <= alpha`` (MIN).

Node counts follow the CENG 462 contract: every node visited below the root
counts once per visit (the root itself does not); ``best_nodes`` counts the
nodes visited *below* the best root child (the child itself not counted: 0 when
it is a leaf). A dictionary node reached along two paths is searched, and
counted, once per path, exactly as in the tree it unfolds to.

Trees are flattened without Python recursion into arrays (children in CSR form,
utilities as doubles) and searched by the compiled core ``nimcore.gametree``
with an explicit stack, so a chain 100,000 levels deep is fine.
"""

from __future__ import annotations

import json
import math
import numbers
import operator
import re
import reprlib
from array import array
from bisect import bisect_right
from itertools import accumulate
from dataclasses import dataclass
from typing import Any, Callable, Dict, Hashable, List, Mapping, Optional, Sequence, Tuple, Union

from nimcore import gametree as _gametree_core

from nim.errors import IllegalMoveError, InputFileError, NimError, SearchLimitError, UnknownMethodError
from nim.inputs import MAX_DIGITS, read_capped
from nim.limits import check_limits

__all__ = [
    "InvalidTreeError",
    "GameTree",
    "TreeSolution",
    "TreeLike",
    "solve_tree",
    "SolveTree",
    "tree_method",
    "TREE_METHODS",
    "MAX_EXACT_INT",
    "short_repr",
]


class InvalidTreeError(NimError):
    """A game tree that cannot be searched: a leaf that is not a number, an empty
    inner node, a missing or cyclic node in a dictionary, a bad tree file."""


#: Method names accepted by ``solve_tree`` / ``SolveTree`` (case, "-" and "_" ignored).
TREE_METHODS = ("Minimax", "AlphaBeta")

#: Integer utilities beyond this lose precision as doubles; they are refused.
MAX_EXACT_INT = 2**53

#: Anything ``solve_tree`` accepts as a tree.
TreeLike = Union["GameTree", Sequence[Any], Mapping[str, Any], int, float]

_ROOT = "root"
_SHOW_PATH = 12   # a path deeper than this is shortened in messages
_BULK = 64        # levels at least this wide are flattened by comprehensions
_PLAIN = {int, float, list, tuple}
_NO_EDGES: List[Tuple[Any, Any]] = []     # a leaf's (move, child) pairs, shared, never changed


def tree_method(method_name: str) -> str:
    """``"minimax"`` or ``"alphabeta"`` for a method name; raises UnknownMethodError."""
    key = str(method_name).strip().lower().replace("-", "").replace("_", "")
    if key not in ("minimax", "alphabeta"):
        raise UnknownMethodError(
            f"unknown tree method {method_name!r}: expected 'Minimax' or 'AlphaBeta'"
        )
    return key


def _leaf_value(value: Any, where: str) -> float:
    """A leaf's utility as a double, or InvalidTreeError naming the node."""
    kind = type(value)
    if kind is float:
        if math.isnan(value):
            raise InvalidTreeError(f"leaf {where} is NaN: a utility must be a number")
        return float(value)
    if kind is int:
        if -MAX_EXACT_INT <= value <= MAX_EXACT_INT:
            return float(value)
        raise InvalidTreeError(
            f"leaf {where} = {short_repr(value)} is too large to search exactly (|utility| <= 2**53)"
        )
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        shown = repr(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        raise InvalidTreeError(
            f"leaf {where} is {shown}: a utility must be an int or a float"
        )
    if isinstance(value, numbers.Integral):
        return _leaf_value(int(value), where)
    return _leaf_value(float(value), where)


class GameTree:
    """A two-player game tree flattened for the core: build it with
    ``GameTree.from_nested``, ``GameTree.from_dict``, ``GameTree.from_json``
    or ``GameTree.load``.

    Node 0 is the root; node ``i``'s children are
    ``children[offsets[i]:offsets[i + 1]]``; a node with none is a leaf whose
    utility for MAX is ``values[i]``.

    Attributes
    ----------
    offsets, children : array of int64
    values : array of double
    height : int
        Edges on the longest path from the root.
    kind : {"nested", "dict"}
    """

    __slots__ = ("offsets", "children", "values", "height", "kind", "integral", "_root")

    def __init__(self, offsets: "array[int]", children: "array[int]", values: "array[float]",
                 height: int, kind: str, integral: bool, root: Any) -> None:
        self.offsets = offsets
        self.children = children
        self.values = values
        self.height = height
        self.kind = kind
        self.integral = integral
        # the root's children, read only when asked: the nested root itself, or the
        # dictionary root's (move, child) pairs
        self._root = root

    # -- construction -------------------------------------------------------------

    @classmethod
    def from_nested(cls, tree: Any) -> "GameTree":
        """Flatten nested lists (or tuples) breadth-first, without recursion.

        Plain lists, tuples, ints and floats are flattened by the core; other
        numbers (Fraction, numpy scalars, ...), list subclasses and every
        error take a Python path, by whole levels where they are wide.

        Raises
        ------
        InvalidTreeError
            For an empty inner node, a list that contains itself (a cycle), or
            a leaf that is not an int or a float, naming it by its path, e.g.
            ``root[1][2]``.
        """
        flat = _gametree_core.flatten_nested(tree)      # plain lists and numbers, at C speed
        if flat is not None:
            offsets, children, values, height, integral = flat
            return cls(offsets, children, values, height, "nested", integral, tree)
        offsets = array("q", [0])
        values = array("d")
        integral = True
        level: List[Any] = [tree]        # one level of the tree, left to right
        # each node's checkpoint ancestor: a node that *is* its checkpoint closes a
        # cycle (Brent's method along every path, as in the core's flatten_nested)
        checkpoints: List[Any] = [None]
        first = 0                        # breadth-first index of level[0]
        height = -1
        while level:
            height += 1
            at_checkpoint = (height & (height + 1)) == 0      # depth 2**j - 1
            types = list(map(type, level))
            kinds = set(types)
            if len(level) < _BULK or not kinds <= _PLAIN:
                # node by node: any Real leaf, list and tuple subclasses, and the errors
                below: List[Any] = []
                below_checkpoints: List[Any] = []
                for j, node in enumerate(level):
                    if isinstance(node, (list, tuple)):
                        if not node:
                            raise _empty(offsets, first + j)
                        if node is checkpoints[j]:
                            raise _cyclic(offsets, first + j)
                        below.extend(node)
                        below_checkpoints.extend([node if at_checkpoint else checkpoints[j]] * len(node))
                        values.append(0.0)
                    elif type(node) is int and -MAX_EXACT_INT <= node <= MAX_EXACT_INT:
                        values.append(node)
                    elif type(node) is float and node == node:       # not NaN
                        values.append(node)
                        integral = False
                    else:                    # other Reals, or an error naming the leaf
                        values.append(_leaf_value(node, _path(offsets, first + j)))
                        integral = integral and isinstance(node, numbers.Integral)
                    offsets.append(first + len(level) - 1 + len(below))
            else:
                # a whole level at C speed: comprehensions over plain ints, floats, lists, tuples
                all_leaves = list not in kinds and tuple not in kinds
                if all_leaves:                 # the usual last level: no children to gather
                    inner = []
                    sizes = [0] * len(level)
                    leaf_values = level
                else:
                    inner = [kind is list or kind is tuple for kind in types]
                    sizes = [len(node) if is_inner else 0 for node, is_inner in zip(level, inner)]
                    if sizes.count(0) != len(level) - sum(inner):   # an inner node without children
                        j = next(j for j, size in enumerate(sizes) if inner[j] and size == 0)
                        raise _empty(offsets, first + j)
                    if any(map(operator.is_, level, checkpoints)):   # a leaf is never a checkpoint
                        j = next(j for j, node in enumerate(level) if node is checkpoints[j])
                        raise _cyclic(offsets, first + j)
                    leaf_values = [0 if is_inner else node for node, is_inner in zip(level, inner)]
                if int in kinds and (max(leaf_values) > MAX_EXACT_INT or min(leaf_values) < -MAX_EXACT_INT):
                    _check_leaves(level, offsets, first, lambda v: type(v) is int and abs(v) > MAX_EXACT_INT)
                if float in kinds:
                    integral = False
                    if any(map(math.isnan, leaf_values)):
                        _check_leaves(level, offsets, first, lambda v: v != v)
                values.extend(array("d", leaf_values))
                ends = accumulate(sizes, initial=offsets[len(offsets) - 1])
                next(ends)                   # the initial value: the previous node's end
                offsets.extend(ends)
                below = [] if all_leaves else [
                    child for node, is_inner in zip(level, inner) if is_inner for child in node]
                below_checkpoints = [] if all_leaves else [
                    node if at_checkpoint else checkpoint
                    for node, checkpoint, is_inner in zip(level, checkpoints, inner) if is_inner
                    for _ in node]
            first += len(level)
            level = below
            checkpoints = below_checkpoints
        nodes_count = len(values)
        children = array("q", range(1, nodes_count))
        return cls(offsets, children, values, height, "nested", integral, tree)

    @classmethod
    def from_dict(cls, successors: Mapping[Any, Any], utilities: Mapping[Any, Any],
                  root: Hashable) -> "GameTree":
        """Flatten an AIMA-style game: ``successors[node]`` is ``{move: child}`` (or a
        list of children), ``utilities[leaf]`` a number; only nodes reachable
        from ``root`` are read. A node reached along several paths is stored
        once and searched once per path.

        Raises
        ------
        InvalidTreeError
            For a missing node (neither in successors nor in utilities), a
            node in both, an inner node without children, a cycle, or a leaf
            utility that is not an int or a float -- naming the node.
        """
        if not isinstance(successors, Mapping) or not isinstance(utilities, Mapping):
            raise InvalidTreeError("successors and utilities must be dictionaries")
        ids: Dict[Any, int] = {}
        order: List[Any] = []
        edges: List[List[Tuple[Any, Any]]] = []      # per node: (move, child) pairs
        heights: List[int] = []
        values = array("d")
        integral = True

        def visit(name: Any, parent: Optional[Any], move: Any) -> Optional[List[Tuple[Any, Any]]]:
            """Number a new node; its (move, child) pairs when it is inner."""
            nonlocal integral
            try:
                inner = name in successors
                leaf = name in utilities
            except TypeError:
                raise InvalidTreeError(f"node {_name(name, parent, move)} is not hashable") from None
            if inner and leaf:
                if successors[name]:
                    raise InvalidTreeError(
                        f"node {_name(name, parent, move)} has both successors and a utility"
                    )
                inner = False        # a leaf listed with no successors, as some AIMA games do
            ids[name] = len(order)
            order.append(name)
            heights.append(0)
            if leaf:
                value = utilities[name]
                if type(value) is int and -MAX_EXACT_INT <= value <= MAX_EXACT_INT:
                    values.append(value)
                elif type(value) is float and value == value:     # not NaN
                    values.append(value)
                    integral = False
                else:                # other Reals, or an error naming the leaf
                    values.append(_leaf_value(value, _name(name, parent, move)))
                    integral = integral and isinstance(value, numbers.Integral)
                edges.append(_NO_EDGES)
                return None
            if not inner:
                raise InvalidTreeError(
                    f"node {_name(name, parent, move)} is missing: "
                    "neither in successors nor in utilities"
                )
            pairs = _moves(successors[name], name, parent, move)
            values.append(0.0)
            edges.append(pairs)
            return pairs

        root_pairs = visit(root, None, None)
        # Iterative depth-first search: `on_path` holds the nodes of the current
        # path (a child on it closes a cycle); a node already numbered and off
        # the path is finished, so its height is known.
        stack: List[Tuple[Any, int]] = []
        on_path: Dict[Any, int] = {}
        if root_pairs is not None:
            stack.append((root, 0))
            on_path[root] = 0
        while stack:
            name, k = stack[-1]
            pairs = edges[ids[name]]
            if k == len(pairs):
                stack.pop()
                del on_path[name]
                heights[ids[name]] = 1 + max(heights[ids[child]] for _, child in pairs)
                continue
            stack[-1] = (name, k + 1)
            move, child = pairs[k]
            try:
                if child in on_path:
                    cycle = [repr(entry[0]) for entry in stack[on_path[child]:]] + [repr(child)]
                    if len(cycle) > _SHOW_PATH:
                        cycle[3:-3] = [f"... ({len(cycle) - 6:,} more)"]
                    raise InvalidTreeError(f"node {child!r} is on a cycle: {' -> '.join(cycle)}")
                seen = child in ids
            except TypeError:
                raise InvalidTreeError(f"node {_name(child, name, move)} is not hashable") from None
            if seen:
                continue
            if visit(child, name, move) is not None:
                on_path[child] = len(stack)
                stack.append((child, 0))
        offsets = array("q", [0])
        children = array("q")
        for pairs in edges:
            children.extend(ids[child] for _, child in pairs)
            offsets.append(len(children))
        return cls(offsets, children, values, heights[0], "dict", integral, root_pairs or [])

    @classmethod
    def from_json(cls, data: Any) -> "GameTree":
        """A tree from decoded JSON: a nested list (or a bare number), ``{"tree": nested}``,
        or ``{"root": ..., "successors": {...}, "utilities": {...}}``.

        Raises
        ------
        InvalidTreeError
            For any other shape, or a bad tree.
        """
        if isinstance(data, Mapping):
            keys = set(data)
            if keys == {"tree"}:
                return cls.from_nested(data["tree"])
            if {"root", "successors", "utilities"} <= keys:
                return cls.from_dict(data["successors"], data["utilities"], data["root"])
            raise InvalidTreeError(
                "a tree object needs the keys root, successors and utilities "
                f"(or just tree), not {sorted(map(str, keys))}"
            )
        return cls.from_nested(data)

    @classmethod
    def load(cls, path: str) -> "GameTree":
        """Read a JSON tree file (see ``from_json``); ``-`` reads standard input.

        Nested lists deeper than Python's JSON reader goes (about 1,000 levels)
        are read by a loop instead, as deep as memory allows.

        Raises
        ------
        InputFileError
            When the file cannot be read, is larger than
            ``nim.inputs.MAX_INPUT_BYTES``, or is not JSON.
        InvalidTreeError
            When the JSON is not a valid tree.
        """
        shown = "standard input" if path == "-" else path
        try:
            text = read_capped(path, "tree file").decode("utf-8")
        except UnicodeDecodeError:
            raise InputFileError(f"cannot read {shown}: not UTF-8 text") from None
        data = _decode_json(text, shown)
        try:
            return cls.from_json(data)
        except InvalidTreeError as error:
            raise InvalidTreeError(f"{shown}: {error}") from None

    @classmethod
    def coerce(cls, tree: TreeLike) -> "GameTree":
        """A GameTree as it is, nested lists / a number via ``from_nested``, a
        mapping with root / successors / utilities (or tree) via ``from_json``."""
        if isinstance(tree, GameTree):
            return tree
        if isinstance(tree, Mapping):
            return cls.from_json(tree)
        return cls.from_nested(tree)

    # -- reading ------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Number of distinct nodes stored (root included)."""
        return len(self.values)

    @property
    def root_children(self) -> List[Tuple[Any, Any]]:
        """The root's (move, child) pairs in search order: (index, subtree) for nested
        lists, (move label, child name) for dictionaries."""
        return [self.root_child(index) for index in range(self.offsets[1])]

    def root_child(self, index: int) -> Tuple[Any, Any]:
        """The root's ``index``-th (move, child) pair (see ``root_children``)."""
        if self.kind == "nested":
            return index, self._root[index]
        move, child = self._root[index]
        return move, child

    def __repr__(self) -> str:
        return f"<GameTree {self.kind}: {self.size:,} nodes, height {self.height:,}>"


def _decode_json(text: str, shown: str) -> Any:
    """Decoded JSON; nested lists too deep for ``json.loads`` are read by ``_deep_lists``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputFileError(
            f"{shown} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        pass
    except ValueError:            # int() of a run of more than 4,300 digits
        raise InputFileError(f"{shown}: a number has more than {MAX_DIGITS:,} digits") from None
    match = _TREE_OBJECT.fullmatch(text)
    body = match.group(1) if match else text
    data = _deep_lists(body, shown)
    return {"tree": data} if match else data


#: ``{"tree": ...}`` around a deep nested list.
_TREE_OBJECT = re.compile(r'\s*\{\s*"tree"\s*:(.*)\}\s*', re.DOTALL)
_TOKEN = re.compile(
    r'\s*(?:(\[)|(\])|(,)|(-?(?:0|[1-9][0-9]*))(?![0-9.eE])|'
    r'(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|-?Infinity|NaN))'
)


def _deep_lists(text: str, shown: str) -> Any:
    """A JSON value made of lists and numbers only, read without recursion.

    Raises
    ------
    InputFileError
        For anything else, naming the offset.
    """
    stack: List[List[Any]] = []
    result: Any = None
    done = False
    expect_value = True          # after '[' or ',': a value (or ']' right after '[')
    position = 0
    end = len(text.rstrip())
    while position < end:
        match = _TOKEN.match(text, position)
        if match is None or done:
            raise InputFileError(f"{shown} is not valid JSON at character {position + 1:,}: "
                                 "a deep tree may hold only lists and numbers")
        position = match.end()
        opening, closing, comma, whole, real = match.groups()
        if comma is not None:
            if expect_value or not stack:
                raise InputFileError(f"{shown} is not valid JSON: ',' at character {position:,}")
            expect_value = True
            continue
        if closing is not None:
            if not stack or (expect_value and stack[-1]):
                raise InputFileError(f"{shown} is not valid JSON: ']' at character {position:,}")
            value: Any = stack.pop()
        elif not expect_value:
            raise InputFileError(f"{shown} is not valid JSON: ',' missing at character {position:,}")
        elif opening is not None:
            stack.append([])
            continue
        elif whole is not None:
            if len(whole.lstrip("-")) > MAX_DIGITS:
                raise InputFileError(f"{shown}: a number has more than {MAX_DIGITS:,} digits")
            value = int(whole)
        else:
            value = float(real)
        expect_value = False
        if stack:
            stack[-1].append(value)
        else:
            result, done = value, True
    if stack or not done:
        raise InputFileError(f"{shown} is not valid JSON: it ends before its lists close")
    return result


def _empty(offsets: "array[int]", node: int) -> InvalidTreeError:
    return InvalidTreeError(
        f"inner node {_path(offsets, node)} is empty: a node needs a child or a utility"
    )


def _cyclic(offsets: "array[int]", node: int) -> InvalidTreeError:
    return InvalidTreeError(
        f"inner node {_path(offsets, node)} is one of its own ancestors: "
        "a list that contains itself is an endless tree"
    )


def _check_leaves(level: List[Any], offsets: "array[int]", first: int,
                  suspect: Callable[[Any], bool]) -> None:
    """Raise the error of the first suspect leaf of a level, named by its path."""
    for j, node in enumerate(level):
        if not isinstance(node, (list, tuple)) and suspect(node):
            _leaf_value(node, _path(offsets, first + j))


def _moves(entry: Any, name: Any, parent: Any, move: Any) -> List[Tuple[Any, Any]]:
    """(move, child) pairs of a dictionary node's successors entry."""
    if type(entry) is dict or isinstance(entry, Mapping):
        pairs = list(entry.items())
    elif isinstance(entry, (list, tuple)):
        pairs = [(child, child) for child in entry]
    else:
        raise InvalidTreeError(
            f"successors of {_name(name, parent, move)} must be a {{move: child}} dictionary "
            f"or a list, not {entry!r}"
        )
    if not pairs:
        raise InvalidTreeError(
            f"inner node {_name(name, parent, move)} has no successors: "
            "a node needs a child or a utility"
        )
    return pairs


def _name(name: Any, parent: Any, move: Any) -> str:
    if parent is None:
        return f"{name!r} (the root)"
    return f"{name!r} (move {move!r} from {parent!r})"


def _path(offsets: "array[int]", node: int) -> str:
    """``root[1][2]``: the path of a breadth-first node, from the offsets built so far."""
    steps: List[int] = []
    while node > 0:
        slot = node - 1                          # children are 1, 2, ... in order
        parent = bisect_right(offsets, slot) - 1
        steps.append(slot - offsets[parent])
        node = parent
    steps.reverse()
    if len(steps) > _SHOW_PATH:
        head = "".join(f"[{s}]" for s in steps[:4])
        tail = "".join(f"[{s}]" for s in steps[-4:])
        return f"{_ROOT}{head}...{tail} (depth {len(steps):,})"
    return _ROOT + "".join(f"[{s}]" for s in steps)


def short_repr(value: Any) -> str:
    """repr cut short, without deep recursion."""
    shortener = reprlib.Repr()
    shortener.maxlevel = 4
    shortener.maxlist = 8
    shortener.maxtuple = 8
    shortener.maxstring = 60
    shortener.maxother = 60
    return shortener.repr(value)


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
            child = f"{_ROOT}[{self.best_index}]"
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
        of 0 means none, as on the command line (see ``nim.limits``).

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
