"""Green Hackenbush (Ferguson, Part I, chapter 6): a graph drawn on the ground; a move
deletes one edge, and every edge no longer joined to the ground by a path falls away.
The player who cannot move (no edge left) loses.

A component is one rooted graph: ``{"ground": 0, "edges": [[0, 1], [1, 2], [1, 2]]}``
(vertices are whole numbers or strings; an edge may be a loop ``[v, v]`` or repeated;
``"ground"`` may list several vertices, all on the ground), or just the list of edges,
vertex 0 the ground. A position is one graph or a list of them. An edge that no path
joins to the ground is refused (it would have fallen already), with its name.

Values (Ferguson, ch. 6), in time linear in the edges:

- a **bamboo stalk** of n edges is a Nim heap of n;
- the **colon principle**: branches meeting at a vertex may be replaced by one stalk of
  the XOR of their values, so a tree's value is found from the leaves down:
  ``g(v) = XOR over the children c of (g(c) + 1)``;
- the **fusion principle**: the vertices of any cycle may be fused into one without
  changing the value, every edge of the cycle becoming a loop (a stalk of 1). Fusing
  each 2-edge-connected block (found from the bridges, Tarjan) leaves a tree of bridges
  with loops, which the colon principle values.

>>> game = GreenHackenbush()
>>> game.grundy(game.read_component([[0, 1], [1, 2], [1, 3]]))     # a stalk of 1 with a fork of two
1
>>> game.grundy(game.read_component([[0, 1], [1, 2], [2, 0]]))     # a triangle on the ground: three loops
1
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Dict, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.families.base import ComponentFamily, Unparameterised, register_family
from nim.families.vectors import VectorEncoding, padded, slotted
from nim.families.play import GraphPlay, PlayHooks

__all__ = ["GreenHackenbush", "MAX_EDGES"]

#: The most edges a graph may have.
MAX_EDGES = 1_000_000
#: The most edge visits the search for a winning move inside a cycle may spend.
MAX_SCAN = 20_000_000

Edges = Tuple[Tuple[int, int], ...]


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"


def _canonical(edges: List[Tuple[int, int]]) -> Edges:
    """The edges a path joins to the ground (vertex 0), each written (low, high), sorted. The
    vertices are whole numbers 0, 1, ..., n - 1 and keep their numbers (a move's graph keeps
    its parent's, so the same graph reached twice is the same key)."""
    n = 1 + max(map(max, edges), default=0)
    near: List[List[int]] = [[] for _ in range(n)]
    for u, v in edges:
        near[u].append(v)
        near[v].append(u)
    reached = [False] * n
    reached[0] = True
    todo = [0]
    for vertex in todo:                              # breadth first from the ground
        for other in near[vertex]:
            if not reached[other]:
                reached[other] = True
                todo.append(other)
    kept = [(u, v) if u <= v else (v, u) for u, v in edges if reached[u]]
    kept.sort()
    return tuple(kept)


class _Shape:
    """The bridges, 2-edge-connected blocks and block tree of a rooted graph, with the values."""

    def __init__(self, edges: Edges) -> None:
        self.edges = edges
        n = 1 + max((max(e) for e in edges), default=0)
        adjacent: List[List[Tuple[int, int]]] = [[] for _ in range(n)]
        for i, (u, v) in enumerate(edges):
            if u != v:
                adjacent[u].append((v, i))
                adjacent[v].append((u, i))
        #: True when the graph is a tree: each vertex its own block, every edge the bridge up from one
        # a tree has one vertex more than its edges (all joined to the ground): else no breadth-first try
        # (the vertices counted are those with an edge other than a loop: a loop makes it no tree anyway)
        vertices = len(adjacent) - adjacent.count([])
        self.tree = vertices == len(edges) + 1 and self._tree(adjacent, len(edges))
        #: Whether each edge is a bridge (a tree: every edge, not listed)
        self.bridge: List[bool] = []
        if self.tree:                                  # no cycle: no Tarjan
            return
        # bridges by Tarjan's low-link, on an explicit stack (a stalk of 10**5 edges is 10**5 deep)
        order = [-1] * n
        low = [0] * n
        parent_edge = [-1] * n
        bridge = [False] * len(edges)
        order[0] = low[0] = 0
        counter = 1
        step = [0] * n                         # the next neighbour each vertex on the stack looks at
        stack: List[int] = [0]
        while stack:
            vertex = stack[-1]
            near = adjacent[vertex]
            k = step[vertex]
            if k < len(near):
                step[vertex] = k + 1
                other, i = near[k]
                if i == parent_edge[vertex]:
                    continue
                if order[other] < 0:
                    order[other] = low[other] = counter
                    counter += 1
                    parent_edge[other] = i
                    stack.append(other)
                elif order[other] < low[vertex]:
                    low[vertex] = order[other]
            else:
                stack.pop()
                if stack:
                    up = stack[-1]
                    if low[vertex] < low[up]:
                        low[up] = low[vertex]
                    if low[vertex] > order[up]:
                        bridge[parent_edge[vertex]] = True
        # blocks: the vertices joined without crossing a bridge; the tree of blocks from the ground's
        block = [-1] * n
        self.parent: List[int] = []            # each block's parent block (-1: the ground's)
        self.via: List[int] = []               # the bridge up to the parent
        self.loops: List[int] = []             # the edges inside the block (each a loop once fused)
        self.root: List[int] = []              # the vertex the bridge up reaches the block at
        self.children: List[List[int]] = []
        tops = [(0, -1, -1)]
        while tops:
            start, up, via = tops.pop()
            b = len(self.parent)
            self.parent.append(up)
            self.via.append(via)
            self.loops.append(0)
            self.root.append(start)
            self.children.append([])
            if up >= 0:
                self.children[up].append(b)
            block[start] = b
            inner = [start]
            while inner:
                vertex = inner.pop()
                for other, i in adjacent[vertex]:
                    if bridge[i]:
                        if block[other] < 0 and order[other] > order[vertex]:
                            tops.append((other, b, i))
                    elif block[other] < 0:
                        block[other] = b
                        inner.append(other)
        for i, (u, _) in enumerate(edges):
            if not bridge[i]:
                self.loops[block[u]] += 1
        self.block = block
        self.bridge = bridge
        # the colon principle from the leaves: blocks were numbered parents first
        self.value = [0] * len(self.parent)
        for b in range(len(self.parent) - 1, -1, -1):
            g = self.loops[b] & 1
            for c in self.children[b]:
                g ^= self.value[c] + 1
            self.value[b] = g


    def _tree(self, adjacent: List[List[Tuple[int, int]]], edges: int) -> bool:
        """The shape of a tree: each vertex its own block, numbered breadth first from the
        ground, valued by the colon principle from the leaves up; False (nothing set) when the
        graph is not a tree (its vertices, all joined to the ground, are not one more than its edges)."""
        block = [-1] * len(adjacent)
        block[0] = 0
        order = [0]
        parent = [-1]
        via = [-1]
        for vertex in order:                      # breadth first: the list grows as it is read
            for other, i in adjacent[vertex]:
                if block[other] < 0:
                    block[other] = len(order)
                    order.append(other)
                    parent.append(block[vertex])
                    via.append(i)
        blocks = len(order)
        if blocks != edges + 1:                   # a cycle or a loop
            return False
        children: List[List[int]] = [[] for _ in range(blocks)]
        for b in range(1, blocks):
            children[parent[b]].append(b)
        value = [0] * blocks
        for b in range(blocks - 1, 0, -1):        # parents first: a child is valued before its parent
            value[parent[b]] ^= value[b] + 1
        self.block, self.parent, self.via, self.root = block, parent, via, order
        self.loops = [0] * blocks
        self.children = children
        self.value = value
        return True


@lru_cache(maxsize=4)
def _shape(edges: Edges) -> _Shape:
    """The shape of a graph, kept for the next hook (a solve asks its value, then its move)."""
    return _Shape(edges)


def grundy_of(edges: Edges) -> int:
    """The Green Hackenbush value of a rooted graph (canonical edges), in time linear in the edges."""
    return _shape(edges).value[0] if edges else 0


@register_family
class GreenHackenbush(Unparameterised, ComponentFamily):
    """Green Hackenbush: a move deletes an edge; what is cut from the ground falls away."""

    tag: ClassVar[str] = "green-hackenbush"
    title: ClassVar[str] = "Green Hackenbush"
    component_noun: ClassVar[str] = "rooted graph"
    play: ClassVar[PlayHooks] = GraphPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Green Hackenbush: graphs drawn on the ground; a move deletes one edge, and every edge no longer "
                "joined to the ground falls away; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("a bamboo stalk of n edges is a Nim heap of n; by the colon principle (Ferguson, Part I, ch. 6) "
                "the branches at a vertex are worth one stalk of the XOR of their values, so a tree is valued from "
                "its leaves down, g(v) = XOR of (g(child) + 1); by the fusion principle (ch. 6) the vertices of a "
                "cycle may be fused into one, its edges becoming loops worth 1 each, which makes any graph a tree "
                "of bridges with loops")

    def position_of(self, value: Any) -> Optional[List[Any]]:
        if isinstance(value, dict):
            return [value]
        if isinstance(value, (list, tuple)) and value and all(
                isinstance(e, (list, tuple)) and len(e) == 2 and all(isinstance(v, (int, str)) for v in e)
                for e in value):
            return [value]                            # one list of edges, vertex 0 the ground
        return None

    def read_component(self, value: Any) -> Edges:
        if isinstance(value, dict):
            unknown = set(value) - {"ground", "edges"}
            if unknown or "edges" not in value:
                keys = "; unknown keys " + ", ".join(map(repr, sorted(unknown))) if unknown else ""
                raise InvalidPositionError('a Green Hackenbush graph is {"ground": 0, "edges": [[0, 1], ...]}' + keys)
            ground = value.get("ground", 0)
            edges = value["edges"]
        else:
            ground, edges = 0, value
        grounds = list(ground) if isinstance(ground, (list, tuple)) else [ground]
        if isinstance(edges, (str, bytes, dict)) or not hasattr(edges, "__len__"):
            raise InvalidPositionError(f"the edges of a graph are a list of pairs [u, v]; not {_short(edges)}")
        if len(edges) > MAX_EDGES:
            raise InvalidPositionError(f"a graph has at most {MAX_EDGES:,} edges, not {len(edges):,}")
        names: Dict[Any, int] = {g: 0 for g in grounds if isinstance(g, (int, str)) and not isinstance(g, bool)}
        pairs = _plain_pairs(edges, names)              # 10**5 edges of two ints: C-level loops
        if pairs is None:
            pairs = _checked_pairs(edges, names)        # anything else, edge by edge, with its error
        canonical = _canonical(pairs)
        if len(canonical) != len(pairs):
            kept = _grounded(pairs)
            loose = next(edges[i] for i in range(len(pairs)) if i not in kept)
            raise InvalidPositionError(f"the edge {_short(list(loose))} is not joined to the ground "
                                       f"{_short(ground)} by any path: it would have fallen (draw every edge "
                                       "on a path to the ground)")
        return canonical

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """Each rooted graph (ground 0) as its edges, each edge (u + 1, v + 1), padded with (0, 0) to the
        start's most edges; as many graphs as the start's (a cut leaves one graph at most: what falls
        off the ground is gone)."""
        most = max((len(edges) for edges in start), default=0)
        top = max([most] + [max(edge) for edges in start for edge in edges])

        def encode(edges: Any) -> List[int]:
            return padded([end + 1 for edge in edges for end in edge], 2 * most)

        def decode(ints: Sequence[int]) -> Any:
            ends = [int(i) - 1 for i in ints]
            return {"ground": 0, "edges": [[u, v] for u, v in zip(ends[::2], ends[1::2]) if u >= 0]}

        return slotted(max(len(start), 1), [top + 2] * (2 * most), encode, decode,
                       f"{len(start)} rooted graphs, each {most} edges (u + 1, v + 1), the ground 0, (0, 0) for none")

    def component_value(self, component: Any) -> Any:
        return {"ground": 0, "edges": [list(e) for e in component]}

    def grundy(self, component: Any) -> Optional[int]:
        return grundy_of(component)

    def is_lost(self, component: Any) -> Optional[bool]:
        return grundy_of(component) == 0

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        return self.option_to(component, 0)

    def account(self, components: Sequence[Any]) -> List[str]:
        lines = []
        for i, component in enumerate(components[:10], start=1):
            shape = _shape(component) if component else None
            cycles = sum(1 for loops in shape.loops if loops) if shape else 0
            bridges = len(shape.parent) - 1 if shape else 0
            lines.append(f"Graph {i}: {len(component):,} edges, {bridges:,} of them bridges, {cycles:,} block(s) "
                         f"of cycles fused into loops; value {grundy_of(component)}.")
        return lines

    def _delete(self, component: Edges, i: int) -> Tuple[int, Tuple[Any, ...]]:
        shape = _shape(component)
        if shape.tree or shape.bridge[i]:                # a bridge: the blocks below it fall
            u, v = component[i]
            return self._cut(component, shape, max(shape.block[u], shape.block[v]))
        left = _canonical(list(component[:i] + component[i + 1:]))
        return (len(component) - len(left), (left,) if left else ())

    def _cut(self, component: Edges, shape: _Shape, c: int) -> Tuple[int, Tuple[Any, ...]]:
        """``_delete`` of the bridge up from block ``c``, read off the shape: the blocks below it
        fall, and the edges left keep their order (no search from the ground, no sort)."""
        fallen = [False] * len(shape.parent)
        below = [c]
        for b in below:                              # the list grows as it is read
            fallen[b] = True
            below.extend(shape.children[b])
        block, bridge = shape.block, shape.via[c]
        left = tuple(edge for i, edge in enumerate(component) if i != bridge and not fallen[block[edge[0]]])
        return (len(component) - len(left), (left,) if left else ())

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        if not component:
            return None
        shape = _shape(component)
        b, want = 0, target
        while True:                     # down the tree of blocks, by the colon principle
            d = shape.value[b] ^ want
            if d == 0:
                return None
            for c in shape.children[b]:
                h = shape.value[c] + 1
                if h ^ d < h:
                    if h ^ d == 0:      # cut the bridge: the branch falls
                        return self._cut(component, shape, c)
                    b, want = c, (h ^ d) - 1
                    break
            else:
                break                   # only the block's own loops can change it: a deletion inside it
        return self._scan(component, shape, b, target)

    def _scan(self, component: Edges, shape: _Shape, b: int, target: int) -> Tuple[int, Tuple[Any, ...]]:
        """The deletion of an edge inside block ``b`` that leaves the whole graph worth ``target``."""
        inside = [i for i, (u, v) in enumerate(component)
                  if shape.block[u] == b and shape.block[v] == b and i != shape.via[b]]
        work = 0
        for i in inside:
            work += len(component)
            if work > MAX_SCAN:
                raise NimError(f"the winning move of this graph lies inside a cycle of {len(inside):,} edges; "
                               f"finding it would look at more than {MAX_SCAN:,} edges (its value is exact)")
            option = self._delete(component, i)
            if grundy_of(option[1][0] if option[1] else ()) == target:
                return option
        raise NimError("no deletion reaches the value the colon principle promises: a hook is wrong")

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        for i in range(len(component)):
            yield self._delete(component, i)

    def option_count(self, component: Any) -> int:
        return len(component)

    def reach(self, component: Any) -> int:
        return int(2 ** min(len(component), 4096)) * max(1, len(component))

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        after = left[0] if left else ()
        fallen = count - 1
        return (f"delete an edge of the graph of {len(component)} edges"
                + (f"; {fallen} more fall with it" if fallen else "")
                + f", leaving {len(after)} edges worth {grundy_of(after)}")


def _plain_pairs(edges: Sequence[Any], names: Dict[Any, int]) -> Optional[List[Tuple[int, int]]]:
    """The edges numbered as ``_checked_pairs`` numbers them, when every edge is a list or tuple of
    two ints (the common case, in C-level loops); None for anything else (then edge by edge)."""
    if not names or not all(type(e) in (list, tuple) and len(e) == 2 for e in edges):
        return None
    flat = [vertex for edge in edges for vertex in edge]
    if not all(type(vertex) is int for vertex in flat):
        return None
    for vertex in dict.fromkeys(flat):                  # in order of first appearance, as edge by edge
        if vertex not in names:
            names[vertex] = len(names)
    numbers = list(map(names.__getitem__, flat))
    return list(zip(numbers[0::2], numbers[1::2]))


def _checked_pairs(edges: Sequence[Any], names: Dict[Any, int]) -> List[Tuple[int, int]]:
    """The edges with their vertices numbered (the ground 0, the others from the next number on in
    order of first appearance), each checked, a bad one refused with its words."""
    pairs = []
    for edge in edges:
        if isinstance(edge, (str, bytes, dict)) or not hasattr(edge, "__len__") or len(edge) != 2:
            raise InvalidPositionError(f"an edge is a pair of vertices [u, v]; {_short(edge)} is not")
        ends = []
        for vertex in edge:
            number = names.get(vertex)
            if number is None:
                if isinstance(vertex, bool) or not isinstance(vertex, (int, str)):
                    raise InvalidPositionError(f"a vertex is a whole number or a string, not {_short(vertex)}")
                number = names[vertex] = len(names) + (0 if names else 1)
            ends.append(number)
        pairs.append((ends[0], ends[1]))
    return pairs


def _grounded(pairs: List[Tuple[int, int]]) -> set[int]:
    """The indices of the edges a path joins to vertex 0."""
    adjacent: Dict[int, List[int]] = {}
    for i, (u, v) in enumerate(pairs):
        adjacent.setdefault(u, []).append(i)
        adjacent.setdefault(v, []).append(i)
    kept: set[int] = set()
    todo = [0]
    reached = {0}
    while todo:
        vertex = todo.pop()
        for i in adjacent.get(vertex, ()):
            kept.add(i)
            for other in pairs[i]:
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
    return kept
