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
in ``nim.explain``. Misère play is solved by the exact search on acyclic graphs and, on
graphs with cycles, where no Sprague-Grundy theory applies, by a retrograde analysis of
the whole game (``nim.families.graph_misere``: won, lost or drawn, bounded in positions).

>>> solve = __import__("nim").solve
>>> solve({"edges": [[0, 1], [1, 2]], "token": 0}, "graph").value        # 0 -> 1 -> 2: g(0) = 0
-1
>>> solve({"edges": [[0, 1], [1, 0]], "token": 0}, "graph").value        # a 2-cycle: a draw
0
"""

from __future__ import annotations

import operator
import re
from typing import Any, ClassVar, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

from nim.errors import IllegalMoveError, InvalidPositionError, NimError
from nim.families.base import ComponentFamily, Unparameterised, register_family
from nim.families.play import Option, PlayHooks
from nim.families.polling import poll

__all__ = ["Graph", "GraphGame", "Token", "TokensPlay", "MAX_EDGES", "MAX_VERTICES", "PLAY_EDGES", "PLAY_VERTICES",
           "PLAY_TOKENS"]

#: The most edges and vertices a graph may have (10**6 of each: seconds of Python).
MAX_EDGES = 1_000_000
MAX_VERTICES = 1_000_000
#: The most tokens a position may have.
MAX_TOKENS = 10_000

#: The largest graph free play plays move by move and draws (a board for people; nimcore solve
#: answers the rest), and the most tokens.
PLAY_EDGES = 2_000
PLAY_VERTICES = 200
PLAY_TOKENS = 50

#: A vertex whose value is infinite: its K, the finite values of its followers.
Infinite = FrozenSet[int]


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"


class Graph:
    """A finite directed graph, read once; its (generalised) Sprague-Grundy values on first need."""

    __slots__ = ("names", "index", "follow", "edges", "_hash", "_values", "_times", "_acyclic")

    def __init__(self, edges: Sequence[Tuple[int, int]], vertices: Sequence[int]) -> None:
        self.names: List[int] = list(vertices)
        self.index: Dict[int, int] = {v: i for i, v in enumerate(self.names)}
        self.follow: List[List[int]] = [[] for _ in self.names]
        for i, (u, v) in enumerate(edges):
            self.follow[self.index[u]].append(self.index[v])
            if not i & 0xFFFF:
                poll(f"building a graph of {len(edges):,} edges (at edge {i:,})")
        self.edges = tuple(edges)               # as given: a key for equal graphs, not sorted (10**6 edges)
        self._hash = hash((self.edges, tuple(self.names)))
        self._values: Optional[List[Any]] = None
        self._times: List[int] = []
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
                if not seen & 0xFFFF:
                    poll(f"looking for a cycle in a graph of {len(self.names):,} vertices")
                for w in self.follow[v]:
                    indegree[w] -= 1
                    if indegree[w] == 0:
                        ready.append(w)
            self._acyclic = seen == len(self.names)
        return self._acyclic

    def values(self) -> List[Any]:
        """Each vertex's value: an int, or a frozenset K for infinity(K)."""
        if self._values is None:
            self._values, self._times = _generalised_grundy(self.follow)
        return self._values

    def times(self) -> List[int]:
        """When each vertex got its finite value, in the algorithm's order (the counter function
        of Smith's theory: a winner who moves to the earliest-valued vertex a move may reach
        never goes round a cycle); -1 for an infinite value."""
        self.values()
        return self._times


def _generalised_grundy(follow: List[List[int]]) -> Tuple[List[Any], List[int]]:
    """The generalised Sprague-Grundy function (Smith; Fraenkel and Yesha), stage by stage, and
    when each vertex got its finite value (-1: infinite)."""
    n = len(follow)
    precede: List[List[int]] = [[] for _ in range(n)]
    for v, follows in enumerate(follow):
        for w in follows:
            precede[w].append(v)
    label: List[int] = [-1] * n                      # -1: not (yet) finite
    time: List[int] = [-1] * n
    clock = 0
    candidates = list(range(n))                      # unlabelled, with followers of every value < m
    m = 0
    what = f"the generalised Sprague-Grundy values of a graph of {n:,} vertices"
    while candidates:
        poll(f"{what} (at stage {m:,})")
        has_m = [False] * n                          # a follower of value m (so not m)
        in_stage = [False] * n
        for v in candidates:
            in_stage[v] = True
        # bad[v]: v's followers that are unlabelled and have no follower of value m yet
        bad = [0] * n
        for v in candidates:
            bad[v] = sum(1 for w in follow[v] if label[w] < 0)
        ready = [v for v in candidates if bad[v] == 0]

        popped = 0
        while ready:
            v = ready.pop()
            popped += 1
            if not popped & 0xFFFF:                  # every 65,536 vertices: the call's time limit, cancel
                poll(f"{what} (at stage {m:,})")
            if label[v] >= 0 or has_m[v] or bad[v] != 0:
                continue
            label[v] = m
            time[v] = clock
            clock += 1
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
    return values, time


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
    play: ClassVar[PlayHooks]            # TokensPlay(), set below its class

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
            if all(token.graph.acyclic() for token in components):
                return None                          # the exact misère search over the sum
            from nim.families.graph_misere import misere_outcome

            return misere_outcome(components)[0]     # no theory: the whole game, by retrograde analysis
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
                 for i, t in enumerate(components[:20], start=1)]
        more = f" (and {len(components) - 20:,} more tokens)" if len(components) > 20 else ""
        kinds = {("is acyclic: Sprague-Grundy values" if t.graph.acyclic() else
                  "has cycles: generalised Sprague-Grundy values") for t in components}
        return [f"The graph {' and '.join(sorted(kinds))}. " + "; ".join(shown) + more + "."]

    def outcome_words(self, components: Sequence[Any], misere: bool) -> List[str]:
        if not misere or all(token.graph.acyclic() for token in components):
            return []
        words = _misere_words(components)
        return [words[0].upper() + words[1:] + "."]

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        if left:
            return f"move the token from vertex {int(component)} to vertex {int(left[0])}"
        graph = component.graph                     # a sum drops a token that cannot move: which sink?
        sinks = [graph.names[w] for w in graph.follow[component.vertex] if not graph.follow[w]]
        to = f"vertex {sinks[0]}" if len(set(sinks)) == 1 else "a vertex with no edge out"
        return f"move the token from vertex {int(component)} to {to}"


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
        if not len(pairs) & 0xFFFF:               # every 65,536 edges: the call's time limit, cancel
            poll(f"reading a graph of {len(edges):,} edges (at edge {len(pairs):,})")
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


# ---------------------------------------------------------------- free play (issue 41)

#: Graphs read from a game's state, by their edges: a move reads the graph again, its values once.
_READ: Dict[str, Graph] = {}


def _number_of(text: str) -> int:
    if len(text.lstrip("-")) > 12:
        raise IllegalMoveError(f"the number {text[:12]}... is too large for this board")
    return int(text)


class TokensPlay(PlayHooks):
    """A game on a directed graph: ``move 3 to 5`` slides the token on vertex 3 along the edge
    3 -> 5 (``3 -> 5`` is read too; with tokens on several graphs, ``graph 2: move 3 to 5``).
    The state keeps each token with its graph (``{"edges": ..., "token": v}``), so a game saved
    or played in the browser loses nothing; on a graph with cycles a position that comes up a
    third time, the same player to move, is a draw (play could go on for ever)."""

    noun = "token"
    grammar = ("move U to V: the token on vertex U along an edge to vertex V (e.g. 'move 0 to 2'; "
               "with several graphs, 'graph 2: move 0 to 2')")
    # two cycles: 1 -> 2 -> 3 -> 1 of finite values, and 6 <-> 7, where vertex 6 is worth infinity(1)
    start_value = {"edges": [[0, 1], [1, 2], [2, 3], [3, 1], [1, 4], [4, 5], [2, 5], [6, 0], [6, 7], [7, 6]],
                   "tokens": [6, 3]}
    whole = True                         # a token is named by its vertex, never numbered
    needs = 0
    repeats = 3

    # -- the state's values -----------------------------------------------------------------

    def check_start(self, family: "ComponentFamily", value: Any) -> None:
        graphs = value if isinstance(value, list) and all(isinstance(v, dict) for v in value) else [value]
        if not isinstance(value, (dict, list)) or len(graphs) > PLAY_TOKENS:
            return                                           # read_position says what is wrong
        tokens = 0
        for graph in graphs:
            if not isinstance(graph, dict):
                return
            edges, listed = graph.get("edges"), graph.get("vertices")
            raw = graph.get("tokens", [graph.get("token")])
            n_edges = len(edges) if isinstance(edges, list) else 0
            names = set()
            if n_edges <= PLAY_EDGES and isinstance(edges, list):
                names = {v for e in edges if isinstance(e, list) for v in e if isinstance(v, int)}
            n_vertices = len(listed) if isinstance(listed, list) else len(names)
            if any(abs(v) > 10**12 for v in names):
                raise NimError("a graph to play names its vertices with at most 12 digits (a move types them); "
                               "nimcore solve, analyze and explain take larger names")
            tokens += len(raw) if isinstance(raw, list) else 1
            if n_edges > PLAY_EDGES or n_vertices > PLAY_VERTICES or tokens > PLAY_TOKENS:
                said = ", ".join(f"{n:,} {one if n == 1 else many}" for n, one, many in
                                 ((n_edges, "edge", "edges"), (n_vertices, "vertex", "vertices"),
                                  (tokens, "token", "tokens")))
                raise NimError(f"this graph is too large to play move by move ({said}; "
                               f"a board has at most {PLAY_EDGES:,} edges, "
                               f"{PLAY_VERTICES:,} vertices and {PLAY_TOKENS} tokens): nimcore solve, analyze and "
                               "explain answer it")

    def value(self, family: "ComponentFamily", component: Any) -> Any:
        graph = component.graph
        shown: Dict[str, Any] = {"edges": [list(edge) for edge in graph.edges], "token": int(component)}
        if graph.names != list(dict.fromkeys(v for edge in graph.edges for v in edge)):
            shown["vertices"] = list(graph.names)            # isolated vertices, or another order
        return shown

    def read(self, family: "ComponentFamily", value: Any) -> Any:
        if isinstance(value, dict) and set(value) <= {"edges", "vertices", "token"}:
            key = repr((value.get("edges"), value.get("vertices")))
            graph = _READ.get(key)
            vertex = value.get("token")
            if graph is not None and type(vertex) is int and vertex in graph.index:
                return Token(graph, graph.index[vertex])
            token = family.read_component(value)
            if len(_READ) > 64:
                _READ.clear()
            _READ[key] = token.graph
            return token
        return family.read_component(value)

    def work(self, family: "ComponentFamily", component: Any) -> int:
        return len(component.graph.follow[component.vertex]) + 1

    # -- a move ---------------------------------------------------------------------------------

    @staticmethod
    def _graphs(components: Sequence[Any]) -> List[Graph]:
        """The distinct graphs of the tokens, in order (numbered from 1 on the board)."""
        return list(dict.fromkeys(token.graph for token in components))

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        if len(text) > 400:
            raise IllegalMoveError("a move is a few words and numbers, not 400 characters")
        numbers = [_number_of(t) for t in re.findall(r"(?<![\w-])-?\d+", text)]
        words = re.findall(r"[a-z]+", text.lower())
        graphs = self._graphs(components)
        which: Optional[Graph] = None
        if "graph" in words and len(numbers) == 3:
            g = numbers.pop(0)
            if not 1 <= g <= len(graphs):
                raise IllegalMoveError(f"there is no graph {g}: the graphs are numbered 1 to {len(graphs)}")
            which = graphs[g - 1]
        if len(numbers) != 2:
            raise IllegalMoveError(f"say the vertex of a token and the vertex it moves to ({self.grammar})")
        u, v = numbers
        mine = [i for i, t in enumerate(components) if int(t) == u and (which is None or t.graph == which)]
        if not mine:
            on = ", ".join(str(n) for n in sorted({int(t) for t in components})[:20])
            raise IllegalMoveError(f"there is no token on vertex {u}: the tokens are on {on or 'no vertex'}")
        if which is None and len({components[i].graph for i in mine}) > 1:
            raise IllegalMoveError(f"vertex {u} has a token in several graphs: say which, 'graph 2: move {u} to {v}'")
        index = mine[0]
        token = components[index]
        graph = token.graph
        followers = sorted({graph.names[w] for w in graph.follow[token.vertex]})
        if not followers:
            raise IllegalMoveError(f"vertex {u} has no edge out: its token cannot move")
        if v not in graph.index or graph.index[v] not in graph.follow[token.vertex]:
            shown = ", ".join(map(str, followers[:20])) + (", ..." if len(followers) > 20 else "")
            raise IllegalMoveError(f"there is no edge from vertex {u} to vertex {v}: from {u} a token moves to {shown}")
        return (index, 1, (Token(graph, graph.index[v]),))

    def typed(self, family: "ComponentFamily", components: Sequence[Any], move: Option) -> str:
        index, _, left = move
        graphs = self._graphs(components)
        prefix = f"graph {graphs.index(components[index].graph) + 1}: " if len(graphs) > 1 else ""
        return f"{prefix}move {int(components[index])} to {int(left[0])}"

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the token on vertex {int(component)}"

    # -- the theory in a hint ---------------------------------------------------------------------

    def better(self, family: "ComponentFamily", components: Sequence[Any], move: Option, misere: bool) -> Option:
        """A winning move to the vertex valued earliest (Smith's counter function): moving to any
        lost position could go round a cycle for ever; this one makes progress."""
        assert isinstance(family, GraphGame)
        if misere:
            return _misere_better(components, move)

        def after(i: int, token: Token) -> List[Any]:
            return list(components[:i]) + [token] + list(components[i + 1:])

        index, _, left = move
        if family.sum_outcome(after(index, left[0]), False) != -1:
            return move                                      # a losing or drawing move: any will do
        best, key = move, _time(left[0])
        for i, token in enumerate(components):
            for w in token.graph.follow[token.vertex]:
                target = Token(token.graph, w)
                k = _time(target)
                if k < key and family.sum_outcome(after(i, target), False) == -1:
                    best, key = (i, 1, (target,)), k
        return best

    def reason(self, family: "ComponentFamily", components: Sequence[Any], misere: bool) -> Optional[str]:
        if misere:
            if all(token.graph.acyclic() for token in components):
                return None                                  # the exact misère search said it
            return _misere_words(components)
        values = [t.graph.values()[t.vertex] for t in components]
        if all(isinstance(value, int) for value in values):
            return None                                      # the XOR of the Grundy values says it
        shown = ", ".join(f"vertex {int(t)}: {_shown_value(value)}" for t, value in zip(components[:12], values))
        head = f"the tokens' values (the generalised Sprague-Grundy function) are {shown}"
        infinite = [value for value in values if not isinstance(value, int)]
        x = 0
        for value in values:
            if isinstance(value, int):
                x ^= value
        if len(infinite) > 1:
            return head + "; with two infinite values best play is a draw"
        k = ", ".join(map(str, sorted(infinite[0])))
        verdict = "won" if x in infinite[0] else "a draw"
        return (head + f"; with one infinite value, infinity({k}), the game is won when the XOR of the others "
                f"({x}) is in {{{k}}}, and a draw otherwise: here {verdict}")

    # -- the board ------------------------------------------------------------------------------

    def board(self, family: "ComponentFamily", components: Sequence[Any], start: Sequence[Any] = ()) -> str:
        if not components:
            return "(no token)"
        graphs = self._graphs(components)
        lines: List[str] = []
        for g, graph in enumerate(graphs):
            on = [int(t) for t in components if t.graph == graph]
            kind = "acyclic" if graph.acyclic() else "with cycles"
            head = f"graph {g + 1}: " if len(graphs) > 1 else ""
            lines.append(f"{head}{len(graph.names)} vertices, {len(graph.edges)} edges ({kind}); "
                         f"tokens on {', '.join(map(str, sorted(on)))}")
            for vertex, name in enumerate(graph.names[:40]):
                count = on.count(name)
                mark = "" if not count else " [token]" if count == 1 else f" [{count} tokens]"
                follows = ", ".join(str(graph.names[w]) for w in graph.follow[vertex]) or "no edge out"
                lines.append(f"  {name}{mark} -> {follows}")
            if len(graph.names) > 40:
                lines.append(f"  ... ({len(graph.names) - 40} more vertices)")
        return "\n".join(lines)


def _misere_words(components: Sequence[Any]) -> str:
    """What decided a misère position on a graph with cycles, in words."""
    from nim.families.graph_misere import misere_outcome, misere_table_size

    value, depth = misere_outcome(components)
    verdict = {1: f"won, in {depth} move{'s' if depth != 1 else ''} against best play",
               -1: f"lost, in {depth} move{'s' if depth != 1 else ''} with the longest defence",
               0: "a draw: best play goes round a cycle for ever"}[value]
    return ("misère play on a graph with cycles has no Sprague-Grundy theory (the generalised function is normal "
            f"play's): a retrograde analysis of the whole game ({misere_table_size(components):,} positions, each "
            f"labelled back from the ends, where the player who cannot move wins) finds this position {verdict}")


def _misere_better(components: Sequence[Any], move: Option) -> Option:
    """In misère play on a graph with cycles, a winning move that leads soonest to the end (its
    lost position's moves to the end fewest), so the winner never goes round a cycle."""
    from nim.families.graph_misere import misere_outcome

    if all(token.graph.acyclic() for token in components) or misere_outcome(components)[0] != 1:
        return move
    best, key = move, None
    for i, token in enumerate(components):
        for w in token.graph.follow[token.vertex]:
            target = Token(token.graph, w)
            value, depth = misere_outcome(list(components[:i]) + [target] + list(components[i + 1:]))
            if value == -1 and depth is not None and (key is None or depth < key):
                best, key = (i, 1, (target,)), depth
    return best


def _time(token: Token) -> float:
    time = token.graph.times()[token.vertex]
    return float("inf") if time < 0 else float(time)


GraphGame.play = TokensPlay()
