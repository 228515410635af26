"""The one negamax kernel of engines 1, 2 and 5: minimax, alpha-beta, depth-limited alpha-beta.

One loop over explicit frames on the heap (no recursion: the C stack never
bounds a search), compiled once per policy and take rule (fused types), and
one dispatch (kernel_search) that picks the compiled loop from the run-time
policy and rule. The frames live in the Search's workspace
(nimcore.workspace), reserved before the loop and freed with the Search. The
policies:

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

from libc.stdint cimport uint64_t

from nimcore._types cimport count_t, pile_t, score_t
from nimcore.rules cimport (
    RuleSet, TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, TakeAnyTag, check_dispatch, TakeHalfTag, TakeMaxTag, TakeSetTag,
    TakeTag, rules_child, rules_move_count, rules_movable, rules_terminal_score,
)
from nimcore.search cimport (
    STOP_DEPTH, STOP_MEMORY, STOP_NONE, STOP_RULE, SearchState, search_checkpoint,
)
from nimcore.workspace cimport WS_FRAMES, ws_reserve

cdef extern from *:
    # Cython's own macro for __builtin_expect(x, 0)
    bint _unlikely "unlikely" (bint condition) noexcept nogil

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


cdef struct Frame:
    # One position being searched: where its move loop stands and its window.
    pile_t* piles        # its piles: the root's array, or &view for a one-pile view
    int n                # how many
    int i                # the pile whose takes are listed now
    int first            # set S: the first member of S that fits piles[i]
    pile_t p             # piles[i] before the move searched below this frame
    pile_t m             # legal takes from p
    pile_t j             # the next of them
    int movable          # piles with a legal move
    pile_t view          # the one movable pile of a one-pile view (here: within the first 64 bytes)
    uint64_t msum        # their sizes' sum (not the cut-off policy): of two, the other is msum - p
    score_t best         # best child value so far, from this frame's mover's side
    score_t alpha        # the window: the cut-off policy's only (see _better)
    score_t beta
    DlNode a             # the cut-off policy's summary of the position


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
    """Take v into best (and alpha); True when the node is cut off (v >= beta).

    Alpha-beta's window is (-1, +1) at every node: its values are +-1, so a v
    above alpha = -1 is +1 = beta, a cut-off, and alpha never moves. The loop
    therefore keeps that window as constants, and only the cut-off policy's
    moves and travels in the frames.
    """
    if v > best[0]:
        best[0] = v
        if Policy is not FullTreeTag:
            if v >= beta:
                return True
            if Policy is CutOffTag:
                if v > alpha[0]:
                    alpha[0] = v
    return False


cdef inline Frame* _frames(SearchState* s) noexcept nogil:
    return <Frame*>s.ws.buf[WS_FRAMES]


cdef int _reserve(SearchState* s, Py_ssize_t levels) noexcept nogil:
    """Room for `levels` frames; views made before a move of the buffer are re-pointed.

    Returns -1 (with STOP_MEMORY set) when out of memory.
    """
    cdef Frame* f = _frames(s)
    cdef Py_ssize_t k, had = <Py_ssize_t>(s.ws.nbytes[WS_FRAMES] // sizeof(Frame))
    cdef int grown
    # A one-pile view points into its own frame. Once realloc has moved the buffer,
    # a pointer into the old one may not even be compared (its value is indeterminate),
    # so the views are marked NULL before and re-pointed after.
    for k in range(had):
        if f[k].n == 1 and f[k].piles == &f[k].view:
            f[k].piles = NULL
    grown = ws_reserve(&s.ws, WS_FRAMES, <size_t>levels * sizeof(Frame))
    f = _frames(s)
    for k in range(had):
        if f[k].n == 1 and f[k].piles == NULL:
            f[k].piles = &f[k].view
    if grown != 0:
        s.stop = STOP_MEMORY
        return -1
    return 0


cdef inline bint _tick(SearchState* s, count_t* nodes, count_t* next_check, count_t k) noexcept nogil:
    """search_count_nodes on a counter held in locals: count k nodes; True when the search must stop."""
    nodes[0] += k
    if nodes[0] >= next_check[0]:
        s.nodes = nodes[0]
        if search_checkpoint(s) != STOP_NONE:
            return True
        next_check[0] = s.next_check
    return False


cdef inline bint _tick_rarely(SearchState* s, count_t* nodes, count_t* next_check, count_t k) noexcept nogil:
    """_tick, telling GCC that the checkpoint is rare: alpha-beta's loop then
    runs 10% more nodes per second (minimax's loses 5%: it keeps _tick)."""
    nodes[0] += k
    if _unlikely(nodes[0] >= next_check[0]):
        s.nodes = nodes[0]
        if search_checkpoint(s) != STOP_NONE:
            return True
        next_check[0] = s.next_check
    return False


cdef void _run(SearchState* s, pile_t* piles, int n, int cutoff, KernelResult* out,
               TakeTag tag, Policy policy) noexcept nogil:
    """The search: score the root's children in order and keep the first best one
    (Lab 2's tie-break for the cut-off policy); `cutoff` is the cut-off policy's depth.

    Frame 0 is the root. A child is valued in place when it can be (the game is
    over, cut off, or one pile is left whose moves all end the game); else a
    frame is opened for it, and its value comes back to the parent when its loop
    ends or is cut off. Every shortcut visits the nodes the recursive form did,
    in the same order.

    The running frame's fields are kept in locals (registers) and stored in
    its Frame only while a child's frame runs: pile_t fields in memory would
    have to be reloaded after every write to the piles (they may alias).
    """
    cdef Frame* f
    cdef Py_ssize_t d = 0, cap
    cdef count_t before = 0
    cdef DlNode b
    cdef score_t v = 0, leaf      # set on every path that reads it; GCC cannot see so
    cdef pile_t q, lone = 0, mq
    cdef int k, child_movable, child_depth, first2 = 0
    # the running frame
    cdef pile_t* fp = piles
    cdef int fn = n, fi = -1, first = 0, movable
    cdef pile_t p = 0, m = 0, j = 0
    cdef uint64_t msum = 0                    # wraps harmlessly: with two movable piles it is exact
    cdef score_t best = NO_SCORE, alpha = -1, beta = 1
    # the rules in a local copy: a write to the piles may alias s.rules (pile_t
    # fields), never a local whose address does not escape
    cdef RuleSet rules = s.rules
    cdef pile_t min_take = rules.min_take, leaf_parent_max = rules.leaf_parent_max
    cdef score_t terminal = rules_terminal_score(&rules)
    # the node counter in a register, stored back at checkpoints and on return
    cdef count_t nodes = s.nodes, next_check = s.next_check
    out.value = rules_terminal_score(&s.rules) * (DL_TERMINAL if Policy is CutOffTag else 1)
    out.pile = -1
    out.take = 0
    out.best_nodes = 0
    movable = rules_movable(&s.rules, piles, n)
    if movable == 0:
        return
    if Policy is CutOffTag:
        # the search goes cutoff - 1 levels below the root. A root with a move
        # is searched even when it is over (one stick left under misere): the
        # player still needs the move, and its value comes out.
        if cutoff - 1 >= s.max_depth:
            s.stop = STOP_DEPTH
            s.stop_depth = cutoff - 1
            return
        cap = cutoff + 1
        beta = DL_ABOVE
    else:
        cap = 64                  # grows with the game (_reserve)
    if _reserve(s, cap) != 0:
        return
    cap = <Py_ssize_t>(s.ws.nbytes[WS_FRAMES] // sizeof(Frame))
    f = _frames(s)
    f.piles = fp
    f.n = fn
    f.movable = movable
    f.beta = beta
    f.a.big = 0
    f.a.stones = 0
    f.a.x = 0
    for k in range(n):
        f.a.big += piles[k] > 1
        f.a.stones += piles[k]
        f.a.x ^= piles[k]
        if piles[k] >= min_take:
            msum += piles[k]
    f.msum = msum
    while True:
        # ---- the next child of the running frame, or its end
        while j >= m:
            fi += 1
            if fi >= fn:
                break
            if Policy is CutOffTag:
                if d == 0 and best == DL_TERMINAL:   # a win already: no later pile may replace it
                    break
            p = fp[fi]
            m = rules_move_count(&rules, p, &first, tag)
            j = 0
        if j >= m:
            # ---- the running frame is done: its value goes to its parent
            if _unlikely(d == 0):                 # the root: the search is over
                s.nodes = nodes
                return
            v = -best
            d -= 1
            f -= 1
            fp = f.piles
            fn = f.n
            fi = f.i
            first = f.first
            p = f.p
            m = f.m
            j = f.j
            movable = f.movable
            if Policy is not CutOffTag:
                msum = f.msum
            best = f.best
            if Policy is CutOffTag:
                alpha = f.alpha
                beta = f.beta
            fp[fi] = p                                # undo the move (a view changed nothing)
        else:
            q = rules_child(&rules, p, m, first, j, tag)
            j += 1
            if (_tick_rarely(s, &nodes, &next_check, 1) if Policy is PruneTag
                    else _tick(s, &nodes, &next_check, 1)):
                s.nodes = nodes
                return
            if _unlikely(d == 0):                 # the root: rare (alpha-beta 6% faster told so)
                before = nodes
                if Policy is CutOffTag:
                    alpha = best - 1                  # a value >= the best so far comes back exact
            # ---- value the child in place, or open a frame for it
            child_movable = movable - 1 + (q >= min_take)
            # the frame at d is d levels below the root (cut-off policy: cutoff - d above the cut-off)
            child_depth = cutoff - <int>d - 1 if Policy is CutOffTag else <int>d + 1
            if Policy is CutOffTag:
                _dl_child(s, &f.a, p, q, &b)
                if (child_movable == 0 or child_depth == 0
                        or (s.rules.misere and b.stones == 1)):      # over, or cut off
                    v = _dl_leaf(s, &b, child_movable)
                    child_movable = -1                # valued
            elif child_movable == 0:
                v = -terminal
                child_movable = -1
            elif child_movable == 1:
                # one movable pile left: this one, or the other one when this empties
                # (then this frame had two: their sum less this one)
                lone = q if q >= min_take else <pile_t>(msum - p)
                if lone <= leaf_parent_max:
                    # every move from it ends the game: its children, each worth
                    # `leaf` to its mover, are counted, not searched (with
                    # pruning it stops after the first that reaches its beta, -alpha)
                    leaf = -terminal
                    mq = rules_move_count(&rules, lone, &first2, tag)
                    if Policy is PruneTag:
                        if leaf >= -alpha:
                            mq = 1
                    if (_tick_rarely(s, &nodes, &next_check, mq) if Policy is PruneTag
                            else _tick(s, &nodes, &next_check, mq)):
                        s.nodes = nodes
                        return
                    v = -leaf
                    child_movable = -1
            if child_movable >= 0:
                if Policy is not CutOffTag:
                    if child_depth >= s.max_depth:
                        s.stop = STOP_DEPTH
                        s.stop_depth = child_depth
                        s.nodes = nodes
                        return
                # store what changed of the running frame (the rest was stored
                # when it opened), open the child's
                f.i = fi
                f.first = first
                f.p = p
                f.m = m
                f.j = j
                f.best = best
                if Policy is CutOffTag:
                    f.alpha = alpha
                if d + 1 >= cap:
                    if _reserve(s, 2 * cap) != 0:     # re-points the stored views
                        s.nodes = nodes
                        return
                    cap = <Py_ssize_t>(s.ws.nbytes[WS_FRAMES] // sizeof(Frame))
                    f = _frames(s) + d
                    fp = f.piles
                d += 1
                f += 1
                if Policy is not CutOffTag and child_movable == 1:
                    f.view = lone
                    fp = &f.view
                    fn = 1
                    msum = lone
                else:
                    if Policy is not CutOffTag:
                        msum = msum - p + (q if q >= min_take else 0)
                    fp[fi] = q
                    if Policy is CutOffTag:
                        f.a = b
                fi = -1
                m = 0
                j = 0
                movable = child_movable
                best = NO_SCORE
                if Policy is CutOffTag:
                    alpha, beta = -beta, -alpha
                f.piles = fp
                f.n = fn
                f.movable = movable
                f.msum = msum
                if Policy is CutOffTag:
                    f.beta = beta
                continue
        # ---- v, from the running frame's side, is the value of its child just searched
        if _unlikely(d == 0):
            # cut-off policy: equal within a pile means a smaller count (Lab 2)
            if v > best or (Policy is CutOffTag and v == best and fi == out.pile):
                out.pile = fi
                out.take = p - rules_child(&rules, p, m, first, j - 1, tag)
                out.best_nodes = nodes - before
            if _better(v, &best, &alpha, beta, policy):
                out.value = best
                s.nodes = nodes
                return
            out.value = best
        elif _better(v, &best, &alpha, beta, policy):
            j = m                                     # cut off: no more children
            fi = fn


cdef void _dispatch(SearchState* s, pile_t* piles, int n, int cutoff, KernelResult* out,
                    Policy policy) noexcept nogil:
    """The one run-time switch on the take rule, to the loop compiled for it."""
    cdef int take = s.rules.take
    if take == TAKE_ANY:
        _run(s, piles, n, cutoff, out, <TakeAnyTag>0, policy)
    elif take == TAKE_MAX:
        _run(s, piles, n, cutoff, out, <TakeMaxTag>0, policy)
    elif take == TAKE_HALF:
        _run(s, piles, n, cutoff, out, <TakeHalfTag>0, policy)
    elif take == TAKE_SET:
        _run(s, piles, n, cutoff, out, <TakeSetTag>0, policy)
    else:
        s.stop = STOP_RULE


cdef void kernel_search(SearchState* s, pile_t* piles, int n, int policy, int cutoff,
                        KernelResult* out) noexcept nogil:
    """Run the kernel under `policy` (a KernelPolicy).

    `cutoff` is the depth of the cut-off policy (>= 1; ignored by the others).
    `out` is meaningless when s.stop is set.
    """
    if policy == POLICY_FULL_TREE:
        _dispatch(s, piles, n, cutoff, out, <FullTreeTag>0)
    elif policy == POLICY_PRUNE:
        _dispatch(s, piles, n, cutoff, out, <PruneTag>0)
    else:
        _dispatch(s, piles, n, cutoff, out, <CutOffTag>0)


# the take rules this module's switches dispatch on, in TakeRule order (see nimcore.rules)
check_dispatch((TAKE_ANY, TAKE_MAX, TAKE_HALF, TAKE_SET), "negamax")
