"""Engine 3: negamax alpha-beta with a transposition table (the `tt` engine).

The search runs on CANONICAL positions: the piles that can still move (size >=
min_take), sorted ascending. Dropping the others is exact: a pile smaller than
the smallest legal take can never be touched by any move, so it changes
neither the moves nor who is left without one. Permutations therefore share
table entries, and of several equal piles only the first is moved.

Values are +1 / -1 and the window is always (-1, +1), so every result is exact
(a cut-off happens only on a winning child, which makes the value +1 exactly):
the table stores exact values, no bounds, and a hit ends the node at once --
so "the table's move first" never arises: a position found in the table is not
searched again. The stored move is the best move, returned at the root. In
`distance` mode (nim.analyze) the score is +-(DIST_MATE - remoteness) -- the
winner hurrying, the loser delaying -- and no child is pruned (except after a
win in one move), so it is exact too.

What is probed and stored: positions the guide (below) predicts LOST, whose
proof needs every move. A position predicted won is proved by its guided move,
whose lost child is what the table holds, so probing it would cost a cache miss
for nothing: misère max 3 [28,28,2,3,3,12,27,6,24,26] then stores 0.4 million
positions instead of 3.1 million, in less time (at 15-17 million nodes per
second rather than 5). Should the guide ever be wrong
(its move does not win), the search falls back to probing and storing every
position. In distance mode every position is probed and stored.

Move ordering: a theory-guided move first, then the shared move generator's
order. The guide is nimcore.theory's winning move (theory_target and
theory_option on the Grundy summary kept up to date below): in normal play
the move to Grundy sum 0 (Sprague-Grundy), in misère play the tame rule of
THEORY.md -- lost iff every Grundy value is <= 1 and an odd number are 1, or
some is >= 2 and their XOR is 0 -- a theorem wherever condition (C) holds.
The guide only orders moves; the search proves the value, so where (C) fails
a wrong guess costs time, never correctness.

Endgames: positions of one or two movable piles are read from tables filled
by DP before the search (when that costs at most SINGLE_DP_WORK moves).

The C stack: the search is iterative, over an explicit stack of frames that
grows on the heap (doubling), so a game of a million moves -- one pile of 10**6
under misère `max 3` -- is searched without recursion. Search.max_depth does
not apply; a game deeper than MAX_FRAMES stops with the reason "depth".
"""

from libc.stdint cimport UINT32_MAX, UINT64_MAX, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport qsort
from libc.string cimport memcmp

from nimcore._types cimport count_t, pile_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, RuleSet, TakeAnyTag, check_dispatch, TakeHalfTag, TakeMaxTag,
    TakeSetTag, TakeTag, rules_child, rules_move_count, rules_terminal_score,
)
from nimcore.theory cimport (
    Theory, grundy_t, theory_fill, theory_grundy, theory_init, theory_option, theory_target,
)
from nimcore.search cimport (
    STOP_DEPTH, STOP_MEMORY, STOP_NONE, STOP_RULE, Search, SearchState, search_checkpoint,
)
from nimcore.ttable cimport (
    KEYS_BYTES, KEYS_GAMMA, KEYS_NONE, TTBucket, TTCore, TTEntry, TTKey, TranspositionTable,
    ttable_allow_growth, ttable_pack_bytes, ttable_pack_gamma, ttable_probe, ttable_store,
)
from nimcore.workspace cimport (
    WS_AT_BOUND, WS_FRAMES, WS_GRUNDY, WS_NO_MEMORY, WS_PILES, WS_THEORY, Workspace, ws_drop,
    ws_free, ws_grow, ws_reserve,
)

#: Deepest game the engine searches: its frame stack (about 100 bytes a move) stops
#: at 400 MB with the stop reason "depth". One pile of 10**6 under misère max 3
#: needs 500,000 frames without the endgame tables, and none with them.
MAX_FRAMES = 1 << 22
#: The memory bound of search(memory=...) holds within this fraction of it.
MEMORY_SLACK = 0.1
#: Scores in distance mode: +-(DIST_MATE - remoteness).
DIST_MATE = 1 << 30
#: Largest pile for which the guide uses a Grundy table (4 bytes per size); above it
#: theory_grundy runs per node (any, max K, half), and a `set S` rule, whose table
#: would be as large, searches in the generator's order.
GUIDE_TABLE_LIMIT = 1 << 22
#: ... and a `set S` guide's mex steps (sizes times |S|): the fill is not interruptible.
GUIDE_FILL_WORK = GUIDE_TABLE_LIMIT * 64
#: Most moves the single-pile DP may generate before a search (a few ms).
SINGLE_DP_WORK = 1 << 24

cdef extern from *:
    # Cython's own macro for __builtin_expect(x, 0): a checkpoint is the rare branch
    bint _unlikely "unlikely" (bint condition) noexcept nogil

cdef enum:
    _MATE = 1 << 30
    _NO_SCORE = -(1 << 30) - 1     # below every score: "no child seen yet"

    _PHASE_GUIDE = 0               # the guided move comes next
    _PHASE_SCAN = 1                # then the generator's order
    _PHASE_DONE = 2                # cut off: a winning child was found
    _FIRST_FRAMES = 64               # doubles as the game gets longer
    # Checkpoints (clock, Ctrl-C, progress) every 2**18 nodes rather than the
    # core's 2**20: a tt node costs more, and Ctrl-C must stop within 0.5 s
    # even at 1 million nodes per second on a loaded machine. A node costs
    # O(piles), so with many piles the interval shrinks: 2**22 / piles.
    _CHECK_NODES = 1 << 18


cdef struct Frame:
    TTKey key              # this position's packed key (key.ok False: not stored)
    count_t entry_nodes    # s.nodes when the frame was opened: work below it
    int32_t best           # best score for the mover so far
    pile_t best_p          # best move: pile size moved ...
    pile_t best_take       # ... and objects taken
    pile_t hp              # guided move: pile size (0: none) ...
    pile_t hq              # ... and its new size
    int phase
    int ei                 # scan: index in `a` of the pile whose children are listed
    int efirst             # scan: `first` of rules_move_count (set S)
    pile_t em              # scan: children of that pile
    pile_t ej              # scan: next child
    int mi                 # the move searched below this frame: index in `a` ...
    int mk                 # ... where the new size went (-1: dropped, it cannot move)
    pile_t mp              # ... old size
    pile_t mq              # ... new size


cdef struct Ctx:
    SearchState* s
    TTCore* table          # NULL: no table
    pile_t* a              # the canonical position: movable piles, ascending
    int n
    Frame* frames
    size_t cap             # frames allocated
    size_t max_frames      # deepest game searched (STOP_DEPTH beyond) ...
    bint frames_by_memory  # ... set by the memory budget (STOP_MEMORY beyond)
    Theory theory          # the guide's theory (nimcore.theory); set S: its table below
    grundy_t* theory_table # set S: Grundy values of S / gcd(S) up to the top pile (workspace)
    uint32_t* gtab         # Grundy values by pile size (NULL: theory_grundy per node)
    int32_t* single        # score of a lone pile by size, by DP (NULL: none)
    int32_t* pair          # score of two piles x <= y at [x * width + y], by DP (NULL: none)
    size_t width           # top pile + 1
    int keys               # KEYS_BYTES or KEYS_GAMMA
    bint guide             # use the theory-guided first move
    uint64_t gx            # the guide's summary of the position: XOR of Grundy values,
    int gbig               # how many are >= 2,
    int gones              # how many are 1
    bint distance          # scores with remoteness, no pruning
    bint probe_all         # probe (and store) every position, not only predicted losses
    count_t mispredicted   # positions where the guide's move did not win
    count_t check_nodes    # nodes between checkpoints
    int32_t terminal       # score of a position with no move


# ---------------------------------------------------------------- theory guide

cdef inline uint64_t _grundy(const Ctx* c, pile_t p, TakeTag tag) noexcept nogil:
    if c.gtab != NULL:
        return c.gtab[p]                  # a lookup: `p % (K + 1)` is a slow division
    return theory_grundy(&c.theory, p)


cdef inline pile_t _guided_child(const Ctx* c, pile_t p, TakeTag tag) noexcept nogil:
    """The child of a pile of p that the theory says wins, or UINT32_MAX (none: a
    child is smaller than its pile, so it is never UINT32_MAX)."""
    cdef uint64_t g = _grundy(c, p, tag)
    cdef uint64_t child = theory_option(&c.theory, p, g,
                                        theory_target(c.theory.misere, g, c.gx, c.gbig, c.gones))
    return <pile_t>child if child != UINT64_MAX else UINT32_MAX


cdef void _guide(const Ctx* c, Frame* f, pile_t last, TakeTag tag) noexcept nogil:
    """Set the guided move f.hp -> f.hq (hp = 0: none): one the theory says wins.

    The Grundy summary of the position (c.gx, c.gbig, c.gones) is kept up to
    date by _apply and _undo.
    """
    cdef int i
    cdef pile_t q
    f.hp = 0
    if c.s.rules.misere:
        if (c.gbig == 0 and c.gones % 2 == 1) or (c.gbig > 0 and c.gx == 0):
            return                        # predicted lost: every move must be tried
    elif c.gx == 0:
        return
    # Of the moves the theory says win, prefer one on the pile the opponent just
    # moved (`last`): under `max K` it answers a take of d with K + 1 - d, so the
    # positions met differ from earlier ones in one pile and transpose a lot
    # (misère max 3 [28,28,2,3,3,12,27,6,24,26], measured with every position
    # stored: 9.9 million nodes instead of 17.4 million). Otherwise the first
    # pile, except under `any`, where no same-pile answer exists and taking the
    # most halves the nodes (misère [1,13,14,20,1,15,9,8], same conditions:
    # 152,196 instead of 322,728): smaller positions have shorter proofs.
    if last >= c.s.rules.min_take:
        q = _guided_child(c, last, tag)
        if q != UINT32_MAX:
            f.hp = last
            f.hq = q
            return
    for i in range(c.n):
        if (i > 0 and c.a[i] == c.a[i - 1]) or c.a[i] == last:
            continue
        q = _guided_child(c, c.a[i], tag)
        if q != UINT32_MAX:
            if f.hp == 0 or (TakeTag is TakeAnyTag and c.a[i] - q > f.hp - f.hq):
                f.hp = c.a[i]
                f.hq = q
                if not TakeTag is TakeAnyTag:
                    return


cdef inline void _summary_move(Ctx* c, uint64_t gp, uint64_t gq) noexcept nogil:
    """Update the Grundy summary for a pile whose Grundy value goes from gp to gq."""
    c.gx ^= gp ^ gq
    c.gbig += (gq >= 2) - (gp >= 2)
    c.gones += (gq == 1) - (gp == 1)


# ---------------------------------------------------------------- moves on `a`

cdef inline void _apply(Ctx* c, Frame* f, TakeTag tag) noexcept nogil:
    """Lower a[f.mi] (= f.mp) to f.mq, keeping `a` sorted; drop it if it cannot move."""
    cdef int t, k, i = f.mi
    cdef pile_t q = f.mq
    if c.guide:
        # a pile that cannot move has Grundy value 0, as if it were dropped
        _summary_move(c, _grundy(c, f.mp, tag),
                      _grundy(c, q, tag) if q >= c.s.rules.min_take else 0)
    if q >= c.s.rules.min_take:
        k = i
        while k > 0 and c.a[k - 1] > q:
            c.a[k] = c.a[k - 1]
            k -= 1
        c.a[k] = q
        f.mk = k
    else:
        for t in range(i, c.n - 1):
            c.a[t] = c.a[t + 1]
        c.n -= 1
        f.mk = -1


cdef inline void _undo(Ctx* c, Frame* f, TakeTag tag) noexcept nogil:
    cdef int t, i = f.mi, k = f.mk
    if c.guide:
        _summary_move(c, _grundy(c, f.mq, tag) if f.mq >= c.s.rules.min_take else 0,
                      _grundy(c, f.mp, tag))
    if k >= 0:
        for t in range(k, i):
            c.a[t] = c.a[t + 1]
    else:
        c.n += 1
        t = c.n - 1
        while t > i:
            c.a[t] = c.a[t - 1]
            t -= 1
    c.a[i] = f.mp


cdef inline void _open(Ctx* c, Frame* f, const TTKey* key, pile_t last, TakeTag tag) noexcept nogil:
    f.key = key[0]
    f.entry_nodes = c.s.nodes
    f.best = _NO_SCORE
    f.best_p = 0
    f.best_take = 0
    f.phase = _PHASE_GUIDE
    f.ei = -1
    f.em = 0
    f.ej = 0
    if c.guide:
        _guide(c, f, last, tag)
    else:
        f.hp = 0


cdef inline bint _next_child(Ctx* c, Frame* f, TakeTag tag) noexcept nogil:
    """Choose the next move to search (f.mi, f.mp, f.mq); False when none is left."""
    cdef pile_t q, p
    cdef int i
    if f.phase == _PHASE_DONE:
        return False
    if f.phase == _PHASE_GUIDE:
        f.phase = _PHASE_SCAN
        if f.hp != 0:
            i = 0
            while c.a[i] != f.hp:
                i += 1
            f.mi = i
            f.mp = f.hp
            f.mq = f.hq
            return True
    while True:
        if f.ej < f.em:
            p = c.a[f.ei]
            q = rules_child(&c.s.rules, p, f.em, f.efirst, f.ej, tag)
            f.ej += 1
            if p == f.hp and q == f.hq:
                continue                  # searched first already
            f.mi = f.ei
            f.mp = p
            f.mq = q
            return True
        # the next pile of a new size: equal piles give the same canonical child
        f.ei += 1
        while f.ei < c.n and f.ei > 0 and c.a[f.ei] == c.a[f.ei - 1]:
            f.ei += 1
        if f.ei >= c.n:
            return False
        f.em = rules_move_count(&c.s.rules, c.a[f.ei], &f.efirst, tag)
        f.ej = 0


cdef inline void _combine(Ctx* c, Frame* f, int32_t child) noexcept nogil:
    """Fold a child's score (from the child's mover) into the frame."""
    cdef int32_t v = -child
    if c.distance:
        v = v - 1 if v > 0 else v + 1     # one move further from the end
    if v > f.best:
        f.best = v
        f.best_p = f.mp
        f.best_take = f.mp - f.mq
        if c.distance:
            if v == _MATE - 1:            # a win in one move: nothing is faster
                f.phase = _PHASE_DONE
        elif v > 0:
            f.phase = _PHASE_DONE         # window (-1, +1): a win is a cut-off


cdef inline void _pack(const Ctx* c, TTKey* key) noexcept nogil:
    if c.keys == KEYS_BYTES:
        ttable_pack_bytes(c.a, c.n, key)
    else:
        ttable_pack_gamma(c.a, c.n, c.s.rules.min_take, key)


cdef int _grow(Ctx* c) noexcept nogil:
    """Double the frame stack (in the Search's workspace); -1 when out of memory or
    past c.max_frames (the stop reason then says which bound)."""
    cdef int grown = ws_grow(&c.s.ws, WS_FRAMES, sizeof(Frame), &c.cap, c.max_frames)
    if grown == WS_AT_BOUND:
        c.s.stop = STOP_MEMORY if c.frames_by_memory else STOP_DEPTH
        return -1
    if grown == WS_NO_MEMORY:
        return -1
    c.frames = <Frame*>c.s.ws.buf[WS_FRAMES]
    return 0


cdef inline void _shorten_interval(Ctx* c) noexcept nogil:
    """Bring the next checkpoint within c.check_nodes of the count (the core's
    interval is longer). Done after each checkpoint (and once ahead of the first
    node, for the count it will have): where a per-node check put them."""
    if c.s.next_check > c.s.nodes + c.check_nodes:
        c.s.next_check = c.s.nodes + c.check_nodes


cdef void _run(Ctx* c, int32_t* score, pile_t* best_p, pile_t* best_take,
               TakeTag tag) noexcept nogil:
    """Solve the canonical position in c.a; the stop reason is in c.s.stop."""
    cdef SearchState* s = c.s
    cdef size_t d = 0
    cdef Frame* f
    cdef Frame* g
    cdef TTEntry* e
    cdef TTKey key
    cdef int32_t child
    cdef pile_t last
    cdef int i
    score[0] = c.terminal
    best_p[0] = 0
    best_take[0] = 0
    if c.n == 0:
        return
    _pack(c, &key)
    if c.table != NULL:
        if key.ok:
            e = ttable_probe(c.table, &key)
            if e != NULL and e.take != 0:
                score[0] = e.score
                best_p[0] = e.pile
                best_take[0] = e.take
                return
        else:
            c.table.unpackable += 1
    c.gx = 0
    c.gbig = 0
    c.gones = 0
    if c.guide:
        for i in range(c.n):
            _summary_move(c, 0, _grundy(c, c.a[i], tag))
    _open(c, &c.frames[0], &key, 0, tag)
    if c.s.next_check > c.s.nodes + 1 + c.check_nodes:
        c.s.next_check = c.s.nodes + 1 + c.check_nodes  # the first node's interval
    while True:
        f = &c.frames[d]
        if not _next_child(c, f, tag):
            # the node is solved
            if f.hp != 0 and not c.probe_all and not (
                    f.best > 0 and f.best_p == f.hp and f.best_take == f.hp - f.hq):
                c.probe_all = True            # the guide was wrong here: trust it no more
                c.mispredicted += 1
            if c.table != NULL and f.key.ok and (f.hp == 0 or c.probe_all):
                ttable_store(c.table, &f.key, f.best, f.best_p, f.best_take,
                             s.nodes - f.entry_nodes)
            if d == 0:
                score[0] = f.best
                best_p[0] = f.best_p
                best_take[0] = f.best_take
                return
            child = f.best
            d -= 1
            f = &c.frames[d]
            _undo(c, f, tag)
            _combine(c, f, child)
            continue
        s.nodes += 1
        if _unlikely(s.nodes >= s.next_check):     # search_count_node, then the tt interval
            if search_checkpoint(s) != STOP_NONE:
                return                    # `a` is a scratch copy: nothing to restore
            _shorten_interval(c)
        _apply(c, f, tag)
        if c.n == 0:
            child = c.terminal
        elif c.n == 1 and c.single != NULL:
            child = c.single[c.a[0]]      # a lone pile: solved once by DP
        elif c.n == 2 and c.pair != NULL:
            child = c.pair[c.a[0] * c.width + c.a[1]]
        else:
            _pack(c, &key)
            last = f.mq
            if d + 1 >= c.cap and _grow(c) != 0:
                if s.stop == STOP_NONE:
                    s.stop = STOP_MEMORY
                return
            f = &c.frames[d]                  # _grow may have moved the frames
            g = &c.frames[d + 1]
            _open(c, g, &key, last, tag)
            e = NULL
            if c.table != NULL:
                if not key.ok:
                    c.table.unpackable += 1
                elif g.hp == 0 or c.probe_all:
                    e = ttable_probe(c.table, &key)
            if e == NULL:
                d += 1
                continue
            child = e.score
        _undo(c, f, tag)
        _combine(c, f, child)


cdef int _cmp_pile(const void* x, const void* y) noexcept nogil:
    cdef pile_t a = (<const pile_t*>x)[0], b = (<const pile_t*>y)[0]
    return (a > b) - (a < b)


cdef void _fill(Ctx* c, bint pair, int take) noexcept nogil:
    if take == TAKE_ANY:
        if pair:
            _fill_pair(c, <TakeAnyTag>0)
        else:
            _fill_single(c, c.width, <TakeAnyTag>0)
    elif take == TAKE_MAX:
        if pair:
            _fill_pair(c, <TakeMaxTag>0)
        else:
            _fill_single(c, c.width, <TakeMaxTag>0)
    elif take == TAKE_HALF:
        if pair:
            _fill_pair(c, <TakeHalfTag>0)
        else:
            _fill_single(c, c.width, <TakeHalfTag>0)
    elif take == TAKE_SET:
        if pair:
            _fill_pair(c, <TakeSetTag>0)
        else:
            _fill_single(c, c.width, <TakeSetTag>0)
    else:
        c.s.stop = STOP_RULE


cdef void _fill_single(Ctx* c, size_t size, TakeTag tag) noexcept nogil:
    """c.single[p] = score of the position made of one pile of p (p >= min_take), by DP.

    The same scores the search gives (+-1, or +-(DIST_MATE - remoteness)), so a
    lone pile becomes a leaf: near the end of the game most positions are one.
    """
    cdef size_t p
    cdef pile_t m, j, q
    cdef int first = 0
    cdef int32_t best, v
    cdef pile_t low = c.s.rules.min_take
    for p in range(size):
        c.single[p] = c.terminal
        if p < low:
            continue
        best = _NO_SCORE
        m = rules_move_count(&c.s.rules, <pile_t>p, &first, tag)
        for j in range(m):
            q = rules_child(&c.s.rules, <pile_t>p, m, first, j, tag)
            v = -(c.single[q] if q >= low else c.terminal)
            if c.distance:
                v = v - 1 if v > 0 else v + 1
            if v > best:
                best = v
        c.single[p] = best


cdef inline int32_t _score2(const Ctx* c, pile_t x, pile_t y) noexcept nogil:
    """Score of the two piles x, y (any sizes) from the tables filled so far."""
    cdef pile_t low = c.s.rules.min_take, t
    if x > y:
        t = x
        x = y
        y = t
    if y < low:
        return c.terminal
    if x < low:
        return c.single[y]
    return c.pair[x * c.width + y]


cdef void _fill_pair(Ctx* c, TakeTag tag) noexcept nogil:
    """c.pair[x * width + y] = score of the position {x, y}, x <= y, both >= min_take.

    Filled by y, then x, ascending: every child's entry is filled before it is read.
    """
    cdef size_t x, y
    cdef pile_t m, j, q
    cdef int first = 0
    cdef int32_t best, v
    cdef pile_t low = c.s.rules.min_take
    for y in range(low, c.width):
        for x in range(low, y + 1):
            best = _NO_SCORE
            m = rules_move_count(&c.s.rules, <pile_t>x, &first, tag)
            for j in range(m):
                q = rules_child(&c.s.rules, <pile_t>x, m, first, j, tag)
                v = -_score2(c, q, <pile_t>y)
                if c.distance:
                    v = v - 1 if v > 0 else v + 1
                if v > best:
                    best = v
            m = rules_move_count(&c.s.rules, <pile_t>y, &first, tag)
            for j in range(m):
                q = rules_child(&c.s.rules, <pile_t>y, m, first, j, tag)
                v = -_score2(c, <pile_t>x, q)
                if c.distance:
                    v = v - 1 if v > 0 else v + 1
                if v > best:
                    best = v
            c.pair[x * c.width + y] = best


cdef enum:
    _EG_SINGLE = 0      # Endgames' workspace slots: scores of lone piles ...
    _EG_PAIR = 1        # ... and of pairs of piles


cdef class Endgames:
    """The tt engine's endgame tables: the score of every lone pile and of every
    pair of piles below a width, filled by DP for one rule set and mode.

    Their memory belongs to this object: ``search`` fills it (or finds it
    serving already) and points its search at it; it is freed with the object,
    in one place. ``nim.analyze`` hands one Endgames to the search of every
    child of a position, so the tables its first (largest) child filled serve
    the others; a search given none makes its own, for its own duration.
    """

    cdef Workspace c_ws        # slots _EG_SINGLE and _EG_PAIR
    cdef size_t c_width        # top pile + 1 of the tables (0: none filled)
    cdef bint c_has_pair       # the pair table was filled too
    cdef RuleSet c_rules       # the rules and mode the scores are for
    cdef bint c_distance

    def __dealloc__(self):
        ws_free(&self.c_ws)

    cdef bint _serves(self, const RuleSet* rules, bint distance, pile_t top) noexcept:
        return (self.c_width > top and self.c_distance == distance
                and memcmp(&self.c_rules, rules, sizeof(RuleSet)) == 0)

    cdef int provide(self, Ctx* c, pile_t top, size_t memory, size_t* extra) except -1:
        """Point c.single and c.pair (NULL: none) at tables serving c's search of
        piles up to `top`: the ones held when they serve it, else new ones
        filled where that is cheap (moves per pile * sizes <= SINGLE_DP_WORK)
        and fits half the memory budget (_fits). Adds their bytes to extra[0].

        Raises MemoryError when a table cannot be allocated.
        """
        cdef const RuleSet* rules = &c.s.rules
        cdef int take = rules.take
        cdef double moves = (top if take == TAKE_ANY else top // 2 + 1 if take == TAKE_HALF
                             else rules.k if take == TAKE_MAX else rules.n_set)
        cdef size_t width = top + 1
        c.single = NULL
        c.pair = NULL
        c.width = width
        if self._serves(rules, c.distance, top):
            c.single = <int32_t*>self.c_ws.buf[_EG_SINGLE]    # every pile here is below their width
            c.pair = <int32_t*>self.c_ws.buf[_EG_PAIR] if self.c_has_pair else NULL
            c.width = self.c_width
            extra[0] += c.width * sizeof(int32_t) * (1 + (c.width if self.c_has_pair else 0))
            return 0
        if (<double>width) * moves > SINGLE_DP_WORK or not _fits(memory, extra[0], width * sizeof(int32_t)):
            return 0                      # too costly here: the tables held stay for later searches
        # new tables: the old ones go first (their rules, mode or width differ)
        self.c_width = 0
        self.c_has_pair = False
        ws_drop(&self.c_ws, _EG_SINGLE)
        ws_drop(&self.c_ws, _EG_PAIR)
        if ws_reserve(&self.c_ws, _EG_SINGLE, width * sizeof(int32_t)) != 0:
            raise MemoryError("no memory for the tt engine's endgame table")
        c.single = <int32_t*>self.c_ws.buf[_EG_SINGLE]
        extra[0] += width * sizeof(int32_t)
        _fill(c, False, take)
        if ((<double>width) * width * moves <= SINGLE_DP_WORK
                and _fits(memory, extra[0], width * width * sizeof(int32_t))):
            if ws_reserve(&self.c_ws, _EG_PAIR, width * width * sizeof(int32_t)) != 0:
                raise MemoryError("no memory for the tt engine's endgame table")
            c.pair = <int32_t*>self.c_ws.buf[_EG_PAIR]
            extra[0] += width * width * sizeof(int32_t)
            _fill(c, True, take)
            self.c_has_pair = True
        self.c_width = width
        self.c_rules = rules[0]
        self.c_distance = c.distance
        return 0


def search(Search search, TranspositionTable table=None, bint distance=False, bint guide=True,
           bint endgame=True, size_t max_frames=MAX_FRAMES, size_t memory=0,
           Endgames endgames=None):
    """Solve ``search``'s position with the tt engine.

    A table serves one thread at a time: this holds its lock while the search
    runs, and waits for it while another thread holds it (stopping for
    Ctrl-C, a cancellation or the time limit meanwhile: the scores are then
    meaningless and ``search.stop_reason`` says why).

    Parameters
    ----------
    search : Search
        The position, rules, limits and node counter. Every buffer the search
        needs per call (scratch position, frames, Grundy lookups) lives in its
        workspace, freed with it.
    table : TranspositionTable or None
        The table to use (None: search without one). It is emptied first when
        it last served other rules or the other mode; otherwise what it holds
        is reused (nim.analyze solves many positions with one table).
    distance : bool
        False: values +1 / -1 with alpha-beta cut-offs. True: scores
        +-(DIST_MATE - remoteness), every child searched.
    guide : bool
        Try the theory-guided move first (True) or keep the generator's order.
    endgame : bool
        Solve one- and two-pile positions by DP before the search, where that
        is cheap (True), or search them like any other.
    max_frames : int
        Deepest game searched; a deeper one stops with ``stop_reason`` "depth".
    memory : int
        Bytes for everything the engine holds (0: no bound but max_frames):
        the table's growth, the Grundy and endgame tables and the frame
        stack, within MEMORY_SLACK of it. The optional tables are built
        only where they fit in half of it; the table then grows at most to
        what is left; the frames get the rest, and a game deeper than they
        hold stops with ``stop_reason`` "memory".
    endgames : Endgames or None
        The endgame tables to use when they serve this search (same rules and
        mode, wide enough), else to refill; None: tables for this search only.

    Returns
    -------
    (score, pile, take) : tuple of int
        The score for the mover; a best move as the SIZE of the pile it takes
        from and the number it takes (take 0: no move). Meaningless when
        ``search.stop_reason`` is not None.

    Raises
    ------
    MemoryError
        When the search's working memory cannot be allocated.
    ValueError
        In distance mode, for a game that could last 2**29 moves or more.
    """
    cdef bint held = True
    if table is not None:
        with nogil:
            held = table.hold_for(&search.c_state)
        if not held:
            return 0, 0, 0
    try:
        return _search(search, table, distance, guide, endgame, max_frames, memory,
                       endgames if endgames is not None else Endgames())
    finally:
        if table is not None:
            table.release_hold()


cdef tuple _search(Search search, TranspositionTable table, bint distance, bint guide,
                   bint endgame, size_t max_frames, size_t memory, Endgames endgames):
    """``search`` with the table held: prepare the context in steps, then run."""
    cdef Ctx c
    cdef SearchState* s = &search.c_state
    cdef int take = s.rules.take
    cdef pile_t top
    cdef int32_t score = 0
    cdef pile_t best_p = 0, best_take = 0
    cdef size_t extra = 0                 # bytes of the optional tables
    c.s = s
    c.distance = distance
    c.terminal = rules_terminal_score(&s.rules) * (_MATE if distance else 1)
    c.table = _claim(table, &s.rules, distance)
    top = _canonical(&c, search)
    _prepare_guide(&c, guide, top, memory, &extra)
    c.single = NULL
    c.pair = NULL
    c.width = top + 1
    if endgame:
        endgames.provide(&c, top, memory, &extra)
    _budget(&c, table, max_frames, memory, extra)
    c.probe_all = distance or not c.guide
    _choose_keys(&c, table, top)
    with nogil:
        if take == TAKE_ANY:
            _run(&c, &score, &best_p, &best_take, <TakeAnyTag>0)
        elif take == TAKE_MAX:
            _run(&c, &score, &best_p, &best_take, <TakeMaxTag>0)
        elif take == TAKE_HALF:
            _run(&c, &score, &best_p, &best_take, <TakeHalfTag>0)
        elif take == TAKE_SET:
            _run(&c, &score, &best_p, &best_take, <TakeSetTag>0)
        else:
            s.stop = STOP_RULE
    return score, best_p, best_take


cdef TTCore* _claim(TranspositionTable table, const RuleSet* rules, bint distance) noexcept:
    """The held table's core for a search under these rules and mode (NULL: no
    table): its entries are scores under one rule set and one mode, so it is
    emptied when it last served others."""
    if table is None:
        return NULL
    if (table.c_core.owner_mode != <int>distance
            or memcmp(&table.c_core.owner_rules, rules, sizeof(RuleSet)) != 0):
        if table.c_core.stores:
            table.clear()
        table.c_core.owner_mode = distance
        table.c_core.owner_rules = rules[0]
    return &table.c_core


cdef pile_t _canonical(Ctx* c, Search search) except? 0:
    """Put the canonical position (movable piles, ascending) in c.a, a workspace
    slot, and reserve the first frames; returns the top pile.

    Raises MemoryError when out of memory, ValueError for a game too long for
    distance scores.
    """
    cdef SearchState* s = c.s
    cdef int i, n = 0
    cdef pile_t top = 0
    cdef uint64_t total = 0
    for i in range(search.c_n):
        total += search.c_piles[i]
    if c.distance and total >= DIST_MATE // 2:
        raise ValueError("distance mode needs games shorter than 2**29 moves")
    c.cap = _FIRST_FRAMES
    if (ws_reserve(&s.ws, WS_PILES, (search.c_n + 1) * sizeof(pile_t)) != 0
            or ws_reserve(&s.ws, WS_FRAMES, c.cap * sizeof(Frame)) != 0):
        raise MemoryError("no memory for the tt engine's search stack")
    c.a = <pile_t*>s.ws.buf[WS_PILES]
    c.frames = <Frame*>s.ws.buf[WS_FRAMES]
    for i in range(search.c_n):
        if search.c_piles[i] >= s.rules.min_take:
            c.a[n] = search.c_piles[i]
            n += 1
            if search.c_piles[i] > top:
                top = search.c_piles[i]
    c.n = n
    c.check_nodes = max(16, min(_CHECK_NODES, (1 << 22) // (n + 1)))
    qsort(c.a, n, sizeof(pile_t), _cmp_pile)
    return top


cdef int _prepare_guide(Ctx* c, bint guide, pile_t top, size_t memory, size_t* extra) except -1:
    """Set up the theory guide: the theory, and its Grundy values by pile size in
    workspace slots where they fit; without them under `set S`, no guide.

    Raises MemoryError when a table cannot be allocated.
    """
    cdef SearchState* s = c.s
    cdef int take = s.rules.take
    cdef size_t i
    cdef size_t guide_bytes = (top + 1) * (sizeof(uint32_t) + (sizeof(grundy_t) if take == TAKE_SET else 0))
    c.guide = guide
    c.mispredicted = 0
    c.gtab = NULL
    c.theory_table = NULL
    theory_init(&c.theory, &s.rules)
    if (guide and top < GUIDE_TABLE_LIMIT and _fits(memory, extra[0], guide_bytes)
            and (take != TAKE_SET or (<double>top + 1) * s.rules.n_set <= GUIDE_FILL_WORK)):
        if take == TAKE_SET:
            # the theory's table up to the top pile (piles only shrink): no period needed
            c.theory.table_size = top // c.theory.scale + 1
            if (ws_reserve(&s.ws, WS_THEORY, c.theory.table_size * sizeof(grundy_t)) != 0
                    or theory_fill(&c.theory, <grundy_t*>s.ws.buf[WS_THEORY], 0,
                                   c.theory.table_size) < 0):
                raise MemoryError("no memory for the tt engine's Grundy table")
            c.theory_table = <grundy_t*>s.ws.buf[WS_THEORY]
            c.theory.table = c.theory_table
        if ws_reserve(&s.ws, WS_GRUNDY, (top + 1) * sizeof(uint32_t)) != 0:
            raise MemoryError("no memory for the tt engine's Grundy table")
        c.gtab = <uint32_t*>s.ws.buf[WS_GRUNDY]
        extra[0] += guide_bytes
        for i in range(<size_t>top + 1):      # top >= 0 here: the bound unsigned, as i is
            c.gtab[i] = <uint32_t>theory_grundy(&c.theory, i)
    elif guide and take == TAKE_SET:
        c.guide = False                   # no table for piles this large: plain order
    return 0


cdef void _budget(Ctx* c, TranspositionTable table, size_t max_frames, size_t memory,
                  size_t extra) noexcept:
    """Share the memory bound (0: none) between the table's growth and the frames.

    The table may grow at most to what the optional tables (`extra` bytes) and
    a sixteenth for the frames leave, never shrinking below the buckets in
    use; the frames get the rest (STOP_MEMORY beyond it), and max_frames
    bounds them in any case (STOP_DEPTH beyond it).
    """
    cdef size_t bound = memory + <size_t>(memory * MEMORY_SLACK)
    cdef size_t grow, table_bytes = 0, frame_bytes, frames_cap
    c.max_frames = max_frames if max_frames > 2 else 2
    c.frames_by_memory = False
    if table is not None:
        grow = table.c_core.max_nbuckets
        if memory:
            while grow > table.c_core.nbuckets and grow * sizeof(TTBucket) + extra + memory // 16 > bound:
                grow //= 2
            table_bytes = (grow if grow > table.c_core.nbuckets else table.c_core.nbuckets) * sizeof(TTBucket)
        ttable_allow_growth(&table.c_core, grow)
    if memory:
        frame_bytes = bound - extra - table_bytes if bound > extra + table_bytes else 0
        frames_cap = frame_bytes // sizeof(Frame)
        if frames_cap < _FIRST_FRAMES:
            frames_cap = _FIRST_FRAMES
        if frames_cap < c.max_frames:
            c.max_frames = frames_cap
            c.frames_by_memory = True
    if c.cap > c.max_frames:
        c.cap = c.max_frames


cdef void _choose_keys(Ctx* c, TranspositionTable table, pile_t top) noexcept:
    """The key code: bytes when every position met fits them (a table keeps one code)."""
    cdef bint want_bytes = top <= 255 and c.n <= 16
    if table is None:
        c.keys = KEYS_BYTES if want_bytes else KEYS_GAMMA
        return
    if table.c_core.keys == KEYS_BYTES and not want_bytes:
        table.clear()
    if table.c_core.keys == KEYS_NONE:
        table.c_core.keys = KEYS_BYTES if want_bytes else KEYS_GAMMA
    c.keys = table.c_core.keys


cdef inline bint _fits(size_t memory, size_t used, size_t more) noexcept nogil:
    """True when an optional table of `more` bytes fits half the memory budget (0: no budget)."""
    return memory == 0 or used + more <= memory // 2


# the take rules this module's switches dispatch on, in TakeRule order (see nimcore.rules)
check_dispatch((TAKE_ANY, TAKE_MAX, TAKE_HALF, TAKE_SET), "tt")
