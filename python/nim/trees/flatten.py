"""Flattening a game tree into the core's arrays (children in CSR form, utilities
as doubles), breadth-first for nested lists and depth-first for dictionaries,
without Python recursion; every error names the node by its path."""

from __future__ import annotations

import numbers
from array import array
from bisect import bisect_right
from typing import Any, Dict, Hashable, List, Mapping, Optional, Tuple

from nim.kernel import gametree as _gametree_core

from nim.trees.checks import MAX_EXACT_INT, ROOT_NAME, InvalidTreeError, leaf_value

__all__ = ["flatten_nested", "flatten_nested_python", "flatten_dict"]

_SHOW_PATH = 12   # a path deeper than this is shortened in messages
_NO_EDGES: List[Tuple[Any, Any]] = []     # a leaf's (move, child) pairs, shared, never changed

#: offsets, children, values, height, integral
Flat = Tuple["array[int]", "array[int]", "array[float]", int, bool]


def flatten_nested(tree: Any) -> Flat:
    """The arrays of ``GameTree.from_nested`` (which documents the input and errors):
    plain lists, tuples, ints and floats by the core (its accelerator), a tree
    that shares a list by ``_flatten_shared``, everything else by
    ``flatten_nested_python``, the definition the core is held to."""
    flat = _gametree_core.flatten_nested(tree)      # plain lists and numbers, at C speed
    if flat is not None:
        offsets, children, values, height, integral = flat
        return offsets, children, values, height, integral
    if _shares_a_list(tree):        # shared lists, and a list that contains itself
        return _flatten_shared(tree)
    return flatten_nested_python(tree)


def flatten_nested_python(tree: Any) -> Flat:
    """Nested lists whose every list is met once, flattened breadth-first, node by
    node and without recursion: node i's children are the next nodes of the level
    below, in order (so ``children`` is 1, 2, ..., n - 1); an inner node's value is
    0.0; any Real leaf (``leaf_value``); every error names the node by its path.

    ``nimcore.gametree.flatten_nested`` computes the same arrays for plain trees
    (tests/test_gametree.py holds the two equal)."""
    offsets = array("q", [0])
    values = array("d")
    integral = True
    level: List[Any] = [tree]        # one level of the tree, left to right
    first = 0                        # breadth-first index of level[0]
    height = -1
    while level:
        height += 1
        below: List[Any] = []
        for j, node in enumerate(level):
            if isinstance(node, (list, tuple)):
                if not node:
                    raise _empty(offsets, first + j)
                below.extend(node)
                values.append(0.0)
            elif type(node) is int and -MAX_EXACT_INT <= node <= MAX_EXACT_INT:
                values.append(node)
            elif type(node) is float and node == node:       # not NaN
                values.append(node)
                integral = False
            else:                    # other Reals, or an error naming the leaf
                values.append(leaf_value(node, _path(offsets, first + j)))
                integral = integral and isinstance(node, numbers.Integral)
            offsets.append(first + len(level) - 1 + len(below))
        first += len(level)
        level = below
    children = array("q", range(1, len(values)))
    return offsets, children, values, height, integral


def _shares_a_list(tree: Any) -> bool:
    """True when some list (or tuple) of the tree is reached twice: shared, or its
    own ancestor. Breadth-first over distinct lists, so it stops at the first repeat
    (``t = [t, t]`` thirty times: at the third list, not after 2**31 nodes)."""
    seen = set()
    level = [tree]
    while level:
        below: List[Any] = []
        for node in level:
            if isinstance(node, (list, tuple)):
                if id(node) in seen:
                    return True
                seen.add(id(node))
                below.extend(node)
        level = below
    return False


def _flatten_shared(tree: Any) -> Flat:
    """Nested lists where a list is reached more than once: one node per distinct
    list (by identity), shared by its parents, so ``t = [t, t]`` thirty times is 31
    inner nodes and 1 leaf, not 2**31 nodes. The search still visits (and counts)
    it as the tree it unfolds to, as it does a dictionary tree's shared nodes, so a
    node limit stops it; a list that contains itself is an error naming it."""
    numbered: Dict[int, int] = {}           # id of a list -> its node
    nodes: List[Any] = [tree]
    parents: List[Tuple[int, int]] = [(-1, 0)]    # (parent node, child position): the path
    if isinstance(tree, (list, tuple)):
        numbered[id(tree)] = 0
    offsets = array("q", [0])
    children = array("q")
    values = array("d")
    integral = True
    i = 0
    while i < len(nodes):
        node = nodes[i]
        if isinstance(node, (list, tuple)):
            if not node:
                raise InvalidTreeError(
                    f"inner node {_shared_path(parents, i)} is empty: a node needs a child or a utility")
            for k, child in enumerate(node):
                j = numbered.get(id(child)) if isinstance(child, (list, tuple)) else None
                if j is None:
                    j = len(nodes)
                    if isinstance(child, (list, tuple)):
                        numbered[id(child)] = j
                    nodes.append(child)
                    parents.append((i, k))
                children.append(j)
            values.append(0.0)
        elif type(node) is int and -MAX_EXACT_INT <= node <= MAX_EXACT_INT:
            values.append(node)
        elif type(node) is float and node == node:       # not NaN
            values.append(node)
            integral = False
        else:                    # other Reals, or an error naming the leaf
            values.append(leaf_value(node, _shared_path(parents, i)))
            integral = integral and isinstance(node, numbers.Integral)
        offsets.append(len(children))
        i += 1
    return offsets, children, values, _dag_height(offsets, children, parents), integral


def _dag_height(offsets: "array[int]", children: "array[int]", parents: List[Tuple[int, int]]) -> int:
    """Edges on the longest path from node 0, by a depth-first search without
    recursion; InvalidTreeError when a node is its own ancestor."""
    height = [-1] * (len(offsets) - 1)          # -1: not finished
    on_path = [False] * len(height)
    stack = [(0, offsets[0])]
    on_path[0] = True
    while stack:
        node, slot = stack[-1]
        if slot < offsets[node + 1]:
            stack[-1] = (node, slot + 1)
            child = children[slot]
            if on_path[child]:
                raise InvalidTreeError(
                    f"inner node {_shared_path(parents, child)} is one of its own ancestors: "
                    "a list that contains itself is an endless tree")
            if height[child] < 0:
                on_path[child] = True
                stack.append((child, offsets[child]))
            continue
        stack.pop()
        on_path[node] = False
        below = children[offsets[node]:offsets[node + 1]]
        height[node] = 1 + max(height[child] for child in below) if below else 0
    return height[0]


def _shared_path(parents: List[Tuple[int, int]], node: int) -> str:
    """``root[1][2]``: the path by which a node of _flatten_shared was first reached."""
    steps: List[int] = []
    while node > 0:
        node, position = parents[node]
        steps.append(position)
    steps.reverse()
    return _path_text(steps)


def flatten_dict(successors: Mapping[Any, Any], utilities: Mapping[Any, Any],
                 root: Hashable) -> Tuple["array[int]", "array[int]", "array[float]", int, bool, List[Tuple[Any, Any]]]:
    """The arrays of ``GameTree.from_dict`` (which documents the input and errors),
    and the root's (move, child) pairs."""
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
                values.append(leaf_value(value, _name(name, parent, move)))
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
    return offsets, children, values, heights[0], integral, root_pairs or []


def _empty(offsets: "array[int]", node: int) -> InvalidTreeError:
    return InvalidTreeError(
        f"inner node {_path(offsets, node)} is empty: a node needs a child or a utility"
    )


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
    return _path_text(steps)


def _path_text(steps: List[int]) -> str:
    """``root[1][2]`` of the child positions from the root, shortened when deep."""
    if len(steps) > _SHOW_PATH:
        head = "".join(f"[{s}]" for s in steps[:4])
        tail = "".join(f"[{s}]" for s in steps[-4:])
        return f"{ROOT_NAME}{head}...{tail} (depth {len(steps):,})"
    return ROOT_NAME + "".join(f"[{s}]" for s in steps)
