# cython: boundscheck=False, wraparound=False, cdivision=True
"""The compiled parts of the misère-quotient engine (``nim.octal.quotient``).

A pretension is a finite commutative monoid Q (elements 0..m-1, 0 the
identity, a full multiplication table), a subset P of Q and a heap map Phi.
This module holds the loops of the method (docs/theory.md, "Misère
quotients"):

- ``verify``: the least failure of a pretension, P-failures over Q x heap
  types and N-failures by the depth-first walk over words in lexicographic
  order with domination pruning (finite: the pairs (element, option set) are);
- ``conservative``: the elements a new heap may take without growing Q;
- ``build_candidate``: the trial monoid (an old quotient times cyclic monoids
  for the freed heaps), its P-portion filled from the game along each
  element's lexicographically least word, divided by the coarsest congruence
  that respects P, as a table;
- ``product`` / ``winning``: the O(heaps) answer and winning-move scan.

Every loop counts its steps in a ``Search`` (nimcore.search) and stops through
the core's one checkpoint, every few thousand steps: a deadline, a step limit,
Ctrl-C, a cancellation handle, a progress callback ``(steps, seconds)`` that
raises; and every size is capped. A limit stops the call with ``QuotientStop``,
its ``reason`` in the words of ``Search.stop_reason`` ("time", "nodes",
"interrupt", "cancelled", "error": the callback's exception in ``error``,
"memory", "size"), never a crash.

Memory: every buffer a kernel uses is a slot of its one ``Workspace``
(nimcore.workspace; the slot names below), freed in the kernel's one
``finally`` whatever stops it, counted (``QuotientStop.memory``: the most bytes
the kernel held) and, where the kernel takes ``memory_bytes``, bounded (a
reserve past the bound stops it with the reason "memory"). Every probe goes
through the core's one hash map (nimcore.hashmap), and no loop recurses: the
walk and the trial's enumeration keep their frames in the workspace.
"""

from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset

from nimcore.hashmap cimport HashMap, hm_clear, hm_get, hm_number, hm_put, hm_reserve, hm_slots_for
from nimcore.rules cimport CoreRules
from nimcore.search cimport (
    STOP_MEMORY, STOP_NONE, STOP_SIZE, Search, SearchState, search_count_node, search_count_nodes,
    search_set_interval,
)
from nimcore.workspace cimport WS_SLOTS, Workspace, ws_alloc, ws_free, ws_reserve, ws_zeroed

#: Steps between two checkpoints (the clock, Ctrl-C, the cancellation handle): a
#: step here (a word checked against its antichain, an element filled, a class
#: renumbered) is heavier than a search node, so fewer than CHECK_INTERVAL.
DEF CHECK_EVERY = 4096

#: Most heap types a walk goes over (its explicit stack holds a frame per type).
DEF MAX_DEPTH = 10000

#: Largest code space indexed directly (4 bytes a code); a larger one is hashed.
DEF DIRECT_SPACE = 1 << 24

class QuotientStop(Exception):
    """A kernel stopped on a limit: ``reason`` is "time", "interrupt",
    "cancelled", "memory", "nodes", "size" or "error"; ``size`` the size it
    reached, of ``what`` ("trial monoid", "trial product", "reduced candidate",
    "walk": option sets kept by the verification walk); ``memory`` the most
    bytes the kernel's workspace held (0 when it stopped before allocating)."""

    def __init__(self, reason, size=0, error=None, what="trial monoid", memory=0):
        super().__init__(reason)
        self.reason = reason
        self.size = size
        self.error = error
        self.what = what
        self.memory = memory


#: The rules of a kernel's Search: it uses only the limits and the checkpoint.
_NO_RULES = CoreRules(False, "any")


cdef Search limits(double seconds, long long node_limit, object cancel, object progress):
    """The Search whose state a kernel counts its steps in: the one checkpoint and
    StopReason numbering of every engine (nimcore.search), a checkpoint every
    CHECK_EVERY steps. ``progress`` is called as a search's is (steps, seconds)."""
    cdef Search search = Search(_NO_RULES, (), node_limit=node_limit if node_limit > 0 else None,
                                time_limit=seconds if seconds > 0 else None, progress=progress,
                                cancel=cancel)
    search_set_interval(&search.c_state, CHECK_EVERY)
    return search


cdef object stopped(Search search, int64_t size, object what="trial monoid", size_t memory=0):
    """The QuotientStop of a kernel its Search stopped: the reason in the words
    every engine uses (Search.stop_reason), the callback's exception when it raised."""
    search.finish()
    return QuotientStop(search.stop_reason, size, error=search.error, what=what, memory=memory)


cdef int no_memory(Workspace* ws, object what, int64_t size) except -1:
    """Raise for a failed reserve: QuotientStop "memory" when the workspace's bound
    refused it (or the kernel stops on memory anyway), else MemoryError."""
    if ws.limit or what is not None:
        raise QuotientStop("memory", size, what=what or "trial monoid", memory=ws.peak)
    raise MemoryError()


cdef void* need(Workspace* ws, int slot, size_t nbytes, object what=None, int64_t size=0) except NULL:
    """Slot `slot` of ws holding nbytes (not zeroed). Past the workspace's bound, or
    out of memory with `what` given: QuotientStop "memory" (of `what`, at `size`);
    out of memory otherwise: MemoryError."""
    cdef void* p = ws_alloc(ws, slot, nbytes)
    if p == NULL:
        no_memory(ws, what, size)
    return p


cdef void* need_zeroed(Workspace* ws, int slot, size_t nbytes, object what=None,
                       int64_t size=0) except NULL:
    """need, the bytes set to zero (calloc's use)."""
    cdef void* p = ws_zeroed(ws, slot, nbytes)
    if p == NULL:
        no_memory(ws, what, size)
    return p


cdef int32_t* int_array(Workspace* ws, int slot, object values, Py_ssize_t* length) except NULL:
    """A copy of a sequence of ints in slot `slot` of ws (one spare entry)."""
    cdef Py_ssize_t i, n = len(values)
    cdef int32_t* out = <int32_t*>need(ws, slot, (n + 1) * sizeof(int32_t))
    for i in range(n):
        out[i] = values[i]
    length[0] = n
    return out


# ---------------------------------------------------------------- verification

cdef enum:   # verify's workspace slots
    QV_GEN
    QV_TOFF
    QV_TVAL
    QV_PMASK
    QV_FRAMES
    QV_COUNTS
    QV_STACK
    QV_BEST
    QV_FMIN
    QV_SEEN
    QV_HEAD
    QV_POOL
    QV_NEXT
    QV_SLOTS


cdef struct Walk:
    int m                  # order of Q
    int words              # 64-bit words of a bitset over Q
    const int32_t* mul     # m x m table
    const unsigned char* P
    int ntypes
    int32_t* gen           # element of each type
    int32_t* toff          # options of type k: tval[toff[k] .. toff[k+1])
    int32_t* tval
    uint64_t* pmask        # P as a bitset
    uint64_t* frames       # one bitset per depth, plus a scratch one
    int32_t* counts        # the current word: copies of each type
    int32_t* stack         # the walk's frames, WALK_FRAME ints a depth (walk_visit)
    int32_t* best          # the least P-failure found so far (best_set)
    bint best_set
    int32_t* fmin          # least type k with (x, k) a P-failure, -1 if none
    unsigned char* seen
    # the antichains of option sets already met, one list per element
    int32_t* head
    int32_t* next
    uint64_t* pool
    int64_t pool_len
    int64_t pool_cap
    int64_t pool_limit     # most entries (memory cap)
    int found              # 0 none, 1 an N-failure in counts, 2 stop at best
    int64_t counts_total   # heaps in the current word
    SearchState* s         # the kernel's Search: its steps, limits and stop reason
    Workspace* ws          # every array above (slots QV_*); the pool grows in it


cdef int word_vs_best(Walk* w) noexcept nogil:
    """-1, 0, 1: the current word against the best P-failure (largest type most significant)."""
    cdef int k
    for k in range(w.ntypes - 1, -1, -1):
        if w.counts[k] != w.best[k]:
            return -1 if w.counts[k] < w.best[k] else 1
    return 0


cdef int walk_check(Walk* w, int x, uint64_t* S) noexcept nogil:
    """Check the current word (element x, option set S). Returns 1 when the
    walk must cut here (dominated), 2 when it must stop (a failure or a limit), else 0."""
    cdef int k, i
    cdef int64_t e
    cdef uint64_t* stored
    cdef bint sub
    if search_count_node(w.s):
        return 2
    if w.best_set and word_vs_best(w) >= 0:
        w.found = 2
        return 2
    # N-failure: not predicted lost, yet no option predicted lost (checked before the
    # cut: a word dominated by the empty word can fail where the empty word cannot)
    if not w.P[x] and w.counts_total > 0:
        sub = True
        for i in range(w.words):
            if S[i] & w.pmask[i]:
                sub = False
                break
        if sub:
            w.found = 1
            return 2
    # dominated by an earlier word with the same element and a subset of options?
    e = w.head[x]
    while e >= 0:
        stored = w.pool + e * w.words
        sub = True
        for i in range(w.words):
            if stored[i] & ~S[i]:
                sub = False
                break
        if sub:
            return 1
        e = w.next[e]
    if not w.seen[x]:
        w.seen[x] = 1
        k = w.fmin[x]
        if k >= 0:
            # the least P-failure through x: its least word plus heap type k
            w.counts[k] += 1
            if not w.best_set or word_vs_best(w) < 0:
                memcpy(w.best, w.counts, w.ntypes * sizeof(int32_t))
                w.best_set = True
            w.counts[k] -= 1
    # remember (x, S)
    if w.pool_len >= w.pool_cap:
        if w.pool_cap >= w.pool_limit:
            w.s.stop = STOP_MEMORY
            return 2
        w.pool_cap = min(w.pool_cap * 2, w.pool_limit)
        if (ws_reserve(w.ws, QV_POOL, w.pool_cap * w.words * sizeof(uint64_t)) != 0
                or ws_reserve(w.ws, QV_NEXT, w.pool_cap * sizeof(int32_t)) != 0):
            w.s.stop = STOP_MEMORY
            return 2
        w.pool = <uint64_t*>w.ws.buf[QV_POOL]       # the buffers may have moved
        w.next = <int32_t*>w.ws.buf[QV_NEXT]
    e = w.pool_len
    w.pool_len += 1
    memcpy(w.pool + e * w.words, S, w.words * sizeof(uint64_t))
    w.next[e] = w.head[x]
    w.head[x] = <int32_t>e
    return 0


cdef void add_type(Walk* w, int x, const uint64_t* S, int k, uint64_t* out) noexcept nogil:
    """out = S(u + k) = S(u) * gen(k)  U  x * T(k), for u with element x and options S."""
    cdef int i, s, j
    cdef uint64_t bits
    cdef int g = w.gen[k]
    cdef const int32_t* row
    memset(out, 0, w.words * sizeof(uint64_t))
    for i in range(w.words):
        bits = S[i]
        while bits:
            j = __builtin_ctzll(bits)
            bits &= bits - 1
            s = w.mul[(<int64_t>(i * 64 + j)) * w.m + g]
            out[s >> 6] |= (<uint64_t>1) << (s & 63)
    row = w.mul + (<int64_t>x) * w.m
    for j in range(w.toff[k], w.toff[k + 1]):
        s = row[w.tval[j]]
        out[s >> 6] |= (<uint64_t>1) << (s & 63)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


# The walk's explicit stack: one frame of WALK_FRAME ints per depth (no C recursion,
# as search.pxd promises of every engine): the word's element, the types it may still
# extend by (below `top`), the type being added, the element after it, and where the
# frame is in its loop.
DEF WALK_FRAME = 5
DEF F_X = 0
DEF F_TOP = 1
DEF F_K = 2
DEF F_Y = 3
DEF F_PHASE = 4
DEF PHASE_NEXT_TYPE = 0     # start adding the type F_K (or pop when F_K reaches F_TOP)
DEF PHASE_CHECK = 1         # check the word with one more copy of F_K
DEF PHASE_EXTEND = 2        # the deeper extensions are done: add another copy of F_K


cdef int walk_visit(Walk* w, int x0, int top0) noexcept nogil:
    """Visit, in lexicographic order, every extension of the current word (element
    x0, option set in frame 0) by types below `top0`. Returns 2 to stop.

    Depth-first over an explicit stack in ``w.stack`` (depth d's option set is frame
    d of ``w.frames``): the order and the cuts of the recursive walk it replaces."""
    cdef int d = 0, k, r
    cdef int32_t* f
    cdef uint64_t* S
    cdef uint64_t* U
    cdef uint64_t* scratch = w.frames + (<int64_t>(w.ntypes + 1)) * w.words
    f = w.stack
    f[F_X] = x0
    f[F_TOP] = top0
    f[F_K] = 0
    f[F_PHASE] = PHASE_NEXT_TYPE
    while True:
        f = w.stack + (<int64_t>d) * WALK_FRAME
        S = w.frames + (<int64_t>d) * w.words
        U = w.frames + (<int64_t>(d + 1)) * w.words
        k = f[F_K]
        if f[F_PHASE] == PHASE_NEXT_TYPE:
            if k >= f[F_TOP]:
                if d == 0:
                    return 0
                d -= 1                              # back to the parent, which goes on with its type
                w.stack[(<int64_t>d) * WALK_FRAME + F_PHASE] = PHASE_EXTEND
                continue
            add_type(w, f[F_X], S, k, U)
            f[F_Y] = w.mul[(<int64_t>f[F_X]) * w.m + w.gen[k]]
            w.counts[k] += 1
            w.counts_total += 1
            f[F_PHASE] = PHASE_CHECK
        elif f[F_PHASE] == PHASE_EXTEND:
            add_type(w, f[F_Y], U, k, scratch)
            memcpy(U, scratch, w.words * sizeof(uint64_t))
            f[F_Y] = w.mul[(<int64_t>f[F_Y]) * w.m + w.gen[k]]
            w.counts[k] += 1
            w.counts_total += 1
            f[F_PHASE] = PHASE_CHECK
        # PHASE_CHECK
        r = walk_check(w, f[F_Y], U)
        if r == 2:
            return 2              # counts hold the failure (or a limit stopped)
        if r == 1:
            w.counts_total -= w.counts[k]
            w.counts[k] = 0       # undo every copy of k added by this frame
            f[F_K] = k + 1
            f[F_PHASE] = PHASE_NEXT_TYPE
            continue
        if k > 0:                 # the extensions by smaller types first, one frame deeper
            f[F_PHASE] = PHASE_EXTEND
            d += 1
            f = w.stack + (<int64_t>d) * WALK_FRAME
            f[F_X] = w.stack[(<int64_t>(d - 1)) * WALK_FRAME + F_Y]
            f[F_TOP] = k
            f[F_K] = 0
            f[F_PHASE] = PHASE_NEXT_TYPE
        else:
            f[F_PHASE] = PHASE_EXTEND


def verify(int m, mul, P, gens, options, double seconds=0.0, long long node_limit=0,
           long long memory_bytes=1 << 30, cancel=None, progress=None):
    """The least failure of the pretension (Q, P, Phi), or None when it is correct.

    Parameters
    ----------
    m : int
        The order of Q (elements 0..m-1, 0 the identity).
    mul : array('i') of m * m
        The multiplication table, row-major.
    P : bytes of m
        1 for the elements of the P-portion.
    gens : sequence of int
        The element of each heap type, types in increasing heap order.
    options : sequence of sequences of int
        The elements of each type's options.
    memory_bytes : int
        Bytes for the option sets the walk keeps (beyond its fixed arrays, which
        the bound also counts); past them it stops with the reason "memory".

    Returns
    -------
    None, or the least failing word as a list of copies of each type.

    Raises
    ------
    QuotientStop
        On the time, node or memory limit, Ctrl-C or the cancellation.
    """
    cdef Walk w
    cdef Workspace ws
    cdef Search search
    cdef int32_t[::1] mulv = mul
    cdef const unsigned char[::1] pv = P
    cdef Py_ssize_t nt, i, k, total = 0
    cdef int x, z, t, j, words = (m + 63) // 64
    cdef int result
    if m < 1 or mulv.shape[0] != <Py_ssize_t>m * m or pv.shape[0] != m:
        raise ValueError("verify: the table and P do not have the monoid's order")
    memset(&w, 0, sizeof(Walk))
    memset(&ws, 0, sizeof(Workspace))
    search = limits(seconds, node_limit, cancel, progress)
    w.s = &search.c_state
    w.m = m
    w.words = words
    w.mul = &mulv[0]
    w.P = &pv[0]
    nt = len(gens)
    if nt > MAX_DEPTH:
        raise QuotientStop("size", nt, what="heap types")
    w.ntypes = <int>nt
    for k in range(nt):
        total += len(options[k])
    w.ws = &ws
    try:
        w.gen = int_array(&ws, QV_GEN, gens, &i)
        w.toff = <int32_t*>need(&ws, QV_TOFF, (nt + 1) * sizeof(int32_t))
        w.tval = <int32_t*>need(&ws, QV_TVAL, (total + 1) * sizeof(int32_t))
        w.pmask = <uint64_t*>need_zeroed(&ws, QV_PMASK, words * sizeof(uint64_t))
        w.frames = <uint64_t*>need_zeroed(&ws, QV_FRAMES, (nt + 2) * words * sizeof(uint64_t))
        w.counts = <int32_t*>need_zeroed(&ws, QV_COUNTS, (nt + 1) * sizeof(int32_t))
        w.stack = <int32_t*>need(&ws, QV_STACK, (nt + 1) * WALK_FRAME * sizeof(int32_t))
        w.best = <int32_t*>need_zeroed(&ws, QV_BEST, (nt + 1) * sizeof(int32_t))
        w.fmin = <int32_t*>need(&ws, QV_FMIN, m * sizeof(int32_t))
        w.seen = <unsigned char*>need_zeroed(&ws, QV_SEEN, m)
        w.head = <int32_t*>need(&ws, QV_HEAD, m * sizeof(int32_t))
        w.pool_cap = 1024
        w.pool_limit = max(1024, memory_bytes // (words * 8 + 4))
        # the bound: these arrays, and the option sets kept up to memory_bytes
        # (pool and links, pool_limit entries of words * 8 + 4 bytes)
        ws.limit = ws.total + <size_t>w.pool_limit * (words * 8 + 4)
        w.pool = <uint64_t*>need(&ws, QV_POOL, w.pool_cap * words * sizeof(uint64_t))
        w.next = <int32_t*>need(&ws, QV_NEXT, w.pool_cap * sizeof(int32_t))
        total = 0
        for k in range(nt):
            w.toff[k] = <int32_t>total
            if not 0 <= w.gen[k] < m:
                raise ValueError("verify: a heap's element is not in Q")
            for t in options[k]:
                if not 0 <= t < m:
                    raise ValueError("verify: an option's element is not in Q")
                w.tval[total] = t
                total += 1
        w.toff[nt] = <int32_t>total
        for x in range(m):
            w.head[x] = -1
            if w.P[x]:
                w.pmask[x >> 6] |= (<uint64_t>1) << (x & 63)
        with nogil:
            # P-failures: x * gen(k) in P while some x * t (t an option of k) is in P
            for x in range(m):
                w.fmin[x] = -1
                for k in range(nt):
                    if not w.P[w.mul[(<int64_t>x) * m + w.gen[k]]]:
                        continue
                    for j in range(w.toff[k], w.toff[k + 1]):
                        if w.P[w.mul[(<int64_t>x) * m + w.tval[j]]]:
                            w.fmin[x] = <int32_t>k
                            break
                    if w.fmin[x] >= 0:
                        break
            if w.P[0]:
                result = 3            # the empty word is won in misère play: 0 in P fails at once
            else:
                # the empty word: element 0, no option
                result = walk_check(&w, 0, w.frames)
                if result != 2:
                    result = walk_visit(&w, 0, w.ntypes)
        if result == 3:
            return [0] * nt
        if search.c_state.stop != STOP_NONE:
            raise stopped(search, w.pool_len, "walk", ws.peak)
        if w.found == 1:
            return [w.counts[k] for k in range(nt)]
        if w.found == 2 or w.best_set:
            return [w.best[k] for k in range(nt)]
        return None
    finally:
        ws_free(&ws)


cdef enum:   # the workspace slots of the small kernels
    QS_A
    QS_B
    QS_C
    QS_D
    QS_E
    QS_F
    QS_G
    QS_H


def conservative(int m, mul, P, options):
    """The elements x of Q a new heap with option elements ``options`` may take
    without a P-failure: x in P iff no option is, and no z has z*x and some z*t in P."""
    cdef int32_t[::1] mulv = mul
    cdef const unsigned char[::1] pv = P
    cdef Workspace ws
    cdef Py_ssize_t nt
    cdef int32_t* tv
    cdef unsigned char* zt
    cdef int x, z, j
    cdef bint lost_alone = True, ok
    if m < 1 or mulv.shape[0] != <Py_ssize_t>m * m or pv.shape[0] != m:
        raise ValueError("conservative: the table and P do not have the monoid's order")
    memset(&ws, 0, sizeof(Workspace))
    out = []
    try:
        tv = int_array(&ws, QS_A, options, &nt)
        zt = <unsigned char*>need_zeroed(&ws, QS_B, m)
        for j in range(nt):
            if not 0 <= tv[j] < m:
                raise ValueError("conservative: an option's element is not in Q")
            if pv[tv[j]]:
                lost_alone = False
        with nogil:
            for z in range(m):
                for j in range(nt):
                    if pv[mulv[(<int64_t>z) * m + tv[j]]]:
                        zt[z] = 1
                        break
        for x in range(m):
            if (pv[x] != 0) != lost_alone:
                continue
            ok = True
            with nogil:
                for z in range(m):
                    if zt[z] and pv[mulv[(<int64_t>z) * m + x]]:
                        ok = False
                        break
            if ok:
                out.append(x)
        return out
    finally:
        ws_free(&ws)


# ---------------------------------------------------------------- the trial monoid

cdef enum:   # build_candidate's workspace slots
    QB_BASE
    QB_SLOT
    QB_INDEX
    QB_PERIOD
    QB_RADIX
    QB_OA
    QB_OB
    QB_OOFF
    QB_LIVE
    QB_WHERE       # the direct code table, or the code map's values
    QB_WKEYS       # the code map's keys
    QB_CODES
    QB_PARENT
    QB_PHEAP
    QB_P
    QB_PATH
    QB_PCODE
    QB_VISIT       # trial_visit's frames
    QB_GHEAP
    QB_COLOF
    QB_ACT
    QB_CLS
    QB_NEWCLS
    QB_HKEYS       # the class numbering's map
    QB_HVALS
    QB_REP
    QB_TABLE
    QB_SLOTS


# each kernel's slots fit a workspace (checked at import: a slot past them would
# write past the workspace's arrays)
if QB_SLOTS > WS_SLOTS or QV_SLOTS > WS_SLOTS:
    raise ImportError(f"nimcore.quotient: {max(QB_SLOTS, QV_SLOTS)} workspace slots, {WS_SLOTS} exist")


cdef struct Trial:
    int b                   # order of the base monoid
    const int32_t* bmul     # its table
    int nheaps              # heaps 0..nheaps-1
    int32_t* base           # base element of each heap, -1 when freed
    int32_t* slot           # freed component of each heap
    int nfree
    int32_t* index          # index and period of each freed component
    int32_t* period
    int64_t* radix          # code weight of each freed component
    int32_t* oa             # options of heap h: pairs (oa, ob) in [ooff[h], ooff[h+1]); 0 = none
    int32_t* ob
    int32_t* ooff
    int32_t* live           # the heaps with a move, increasing
    int nlive
    int32_t* where          # code -> element index, -1 unseen (a direct table), or NULL and
    HashMap wmap            # ... a hash map of the codes met (a large code space)
    int64_t wmax            # most slots the code map may grow to
    int64_t space
    int64_t* codes          # element -> code
    int32_t* parent         # element -> element it was reached from
    int32_t* pheap          # ... by this heap
    unsigned char* P
    int64_t size
    int64_t cap
    int32_t* path           # the heaps of the current word, in the order added
    int64_t* pcode          # the code after each
    SearchState* s          # the kernel's Search: its steps, limits and stop reason
    int error
    Workspace* ws           # every array above (slots QB_*)


cdef inline int32_t where_get(Trial* t, int64_t code) noexcept nogil:
    """The element index of a code, -1 when not met."""
    if t.where != NULL:
        return t.where[code]
    return hm_get(t.wmap, code)


cdef int where_grow(Trial* t) noexcept nogil:
    """Double the code map and put back the codes of the elements met so far
    (it starts small: most trials are far below the cap, and clearing a table
    of twice the cap cost more than building them). 1 when out of memory."""
    cdef int64_t slots = 2 * (t.wmap.mask + 1), e
    if hm_reserve(&t.wmap, t.ws, QB_WKEYS, QB_WHERE, slots) != 0:
        return 1
    hm_clear(&t.wmap, slots)
    for e in range(t.size):
        hm_put(t.wmap, t.codes[e], <int32_t>e)
    return 0


cdef inline void where_set(Trial* t, int64_t code, int32_t value) noexcept nogil:
    if t.where != NULL:
        t.where[code] = value
    else:
        hm_put(t.wmap, code, value)


cdef inline int64_t trial_act(Trial* t, int64_t code, int h) noexcept nogil:
    """The code of (element of `code`) times (element of heap h): its base
    element times, when it has one, its component's generator."""
    cdef int64_t beta, k, j
    cdef int s
    if t.base[h] > 0:
        beta = code % t.b
        code = code - beta + t.bmul[beta * t.b + t.base[h]]
    s = t.slot[h]
    if s < 0:
        return code
    k = (code // t.radix[s]) % (t.index[s] + t.period[s])
    j = k + 1
    if j >= t.index[s] + t.period[s]:
        j = t.index[s]
    return code + (j - k) * t.radix[s]


cdef int trial_fill_node(Trial* t, int depth, int64_t code) noexcept nogil:
    """Record the element of the current word (path[0..depth)), its least word, and
    whether it is lost: no option of the word lost (the options' words are smaller)."""
    cdef int64_t e, c, oc
    cdef int p, q, h, i, last
    cdef int32_t j
    cdef bint lost = True
    if t.size >= t.cap:
        t.s.stop = STOP_SIZE
        return 2
    e = t.size
    t.size += 1
    t.codes[e] = code
    where_set(t, code, <int32_t>e)
    if t.where == NULL and 2 * t.size > t.wmap.mask + 1 and t.wmap.mask + 1 < t.wmax:
        if where_grow(t):
            t.s.stop = STOP_MEMORY
            return 2
    t.parent[e] = where_get(t, t.pcode[depth - 2]) if depth >= 2 else 0
    t.pheap[e] = t.path[depth - 1]
    # options: for each heap type in the word (its last copy), remove it and add an option
    p = depth - 1
    while p >= 0 and lost:
        h = t.path[p]
        last = p
        while p >= 0 and t.path[p] == h:
            p -= 1
        # the word without one copy of h
        c = t.pcode[last - 1] if last >= 1 else 0
        for q in range(last + 1, depth):
            c = trial_act(t, c, t.path[q])
        for i in range(t.ooff[h], t.ooff[h + 1]):
            oc = c
            if t.oa[i]:
                oc = trial_act(t, oc, t.oa[i])
            if t.ob[i]:
                oc = trial_act(t, oc, t.ob[i])
            j = where_get(t, oc)
            if j < 0:
                t.error = 1       # an option not met before its word: cannot happen
                return 2
            if t.P[j]:
                lost = False
                break
    t.P[e] = lost
    return 0


# trial_visit's explicit stack (no C recursion, as search.pxd promises of every
# engine): a frame a word being extended, at most one per live heap type.
cdef struct VisitFrame:
    int64_t code0           # the code of the word the frame extends
    int64_t c               # ... after the copies of live[k] added so far
    int32_t depth0          # the length of that word
    int32_t d               # ... with those copies
    int32_t top             # the frame extends by the heaps live[0 .. top)
    int32_t k               # the one it adds now


cdef int trial_visit(Trial* t, VisitFrame* stack, int top0) noexcept nogil:
    """Every least word of the trial, in order: each word, in increasing order of
    heap types, extended by copies of live[k] and then, depth-first, by the
    smaller types. Returns 2 to stop.

    A word whose code was met already is not the least word of its element, nor is
    any extension of it: the frame goes on with its next type. The order and the
    cuts are those of the recursive enumeration this replaces. The running frame
    lives in locals (registers); `stack` keeps the frames below it, at most top0
    (a child's `top` is below its parent's)."""
    cdef int sp = 0, h, k = 0, top = top0
    cdef int32_t d = 0, depth0 = 0
    cdef int64_t c = 0, code0 = 0
    cdef VisitFrame* f
    if top0 <= 0:
        return 0
    while True:
        h = t.live[k]
        c = trial_act(t, c, h)              # one more copy of live[k]
        if where_get(t, c) >= 0:
            k += 1                          # not a least word: the next type ...
            if k < top:
                c = code0
                d = depth0
                continue
            if sp == 0:
                return 0
            sp -= 1                         # ... or back to the parent, which adds another copy
            f = stack + sp
            code0 = f.code0
            c = f.c
            depth0 = f.depth0
            d = f.d
            top = f.top
            k = f.k
            continue
        if search_count_node(t.s):
            return 2
        t.path[d] = h
        t.pcode[d] = c
        d += 1
        if trial_fill_node(t, d, c) == 2:
            return 2
        if k > 0:                           # the extensions by smaller types first
            f = stack + sp
            f.code0 = code0
            f.c = c
            f.depth0 = depth0
            f.d = d
            f.top = top
            f.k = k
            sp += 1
            code0 = c
            depth0 = d
            top = k
            k = 0


cdef int64_t refine_pass(HashMap h, const int32_t* cls, const int32_t* col, int32_t* out, int64_t s,
                         int32_t prev, int64_t most, int32_t* count) noexcept nogil:
    """out[x] = the number of the pair (cls[x], cls[col[x]]), numbered from *count up,
    for x = 0 .. s-1; stops early, returning where, once more than ``most`` pairs are
    numbered (the table is then too small), else returns s.

    Its own small function: GCC inlines the probe (hm_number) into this loop, where
    inside build_candidate it called it (7% of a Dawson's Kayles quotient, the
    regression of the workspace change)."""
    cdef int64_t x = 0
    cdef int32_t n = count[0]
    while x < s:
        out[x] = hm_number(h, (<int64_t>cls[x]) * prev + cls[col[x]], &n)
        if n > most:
            break
        x += 1
    count[0] = n
    return x


def build_candidate(int b, bmul, base, comp, freed, options, live, long long max_size=300000,
                    long long max_space=1 << 25, long long max_table=1 << 27, double seconds=0.0,
                    cancel=None, progress=None, long long memory_bytes=0):
    """The reduced candidate of a trial monoid.

    The trial is the base monoid (order ``b``, table ``bmul``) times one cyclic
    monoid per component; heap h maps to the base element ``base[h]`` times,
    when ``comp[h] >= 0``, the generator of that component; ``freed`` lists
    each component's ``(index, period)``; ``options[h]`` the options of heap h as
    pairs of heaps (0: no heap); ``live`` the heaps with a move. Its elements
    are those of the heaps' words; each is lost when no option of its least word
    is; the result is divided by the coarsest congruence that respects P.
    ``memory_bytes`` bounds everything the build holds (0: only the caps).

    Returns
    -------
    (trial_size, order, table, P, images): table an array('i') of order**2,
    P bytes, images the element of each heap 0..len(base)-1.

    Raises
    ------
    QuotientStop
        "size" when the trial passes ``max_size`` elements or its code space
        ``max_space``, or the class table ``max_table`` entries; "memory" past
        ``memory_bytes`` or out of memory; or a limit.
    ValueError
        When the arguments do not describe a trial (a table of the wrong size,
        an element, heap or component that is not there).
    """
    cdef Trial t
    cdef Workspace ws
    cdef Search search
    cdef SearchState* st
    cdef HashMap hmap
    cdef int32_t[::1] bmulv = bmul
    cdef Py_ssize_t n = len(base), i, nf = len(freed), total = 0, nl
    cdef int64_t s, x, g, G, key, mask, hsize, emask
    cdef int32_t ncls, prev, fresh
    cdef int32_t* cls = NULL
    cdef int32_t* newcls = NULL
    cdef int32_t* act = NULL
    cdef int32_t* gheap = NULL
    cdef int32_t* colof = NULL
    cdef int64_t quiet
    cdef int32_t[::1] out_view
    cdef int32_t* rep = NULL
    cdef int32_t* table = NULL
    cdef VisitFrame* frames
    cdef int64_t c1, col, pcol
    cdef int h, result
    from array import array
    if b < 1 or bmulv.shape[0] != <Py_ssize_t>b * b:
        raise ValueError("build_candidate: the base table does not have the base's order")
    memset(&t, 0, sizeof(Trial))
    memset(&ws, 0, sizeof(Workspace))
    memset(&hmap, 0, sizeof(HashMap))
    ws.limit = memory_bytes if memory_bytes > 0 else 0
    search = limits(seconds, 0, cancel, progress)
    st = &search.c_state
    t.s = st
    t.ws = &ws
    t.b = b
    t.bmul = &bmulv[0]
    t.nheaps = <int>n
    for h in range(n):
        total += len(options[h])
    try:
        t.base = int_array(&ws, QB_BASE, base, &i)
        t.slot = <int32_t*>need(&ws, QB_SLOT, (n + 1) * sizeof(int32_t))
        t.index = <int32_t*>need(&ws, QB_INDEX, (nf + 1) * sizeof(int32_t))
        t.period = <int32_t*>need(&ws, QB_PERIOD, (nf + 1) * sizeof(int32_t))
        t.radix = <int64_t*>need(&ws, QB_RADIX, (nf + 1) * sizeof(int64_t))
        t.oa = <int32_t*>need(&ws, QB_OA, (total + 1) * sizeof(int32_t))
        t.ob = <int32_t*>need(&ws, QB_OB, (total + 1) * sizeof(int32_t))
        t.ooff = <int32_t*>need(&ws, QB_OOFF, (n + 1) * sizeof(int32_t))
        t.live = int_array(&ws, QB_LIVE, live, &nl)
        t.nlive = <int>nl
        if nl > MAX_DEPTH:
            raise QuotientStop("size", nl, what="heap types")
        for i in range(nl):
            if not 0 <= t.live[i] < n:
                raise ValueError("build_candidate: a live heap is not a heap of the trial")
        t.nfree = <int>nf
        s = b
        for i in range(nf):
            idx, per = freed[i]
            if idx < 0 or per < 1:
                raise ValueError("build_candidate: a component needs index >= 0 and period >= 1")
            t.index[i] = idx
            t.period[i] = per
            t.radix[i] = s
            if s > max_space // (idx + per) + 1:
                raise QuotientStop("size", s * (idx + per), what="trial product")
            s *= idx + per
        for h in range(n):
            t.slot[h] = comp[h]
            if not -1 <= comp[h] < nf:
                raise ValueError("build_candidate: a heap names a component that is not there")
            if not 0 <= t.base[h] < b:
                raise ValueError("build_candidate: a heap's base element is not in the base")
        # the base table's columns the heaps act by hold elements of the base (the codes
        # index the code table): b checks a heap, not b * b a call (a tenth of a build)
        for h in range(n):
            if h == 0 or t.base[h] != t.base[h - 1]:
                for x in range(b):
                    if not 0 <= t.bmul[x * b + t.base[h]] < b:
                        raise ValueError("build_candidate: the base table holds an element that is not there")
        if s > max_space:
            raise QuotientStop("size", s, what="trial product")
        t.space = s
        total = 0
        for h in range(n):
            t.ooff[h] = <int32_t>total
            for a, c in options[h]:
                t.oa[total] = a
                t.ob[total] = c
                if not (0 <= t.oa[total] < n and 0 <= t.ob[total] < n):
                    raise ValueError("build_candidate: an option names a heap that is not there")
                total += 1
        t.ooff[n] = <int32_t>total
        t.cap = min(max_size, s)
        if t.space <= DIRECT_SPACE:
            t.where = <int32_t*>need(&ws, QB_WHERE, t.space * sizeof(int32_t), "trial monoid", t.space)
        else:
            t.wmax = hm_slots_for(t.cap)
            if hm_reserve(&t.wmap, &ws, QB_WKEYS, QB_WHERE, min(t.wmax, 1 << 16)) != 0:
                no_memory(&ws, "trial monoid", t.space)
        t.codes = <int64_t*>need(&ws, QB_CODES, (t.cap + 1) * sizeof(int64_t), "trial monoid", t.space)
        t.parent = <int32_t*>need(&ws, QB_PARENT, (t.cap + 1) * sizeof(int32_t), "trial monoid", t.space)
        t.pheap = <int32_t*>need(&ws, QB_PHEAP, (t.cap + 1) * sizeof(int32_t), "trial monoid", t.space)
        t.P = <unsigned char*>need_zeroed(&ws, QB_P, t.cap + 1, "trial monoid", t.space)
        t.pcode = <int64_t*>need(&ws, QB_PCODE, (t.cap + 2) * sizeof(int64_t), "trial monoid", t.space)
        t.path = <int32_t*>need(&ws, QB_PATH, (t.cap + 2) * sizeof(int32_t),     # a least word is no longer
                                "trial monoid", t.space)
        frames = <VisitFrame*>need(&ws, QB_VISIT, (t.nlive + 1) * sizeof(VisitFrame), "trial monoid", t.space)
        with nogil:
            if t.where != NULL:
                for x in range(t.space):
                    t.where[x] = -1
            else:
                hm_clear(&t.wmap, t.wmap.slots)
            # the empty word: the identity, won (no move)
            where_set(&t, 0, 0)
            t.codes[0] = 0
            t.parent[0] = 0
            t.pheap[0] = 0
            t.P[0] = 0
            t.size = 1
            result = trial_visit(&t, frames, t.nlive)
        if t.error:
            raise RuntimeError("build_candidate: an option was met after its word (a bug)")
        if st.stop != STOP_NONE:
            raise stopped(search, t.size, "trial monoid", ws.peak)
        s = t.size
        # generators: one column per distinct heap action (heaps with the same base
        # element and component act alike; Dawson's Kayles has about half as many)
        gheap = <int32_t*>need(&ws, QB_GHEAP, (t.nlive + 1) * sizeof(int32_t), "trial monoid", s)
        colof = <int32_t*>need(&ws, QB_COLOF, (n + 1) * sizeof(int32_t), "trial monoid", s)
        columns = {}
        for i in range(t.nlive):
            h = t.live[i]
            found = columns.setdefault((t.base[h], t.slot[h]), len(columns))
            colof[h] = found
            gheap[found] = h
        G = len(columns)
        act = <int32_t*>need(&ws, QB_ACT, max(1, s * G) * sizeof(int32_t), "trial monoid", s)
        cls = <int32_t*>need(&ws, QB_CLS, s * sizeof(int32_t), "trial monoid", s)
        newcls = <int32_t*>need(&ws, QB_NEWCLS, s * sizeof(int32_t), "trial monoid", s)
        hsize = hm_slots_for(s)
        mask = hsize - 1
        if hm_reserve(&hmap, &ws, QB_HKEYS, QB_HVALS, hsize) != 0:
            no_memory(&ws, "trial monoid", s)
        with nogil:
            # column-major (one generator's column contiguous): the refinement reads it in order
            for x in range(s):
                for g in range(G):
                    act[g * s + x] = where_get(&t, trial_act(&t, t.codes[x], gheap[g]))
            # coarsest congruence respecting P: refine by each generator until stable
            ncls = 0
            hm_clear(&hmap, hsize)
            for x in range(s):
                cls[x] = hm_number(hmap, t.P[x], &ncls)
            # stable once every generator in a row leaves the partition as it is
            quiet = 0
            g = 0
            while quiet < G and st.stop == STOP_NONE:
                prev = ncls
                # a pass numbers at most a few times as many classes as there were:
                # a table of that size stays in cache and is cheap to clear (clearing
                # one of 2 s entries was a quarter of the build); on overflow, redo larger
                emask = 63
                while emask < 4 * (<int64_t>prev) and emask < mask:
                    emask = 2 * emask + 1
                emask = min(emask, mask)
                while True:
                    ncls = 0
                    hm_clear(&hmap, emask + 1)
                    x = refine_pass(hmap, cls, act + g * s, newcls, s, prev,
                                    emask // 2 if emask < mask else s, &ncls)
                    if x == s:
                        break
                    emask = min(4 * emask + 3, mask)
                memcpy(cls, newcls, s * sizeof(int32_t))
                quiet = 0 if ncls != prev else quiet + 1
                g = g + 1 if g + 1 < G else 0
                if search_count_nodes(st, s):
                    break
        if st.stop != STOP_NONE:
            raise stopped(search, s, "trial monoid", ws.peak)
        if (<int64_t>ncls) * ncls > max_table:
            raise QuotientStop("size", ncls, what="reduced candidate", memory=ws.peak)
        # number the classes by their first element (the identity's class is 0)
        rep = <int32_t*>need(&ws, QB_REP, ncls * sizeof(int32_t), "trial monoid", ncls)
        table = <int32_t*>need(&ws, QB_TABLE, max(1, (<int64_t>ncls) * ncls) * sizeof(int32_t),
                               "trial monoid", ncls)
        with nogil:
            for i in range(ncls):
                rep[i] = -1
            fresh = 0
            for x in range(s):
                if rep[cls[x]] == -1:
                    rep[cls[x]] = fresh
                    fresh += 1
            for x in range(s):
                cls[x] = rep[cls[x]]
            for i in range(ncls):
                rep[i] = -1
            for x in range(s):
                if rep[cls[x]] < 0:
                    rep[cls[x]] = <int32_t>x
            # the class table along the spanning tree of least words:
            # c1 * class(x) = class(rep(c1 * class(parent x)) * heap(x))
            for x in range(s):
                if rep[cls[x]] != x:
                    continue
                col = cls[x]
                if x == 0:
                    for c1 in range(ncls):
                        table[c1 * ncls] = <int32_t>c1
                    continue
                pcol = cls[t.parent[x]]
                g = colof[t.pheap[x]]
                for c1 in range(ncls):
                    table[c1 * ncls + col] = cls[act[g * s + rep[table[c1 * ncls + pcol]]]]
        out_table = array("i", bytes(4 * (<int64_t>ncls) * ncls))     # int64: past 23,170 classes int32 overflows
        out_view = out_table
        memcpy(&out_view[0], table, (<int64_t>ncls) * ncls * sizeof(int32_t))
        out_p = bytes([t.P[rep[c1]] for c1 in range(ncls)])
        images = []
        for h in range(n):
            x = where_get(&t, trial_act(&t, 0, h))
            if x < 0:       # a heap without a move whose element no word reaches
                raise ValueError("build_candidate: a heap without a move maps to an element no word reaches")
            images.append(cls[x])
        return t.size, ncls, out_table, out_p, images
    finally:
        ws_free(&ws)


# ---------------------------------------------------------------- solving with a quotient

cdef class Lookup:
    """A quotient ready for O(heaps) answers: its table, P, the heap map and,
    when proven, the period that carries the map past its bound."""

    cdef Workspace ws       # its three arrays (slots QS_A..QS_C), freed in __dealloc__
    cdef int32_t* mul
    cdef unsigned char* P
    cdef int32_t* phi
    cdef int m
    cdef long long bound
    cdef long long pre
    cdef long long per      # 0: no period (heaps past bound not covered)
    cdef tuple takes_all, leaves, splits
    cdef bint unequal

    def __cinit__(self, int m, table, P, phi, long long bound, long long pre, long long per,
                  takes_all, leaves, splits, bint unequal):
        cdef Py_ssize_t i
        if m < 1 or bound < 0 or len(table) != <Py_ssize_t>m * m or len(P) != m or len(phi) != bound + 1:
            raise ValueError("Lookup: the table, P and the map do not have the quotient's sizes")
        if per < 0 or (per > 0 and not 0 <= pre <= bound - per + 1):
            raise ValueError("Lookup: the period does not lie within the map")
        self.mul = <int32_t*>need(&self.ws, QS_A, max(1, <int64_t>m * m) * sizeof(int32_t))
        self.P = <unsigned char*>need(&self.ws, QS_B, max(1, m))
        self.phi = <int32_t*>need(&self.ws, QS_C, (bound + 1) * sizeof(int32_t))
        for i in range(<Py_ssize_t>m * m):
            self.mul[i] = table[i]
            if not 0 <= self.mul[i] < m:
                raise ValueError("Lookup: the table holds an element that is not there")
        for i in range(m):
            self.P[i] = P[i]
        for i in range(bound + 1):
            self.phi[i] = phi[i]
            if not 0 <= self.phi[i] < m:
                raise ValueError("Lookup: the map holds an element that is not there")
        self.m = m
        self.bound = bound
        self.pre = pre
        self.per = per
        self.takes_all = tuple(takes_all)
        self.leaves = tuple(leaves)
        self.splits = tuple(splits)
        self.unequal = unequal

    def __dealloc__(self):
        ws_free(&self.ws)

    @property
    def nbytes(self):
        """Bytes the lookup's tables hold."""
        return self.ws.total

    cdef inline int elem(self, long long h) noexcept:
        if h <= self.bound:
            return self.phi[h]
        return self.phi[self.pre + (h - self.pre) % self.per]

    cdef inline int covered(self, long long h) except -1:
        """0 when the lookup covers heap h, else ValueError (the caller checks first:
        this keeps a heap past the map from reading past it)."""
        if h < 0 or (h > self.bound and self.per == 0):
            raise ValueError(f"Lookup: heap {h} is not covered (map to {self.bound}, no period)")
        return 0

    def product(self, heaps):
        """The element of a sum of heaps (each checked covered by the caller)."""
        cdef int x = 0
        cdef long long h
        for h in heaps:
            self.covered(h)
            x = self.mul[x * self.m + self.elem(h)]
        return x

    def lost(self, heaps):
        """True when the player to move loses the sum (misère)."""
        return self.P[self.product(heaps)] != 0

    def winning(self, heaps):
        """A move ``(pile, count, split)`` leaving a product in P, or None."""
        cdef Py_ssize_t n = len(heaps), i
        cdef long long h, r, a, b, count, top, start, limit
        cdef int rest, e
        cdef Workspace ws
        cdef int32_t* prefix
        cdef int32_t* suffix
        cdef long long* hv
        memset(&ws, 0, sizeof(Workspace))
        try:
            prefix = <int32_t*>need(&ws, QS_A, (n + 1) * sizeof(int32_t))
            suffix = <int32_t*>need(&ws, QS_B, (n + 1) * sizeof(int32_t))
            hv = <long long*>need(&ws, QS_C, (n + 1) * sizeof(long long))
            for i in range(n):
                hv[i] = heaps[i]
                self.covered(hv[i])
            prefix[0] = 0
            for i in range(n):
                prefix[i + 1] = self.mul[prefix[i] * self.m + self.elem(hv[i])]
            if self.P[prefix[n]]:
                return None
            suffix[n] = 0
            for i in range(n - 1, -1, -1):
                suffix[i] = self.mul[self.elem(hv[i]) * self.m + suffix[i + 1]]
            # a heap past the period range: splits with a small part, then one per residue
            limit = 2 * (self.pre + 2 * self.per) + 2
            for i in range(n):
                h = hv[i]
                if h <= 0:
                    continue
                rest = self.mul[prefix[i] * self.m + suffix[i + 1]]
                for count in self.takes_all:
                    if count == h and self.P[rest]:
                        return (i, count, None)
                for count in self.leaves:
                    if count < h and self.P[self.mul[rest * self.m + self.elem(h - count)]]:
                        return (i, count, None)
                for count in self.splits:
                    r = h - count
                    if r < 2:
                        continue
                    top = (r - 1) // 2 if self.unequal else r // 2
                    if self.per == 0 or r <= limit:
                        for a in range(1, top + 1):
                            e = self.mul[self.elem(a) * self.m + self.elem(r - a)]
                            if self.P[self.mul[rest * self.m + e]]:
                                return (i, count, (a, r - a))
                        continue
                    for a in range(1, self.pre + 2 * self.per + 1):
                        e = self.mul[self.elem(a) * self.m + self.elem(r - a)]
                        if self.P[self.mul[rest * self.m + e]]:
                            return (i, count, (a, r - a))
                    # a >= pre + 2 per and r - a >= a: both parts past the preperiod,
                    # so the split's element depends only on a's residue
                    start = self.pre + 2 * self.per + 1
                    for a in range(start, start + self.per):
                        if a > top:
                            break
                        e = self.mul[self.elem(a) * self.m + self.elem(r - a)]
                        if self.P[self.mul[rest * self.m + e]]:
                            return (i, count, (a, r - a))
            return None
        finally:
            ws_free(&ws)


def check_monoid(int m, table, gens):
    """True when the table is a commutative monoid with identity 0, associative,
    and generated by ``gens`` (associativity through each generator suffices
    then: the elements z with (xz)y = x(zy) for all x, y are closed under products)."""
    cdef int32_t[::1] t = table
    cdef Workspace ws
    cdef Py_ssize_t ng
    cdef int32_t* g
    cdef unsigned char* reach
    cdef int32_t* queue
    cdef int64_t x, y, z     # x * m passes 2**31 past 46,340 elements
    cdef int i, head = 0, tail = 0
    cdef bint ok = True
    if m < 1:
        return False
    memset(&ws, 0, sizeof(Workspace))
    try:
        g = int_array(&ws, QS_A, gens, &ng)
        reach = <unsigned char*>need_zeroed(&ws, QS_B, m)
        queue = <int32_t*>need(&ws, QS_C, m * sizeof(int32_t))
        if t.shape[0] != <Py_ssize_t>m * m:
            return False
        with nogil:
            for x in range((<int64_t>m) * m):
                if not 0 <= t[x] < m:
                    ok = False
            for i in range(ng):
                if not 0 <= g[i] < m:
                    ok = False
            for x in range(m):
                if not ok:
                    break
                if t[x] != x or t[x * m] != x:
                    ok = False
                for y in range(x):
                    if t[x * m + y] != t[y * m + x]:
                        ok = False
                        break
            for i in range(ng):
                if not ok:
                    break
                for x in range(m):
                    z = t[x * m + g[i]]
                    for y in range(m):
                        if t[z * m + y] != t[x * m + t[(<int64_t>g[i]) * m + y]]:
                            ok = False
                            break
                    if not ok:
                        break
            if ok:
                reach[0] = 1
                queue[tail] = 0
                tail += 1
                while head < tail:
                    x = queue[head]
                    head += 1
                    for i in range(ng):
                        z = t[x * m + g[i]]
                        if not reach[z]:
                            reach[z] = 1
                            queue[tail] = z
                            tail += 1
                ok = tail == m
        return ok
    finally:
        ws_free(&ws)


def option_sets(int m, table, phi, flat_pieces):
    """The option elements of each heap: ``flat_pieces[k]`` lists heap k's options
    as pairs of heaps a0, b0, a1, b1, ... (0: no heap); each set sorted."""
    cdef int32_t[::1] t = table
    cdef Workspace ws
    cdef Py_ssize_t nphi
    cdef int32_t* ph
    cdef unsigned char* mark
    cdef int32_t[::1] pairs
    cdef Py_ssize_t i, k
    cdef int a, b, x
    if m < 1 or t.shape[0] != <Py_ssize_t>m * m:
        raise ValueError("option_sets: the table does not have the monoid's order")
    memset(&ws, 0, sizeof(Workspace))
    out = []
    try:
        ph = int_array(&ws, QS_A, phi, &nphi)
        mark = <unsigned char*>need_zeroed(&ws, QS_B, m)
        for i in range(nphi):
            if not 0 <= ph[i] < m:
                raise ValueError("option_sets: the map holds an element that is not there")
        for k in range(len(flat_pieces)):
            pairs = flat_pieces[k]
            for i in range(0, pairs.shape[0] - 1, 2):
                a = pairs[i]
                b = pairs[i + 1]
                if not (0 <= a < nphi and 0 <= b < nphi):
                    raise ValueError("option_sets: a heap past the map")
                x = t[(<int64_t>ph[a]) * m + ph[b]]
                if not 0 <= x < m:
                    raise ValueError("option_sets: the table holds an element that is not there")
                mark[x] = 1
            found = []
            for x in range(m):
                if mark[x]:
                    found.append(x)
                    mark[x] = 0
            out.append(found)
        return out
    finally:
        ws_free(&ws)


def told_apart(int m, table, P, gens, int y, int copies, double seconds=0.0, cancel=None,
               long long memory_bytes=0):
    """How many classes the words of ``gens`` fall into when a word u is told
    from a word u' by some word v and some j <= ``copies``: the product
    u v y^j in P and u' v y^j not, or the other way round.

    A pretension that predicts every word with at most ``copies`` letters y
    right (all of them lie below a least failure with more) thus proves that
    the true quotient has at least this many elements. ``copies`` is capped at
    62 (fewer tests: still a lower bound). ``memory_bytes`` bounds what it
    holds (0: no bound).

    Raises
    ------
    QuotientStop
        On the deadline, Ctrl-C, ``cancel`` or ``memory_bytes``.
    ValueError
        When the table, P, y or a generator does not fit the order.
    """
    cdef int32_t[::1] t = table
    cdef const unsigned char[::1] p = P
    cdef Workspace ws
    cdef HashMap hmap
    cdef Py_ssize_t ng
    cdef int32_t* g
    cdef int32_t* where
    cdef int32_t* elems
    cdef int32_t* cls
    cdef int32_t* newcls
    cdef int32_t* ypow
    cdef int64_t hsize, key, quiet = 0
    cdef int32_t ncls = 0, prev
    cdef int count = 0, head = 0, z, i, j, k
    cdef bint bad = False
    cdef int64_t x     # x * m passes 2**31 past 46,340 elements
    cdef Search search
    cdef SearchState* st
    if m < 1 or t.shape[0] != <Py_ssize_t>m * m or p.shape[0] != m or not 0 <= y < m:
        raise ValueError("told_apart: the table, P and y do not fit the order")
    if copies < 0:
        raise ValueError("told_apart: copies must be >= 0")
    copies = min(copies, 62)
    memset(&ws, 0, sizeof(Workspace))
    memset(&hmap, 0, sizeof(HashMap))
    ws.limit = memory_bytes if memory_bytes > 0 else 0
    search = limits(seconds, 0, cancel, None)
    st = &search.c_state
    try:
        g = int_array(&ws, QS_A, gens, &ng)
        for i in range(ng):
            if not 0 <= g[i] < m:
                raise ValueError("told_apart: a generator is not an element")
        where = <int32_t*>need(&ws, QS_B, m * sizeof(int32_t))
        elems = <int32_t*>need(&ws, QS_C, m * sizeof(int32_t))
        cls = <int32_t*>need(&ws, QS_D, m * sizeof(int32_t))
        newcls = <int32_t*>need(&ws, QS_E, m * sizeof(int32_t))
        ypow = <int32_t*>need(&ws, QS_F, 63 * sizeof(int32_t))
        hsize = hm_slots_for(m)
        if hm_reserve(&hmap, &ws, QS_G, QS_H, hsize) != 0:
            no_memory(&ws, None, m)
        with nogil:
            # the submonoid the generators reach (every product read checked in Q:
            # the refinement below reads only these)
            for x in range(m):
                where[x] = -1
            where[0] = 0
            elems[0] = 0
            count = 1
            while head < count and not bad:
                x = elems[head]
                head += 1
                for i in range(ng):
                    z = t[x * m + g[i]]
                    if not 0 <= z < m:
                        bad = True
                        break
                    if where[z] < 0:
                        where[z] = count
                        elems[count] = z
                        count += 1
            # first classes: the outcomes of u y^j, j = 0..copies
            ypow[0] = 0
            for j in range(1, copies + 1):
                ypow[j] = t[(<int64_t>ypow[j - 1]) * m + y]
                if not 0 <= ypow[j] < m:
                    bad = True
                    ypow[j] = 0
            hm_clear(&hmap, hsize)
            for k in range(count):
                if bad:
                    break
                key = 0
                for j in range(copies + 1):
                    z = t[(<int64_t>elems[k]) * m + ypow[j]]
                    if not 0 <= z < m:
                        bad = True
                        break
                    if p[z]:
                        key |= (<int64_t>1) << j
                cls[k] = hm_number(hmap, key, &ncls)
            # then refine by each generator until every one in a row leaves it as it is
            i = 0
            while quiet < ng and st.stop == STOP_NONE and not bad:
                prev = ncls
                ncls = 0
                hm_clear(&hmap, hsize)
                for k in range(count):
                    key = (<int64_t>cls[k]) * prev + cls[where[t[(<int64_t>elems[k]) * m + g[i]]]]
                    newcls[k] = hm_number(hmap, key, &ncls)
                memcpy(cls, newcls, count * sizeof(int32_t))
                quiet = 0 if ncls != prev else quiet + 1
                i = i + 1 if i + 1 < ng else 0
                search_count_nodes(st, count)
        if bad:
            raise ValueError("told_apart: the table holds an element that is not there")
        if st.stop != STOP_NONE:
            raise stopped(search, count, "trial monoid", ws.peak)
        return ncls
    finally:
        ws_free(&ws)
