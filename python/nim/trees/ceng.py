"""The CENG 462 interface (SPEC section 3.1): ``SolveGame(method_name, game)``.

Misère play, `any` take rule. MAX moves first; the answer is the position
after MAX's first optimal move (the first in child order where several are
optimal) and the number of nodes below that position, visited by the core's
minimax or alpha-beta engine.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Tuple

from nim.errors import IllegalMoveError, UnknownMethodError
from nim.position import as_piles
from nim.rules import MISERE
from nim.solving.engines import solve_with_subtree
from nim.inputs import method_key

__all__ = ["SolveGame", "CENG_RULES"]

#: The assignment's rules: whoever takes the last object loses.
CENG_RULES = "misere"

_METHODS = {"minimax": "minimax", "alphabeta": "alphabeta"}


def SolveGame(method_name: str, game: Iterable[int], **limits: Any) -> Tuple[List[int], int]:  # noqa: N802
    """Solve misère Nim as the CENG 462 assignment asks.

    Parameters
    ----------
    method_name : {"Minimax", "AlphaBeta"}
        The search; case and a "-" or "_" are ignored.
    game : list of int
        Pile sizes.
    **limits
        ``node_limit`` and ``time_limit``, as for ``nim.solve``.

    Returns
    -------
    (next_configuration, number_of_nodes) : (list of int, int)
        The piles after MAX's optimal first move, and the nodes visited below
        that position.

    Raises
    ------
    UnknownMethodError
        For a method other than Minimax or AlphaBeta.
    IllegalMoveError
        When the game has no move (every pile is empty).

    Examples
    --------
    >>> SolveGame("AlphaBeta", [1, 3, 5])
    ([1, 3, 2], 110)
    """
    key = method_key(method_name)
    if key not in _METHODS:
        raise UnknownMethodError(f"unknown method {method_name!r}: expected 'Minimax' or 'AlphaBeta'")
    piles = as_piles(game)
    solution, nodes_below = solve_with_subtree(piles, MISERE, _METHODS[key], **limits)   # CENG_RULES
    if solution.move is None:
        raise IllegalMoveError(f"no move from {list(piles)}: every pile is empty")
    after = list(piles)
    after[solution.move.pile] -= solution.move.count
    return after, nodes_below
