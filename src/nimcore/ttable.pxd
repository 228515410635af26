# The transposition table of the `tt` engine: a fixed-size array of 64-byte
# buckets (one cache line each), two 32-byte entries per bucket.
#
# Exactness: an entry holds the FULL canonical position, packed into 128 bits
# by an injective code, and a probe compares all 128 bits, so two different
# positions never share an entry, whatever their hashes. One code per table:
#   KEYS_BYTES  up to 16 piles of 1..255: one byte each (no pile is 0, so the
#               first zero byte ends the list) -- the fast common case;
#   KEYS_GAMMA  any piles: the gaps between the sorted piles in an
#               Elias-gamma-like prefix code (ttable_pack_gamma).
# A position whose code does not fit in 128 bits is simply not stored (still
# exact, only slower); ttable.unpackable counts them.
#
# Memory: the table owns it. The whole bucket array (tt_mb) is reserved once,
# when the table is made, but the kernel maps it only when touched; the table
# starts with a few buckets and doubles in place (ttable_double, the one way it
# grows) while it is more than half full or once entries start being evicted
# (more than 1 per 64 buckets), up to `grow_nbuckets`: a small search touches
# little memory (no page faults to pay), a large one gets the whole table. A
# search under a memory bound lowers `grow_nbuckets` for itself
# (ttable_allow_growth) so that the table, its endgame tables and its frames
# fit; the array is freed in one place, the table's __dealloc__.
# (Asking for huge pages with madvise was tried: a 7 ms stall on the first
# touch of a tiny search and no gain on large ones, so it is not done.)
#
# Threads: a table serves one thread at a time, guarded by its one lock. tt.search
# holds it from the owner check (rules and mode of the entries) to the end; a
# search on another thread waits, still stopping for Ctrl-C, a cancellation or
# its time limit. Without it two searches under different rules mixed their
# entries. The lock is re-entrant: a caller that runs several searches on one
# table (a Solver's analysis) holds it across them with try_hold / release.
#
# Replacement: slot 0 of a bucket keeps the entry whose subtree cost the most
# nodes (`work`); slot 1 takes everything else. A new entry that cost at least
# as much as slot 0's takes slot 0 and pushes the old one down to slot 1.

from libc.stdint cimport UINT32_MAX, int32_t, uint32_t, uint64_t

from cpython.pythread cimport PyThread_type_lock

from nimcore._types cimport count_t, pile_t
from nimcore.rules cimport RuleSet
from nimcore.search cimport SearchState

cdef struct TTEntry:
    uint64_t key_lo      # packed canonical position; (0, 0): empty slot
    uint64_t key_hi
    int32_t score        # value for the mover: +-1, or +-(DIST_MATE - remoteness)
    pile_t pile          # best move: the size of the pile it takes from ...
    pile_t take          # ... and how many it takes (0: none stored)
    uint32_t work        # nodes below this position when it was solved (saturating)

cdef struct TTBucket:
    TTEntry slot[2]

cdef struct TTKey:
    uint64_t lo
    uint64_t hi
    uint64_t index       # hash of the key: bucket index before masking
    bint ok              # False: the position does not pack into 128 bits

cdef enum:
    KEYS_NONE = 0
    KEYS_BYTES = 1
    KEYS_GAMMA = 2

cdef struct TTCore:
    TTBucket* buckets    # power-of-two count: index with a mask
    size_t mask          # bucket count - 1 (of the buckets in use)
    size_t nbuckets      # buckets in use: doubles up to grow_nbuckets
    size_t max_nbuckets  # buckets of the whole array (fixed when the table is made)
    int keys             # the key code of the entries (KEYS_NONE while empty)
    count_t used         # slots holding an entry
    count_t stores
    count_t probes
    count_t hits
    count_t unpackable   # positions too long to pack (searched, never stored)
    count_t evictions    # entries pushed out since the last doubling (and in all: evicted)
    count_t evicted
    RuleSet owner_rules  # the rules of the entries (set by tt.search) ...
    int owner_mode       # ... and the mode: 0 values, 1 distances, -1 none yet
    size_t grow_nbuckets # most buckets the running search may use (<= max_nbuckets; last:
                         # the fields the probes and stores touch keep their places)

cdef class TranspositionTable:
    cdef TTCore c_core
    cdef void* c_raw             # the memory (heap or mapping); c_core.buckets is it aligned
    cdef size_t c_raw_bytes      # bytes mapped (0: c_raw is heap memory)
    cdef size_t c_bytes          # bytes of the whole bucket array (<= the MB asked for)
    cdef size_t c_first_buckets  # buckets in use at the start
    cdef PyThread_type_lock c_lock   # the one lock: held by the thread using the table
    cdef unsigned long c_holder  # that thread's ident (valid while c_holds > 0)
    cdef int c_holds             # how many times it holds the lock (re-entrant)

    cdef void clear(self) noexcept nogil
    cdef bint _take(self, long long wait_us) noexcept nogil
    cdef bint hold_for(self, SearchState* s) noexcept nogil
    cdef void release_hold(self) noexcept nogil


cdef void ttable_double(TTCore* t) noexcept nogil


cdef inline void ttable_allow_growth(TTCore* t, size_t nbuckets) noexcept nogil:
    """Let the table grow to at most nbuckets (a power of two) during the coming
    search, or to its whole array when that is smaller. Buckets in use stay in use."""
    t.grow_nbuckets = nbuckets if nbuckets < t.max_nbuckets else t.max_nbuckets

cdef extern from *:
    int __builtin_clzll(unsigned long long x) nogil


cdef inline uint64_t _tt_mix(uint64_t z) noexcept nogil:
    # splitmix64's finaliser: every input bit reaches every output bit
    z = (z ^ (z >> 30)) * <uint64_t>0xbf58476d1ce4e5b9
    z = (z ^ (z >> 27)) * <uint64_t>0x94d049bb133111eb
    return z ^ (z >> 31)


cdef inline uint64_t ttable_index(uint64_t lo, uint64_t hi) noexcept nogil:
    return _tt_mix(lo ^ _tt_mix(hi + <uint64_t>0x9e3779b97f4a7c15))


cdef inline void _tt_put(TTKey* key, int pos, uint64_t bits, int nbits) noexcept nogil:
    """OR `nbits` (<= 64) bits into the 128-bit key at bit position pos."""
    if nbits == 0:
        return
    if pos < 64:
        key.lo |= bits << pos
        if pos > 0 and pos + nbits > 64:       # the part that spills into the high word
            key.hi |= bits >> (64 - pos)
    else:
        key.hi |= bits << (pos - 64)


cdef inline void ttable_pack_gamma(const pile_t* piles, int n, pile_t base,
                                   TTKey* key) noexcept nogil:
    """Pack sorted (ascending) piles, each >= base, into 128 bits, exactly.

    Each gap d (first pile - base, then pile - previous pile) is written as
    v = d + 1 in L = bit_length(v) bits: L - 1 zeros, a one, then the low L - 1
    bits of v. That is a prefix code, so the bit string -- zero-padded to 128
    bits -- determines the piles: equal keys mean equal positions. key.ok is
    False when the code needs more than 128 bits (the position is not stored).
    """
    cdef int i, pos = 0, length
    cdef uint64_t v
    cdef pile_t previous = base
    key.lo = 0
    key.hi = 0
    key.ok = True
    for i in range(n):
        v = <uint64_t>(piles[i] - previous) + 1
        previous = piles[i]
        length = 64 - __builtin_clzll(v)
        if pos + 2 * length - 1 > 128:
            key.ok = False
            return
        _tt_put(key, pos + length - 1, 1, 1)
        _tt_put(key, pos + length, v & ((<uint64_t>1 << (length - 1)) - 1), length - 1)
        pos += 2 * length - 1
    key.index = ttable_index(key.lo, key.hi)


cdef inline void ttable_pack_bytes(const pile_t* piles, int n, TTKey* key) noexcept nogil:
    """Pack n <= 16 piles of 1..255 into 128 bits, one byte each (the caller checks)."""
    cdef int i
    key.lo = 0
    key.hi = 0
    key.ok = True
    for i in range(n if n < 8 else 8):
        key.lo |= <uint64_t>piles[i] << (8 * i)
    for i in range(8, n):
        key.hi |= <uint64_t>piles[i] << (8 * (i - 8))
    key.index = ttable_index(key.lo, key.hi)


cdef inline TTEntry* ttable_probe(TTCore* t, const TTKey* key) noexcept nogil:
    """The entry of this exact position, or NULL."""
    cdef TTBucket* b = &t.buckets[key.index & t.mask]
    t.probes += 1
    if b.slot[0].key_lo == key.lo and b.slot[0].key_hi == key.hi:
        t.hits += 1
        return &b.slot[0]
    if b.slot[1].key_lo == key.lo and b.slot[1].key_hi == key.hi:
        t.hits += 1
        return &b.slot[1]
    return NULL


cdef inline void _tt_fill(TTEntry* e, const TTKey* key, int32_t score, pile_t pile, pile_t take,
                          uint32_t work) noexcept nogil:
    e.key_lo = key.lo
    e.key_hi = key.hi
    e.score = score
    e.pile = pile
    e.take = take
    e.work = work


cdef inline void ttable_store(TTCore* t, const TTKey* key, int32_t score,
                              pile_t pile, pile_t take, count_t work) noexcept nogil:
    """Store a solved position (see the top of this file for the replacement policy)."""
    cdef TTBucket* b = &t.buckets[key.index & t.mask]
    cdef uint32_t w = UINT32_MAX
    cdef bint empty0 = b.slot[0].key_lo == 0 and b.slot[0].key_hi == 0
    cdef bint empty1 = b.slot[1].key_lo == 0 and b.slot[1].key_hi == 0
    if work < UINT32_MAX:
        w = <uint32_t>work              # saturating: the largest subtrees all rank first
    t.stores += 1
    if b.slot[0].key_lo == key.lo and b.slot[0].key_hi == key.hi:
        _tt_fill(&b.slot[0], key, score, pile, take, w)
    elif b.slot[1].key_lo == key.lo and b.slot[1].key_hi == key.hi:
        _tt_fill(&b.slot[1], key, score, pile, take, w)
    elif empty0:
        _tt_fill(&b.slot[0], key, score, pile, take, w)
        t.used += 1
    elif w >= b.slot[0].work:
        # the new entry cost more: it takes the kept slot; the old one moves down
        t.used += empty1
        t.evictions += not empty1
        b.slot[1] = b.slot[0]
        _tt_fill(&b.slot[0], key, score, pile, take, w)
    else:
        t.used += empty1
        t.evictions += not empty1
        _tt_fill(&b.slot[1], key, score, pile, take, w)
    # grow while we may: when more than half full, or when entries start being
    # pushed out (an evicted position may have to be searched again)
    if (t.used > t.nbuckets or t.evictions > (t.nbuckets >> 6)) and t.nbuckets < t.grow_nbuckets:
        ttable_double(t)
