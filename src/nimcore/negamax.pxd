# The one negamax kernel of minimax, alpha-beta and depth-limited alpha-beta
# (nimcore/negamax.pyx); the engine modules call kernel_search.

from nimcore._types cimport count_t, pile_t, score_t
from nimcore.search cimport SearchState

cdef enum KernelPolicy:
    POLICY_FULL_TREE = 0    # minimax: every node
    POLICY_PRUNE = 1        # alpha-beta, window (-1, +1)
    POLICY_CUT_OFF = 2      # Lab 2's depth-limited alpha-beta with the nim-sum evaluation

cdef struct DlNode:
    # What the cut-off policy knows of a position without scanning its piles.
    int big              # piles of more than 1
    count_t stones       # objects left
    pile_t x             # nim-sum

cdef struct KernelResult:
    score_t value        # the root's score for the mover
    int pile             # the chosen move's pile (-1: no move at the root)
    pile_t take          # objects it takes
    count_t best_nodes   # nodes below the position the chosen move leads to

cdef void kernel_search(SearchState* s, pile_t* piles, int n, int policy, int cutoff,
                        KernelResult* out) noexcept nogil
