"""The game tree as the core searches it: a class over flattened arrays, built from
nested lists, an AIMA-style dictionary, decoded JSON or a file."""

from __future__ import annotations

from array import array
from typing import Any, Hashable, List, Mapping, Sequence, Tuple, Union

from nim.errors import InputFileError
from nim.inputs import read_capped
from nim.trees.checks import InvalidTreeError
from nim.trees.flatten import flatten_dict, flatten_nested
from nim.trees.reading import decode_json

__all__ = ["GameTree", "TreeLike"]

#: Anything ``solve_tree`` accepts as a tree.
TreeLike = Union["GameTree", Sequence[Any], Mapping[str, Any], int, float]


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
        offsets, children, values, height, integral = flatten_nested(tree)
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
        offsets, children, values, height, integral, root_pairs = flatten_dict(successors, utilities, root)
        return cls(offsets, children, values, height, "dict", integral, root_pairs)

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
        data = decode_json(text, shown)
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
