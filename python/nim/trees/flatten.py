"""Flattening a game tree into the core's arrays (children in CSR form, utilities
as doubles), breadth-first for nested lists and depth-first for dictionaries,
without Python recursion; every error names the node by its path."""

from __future__ import annotations

import math
import numbers
import operator
from array import array
from bisect import bisect_right
from itertools import accumulate
from typing import Any, Callable, Dict, Hashable, List, Mapping, Optional, Tuple

from nim.kernel import gametree as _gametree_core

from nim.trees.checks import MAX_EXACT_INT, ROOT_NAME, InvalidTreeError, leaf_value

__all__ = ["flatten_nested", "flatten_dict"]

_SHOW_PATH = 12   # a path deeper than this is shortened in messages
_BULK = 64        # levels at least this wide are flattened by comprehensions
_PLAIN = {int, float, list, tuple}
_NO_EDGES: List[Tuple[Any, Any]] = []     # a leaf's (move, child) pairs, shared, never changed

#: offsets, children, values, height, integral
Flat = Tuple["array[int]", "array[int]", "array[float]", int, bool]


def flatten_nested(tree: Any) -> Flat:
    """The arrays of ``GameTree.from_nested`` (which documents the input and errors),
    breadth-first and without recursion: plain lists, tuples, ints and floats by
    the core, everything else by a Python path, whole levels at a time."""
    flat = _gametree_core.flatten_nested(tree)      # plain lists and numbers, at C speed
    if flat is not None:
        offsets, children, values, height, integral = flat
        return offsets, children, values, height, integral
    if _shares_a_list(tree):
        return _flatten_shared(tree)
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
                    values.append(leaf_value(node, _path(offsets, first + j)))
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
            leaf_value(node, _path(offsets, first + j))


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
