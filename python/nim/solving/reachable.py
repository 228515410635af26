"""Every position reachable from a start of a game whose components are more than heaps
(``nim.families.ComponentFamily``), and the exact values and depths of all of them: what the
grader (``nim.study.grade_components``) and the environments (``nim.interop.envs.component_env``)
hold an agent to.

A position is in canonical form: the components that can still move, each as the family reads
its plain value back, sorted. The values come from a retrograde analysis of that finite set:
+1 the player to move wins, -1 loses, 0 a draw (play can go on for ever: a graph with a cycle);
a depth is the number of moves to the end, the winner hurrying and the loser delaying.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Tuple

from nim.errors import NimError
from nim.families import ComponentFamily, WholePositionFamily
from nim.families.retrograde import label
from nim.position import ComponentMove

__all__ = ["MAX_POSITIONS", "Canonical", "Key", "canonical_key", "end_values", "reachable_graph", "retrograde"]

#: Most positions visited (the walk and its analysis are Python: seconds).
MAX_POSITIONS = 100_000

Key = Tuple[Any, ...]


class Canonical:
    """Components in the form the family reads their plain values back (what a move leaves need
    not be in that form: a graph's vertices are named anew when read), each worked out once."""

    def __init__(self, family: ComponentFamily) -> None:
        self.family = family
        self.whole = isinstance(family, WholePositionFamily)
        self.known: Dict[Any, Optional[Any]] = {}      # component -> its read form, None: it cannot move

    def key(self, components: Any) -> Key:
        """A position's canonical form: the components that can move, read back, sorted (a whole
        position is kept when it cannot move: how it ended may decide the game, an SOS row's draw)."""
        whole = self.whole
        found = []
        for component in components:
            if component not in self.known:
                read = self.family.read_component(self.family.component_value(component))
                self.known[component] = read if whole or self.family.option_count(read) > 0 else None
            form = self.known[component]
            if form is not None:
                found.append(form)
        return tuple(sorted(found, key=repr)) if len(found) > 1 else tuple(found)


def canonical_key(family: ComponentFamily, components: Any) -> Key:
    """A position's canonical form (``Canonical.key``, without its memory)."""
    return Canonical(family).key(components)


def reachable_graph(family: ComponentFamily, root: Key) -> Dict[Key, List[Tuple[ComponentMove, Key]]]:
    """Every position reachable from ``root`` with its moves and the positions they leave.

    Raises
    ------
    NimError
        Before any work when the family's bound on the moves of the components (``reach``)
        passes MAX_REACH, and past MAX_POSITIONS positions.
    """
    from nim.solving.components import MAX_REACH

    bound = 1
    for component in root:
        try:
            bound *= max(1, family.reach(component))
        except NimError:
            # a game solved alone is no part of a sum (reach refuses): a whole position with a bounded
            # encoding has at most as many boards as its vectors, each with about the start's moves
            coding = family.vector_encoding(root) if isinstance(family, WholePositionFamily) else None
            if coding is None:
                raise
            bound *= math.prod(coding.sizes) * max(1, family.option_count(component))
        if bound > MAX_REACH:
            raise NimError(f"the positions reachable from this start under {family.tag} are too many to grade "
                           f"(the game bounds their moves at about {bound:,}, past {MAX_REACH:,}): grade a "
                           "smaller start, or solve positions one by one with nim.solve")
    canonical = Canonical(family)
    graph: Dict[Key, List[Tuple[ComponentMove, Key]]] = {}
    stack = [root]
    while stack:
        key = stack.pop()
        if key in graph:
            continue
        if len(graph) >= MAX_POSITIONS:
            raise NimError(f"more than {MAX_POSITIONS:,} positions are reachable from this start under "
                           f"{family.tag}: the grader covers at most that many; grade a smaller start, or "
                           "solve positions one by one with nim.solve")
        moves = []
        for i, component in enumerate(key):
            for count, left in family.options(component):
                moves.append((ComponentMove(i, count, left), canonical.key(key[:i] + tuple(left) + key[i + 1:])))
        graph[key] = moves
        stack.extend(child for _, child in moves if child not in graph)
    return graph


def end_values(family: ComponentFamily, graph: Dict[Key, List[Tuple[ComponentMove, Key]]], misere: bool
               ) -> Dict[Key, int]:
    """The value of each position of ``graph`` without a move: a loss for the player to move (a win
    in misère play), unless the whole position's family says otherwise (``sum_outcome``: an SOS
    row filled without an SOS is a draw).

    Raises
    ------
    NimError
        Where the family refuses the convention (misère Northcott), in its words.
    """
    ends = {}
    for key, moves in graph.items():
        if moves:
            continue
        said = family.sum_outcome(key, misere) if isinstance(family, WholePositionFamily) and key else None
        ends[key] = said if said is not None else (1 if misere else -1)
    return ends


def retrograde(graph: Dict[Key, List[Tuple[ComponentMove, Key]]], misere: bool,
               ends: Optional[Dict[Key, int]] = None) -> Tuple[Dict[Key, int], Dict[Key, int]]:
    """Values (+1, -1, 0 a draw) and depths of every position of ``graph``, by retrograde
    analysis: positions are settled in order of depth (a FIFO queue), so a win's depth is its
    quickest win and a loss's its longest delay. ``ends`` gives the value of a position without a
    move (``end_values``; default a loss, a win in misère play); an end in a draw settles nothing
    above it, and has no depth."""
    children = {key: {child for _, child in moves} for key, moves in graph.items()}
    default = 1 if misere else -1
    return label(children, lambda key: (ends or {}).get(key, default))
