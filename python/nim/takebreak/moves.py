"""The moves of one heap under a take-and-break rule set (a ``Rules`` or a rule
string): ``nim.families.heap_moves``, the reference below the rules, read through the
rules. The order is documented there: larger take first; for one take, the move
that leaves one heap (or none) first, then the splits by their smaller part.

>>> list(heap_moves("kayles", 4))
[(2, None), (2, (1, 1)), (1, None), (1, (1, 2))]
>>> list(heap_moves("grundy-game", 7))
[(0, (1, 6)), (0, (2, 5)), (0, (3, 4))]
>>> len(heap_moves("kayles", 10**12))
1000000000000
"""

from __future__ import annotations

from typing import Any

from nim.families.heap_moves import HeapMove, HeapMoves, Places, heap_has_move, is_heap_move
from nim.rules import Rules

__all__ = ["HeapMove", "HeapMoves", "Places", "heap_has_move", "heap_moves", "is_heap_move", "split_places"]


def split_places(rules: Any) -> Places:
    """The places of a take-and-break rule set (a ``Rules`` or a rule string).

    Raises
    ------
    InvalidRulesError
        For rules that are not a take-and-break game (a take rule: use ``Rules.takes``).
    """
    return Rules.coerce(rules).split_places()


def heap_moves(rules: Any, n: int) -> HeapMoves:
    """The moves of one heap of ``n`` under a take-and-break game, in order.

    Raises
    ------
    InvalidRulesError
        For rules that are not a take-and-break game.
    """
    return HeapMoves(split_places(rules), n)
