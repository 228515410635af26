"""The exact search over sums of take-and-break heaps: the Python side of
``nimcore.splits`` (an octal code or Grundy's game, normal or misère play).

``split_search(rules, heaps)`` checks the position, runs the compiled search
under the caller's limits and answers in the caller's terms: a value for the
player to move, a best ``Move`` in the caller's pile indices (a split as
``Move(pile, count, split=(a, b))``), the nodes searched and, with
``distance=True``, the remoteness (moves to the end with best play: the
winner hurries, the loser delays).

>>> from nim.rules import Rules
>>> result = split_search(Rules.game("kayles", misere=True), [3, 1])
>>> result.value, result.move
(1, Move(pile=0, count=1, split=(1, 1)))
>>> split_search(Rules.game("kayles"), [4, 4]).value
-1
"""

from __future__ import annotations

import time
from array import array
from typing import TYPE_CHECKING, Any, Dict, NamedTuple, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, SearchLimitError
from nim.kernel import MAX_MB, CoreRules, Search, TranspositionTable, splits
from nim.takebreak.genus import MAX_TAME_HEAP, tame_table
from nim.position import Move, as_piles
from nim.progress import search_progress
from nim.rules import Rules
from nim.game.stops import abandon_search, finish_search
from nim.game.limits import Limits
from nim.game.solution import DEFAULT_TT_MB, SolveOptions, check_options

if TYPE_CHECKING:
    from nim.takebreak.quotient import MisereQuotient

__all__ = ["SplitResult", "quotient_leaf", "split_search"]

#: The limits of a call that gives none (the default node limit, no time limit).
_NO_LIMITS = Limits()


class SplitResult(NamedTuple):
    """What ``split_search`` answers.

    Attributes
    ----------
    value : int
        +1 when the player to move wins, -1 when they lose.
    move : Move or None
        A best move (a winning one when value is +1; with ``distance``, the
        quickest win or the longest defence), None when no move is left.
    nodes : int
        Positions searched.
    depth : int
        With ``distance=True``: the remoteness, moves to the end with best
        play; else 0.
    """

    value: int
    move: Optional[Move]
    nodes: int
    depth: int


def _guide(rules: Rules, top: int, limits: Limits) -> Sequence[int]:
    """Normal-play Grundy values of heaps 0..top (the guide), from the game's SumTable: read
    through a proven period, or computed as far as ``top`` within the search's limits."""
    from nim.takebreak.sums import table_of

    return table_of(rules).grundies(range(top + 1), limits)


def _move(heaps: Tuple[int, ...], heap: int, count: int, a: int, b: int) -> Move:
    """The compiled search's move (heap SIZE, option) in the caller's pile indices."""
    pile = heaps.index(heap)
    if b:
        return Move(pile, count, split=(a, b))
    return Move(pile, heap - a)


#: The compiled leaf of each quotient used lately (id -> (quotient, leaf)): its table
#: is flattened once, not at every solve (Dawson's Q_33 has 638**2 products).
_LEAVES: Dict[int, Tuple[Any, Tuple[int, "array[int]", "array[int]", bytes]]] = {}


def quotient_leaf(quotient: "MisereQuotient") -> Optional[Tuple[int, "array[int]", "array[int]", bytes]]:
    """The search's leaf of a misère quotient, ``(bound, elements, table, p)`` as
    ``nimcore.splits.search`` takes it; None for a quotient too large to be a leaf."""
    known = _LEAVES.get(id(quotient))
    if known is not None and known[0] is quotient:
        return known[1]
    if quotient.order > splits.MAX_LEAF_ORDER:
        return None
    bound = min(quotient.bound, splits.MAX_HEAP)
    elements = array("H", quotient.heap_elements[:bound + 1])
    table = array("H", [product for row in quotient.table for product in row])
    p = bytes(1 if x in quotient.p_portion else 0 for x in range(quotient.order))
    leaf = (bound, elements, table, p)
    if len(_LEAVES) >= 8:
        _LEAVES.clear()
    _LEAVES[id(quotient)] = (quotient, leaf)
    return leaf


def split_search(rules: Rules, heaps: Sequence[int], *, distance: bool = False,
                 limits: Limits = _NO_LIMITS, tame_leaves: bool = True, etc: bool = False,
                 quotient: Optional["MisereQuotient"] = None) -> SplitResult:
    """Solve a sum of heaps of a take-and-break game exactly, by search.

    Parameters
    ----------
    rules : Rules
        An octal code or Grundy's game, normal or misère.
    heaps : sequence of int
        Heap sizes in any order (heaps without a move are allowed).
    distance : bool
        Also find the remoteness (every child is then searched).
    limits : Limits
        Nodes, time, memory (the transposition table's MB), progress, cancel.
    tame_leaves : bool
        Misère play, values only: decide a position of tame heaps by Conway's
        genus rule (``nim.takebreak.genus``) instead of searching below it.
    etc : bool
        Misère play, values only: probe every child in the table first and
        take one known lost at once (fewer nodes, but measured slower).
    quotient : MisereQuotient or None
        Misère play, values only: the misère quotient of ``rules`` (exact for
        heaps up to its ``bound``), the search's exact leaf: a sub-position whose
        heaps are all within the bound is decided by its table in O(heaps), and
        a move to such a sub-position that is lost is tried first.

    Raises
    ------
    InvalidRulesError
        For a rule that does not split heaps.
    InvalidPositionError
        For bad heaps, or a heap larger than the search takes.
    SearchLimitError
        When a limit stops the search (its ``reason`` says which).
    """
    # (takes_all, leaves, splits, grundy_game); a take rule is refused there, with the one error text
    takes_all, leaves, parts, grundy_game = rules.split_places()
    piles = as_piles(heaps)
    top = max(piles, default=0)
    if top > splits.MAX_HEAP:
        raise InvalidPositionError(
            f"heap {top:,} is larger than the split search takes ({splits.MAX_HEAP:,}): "
            "in normal play the nim-sequence answers any heap (method 'theory')")
    options = check_options(SolveOptions(**limits.keywords()))
    mb = options.tt_mb or DEFAULT_TT_MB
    started = time.monotonic()
    grundy = _guide(rules, top, limits)         # within the limits too (issue 31 item 13)
    if options.time_limit is not None:          # the search gets what the guide left
        options = options._replace(time_limit=max(1e-3, options.time_limit - (time.monotonic() - started)))
    tame = None
    if tame_leaves and rules.misere and not distance:
        reach = min(top, MAX_TAME_HEAP)
        tame = bytes(tame_table(rules, reach)) + bytes(top - reach)
    try:
        # a small position meets few positions (at most 2**stones multisets):
        # its table then stays small and costs no page faults
        stones = sum(piles)
        table = TranspositionTable(min(mb, MAX_MB), 1 << stones if stones <= 40 else 0)
    except MemoryError:
        raise SearchLimitError(f"no memory for a table of {mb:,} MB; give less (tt_mb)",
                               reason="memory") from None
    leaf = quotient_leaf(quotient) if quotient is not None and rules.misere and not distance else None
    search = Search(CoreRules(rules.misere, "any"), piles, node_limit=options.node_limit,
                    time_limit=options.time_limit, cancel=options.cancel,
                    progress=search_progress("tt", options.progress, table))
    try:
        score, heap, count, a, b, _ = splits.search(search, table, takes_all, leaves, parts, grundy_game,
                                                    grundy, distance, tame, etc, leaf=leaf)
    except MemoryError:
        abandon_search(search)
        raise SearchLimitError(f"the split search ran out of memory on {list(piles)[:10]}",
                               reason="memory", nodes=search.nodes, seconds=search.seconds) from None
    except BaseException:
        abandon_search(search)
        raise
    finish_search(search, "tt", piles, table)
    move = _move(piles, heap, count, a, b) if heap else None
    depth = splits.DIST_MATE - abs(score) if distance else 0
    return SplitResult(1 if score > 0 else -1, move, search.nodes, depth)
