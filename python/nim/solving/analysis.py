"""Every root move scored: ``analyze()`` gives the value and depth of each legal move.

The depth of a move is the remoteness of the position it leads to: the number
of moves from there to the end of the game when the winner hurries and the
loser delays (a position with no move has remoteness 0; a won one 1 + the
least remoteness of its lost children; a lost one 1 + the greatest remoteness
of its children). It is computed exactly by the `tt` engine in distance mode:
scores +-(DIST_MATE - remoteness), every child searched (a win can be no
faster than one move, the only cut-off), each canonical position solved once
thanks to the table. That is exact for every rule set, closed forms included:
Bouton's and Sprague-Grundy's theorems give who wins, not how long it lasts,
so the depth needs the search even where the value does not -- except under
take `any`, whose game length has a closed form (``nim.solving.length``, docs/theory.md):
there every depth comes from the formulas, without search. Elsewhere the cost
is the number of positions reachable from the root (not only those a proof
needs): for large positions ask for values only (``depth=False``), which the
theory answers where it is exact.
"""

from __future__ import annotations

from array import array
import time
from typing import Dict, List, Optional, Tuple

from nim.position import Move, Position, count_takes
from nim.progress import search_progress
from nim.rules import Rules
from nim.game.analysis import MAX_ANALYZED_MOVES, Analysis, MoveAnalysis, remaining_options as _remaining
from nim.game.stops import finish_search, short_piles as _short
from nim.solving.engines import new_search
from nim.game.solution import DEFAULT_TT_MB, SolveOptions
from nim.errors import NimError
from nim.kernel import TranspositionTable
from nim.solving.closed_forms import Theory
from nim.kernel import batch as _batch_core
from nim.kernel import rows as _kernel_rows
from nim.kernel import tt as _tt_core

__all__ = ["Analysis", "MoveAnalysis", "analyze_by_theory", "analyze_moves"]


def analyze_by_theory(piles: Tuple[int, ...], rules: Rules, theory: Theory) -> List[MoveAnalysis]:
    """``analyze`` without depths where the theory is exact: every move's value from
    one Grundy summary of the position, in C (no search, O(piles + moves)); piles
    past 64 bits through the theory's closed forms over Python integers.

    Raises
    ------
    NimError
        When the position has more than MAX_ANALYZED_MOVES legal moves.
    """
    total = _listed_moves(piles, rules)
    values = array("b", bytes(total))
    if all(p >> 64 == 0 for p in piles):
        _batch_core.child_values(theory.core, rules.core, piles, values)
    else:
        values = array("b", _child_values_of_large_piles(piles, rules, theory))
    # the rows made in C: a Move and a MoveAnalysis a move, 10**6 of them in about 0.2 s
    rows: List[MoveAnalysis] = _kernel_rows().move_rows(Move, MoveAnalysis, piles, rules.takes, values)
    return rows


def _listed_moves(piles: Tuple[int, ...], rules: Rules) -> int:
    """The number of legal moves, checked against MAX_ANALYZED_MOVES (counted, not listed)."""
    total = sum(count_takes(rules.takes(pile)) for pile in piles)
    if total > MAX_ANALYZED_MOVES:
        raise NimError(
            f"{_short(piles)} has {total:,} legal moves; analyze lists at most "
            f"{MAX_ANALYZED_MOVES:,}"
        )
    return total


def _child_values_of_large_piles(piles: Tuple[int, ...], rules: Rules, theory: Theory) -> List[int]:
    """child_values for piles past 64 bits: each move changes one Grundy value, so
    its child's summary is the position's with that value replaced."""
    x, big, _ = theory.summary(piles)
    values: List[int] = []
    for pile in piles:
        g = theory.grundy(pile)
        for count in rules.takes(pile):
            h = theory.grundy(pile - count)
            values.append(-theory.outcome(x ^ g ^ h, big - (g >= 2) + (h >= 2)))
    return values


def analyze_moves(piles: Tuple[int, ...], rules: Rules, depth: bool, options: SolveOptions,
                  table: TranspositionTable) -> List[MoveAnalysis]:
    """``analyze``'s work for checked input, with a (Solver's) table.

    A move's value and depth depend only on the position it leads to, which
    (the piles taken as a multiset, as the engine does) depends only on the size
    of the pile it takes from and what it leaves there: one search answers every
    move of the same (size, count), and the children are built one at a time.
    So [1] * 10**6 is one search, and memory is that of the rows.

    Raises
    ------
    NimError, SearchLimitError
        As ``analyze``.
    """
    method = "tt"
    if depth and sum(piles) >= _tt_core.DIST_MATE // 2:
        raise NimError(
            f"depths of {_short(piles)} could pass 2**29 moves, beyond the engine's "
            "distance scores; use depth=False (--no-depth)"
        )
    _listed_moves(piles, rules)
    table_budget = (options.tt_mb or DEFAULT_TT_MB) << 20    # all the tt engine holds
    first_of_size: Dict[int, int] = {}          # a pile of each size: its first index
    for index, size in enumerate(piles):
        first_of_size.setdefault(size, index)
    top = sorted(piles, reverse=True)[:2] + [0, 0]
    kinds = [(size, count) for size in first_of_size for count in rules.takes(size)]
    # the child with the largest pile first: the endgame tables it fills serve every other
    kinds.sort(key=lambda kind: -max(kind[0] - kind[1], top[1] if kind[0] == top[0] else top[0]))
    answers: Dict[Tuple[int, int], Tuple[int, Optional[int]]] = {}
    bar = search_progress("analyze", options.progress, table)
    endgames = _tt_core.Endgames()
    nodes_before = 0
    started = time.monotonic()      # the time limit counts building the children too
    try:
        for done, (size, count) in enumerate(kinds):
            child = list(piles)
            child[first_of_size[size]] -= count
            remaining = _remaining(options, nodes_before, time.monotonic() - started)
            search = new_search(tuple(child), rules, remaining, method, bar)
            del child
            if bar is not None:
                bar.base = nodes_before
            score, _, _ = _tt_core.search(search, table, depth, memory=table_budget, endgames=endgames)
            finish_search(search, f"analysis of {done + 1} move(s) by {method}",
                          piles, table, close=False, nodes_before=nodes_before)
            nodes_before += search.nodes
            if depth:
                answers[size, count] = (-(1 if score > 0 else -1), _tt_core.DIST_MATE - abs(score))
            else:
                answers[size, count] = (-score, None)
    finally:
        if bar is not None:
            bar.close()
    return [MoveAnalysis(move, *answers[piles[move.pile], move.count])
            for move in Position._of(piles, rules).moves()]


