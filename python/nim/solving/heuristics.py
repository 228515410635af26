"""The two playing engines that are not game-optimal: IDA* and depth-limited alpha-beta.

``ida(piles, rules)`` runs engine 4 (SPEC 3.4): a single-agent IDA* path
search to a position with no move (cost 1 per move, h = stones left); the AI
plays the path's first move. It ignores the opponent. Children come in the
KUET report's order: piles left to right, takes increasing. With this
heuristic f never increases along a path, so the first threshold always
succeeds and the path is the depth-first search's first one: the smallest
legal take from the first movable pile, move after move.

``depth_limited(piles, rules, depth)`` runs engine 5 (SPEC 3.5): alpha-beta
searching ``depth`` moves. As in the Lab 2 report the game is over, wherever
met, when no pile can move (+1 for the mover under misère, -1 under normal
play) or, under misère, when one stick is left (-1: the mover must take it).
A cut-off position scores +0.5 for its mover when its nim-sum is non-zero and
-0.5 otherwise, except under misère with every pile at most 1, where the exact
parity rule decides (+-1: the mover wins iff the ones are even).
Among equal moves it picks the first in pile order, then the smallest count.

``nim.solve(piles, method="ida")`` runs the same search (``nim.solving.engines``). Its ``Solution.value``
is NOT the game value: it is the outcome, for the player to move, of the path
IDA* found if both players followed it (+1 when the mover would make the
decisive last move). Use ``method="auto"`` for the game value.
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Optional

from nim.errors import NimError
from nim.position import Move, as_piles
from nim.rules import Rules, RulesLike
from nim.game.stops import abandon_search, finish_search
from nim.solving.engines import new_search, run_ida
from nim.game.solution import DEFAULT_NODE_LIMIT, SolveOptions, check_options
from nim.kernel import depthlimited as _dl_core

__all__ = ["IdaResult", "DepthLimitedResult", "ida", "depth_limited", "DIFFICULTY_DEPTHS"]

#: Lab 2 difficulty levels: level -> search depth of the depth-limited engine.
DIFFICULTY_DEPTHS = {1: 1, 2: 2, 3: 4}


class IdaResult(NamedTuple):
    """What IDA* found.

    Attributes
    ----------
    move : Move or None
        First move of the path (None when the position has no move).
    path_value : int
        +1 when the player to move would make the path's decisive last move
        (normal play: the path has odd length), else -1. Not the game value.
    path_length : int
        Moves on the path found.
    nodes : int
        Nodes visited over all iterations (the root is not counted).
    iterations : int
        Depth-first iterations run (always 1 with h = stones left).
    threshold : int
        The threshold of the last iteration.
    seconds : float
    """

    move: Optional[Move]
    path_value: int
    path_length: int
    nodes: int
    iterations: int
    threshold: int
    seconds: float


class DepthLimitedResult(NamedTuple):
    """What the depth-limited search found.

    Attributes
    ----------
    value : float
        Score for the player to move: +-1 decided within the depth (or by the
        misère rule on piles of at most 1), +-0.5 by the nim-sum evaluation
        at the cut-off.
    move : Move or None
        The chosen move (None when there is no move).
    nodes : int
        Nodes visited (the root is not counted).
    depth : int
    seconds : float
    """

    value: float
    move: Optional[Move]
    nodes: int
    depth: int
    seconds: float


def ida(
    piles: Iterable[int],
    rules: RulesLike = None,
    *,
    node_limit: Optional[int] = DEFAULT_NODE_LIMIT,
    time_limit: Optional[float] = None,
    cancel: Optional[Any] = None,
) -> IdaResult:
    """Run IDA* (SPEC 3.4) on a position.

    ``cancel``: an object with ``is_set()`` (e.g. ``threading.Event``) that
    stops the search when set, as ``nim.solve``'s.

    Returns
    -------
    IdaResult

    Raises
    ------
    InvalidPositionError, InvalidRulesError
        For bad input.
    SearchLimitError
        When a limit stops the search (e.g. a path longer than nimcore.ida.MAX_PATH moves).
    """
    position = as_piles(piles)
    ruleset = Rules.coerce(rules)
    options = check_options(SolveOptions(node_limit, time_limit, cancel=cancel))
    solution, (length, iterations, threshold) = run_ida(position, ruleset, options)
    return IdaResult(solution.move, solution.value, length, solution.nodes, iterations, threshold,
                     solution.seconds)


def depth_limited(
    piles: Iterable[int],
    rules: RulesLike = None,
    depth: int = 2,
    *,
    node_limit: Optional[int] = DEFAULT_NODE_LIMIT,
    time_limit: Optional[float] = None,
    cancel: Optional[Any] = None,
) -> DepthLimitedResult:
    """Run depth-limited alpha-beta with the nim-sum evaluation (SPEC 3.5).

    ``cancel``: an object with ``is_set()`` that stops the search when set.

    Returns
    -------
    DepthLimitedResult

    Raises
    ------
    NimError
        When ``depth`` is not a whole number >= 1.
    InvalidPositionError, InvalidRulesError, SearchLimitError
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise NimError(f"the search depth must be a whole number of at least 1, not {depth!r}")
    position = as_piles(piles)
    ruleset = Rules.coerce(rules)
    options = check_options(SolveOptions(node_limit, time_limit, cancel=cancel))
    search = new_search(position, ruleset, options, "depth-limited")
    try:
        score, pile, take = _dl_core.search(search, depth)
    except BaseException:       # a Ctrl-C in flight is not replaced by a limit's error
        abandon_search(search)
        raise
    finish_search(search, "depth-limited", position)
    move = Move(pile, take) if pile >= 0 else None
    return DepthLimitedResult(score / 2, move, search.nodes, depth, search.seconds)
