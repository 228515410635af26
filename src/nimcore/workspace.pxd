# The search memory of one Search: the buffers an engine needs on every call
# (its frame stack, its scratch copy of the position, its Grundy lookups) live
# in a few named slots, grown by one realloc helper and freed in one place
# (Search.__dealloc__), so an engine never mallocs or frees them itself.
#
# An engine that keeps pointers into a slot (nimcore.negamax keeps a frame's
# one-pile view in its frames) re-points them after a grow: ws_reserve may
# move the buffer. Contents are kept across a grow, not across engines.

from libc.stdlib cimport free, realloc

cdef enum:   # the slots (plain int constants: they index arrays)
    WS_FRAMES = 0      # the running engine's frame stack (its own Frame type)
    WS_PILES = 1       # a scratch copy of the position (tt: the canonical piles)
    WS_GRUNDY = 2      # Grundy values by pile size (tt's guide)
    WS_THEORY = 3      # the theory's table of S / gcd(S) (tt's guide under `set S`)
    WS_SLOTS = 4


cdef struct Workspace:
    char* buf[WS_SLOTS]        # the slots' buffers (NULL until first reserved)
    size_t nbytes[WS_SLOTS]    # bytes allocated in each


cdef inline int ws_reserve(Workspace* w, int slot, size_t nbytes) noexcept nogil:
    """Make slot `slot` hold at least nbytes; -1 when out of memory.

    It grows to exactly nbytes (the engines double their request, and the tt
    engine caps it by its memory budget). The contents are kept; the buffer
    may move.
    """
    cdef char* grown
    if nbytes <= w.nbytes[slot]:
        return 0
    grown = <char*>realloc(w.buf[slot], nbytes)
    if grown == NULL:
        return -1
    w.buf[slot] = grown
    w.nbytes[slot] = nbytes
    return 0


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
    w.buf[slot] = NULL
    w.nbytes[slot] = 0


cdef inline void ws_free(Workspace* w) noexcept nogil:
    """Release every slot (the one place a workspace's memory is freed)."""
    cdef int slot
    for slot in range(WS_SLOTS):
        ws_drop(w, slot)
