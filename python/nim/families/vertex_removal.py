"""Vertex removal on a graph (Ferguson, Part I, chapter 4, exercise 4.5.11): a position is a
finite undirected graph given by its edges; a move removes one vertex and every edge
incident to it, but a vertex with no edge may not be removed (a move removes at least one
edge). The player who cannot move (no edge left) loses.

A position is the list of edges ``[[0, 1], [1, 2], [2, 3]]`` (vertices are whole numbers;
a repeated edge is one edge; a loop ``[v, v]`` is refused), or ``{"edges": [...]}``. It is
the sum of its connected components (a move touches one), each a component here.

No formula is known in general (the exercise asks the student to investigate): each
component's Grundy value is the mex over its options (``nim.solving.components``, memoised
and within the call's limits), and a sum is lost exactly when the XOR is 0. Two components
that are isomorphic trees share one memo entry (each tree is keyed by its canonical form,
AHU's encoding from its centre), so paths, stars and caterpillars are valued in polynomial
time; other graphs are keyed by their labelled edges. The values the exercise asks for
(checked in tests/test_family_vertex_removal.py by a brute force): the star S_n has value 1
for odd n and 2 for even n; the cycle C_n is the path L_(n-2) one move on.

>>> VertexGraph([(5, 9), (9, 2), (2, 7)]) == VertexGraph([(0, 1), (1, 2), (2, 3)])    # two paths of 3 edges
True
>>> [len(left) for _, left in VertexRemoval().options(VertexGraph([(0, 1), (1, 2), (2, 3)]))]
[1, 1, 1, 1]
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import ComponentFamily, Unparameterised, register_family
from nim.families.vectors import VectorEncoding, padded, slotted
from nim.families.play import PlayHooks, VerticesPlay

__all__ = ["MAX_EDGES", "VertexGraph", "VertexRemoval"]

#: The most edges a position may have (its components' values are searched, so far fewer are solved).
MAX_EDGES = 100_000

Edge = Tuple[int, int]


class VertexGraph(tuple):  # type: ignore[type-arg]
    """One connected component: its edges ``(u, v)``, ``u < v``, sorted, with the user's vertex
    numbers; equal to (and hashed as) any isomorphic tree, else to the same labelled graph."""

    key: Tuple[Any, ...]

    def __new__(cls, edges: Sequence[Edge]) -> "VertexGraph":
        graph = tuple.__new__(cls, tuple(sorted(edges)))
        graph.key = _canonical_key(graph)
        return graph

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VertexGraph) and self.key == other.key

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"VertexGraph({list(self)!r})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (VertexGraph, (tuple(self),))

    def vertices(self) -> List[int]:
        """The vertices, ascending."""
        return sorted({v for edge in self for v in edge})


def _adjacency(edges: Sequence[Edge]) -> Dict[int, List[int]]:
    near: Dict[int, List[int]] = {}
    for u, v in edges:
        near.setdefault(u, []).append(v)
        near.setdefault(v, []).append(u)
    return near


def _rooted_code(near: Dict[int, List[int]], root: int) -> str:
    """AHU's encoding of the tree rooted at ``root``: equal exactly for isomorphic rooted trees."""
    order = [root]
    parent = {root: root}
    for v in order:                                   # breadth first, the list grows as it is read
        for w in near[v]:
            if w not in parent:
                parent[w] = v
                order.append(w)
    codes: Dict[int, List[str]] = {v: [] for v in order}
    code = "()"
    for v in reversed(order):
        code = "(" + "".join(sorted(codes[v])) + ")"
        if v != root:
            codes[parent[v]].append(code)
    return code


def _canonical_key(edges: Tuple[Edge, ...]) -> Tuple[Any, ...]:
    near = _adjacency(edges)
    if len(edges) != len(near) - 1:                   # connected with a cycle: keyed by its labels
        names = {v: i for i, v in enumerate(sorted(near))}
        return ("graph",) + tuple(sorted((names[u], names[v]) for u, v in edges))
    degree = {v: len(ws) for v, ws in near.items()}   # a tree: peel leaves down to its centre(s)
    layer = [v for v, d in degree.items() if d <= 1]
    left = len(near)
    while left > 2:
        left -= len(layer)
        following = []
        for v in layer:
            for w in near[v]:
                degree[w] -= 1
                if degree[w] == 1:
                    following.append(w)
        layer = following
    return ("tree", min(_rooted_code(near, centre) for centre in layer))


def _components(edges: Sequence[Edge]) -> List[VertexGraph]:
    """The connected components of a set of edges, each a VertexGraph, largest first."""
    near = _adjacency(edges)
    seen: Set[int] = set()
    found = []
    for start in sorted(near):
        if start in seen:
            continue
        seen.add(start)
        stack, part = [start], []
        while stack:
            v = stack.pop()
            for w in near[v]:
                if v < w:
                    part.append((v, w))
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        found.append(VertexGraph(part))
    return found


@register_family
class VertexRemoval(Unparameterised, ComponentFamily):
    """Ferguson's exercise 4.5.11: a move removes a vertex that has an edge, with its edges."""

    tag: ClassVar[str] = "vertex-removal"
    syntax: ClassVar[str] = "vertex-removal"
    component_noun: ClassVar[str] = "connected component"
    example: ClassVar[str] = "[[0, 1], [1, 2], [2, 3]]"

    play: ClassVar[PlayHooks] = VerticesPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Vertex removal: a position is an undirected graph given by its edges; a move removes one vertex "
                "and every edge at it, and a vertex with no edge may not be removed; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("vertex removal (Ferguson, Part I, exercise 4.5.11) has no known formula: a graph is the sum of its "
                "connected components (the Sprague-Grundy theorem), each valued by the mex over its options, "
                "isomorphic trees once (AHU's canonical form); e.g. the star S_n has value 1 for odd n, 2 for even "
                "n; a sum is lost exactly when the XOR of the values is 0")

    # -- reading ---------------------------------------------------------------------------

    def position_of(self, value: Any) -> Optional[List[Any]]:
        if isinstance(value, dict):
            unknown = set(value) - {"edges"}
            if unknown or "edges" not in value:
                raise InvalidPositionError('a position of vertex removal is {"edges": [[u, v], ...]} or the list '
                                           "of edges" + (f"; unknown keys {sorted(map(str, unknown))}"
                                                         if unknown else ""))
            value = value["edges"]
        if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
            raise InvalidPositionError(f"a position of vertex removal is a list of edges [u, v]; not {_short(value)}")
        if len(value) > MAX_EDGES:
            raise InvalidPositionError(f"a graph has at most {MAX_EDGES:,} edges here, not {len(value):,}")
        if all(isinstance(part, VertexGraph) for part in value):
            return list(value)                            # components already read (a move's result)
        if value and all(isinstance(part, (list, tuple)) and part and all(isinstance(e, (list, tuple)) for e in part)
                         for part in value):             # a list of graphs, each its list of edges
            return [c for part in value for c in self.position_of(list(part)) or ()]
        edges = set()
        for edge in value:
            if isinstance(edge, (str, bytes, dict)) or not hasattr(edge, "__len__") or len(edge) != 2:
                raise InvalidPositionError(f"an edge is a pair of vertices [u, v]; {_short(edge)} is not")
            u, v = (_vertex(end) for end in edge)
            if u == v:
                raise InvalidPositionError(f"the loop {[u, v]} is not an edge of vertex removal (an edge joins two "
                                           "vertices)")
            edges.add((u, v) if u < v else (v, u))
        return list(_components(sorted(edges)))

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """Each connected graph as its edges (u + 1, v + 1), padded with (0, 0) to the start's largest;
        as many graphs as the start's edges (a removal splits a graph, each part keeps an edge)."""
        most = max((len(graph) for graph in start), default=0)
        top = max((max(edge) for graph in start for edge in graph), default=0)

        def encode(graph: Any) -> List[int]:
            return padded([end + 1 for edge in graph for end in edge], 2 * most)

        def decode(ints: Sequence[int]) -> Any:
            ends = [int(i) - 1 for i in ints]
            return [[u, v] for u, v in zip(ends[::2], ends[1::2]) if u >= 0]

        return slotted(max(sum(len(graph) for graph in start), 1), [top + 2] * (2 * most), encode, decode,
                       f"graphs of at most {most} edges (u + 1, v + 1), (0, 0) for none, vertices 0 to {top}")

    def read_component(self, value: Any) -> VertexGraph:
        if isinstance(value, VertexGraph):
            return value
        parts = self.position_of(value)
        if parts is None or len(parts) != 1:
            raise InvalidPositionError("a component of vertex removal is one connected graph, a list of edges")
        found: VertexGraph = parts[0]
        return found

    def component_value(self, component: Any) -> Any:
        return [list(edge) for edge in component]

    # -- play ------------------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        near = _adjacency(component)
        for v in sorted(near, key=lambda v: (len(near[v]), v)):       # the fewest edges first
            rest = [edge for edge in component if v not in edge]
            yield (len(near[v]), tuple(_components(rest)))

    def option_count(self, component: Any) -> int:
        return len({v for edge in component for v in edge})

    def reach(self, component: Any) -> int:
        # an estimate of the distinct components met: isomorphic trees share an entry, so a tree
        # costs about vertices**3 options (times 2 per branching vertex; each independent cycle doubles it)
        vertices = self.option_count(component)
        branching = sum(1 for ws in _adjacency(component).values() if len(ws) >= 3)
        cycles = len(component) - vertices + 1
        by_shape = vertices**4 * 2 ** min(branching + cycles, 64)    # each option costs about vertices to build
        return int(min(by_shape, vertices**2 * 2 ** min(vertices, 64)))   # at most every set of vertices removed

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        remaining = {edge for part in left for edge in part}
        for v in component.vertices():
            if {edge for edge in component if v not in edge} == remaining:
                return f"remove vertex {v} and its {count} edge{'s' if count != 1 else ''}"
        return f"remove a vertex and its {count} edges"

    def account(self, components: Sequence[Any]) -> List[str]:
        shown = [f"{len(c):,} edges ({'a tree' if c.key[0] == 'tree' else 'with a cycle'})" for c in components[:10]]
        return [f"Connected components: {len(components):,}: " + "; ".join(shown) + "."]


def _vertex(value: Any) -> int:
    if isinstance(value, bool):
        raise InvalidPositionError(f"a vertex is a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise InvalidPositionError(f"a vertex is a whole number, not {_short(value)}") from None


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
