"""Engines 1 and 2: plain minimax and alpha-beta, in negamax form.

Both visit children in the shared move generator's order and count every node
they visit, so the counts are those of the CENG 462 contract (SPEC 3.1):
minimax visits the whole tree; alpha-beta searches with the window (-1, +1),
the bounds of a game value, and cuts off on v >= beta (v <= alpha at MIN).

A child with no legal move is scored without a call (it is still counted):
the leaves are most of a Nim tree, and the call was most of their cost.
Positions with one movable pile take a lean path (_single_pile), and a pile
whose moves all end the game has its terminal children counted in place.
Every shortcut visits the same nodes in the same order: the tests compare
node counts with the pure-Python twins on every rule set.
"""

from nimcore._types cimport count_t, pile_t, score_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, RuleSet, TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag,
    TakeTag, rules_child, rules_move_count, rules_movable, rules_terminal_score,
)
from nimcore.search cimport (
    STOP_NONE, Search, SearchState, search_count_node, search_count_nodes, search_enter_thread,
    search_too_deep,
)

cdef enum:
    NO_SCORE = -2      # below every game value: "no child seen yet"


# Tags for the second compile-time specialisation: one negamax function serves
# both engines, and the pruning lines vanish from the minimax build.
ctypedef signed char FullTreeTag
ctypedef short PruneTag

ctypedef fused PruneMode:
    FullTreeTag
    PruneTag


cdef inline pile_t _other_movable(const SearchState* s, const pile_t* piles, int n,
                                  int skip) noexcept nogil:
    """Size of the movable pile other than piles[skip] (the caller knows there is one)."""
    cdef int k
    for k in range(n):
        if k != skip and piles[k] >= s.rules.min_take:
            return piles[k]
    return 0


cdef score_t _single_pile(SearchState* s, pile_t p, int depth, score_t alpha, score_t beta,
                          TakeTag tag, PruneMode mode) noexcept nogil:
    """Value for the mover of a position whose only movable pile holds p objects.

    Two thirds of a Nim tree's inner nodes have one movable pile: here they
    skip the scan over every pile and the writes to the piles array. The other
    piles cannot move (below the smallest take), so they add no children and
    the nodes visited, and their order, are those of _negamax.
    """
    cdef score_t best = NO_SCORE, v
    cdef score_t leaf = -rules_terminal_score(&s.rules)
    cdef pile_t q, m, j
    cdef int first = 0
    if search_too_deep(s, depth):
        return 0
    m = rules_move_count(&s.rules, p, &first, tag)
    for j in range(m):
        q = rules_child(&s.rules, p, m, first, j, tag)
        if search_count_node(s):
            return 0
        if q < s.rules.min_take:
            v = leaf
        else:
            v = _single_child(s, q, depth + 1, alpha, beta, tag, mode)
            if s.stop != STOP_NONE:
                return 0
        if v > best:
            best = v
            if PruneMode is PruneTag:
                if best >= beta:
                    return best
                if best > alpha:
                    alpha = best
    return best


cdef inline score_t _single_child(SearchState* s, pile_t q, int depth, score_t alpha,
                                  score_t beta, TakeTag tag, PruneMode mode) noexcept nogil:
    """Value, seen from the parent, of a child whose only movable pile holds q.

    When every move from q leaves an immovable pile, q's children are terminal,
    each worth `leaf` to q's mover: they are counted here instead of calling
    (alpha-beta at q stops after the first when that already reaches its beta,
    -alpha). Returns 0 with s.stop set when the search must stop.
    """
    cdef score_t leaf = -rules_terminal_score(&s.rules)
    cdef pile_t mq
    cdef int first = 0
    if q <= s.rules.leaf_parent_max:
        mq = rules_move_count(&s.rules, q, &first, tag)
        if PruneMode is PruneTag:
            if leaf >= -alpha:
                mq = 1
        if search_count_nodes(s, mq):
            return 0
        return -leaf
    return -_single_pile(s, q, depth, -beta, -alpha, tag, mode)


cdef score_t _negamax(SearchState* s, pile_t* piles, int n, int depth, int movable,
                      score_t alpha, score_t beta, TakeTag tag, PruneMode mode) noexcept nogil:
    """Value for the mover of a position with `movable` > 0 movable piles.

    With FullTreeTag this is plain minimax (alpha and beta are ignored).
    """
    cdef score_t best = NO_SCORE, v
    cdef score_t leaf = -rules_terminal_score(&s.rules)    # a terminal child, seen from here
    cdef pile_t p, q, m, j
    cdef int i, first = 0, child_movable
    if search_too_deep(s, depth):
        return 0
    for i in range(n):
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return 0
            child_movable = movable - 1 + (q >= s.rules.min_take)
            if child_movable == 0:
                v = leaf
            elif child_movable == 1:
                # one movable pile left: this one, or the other one when this empties
                v = _single_child(s, q if q >= s.rules.min_take else _other_movable(s, piles, n, i),
                                  depth + 1, alpha, beta, tag, mode)
                if s.stop != STOP_NONE:
                    return 0
            else:
                piles[i] = q
                v = -_negamax(s, piles, n, depth + 1, child_movable, -beta, -alpha, tag, mode)
                piles[i] = p
                if s.stop != STOP_NONE:
                    return 0
            if v > best:
                best = v
                if PruneMode is PruneTag:
                    if best >= beta:
                        return best
                    if best > alpha:
                        alpha = best
    return best


cdef struct RootResult:
    score_t value
    int pile             # index of the best move's pile; -1 when there is no move
    pile_t take          # objects the best move takes
    count_t best_nodes   # nodes below the position the best move leads to


cdef void _search_root(SearchState* s, pile_t* piles, int n, RootResult* out,
                       TakeTag tag, PruneMode mode) noexcept nogil:
    """Score the root's children in order and keep the first best one."""
    cdef score_t v, alpha = -1, beta = 1
    cdef score_t leaf = -rules_terminal_score(&s.rules)
    cdef pile_t p, q, m, j
    cdef int i, first = 0, child_movable
    cdef int movable = rules_movable(&s.rules, piles, n)
    cdef count_t before
    out.value = rules_terminal_score(&s.rules)
    out.pile = -1
    out.take = 0
    out.best_nodes = 0
    if movable == 0:
        return
    out.value = NO_SCORE
    for i in range(n):
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return
            before = s.nodes
            child_movable = movable - 1 + (q >= s.rules.min_take)
            if child_movable == 0:
                v = leaf
            else:
                piles[i] = q
                v = -_negamax(s, piles, n, 1, child_movable, -beta, -alpha, tag, mode)
                piles[i] = p
                if s.stop != STOP_NONE:
                    return
            if v > out.value:
                out.value = v
                out.pile = i
                out.take = p - q
                out.best_nodes = s.nodes - before
                if PruneMode is PruneTag:
                    if v >= beta:
                        return
                    if v > alpha:
                        alpha = v


cdef void _root_for_rule(SearchState* s, pile_t* piles, int n, RootResult* out,
                         PruneMode mode) noexcept nogil:
    """Dispatch on the take rule to the specialised search."""
    cdef int take = s.rules.take
    if take == TAKE_ANY:
        _search_root(s, piles, n, out, <TakeAnyTag>0, mode)
    elif take == TAKE_MAX:
        _search_root(s, piles, n, out, <TakeMaxTag>0, mode)
    elif take == TAKE_HALF:
        _search_root(s, piles, n, out, <TakeHalfTag>0, mode)
    else:
        _search_root(s, piles, n, out, <TakeSetTag>0, mode)


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
    cdef RootResult r
    cdef SearchState* s = &search.c_state
    with nogil:
        search_enter_thread(s)
        if pruning:
            _root_for_rule(s, search.c_piles, search.c_n, &r, <PruneTag>0)
        else:
            _root_for_rule(s, search.c_piles, search.c_n, &r, <FullTreeTag>0)
    return r.value, r.pile, r.take, r.best_nodes
