"""The exact search over sums of take-and-break heaps (octal codes, Grundy's game).

A move takes k objects from one heap and leaves nothing, one heap, or two
non-empty heaps (the octal code's digit d_k: bit 1, bit 2, bit 4; d_0's bit 4
splits a heap without taking). Grundy's game splits a heap into two unequal
non-empty heaps. So a position grows: the search works on CANONICAL positions
-- the heaps that can still move, sorted ascending -- each written into an
arena after its parent's (a child has at most one heap more), so no undo is
needed: popping a frame forgets the child.

Exactness: values are +1 / -1 (or +-(DIST_MATE - remoteness) in distance
mode); a node is cut off only on a winning child (or, in distance mode, a win
in one move), so every stored score is exact. Dropping dead heaps (no legal
move) is exact: nothing can touch them. A heap whose moves all leave no live
heap is the game *1, and is written as the smallest such heap (equal games).
In NORMAL play (not distance mode) two equal heaps cancel (G + G = 0); in
misère they do not in general, and the search keeps them -- except two *1
heaps: *1 + *1 = 0 in misère play too (Conway, ONAG ch. 12; the brute-force
tests hold the search to it). The transposition table is nimcore.ttable's: positions are
packed by its injective gamma code and a probe compares the whole 128-bit
key, so a collision can never give a wrong value; a position too long to
pack is searched, not stored.

Move ordering: the children the Grundy guide predicts lost first -- in
normal play Grundy sum 0, in misère the tame rule (some value >= 2 and XOR 0,
or every value <= 1 and XOR 1) -- then the rest; in misère (values only) a
first pass probes every child in the table and takes a child known lost at
once (an enhanced transposition cut-off). The guide only orders moves.

The search is iterative: frames on the heap in the Search's workspace,
checkpoints (limits, Ctrl-C, cancel, progress) through the shared
SearchState, the C work without the GIL.
"""

from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t
from libc.stdlib cimport qsort

from nimcore._types cimport count_t, pile_t
from nimcore.search cimport (
    STOP_DEPTH, STOP_MEMORY, STOP_NONE, Search, SearchState, search_checkpoint, search_count_node,
)
from nimcore.ttable cimport (
    KEYS_GAMMA, KEYS_NONE, TTCore, TTEntry, TTKey, TranspositionTable, ttable_pack_gamma,
    ttable_probe, ttable_store,
)
from nimcore.workspace cimport WS_FRAMES, WS_GRUNDY, WS_PILES, WS_THEORY, ws_reserve

#: Largest heap the search takes (its Grundy and liveness tables are indexed by size).
MAX_HEAP = 1 << 20
#: Most places (digits after the point, plus d0) of a code.
MAX_PLACES = 65
#: Deepest game searched: a deeper one stops with the reason "depth".
MAX_FRAMES = 1 << 22
#: Scores in distance mode: +-(DIST_MATE - remoteness).
DIST_MATE = 1 << 30
#: Largest misère quotient the search takes as its leaf (its table has order**2 entries).
MAX_LEAF_ORDER = 1 << 12

cdef enum:
    _MATE = 1 << 30
    _NO_SCORE = -(1 << 30) - 1     # below every score: "no child seen yet"
    _PLACES = 65
    _PASS_ETC = 0                  # misère: probe every child, take one known lost
    _PASS_GUIDED = 1               # children the guide predicts lost
    _PASS_REST = 2                 # the others
    _PASS_ALL = 3                  # distance mode: every child, in the generator's order
    _PASS_DONE = 4                 # cut off, or every child seen
    _PASS_LEAF = 5                 # misère with a quotient: a child that is a lost leaf, first
    _FIRST_FRAMES = 64
    # Checkpoints (clock, Ctrl-C, progress) every 2**16 nodes rather than the
    # core's 2**20: a node here costs O(heaps + options), about a microsecond,
    # and a time limit or Ctrl-C must take effect within a tenth of a second.
    _CHECK_NODES = 1 << 16
    # ... and every 2**16 steps of work (options listed, children probed) between
    # two nodes: a node on a big heap lists options in proportion to the heap
    # (issue 31 item 14), so nodes alone would space the checkpoints by seconds.
    _CHECK_WORK = 1 << 16


cdef struct Opt:
    int count      # objects taken
    int a          # heaps left: a (0: none) ...
    int b          # ... and b (0: none); a <= b when both are present


cdef struct OptIt:
    int kind       # 0 take all, 1 leave one heap, 2 leave two
    int j          # index in that kind's places
    int a          # next smaller part of a split


cdef struct Frame:
    TTKey key              # this position's packed key (key.ok False: not stored)
    count_t entry_nodes    # s.nodes when the frame was opened
    size_t off             # where its heaps start in the arena
    int n                  # how many heaps
    int i                  # the heap whose options are being listed
    OptIt it
    int pass_
    int tried              # children taken in so far
    int32_t best           # best score for the mover so far
    uint32_t gx            # the guide: XOR of the heaps' Grundy values ...
    int gbig               # ... and how many are >= 2
    int qbig               # heaps past the quotient's bound (the leaf pass needs at most one)
    pile_t best_h          # best move: the size of the heap moved, and the option
    Opt best_o
    pile_t cur_h           # the move searched below this frame
    Opt cur_o


cdef struct Ctx:
    SearchState* s
    TTCore* table
    bint misere
    bint distance
    bint cancel_pairs      # normal play, values only: equal heaps cancel
    bint grundy_game
    int places[3][_PLACES]
    int nplaces[3]
    const uint32_t* g      # Grundy values by heap size (normal play)
    const uint8_t* live    # 1 when a heap of that size has a move
    const uint8_t* star1   # 1 when a heap of that size is the game *1 (its moves leave no live heap)
    pile_t s1              # the smallest such heap: every *1 heap of a child is written as it
    bint cancel_ones       # misère, values only: two *1 heaps cancel (*1 + *1 = 0)
    const uint8_t* tame    # misère leaves: 1 when a heap of that size is tame (NULL: none)
    bint etc               # misère: probe the children in the table first
    count_t leaves         # positions decided by the genus rule
    # the misère quotient's leaf (qphi NULL: none): heap -> element for heaps
    # 0..qbound, the multiplication table (qorder x qorder), and P as 0/1 by element
    const uint16_t* qphi
    const uint16_t* qmul
    const uint8_t* qp
    uint32_t qorder
    pile_t qbound
    count_t qleaves        # positions decided by the quotient
    count_t first_cuts     # won positions whose first child searched won
    count_t late_cuts      # ... and those that needed more (the guide was wrong)
    Frame* frames
    size_t cap
    size_t max_frames
    int32_t terminal       # score of a position without moves, for the mover
    int child_n            # length of the child _next_child wrote
    count_t work           # steps of work since the last work checkpoint (_CHECK_WORK)


cdef inline bint _next_opt(const Ctx* c, int h, OptIt* it, Opt* o) noexcept nogil:
    """The next option of a heap of h (False: none left)."""
    cdef int k, r, top_a
    while True:
        if it.kind == 0:
            if it.j < c.nplaces[0]:
                k = c.places[0][it.j]
                it.j += 1
                if h == k:
                    o.count = k
                    o.a = 0
                    o.b = 0
                    return True
                continue
            it.kind = 1
            it.j = 0
        elif it.kind == 1:
            if it.j < c.nplaces[1]:
                k = c.places[1][it.j]
                it.j += 1
                if h > k:
                    o.count = k
                    o.a = h - k
                    o.b = 0
                    return True
                continue
            it.kind = 2
            it.j = 0
            it.a = 1
        else:
            if it.j >= c.nplaces[2]:
                return False
            k = c.places[2][it.j]
            r = h - k
            if r >= 2:
                top_a = (r - 1) >> 1 if c.grundy_game else r >> 1
                if it.a <= top_a:
                    o.count = k
                    o.a = it.a
                    o.b = r - it.a
                    it.a += 1
                    return True
            it.j += 1
            it.a = 1


cdef inline int _write_child(const Ctx* c, const pile_t* p, int n, int i, const Opt* o,
                             pile_t* out) noexcept nogil:
    """Write the canonical child of p (move: option o of heap i) to out; its length."""
    cdef int j, m = 0, w
    cdef pile_t x = <pile_t>o.a, y = <pile_t>o.b, v
    if y and not c.live[y]:
        y = 0
    if x and not c.live[x]:
        x = y
        y = 0
    elif not x:
        x = y
        y = 0
    # a heap that is the game *1 is written as the smallest one (equal games)
    if x and c.star1[x]:
        x = c.s1
    if y and c.star1[y]:
        y = c.s1
    if y and x > y:
        v = x
        x = y
        y = v
    # now x <= y when both are non-zero; insert them into the sorted rest
    for j in range(n):
        if j == i:
            continue
        v = p[j]
        while x and x <= v:
            out[m] = x
            m += 1
            x = y
            y = 0
        out[m] = v
        m += 1
    while x:
        out[m] = x
        m += 1
        x = y
        y = 0
    if c.cancel_pairs:
        w = 0
        j = 0
        while j < m:
            if j + 1 < m and out[j] == out[j + 1]:
                j += 2
            else:
                out[w] = out[j]
                w += 1
                j += 1
        m = w
    elif c.cancel_ones:
        # misère: *1 + *1 = 0 (ONAG ch. 12); other equal pairs stay
        w = 0
        j = 0
        while j < m:
            if j + 1 < m and out[j] == c.s1 and out[j + 1] == c.s1:
                j += 2
            else:
                out[w] = out[j]
                w += 1
                j += 1
        m = w
    return m


cdef inline bint _predicted_lost(const Ctx* c, const Frame* f, pile_t h, const Opt* o) noexcept nogil:
    """The guide: is the child of option o of heap h predicted lost for its mover?"""
    cdef uint32_t gh = c.g[h], ga = c.g[o.a], gb = c.g[o.b]
    cdef uint32_t x = f.gx ^ gh ^ ga ^ gb
    cdef int big
    if not c.misere:
        return x == 0
    big = f.gbig - (gh >= 2) + (ga >= 2) + (gb >= 2)
    return x == 0 if big else x == 1


cdef inline int32_t _tame_score(const Ctx* c, const pile_t* p, int n) noexcept nogil:
    """Misère: the genus rule's score of a position of tame heaps, 0 when a heap is not tame.

    Every heap tame: the position plays as misère Nim on the Grundy values,
    lost iff (some value >= 2 and XOR 0) or (every value <= 1 and XOR 1).
    """
    cdef int j
    cdef uint32_t x = 0, v
    cdef bint big = False
    for j in range(n):
        if not c.tame[p[j]]:
            return 0
        v = c.g[p[j]]
        x ^= v
        big |= v >= 2
    if (x == 0) if big else (x == 1):
        return -1
    return 1


cdef inline int32_t _quotient_score(const Ctx* c, const pile_t* p, int n) noexcept nogil:
    """Misère: the quotient's score of a position of heaps within its bound, 0 when a heap
    is past it. Lost iff the product of the heaps' elements is in P (Plambeck-Siegel)."""
    cdef int j
    cdef uint32_t x = 0
    for j in range(n):
        if p[j] > c.qbound:
            return 0
    for j in range(n):
        x = c.qmul[x * c.qorder + c.qphi[p[j]]]
    return -1 if c.qp[x] else 1


cdef inline pile_t* _arena(const Ctx* c) noexcept nogil:
    return <pile_t*>c.s.ws.buf[WS_PILES]


cdef inline int _open(Ctx* c, Frame* f) noexcept nogil:
    """Start listing the children of frame f; -1 when the arena cannot grow."""
    cdef int j
    cdef const pile_t* p
    if ws_reserve(&c.s.ws, WS_PILES, (f.off + 2 * <size_t>f.n + 2) * sizeof(pile_t) * 2) != 0:
        c.s.stop = STOP_MEMORY
        return -1
    p = _arena(c) + f.off
    f.entry_nodes = c.s.nodes
    f.best = _NO_SCORE
    f.tried = 0
    f.best_h = 0
    f.i = 0
    f.it.kind = 0
    f.it.j = 0
    f.it.a = 1
    f.gx = 0
    f.gbig = 0
    f.qbig = 0
    for j in range(f.n):
        f.gx ^= c.g[p[j]]
        f.gbig += c.g[p[j]] >= 2
        f.qbig += p[j] > c.qbound
    if c.distance:
        f.pass_ = _PASS_ALL
    elif c.qphi != NULL and f.qbig <= 1:
        f.pass_ = _PASS_LEAF
    else:
        f.pass_ = _first_pass(c)
    return 0


cdef inline int _first_pass(const Ctx* c) noexcept nogil:
    """The pass that starts a frame (after the leaf pass, when there is one)."""
    if c.misere and c.table != NULL and c.etc:
        return _PASS_ETC
    return _PASS_GUIDED


cdef inline void _combine(Ctx* c, Frame* f, int32_t child) noexcept nogil:
    """Take in the score of the child searched below f."""
    cdef int32_t v = -child
    f.tried += 1
    if c.distance:
        v = v - 1 if v > 0 else v + 1
    if v > f.best:
        f.best = v
        f.best_h = f.cur_h
        f.best_o = f.cur_o
        if (v > 0 and not c.distance) or v == _MATE - 1:
            f.pass_ = _PASS_DONE      # a win (in one move, in distance mode): nothing better
            if f.tried == 1:
                c.first_cuts += 1
            else:
                c.late_cuts += 1


cdef inline bint _work_done(Ctx* c, count_t steps) noexcept nogil:
    """Count steps of work; every _CHECK_WORK of them a checkpoint. True when the search must stop."""
    c.work += steps
    if c.work < _CHECK_WORK:
        return False
    c.work = 0
    return search_checkpoint(c.s) != STOP_NONE


cdef inline bint _leaf_pass_skips(const Ctx* c, const Frame* f, pile_t h, const Opt* o) noexcept nogil:
    """The leaf pass: True when the child of option o of heap h has a heap past the bound."""
    return (f.qbig - (h > c.qbound) != 0 or <pile_t>o.a > c.qbound
            or <pile_t>o.b > c.qbound)


cdef inline bint _next_child(Ctx* c, Frame* f) noexcept nogil:
    """Write f's next child to follow it in the arena (length c.child_n); False when none.

    In the ETC pass a child is only probed: one known lost is combined at once
    (and ends the frame); the others are searched in the later passes.
    """
    cdef pile_t* p
    cdef pile_t* out
    cdef pile_t h
    cdef Opt o
    cdef bint lost
    cdef TTKey key
    cdef TTEntry* e
    while f.pass_ != _PASS_DONE:
        if _work_done(c, 1):
            return False            # stopped: _run sees s.stop before reading f as finished
        p = _arena(c) + f.off
        out = p + f.n
        if f.i >= f.n:
            # this pass is over: the next one starts from the first heap
            if f.pass_ == _PASS_LEAF:
                f.pass_ = _first_pass(c)
            else:
                f.pass_ = _PASS_GUIDED if f.pass_ == _PASS_ETC else (
                    _PASS_REST if f.pass_ == _PASS_GUIDED else _PASS_DONE)
            f.i = 0
            f.it.kind = 0
            f.it.j = 0
            f.it.a = 1
            continue
        h = p[f.i]
        if f.i > 0 and p[f.i - 1] == h:       # an equal heap has the same children
            f.i += 1
            continue
        if not _next_opt(c, <int>h, &f.it, &o):
            f.i += 1
            f.it.kind = 0
            f.it.j = 0
            f.it.a = 1
            continue
        if f.pass_ == _PASS_GUIDED or f.pass_ == _PASS_REST:
            lost = _predicted_lost(c, f, h, &o)
            if lost != (f.pass_ == _PASS_GUIDED):
                continue
        elif f.pass_ == _PASS_LEAF and _leaf_pass_skips(c, f, h, &o):
            continue
        c.child_n = _write_child(c, p, f.n, f.i, &o, out)
        c.work += <count_t>f.n            # writing a child costs its length
        f.cur_h = h
        f.cur_o = o
        if f.pass_ == _PASS_LEAF:
            # a child that is a leaf and lost for its mover wins at once
            if c.child_n and _quotient_score(c, out, c.child_n) < 0:
                c.qleaves += 1
                _combine(c, f, -1)
                return False
            continue
        if f.pass_ == _PASS_ETC:
            if c.child_n == 0:
                continue
            ttable_pack_gamma(out, c.child_n, 1, &key)
            if key.ok:
                e = ttable_probe(c.table, &key)
                if e != NULL and e.score < 0:
                    _combine(c, f, e.score)
                    return False
            continue
        return True
    return False


cdef int _grow(Ctx* c) noexcept nogil:
    """Double the frame stack; -1 (stop set) when out of memory or past max_frames."""
    cdef size_t cap = c.cap * 2
    if c.cap >= c.max_frames:
        c.s.stop = STOP_DEPTH
        c.s.stop_depth = <int>c.cap
        return -1
    if cap > c.max_frames:
        cap = c.max_frames
    if ws_reserve(&c.s.ws, WS_FRAMES, cap * sizeof(Frame)) != 0:
        c.s.stop = STOP_MEMORY
        return -1
    c.frames = <Frame*>c.s.ws.buf[WS_FRAMES]
    c.cap = cap
    return 0


cdef void _run(Ctx* c, int32_t* score, pile_t* best_h, Opt* best_o) noexcept nogil:
    """Search the root frame (frames[0], already filled and opened) to the end or a stop."""
    cdef SearchState* s = c.s
    cdef size_t d = 0
    cdef Frame* f
    cdef Frame* g
    cdef TTEntry* e
    cdef TTKey key
    cdef int32_t v
    cdef pile_t* child
    while True:
        if s.stop != STOP_NONE:
            return
        f = &c.frames[d]
        if _next_child(c, f):
            child = _arena(c) + f.off + f.n
            if search_count_node(s):
                return
            if s.next_check > s.nodes + _CHECK_NODES:
                s.next_check = s.nodes + _CHECK_NODES
            if c.child_n == 0:
                _combine(c, f, c.terminal)
                continue
            if c.qphi != NULL:
                v = _quotient_score(c, child, c.child_n)
                if v != 0:
                    c.qleaves += 1
                    _combine(c, f, v)
                    continue
            if c.tame != NULL:
                v = _tame_score(c, child, c.child_n)
                if v != 0:
                    c.leaves += 1
                    _combine(c, f, v)
                    continue
            ttable_pack_gamma(child, c.child_n, 1, &key)
            if c.table != NULL and key.ok:
                e = ttable_probe(c.table, &key)
                if e != NULL:
                    _combine(c, f, e.score)
                    continue
            if d + 1 >= c.cap and _grow(c) != 0:
                return
            f = &c.frames[d]
            g = &c.frames[d + 1]
            g.off = f.off + f.n
            g.n = c.child_n
            g.key = key
            if _open(c, g) != 0:
                return
            d += 1
            continue
        if s.stop != STOP_NONE:       # a work checkpoint stopped the listing: f is not finished
            return
        # every child seen (or cut off): f's score is exact
        if d == 0:
            score[0] = f.best
            best_h[0] = f.best_h
            best_o[0] = f.best_o
            return
        if c.table != NULL:
            if f.key.ok:
                ttable_store(c.table, &f.key, f.best, 0, 0, s.nodes - f.entry_nodes)
            else:
                c.table.unpackable += 1
        v = f.best
        d -= 1
        _combine(c, &c.frames[d], v)


cdef int _cmp_pile(const void* x, const void* y) noexcept nogil:
    cdef pile_t a = (<const pile_t*>x)[0], b = (<const pile_t*>y)[0]
    return (a > b) - (a < b)


cdef int _read_places(Ctx* c, takes_all, leaves, splits) except -1:
    """Copy a code's places (the counts whose digit has bit 1, 2 and 4) into the context, checked."""
    cdef int kind, i
    for kind, values in enumerate((takes_all, leaves, splits)):
        if len(values) > _PLACES:
            raise ValueError(f"at most {_PLACES} places, not {len(values)}")
        c.nplaces[kind] = len(values)
        for i, value in enumerate(values):
            if not 0 <= value < _PLACES:
                raise ValueError(f"a place is in 0..{_PLACES - 1}, not {value}")
            c.places[kind][i] = value
    return 0


cdef tuple _read_leaf(Ctx* c, leaf, pile_t top):
    """Check a quotient leaf ``(bound, elements, table, p)`` and point the context at it.

    Every index the search will form is checked here (elements < order, the
    table order x order, p one byte per element), so the C look-ups cannot
    read out of bounds.
    """
    cdef const uint16_t[::1] qphi
    cdef const uint16_t[::1] qmul
    cdef Py_ssize_t i
    cdef size_t order
    bound, elements, table, p = leaf
    qp_bytes = bytes(p)
    order = len(qp_bytes)
    if not 1 <= order <= MAX_LEAF_ORDER:
        raise ValueError(f"a quotient leaf has 1..{MAX_LEAF_ORDER} elements, not {order}")
    if bound < 0:
        raise ValueError(f"a quotient leaf's bound is >= 0, not {bound}")
    qphi = elements
    qmul = table
    if <size_t>qmul.shape[0] != order * order:
        raise ValueError(f"a quotient leaf's table has {order}**2 entries, not {qmul.shape[0]}")
    c.qbound = <pile_t>bound if bound < top else top
    if qphi.shape[0] < <Py_ssize_t>c.qbound + 1:
        raise ValueError(f"the quotient leaf's elements cover heaps 0..{qphi.shape[0] - 1}, not {c.qbound}")
    for i in range(<Py_ssize_t>c.qbound + 1):
        if qphi[i] >= order:
            raise ValueError(f"heap {i}'s element {qphi[i]} is not below the order {order}")
    for i in range(qmul.shape[0]):
        if qmul[i] >= order:
            raise ValueError(f"a product {qmul[i]} in the quotient leaf's table is not below the order {order}")
    if qphi[0] != 0:
        raise ValueError("a quotient leaf maps heap 0 to the identity (element 0)")
    c.qorder = <uint32_t>order
    c.qphi = &qphi[0]
    c.qmul = &qmul[0]
    c.qp = <const uint8_t*><const char*>qp_bytes
    return qphi, qmul, qp_bytes


def search(Search search, TranspositionTable table, takes_all, leaves, splits, bint grundy_game,
           grundy, bint distance=False, tame=None, bint etc=False, size_t max_frames=MAX_FRAMES,
           leaf=None):
    """Solve ``search``'s position under a take-and-break game.

    Parameters
    ----------
    search : Search
        The position (heaps in any order, dead ones allowed), limits and node
        counter; its rules give the convention (``misere``).
    table : TranspositionTable or None
        A table for this search alone (None: search without one). It is
        emptied first.
    takes_all, leaves, splits : sequences of int
        The places k of the code whose digit has bit 1, bit 2, bit 4
        (``nim.octal_codes.places``); Grundy's game: (), (), (0,).
    grundy_game : bool
        Splits must leave two unequal heaps (Grundy's game).
    grundy : sequence of int
        Normal-play Grundy values of heaps 0 .. the largest heap (the guide).
    distance : bool
        False: values +1 / -1 with cut-offs. True: scores
        +-(DIST_MATE - remoteness), every child searched.
    tame : bytes or None
        Misère play, values only: tame[h] is 1 when a heap of h is tame
        (nim.octal.genus), covering heaps 0 .. the largest; a position of
        tame heaps is then a leaf, decided by the genus rule. None: no leaves.
    etc : bool
        Misère play, values only: probe every child in the table before
        searching any (and take one known lost at once).
    max_frames : int
        Deepest game searched; deeper stops with ``stop_reason`` "depth".
    leaf : tuple or None
        Misère play, values only: a misère quotient exact for heaps 0..bound,
        as ``(bound, elements, table, p)``: ``elements[h]`` the element of a
        heap of h (an ``array('H')`` covering 0..min(bound, largest heap)),
        ``table`` the order x order multiplication table flattened row by row
        (``array('H')``), ``p`` one byte 0/1 per element (1: in the
        P-portion). A sub-position whose heaps are all within the bound is
        then decided by the table, and a move to a lost one is tried first.
        At most MAX_LEAF_ORDER elements.

    Returns
    -------
    (score, heap, count, a, b, stats) : tuple
        The score for the mover; a best move as the SIZE of the heap moved,
        the objects it takes and the heaps it leaves (0: none); heap 0: no
        move; a dict of counters: ``leaves`` (positions the genus rule
        decided), ``quotient_leaves`` (positions the quotient decided), ``first_cuts`` and ``late_cuts`` (won positions proved by
        the first child searched, and by a later one). Meaningless when
        ``search.stop_reason`` is not None.

    Raises
    ------
    ValueError
        When a heap exceeds MAX_HEAP, a code has too many places, or the
        Grundy values (or the tame table) do not cover the largest heap.
    MemoryError
        When the search's working memory cannot be allocated.
    """
    cdef Ctx c
    cdef SearchState* s = &search.c_state
    cdef int i, n = 0
    cdef pile_t top = 0, best_h = 0
    cdef Opt best_o
    cdef Opt o
    cdef OptIt it
    cdef int32_t score = 0
    cdef size_t total = 0
    cdef uint32_t* gtab
    cdef uint8_t* live
    cdef uint8_t* star1
    cdef pile_t* root
    cdef Frame* f
    cdef bytes tame_bytes = None          # kept alive here while the search reads it
    cdef const uint16_t[::1] qphi         # the leaf's arrays, kept alive here too
    cdef const uint16_t[::1] qmul
    cdef bytes qp_bytes = None
    best_o.count = best_o.a = best_o.b = 0
    for i in range(search.c_n):
        if search.c_piles[i] > MAX_HEAP:
            raise ValueError(f"heap {search.c_piles[i]} is larger than the split search takes ({MAX_HEAP})")
        top = search.c_piles[i] if search.c_piles[i] > top else top
        total += search.c_piles[i]
    if distance and total >= DIST_MATE // 4:
        raise ValueError("distance mode needs games shorter than 2**28 moves")
    if len(grundy) < top + 1:
        raise ValueError(f"the Grundy values cover heaps 0..{len(grundy) - 1}, not {top}")
    c.s = s
    c.misere = s.rules.misere
    c.distance = distance
    c.cancel_pairs = not c.misere and not distance
    c.grundy_game = grundy_game
    _read_places(&c, takes_all, leaves, splits)
    c.terminal = (1 if c.misere else -1) * (_MATE if distance else 1)
    c.etc = etc
    c.leaves = 0
    c.first_cuts = 0
    c.late_cuts = 0
    c.work = 0
    c.qphi = NULL
    c.qbound = 0
    c.qleaves = 0
    if leaf is not None and c.misere and not distance:
        qphi, qmul, qp_bytes = _read_leaf(&c, leaf, top)
    c.tame = NULL
    if tame is not None and c.misere and not distance:
        if len(tame) < top + 1:
            raise ValueError(f"the tame table covers heaps 0..{len(tame) - 1}, not {top}")
        tame_bytes = bytes(tame)
        c.tame = <const uint8_t*><const char*>tame_bytes
    c.table = NULL
    if table is not None:
        table.clear()
        table.c_core.keys = KEYS_GAMMA
        table.c_core.owner_mode = -1      # tt.search must not take these entries as its own
        c.table = &table.c_core
    if (ws_reserve(&s.ws, WS_GRUNDY, (top + 1) * sizeof(uint32_t)) != 0
            or ws_reserve(&s.ws, WS_THEORY, 2 * (top + 1) * sizeof(uint8_t)) != 0
            or ws_reserve(&s.ws, WS_PILES, (2 * <size_t>search.c_n + 4) * sizeof(pile_t)) != 0):
        raise MemoryError("no memory for the split search's tables")
    gtab = <uint32_t*>s.ws.buf[WS_GRUNDY]
    live = <uint8_t*>s.ws.buf[WS_THEORY]
    for i in range(top + 1):
        gtab[i] = grundy[i]
    c.g = gtab
    c.live = live
    for i in range(top + 1):
        it.kind = 0
        it.j = 0
        it.a = 1
        live[i] = i > 0 and _next_opt(&c, i, &it, &o)
    # *1 heaps: a move, and every move leaves no live heap (parts are smaller)
    star1 = live + top + 1
    c.star1 = star1
    c.s1 = 0
    for i in range(top + 1):
        star1[i] = live[i]
        it.kind = 0
        it.j = 0
        it.a = 1
        while star1[i] and _next_opt(&c, i, &it, &o):
            if (o.a and live[o.a]) or (o.b and live[o.b]):
                star1[i] = 0
        if star1[i] and c.s1 == 0:
            c.s1 = i
    c.cancel_ones = c.misere and not distance and c.s1 != 0
    root = <pile_t*>s.ws.buf[WS_PILES]
    for i in range(search.c_n):
        if live[search.c_piles[i]]:
            root[n] = search.c_piles[i]
            n += 1
    qsort(root, n, sizeof(pile_t), _cmp_pile)
    if n == 0:
        return c.terminal, 0, 0, 0, 0, {"leaves": 0, "quotient_leaves": 0, "first_cuts": 0, "late_cuts": 0}
    c.max_frames = max_frames if max_frames > 2 else 2
    c.cap = _FIRST_FRAMES if _FIRST_FRAMES < c.max_frames else c.max_frames
    if ws_reserve(&s.ws, WS_FRAMES, c.cap * sizeof(Frame)) != 0:
        raise MemoryError("no memory for the split search's frames")
    c.frames = <Frame*>s.ws.buf[WS_FRAMES]
    f = &c.frames[0]
    f.off = 0
    f.n = n
    f.key.ok = False                      # the root is not stored
    if _open(&c, f) != 0:
        raise MemoryError("no memory for the split search's positions")
    with nogil:
        _run(&c, &score, &best_h, &best_o)
    return score, best_h, best_o.count, best_o.a, best_o.b, {
        "leaves": c.leaves, "quotient_leaves": c.qleaves, "first_cuts": c.first_cuts,
        "late_cuts": c.late_cuts}


def live_heaps(takes_all, leaves, splits, bint grundy_game, int top):
    """Which heaps 0..top have a legal move, as a bytes of 0/1 (for callers and tests)."""
    cdef Ctx c
    cdef OptIt it
    cdef Opt o
    cdef int i
    c.grundy_game = grundy_game
    _read_places(&c, takes_all, leaves, splits)
    out = bytearray(top + 1)
    for i in range(1, top + 1):
        it.kind = 0
        it.j = 0
        it.a = 1
        out[i] = _next_opt(&c, i, &it, &o)
    return bytes(out)
