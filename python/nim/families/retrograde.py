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
from typing import Callable, Collection, Deque, Dict, Hashable, List, Mapping, Sequence, Tuple, TypeVar

__all__ = ["label", "label_numbered"]

K = TypeVar("K", bound=Hashable)


def label(children: Mapping[K, Collection[K]], end_value: Callable[[K], int]) -> Tuple[Dict[K, int], Dict[K, int]]:
    """The value (+1 the player to move wins, -1 loses, 0 a draw) and the depth (moves to the end
    under best play) of every position of a game graph.

    ``children`` maps each position to the distinct positions one move leads to (every one of
    them a key too); ``end_value`` gives the value of a position without a move. An end worth 0
    (a draw) settles nothing above it, and has no depth; neither has any drawn position.
    (``label_numbered`` on the positions numbered.)

    >>> value, depth = label({"a": ["b"], "b": ["c"], "c": []}, lambda end: -1)
    >>> [value[k] for k in "abc"], [depth[k] for k in "abc"]
    ([-1, 1, -1], [2, 1, 0])
    >>> label({"x": ["y"], "y": ["x"]}, lambda end: -1)[0]       # a cycle: a draw
    {'x': 0, 'y': 0}
    """
    keys = list(children)
    number = {key: i for i, key in enumerate(keys)}
    rows = [[number[child] for child in children[key]] for key in keys]
    values, depths = label_numbered(rows, lambda i: end_value(keys[i]))
    return (dict(zip(keys, values)),
            {key: found for key, found in zip(keys, depths) if found >= 0})


def label_numbered(children: Sequence[Collection[int]], end_value: Callable[[int], int]
                   ) -> Tuple[List[int], List[int]]:
    """``label`` on positions numbered 0 to n - 1 (``children[i]``: the numbers one move from
    position i leads to, repeats allowed), in lists: the value of each, and its depth (-1 for a
    draw). The walk over every position reachable from a start (``nim.solving.reachable``) numbers
    them, and lists are what make a graph of 700,000 moves a fraction of a second."""
    count = len(children)
    parents: List[List[int]] = [[] for _ in range(count)]
    waiting = [0] * count
    value = [0] * count
    depth = [-1] * count                           # -1: not settled (yet, or a draw)
    queue: Deque[int] = deque()
    for key, after in enumerate(children):
        distinct = set(after)
        waiting[key] = len(distinct)
        for child in distinct:
            parents[child].append(key)
        if not distinct:
            end = end_value(key)
            if end != 0:
                value[key], depth[key] = end, 0
                queue.append(key)
    while queue:
        child = queue.popleft()
        below = depth[child] + 1
        if value[child] == -1:                     # a move to a lost position wins, soonest first
            for parent in parents[child]:
                if depth[parent] < 0:
                    value[parent], depth[parent] = 1, below
                    queue.append(parent)
        else:
            for parent in parents[child]:
                if depth[parent] < 0:
                    waiting[parent] -= 1
                    if waiting[parent] == 0:       # every move reaches a won position: lost, latest last
                        value[parent], depth[parent] = -1, below
                        queue.append(parent)
    return value, depth
