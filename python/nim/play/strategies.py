"""Players: one interface for every AI, used by the console game, tournaments and tests.

>>> import random
>>> from nim.play.strategies import make_strategy
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
from nim.solver import Solution, solve
from nim.play.tiebreak import first_best_move

__all__ = [
    "Strategy",
    "RandomStrategy",
    "IdaStrategy",
    "DepthLimitedStrategy",
    "MinimaxStrategy",
    "AlphaBetaStrategy",
    "OptimalStrategy",
    "NimSumStrategy",
    "STRATEGY_NAMES",
    "TIE_BREAKS",
    "MINIMAX_NODE_LIMIT",
    "SEARCH_NODE_LIMIT",
    "SEARCH_TIME_LIMIT",
    "MAX_DEPTH",
    "LEVELS",
    "make_strategy",
    "game_value",
    "parse_strategies",
]

#: Deepest search a depth-limited player accepts (the engines' recursion bound).
MAX_DEPTH = 10_000

#: Lab 2 difficulty levels: level -> (search depth, chance of a random slip).
#: With the report's game-over rule and the misère parity rule at the cut-off
#: the search alone never throws a won misère Nim position away at any depth
#: (measured over 1,200 random won positions of 2-4 piles up to 7, depths 1-8:
#: 0%), and under normal play the nim-sum evaluation is exact: depths alone
#: would make three equal levels. The levels differ by how often they slip
#: (the report: "Making the AI feel 'human' without making it unbeatable"),
#: and Hard searches deepest, which matters under other take rules.
LEVELS: Dict[int, Tuple[int, float]] = {
    1: (DIFFICULTY_DEPTHS[1], 0.30),
    2: (DIFFICULTY_DEPTHS[2], 0.10),
    3: (DIFFICULTY_DEPTHS[3], 0.0),
}

#: Accepted ``tie_break`` options.
TIE_BREAKS = ("engine", "lab2")

#: Nodes the minimax player may spend on one move before it lets alpha-beta
#: answer instead (same exact value): about a second of plain minimax (the
#: full tree of [5, 5, 5] under `max 3` is 57 million nodes, 0.3 s; [6, 6, 6]
#: passes 500 million).
MINIMAX_NODE_LIMIT = 150_000_000
#: Nodes every other searching player (IDA*, depth-limited, alpha-beta) may
#: spend on one move (a tenth of a second or so) before the exact solver answers.
SEARCH_NODE_LIMIT = 20_000_000
#: Seconds one move's search may take whatever its node budget (a loaded machine).
SEARCH_TIME_LIMIT = 2.0

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
    #: One line on how the last move was chosen when it was not the usual way
    #: (a search past its budget handed over to the exact solver), else None.
    last_note: Optional[str] = None

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
        self.last_note = None
        if self.forejune and game_value(pos, ruleset) < 0:
            return generator.choice(moves)
        try:
            return self._choose(pos, ruleset, generator, moves)
        except SearchLimitError as error:
            return self._exact_instead(pos, ruleset, moves, error)

    def _exact_instead(self, position: Position, rules: Rules, moves: LegalMoves,
                       error: SearchLimitError) -> Move:
        """The move when this player's own search passed its budget: the exact
        solver's (theory or `tt`), with ``last_note`` saying so in one line;
        the first legal move if even that search stops."""
        passed = _what_passed(error)
        try:
            solution: Solution = solve(position.piles, rules, "auto")
        except SearchLimitError:
            self.last_note = (f"{self.label}'s search {passed}, and so does the exact "
                              "solver's: the first legal move is played")
            return next(iter(moves.smallest_first()))
        move = first_best_move(position.piles, rules) if self.tie_break == "lab2" else None
        move = move or solution.move
        assert move is not None
        self.last_note = (f"{self.label}'s search {passed} on this board: the exact "
                          f"solver ({_engine_name(solution.method)}) chose the move")
        return move

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
        move = ida(position.piles, rules, node_limit=SEARCH_NODE_LIMIT,
                   time_limit=SEARCH_TIME_LIMIT).move
        assert move is not None
        return move


class DepthLimitedStrategy(Strategy):
    """Depth-limited alpha-beta with the nim-sum evaluation (SPEC 3.5, Lab 2).

    Give ``depth`` (moves searched) or ``level`` (a Lab 2 difficulty, see
    LEVELS: a depth and a slip rate). ``slip`` is the chance of a beginner's
    slip, a uniformly random legal move instead of the search's (drawn from
    the game's random generator, so a seed replays it). Its engine always
    breaks ties the Lab 2 way.

    Raises
    ------
    NimError
        For a depth outside 1..MAX_DEPTH, a slip outside [0, 1] or an unknown level.
    """

    name = "depth"

    def __init__(self, depth: Optional[int] = None, *, level: Optional[int] = None,
                 slip: float = 0.0, forejune: bool = False, tie_break: str = "lab2") -> None:
        super().__init__(forejune=forejune, tie_break=tie_break)
        if level is not None:
            if level not in LEVELS:
                raise NimError(f"unknown difficulty level {level!r}: expected one of "
                               f"{', '.join(map(str, LEVELS))}")
            depth, slip = LEVELS[level]
        if depth is None:
            depth = LEVELS[2][0]
        if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
            raise NimError(f"the search depth must be a whole number from 1 to {MAX_DEPTH:,}, "
                           f"not {depth!r}")
        if not isinstance(slip, (int, float)) or not 0.0 <= slip <= 1.0:
            raise NimError(f"the slip rate must be a number from 0 to 1, not {slip!r}")
        self.depth = depth
        self.slip = float(slip)
        self.level = level
        self.name = f"level:{level}" if level is not None else f"depth:{depth}"
        slips = f", {self.slip:.0%} slips" if self.slip else ""
        self.label = (f"Depth-limited alpha-beta (depth {depth}{slips})"
                      + (", random when losing" if forejune else ""))

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        # a game lasts at most one move per object: a deeper search sees nothing more,
        # and the engine's recursion bound is never the limit
        if self.slip and rng.random() < self.slip:
            return rng.choice(moves)
        depth = max(1, min(self.depth, sum(position.piles)))
        move = depth_limited(position.piles, rules, depth, node_limit=SEARCH_NODE_LIMIT,
                             time_limit=SEARCH_TIME_LIMIT).move
        assert move is not None
        return move

    def __repr__(self) -> str:
        options = self._options().replace("tie_break='lab2'", "").strip(", ")
        if self.level is not None:
            return f"DepthLimitedStrategy(level={self.level}{', ' + options if options else ''})"
        slip = f", slip={self.slip!r}" if self.slip else ""
        return f"DepthLimitedStrategy({self.depth}{slip}{', ' + options if options else ''})"


class _ExactStrategy(Strategy):
    """A player that knows the exact value of every move.

    ``node_limit`` bounds each search; past it the exact solver (theory or
    `tt`) answers instead and ``last_note`` says so.
    """

    method = "auto"

    def __init__(self, *, forejune: bool = False, tie_break: str = "engine",
                 node_limit: Optional[int] = None) -> None:
        super().__init__(forejune=forejune, tie_break=tie_break)
        self.node_limit = node_limit

    def _solve(self, piles: Tuple[int, ...], rules: Rules) -> Tuple[int, Optional[Move]]:
        budget = self.node_limit if self.node_limit is not None else SEARCH_NODE_LIMIT
        solution = solve(piles, rules, self.method, node_limit=budget,
                         time_limit=SEARCH_TIME_LIMIT)
        return solution.value, solution.move

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        if self.tie_break == "lab2" and self.method == "auto":
            # theory names the first best move in O(piles), whatever the pile sizes
            first = first_best_move(position.piles, rules)
            if first is not None:
                return first
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
    """Plain minimax (exact) whenever it finishes in about a second
    (MINIMAX_NODE_LIMIT nodes); past that alpha-beta answers (the same exact
    value; SEARCH_NODE_LIMIT nodes), and past that the exact solver.
    ``last_method`` says which engine answered the last search and
    ``last_note`` explains a hand-over in one line."""

    name = "minimax"
    label = "Minimax"
    method = "minimax"

    def __init__(self, *, forejune: bool = False, tie_break: str = "engine",
                 node_limit: Optional[int] = None) -> None:
        super().__init__(forejune=forejune, tie_break=tie_break, node_limit=node_limit)
        self.last_method = "minimax"

    def _solve(self, piles: Tuple[int, ...], rules: Rules) -> Tuple[int, Optional[Move]]:
        try:
            budget = self.node_limit if self.node_limit is not None else MINIMAX_NODE_LIMIT
            solution = solve(piles, rules, "minimax", node_limit=budget,
                             time_limit=SEARCH_TIME_LIMIT)
            self.last_method = "minimax"
        except SearchLimitError as error:
            self.last_method = "alphabeta"
            solution = solve(piles, rules, "alphabeta", node_limit=SEARCH_NODE_LIMIT,
                             time_limit=SEARCH_TIME_LIMIT)
            self.last_note = (f"the full Minimax tree {_what_passed(error)}: Alpha-Beta, "
                              "which gives the same value, chose the move")
        return solution.value, solution.move

    def _exact_instead(self, position: Position, rules: Rules, moves: LegalMoves,
                       error: SearchLimitError) -> Move:
        self.last_method = "auto"
        move = super()._exact_instead(position, rules, moves, error)
        if self.last_note is not None and "exact solver (" in self.last_note:
            solver = self.last_note[self.last_note.index("the exact solver ("):]
            budget = self.node_limit if self.node_limit is not None else MINIMAX_NODE_LIMIT
            self.last_note = (f"neither the full Minimax tree ({budget:,} nodes) nor Alpha-Beta "
                              f"({SEARCH_NODE_LIMIT:,}) fits its budget on this board: {solver}")
        return move


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


def _what_passed(error: SearchLimitError) -> str:
    """'would pass its budget of 20,000,000 nodes' (or of 2 seconds)."""
    if error.reason == "time":
        return f"would pass its budget of {SEARCH_TIME_LIMIT:g} seconds"
    if error.reason == "nodes":
        return f"would pass its budget of {error.nodes:,} nodes"
    return f"would pass its {error.reason} limit"


def _engine_name(method: str) -> str:
    return {"grundy": "theory", "tt": "tt search"}.get(method, method)


class NimSumStrategy(OptimalStrategy):
    """The Rajalakshmi report's ``ai_move_optimal`` under normal Nim: the first
    pile whose size XOR the nim-sum is smaller is lowered to it; with a zero
    nim-sum (a lost position) one object from the largest pile. Other rule
    sets: the optimal move (``OptimalStrategy``)."""

    name = "nimsum"
    label = "Nim-sum"

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        if rules != Rules():
            return super()._choose(position, rules, rng, moves)
        piles = position.piles
        total = position.nim_sum
        if total:
            for index, pile in enumerate(piles):
                if pile ^ total < pile:
                    return Move(index, pile - (pile ^ total))
        largest = max(range(len(piles)), key=lambda i: piles[i])
        return Move(largest, 1)


_FACTORIES: Dict[str, Callable[..., Strategy]] = {
    "random": RandomStrategy,
    "ida": IdaStrategy,
    "minimax": MinimaxStrategy,
    "alphabeta": AlphaBetaStrategy,
    "optimal": OptimalStrategy,
    "nimsum": NimSumStrategy,
}

#: Names ``make_strategy`` accepts (``depth:N`` takes a depth, ``level:L`` a difficulty).
STRATEGY_NAMES = ("random", "ida", "depth:N", "level:L", "minimax", "alphabeta", "optimal", "nimsum")

_ALIASES = {"idastar": "ida", "ida*": "ida", "alpha-beta": "alphabeta", "alpha_beta": "alphabeta",
            "auto": "optimal", "nim-sum": "nimsum", "depthlimited": "depth", "depth-limited": "depth"}


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


