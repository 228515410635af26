"""The one negamax kernel of engines 1, 2 and 5: minimax, alpha-beta, depth-limited alpha-beta.

One move loop, one child step, one root, compiled once per policy and take
rule (fused types), and one dispatch table (ROOTS) that picks the compiled
root from the run-time policy and rule. The policies:

    FullTreeTag  minimax: every node, no window (SPEC 3.1's exact counts)
    PruneTag     alpha-beta with the window (-1, +1): cuts off on v >= beta
    CutOffTag    Lab 2's depth-limited alpha-beta (see below)

Scores are from the mover's side: +-1 for minimax and alpha-beta; for the
cut-off policy +-2 (the Lab's +-1) for a decided position and +-1 (the Lab's
+-0.5) for the nim-sum evaluation.

Minimax and alpha-beta visit children in the shared generator's order and
count every node, so the counts are those of the CENG 462 contract. A child
with no legal move is scored without a call (it is still counted); a child
with one movable pile is searched through a one-pile view of the position
(no scan over the other piles, which cannot move and add no children), and
when every move from that pile ends the game its children are counted in
place. Every shortcut visits the same nodes in the same order: the tests
compare node counts with the pure-Python twins on every rule set.

Depth-limited (Lab 2, SPEC 3.5): the game is over, wherever met, when every
pile is immovable (the mover wins under misere, loses under normal play) or,
under misere, when one stick is left (the mover loses). At the cut-off a
position scores by its nim-sum, except under misere with every pile at most 1,
where the exact parity rule decides. The nim-sum, stones left and piles above
1 are carried down incrementally. Root tie-break: among equal moves the first
pile, then the smallest count; each root child is searched with the window
(best - 1, +3), so a value >= best comes back exact.
"""

from nimcore._types cimport count_t, pile_t, score_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag,
    TakeTag, rules_child, rules_move_count, rules_movable, rules_terminal_score,
)
from nimcore.search cimport (
    STOP_NONE, SearchState, search_count_node, search_count_nodes, search_enter_thread,
    search_too_deep,
)

cdef enum:
    NO_SCORE = -3       # below every score: "no child seen yet"
    DL_TERMINAL = 2     # cut-off policy: |score| of a decided position
    DL_HEURISTIC = 1    # cut-off policy: |score| of the nim-sum evaluation
    DL_ABOVE = 3        # cut-off policy: above every score, the open end of a window


# The policies: distinct C types, whose values are never read.
ctypedef signed char FullTreeTag
ctypedef short PruneTag
ctypedef int CutOffTag

ctypedef fused Policy:
    FullTreeTag
    PruneTag
    CutOffTag


cdef inline pile_t _other_movable(const SearchState* s, const pile_t* piles, int n,
                                  int skip) noexcept nogil:
    """Size of the movable pile other than piles[skip] (the caller knows there is one)."""
    cdef int k
    for k in range(n):
        if k != skip and piles[k] >= s.rules.min_take:
            return piles[k]
    return 0


cdef inline void _dl_child(const SearchState* s, const DlNode* a, pile_t p, pile_t q,
                           DlNode* b) noexcept nogil:
    """The cut-off policy's summary of the child where a pile of p became q."""
    b.big = a.big - (p > 1) + (q > 1)
    b.stones = a.stones - (p - q)
    b.x = a.x ^ p ^ q


cdef inline score_t _dl_leaf(const SearchState* s, const DlNode* b, int movable) noexcept nogil:
    """Score, from the parent's side, of a child that is over or at the cut-off."""
    if movable == 0:
        return -DL_TERMINAL * rules_terminal_score(&s.rules)
    if s.rules.misere and b.big == 0:
        # piles of 0 and 1 only, some movable (a take of 1 is legal): the mover
        # wins iff the ones are even; one stick left is the odd case
        return -DL_TERMINAL if b.x == 0 else DL_TERMINAL
    return -DL_HEURISTIC if b.x != 0 else DL_HEURISTIC


cdef inline bint _better(score_t v, score_t* best, score_t* alpha, score_t beta,
                         Policy policy) noexcept nogil:
    """Take v into best (and alpha); True when the node is cut off (v >= beta)."""
    if v > best[0]:
        best[0] = v
        if Policy is not FullTreeTag:
            if v >= beta:
                return True
            if v > alpha[0]:
                alpha[0] = v
    return False


cdef inline score_t _lone_pile(SearchState* s, pile_t q, int depth, score_t alpha, score_t beta,
                               TakeTag tag, Policy policy) noexcept nogil:
    """Value, from the parent's side, of a child whose only movable pile holds q.

    When every move from q leaves it immovable, q's children are terminal,
    each worth `leaf` to q's mover: they are counted here instead of searched
    (with pruning q stops after the first when that reaches its beta, -alpha).
    Else q is searched as a one-pile position. Returns 0 with s.stop set when
    the search must stop.
    """
    cdef score_t leaf = -rules_terminal_score(&s.rules)
    cdef pile_t mq, view = q
    cdef int first = 0
    if q <= s.rules.leaf_parent_max:
        mq = rules_move_count(&s.rules, q, &first, tag)
        if Policy is PruneTag:
            if leaf >= -alpha:
                mq = 1
        if search_count_nodes(s, mq):
            return 0
        return -leaf
    return -_negamax(s, &view, 1, depth, 1, NULL, -beta, -alpha, tag, policy)


cdef inline score_t _child(SearchState* s, pile_t* piles, int n, int i, pile_t p, pile_t q,
                           int depth, int movable, const DlNode* a, score_t alpha, score_t beta,
                           TakeTag tag, Policy policy) noexcept nogil:
    """Value, from the parent's side, of the child where piles[i] went from p to q.

    `depth` and `movable` are the parent's; for the cut-off policy `depth`
    counts the levels left to the cut-off instead (down to 1), a variable
    less to carry. Returns 0 with s.stop set when the search must stop.
    """
    cdef int child_movable = movable - 1 + (q >= s.rules.min_take)
    cdef int child_depth = depth - 1 if Policy is CutOffTag else depth + 1
    cdef score_t v
    cdef DlNode b
    if Policy is CutOffTag:
        _dl_child(s, a, p, q, &b)
        if (child_movable == 0 or child_depth == 0
                or (s.rules.misere and b.stones == 1)):      # over, or cut off
            return _dl_leaf(s, &b, child_movable)
    elif child_movable == 0:
        return -rules_terminal_score(&s.rules)
    elif child_movable == 1:
        # one movable pile left: this one, or the other one when this empties
        return _lone_pile(s, q if q >= s.rules.min_take else _other_movable(s, piles, n, i),
                          child_depth, alpha, beta, tag, policy)
    piles[i] = q
    v = -_negamax(s, piles, n, child_depth, child_movable, &b, -beta, -alpha, tag, policy)
    piles[i] = p
    return v


cdef score_t _negamax(SearchState* s, pile_t* piles, int n, int depth, int movable,
                      const DlNode* a, score_t alpha, score_t beta, TakeTag tag,
                      Policy policy) noexcept nogil:
    """Value for the mover of a position with `movable` > 0 movable piles, `depth` below the root
    (for the cut-off policy: `depth` levels above the cut-off).

    `a` summarises the position for the cut-off policy (unused, may be NULL,
    for the others). With FullTreeTag, alpha and beta are ignored.
    """
    cdef score_t best = NO_SCORE, v
    cdef pile_t p, q, m, j
    cdef int i, first = 0
    if Policy is not CutOffTag:      # the cut-off policy's depth was checked at the root
        if search_too_deep(s, depth):
            return 0
    for i in range(n):
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return 0
            v = _child(s, piles, n, i, p, q, depth, movable, a, alpha, beta, tag, policy)
            if s.stop != STOP_NONE:
                return 0
            if _better(v, &best, &alpha, beta, policy):
                return best
    return best


cdef void _root(SearchState* s, pile_t* piles, int n, int cutoff, KernelResult* out,
                TakeTag tag, Policy policy) noexcept nogil:
    """Score the root's children in order and keep the first best one (Lab 2's tie-break
    for the cut-off policy); `cutoff` is the cut-off policy's depth."""
    cdef score_t v, alpha = -1, beta = 1
    cdef pile_t p, q, m, j
    cdef int i, first = 0
    cdef int movable = rules_movable(&s.rules, piles, n)
    cdef count_t before
    cdef DlNode a
    a.big = 0
    a.stones = 0
    a.x = 0
    for i in range(n):
        a.big += piles[i] > 1
        a.stones += piles[i]
        a.x ^= piles[i]
    out.value = rules_terminal_score(&s.rules) * (DL_TERMINAL if Policy is CutOffTag else 1)
    out.pile = -1
    out.take = 0
    out.best_nodes = 0
    if movable == 0:
        return
    if Policy is CutOffTag:
        # the recursion goes cutoff - 1 levels below the root. A root with a
        # move is searched even when it is over (one stick left under misere):
        # the player still needs the move, and its value comes out.
        if search_too_deep(s, cutoff - 1):
            return
        beta = DL_ABOVE
    out.value = NO_SCORE
    for i in range(n):
        if Policy is CutOffTag:
            if out.value == DL_TERMINAL:    # a win already: no later pile may replace it
                return
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return
            before = s.nodes
            if Policy is CutOffTag:
                alpha = out.value - 1       # a value >= the best so far comes back exact
            v = _child(s, piles, n, i, p, q, cutoff if Policy is CutOffTag else 0, movable, &a,
                       alpha, beta, tag, policy)
            if s.stop != STOP_NONE:
                return
            # cut-off policy: equal within a pile means a smaller count (Lab 2)
            if v > out.value or (Policy is CutOffTag and v == out.value and i == out.pile):
                out.pile = i
                out.take = p - q
                out.best_nodes = s.nodes - before
            if _better(v, &out.value, &alpha, beta, policy):
                return


cdef void _dispatch(SearchState* s, pile_t* piles, int n, int cutoff, KernelResult* out,
                    Policy policy) noexcept nogil:
    """The one run-time switch on the take rule, to the root compiled for it."""
    cdef int take = s.rules.take
    if take == TAKE_ANY:
        _root(s, piles, n, cutoff, out, <TakeAnyTag>0, policy)
    elif take == TAKE_MAX:
        _root(s, piles, n, cutoff, out, <TakeMaxTag>0, policy)
    elif take == TAKE_HALF:
        _root(s, piles, n, cutoff, out, <TakeHalfTag>0, policy)
    else:
        _root(s, piles, n, cutoff, out, <TakeSetTag>0, policy)


cdef void kernel_search(SearchState* s, pile_t* piles, int n, int policy, int cutoff,
                        KernelResult* out) noexcept nogil:
    """Run the kernel under `policy` (a KernelPolicy) from the calling thread.

    `cutoff` is the depth of the cut-off policy (>= 1; ignored by the others).
    `out` is meaningless when s.stop is set.
    """
    search_enter_thread(s)
    if policy == POLICY_FULL_TREE:
        _dispatch(s, piles, n, cutoff, out, <FullTreeTag>0)
    elif policy == POLICY_PRUNE:
        _dispatch(s, piles, n, cutoff, out, <PruneTag>0)
    else:
        _dispatch(s, piles, n, cutoff, out, <CutOffTag>0)
