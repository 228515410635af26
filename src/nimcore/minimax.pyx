"""Engines 1 and 2: plain minimax and alpha-beta, in negamax form (SPEC 3.1, 3.2).

Both run the one negamax kernel (nimcore.negamax): children in the shared
move generator's order, every visited node counted, so the counts are those
of the CENG 462 contract. Minimax visits the whole tree; alpha-beta searches
with the window (-1, +1), the bounds of a game value, and cuts off on
v >= beta (v <= alpha at MIN).
"""

from nimcore.negamax cimport POLICY_FULL_TREE, POLICY_PRUNE, KernelResult, kernel_search
from nimcore.search cimport Search


def search(Search search, bint pruning):
    """Run minimax (``pruning=False``) or alpha-beta (``pruning=True``).

    Returns
    -------
    (value, pile, take, best_nodes) : tuple of int
        The root's value for the mover (+1/-1), the first best move (pile -1
        when there is no move) and the number of nodes below the position it
        leads to. The total node count is ``search.nodes``. All meaningless
        when ``search.stop_reason`` is not None.
    """
    cdef KernelResult r
    cdef int policy = POLICY_PRUNE if pruning else POLICY_FULL_TREE
    with nogil:
        kernel_search(&search.c_state, search.c_piles, search.c_n, policy, 0, &r)
    return r.value, r.pile, r.take, r.best_nodes
