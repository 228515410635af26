# The search memory of one Search: the buffers an engine needs on every call
# (its frame stack, its scratch copy of the position, its Grundy lookups) live
# in a few named slots, grown by one realloc helper and freed in one place
# (Search.__dealloc__), so an engine never mallocs or frees them itself.
#
# An engine that keeps pointers into a slot (nimcore.negamax keeps a frame's
# one-pile view in its frames) re-points them after a grow: ws_reserve may
# move the buffer. Contents are kept across a grow, not across engines.
#
# Engines outside a Search own a Workspace of their own and free it in one
# place too: tt's Endgames (its two tables), and each kernel of the quotient
# engine (nimcore.quotient: a Workspace on the C stack, its own slot names,
# ws_free in the kernel's one `finally`; Lookup's in its __dealloc__). A
# workspace counts the bytes its slots hold (`total`, `peak`) and may be
# bounded (`limit`): a reserve past the bound fails as out of memory does, so
# an engine stops with STOP_MEMORY rather than taking more.

from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memset

cdef enum:   # the slots (plain int constants: they index arrays)
    WS_FRAMES = 0      # the running engine's frame stack (its own Frame type)
    WS_PILES = 1       # a scratch copy of the position (tt: the canonical piles)
    WS_GRUNDY = 2      # Grundy values by pile size (tt's guide)
    WS_THEORY = 3      # the theory's table of S / gcd(S) (tt's guide under `set S`)
    WS_SLOTS = 32      # room for the engine with the most buffers (the quotient's build)


cdef struct Workspace:
    char* buf[WS_SLOTS]        # the slots' buffers (NULL until first reserved)
    size_t nbytes[WS_SLOTS]    # bytes allocated in each
    int used                   # slots below this may hold memory (ws_free stops there)
    size_t total               # bytes held in all slots
    size_t peak                # the most bytes held at once
    size_t limit               # 0: no bound; else a reserve past this many bytes fails


cdef inline int ws_reserve(Workspace* w, int slot, size_t nbytes) noexcept nogil:
    """Make slot `slot` hold at least nbytes; -1 when out of memory.

    It grows to exactly nbytes (the engines double their request, and the tt
    engine caps it by its memory budget). The contents are kept; the buffer
    may move.
    """
    cdef char* grown
    cdef size_t after
    if nbytes <= w.nbytes[slot]:
        return 0
    after = w.total - w.nbytes[slot] + nbytes
    if w.limit and after > w.limit:
        return -1
    grown = <char*>realloc(w.buf[slot], nbytes)
    if grown == NULL:
        return -1
    w.buf[slot] = grown
    w.nbytes[slot] = nbytes
    w.total = after
    if after > w.peak:
        w.peak = after
    if slot >= w.used:
        w.used = slot + 1
    return 0


cdef inline void* ws_alloc(Workspace* w, int slot, size_t nbytes) noexcept nogil:
    """The buffer of slot `slot`, holding at least nbytes (at least one byte, so
    NULL means only out of memory or past the bound); contents kept, not zeroed."""
    if ws_reserve(w, slot, nbytes if nbytes else 1) != 0:
        return NULL
    return w.buf[slot]


cdef inline void* ws_zeroed(Workspace* w, int slot, size_t nbytes) noexcept nogil:
    """ws_alloc with its first nbytes set to zero (calloc's use); NULL as there.

    An empty slot takes calloc's memory: a large block comes from the system
    already zero, where a memset would touch every page of it (the quotient
    engine reserves P for its whole cap and fills a few thousand entries)."""
    cdef void* p
    cdef size_t after
    if nbytes == 0:
        nbytes = 1
    if w.buf[slot] == NULL:
        after = w.total + nbytes
        if w.limit and after > w.limit:
            return NULL
        p = calloc(nbytes, 1)
        if p == NULL:
            return NULL
        w.buf[slot] = <char*>p
        w.nbytes[slot] = nbytes
        w.total = after
        if after > w.peak:
            w.peak = after
        if slot >= w.used:
            w.used = slot + 1
        return p
    p = ws_alloc(w, slot, nbytes)
    if p != NULL:
        memset(p, 0, nbytes)
    return p


cdef enum:
    WS_AT_BOUND = -1   # ws_grow: the array holds max_items already
    WS_NO_MEMORY = -2  # ws_grow: realloc failed


cdef inline int ws_grow(Workspace* w, int slot, size_t item_bytes, size_t* items,
                        size_t max_items) noexcept nogil:
    """Double the array of *items items of item_bytes in slot `slot`, to at most
    max_items (an engine's frame stack as its game gets longer); *items becomes
    the new count. Returns 0, WS_AT_BOUND (*items is max_items already) or
    WS_NO_MEMORY; the contents are kept, the buffer may move.
    """
    cdef size_t grown = items[0] * 2 if items[0] else 1
    if items[0] >= max_items:
        return WS_AT_BOUND
    if grown > max_items:
        grown = max_items
    if ws_reserve(w, slot, grown * item_bytes) != 0:
        return WS_NO_MEMORY
    items[0] = grown
    return 0


cdef inline void ws_drop(Workspace* w, int slot) noexcept nogil:
    """Release one slot (it is reserved again from nothing)."""
    free(w.buf[slot])
    w.total -= w.nbytes[slot]
    w.buf[slot] = NULL
    w.nbytes[slot] = 0


cdef inline void ws_free(Workspace* w) noexcept nogil:
    """Release every slot (the one place a workspace's memory is freed)."""
    cdef int slot
    for slot in range(w.used):
        ws_drop(w, slot)
    w.used = 0
