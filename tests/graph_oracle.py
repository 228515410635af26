"""An oracle for games of tokens on a directed graph, written from the rules alone (no
package code): every position (a sorted tuple of the tokens' vertices) labelled win (1),
draw (0) or loss (-1) for the player to move by fixed-point iteration, in normal play (no
move: lost) or misère play (no move: won). Shared by the graph tests of the browser's
analysis and of misère play on graphs with cycles."""

from __future__ import annotations

import itertools
from typing import Dict, Iterable, List, Tuple


def token_outcomes(edges: Iterable[Tuple[int, int]], vertices: Iterable[int], tokens: int,
                   misere: bool) -> Dict[Tuple[int, ...], int]:
    """The outcome of every multiset of ``tokens`` vertices of the graph."""
    names = sorted(set(vertices))
    out: Dict[int, List[int]] = {v: [] for v in names}
    for a, b in edges:
        out[a].append(b)
    positions = [tuple(p) for p in itertools.combinations_with_replacement(names, tokens)]

    def moves(pos: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        return [tuple(sorted(pos[:i] + (w,) + pos[i + 1:])) for i, v in enumerate(pos) for w in out[v]]

    value: Dict[Tuple[int, ...], int] = {}
    changed = True
    while changed:
        changed = False
        for pos in positions:
            if pos in value:
                continue
            after = [value.get(m) for m in moves(pos)]
            if (misere and not after) or any(v == -1 for v in after):
                value[pos], changed = 1, True
            elif all(v == 1 for v in after):            # no move at all: lost in normal play
                value[pos], changed = -1, True
    return {pos: value.get(pos, 0) for pos in positions}
