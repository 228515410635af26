# The core's one hash map: int64 keys (>= 0) to int32 values, open addressing
# with linear probing over a power-of-two table, Fibonacci hashing, key -1
# marking an empty slot. Inline and nogil, so a probe costs what the loops
# written by hand cost; every probe of the quotient engine goes through it (its
# code table of the trial monoid, the class numbering of the congruence
# refinement and of told_apart).
#
# The map never allocates by itself: its two arrays are slots of an engine's
# workspace (hm_reserve), so they are freed, bounded and counted with the rest
# of the engine's memory (nimcore.workspace).
#
# The transposition table (nimcore.ttable) is another kind of table and stays
# apart: a lossy cache of 64-byte buckets of two entries keyed by 128-bit codes,
# replacing by depth, where this map is exact and keeps every key.

from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.string cimport memset

from nimcore.workspace cimport Workspace, ws_drop, ws_reserve

cdef enum:
    HM_EMPTY = -1      # the key of an empty slot (keys are >= 0)


cdef struct HashMap:
    int64_t* keys      # HM_EMPTY where free
    int32_t* vals
    int64_t mask       # the slots in use, minus one (hm_clear may use fewer than it holds)
    int64_t slots      # the slots the arrays hold (a power of two)


cdef inline int64_t hm_slots_for(int64_t n) noexcept nogil:
    """The least power of two >= 2n + 2: a table that n keys fill at most half."""
    cdef int64_t slots = 1
    while slots < 2 * n + 2:
        slots <<= 1
    return slots


cdef inline int hm_reserve(HashMap* h, Workspace* w, int key_slot, int val_slot,
                           int64_t slots) noexcept nogil:
    """Make the map's arrays (slots key_slot and val_slot of w) hold `slots`
    entries, a power of two; their contents are lost (hm_clear before use).
    Returns -1 when out of memory or past the workspace's bound."""
    if slots > h.slots:
        ws_drop(w, key_slot)    # nothing to keep: a fresh allocation, not a copy
        ws_drop(w, val_slot)
        h.keys = NULL
        h.vals = NULL
        h.slots = 0
        h.mask = 0
        if (ws_reserve(w, key_slot, <size_t>slots * sizeof(int64_t)) != 0
                or ws_reserve(w, val_slot, <size_t>slots * sizeof(int32_t)) != 0):
            return -1
        h.keys = <int64_t*>w.buf[key_slot]
        h.vals = <int32_t*>w.buf[val_slot]
        h.slots = slots
    return 0


cdef inline void hm_clear(HashMap* h, int64_t slots) noexcept nogil:
    """Empty the map and use `slots` of its entries (a power of two, at most h.slots):
    a small pass clears and probes a small, cached part of a large table."""
    h.mask = slots - 1
    memset(h.keys, 0xFF, <size_t>slots * sizeof(int64_t))


# The probes take the map by value: they change what its arrays hold, never its
# fields, and a copy stays in registers (through a pointer, every store to the
# arrays would reload the fields: the core is built with -fno-strict-aliasing).

cdef inline int64_t hm_home(HashMap h, int64_t key) noexcept nogil:
    return <int64_t>((((<uint64_t>key) * 0x9E3779B97F4A7C15ULL) >> 17) & <uint64_t>h.mask)


cdef inline int32_t hm_get(HashMap h, int64_t key) noexcept nogil:
    """The value of `key`, -1 when absent."""
    cdef int64_t i = hm_home(h, key)
    while h.keys[i] != HM_EMPTY:
        if h.keys[i] == key:
            return h.vals[i]
        i = (i + 1) & h.mask
    return -1


cdef inline void hm_put(HashMap h, int64_t key, int32_t value) noexcept nogil:
    """Set the value of `key` (the caller keeps the map at most half full)."""
    cdef int64_t i = hm_home(h, key)
    while h.keys[i] != HM_EMPTY and h.keys[i] != key:
        i = (i + 1) & h.mask
    h.keys[i] = key
    h.vals[i] = value


cdef inline int32_t hm_number(HashMap h, int64_t key, int32_t* count) noexcept nogil:
    """The number of `key`; a new key is numbered count[0], which then grows by one."""
    cdef int64_t i = hm_home(h, key)
    while h.keys[i] != HM_EMPTY:
        if h.keys[i] == key:
            return h.vals[i]
        i = (i + 1) & h.mask
    h.keys[i] = key
    h.vals[i] = count[0]
    count[0] += 1
    return h.vals[i]
