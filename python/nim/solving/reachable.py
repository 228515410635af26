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
from nim.families.base import StateCoding
from nim.families.retrograde import label, label_numbered
from nim.position import ComponentMove

__all__ = ["MAX_POSITIONS", "Canonical", "Key", "Walk", "canonical_key", "end_values", "reachable_graph", "retrograde",
           "walk"]

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


def _check_bound(family: ComponentFamily, root: Key) -> None:
    """Refuse a start whose family bounds the moves of its components past MAX_REACH, before any work."""
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


def _too_many(family: ComponentFamily) -> NimError:
    return NimError(f"more than {MAX_POSITIONS:,} positions are reachable from this start under "
                    f"{family.tag}: the grader covers at most that many; grade a smaller start, or "
                    "solve positions one by one with nim.solve")


class Walk:
    """Every position reachable from a start, numbered in the order the walk finds them (the start
    is 0), with the numbers of the positions each one's moves leave (``children``, in the order of
    the family's ``options``, component by component). The move objects are built only when asked
    for (``moves``): a board of Northcott's game reaches 56,000 boards and 715,000 moves, and the
    environments look at the moves of a few of them.
    """

    __slots__ = ("family", "keys", "children")

    def __init__(self, family: ComponentFamily, keys: List[Key], children: List[List[int]]) -> None:
        self.family = family
        #: each position's canonical form, by number
        self.keys = keys
        #: the numbers of the positions each position's moves leave, one a move, in the moves' order
        self.children = children

    def __len__(self) -> int:
        return len(self.keys)

    def moves(self, number: int) -> List[Tuple[ComponentMove, int]]:
        """The moves of position ``number``, each with the number of the position it leaves."""
        key = self.keys[number]
        children = iter(self.children[number])
        return [(ComponentMove(i, count, left), next(children))
                for i, component in enumerate(key) for count, left in self.family.options(component)]

    def graph(self) -> Dict[Key, List[Tuple[ComponentMove, Key]]]:
        """Every position with its moves and the positions they leave (``reachable_graph``'s form)."""
        keys = self.keys
        return {key: [(move, keys[child]) for move, child in self.moves(number)] for number, key in enumerate(keys)}

    def settle(self, misere: bool) -> Tuple[List[int], List[int]]:
        """The value (+1, -1, 0 a draw) and depth (-1 for a draw) of every position, by number: the
        ends valued as ``end_values`` values them, then ``nim.families.retrograde.label_numbered``.

        Raises
        ------
        NimError
            Where the family refuses the convention (misère Northcott), in its words.
        """
        ends = {number: end_value(self.family, self.keys[number], misere)
                for number, children in enumerate(self.children) if not children}
        return label_numbered(self.children, ends.__getitem__)

    def cyclic(self) -> bool:
        """Whether play can come back to a position: a depth-first search that stops at the first
        move back to a position on its path."""
        children = self.children
        state = bytearray(len(children))         # 0 not seen, 1 on the path, 2 done
        for start in range(len(children)):
            if state[start]:
                continue
            state[start] = 1
            path = [(start, iter(children[start]))]
            while path:
                node, left = path[-1]
                for child in left:
                    seen = state[child]
                    if seen == 1:
                        return True
                    if seen == 0:
                        state[child] = 1
                        path.append((child, iter(children[child])))
                        break
                else:
                    state[node] = 2
                    path.pop()
        return False


def walk(family: ComponentFamily, root: Key) -> Walk:
    """Every position reachable from ``root`` (canonical), numbered, with its children (``Walk``).

    A whole-position family with a ``state_coding`` is walked on its numbers (no board read back,
    no move built); any other by its options, each position left read back into canonical form.

    Raises
    ------
    NimError
        Before any work when the family's bound on the moves of the components (``reach``)
        passes MAX_REACH, and past MAX_POSITIONS positions.
    """
    _check_bound(family, root)
    coding = family.state_coding(root[0]) if isinstance(family, WholePositionFamily) and root else None
    if coding is not None:
        return _walk_coded(family, coding, root)
    canonical = Canonical(family)
    number: Dict[Key, int] = {root: 0}
    keys: List[Key] = [root]
    children: List[List[int]] = []
    for key in keys:                              # keys grows as the walk finds positions
        row: List[int] = []
        for i, component in enumerate(key):
            before, after = key[:i], key[i + 1:]
            for _, left in family.options(component):
                child = canonical.key(before + tuple(left) + after)
                found = number.get(child)
                if found is None:
                    if len(keys) >= MAX_POSITIONS:
                        raise _too_many(family)
                    found = number[child] = len(keys)
                    keys.append(child)
                row.append(found)
        children.append(row)
    return Walk(family, keys, children)


def _walk_coded(family: ComponentFamily, coding: StateCoding, root: Key) -> Walk:
    """``walk`` on a whole position's numbers (``StateCoding``)."""
    successors = coding.successors
    start = coding.encode(root[0])
    number: Dict[int, int] = {start: 0}
    codes = [start]
    children: List[List[int]] = []
    for code in codes:                            # codes grows as the walk finds boards
        row: List[int] = []
        for child in successors(code):
            found = number.get(child)
            if found is None:
                found = number[child] = len(codes)
                codes.append(child)
            row.append(found)
        if len(codes) > MAX_POSITIONS:
            raise _too_many(family)
        children.append(row)
    decode = coding.decode
    return Walk(family, [(decode(code),) for code in codes], children)


def reachable_graph(family: ComponentFamily, root: Key) -> Dict[Key, List[Tuple[ComponentMove, Key]]]:
    """Every position reachable from ``root`` with its moves and the positions they leave
    (``walk(family, root).graph()``).

    Raises
    ------
    NimError
        Before any work when the family's bound on the moves of the components (``reach``)
        passes MAX_REACH, and past MAX_POSITIONS positions.
    """
    return walk(family, root).graph()


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
    return {key: end_value(family, key, misere) for key, moves in graph.items() if not moves}


def end_value(family: ComponentFamily, key: Key, misere: bool) -> int:
    """The value of one position without a move (``end_values``'s rule, also ``Walk.settle``'s)."""
    said = family.sum_outcome(key, misere) if isinstance(family, WholePositionFamily) and key else None
    return said if said is not None else (1 if misere else -1)


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
