"""The AI players, one ``Strategy`` per way of choosing a move: at random, IDA*,
depth-limited alpha-beta (Lab 2's levels), minimax, alpha-beta, the exact
solver and the Rajalakshmi report's nim-sum rule."""

from __future__ import annotations

import random
from itertools import islice
from typing import Optional, Tuple

from nim.errors import NimError, SearchLimitError
# Lab 2 difficulty levels: level -> (search depth, chance of a random slip), said by its flow
from nim.flows.lab2 import LEVELS
from nim.solving.heuristics import depth_limited, ida
from nim.play.strategy import MINIMAX_NODE_LIMIT, SEARCH_NODE_LIMIT, SEARCH_TIME_LIMIT, Strategy, what_passed
from nim.play.tiebreak import first_best_move
from nim.position import LegalMoves, Move, Position
from nim.rules import Rules
from nim.solving.defaults import solve

#: The most moves the Lab 2 tie-break tries, in order, before it plays the solver's best move.
_TIE_BREAK_SCAN = 10_000

__all__ = [
    "RandomStrategy",
    "IdaStrategy",
    "DepthLimitedStrategy",
    "MinimaxStrategy",
    "AlphaBetaStrategy",
    "OptimalStrategy",
    "NimSumStrategy",
    "MAX_DEPTH",
    "LEVELS",
]

#: Deepest search a depth-limited player accepts (the engines' recursion bound).
MAX_DEPTH = 10_000



class RandomStrategy(Strategy):
    """A uniformly random legal move."""

    name = "random"
    label = "Random"

    def _choose(self, position: Position, rules: Rules, rng: random.Random,
                moves: LegalMoves) -> Move:
        return moves[rng.randrange(moves.total)]   # choice() needs len(): a pile of 2**64 passes it


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
            return moves[rng.randrange(moves.total)]   # choice() needs len(): a pile of 2**64 passes it
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
            # the first move in (pile, smallest count) order whose child is worth -value, among
            # the first _TIE_BREAK_SCAN (a heap of 2**64 has 2**64 moves: past them, the solver's)
            for candidate in islice(moves.smallest_first(), _TIE_BREAK_SCAN if move is not None else None):
                child = position.apply(candidate, rules)
                if child.is_terminal(rules):
                    child_value = 1 if rules.misere else -1
                else:
                    child_value = self._solve(child.piles, rules)[0]
                if -child_value == value:
                    return candidate
        if move is None:
            # a lost position whose solver names no move (a take-and-break game's
            # theory): every move loses against best play, so the first one waits for a slip
            return moves[0]
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
            self.last_note = (f"the full Minimax tree {what_passed(error)}: Alpha-Beta, "
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


class NimSumStrategy(OptimalStrategy):
    """The Rajalakshmi report's ``ai_move_optimal`` under normal Nim: the first
    pile whose size XOR the nim-sum is smaller is lowered to it; with a zero
    nim-sum (a lost position) one object from the largest pile. Other rule
    sets: the optimal move (``OptimalStrategy``)."""

    name = "nimsum"
    label = "Nim-sum"

    def label_for(self, rules: Rules) -> str:
        """"Nim-sum" only where it plays by the sizes' XOR (normal Nim): elsewhere the
        optimal player, and named so (issue 40, item 2)."""
        return self.label if rules == Rules() else OptimalStrategy.label

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
