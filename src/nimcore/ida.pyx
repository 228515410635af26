"""Engine 4: IDA* (iterative-deepening A*), as the KUET report describes it.

A single-agent path search: from the root, find a path of moves to a position
with no move left, cost 1 per move, heuristic h = stones left. Each iteration
is a depth-first search, children in the shared move generator's order, that
prunes a node whose f = g + h exceeds the threshold; the threshold starts at
h(root) and, when an iteration finds no path, rises to the smallest f that
exceeded it. The engine returns the first move of the path found.

It ignores the opponent, so it is deliberately not game-optimal (Easy mode).

What this heuristic implies (and the tests check): every move costs 1 and
removes at least one stone, so along any path f = g + h never increases. No
node ever exceeds the first threshold h(root): the first iteration always
succeeds, with the depth-first search's first path -- from each position the
first child in generator order, i.e. the largest legal take from the first
movable pile. The nodes visited are exactly the path's positions (the root
is not counted). The general loop is kept, so the engine stays a faithful
IDA* if the heuristic or the costs ever change.
"""

from nimcore._types cimport count_t, pile_t, score_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag,
    TakeTag, rules_child, rules_move_count, rules_movable, rules_terminal_score,
)
from nimcore.search cimport STOP_DEPTH, STOP_NONE, Search, SearchState, search_count_node

cdef enum:
    IDA_FOUND = 1        # a path to a position with no move was found
    IDA_NOT_FOUND = 0    # every path exceeded the threshold (or the search stopped)

#: "No f exceeded the threshold yet": larger than any f of a real search.
cdef count_t IDA_INFINITY = <count_t>0xFFFFFFFFFFFFFFFF


cdef struct IdaState:
    count_t threshold    # this iteration's bound on f = g + h
    count_t next         # smallest f that exceeded the threshold in this iteration
    count_t path_length  # moves on the path found


cdef int _ida_dfs(SearchState* s, IdaState* st, pile_t* piles, int n, count_t g, count_t h,
                  int movable, TakeTag tag) noexcept nogil:
    """Depth-first search below a node at cost g with h stones left; IDA_FOUND or not."""
    cdef count_t f = g + h
    cdef pile_t p, q, m, j
    cdef int i, first = 0, found
    if f > st.threshold:
        if f < st.next:
            st.next = f
        return IDA_NOT_FOUND
    if movable == 0:
        st.path_length = g
        return IDA_FOUND
    if <count_t>s.max_depth <= g:
        s.stop = STOP_DEPTH
        return IDA_NOT_FOUND
    for i in range(n):
        p = piles[i]
        m = rules_move_count(&s.rules, p, &first, tag)
        for j in range(m):
            q = rules_child(&s.rules, p, m, first, j, tag)
            if search_count_node(s):
                return IDA_NOT_FOUND
            piles[i] = q
            found = _ida_dfs(s, st, piles, n, g + 1, h - (p - q),
                             movable - 1 + (q >= s.rules.min_take), tag)
            piles[i] = p
            if found or s.stop != STOP_NONE:
                return found
    return IDA_NOT_FOUND


cdef struct IdaResult:
    int pile             # the path's first move: pile index (-1: no move at the root)
    pile_t take          # and objects taken
    count_t path_length  # moves on the path found
    count_t iterations   # depth-first searches run
    count_t threshold    # the threshold of the last iteration


cdef void _ida_root(SearchState* s, pile_t* piles, int n, IdaResult* out,
                    TakeTag tag) noexcept nogil:
    cdef IdaState st
    cdef count_t h = 0
    cdef pile_t p, q, m, j
    cdef int i, first = 0, found = IDA_NOT_FOUND
    cdef int movable = rules_movable(&s.rules, piles, n)
    for i in range(n):
        h += piles[i]
    out.pile = -1
    out.take = 0
    out.path_length = 0
    out.iterations = 0
    out.threshold = h
    if movable == 0:            # the first iteration finds the root is a goal
        out.iterations = 1
        return
    st.threshold = h
    while True:
        out.iterations += 1
        out.threshold = st.threshold
        st.next = IDA_INFINITY
        # the root's children, so that the first move of the path is known
        for i in range(n):
            p = piles[i]
            m = rules_move_count(&s.rules, p, &first, tag)
            for j in range(m):
                q = rules_child(&s.rules, p, m, first, j, tag)
                if search_count_node(s):
                    return
                piles[i] = q
                found = _ida_dfs(s, &st, piles, n, 1, h - (p - q),
                                 movable - 1 + (q >= s.rules.min_take), tag)
                piles[i] = p
                if s.stop != STOP_NONE:
                    return
                if found:
                    out.pile = i
                    out.take = p - q
                    out.path_length = st.path_length
                    return
        if st.next == IDA_INFINITY:     # cannot happen: every path ends somewhere
            return
        st.threshold = st.next


def search(Search search):
    """Run IDA* on the search's piles.

    Returns
    -------
    (value, pile, take, path_length, iterations, threshold) : tuple of int
        ``value`` is the outcome, for the player to move, of the path found if
        both sides followed it (+1: the mover would make the decisive last
        move), NOT the game value. ``pile`` is -1 when the root has no move.
        The node count is ``search.nodes``. All meaningless when
        ``search.stop_reason`` is not None.
    """
    cdef IdaResult r
    cdef SearchState* s = &search.c_state
    cdef int take = s.rules.take
    cdef score_t value
    with nogil:
        if take == TAKE_ANY:
            _ida_root(s, search.c_piles, search.c_n, &r, <TakeAnyTag>0)
        elif take == TAKE_MAX:
            _ida_root(s, search.c_piles, search.c_n, &r, <TakeMaxTag>0)
        elif take == TAKE_HALF:
            _ida_root(s, search.c_piles, search.c_n, &r, <TakeHalfTag>0)
        else:
            _ida_root(s, search.c_piles, search.c_n, &r, <TakeSetTag>0)
    # The mover makes the path's moves 1, 3, 5, ...; the player left without a
    # move after the last one gets rules_terminal_score.
    value = rules_terminal_score(&s.rules)
    if r.path_length % 2 == 1:
        value = -value
    return value, r.pile, r.take, r.path_length, r.iterations, r.threshold
