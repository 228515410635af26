"""Solve your own two-player game: a ``Game`` protocol (the AIMA shape) and pure-Python
minimax / alpha-beta over it, with an optional memo table.

A game says who moves (``to_move``), which actions there are, where an action
leads, when the game is over and what it is worth to a player::

    class Game(Protocol[S, A]):
        initial: S                                # optional: the default start
        def actions(self, state: S) -> Iterable[A]
        def result(self, state: S, action: A) -> S
        def is_terminal(self, state: S) -> bool
        def utility(self, state: S, player: Any) -> float
        def to_move(self, state: S) -> Any

MAX is ``to_move(start)``; a state is a MAX node when ``to_move(state) == MAX``
(players need not alternate), and terminal states are scored with
``utility(state, MAX)``. The conventions are the tree engines' (``nim.trees``):
actions in the given order, ties to the first best action, alpha-beta from the
window (-inf, +inf) -- or a narrower ``window`` when the utilities are known to
lie in it -- keeping alpha across the root's actions and cutting off on
``v >= beta`` / ``v <= alpha``; node counts exclude the start state and
``best_nodes`` counts the nodes below the best action's state.

With ``memo=True`` (or a dict of your own, reused across calls) values are
remembered by state (or by ``key(state)``): alpha-beta stores each value with
its bound (exact, lower or upper) so cut-off results are never mistaken for
exact ones. A remembered state is still counted as visited, its subtree not.

``NimGame`` (Nim under any ``nim.Rules``) and ``TreeGame`` (a nested-list or
dictionary tree) are ready-made games; ``TreeGame`` with ``solve_game`` is the
pure-Python twin of ``nim.trees.solve_tree``.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import (
    Any, Callable, Dict, Generic, Hashable, Iterable, Iterator, Mapping, MutableMapping, Optional,
    Protocol, Tuple, TypeVar, Union, runtime_checkable,
)

from nim.errors import IllegalMoveError, NimError, SearchLimitError
from nim.game.limits import check_limits
from nim.position import Move, as_piles
from nim.rules import Rules, RulesLike
from nim.trees.checks import InvalidTreeError, tree_method

__all__ = [
    "Game",
    "GameSolution",
    "solve_game",
    "NimGame",
    "NimState",
    "TreeGame",
]

S = TypeVar("S")
A = TypeVar("A")

_EXACT, _LOWER, _UPPER = 0, 1, 2
Memo = MutableMapping[Hashable, Tuple[float, int]]


@runtime_checkable
class Game(Protocol[S, A]):
    """A two-player game in the AIMA shape (see the module docstring)."""

    def actions(self, state: S) -> Iterable[A]:
        """The legal actions in ``state``, in the order to search them."""
        ...

    def result(self, state: S, action: A) -> S:
        """The state ``action`` leads to."""
        ...

    def is_terminal(self, state: S) -> bool:
        """True when the game is over in ``state``."""
        ...

    def utility(self, state: S, player: Any) -> float:
        """What the terminal ``state`` is worth to ``player``."""
        ...

    def to_move(self, state: S) -> Any:
        """The player who moves in ``state``."""
        ...


@dataclass(frozen=True)
class GameSolution(Generic[A]):
    """value for MAX (the player to move at the start), the first best action (None
    at a terminal start), every node visited below the start, the nodes below
    the best action's state, and the method (``"minimax"`` or ``"alphabeta"``)."""

    value: float
    action: Optional[A]
    nodes: int
    best_nodes: int
    method: str


class _Search(Generic[S, A]):
    def __init__(self, game: Game[S, A], max_player: Any, pruning: bool,
                 memo: Optional[Memo], key: Callable[[S], Hashable],
                 node_limit: Optional[int]) -> None:
        self.game = game
        self.max_player = max_player
        self.pruning = pruning
        self.memo = memo
        self.key = key
        self.node_limit = node_limit
        self.nodes = 0

    def count(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimitError(
                f"game search stopped after {self.node_limit:,} nodes: the node limit",
                reason="nodes", nodes=self.node_limit,
            )

    def value(self, state: S, alpha: float, beta: float) -> float:
        """Value for MAX of a state already counted."""
        game = self.game
        if game.is_terminal(state):
            return float(game.utility(state, self.max_player))
        memo, entry_key = self.memo, None
        if memo is not None:
            entry_key = self.key(state)
            entry = memo.get(entry_key)
            if entry is not None:
                stored, bound = entry
                if (bound == _EXACT or (bound == _LOWER and stored >= beta)
                        or (bound == _UPPER and stored <= alpha)):
                    return stored
        alpha0, beta0 = alpha, beta
        is_max = game.to_move(state) == self.max_player
        best = -math.inf if is_max else math.inf
        any_action = False
        for action in game.actions(state):
            any_action = True
            self.count()
            v = self.value(game.result(state, action), alpha, beta)
            if is_max:
                if v > best:
                    best = v
                if self.pruning:
                    if best >= beta:
                        break
                    alpha = max(alpha, best)
            else:
                if v < best:
                    best = v
                if self.pruning:
                    if best <= alpha:
                        break
                    beta = min(beta, best)
        if not any_action:
            raise IllegalMoveError(f"state {state!r} is not terminal but has no action")
        if memo is not None:
            if not self.pruning:
                bound = _EXACT
            elif best <= alpha0:
                bound = _UPPER
            elif best >= beta0:
                bound = _LOWER
            else:
                bound = _EXACT
            memo[entry_key] = (best, bound)
        return best


def solve_game(game: Game[S, A], state: Optional[S] = None, method: str = "AlphaBeta", *,
               memo: Union[bool, Memo] = False, key: Optional[Callable[[S], Hashable]] = None,
               window: Tuple[float, float] = (-math.inf, math.inf),
               node_limit: Optional[int] = None) -> GameSolution[A]:
    """Minimax or alpha-beta from ``state`` (default ``game.initial``) for the player to move.

    Parameters
    ----------
    game : Game
    state : optional
        The start; ``game.initial`` when omitted.
    method : {"AlphaBeta", "Minimax"}
    memo : bool or dict
        True: a fresh memo table; a dict: that table (reuse it across calls of
        the same game, method and window). States (or ``key(state)``) must be
        hashable and include whatever decides the player to move.
    key : callable, optional
        Maps a state to its memo key (e.g. sorted piles for Nim).
    window : (alpha, beta)
        Alpha-beta's initial window: (-inf, +inf), or the utilities' bounds
        when known (Nim's (-1, +1) reproduces the Nim engines' node counts).
    node_limit : int, optional
        Raise SearchLimitError after this many nodes (0 or None: no limit).

    Returns
    -------
    GameSolution

    Raises
    ------
    UnknownMethodError
        For another method.
    NimError
        For a node limit that is not a whole number in 0 .. 2**63 - 1, a window
        that is not two numbers with alpha < beta, a memo that is not a bool or
        a dict, or a key that is not callable.
    IllegalMoveError
        For a non-terminal state without actions.
    SearchLimitError
        At the node limit, or when the game is deeper than Python's recursion
        limit (reason ``"depth"``).
    """
    name = tree_method(method)
    node_limit, _ = check_limits(node_limit, None)
    alpha, beta = _check_window(window)
    if not isinstance(memo, (bool, MutableMapping)):
        raise NimError(f"memo must be True, False or a dict, not {memo!r}")
    if key is not None and not callable(key):
        raise NimError(f"key must be a function of a state (or None), not {key!r}")
    if state is None:
        if not hasattr(game, "initial"):
            raise NimError(f"{type(game).__name__} has no `initial` state: pass state=...")
        state = game.initial
    table: Optional[Memo]
    table = ({} if memo is True else None) if isinstance(memo, bool) else memo
    search: _Search[S, A] = _Search(game, game.to_move(state), name == "alphabeta", table,
                                    key or (lambda s: s), node_limit)
    if game.is_terminal(state):
        return GameSolution(float(game.utility(state, search.max_player)), None, 0, 0, name)
    best_value = -math.inf
    best_action: Optional[A] = None
    best_nodes = 0
    seen = False
    try:
        for action in game.actions(state):
            search.count()
            before = search.nodes
            v = search.value(game.result(state, action), alpha, beta)
            if not seen or v > best_value:
                best_value, best_action, best_nodes, seen = v, action, search.nodes - before, True
                if search.pruning:
                    if best_value >= beta:
                        break
                    alpha = max(alpha, best_value)
    except RecursionError:
        raise SearchLimitError(
            f"game search stopped after {search.nodes:,} nodes: the game is deeper than "
            "Python's recursion limit (sys.setrecursionlimit)",
            reason="depth", nodes=search.nodes,
        ) from None
    if not seen:
        raise IllegalMoveError(f"state {state!r} is not terminal but has no action")
    return GameSolution(best_value, best_action, search.nodes, best_nodes, name)


def _check_window(window: Any) -> Tuple[float, float]:
    """(alpha, beta): two numbers, not NaN, alpha < beta; NimError otherwise."""
    try:
        alpha, beta = window
    except (TypeError, ValueError):
        alpha = beta = None
    if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in (alpha, beta)):
        raise NimError(f"window must be a pair of numbers (alpha, beta), not {window!r}")
    alpha, beta = float(alpha), float(beta)
    if not alpha < beta:          # also refuses NaN
        raise NimError(f"window must have alpha < beta: {window!r}")
    return alpha, beta


# -- ready-made games ---------------------------------------------------------------


@dataclass(frozen=True)
class NimState:
    """Pile sizes and the player to move (0 or 1)."""

    piles: Tuple[int, ...]
    player: int = 0


class NimGame:
    """Nim under any ``nim.Rules`` as a ``Game``: actions are ``Move`` objects in the engines'
    order (pile by pile from the left, largest take first); players 0 and 1.

    Utilities are +1 / -1: under normal play the player who cannot move loses,
    under misère play wins. ``solve_game(NimGame(piles, rules), window=(-1, 1))``
    reproduces the core engines' values, moves and node counts.
    """

    def __init__(self, piles: Iterable[int], rules: RulesLike = None) -> None:
        self.rules = Rules.coerce(rules)
        self.rules.refuse_splits()      # a take-and-break game's moves split heaps: not yet
        self.initial = NimState(tuple(as_piles(piles)), 0)

    def actions(self, state: NimState) -> Iterator[Move]:
        # lazily: a pile of 2**32 - 1 has four billion moves, and a node limit
        # or a cut-off may stop after the first few
        return (Move(i, count) for i, pile in enumerate(state.piles) for count in self.rules.takes(pile))

    def result(self, state: NimState, action: Move) -> NimState:
        piles = list(state.piles)
        piles[action.pile] -= action.count
        return NimState(tuple(piles), 1 - state.player)

    def is_terminal(self, state: NimState) -> bool:
        return not any(self.rules.takes(pile) for pile in state.piles)

    def utility(self, state: NimState, player: Any) -> float:
        mover_wins = self.rules.misere
        return 1.0 if mover_wins == (player == state.player) else -1.0

    def to_move(self, state: NimState) -> int:
        return state.player

    @staticmethod
    def canonical(state: NimState) -> Hashable:
        """A memo key: the piles' multiset (order does not change the value) and the mover."""
        return (tuple(sorted(p for p in state.piles if p)), state.player)


class TreeGame:
    """A nested-list tree or an AIMA-style dictionary as a ``Game``: a state is
    ``(node, depth)`` -- the subtree itself for nested lists, the node's name for
    dictionaries -- with MAX at even depths. Actions are child indices (nested
    lists) or move labels (dictionaries). Pure Python and recursive: the twin
    of ``nim.trees.solve_tree`` for trees of modest depth.
    """

    def __init__(self, tree: Any = None, *, successors: Optional[Mapping[Any, Any]] = None,
                 utilities: Optional[Mapping[Any, Any]] = None, root: Any = None) -> None:
        self.successors = successors
        self.utilities = utilities
        self.initial: Tuple[Any, int] = (root if successors is not None else tree, 0)

    def _moves(self, node: Any) -> Dict[Any, Any]:
        assert self.successors is not None
        entry = self.successors.get(node) or {}
        return dict(entry) if isinstance(entry, Mapping) else {child: child for child in entry}

    def actions(self, state: Tuple[Any, int]) -> Iterable[Any]:
        node = state[0]
        if self.successors is None:
            return range(len(node))
        return list(self._moves(node))

    def result(self, state: Tuple[Any, int], action: Any) -> Tuple[Any, int]:
        node, depth = state
        if self.successors is None:
            return node[action], depth + 1
        return self._moves(node)[action], depth + 1

    def is_terminal(self, state: Tuple[Any, int]) -> bool:
        node = state[0]
        if self.successors is None:
            return not isinstance(node, (list, tuple))
        return not self.successors.get(node)

    def utility(self, state: Tuple[Any, int], player: Any) -> float:
        node = state[0]
        if self.successors is not None:
            assert self.utilities is not None
            if node not in self.utilities:
                raise InvalidTreeError(f"node {node!r} is missing from utilities")
            node = self.utilities[node]
        value = float(node)
        return value if player == 0 else -value

    def to_move(self, state: Tuple[Any, int]) -> int:
        return state[1] & 1
