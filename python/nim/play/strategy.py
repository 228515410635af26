"""The interface of every AI player: ``Strategy.choose_move(position, rules, rng)``,
used by the console game, tournaments and tests, and what one move may cost.

Every strategy has ``name`` (what ``nim.play.strategies.make_strategy``
accepts), ``label`` (for people) and ``choose_move(position, rules, rng) ->
Move``; a ``Position`` that carries its rules needs no ``rules``. Options:

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
from typing import Any, Optional

from nim.errors import IllegalMoveError, NimError, SearchLimitError
from nim.play.tiebreak import first_best_move
from nim.position import LegalMoves, Move, Position
from nim.rules import Rules, RulesLike
from nim.solving.defaults import solve
from nim.game.solution import Solution

__all__ = [
    "Strategy",
    "TIE_BREAKS",
    "MINIMAX_NODE_LIMIT",
    "SEARCH_NODE_LIMIT",
    "SEARCH_TIME_LIMIT",
    "game_value",
    "what_passed",
]

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
    """Exact game value for the player to move: +1 win, -1 loss (``nim.solve`` auto),
    under ``rules`` (by default a ``Position``'s own, else normal play)."""
    return solve(position, rules).value


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

    def label_for(self, rules: Rules) -> str:
        """The name shown to people when playing under ``rules`` (a strategy whose
        method depends on the rules says which one it plays)."""
        return self.label

    def choose_move(self, position: PositionLike, rules: RulesLike = None,
                    rng: Optional[random.Random] = None) -> Move:
        """A legal move for the player to move in ``position``, under ``rules``
        (by default a ``Position``'s own rules, or normal play).

        Raises
        ------
        IllegalMoveError
            When the position has no legal move.
        InvalidPositionError, InvalidRulesError
            For bad input.
        """
        pos = Position(position, rules)     # a Position keeps its own rules unless others are named
        ruleset = pos.rules
        moves = LegalMoves(pos)   # lazy: a pile of 10**9 has 10**9 moves
        if not moves:
            raise IllegalMoveError(f"no legal move in {pos!r} under {ruleset}")
        generator = rng if rng is not None else random.Random()
        self.last_note = None
        if self.forejune and game_value(pos, ruleset) < 0:
            return moves[generator.randrange(moves.total)]   # as choice(), past len()'s 2**63
        try:
            return self._choose(pos, ruleset, generator, moves)
        except SearchLimitError as error:
            return self._exact_instead(pos, ruleset, moves, error)

    def _exact_instead(self, position: Position, rules: Rules, moves: LegalMoves,
                       error: SearchLimitError) -> Move:
        """The move when this player's own search passed its budget: the exact
        solver's (theory or `tt`), with ``last_note`` saying so in one line;
        the first legal move if even that search stops."""
        passed = what_passed(error)
        if rules.splits:
            return self._normal_play_instead(position, rules, moves, passed)
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

    def _normal_play_instead(self, position: Position, rules: Rules, moves: LegalMoves,
                             passed: str) -> Move:
        """A misère take-and-break position past the exact search's budget: the
        normal-play winning move (the nim-sequence's, in O(heaps)) is played, and
        ``last_note`` says so; where normal play is lost too, the first legal move."""
        normal = Rules(take=rules.take, octal=rules.octal)
        move = solve(position.piles, normal).move or moves[0]
        self.last_note = (f"{self.label}'s exact search {passed} on this board: the normal-play "
                          "winning move is played instead (misère play may differ)")
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


def what_passed(error: SearchLimitError) -> str:
    """'would pass its budget of 20,000,000 nodes' (or of 2 seconds)."""
    if error.reason == "time":
        return f"would pass its budget of {SEARCH_TIME_LIMIT:g} seconds"
    if error.reason == "nodes":
        return f"would pass its budget of {error.nodes:,} nodes"
    return f"would pass its {error.reason} limit"


def _engine_name(method: str) -> str:
    return {"grundy": "theory", "tt": "tt search"}.get(method, method)
