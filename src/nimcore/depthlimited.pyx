"""Engine 5: depth-limited alpha-beta with the nim-sum evaluation (Lab 2).

Negamax alpha-beta over the shared move generator, searching `depth` moves
below the root. As the Lab 2 report (`is_game_over`), a position is over --
terminal wherever it is met, also at the cut-off -- when

    every pile is immovable     the mover wins under misere, loses under normal
    misere, one stick left      the mover must take it: a loss (sum 1, movable)

and scores +-2 (+-1 in the Lab's units). At the cut-off a non-terminal
position scores by its nim-sum: +1 for the mover if non-zero, else -1 (+-0.5);
under misere play with every pile at most 1 the nim-sum is the wrong rule and
the exact misere parity rule is used instead (the mover wins iff the number of
ones is even; the report "adapted the logic for misere when few sticks
remain"), scored +-2 as it is exact.

The nim-sum, the stones left and the number of piles above 1 are carried down
the tree incrementally (x ^ p ^ q per move).

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
from nimcore.search cimport (
    STOP_NONE, Search, SearchState, search_count_node, search_enter_thread, search_too_deep,
)

cdef enum:
    DL_TERMINAL = 2     # |score| of a decided position (over, or exact by the misere rule)
    DL_HEURISTIC = 1    # |score| of a cut-off by the nim-sum evaluation
    DL_NO_SCORE = -3    # below every score: "no child seen yet"
    DL_ABOVE = 3        # above every score: the open upper end of a window


cdef struct DlNode:
    # What the engine knows of a position without scanning its piles.
    int movable          # piles with a legal move
    int big              # piles of more than 1
    count_t stones       # objects left
    pile_t x             # nim-sum


cdef inline void _dl_child(const SearchState* s, const DlNode* a, pile_t p, pile_t q,
                           DlNode* b) noexcept nogil:
    """The node after a pile of p became q."""
    b.movable = a.movable - 1 + (q >= s.rules.min_take)
    b.big = a.big - (p > 1) + (q > 1)
    b.stones = a.stones - (p - q)
    b.x = a.x ^ p ^ q


cdef inline bint _dl_over(const SearchState* s, const DlNode* b) noexcept nogil:
    """True when the game is over at b (Lab 2's is_game_over, see the module doc)."""
    return b.movable == 0 or (s.rules.misere and b.stones == 1)


cdef inline score_t _dl_leaf(const SearchState* s, const DlNode* b) noexcept nogil:
    """Score, from the parent's side, of a child b that is over or cut off."""
    if b.movable == 0:
        return -DL_TERMINAL * rules_terminal_score(&s.rules)
    if s.rules.misere and b.big == 0:
        # piles of 0 and 1 only, some movable (so a take of 1 is legal): the
        # mover wins iff the ones are even; one stick left is the odd case
        return -DL_TERMINAL if b.x == 0 else DL_TERMINAL
    return -DL_HEURISTIC if b.x != 0 else DL_HEURISTIC


cdef score_t _dl_search(SearchState* s, pile_t* piles, int n, int remaining, const DlNode* a,
                        score_t alpha, score_t beta, TakeTag tag) noexcept nogil:
    """Score for the mover of a position a that is not over, with remaining > 0 moves to search."""
    cdef score_t best = DL_NO_SCORE, v
    cdef pile_t p, q, m, j
    cdef int i, first = 0
    cdef DlNode b
    for i in range(n):
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return 0
            _dl_child(s, a, p, q, &b)
            if remaining == 1 or _dl_over(s, &b):
                v = _dl_leaf(s, &b)
            else:
                piles[i] = q
                v = -_dl_search(s, piles, n, remaining - 1, &b, -beta, -alpha, tag)
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
    cdef pile_t p, q, m, j
    cdef int i, first = 0
    cdef DlNode a, b
    a.movable = rules_movable(&s.rules, piles, n)
    a.big = 0
    a.stones = 0
    a.x = 0
    for i in range(n):
        a.big += piles[i] > 1
        a.stones += piles[i]
        a.x ^= piles[i]
    out.value = DL_TERMINAL * rules_terminal_score(&s.rules)
    out.pile = -1
    out.take = 0
    if a.movable == 0:
        return
    if search_too_deep(s, depth - 1):    # the recursion goes depth - 1 levels below the root
        return
    # a root with a move is searched even when it is over (one stick left
    # under misere): the player still needs the move, and its value comes out
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
            _dl_child(s, &a, p, q, &b)
            if depth == 1 or _dl_over(s, &b):
                v = _dl_leaf(s, &b)
            else:
                piles[i] = q
                v = -_dl_search(s, piles, n, depth - 1, &b, -DL_ABOVE, -(out.value - 1), tag)
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
        evaluation at the cut-off) and the chosen move (pile -1 when the root has no move).
        The node count is ``search.nodes``. Meaningless when
        ``search.stop_reason`` is not None.
    """
    cdef DlResult r
    cdef SearchState* s = &search.c_state
    cdef int take = s.rules.take
    if depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth}")
    with nogil:
        search_enter_thread(s)
        if take == TAKE_ANY:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeAnyTag>0)
        elif take == TAKE_MAX:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeMaxTag>0)
        elif take == TAKE_HALF:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeHalfTag>0)
        else:
            _dl_root(s, search.c_piles, search.c_n, depth, &r, <TakeSetTag>0)
    return r.value, r.pile, r.take
