"""Misère play on graphs with cycles (issue 41): the exact outcome of a whole position by
retrograde analysis, where no Sprague-Grundy theory applies.

In misère play the player who cannot move wins. On a graph with cycles play may go on
for ever (a draw), and no value of one token decides a sum: the generalised
Sprague-Grundy function is normal play's. So nimcore walks every position reachable
from the one asked -- each a multiset of the tokens' vertices, a token with no edge out
left aside (it can never move) -- and labels them backwards from the ends: a position
with no move is won for the player to move (misère); a position is won when some move
leads to a lost one, lost when every move leads to a won one, and drawn when neither
is ever decided (best play goes round a cycle). Each label carries the number of moves
to the end under best play (the winner hurrying, the loser delaying), so the winner's
moves make progress and never circle.

The walk holds at most ``MAX_POSITIONS`` positions and is refused in words past them.
Tables of the positions last asked are kept, so the moves of a position (each one of
its table's positions) are answered without walking again.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.families.polling import poll
from nim.families.retrograde import label

__all__ = ["MAX_POSITIONS", "misere_outcome", "misere_table_size"]

#: The most positions of a whole game the retrograde analysis holds (a position is a
#: multiset of vertices: 5 tokens on a 20-vertex graph with cycles have up to 42,504).
MAX_POSITIONS = 300_000
#: How many tables (one a position asked whose table did not hold it) are kept.
_KEPT = 8

State = Tuple[Tuple[int, int], ...]


class _Table:
    """Every position reachable from one start: its outcome (1, 0, -1 for the player to move)
    and its moves to the end."""

    __slots__ = ("graphs", "value", "depth")

    def __init__(self, graphs: Dict[Any, int], value: Dict[State, int], depth: Dict[State, int]) -> None:
        self.graphs = graphs
        self.value = value
        self.depth = depth

    def state(self, components: Sequence[Any]) -> Optional[State]:
        """The position as this table keys it, None when one of its graphs is not this table's."""
        out = []
        for token in components:
            g = self.graphs.get(token.graph)
            if g is None:
                return None
            if token.graph.follow[token.vertex]:
                out.append((g, token.vertex))
        return tuple(sorted(out))


_TABLES: List[_Table] = []


def _moves(state: State, follows: List[List[List[int]]]) -> List[State]:
    """The positions one move leads to (each distinct once)."""
    seen = set()
    for i, (g, v) in enumerate(state):
        if i and state[i - 1] == (g, v):
            continue                                   # the same vertex twice: the same moves
        rest = state[:i] + state[i + 1:]
        for w in follows[g][v]:
            moved = rest + ((g, w),) if follows[g][w] else rest
            seen.add(tuple(sorted(moved)))
    return list(seen)


def _build(components: Sequence[Any]) -> _Table:
    graphs: Dict[Any, int] = {}
    for token in components:
        graphs.setdefault(token.graph, len(graphs))
    follows = [graph.follow for graph in graphs]
    start = tuple(sorted((graphs[t.graph], t.vertex) for t in components if t.graph.follow[t.vertex]))
    successors: Dict[State, List[State]] = {}
    queue = deque([start])
    successors[start] = []
    while queue:
        state = queue.popleft()
        after = _moves(state, follows)
        successors[state] = after
        for nxt in after:
            if nxt not in successors:
                if len(successors) >= MAX_POSITIONS:
                    raise NimError(f"misère play on a graph with cycles is solved by walking every position of the "
                                   f"whole game, and this one has more than {MAX_POSITIONS:,} (fewer tokens, or a "
                                   "smaller graph, are answered)")
                successors[nxt] = []
                queue.append(nxt)
        if len(successors) % 4096 == 0:
            poll("the misère analysis of a graph with cycles")
    # no move: the player to move wins (misère)
    value, depth = label(successors, lambda end: 1)
    return _Table(graphs, value, depth)


def _table_of(components: Sequence[Any]) -> Tuple[_Table, State]:
    for table in reversed(_TABLES):
        state = table.state(components)
        if state is not None and state in table.value:
            return table, state
    table = _build(components)
    _TABLES.append(table)
    del _TABLES[:-_KEPT]
    state = table.state(components)
    assert state is not None
    return table, state


def misere_outcome(components: Sequence[Any]) -> Tuple[int, Optional[int]]:
    """The outcome of a position of tokens in misère play (1 won, 0 drawn, -1 lost for the
    player to move) and its moves to the end under best play (None for a draw).

    Raises
    ------
    NimError
        When the whole game has more than ``MAX_POSITIONS`` positions.
    """
    table, state = _table_of(components)
    value = table.value[state]
    return value, (table.depth.get(state) if value else None)


def misere_table_size(components: Sequence[Any]) -> int:
    """How many positions the table that answers this position holds (for explain's words)."""
    table, _ = _table_of(components)
    return len(table.value)
