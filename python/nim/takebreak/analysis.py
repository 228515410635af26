"""``analyze`` for take-and-break games: every legal move (splits included) scored.

Values in normal play come from the nim-sum (a move changes one heap's value,
so each child's nim-sum is the position's with that value replaced: no search,
O(moves)); values in misère play from the misère quotient where it covers the
heaps (each child's product), else the genus rule or the search, one per
distinct child (children are compared as canonical positions: heaps sorted,
dead heaps dropped); depths from the exact search in distance mode
(``split_search(distance=True)``), which gives each child's remoteness.
"""

from __future__ import annotations

import time
from typing import Dict, List, Optional, Sequence, Set, Tuple

from nim.errors import NimError
from nim.takebreak.sums import SumTable, table_of
from nim.position import after_move
from nim.rules import Rules
from nim.game.analysis import MAX_ANALYZED_MOVES, MoveAnalysis, remaining_options
from nim.game.stops import short_piles
from nim.game.solution import SolveOptions
from nim.takebreak.solve import _search, split_moves, split_solve

__all__ = ["analyze_splits", "count_split_moves"]


def count_split_moves(piles: Sequence[int], table: SumTable) -> int:
    """The number of legal moves of a position (counted, not listed)."""
    total = 0
    for heap in piles:
        total += sum(1 for k in table.takes_all if k == heap)
        total += sum(1 for k in table.leaves if k < heap)
        for k in table.splits:
            rest = heap - k
            total += max(0, (rest - 1) // 2 if table.grundy_game else rest // 2)
    return total


def _canonical(piles: Sequence[int], table: SumTable) -> Tuple[int, ...]:
    return tuple(sorted(heap for heap in piles if not table.dead(heap)))


def analyze_splits(piles: Tuple[int, ...], rules: Rules, depth: bool,
                   options: SolveOptions) -> Tuple[List[MoveAnalysis], str]:
    """``(rows, method)`` of ``analyze`` on a position of a take-and-break game.

    ``method`` is "theory" (normal-play values by the nim-sum), "quotient"
    (misère values by the misère quotient, some perhaps by the genus rule),
    "genus" (misère values all by the genus rule) or "tt" (some by the search;
    every depth).

    Raises
    ------
    NimError
        When the position has more than MAX_ANALYZED_MOVES legal moves.
    SearchLimitError
        When a limit stops a search (the limits hold for the whole analysis).
    """
    table = table_of(rules)
    total = count_split_moves(piles, table)
    if total > MAX_ANALYZED_MOVES:
        raise NimError(f"{short_piles(piles)} has {total:,} legal moves; analyze lists at most "
                       f"{MAX_ANALYZED_MOVES:,}")
    moves = list(split_moves(piles, rules))
    if not depth and not rules.misere:
        grundies = table.grundies(piles)
        x = 0
        for g in grundies:
            x ^= g
        rows = []
        for move in moves:
            pile, count, split = move[0], move[1], move.split
            rest = piles[pile] - count
            after = table.grundy(rest) if split is None else table.grundy(split[0]) ^ table.grundy(split[1])
            rows.append(MoveAnalysis(move, -1 if x ^ grundies[pile] ^ after else 1, None))
        return rows, "theory"
    if not depth and rules.misere:
        from nim.takebreak.quotient_memo import quotient_for

        quotient = quotient_for(rules, piles, options)
        if quotient is not None and quotient.covers(max(piles, default=0)):
            # a child's heaps are no larger than the position's: the quotient covers them all
            return [MoveAnalysis(move, 1 if quotient.is_lost(after_move(piles, move)) else -1, None)
                    for move in moves], "quotient"
    answers: Dict[Tuple[int, ...], Tuple[int, Optional[int]]] = {}
    methods: Set[str] = set()
    nodes = 0
    started = time.monotonic()
    rows = []
    for move in moves:
        key = _canonical(after_move(piles, move), table)
        if key not in answers:
            remaining = remaining_options(options, nodes, time.monotonic() - started)
            if depth:
                result = _search(key, rules, remaining, distance=True)
                answers[key] = (-result.value, result.depth)
                nodes += result.nodes
                methods.add("tt")
            else:
                solution = split_solve(key, rules, "auto", remaining)
                answers[key] = (-solution.value, None)
                nodes += solution.nodes
                methods.add(solution.method)
        value, remoteness = answers[key]
        rows.append(MoveAnalysis(move, value, remoteness))
    if depth or "tt" in methods:
        return rows, "tt"
    if "quotient" in methods:
        return rows, "quotient"
    return rows, "genus" if methods == {"genus"} else "theory"
