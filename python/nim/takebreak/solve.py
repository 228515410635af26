"""Solving positions of take-and-break games (octal codes, Grundy's game): issue 23.

``nim.solve`` and the Solver send a rule set that splits heaps here:

=========== ================================================================
normal play the nim-sum of the heaps' nim-sequence values (``nim.takebreak.sums``),
            O(heaps), a winning move in O(heaps + options of one heap):
            ``Solution.method`` "theory"
misère play the misère quotient (``nim.octal.misere_quotient``) where it covers
            every heap: the product of the heaps' elements, O(heaps), a
            winning move from ``MisereQuotient.winning_move``: "quotient";
            else Conway's genus rule where every heap, and every heap it can
            reach, is tame (``nim.takebreak.genus``): "genus"; else the exact
            search over canonical positions (``nim.takebreak.splits``), any
            sub-position within the quotient's bound a leaf: "tt"
=========== ================================================================

``method="tt"`` forces the search in both conventions (without the quotient's
leaves); ``method="theory"`` is the nim-sum in normal play and the genus rule
in misère play (refused where the rule does not apply); ``method="quotient"``
forces the quotient (misère play; refused when it cannot cover the heaps within
the time limit). How a solve obtains a quotient, and what it may cost:
``nim.takebreak.quotient_memo``. Engines that cannot play a split move (minimax,
alphabeta, ida, grundy) refuse with one ``NimError`` naming those that work.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.takebreak.sums import SumTable, table_of
from nim.position import Move
from nim.rules import Rules
from nim.game.limits import Limits
from nim.game.solution import Solution, SolveOptions

if TYPE_CHECKING:
    from nim.takebreak.quotient import MisereQuotient

__all__ = ["SPLIT_METHODS", "check_split_method", "misere_split_values", "split_moves",
           "split_solve", "split_values"]

#: The methods that answer a take-and-break game (``auto`` picks among the others).
SPLIT_METHODS = ("auto", "theory", "tt", "quotient")


def check_split_method(method: str, rules: Rules) -> None:
    """Refuse a (checked) method name that cannot play split moves.

    Raises
    ------
    NimError
        Naming the methods that work.
    """
    if method not in SPLIT_METHODS:
        raise NimError(
            f"method {method!r} cannot play the split moves of {rules}: use "
            + ", ".join(repr(name) for name in SPLIT_METHODS))


def _limits(options: SolveOptions) -> Limits:
    return Limits(nodes=options.node_limit, time=options.time_limit, memory=options.tt_mb,
                  progress=options.progress, cancel=options.cancel)


def _search(piles: Sequence[int], rules: Rules, options: SolveOptions, distance: bool = False,
            quotient: Optional["MisereQuotient"] = None) -> Any:
    """omisere's exact search over sums of take-and-break heaps (``split_search``),
    with a (bounded) misère quotient as its exact leaf when one is given."""
    from nim.takebreak.splits import split_search

    return split_search(rules, list(piles), distance=distance, limits=_limits(options), quotient=quotient)


def _genus(piles: Sequence[int], rules: Rules) -> Optional[Tuple[int, Optional[Move]]]:
    """The genus rule's answer, or None where it does not apply."""
    from nim.takebreak.genus import misere_by_genus

    return misere_by_genus(rules, list(piles))


def split_solve(piles: Tuple[int, ...], rules: Rules, method: str, options: SolveOptions) -> Solution:
    """Solve a position of a take-and-break game (see the module's table).

    Raises
    ------
    NimError
        For a method that cannot play split moves, ``theory`` in misère play
        where the genus rule does not apply, ``quotient`` in normal play or
        where the quotient cannot cover the heaps, or heaps past a computed
        bound (InvalidPositionError).
    SearchLimitError
        When a limit stops the search.
    """
    check_split_method(method, rules)
    started = time.perf_counter()
    if method == "quotient" and not rules.misere:
        raise NimError(f"method 'quotient' solves misère play; {rules} is normal play, "
                       "where the nim-sum answers (method 'auto' or 'theory')")
    if not rules.misere and method != "tt":
        value, move = table_of(rules).solve(piles, _limits(options))   # the limits reach the sequence
        return Solution(value, move, 0, "theory", time.perf_counter() - started)
    quotient = None
    if method in ("auto", "quotient"):
        # The order in misère play: the quotient first where it covers every heap
        # (exact for any position, O(heaps), the same answer whatever the heaps);
        # else the genus rule, exact and instant where every heap is tame; else the
        # search, whose sub-positions within the quotient's bound are exact leaves.
        from nim.takebreak.quotient_memo import quotient_for

        quotient = quotient_for(rules, piles, options, forced=method == "quotient")
        if quotient is not None and quotient.covers(max(piles, default=0)):
            return _by_quotient(piles, rules, quotient, started)
        if options.time_limit is not None:     # the search has what the quotient left of the limit
            spent = time.perf_counter() - started
            options = options._replace(time_limit=max(options.time_limit - spent, 0.001))
    if method in ("auto", "theory"):
        answer = _genus(piles, rules)
        if answer is not None:
            value, move = answer
            if move is None:        # a lost position shows a legal move, as the theory of take rules does
                move = table_of(rules).first_move(piles) if value < 0 else None
            return Solution(value, move, 0, "genus", time.perf_counter() - started)
        if method == "theory":
            raise NimError(
                f"the genus rule does not decide {list(piles)[:10]} under {rules} (a heap it holds or "
                "reaches is not tame); use method 'auto' or 'tt'")
    result = _search(piles, rules, options, quotient=quotient)
    return Solution(result.value, result.move, result.nodes, "tt", time.perf_counter() - started)


def _by_quotient(piles: Tuple[int, ...], rules: Rules, quotient: "MisereQuotient",
                 started: float) -> Solution:
    """The quotient's answer: lost iff the product of the heaps' elements is in P;
    a winning move that leaves a product in P (a lost position shows a legal move)."""
    if quotient.is_lost(piles):
        return Solution(-1, table_of(rules).first_move(piles), 0, "quotient", time.perf_counter() - started)
    return Solution(1, quotient.winning_move(piles), 0, "quotient", time.perf_counter() - started)


def split_moves(piles: Sequence[int], rules: Rules) -> Iterator[Move]:
    """Every legal move of a position of a take-and-break game: pile by pile from
    the left, each heap's moves in ``Rules.heap_moves``' order (largest take first;
    for a take, leaving one heap or none, then the splits (a, b) with a <= b, a
    ascending; a < b in Grundy's game)."""
    for pile, heap in enumerate(piles):
        for count, split in rules.heap_moves(heap):
            yield Move(pile, count, split)


def misere_split_values(view: memoryview, rules: Rules, options: SolveOptions) -> Optional[Any]:
    """The value (+1 the mover wins, -1 loses) of every row of a 2-D batch (``view``,
    as ``nim.solving.batch.as_batch`` reads it), misère play, by the misère quotient
    when it covers every heap of the batch (each row's product, no winning move
    looked for); None when it does not (the caller then solves row by row)."""
    from nim.takebreak.quotient_memo import quotient_for

    if view.ndim != 2:
        return None
    rows: List[List[int]] = view.tolist()  # type: ignore[assignment]
    top = 0
    for index, row in enumerate(rows):
        if row and min(row) < 0:
            raise InvalidPositionError(
                f"row {index}, pile {row.index(min(row))}: pile sizes must be non-negative, not {min(row)}")
        top = max(top, max(row, default=0))
    quotient = quotient_for(rules, (top,), options)
    if quotient is None or not quotient.covers(top):
        return None
    return _int8([-1 if quotient.is_lost(row) else 1 for row in rows])


def _int8(values: List[int]) -> Any:
    try:
        import numpy
    except ImportError:
        from array import array
        return array("b", values)
    return numpy.array(values, dtype=numpy.int8)


def split_values(view: memoryview, table: SumTable, options: SolveOptions) -> Any:
    """The value (+1 the mover wins, -1 loses) of every row of a 2-D batch (``view``,
    as ``nim.solving.batch.as_batch`` reads it), normal play: each row's nim-sum (zeros
    pad short rows; a heap of 0 has value 0). The
    nim-sequence grows once, as far as the largest heap, within ``options``' limits
    (SearchLimitError past them)."""
    rows: List[int] = []
    if view.ndim == 2:
        table_rows: List[List[int]] = view.tolist()  # type: ignore[assignment]
        for index, row in enumerate(table_rows):
            if row and min(row) < 0:
                raise InvalidPositionError(
                    f"row {index}, pile {row.index(min(row))}: pile sizes must be non-negative, not {min(row)}")
        table.grundies([max((max(row) for row in table_rows if row), default=0)], _limits(options))
        rows = [1 if table.value(row) else -1 for row in table_rows]
    return _int8(rows)
