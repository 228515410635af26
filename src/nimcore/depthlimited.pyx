"""Engine 5: depth-limited alpha-beta with the nim-sum evaluation (Lab 2).

Negamax alpha-beta over the shared move generator, searching `depth` moves
below the root. Scores are scaled integers, from the mover's side:

    a position with no move       +-2  (+1 in the Lab's units; misere aware:
                                        the mover of a terminal position wins
                                        under misere play, loses under normal)
    a cut-off, non-terminal one   +1 if its nim-sum is non-zero, else -1 (+-0.5)

The nim-sum is carried down the tree incrementally (x ^ p ^ q per move).

Tie-break at the root (Lab 2): among moves of equal value, the first in pile
order, then the smallest count. The generator lists a pile's takes largest
first, so a later move of the same pile with an equal value replaces the
best one; a later pile's never does. To know "equal" exactly, each root child
is searched with the window (best - 1, +3): a value >= best comes back exact.
"""

from nimcore._types cimport count_t, pile_t, score_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag,
    TakeTag, rules_child, rules_move_count, rules_movable, rules_terminal_score,
)
from nimcore.search cimport STOP_DEPTH, STOP_NONE, Search, SearchState, search_count_node

cdef enum:
    DL_TERMINAL = 2     # |score| of a position with no move
    DL_HEURISTIC = 1    # |score| of a cut-off by the nim-sum evaluation
    DL_NO_SCORE = -3    # below every score: "no child seen yet"
    DL_ABOVE = 3        # above every score: the open upper end of a window


cdef inline score_t _dl_leaf(const SearchState* s, int child_movable, pile_t x) noexcept nogil:
    """Score, from the parent's side, of a child that is terminal or cut off."""
    if child_movable == 0:
        return -DL_TERMINAL * rules_terminal_score(&s.rules)
    return -DL_HEURISTIC if x != 0 else DL_HEURISTIC


cdef score_t _dl_search(SearchState* s, pile_t* piles, int n, int remaining, int movable,
                        pile_t x, score_t alpha, score_t beta, TakeTag tag) noexcept nogil:
    """Score for the mover of a position with movable > 0 and remaining > 0 moves to search."""
    cdef score_t best = DL_NO_SCORE, v
    cdef pile_t p, q, m, j, y
    cdef int i, first = 0, child_movable
    for i in range(n):
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return 0
            child_movable = movable - 1 + (q >= s.rules.min_take)
            y = x ^ p ^ q
            if child_movable == 0 or remaining == 1:
                v = _dl_leaf(s, child_movable, y)
            else:
                piles[i] = q
                v = -_dl_search(s, piles, n, remaining - 1, child_movable, y, -beta, -alpha, tag)
                piles[i] = p
                if s.stop != STOP_NONE:
                    return 0
            if v > best:
                best = v
                if best >= beta:
                    return best
                if best > alpha:
                    alpha = best
    return best


cdef struct DlResult:
    score_t value        # scaled score of the root (see the module docstring)
    int pile             # the chosen move's pile (-1: no move at the root)
    pile_t take


cdef void _dl_root(SearchState* s, pile_t* piles, int n, int depth, DlResult* out,
                   TakeTag tag) noexcept nogil:
    cdef score_t v
    cdef pile_t p, q, m, j, y, x = 0
    cdef int i, first = 0, child_movable
    cdef int movable = rules_movable(&s.rules, piles, n)
    for i in range(n):
        x ^= piles[i]
    out.value = DL_TERMINAL * rules_terminal_score(&s.rules)
    out.pile = -1
    out.take = 0
    if movable == 0:
        return
    if depth > s.max_depth:
        s.stop = STOP_DEPTH
        return
    out.value = DL_NO_SCORE
    for i in range(n):
        if out.value == DL_TERMINAL:    # a win already: no later pile may replace it
            return
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return
            child_movable = movable - 1 + (q >= s.rules.min_take)
            y = x ^ p ^ q
            if child_movable == 0 or depth == 1:
                v = _dl_leaf(s, child_movable, y)
            else:
                piles[i] = q
                v = -_dl_search(s, piles, n, depth - 1, child_movable, y,
                                -DL_ABOVE, -(out.value - 1), tag)
                piles[i] = p
                if s.stop != STOP_NONE:
                    return
            # v >= out.value is exact; equal within a pile means a smaller count
            if v > out.value or (v == out.value and i == out.pile):
                out.value = v
                out.pile = i
                out.take = p - q


def search(Search search, int depth):
    """Depth-limited alpha-beta searching ``depth`` >= 1 moves below the root.

    Returns
    -------
    (score, pile, take) : tuple of int
        The root's scaled score for the mover (+-2 decided, +-1 by the nim-sum
        evaluation) and the chosen move (pile -1 when the root has no move).
        The node count is ``search.nodes``. Meaningless when
        ``search.stop_reason`` is not None.
    """
    cdef DlResult r
    cdef SearchState* s = &search.c_state
    cdef int take = s.rules.take
    if depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth}")
    with nogil:
        if take == TAKE_ANY:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeAnyTag>0)
        elif take == TAKE_MAX:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeMaxTag>0)
        elif take == TAKE_HALF:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeHalfTag>0)
        else:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeSetTag>0)
    return r.value, r.pile, r.take
