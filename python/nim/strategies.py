"""Players: one interface for every AI, used by the console game, tournaments and tests.

>>> import random
>>> from nim.strategies import make_strategy
>>> make_strategy("optimal").choose_move((3, 4, 5), "normal", random.Random(1))
Move(pile=0, count=2)

Every strategy has ``name`` (what ``make_strategy`` accepts), ``label`` (for
people) and ``choose_move(position, rules, rng) -> Move``. Options:

``forejune=True``
    When the exact game value says the player to move is losing, play a
    random legal move (the forejune notes' AI).
``tie_break="lab2"``
    Among equally good moves take the first in pile order, then the smallest
    count (Lab 2). The default, ``"engine"``, keeps the engine's own choice
    (the first best move in the move generator's order: largest take first).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Callable, Dict, List, Optional, Tuple

from nim.errors import IllegalMoveError, NimError, SearchLimitError, UnknownMethodError
from nim.heuristics import DIFFICULTY_DEPTHS, depth_limited, ida
from nim.position import LegalMoves, Move, Position
from nim.rules import Rules, RulesLike
from nim.solver import DEFAULT_NODE_LIMIT, solve

__all__ = [
    "Strategy",
    "RandomStrategy",
    "IdaStrategy",
    "DepthLimitedStrategy",
    "MinimaxStrategy",
    "AlphaBetaStrategy",
    "OptimalStrategy",
    "STRATEGY_NAMES",
    "TIE_BREAKS",
    "make_strategy",
    "game_value",
    "parse_strategies",
]

#: Accepted ``tie_break`` options.
TIE_BREAKS = ("engine", "lab2")

#: Nodes the minimax player may spend on one move before it lets alpha-beta
#: answer instead (same exact value): a full minimax tree of three piles of 6
#: under `max 3` passes 300 million nodes.
MINIMAX_NODE_LIMIT = 20_000_000

PositionLike = Any  # a Position or a sequence of pile sizes


def game_value(position: PositionLike, rules: RulesLike = None) -> int:
    """Exact game value for the player to move: +1 win, -1 loss (``nim.solve`` auto)."""
    return solve(Position(position).piles, rules).value


class Strategy(ABC):
    """A player: picks a legal move for the player to move.

    Parameters
    ----------
    forejune : bool
        Play a random legal move whenever the position is lost.
    tie_break : {"engine", "lab2"}
        Which of several equally good moves to play (see the module doc).

    Raises
    ------
    NimError
        For an unknown tie-break.
    """

    #: The name ``make_strategy`` accepts.
    name: str = "strategy"
    #: The name shown to people.
    label: str = "Strategy"

    def __init__(self, *, forejune: bool = False, tie_break: str = "engine") -> None:
        if tie_break not in TIE_BREAKS:
            raise NimError(f"unknown tie-break {tie_break!r}: expected one of {', '.join(TIE_BREAKS)}")
        self.forejune = forejune
        self.tie_break = tie_break
        if forejune:
            self.label = f"{type(self).label}, random when losing"

    def choose_move(self, position: PositionLike, rules: RulesLike = None,
                    rng: Optional[random.Random] = None) -> Move:
        """A legal move for the player to move in ``position``.

        Raises
        ------
        IllegalMoveError
            When the position has no legal move.
        InvalidPositionError, InvalidRulesError
            For bad input.
        """
        pos = Position(position)
        ruleset = Rules.coerce(rules)
        moves = LegalMoves(pos, ruleset)  # lazy: a pile of 10**9 has 10**9 moves
        if not moves:
            raise IllegalMoveError(f"no legal move in {pos!r} under {ruleset}")
        generator = rng if rng is not None else random.Random()
        if self.forejune and game_value(pos, ruleset) < 0:
            return generator.choice(moves)
        return self._choose(pos, ruleset, generator, moves)

    @abstractmethod
    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        """The move, for a position that has ``moves`` (non-empty, CENG order)."""

    def _options(self) -> str:
        parts = []
        if self.forejune:
            parts.append("forejune=True")
        if self.tie_break != "engine":
            parts.append(f"tie_break={self.tie_break!r}")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._options()})"

    def __str__(self) -> str:
        return self.label


class RandomStrategy(Strategy):
    """A uniformly random legal move."""

    name = "random"
    label = "Random"

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        return rng.choice(moves)


class IdaStrategy(Strategy):
    """The first move of the IDA* path (SPEC 3.4): KUET's Easy mode. Not game-optimal."""

    name = "ida"
    label = "IDA*"

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        move = ida(position.piles, rules).move
        assert move is not None
        return move


class DepthLimitedStrategy(Strategy):
    """Depth-limited alpha-beta with the nim-sum evaluation (SPEC 3.5, Lab 2).

    Give ``depth`` (moves searched) or ``level`` (difficulty 1, 2, 3 ->
    depth 1, 2, 4). Its engine always breaks ties the Lab 2 way.

    Raises
    ------
    NimError
        For a depth below 1 or an unknown level.
    """

    name = "depth"

    def __init__(self, depth: Optional[int] = None, *, level: Optional[int] = None,
                 forejune: bool = False, tie_break: str = "lab2") -> None:
        super().__init__(forejune=forejune, tie_break=tie_break)
        if level is not None:
            if level not in DIFFICULTY_DEPTHS:
                raise NimError(f"unknown difficulty level {level!r}: expected one of "
                               f"{', '.join(map(str, DIFFICULTY_DEPTHS))}")
            depth = DIFFICULTY_DEPTHS[level]
        if depth is None:
            depth = DIFFICULTY_DEPTHS[2]
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise NimError(f"the search depth must be a whole number of at least 1, not {depth!r}")
        self.depth = depth
        self.name = f"depth:{depth}"
        self.label = f"Depth-limited alpha-beta (depth {depth})" + (", random when losing" if forejune else "")

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        move = depth_limited(position.piles, rules, self.depth).move
        assert move is not None
        return move

    def __repr__(self) -> str:
        options = self._options().replace("tie_break='lab2'", "").strip(", ")
        return f"DepthLimitedStrategy({self.depth}{', ' + options if options else ''})"


class _ExactStrategy(Strategy):
    """A player that knows the exact value of every move.

    ``node_limit`` bounds each search (``SearchLimitError`` past it).
    """

    method = "auto"

    def __init__(self, *, forejune: bool = False, tie_break: str = "engine",
                 node_limit: Optional[int] = DEFAULT_NODE_LIMIT) -> None:
        super().__init__(forejune=forejune, tie_break=tie_break)
        self.node_limit = node_limit

    def _solve(self, piles: Tuple[int, ...], rules: Rules) -> Tuple[int, Optional[Move]]:
        solution = solve(piles, rules, self.method, node_limit=self.node_limit)
        return solution.value, solution.move

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        value, move = self._solve(position.piles, rules)
        if self.tie_break == "lab2":
            # the first move in (pile, smallest count) order whose child is worth -value
            for candidate in moves.smallest_first():
                child = position.apply(candidate, rules)
                if child.is_terminal(rules):
                    child_value = 1 if rules.misere else -1
                else:
                    child_value = self._solve(child.piles, rules)[0]
                if -child_value == value:
                    return candidate
        assert move is not None
        return move


class MinimaxStrategy(_ExactStrategy):
    """Plain minimax (exact). A move whose tree passes MINIMAX_NODE_LIMIT nodes
    is answered by alpha-beta instead (the same exact value); ``last_method``
    says which engine answered the last search."""

    name = "minimax"
    label = "Minimax"
    method = "minimax"

    def __init__(self, *, forejune: bool = False, tie_break: str = "engine",
                 node_limit: int = MINIMAX_NODE_LIMIT) -> None:
        super().__init__(forejune=forejune, tie_break=tie_break, node_limit=node_limit)
        self.last_method = "minimax"

    def _solve(self, piles: Tuple[int, ...], rules: Rules) -> Tuple[int, Optional[Move]]:
        try:
            solution = solve(piles, rules, "minimax", node_limit=self.node_limit)
            self.last_method = "minimax"
        except SearchLimitError:
            solution = solve(piles, rules, "alphabeta")
            self.last_method = "alphabeta"
        return solution.value, solution.move


class AlphaBetaStrategy(_ExactStrategy):
    """Alpha-beta (exact)."""

    name = "alphabeta"
    label = "Alpha-Beta"
    method = "alphabeta"


class OptimalStrategy(_ExactStrategy):
    """The exact best move by ``nim.solve`` auto: the nim-sum move in normal Nim."""

    name = "optimal"
    label = "Optimal"
    method = "auto"


_FACTORIES: Dict[str, Callable[..., Strategy]] = {
    "random": RandomStrategy,
    "ida": IdaStrategy,
    "minimax": MinimaxStrategy,
    "alphabeta": AlphaBetaStrategy,
    "optimal": OptimalStrategy,
}

#: Names ``make_strategy`` accepts (``depth:N`` takes a depth, ``level:L`` a difficulty).
STRATEGY_NAMES = ("random", "ida", "depth:N", "level:L", "minimax", "alphabeta", "optimal")

_ALIASES = {"idastar": "ida", "ida*": "ida", "alpha-beta": "alphabeta", "alpha_beta": "alphabeta",
            "auto": "optimal", "nimsum": "optimal", "depthlimited": "depth", "depth-limited": "depth"}


def make_strategy(spec: str, **options: Any) -> Strategy:
    """A strategy from its name: random, ida, minimax, alphabeta, optimal,
    depth (depth 2), depth:N, level:L (Lab 2 difficulty 1-3); ``options`` go
    to the constructor (``forejune``, ``tie_break``).

    Raises
    ------
    UnknownMethodError
        For an unknown name or a malformed argument.
    """
    if not isinstance(spec, str):
        raise UnknownMethodError(f"a strategy name must be a string, not {spec!r}")
    text = spec.strip().lower()
    name, _, argument = text.partition(":")
    name = _ALIASES.get(name, name)
    if name in ("depth", "level"):
        number: Optional[int] = None
        if argument:
            try:
                number = int(argument)
            except ValueError:
                raise UnknownMethodError(f"{spec!r}: {argument!r} is not a whole number") from None
        try:
            if name == "level":
                if number is None:
                    raise NimError("level needs a number, e.g. level:2")
                return DepthLimitedStrategy(level=number, **options)
            return DepthLimitedStrategy(number, **options)
        except UnknownMethodError:
            raise
        except NimError as error:
            raise UnknownMethodError(f"strategy {spec!r}: {error}") from None
    if name in _FACTORIES and not argument:
        return _FACTORIES[name](**options)
    raise UnknownMethodError(
        f"unknown strategy {spec!r}: expected one of {', '.join(STRATEGY_NAMES)}"
    )


def parse_strategies(text: str) -> List[Strategy]:
    """Strategies from a comma-separated list such as ``random,ida,depth:3,optimal``.

    Raises
    ------
    UnknownMethodError
        For an unknown or repeated name, or fewer than two strategies.
    """
    names = [part.strip() for part in text.split(",") if part.strip()]
    strategies = [make_strategy(name) for name in names]
    seen: Dict[str, int] = {}
    for strategy in strategies:
        if strategy.name in seen:
            raise UnknownMethodError(f"strategy {strategy.name!r} is listed twice in {text!r}")
        seen[strategy.name] = 1
    if len(strategies) < 2:
        raise UnknownMethodError(f"a tournament needs at least two strategies, not {text!r}")
    return strategies


