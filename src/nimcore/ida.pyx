"""Engine 4: IDA* (iterative-deepening A*), as the KUET report describes it.

A single-agent path search: from the root, find a path of moves to a position
with no move left, cost 1 per move, heuristic h = stones left. Each iteration
is a depth-first search that prunes a node whose f = g + h exceeds the
threshold; the threshold starts at h(root) and, when an iteration finds no
path, rises to the smallest f that exceeded it. Children come in the report's
order: piles left to right, and from each pile the takes in increasing order
(1, 2, ... up to the rule's largest take; `set S`: its members ascending),
i.e. the shared move generator's order with each pile's takes reversed. The
engine returns the first move of the path found.

It ignores the opponent, so it is deliberately not game-optimal (Easy mode).

What this heuristic implies (and the tests check): every move costs 1 and
removes at least one stone, so along any path f = g + h never increases. No
node ever exceeds the first threshold h(root): the first iteration always
succeeds, with the depth-first search's first path -- from each position the
smallest legal take from the first movable pile. Under `any` and `max K` that
path takes one stone at a time, so it is as long as the stones on the board.
The nodes visited are exactly the path's positions (the root is not counted).
The general loop is kept, so the engine stays a faithful IDA* if the
heuristic or the costs ever change.

The C stack: a path can be millions of moves long, so the depth-first search
is iterative, over an explicit stack of frames on the heap (doubling as the
path grows, 24 bytes a move), up to MAX_PATH moves; a longer path stops the
search with the reason "depth".
"""

from nimcore._types cimport count_t, pile_t, score_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, TakeAnyTag, check_dispatch, TakeHalfTag, TakeMaxTag, TakeSetTag,
    TakeTag, rules_child, rules_move_count, rules_movable, rules_terminal_score,
)
from nimcore.search cimport (
    STOP_DEPTH, STOP_MEMORY, STOP_NONE, STOP_RULE, Search, SearchState, search_checkpoint, search_count_node,
)
from nimcore.workspace cimport WS_FRAMES, ws_grow, ws_reserve

cdef enum:
    _MAX_PATH = 1 << 22     # see MAX_PATH
    _FIRST_FRAMES = 256     # doubles as the path gets longer
    _SCAN_CHECK = 1 << 22   # piles looked at between checkpoints: a few ms

#: Longest path the engine follows (its frame stack then holds 96 MB); a longer
#: one stops the search with the reason "depth". KUET Easy on 10000 10000 10000
#: needs 30,000.
MAX_PATH = _MAX_PATH

#: "No f exceeded the threshold yet": larger than any f of a real search.
cdef count_t IDA_INFINITY = <count_t>0xFFFFFFFFFFFFFFFF


cdef struct IdaFrame:
    # One position on the current path and where its child loop stands.
    int i                # pile whose takes are being tried (-1: none yet)
    int first            # set S: rules_move_count's `first` for that pile
    pile_t p             # that pile's size in this position
    pile_t m             # its legal takes
    pile_t j             # takes of it not tried yet: the next is child j - 1
    pile_t q             # the pile's size in the child searched below (while one is)
    int lo               # piles before it cannot move here (nor anywhere below: piles only shrink)


cdef struct IdaResult:
    int pile             # the path's first move: pile index (-1: no move at the root)
    pile_t take          # and objects taken
    count_t path_length  # moves on the path found
    count_t iterations   # depth-first searches run
    count_t threshold    # the threshold of the last iteration


cdef bint _ida_iteration(SearchState* s, pile_t* piles, int n, count_t threshold,
                         count_t* next_threshold, IdaFrame** frames, size_t* cap,
                         count_t h, int movable, IdaResult* out, TakeTag tag) noexcept nogil:
    """One depth-first search below the root (which has a move) with f bounded by threshold.

    Returns True when a path was found (``out`` then holds its first move and
    length). Lowers *next_threshold to the smallest f above the threshold.
    The piles are restored on every return; on a stop, s.stop is set.
    """
    cdef IdaFrame* f
    cdef size_t depth = 0, k
    cdef pile_t q
    cdef count_t child_h, child_f
    cdef int child_movable
    cdef bint found = False
    cdef count_t scanned = 0
    cdef int lo = 0
    while lo < n and piles[lo] < s.rules.min_take:
        lo += 1
    f = &frames[0][0]
    f.lo = lo
    f.i = lo - 1
    f.j = 0
    while True:
        # the next pile with an untried take
        while f.j == 0 and f.i < n:
            f.i += 1
            if f.i < n:
                f.p = piles[f.i]
                f.m = rules_move_count(&s.rules, f.p, &f.first, tag)
                f.j = f.m
            # piles passed over are work no node counts (before `lo`, 200,000 piles of 1
            # made 2 * 10**10 of them): they bring the clock, Ctrl-C and cancel in too
            scanned += 1
            if scanned == _SCAN_CHECK:
                scanned = 0
                if search_checkpoint(s) != STOP_NONE:
                    break
        if s.stop != STOP_NONE:
            break
        if f.i == n:
            # every child tried: back to the parent, which resumes after this child
            if depth == 0:
                break
            depth -= 1
            f = &frames[0][depth]
            piles[f.i] = f.p
            h += f.p - f.q
            movable += 1 - (f.q >= s.rules.min_take)
            continue
        f.j -= 1                # the generator lists takes largest first: walk it backwards
        q = rules_child(&s.rules, f.p, f.m, f.first, f.j, tag)
        if search_count_node(s):
            break
        child_h = h - (f.p - q)
        child_f = depth + 1 + child_h
        child_movable = movable - 1 + (q >= s.rules.min_take)
        if child_f > threshold:
            if child_f < next_threshold[0]:
                next_threshold[0] = child_f
            continue
        if child_movable == 0:
            found = True
            out.path_length = depth + 1
            out.pile = frames[0][0].i
            out.take = frames[0][0].p - (frames[0][0].q if depth > 0 else q)
            break
        # descend into the child
        if depth + 1 >= <size_t>_MAX_PATH:
            s.stop = STOP_DEPTH
            break
        if depth + 1 >= cap[0]:
            if ws_grow(&s.ws, WS_FRAMES, sizeof(IdaFrame), cap, _MAX_PATH) != 0:
                s.stop = STOP_MEMORY     # not the bound: a path that long stopped above
                break
            frames[0] = <IdaFrame*>s.ws.buf[WS_FRAMES]
            f = &frames[0][depth]
        f.q = q
        piles[f.i] = q
        h = child_h
        movable = child_movable
        # the child's first pile that may move: past this one when it just stopped moving,
        # so a path down 200,000 piles of 1 does not pass over the emptied ones again and again
        lo = f.lo
        if f.i == lo and q < s.rules.min_take:
            lo += 1
            while lo < n and piles[lo] < s.rules.min_take:
                lo += 1
        depth += 1
        f = &frames[0][depth]
        f.lo = lo
        f.i = lo - 1
        f.j = 0
    # restore the piles changed along the path, deepest first
    k = depth
    while k > 0:
        k -= 1
        piles[frames[0][k].i] = frames[0][k].p
    return found


cdef void _ida_root(SearchState* s, pile_t* piles, int n, IdaResult* out,
                    TakeTag tag) noexcept nogil:
    cdef count_t h = 0, threshold, next_threshold
    cdef int i
    cdef int movable = rules_movable(&s.rules, piles, n)
    cdef size_t cap = _FIRST_FRAMES
    cdef IdaFrame* frames
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
    # the path's frames live in the Search's workspace (grown there, freed with it)
    if ws_reserve(&s.ws, WS_FRAMES, cap * sizeof(IdaFrame)) != 0:
        s.stop = STOP_MEMORY
        return
    frames = <IdaFrame*>s.ws.buf[WS_FRAMES]
    threshold = h
    while True:
        out.iterations += 1
        out.threshold = threshold
        next_threshold = IDA_INFINITY
        if _ida_iteration(s, piles, n, threshold, &next_threshold, &frames, &cap, h, movable,
                          out, tag):
            break
        if s.stop != STOP_NONE or next_threshold == IDA_INFINITY:
            break               # (no f above the threshold cannot happen: every path ends)
        threshold = next_threshold


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
        elif take == TAKE_SET:
            _ida_root(s, search.c_piles, search.c_n, &r, <TakeSetTag>0)
        else:
            s.stop = STOP_RULE
    # The mover makes the path's moves 1, 3, 5, ...; the player left without a
    # move after the last one gets rules_terminal_score.
    value = rules_terminal_score(&s.rules)
    if r.path_length % 2 == 1:
        value = -value
    return value, r.pile, r.take, r.path_length, r.iterations, r.threshold


# the take rules this module's switches dispatch on, in TakeRule order (see nimcore.rules)
check_dispatch((TAKE_ANY, TAKE_MAX, TAKE_HALF, TAKE_SET), "ida")
