"""Games on a directed graph (Ferguson, Part I, chapter 3): tokens sit on vertices; a move
slides one token along an edge. The player who cannot move loses.

A position is ``{"edges": [[0, 1], [1, 2], [2, 0], [2, 3]], "tokens": [0, 3]}``: the edges
of the graph (vertices are whole numbers; ``"vertices"`` may list isolated ones, and then
every edge must join listed vertices) and the vertex of each token (a sum: each token a
component). ``"token": 0`` stands for one token.

**Acyclic graphs.** The Sprague-Grundy function (Ferguson, ch. 3): ``g(v)`` is the mex of
its followers' values, found from the sinks up; a sum of tokens is won exactly when the
XOR of their values is not 0.

**Loopy graphs** (a graph with cycles: play may go on for ever, a draw). The generalised
Sprague-Grundy function of Smith (1966) and Fraenkel and Yesha (1986) gives each vertex
either a value ``m`` or ``infinity(K)``, K the finite values among its followers. One
token: value 0 is lost, another finite value won; ``infinity(K)`` is won when 0 is in
K (move to a 0) and otherwise a draw. A sum: the finite values add by XOR; with one
infinite component ``infinity(K)`` and the others adding to ``a``, the sum is won when
``a`` is in K and else a draw; with two or more infinite ones, a draw. The values are
found stage by stage, m = 0, 1, ...: a vertex gets m when none of its followers has m
and every follower not yet valued has a follower of value m (the retrograde algorithm),
in time about the edges times the stages.

A draw is the value 0 of ``nim.solve`` (its move keeps the draw), and the words "draws"
in ``nim.explain``. Misère play is solved by the exact search on acyclic graphs and
refused in words on graphs with a cycle.

>>> solve = __import__("nim").solve
>>> solve({"edges": [[0, 1], [1, 2]], "token": 0}, "graph").value        # 0 -> 1 -> 2: g(0) = 0
-1
>>> solve({"edges": [[0, 1], [1, 0]], "token": 0}, "graph").value        # a 2-cycle: a draw
0
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.families.base import ComponentFamily, Unparameterised, register_family

__all__ = ["Graph", "GraphGame", "Token", "MAX_EDGES", "MAX_VERTICES"]

#: The most edges and vertices a graph may have (10**6 of each: seconds of Python).
MAX_EDGES = 1_000_000
MAX_VERTICES = 1_000_000
#: The most tokens a position may have.
MAX_TOKENS = 10_000

#: A vertex whose value is infinite: its K, the finite values of its followers.
Infinite = FrozenSet[int]


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"


class Graph:
    """A finite directed graph, read once; its (generalised) Sprague-Grundy values on first need."""

    __slots__ = ("names", "index", "follow", "edges", "_hash", "_values", "_acyclic")

    def __init__(self, edges: Sequence[Tuple[int, int]], vertices: Sequence[int]) -> None:
        self.names: List[int] = list(vertices)
        self.index: Dict[int, int] = {v: i for i, v in enumerate(self.names)}
        self.follow: List[List[int]] = [[] for _ in self.names]
        for u, v in edges:
            self.follow[self.index[u]].append(self.index[v])
        self.edges = tuple(edges)               # as given: a key for equal graphs, not sorted (10**6 edges)
        self._hash = hash((self.edges, tuple(self.names)))
        self._values: Optional[List[Any]] = None
        self._acyclic: Optional[bool] = None

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Graph) and self._hash == other._hash
                                 and self.edges == other.edges and self.names == other.names)

    def __hash__(self) -> int:
        return self._hash

    def acyclic(self) -> bool:
        """Whether the graph has no cycle (Kahn's algorithm)."""
        if self._acyclic is None:
            indegree = [0] * len(self.names)
            for follows in self.follow:
                for w in follows:
                    indegree[w] += 1
            ready = [v for v, d in enumerate(indegree) if d == 0]
            seen = 0
            while ready:
                v = ready.pop()
                seen += 1
                for w in self.follow[v]:
                    indegree[w] -= 1
                    if indegree[w] == 0:
                        ready.append(w)
            self._acyclic = seen == len(self.names)
        return self._acyclic

    def values(self) -> List[Any]:
        """Each vertex's value: an int, or a frozenset K for infinity(K)."""
        if self._values is None:
            self._values = _generalised_grundy(self.follow)
        return self._values


def _generalised_grundy(follow: List[List[int]]) -> List[Any]:
    """The generalised Sprague-Grundy function (Smith; Fraenkel and Yesha), stage by stage."""
    n = len(follow)
    precede: List[List[int]] = [[] for _ in range(n)]
    for v, follows in enumerate(follow):
        for w in follows:
            precede[w].append(v)
    label: List[int] = [-1] * n                      # -1: not (yet) finite
    candidates = list(range(n))                      # unlabelled, with followers of every value < m
    m = 0
    while candidates:
        has_m = [False] * n                          # a follower of value m (so not m)
        in_stage = [False] * n
        for v in candidates:
            in_stage[v] = True
        # bad[v]: v's followers that are unlabelled and have no follower of value m yet
        bad = [0] * n
        for v in candidates:
            bad[v] = sum(1 for w in follow[v] if label[w] < 0)
        ready = [v for v in candidates if bad[v] == 0]

        while ready:
            v = ready.pop()
            if label[v] >= 0 or has_m[v] or bad[v] != 0:
                continue
            label[v] = m
            for p in precede[v]:
                # p now has a follower of value m: it cannot be m, and, unlabelled, it stops
                # blocking its own predecessors (they see a follower with an m-follower)
                if has_m[p]:
                    continue
                has_m[p] = True
                if label[p] < 0:
                    for q in precede[p]:
                        if in_stage[q] and label[q] < 0:
                            bad[q] -= 1
                            if bad[q] == 0:
                                ready.append(q)
        # the next stage keeps the unlabelled candidates that have a follower of value m
        candidates = [v for v in candidates if label[v] < 0 and has_m[v]]
        m += 1
    values: List[Any] = list(label)
    for v in range(n):
        if label[v] < 0:
            values[v] = frozenset(label[w] for w in follow[v] if label[w] >= 0)
    return values


class Token(int):
    """A token on a vertex of a graph: the vertex's name as an int (what JSON shows), with its graph."""

    graph: Graph
    vertex: int

    def __new__(cls, graph: Graph, vertex: int) -> "Token":
        token = int.__new__(cls, graph.names[vertex])
        token.graph = graph
        token.vertex = vertex
        return token

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Token) and self.vertex == other.vertex and self.graph == other.graph

    def __hash__(self) -> int:
        return hash((self.graph, self.vertex))

    def __repr__(self) -> str:
        return f"Token({int(self)})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (int, (int(self),))


def _shown_value(value: Any) -> str:
    if isinstance(value, int):
        return str(value)
    return "infinity(" + ", ".join(map(str, sorted(value))) + ")"


@register_family
class GraphGame(Unparameterised, ComponentFamily):
    """A game on a directed graph: a move slides one token along an edge."""

    tag: ClassVar[str] = "graph"
    component_noun: ClassVar[str] = "token"

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("a game on a directed graph: tokens sit on vertices; a move slides one token along an edge; the "
                "player who cannot move " + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("on an acyclic graph the Sprague-Grundy function (Ferguson, Part I, ch. 3) values each vertex by "
                "the mex of its followers' values, and a sum of tokens is lost exactly when the XOR of their "
                "values is 0; on a graph with cycles the generalised Sprague-Grundy function (Smith 1966; "
                "Fraenkel and Yesha 1986) gives a value or infinity(K), K the finite values of the followers: a "
                "sum with one infinite token is won when the XOR of the others is in K and otherwise drawn, with "
                "two or more it is drawn")

    # -- reading ---------------------------------------------------------------------------

    def position_of(self, value: Any) -> Optional[List[Any]]:
        if not isinstance(value, dict):
            return None
        graph, tokens = _read_graph(value)
        return [Token(graph, t) for t in tokens]

    def read_component(self, value: Any) -> Token:
        if isinstance(value, Token):
            return value
        if isinstance(value, dict):
            graph, tokens = _read_graph(value)
            if len(tokens) != 1:
                raise InvalidPositionError("in a list of graphs each has one token (\"token\": v); give one graph "
                                           "with \"tokens\": [...] for several")
            return Token(graph, tokens[0])
        raise InvalidPositionError('a position of a graph game is {"edges": [[u, v], ...], "tokens": [v, ...]}, '
                                   f"or a list of such graphs each with one \"token\"; not {_short(value)}")

    def component_value(self, component: Any) -> Any:
        return component

    # -- play ------------------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        graph = component.graph
        for w in graph.follow[component.vertex]:
            yield (1, (Token(graph, w),))

    def option_count(self, component: Any) -> int:
        return len(component.graph.follow[component.vertex])

    def reach(self, component: Any) -> int:
        return len(component.graph.names) + len(component.graph.edges)

    def grundy(self, component: Any) -> Optional[int]:
        value = component.graph.values()[component.vertex]
        if not isinstance(value, int):
            raise NimError(f"the vertex {int(component)} has the infinite value {_shown_value(value)}: it has no "
                           "Grundy value to add (the generalised Sprague-Grundy theorem decides its sums)")
        return int(value)

    def sum_outcome(self, components: Sequence[Any], misere: bool) -> Optional[int]:
        if misere:
            for token in components:
                if not token.graph.acyclic():
                    raise NimError("misère play on a graph with a cycle is not solved here (its theory is not "
                                   "the generalised Sprague-Grundy function's); normal play is")
            return None
        x = 0
        infinite: List[Infinite] = []
        for token in components:
            value = token.graph.values()[token.vertex]
            if isinstance(value, int):
                x ^= value
            else:
                infinite.append(value)
        if not infinite:
            return 1 if x else -1
        if len(infinite) == 1 and x in infinite[0]:
            return 1
        return 0

    def account(self, components: Sequence[Any]) -> List[str]:
        shown = [f"token {i} at vertex {int(t)}: {_shown_value(t.graph.values()[t.vertex])}"
                 for i, t in enumerate(components[:20])]
        more = f" (and {len(components) - 20:,} more tokens)" if len(components) > 20 else ""
        kinds = {("is acyclic: Sprague-Grundy values" if t.graph.acyclic() else
                  "has cycles: generalised Sprague-Grundy values") for t in components}
        return [f"The graph {' and '.join(sorted(kinds))}. " + "; ".join(shown) + more + "."]

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        target = left[0] if left else component
        return f"move the token from vertex {int(component)} to vertex {int(target)}"


def _vertex(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise InvalidPositionError(f"{what} is a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise InvalidPositionError(f"{what} is a whole number, not {_short(value)}") from None


def _read_graph(value: Dict[str, Any]) -> Tuple[Graph, List[int]]:
    """The graph of a position given as a dict, and its tokens' dense indices."""
    unknown = set(value) - {"edges", "tokens", "token", "vertices"}
    if unknown or "edges" not in value or ("tokens" in value) == ("token" in value):
        raise InvalidPositionError('a position of a graph game is {"edges": [[u, v], ...], "tokens": [v, ...]} '
                                   '(or "token": v; "vertices": [...] lists isolated vertices)'
                                   + (f"; unknown keys {sorted(map(str, unknown))}" if unknown else ""))
    edges = value["edges"]
    if isinstance(edges, (str, bytes, dict)) or not hasattr(edges, "__len__"):
        raise InvalidPositionError(f"the edges of a graph are a list of pairs [u, v]; not {_short(edges)}")
    if len(edges) > MAX_EDGES:
        raise InvalidPositionError(f"a graph has at most {MAX_EDGES:,} edges, not {len(edges):,}")
    listed = value.get("vertices")
    names: Dict[int, None] = {}
    if listed is not None:
        if isinstance(listed, (str, bytes, dict)) or not hasattr(listed, "__len__") or len(listed) > MAX_VERTICES:
            raise InvalidPositionError(f"\"vertices\" is a list of at most {MAX_VERTICES:,} whole numbers")
        names = dict.fromkeys(_vertex(v, "a vertex") for v in listed)
    pairs = []
    for edge in edges:
        if type(edge) is list and len(edge) == 2 and type(edge[0]) is int and type(edge[1]) is int:
            u, v = edge                          # the common case, checked in one line (10**6 edges)
        else:
            if isinstance(edge, (str, bytes, dict)) or not hasattr(edge, "__len__") or len(edge) != 2:
                raise InvalidPositionError(f"an edge is a pair of vertices [u, v]; {_short(edge)} is not")
            u, v = _vertex(edge[0], "a vertex"), _vertex(edge[1], "a vertex")
        if listed is not None and (u not in names or v not in names):
            raise InvalidPositionError(f"the edge {[u, v]} leads to a vertex not in \"vertices\": an edge to nowhere")
        pairs.append((u, v))
    if listed is None:
        for u, v in pairs:
            names[u] = None
            names[v] = None
    if len(names) > MAX_VERTICES:
        raise InvalidPositionError(f"a graph has at most {MAX_VERTICES:,} vertices, not {len(names):,}")
    raw = value.get("tokens", [value.get("token")])
    if isinstance(raw, (str, bytes, dict)) or not hasattr(raw, "__len__"):
        raise InvalidPositionError(f"\"tokens\" is a list of vertices; not {_short(raw)}")
    if len(raw) > MAX_TOKENS:
        raise InvalidPositionError(f"a position has at most {MAX_TOKENS:,} tokens")
    graph = Graph(pairs, list(names))
    tokens = []
    for t in raw:
        name = _vertex(t, "a token's vertex")
        if name not in graph.index:
            raise InvalidPositionError(f"a token is on vertex {name}, which the graph does not have")
        tokens.append(graph.index[name])
    return graph, tokens
