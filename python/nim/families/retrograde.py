"""Retrograde analysis: the outcome of every position of a finite game graph, labelled
backwards from its ends.

A position with no move has the value its game gives it (a loss in normal play, a win in
misère play, a draw where the rules say so). Above them, a position is won when some move
leads to a lost one, lost when every move leads to a won one, and drawn when neither is
ever decided (best play goes round a cycle for ever). Positions are settled in order of
depth (a FIFO queue), so a win's depth is its quickest win and a loss's its longest delay:
the winner who follows the depths makes progress and never circles.

One labelling serves the families that decide a whole position this way (misère play on a
graph with cycles) and the grader and environments above them (``nim.solving.reachable``).
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Collection, Deque, Dict, Hashable, List, Mapping, Tuple, TypeVar

__all__ = ["label"]

K = TypeVar("K", bound=Hashable)


def label(children: Mapping[K, Collection[K]], end_value: Callable[[K], int]) -> Tuple[Dict[K, int], Dict[K, int]]:
    """The value (+1 the player to move wins, -1 loses, 0 a draw) and the depth (moves to the end
    under best play) of every position of a game graph.

    ``children`` maps each position to the distinct positions one move leads to (every one of
    them a key too); ``end_value`` gives the value of a position without a move. An end worth 0
    (a draw) settles nothing above it, and has no depth; neither has any drawn position.

    >>> value, depth = label({"a": ["b"], "b": ["c"], "c": []}, lambda end: -1)
    >>> [value[k] for k in "abc"], [depth[k] for k in "abc"]
    ([-1, 1, -1], [2, 1, 0])
    >>> label({"x": ["y"], "y": ["x"]}, lambda end: -1)[0]       # a cycle: a draw
    {'x': 0, 'y': 0}
    """
    parents: Dict[K, List[K]] = {key: [] for key in children}
    waiting: Dict[K, int] = {}
    for key, after in children.items():
        waiting[key] = len(after)
        for child in after:
            parents[child].append(key)
    value: Dict[K, int] = {}
    depth: Dict[K, int] = {}
    queue: Deque[K] = deque()
    for key, after in children.items():
        if not after:
            end = end_value(key)
            if end != 0:
                value[key], depth[key] = end, 0
                queue.append(key)
    while queue:
        child = queue.popleft()
        for parent in parents[child]:
            if parent in value:
                continue
            if value[child] == -1:                 # a move to a lost position wins, soonest first
                value[parent], depth[parent] = 1, depth[child] + 1
                queue.append(parent)
            else:
                waiting[parent] -= 1
                if waiting[parent] == 0:           # every move reaches a won position: lost, latest last
                    value[parent], depth[parent] = -1, depth[child] + 1
                    queue.append(parent)
    for key in children:
        value.setdefault(key, 0)                   # never settled: best play goes on for ever
    return value, depth
