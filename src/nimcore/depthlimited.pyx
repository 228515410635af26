"""Engine 5: depth-limited alpha-beta with the nim-sum evaluation (Lab 2, SPEC 3.5).

Runs the one negamax kernel (nimcore.negamax) under its cut-off policy,
searching `depth` moves below the root. As the Lab 2 report (`is_game_over`),
a position is over -- terminal wherever it is met, also at the cut-off -- when

    every pile is immovable     the mover wins under misere, loses under normal
    misere, one stick left      the mover must take it: a loss (sum 1, movable)

and scores +-2 (+-1 in the Lab's units). At the cut-off a non-terminal
position scores by its nim-sum: +1 for the mover if non-zero, else -1 (+-0.5);
under misere play with every pile at most 1 the nim-sum is the wrong rule and
the exact misere parity rule is used instead (the mover wins iff the number of
ones is even; the report "adapted the logic for misere when few sticks
remain"), scored +-2 as it is exact.

Tie-break at the root (Lab 2): among moves of equal value, the first in pile
order, then the smallest count.
"""

from nimcore.negamax cimport POLICY_CUT_OFF, KernelResult, kernel_search
from nimcore.search cimport Search


def search(Search search, int depth):
    """Depth-limited alpha-beta searching ``depth`` >= 1 moves below the root.

    Returns
    -------
    (score, pile, take) : tuple of int
        The root's scaled score for the mover (+-2 decided, +-1 by the nim-sum
        evaluation at the cut-off) and the chosen move (pile -1 when the root
        has no move). The node count is ``search.nodes``. Meaningless when
        ``search.stop_reason`` is not None.
    """
    cdef KernelResult r
    if depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth}")
    with nogil:
        kernel_search(&search.c_state, search.c_piles, search.c_n, POLICY_CUT_OFF, depth, &r)
    return r.value, r.pile, r.take
