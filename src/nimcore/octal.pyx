"""Nim-sequences of take-and-break heap games: octal codes and Grundy's game.

``OctalSequence(splits, leaves, takes_all, grundy_game, fast)`` holds the
Grundy values G(0), G(1), ... of one game and extends them on demand
(``extend``): the plain mex over every option (the reference) or the
rare-values method (the fast path), with the GIL released between checks for
Ctrl-C, a cancellation handle and a progress callback.

Options of a heap of n, for each place k of the code (SPEC section 2.1):
bit 1 of d_k: take k when n == k (option value 0); bit 2: take k, leave n - k
(option G(n - k)); bit 4: take k and split the rest m = n - k into two non-empty
heaps a + b (option G(a) ^ G(b)). Grundy's game: split n into a + b, a != b.

The rare-values method (Winning Ways' "sparse space"; Flammenkamp's tables).
Fix a mask M. Call a value *rare* when popcount(v & M) is even, *common* when
it is odd. Parity of popcount is additive under XOR, so a split's value
G(a) ^ G(b) is common exactly when one of a, b has a rare value and the other a
common one. For a good mask almost every heap is common and only a few are
rare: the common options of a split are then all found by pairing each rare
heap a with m - a (``n_rare`` pairings, not m / 2). The smallest common value
missing among them, c, bounds the mex; only the rare values below c must still
be looked for among the other pairs, and a short scan usually finds them all
(from both ends of the splits once its first blocks are done: a value made by
only a few pairs of two large parts is found sooner at the far end).
A full scan happens only when a rare value is really missing, i.e. when G(n)
itself is rare -- rarely. The method is exact for any mask; the mask only sets
its speed, and it is chosen (and re-chosen as the sequence grows) from the
values seen so far: the mask that makes the fewest heaps rare, found for every
mask at once by a Walsh-Hadamard transform of the values' histogram. It is
chosen again at each doubling of the heaps, when the rare heaps have doubled,
and an eighth more heaps after the values first pass a power of two (the mask
had no say on the new top bit: 0.04, whose values grow past 1,000, needs it).
Where even the best mask leaves more than one heap in eight rare (no sparse
space: Dawson's chess, where 0 keeps coming back), pairing the rare heaps would
cost more than the plain mex, which then goes on until a review finds them few
(``plain_fallback = False`` keeps the rare-values method throughout).

Values are stored in an ``array.array``: one byte a heap while they are below
256, then two bytes (the array is widened once). A value past 65,535 stops the
computation with OverflowError.
"""

from cpython cimport array
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from nimcore.rare cimport (SMALL_VALUES, count_below, fewest_rare_mask, lowest_bit, odd_values, rare_parity,
                           read_places, unpaired_half, value_bit, walsh_hadamard)
from nimcore.workspace cimport Workspace, ws_alloc, ws_free, ws_reserve, ws_zeroed

import array as _array_module
import time

#: Largest number of heaps: heap sizes are stored in 32 bits in the list of rare heaps.
MAX_HEAPS = (1 << 32) - 1
cdef enum:
    _MAX_VALUE = 65535        # two bytes a heap
    _MAX_PLACES = 64
    _VALUES = 65536           # values 0 .. 65535: the seen-stamps and histogram are this long
    _BUDGET = 1 << 23         # pairings between two checks for Ctrl-C, cancel and progress
    _FIRST_REVIEW = 64        # the first heap count at which the mask is chosen
    _DENSE_FROM = 4096        # from here on, more than 1 / _DENSE_SHARE of the heaps rare
    _DENSE_SHARE = 8          # under the best mask: the plain mex (until a review finds fewer)
    _FIRST_BLOCK = 16         # pairs marked between two checks of the values still missing,
    _LAST_BLOCK = 512         # doubling from the first to the last
    _FAR_FROM = 128           # blocks this long or longer also pair from the far end

#: From this many heaps on, the period is looked for in constant memory
#: (``find_period``), not with a Z array of two bytes a heap.
HASHED_FROM = 1 << 26
#: Largest Grundy value stored (two bytes a heap).
MAX_VALUE = _MAX_VALUE
#: Most places of a code (digits after the point).
MAX_PLACES = _MAX_PLACES

cdef enum:
    _RUN_OK = 0               # reached the end or spent the budget
    _RUN_WIDEN = 1            # a value of 256 or more: widen to two bytes, then go on
    _RUN_OVERFLOW = 2         # a value past MAX_VALUE
    _RUN_NOMEM = -1

ctypedef fused val_t:
    uint8_t
    uint16_t


cdef struct OctState:
    # the game
    int n_all, n_leave, n_split
    uint32_t all_[_MAX_PLACES + 1]       # k with bit 1: take k from a heap of exactly k
    uint32_t leave[_MAX_PLACES + 1]      # k with bit 2: take k, leave one heap
    uint32_t split[_MAX_PLACES + 1]      # k with bit 4: take k, split the rest in two
    bint grundy_game                    # the two parts must differ
    bint fast                           # the rare-values method may be used ...
    bint sparse                         # ... and is: the rare heaps are few enough
    bint both_ends                      # the scan for rare values pairs from both ends
    bint plain_fallback                 # too many rare heaps: the plain mex until a review
    # progress
    uint64_t n                          # heaps computed: G(0) .. G(n - 1)
    uint64_t stamp                      # seen[v] == stamp: v is an option of the heap in hand
    uint64_t* seen
    int64_t* hist                       # hist[v]: heaps 1 .. n - 1 of value v
    int64_t* hist_odd                   # ... of them, the odd heaps
    int64_t* wht                        # scratch of the mask review
    int64_t* wht2                       # ... and of its position-dependent kind
    bint pos_ok                         # every split place has the same parity: the
    bint posdep                         # position-dependent mask may be (and is) in use
    uint32_t rare_q                     # posdep: heap a is rare when parity(G(a) & mask) ^ (a & 1) == rare_q
    uint32_t largest
    uint64_t largest_at
    uint64_t pairings                   # work done: option values looked at
    # the rare heaps under `mask`, ascending
    uint32_t mask
    uint32_t* rare
    uint64_t n_rare, rare_cap
    uint64_t next_review, review_rare
    Workspace ws                        # seen, hist, hist_odd, wht, wht2, rare (slots _OS_*);
                                        # the Sequence's: freed in its __dealloc__


cdef enum:   # a sequence's workspace slots
    _OS_SEEN
    _OS_HIST
    _OS_HIST_ODD
    _OS_WHT
    _OS_WHT2
    _OS_RARE


cdef inline bint _is_rare(const OctState* s, uint32_t v, uint64_t heap) noexcept nogil:
    """Heap ``heap`` of value v is rare: popcount(v & mask) even (value-type mask), or, with the
    position-dependent mask (Flammenkamp), parity(v & mask) ^ (heap & 1) == rare_q."""
    if s.posdep:
        return (rare_parity(v & s.mask) ^ <uint32_t>(heap & 1)) == s.rare_q
    return rare_parity(v & s.mask) == 0


cdef inline uint64_t _half(const OctState* s, uint64_t m) noexcept nogil:
    """Largest smaller part a of a split of m into a + b (a <= b; a < b in Grundy's game)."""
    return (m - 1) // 2 if s.grundy_game else m // 2


cdef int _push_rare(OctState* s, uint64_t heap) noexcept nogil:
    cdef uint64_t cap
    if s.n_rare == s.rare_cap:
        cap = 2 * s.rare_cap if s.rare_cap else 256
        if ws_reserve(&s.ws, _OS_RARE, cap * sizeof(uint32_t)) != 0:
            return _RUN_NOMEM
        s.rare = <uint32_t*>s.ws.buf[_OS_RARE]      # it may have moved
        s.rare_cap = cap
    s.rare[s.n_rare] = <uint32_t>heap
    s.n_rare += 1
    return _RUN_OK


cdef int _review_mask(OctState* s, val_t* g) noexcept nogil:
    """Choose the mask that makes the fewest heaps rare, and list them again if it changed.

    Value-type (Winning Ways): rare(M) = (heaps + W[M]) / 2, where W is the
    Walsh-Hadamard transform of the histogram: W[M] = sum over v of hist[v] *
    (-1)**popcount(v & M). Position-type (Flammenkamp, for codes whose split
    places share a parity: 0.142, 0.6): heap a's class is parity(G(a) & M) ^ (a & 1);
    with D the transform of (even heaps' histogram - odd heaps'), the classes
    hold (heaps +- D[M]) / 2 heaps, and the smaller one is rare.
    """
    cdef uint64_t size = 1, i, a
    cdef int64_t best, pbest, total = <int64_t>s.n - 1, d
    cdef uint32_t mask = s.mask, m, pmask = 1, q = 0
    cdef bint posdep = False
    while size <= s.largest:
        size <<= 1
    for i in range(size):
        s.wht[i] = s.hist[i]
    walsh_hadamard(s.wht, size)
    mask = fewest_rare_mask(s.wht, size, 1 if s.posdep else s.mask, &best)
    best = (total + best) // 2                     # rare heaps under the value-type mask
    if s.pos_ok:
        for i in range(size):
            s.wht2[i] = 2 * s.hist_odd[i] - s.hist[i]      # odd - even, negated below
        walsh_hadamard(s.wht2, size)
        pbest = total + 1
        for m in range(1, size):
            d = s.wht2[m]
            if d < 0:
                d = -d
            if (total - d) // 2 < pbest:
                pbest = (total - d) // 2
                pmask = m
                # D = even - odd = -wht2: D > 0 makes class 0 (more heaps) common, class 1 rare
                q = 1 if s.wht2[m] < 0 else 0
        if pbest < best:
            best = pbest
            mask = pmask
            posdep = True
    s.next_review = 2 * s.n
    if s.plain_fallback and s.n >= _DENSE_FROM and best * _DENSE_SHARE > total:
        # no sparse space (yet): pairing every rare heap would cost more than the
        # plain mex; the plain mex goes on, and the next review looks again
        s.sparse = False
        return _RUN_OK
    if mask != s.mask or posdep != s.posdep or (posdep and q != s.rare_q) or not s.sparse:
        s.mask = mask
        s.posdep = posdep
        s.rare_q = q
        s.sparse = True
        s.n_rare = 0
        for a in range(1, s.n):
            if _is_rare(s, g[a], a) and _push_rare(s, a) != _RUN_OK:
                return _RUN_NOMEM
    s.review_rare = 2 * s.n_rare + 64
    return _RUN_OK


cdef void _mark_pairs(const val_t* g, uint64_t* seen, uint64_t m, uint64_t first, uint64_t last,
                      uint64_t stamp) noexcept nogil:
    """Mark G(a) ^ G(m - a) for a = first .. last: the hot loop of the plain mex and of the
    scan, compiled on its own (its speed then does not hang on the code around it)."""
    cdef uint64_t a = first
    cdef const val_t* down = g + m
    while a + 7 <= last:                # eight at a time: the loads run ahead of the stores
        seen[g[a] ^ down[-<int64_t>a]] = stamp
        seen[g[a + 1] ^ down[-<int64_t>(a + 1)]] = stamp
        seen[g[a + 2] ^ down[-<int64_t>(a + 2)]] = stamp
        seen[g[a + 3] ^ down[-<int64_t>(a + 3)]] = stamp
        seen[g[a + 4] ^ down[-<int64_t>(a + 4)]] = stamp
        seen[g[a + 5] ^ down[-<int64_t>(a + 5)]] = stamp
        seen[g[a + 6] ^ down[-<int64_t>(a + 6)]] = stamp
        seen[g[a + 7] ^ down[-<int64_t>(a + 7)]] = stamp
        a += 8
    while a <= last:
        seen[g[a] ^ g[m - a]] = stamp
        a += 1


cdef void _mark_rare_pairs(const val_t* g, uint64_t* seen, const uint32_t* rare, uint64_t first,
                           uint64_t end, uint64_t m, uint64_t stamp) noexcept nogil:
    """Mark G(a) ^ G(m - a) for the rare heaps a = rare[first .. end), all below m; four a step."""
    cdef uint64_t j = first
    while j + 4 <= end:
        seen[g[rare[j]] ^ g[m - rare[j]]] = stamp
        seen[g[rare[j + 1]] ^ g[m - rare[j + 1]]] = stamp
        seen[g[rare[j + 2]] ^ g[m - rare[j + 2]]] = stamp
        seen[g[rare[j + 3]] ^ g[m - rare[j + 3]]] = stamp
        j += 4
    while j < end:
        seen[g[rare[j]] ^ g[m - rare[j]]] = stamp
        j += 1


cdef inline uint32_t _common_parity(const OctState* s, uint64_t n) noexcept nogil:
    """The parity under the mask of heap n's common option values: 1 under a value-type mask;
    under the position-dependent one it turns with the rest's parity."""
    if s.posdep and s.n_split:
        return <uint32_t>((n - s.split[0]) & 1) ^ 1
    return 1


cdef inline uint64_t _max_half(const OctState* s, uint64_t n) noexcept nogil:
    """The largest smaller part of any split of heap n."""
    cdef uint64_t half = 0, h
    cdef int i
    for i in range(s.n_split):
        if n >= s.split[i] + 2:
            h = _half(s, n - s.split[i])
            if h > half:
                half = h
    return half


# Small values (issue 39): while every value so far is below 64 -- most octal games, and 0.167
# to 2**40 -- a heap's options are the bits of one 64-bit word in a register rather than stamps
# stored in memory. _oct_small looks at the same options and counts the same pairs as the
# stamps in _oct_run, block for block.

cdef inline uint64_t _pair_bits(const val_t* g, uint64_t m, uint64_t first, uint64_t last) noexcept nogil:
    """_mark_pairs as bits: G(a) ^ G(m - a) for a = first .. last. Four words, so that the
    ors do not wait for each other."""
    cdef uint64_t a = first, b0 = 0, b1 = 0, b2 = 0, b3 = 0
    cdef const val_t* down = g + m
    while a + 3 <= last:
        b0 |= value_bit(g[a] ^ down[-<int64_t>a])
        b1 |= value_bit(g[a + 1] ^ down[-<int64_t>(a + 1)])
        b2 |= value_bit(g[a + 2] ^ down[-<int64_t>(a + 2)])
        b3 |= value_bit(g[a + 3] ^ down[-<int64_t>(a + 3)])
        a += 4
    while a <= last:
        b0 |= value_bit(g[a] ^ g[m - a])
        a += 1
    return b0 | b1 | b2 | b3


cdef inline uint64_t _rare_pair_bits(const val_t* g, const uint32_t* rare, uint64_t first,
                                     uint64_t end, uint64_t m) noexcept nogil:
    """_mark_rare_pairs as bits: G(a) ^ G(m - a) for the rare heaps a = rare[first .. end)."""
    cdef uint64_t j = first, b0 = 0, b1 = 0, b2 = 0, b3 = 0
    while j + 4 <= end:
        b0 |= value_bit(g[rare[j]] ^ g[m - rare[j]])
        b1 |= value_bit(g[rare[j + 1]] ^ g[m - rare[j + 1]])
        b2 |= value_bit(g[rare[j + 2]] ^ g[m - rare[j + 2]])
        b3 |= value_bit(g[rare[j + 3]] ^ g[m - rare[j + 3]])
        j += 4
    while j < end:
        b0 |= value_bit(g[rare[j]] ^ g[m - rare[j]])
        j += 1
    return b0 | b1 | b2 | b3


cdef uint32_t _oct_small(const OctState* s, const val_t* g, uint64_t n, uint64_t odd,
                         uint64_t* spent) noexcept nogil:
    """G(n) when every value so far is below 64, ``odd`` the values below 64 of odd parity under
    the mask; or _VALUES, with nothing counted, where the common bound is 64 or more (the
    stamps' work). The options and the blocks of pairs are _oct_run's."""
    cdef uint64_t bits = 0, used = 0, m, j, twin, half, a, t, block, step, last, top, low_end
    cdef uint64_t bottom, common, below
    cdef uint32_t cstar
    cdef bint far
    cdef int i
    for i in range(s.n_all):
        if s.all_[i] == n:
            bits |= 1
    for i in range(s.n_leave):
        if n > s.leave[i]:
            bits |= value_bit(g[n - s.leave[i]])
    if s.sparse:
        for i in range(s.n_split):
            if n < s.split[i] + 2:
                continue
            m = n - s.split[i]
            j = count_below(s.rare, s.n_rare, m)
            twin = unpaired_half(s.rare, j, m, s.grundy_game)
            if twin < j:
                bits |= _rare_pair_bits(g, s.rare, 0, twin, m) | _rare_pair_bits(g, s.rare, twin + 1, j, m)
            else:
                bits |= _rare_pair_bits(g, s.rare, 0, j, m)
            used += j + 1
        common = odd if _common_parity(s, n) else ~odd
        if not (common & ~bits):
            return _VALUES
        cstar = lowest_bit(common & ~bits)
        below = value_bit(cstar) - 1
        if below & ~bits:
            half = _max_half(s, n)
            a = 1
            t = 0
            block = _FIRST_BLOCK
            while a + t <= half:
                step = block
                if block < _LAST_BLOCK:
                    block *= 2
                far = s.both_ends and step >= _FAR_FROM
                for i in range(s.n_split):
                    if n < s.split[i] + 2:
                        continue
                    m = n - s.split[i]
                    last = _half(s, m)
                    if last < a + t:
                        continue
                    top = last - t
                    low_end = a + step - 1 if a + step - 1 < top else top
                    bits |= _pair_bits(g, m, a, low_end)
                    used += low_end - a + 1
                    if far and top > low_end:
                        bottom = top - step + 1 if top >= low_end + step else low_end + 1
                        bits |= _pair_bits(g, m, bottom, top)
                        used += top - bottom + 1
                a += step
                if far:
                    t += step
                if not (below & ~bits):
                    break
    else:
        for i in range(s.n_split):
            if n < s.split[i] + 2:
                continue
            m = n - s.split[i]
            half = _half(s, m)
            bits |= _pair_bits(g, m, 1, half)
            used += half
    spent[0] += used
    return SMALL_VALUES if bits == ~(<uint64_t>0) else lowest_bit(~bits)


cdef int _oct_run(OctState* s, val_t* g, uint64_t end, uint64_t budget) noexcept nogil:
    """Compute G(s.n) .. G(end - 1) into g, or until about ``budget`` pairings are spent."""
    cdef uint64_t n, m, a, b, half, j, last, block, stamp, spent = 0, t, step, top, low_end, bottom, twin
    cdef uint64_t odd = 0
    cdef uint32_t odd_mask = _VALUES             # no mask yet: masks are below _VALUES
    cdef uint64_t* seen = s.seen
    cdef uint32_t v, x, cstar, need, mask, xpar
    cdef bint far
    cdef int i
    cdef uint8_t wide = 0
    if val_t is uint16_t:
        wide = 1
    while s.n < end and spent < budget:
        n = s.n
        if s.fast and (n >= s.next_review or (s.sparse and s.n_rare > s.review_rare)):
            if _review_mask(s, g) != _RUN_OK:
                s.pairings += spent
                return _RUN_NOMEM
        v = _VALUES
        if s.largest < SMALL_VALUES:
            if s.mask != odd_mask:
                odd_mask = s.mask
                odd = odd_values(odd_mask)
            v = _oct_small(s, g, n, odd, &spent)
        if v == _VALUES:
            s.stamp += 1
            stamp = s.stamp
            for i in range(s.n_all):
                if s.all_[i] == n:
                    seen[0] = stamp
            for i in range(s.n_leave):
                if n > s.leave[i]:
                    seen[g[n - s.leave[i]]] = stamp
            if s.sparse:
                mask = s.mask
                # every common option: a rare heap paired with a common one
                for i in range(s.n_split):
                    if n < s.split[i] + 2:
                        continue
                    m = n - s.split[i]
                    # every rare part a < m, with its rest: a rare part with a common one makes a
                    # common value; two rare parts (a rare value, or the rest's class) are marked
                    # too, for they cost nothing here -- but Grundy's game may not split m in halves
                    j = count_below(s.rare, s.n_rare, m)
                    twin = unpaired_half(s.rare, j, m, s.grundy_game)
                    if twin < j:
                        _mark_rare_pairs(g, seen, s.rare, 0, twin, m, stamp)
                        _mark_rare_pairs(g, seen, s.rare, twin + 1, j, m, stamp)
                    else:
                        _mark_rare_pairs(g, seen, s.rare, 0, j, m, stamp)
                    spent += j + 1
                # the smallest common value missing bounds the mex (common: reached by a rare
                # part and a common one; position-type, the class depends on the rest's parity) ...
                xpar = _common_parity(s, n)
                cstar = 0
                while cstar < _VALUES and (rare_parity(cstar & mask) != xpar or seen[cstar] == stamp):
                    cstar += 1
                # ... and the rare values below it are looked for among the other pairs
                need = 0
                for v in range(cstar):
                    if seen[v] != stamp:
                        need += 1
                # all split places side by side (a value missing at one place is often
                # found early at another: Kayles' 0 for odd n - 1, at n - 2), a block of
                # pairs at a time: every value marked is an option, so the block is
                # marked without a branch, and the values below cstar checked after it
                if need:
                    half = _max_half(s, n)
                    # from both ends of the splits at once (pairs of two large parts, whose values
                    # are large, are at the far end: a value made by a few pairs is as likely there);
                    # low: smaller parts below ``a`` done, high: the ``t`` largest smaller parts done
                    a = 1
                    t = 0
                    block = _FIRST_BLOCK
                    while a + t <= half:
                        step = block
                        if block < _LAST_BLOCK:
                            block *= 2
                        # the far end once the near one has had its first blocks (Kayles' values
                        # are found there at once)
                        far = s.both_ends and step >= _FAR_FROM
                        for i in range(s.n_split):
                            if n < s.split[i] + 2:
                                continue
                            m = n - s.split[i]
                            last = _half(s, m)
                            if last < a + t:
                                continue                   # this place is done
                            top = last - t                 # smaller parts a .. top still to pair
                            low_end = a + step - 1 if a + step - 1 < top else top
                            _mark_pairs(g, seen, m, a, low_end, stamp)
                            spent += low_end - a + 1
                            if far and top > low_end:
                                bottom = top - step + 1 if top >= low_end + step else low_end + 1
                                _mark_pairs(g, seen, m, bottom, top, stamp)
                                spent += top - bottom + 1
                        a += step
                        if far:
                            t += step
                        v = 0
                        while v < cstar and seen[v] == stamp:
                            v += 1
                        if v == cstar:
                            break
            else:
                for i in range(s.n_split):
                    if n < s.split[i] + 2:
                        continue
                    m = n - s.split[i]
                    half = _half(s, m)
                    _mark_pairs(g, seen, m, 1, half, stamp)
                    spent += half
            v = 0
            while seen[v] == stamp:
                v += 1
        if v > _MAX_VALUE:
            s.pairings += spent
            return _RUN_OVERFLOW
        if v > 255 and not wide:
            s.pairings += spent
            return _RUN_WIDEN
        g[n] = <val_t>v
        spent += 1
        if n:
            s.hist[v] += 1
            if n & 1:
                s.hist_odd[v] += 1
            if v > s.largest:
                if (v ^ s.largest) > s.largest and s.fast:
                    # the values pass a power of two: the mask has no say on the new top bit
                    # yet, so the new values' class is a guess; choose the mask again (and
                    # class every heap again) once an eighth more heaps show how they fall
                    if n + n // 8 + 1 < s.next_review:
                        s.next_review = n + n // 8 + 1
                s.largest = v
                s.largest_at = n
            if s.sparse and _is_rare(s, v, n) and _push_rare(s, n) != _RUN_OK:
                s.pairings += spent
                return _RUN_NOMEM
        s.n += 1
    s.pairings += spent
    return _RUN_OK


cdef int64_t _find_period(const val_t* g, uint64_t size, uint32_t places, uint32_t* z,
                          uint64_t* period, uint64_t* longest) noexcept nogil:
    """The smallest period p that the Octal Game Periodicity Theorem proves from G(0 .. size - 1).

    Read backwards, s[i] = G(size - 1 - i); the Z-function z[p] (longest common
    prefix of s and s[p:]) is how many heaps at the end have G(j) == G(j - p).
    Period p with pre-period n0 = size - z[p] - p is proven when it is checked
    for n0 <= n < 2 n0 + p + t, i.e. when 2 z[p] >= size + t. Returns n0 (and p
    in ``period``), or -1 when no p is proven; ``longest`` is the largest z[p]
    seen (the best candidate), which tells how far to compute next.
    """
    cdef uint64_t i, k, left = 0, right = 0, last = size // 2
    longest[0] = 0
    if size < 2:
        return -1
    for i in range(1, last + 1):
        k = 0
        if i < right:
            k = right - i
            if z[i - left] < k:
                k = z[i - left]
        while i + k < size and g[size - 1 - k] == g[size - 1 - i - k]:
            k += 1
        z[i] = <uint32_t>k
        if i + k > right:
            left = i
            right = i + k
        if k > longest[0]:
            longest[0] = k
        if 2 * k >= size + places:
            period[0] = i
            return <int64_t>(size - k - i)
    return -1


cdef inline uint64_t _back(const val_t* g, uint64_t size, uint64_t i) noexcept nogil:
    return g[size - 1 - i]


cdef int64_t _find_period_hashed(const val_t* g, uint64_t size, uint32_t places,
                                 uint64_t* period, uint64_t* longest) noexcept nogil:
    """``_find_period`` in constant memory, for sequences too long for a Z array.

    Every proven p has z[p] >= (size + t) / 2 >= w, w = size / 8: the window
    s[p .. p + w) equals s[0 .. w). The windows are compared by a rolling hash
    (mod 2**64; a match is verified, so a collision costs time, never an
    answer), ascending, and each match's z[p] is measured by direct comparison:
    the first p with 2 z[p] >= size + t is the smallest proven period. A match p
    that is not proven rules out its multiples k p <= p + z[p] (if k p were
    proven, s[z[p]] == s[z[p] + p] would follow): those are skipped.
    """
    cdef uint64_t w = size // 8 if size >= 8 else 1, p, i, k, h = 0, target = 0, power = 1
    cdef uint64_t base = 0x9E3779B97F4A7C15ULL       # odd: a unit mod 2**64
    cdef uint64_t skip_p[64]
    cdef uint64_t skip_end[64]
    cdef int n_skip = 0, j
    cdef bint skipped
    longest[0] = 0
    if w < 1 or size < 2:
        return -1
    for i in range(w):
        target = target * base + _back(g, size, i)
        h = h * base + _back(g, size, i + 1)
        power *= base
    for p in range(1, size - w + 1):
        if p > 1:           # slide the window from p - 1 to p
            h = h * base - power * _back(g, size, p - 1) + _back(g, size, p - 1 + w)
        if h != target:
            continue
        skipped = False
        for j in range(n_skip):
            if p % skip_p[j] == 0 and p <= skip_end[j]:
                skipped = True
                break
        if skipped:
            continue
        k = 0
        while p + k < size and _back(g, size, k) == _back(g, size, p + k):
            k += 1
        if k < w:
            continue        # a hash collision
        if k > longest[0]:
            longest[0] = k
        if 2 * k >= size + places:
            period[0] = p
            return <int64_t>(size - k - p)
        if n_skip < 64:
            skip_p[n_skip] = p
            skip_end[n_skip] = p + k
            n_skip += 1
    return -1


cdef bint _zero_split(const OctState* s, const val_t* g, uint64_t m, uint64_t window) noexcept nogil:
    """True when m splits into a + b (both non-empty; unequal in Grundy's game) with G(a) == G(b).

    ``window`` > 0: only a < window is tried -- with a proven period p from n0,
    window = max(n0, 1) + p covers every value a split reaches (a split with a
    larger smaller part a has the twin (a - p, b + p) of the same values).
    """
    cdef uint64_t a = 1, last
    cdef const val_t* down
    if m < 2:
        return False
    last = _half(s, m)
    if window and last >= window:
        last = window - 1
    down = g + m
    while a + 3 <= last:                # four a step, one branch (a table of 10**6 rows runs it)
        if ((g[a] == down[-<int64_t>a]) | (g[a + 1] == down[-<int64_t>(a + 1)])
                | (g[a + 2] == down[-<int64_t>(a + 2)]) | (g[a + 3] == down[-<int64_t>(a + 3)])):
            return True
        a += 4
    while a <= last:
        if g[a] == g[m - a]:
            return True
        a += 1
    return False


cdef tuple _winning_takes(const OctState* s, const val_t* g, uint64_t n, uint64_t window):
    cdef uint8_t wins[_MAX_PLACES + 1]
    cdef int i
    cdef uint64_t k, top = n if n < _MAX_PLACES else _MAX_PLACES
    memset(wins, 0, sizeof(wins))
    for i in range(s.n_all):
        if s.all_[i] == n:
            wins[n] = 1
    for i in range(s.n_leave):
        if n > s.leave[i] and g[n - s.leave[i]] == 0:
            wins[s.leave[i]] = 1
    for i in range(s.n_split):
        if n >= s.split[i] + 2 and not wins[s.split[i]] and _zero_split(s, g, n - s.split[i], window):
            wins[s.split[i]] = 1
    return tuple([k for k in range(top + 1) if wins[k]])


cdef bint _movable(const OctState* s, uint64_t n) noexcept nogil:
    """True when a heap of n has a move."""
    cdef int i
    cdef uint64_t least_rest = 3 if s.grundy_game else 2     # unsigned: compared with n
    for i in range(s.n_all):
        if s.all_[i] == n:
            return True
    for i in range(s.n_leave):
        if n > s.leave[i]:
            return True
    for i in range(s.n_split):
        if n >= s.split[i] + least_rest:
            return True
    return False


cdef class OctalSequence:
    """The Grundy values of one take-and-break game's heaps, extended on demand.

    Parameters
    ----------
    takes_all, leaves, splits : sequences of int
        The places k (0 .. 64) whose digit has bit 1, bit 2, bit 4.
    grundy_game : bool
        Grundy's game: the split place 0 only, into two unequal parts.
    fast : bool
        The rare-values method (True) or the plain mex over every option.
    """

    cdef OctState c_s
    cdef array.array c_values
    cdef uint32_t c_places

    def __cinit__(self, takes_all, leaves, splits, bint grundy_game=False, bint fast=True):
        cdef Workspace* ws = &self.c_s.ws     # zero, as the whole object is when allocated
        self.c_s.seen = <uint64_t*>ws_zeroed(ws, _OS_SEEN, _VALUES * sizeof(uint64_t) + 8 * sizeof(uint64_t))
        self.c_s.hist = <int64_t*>ws_zeroed(ws, _OS_HIST, _VALUES * sizeof(int64_t))
        self.c_s.hist_odd = <int64_t*>ws_zeroed(ws, _OS_HIST_ODD, _VALUES * sizeof(int64_t))
        self.c_s.wht = <int64_t*>ws_alloc(ws, _OS_WHT, _VALUES * sizeof(int64_t))
        self.c_s.wht2 = <int64_t*>ws_alloc(ws, _OS_WHT2, _VALUES * sizeof(int64_t))
        if (self.c_s.seen == NULL or self.c_s.hist == NULL or self.c_s.wht == NULL
                or self.c_s.wht2 == NULL or self.c_s.hist_odd == NULL):
            raise MemoryError("no memory for a nim-sequence's tables")
        self.c_places = 0
        self.c_s.n_all = self._places(takes_all, self.c_s.all_, 1)
        self.c_s.n_leave = self._places(leaves, self.c_s.leave, 1)
        self.c_s.n_split = self._places(splits, self.c_s.split, 0)
        self.c_s.grundy_game = grundy_game
        if grundy_game and (self.c_s.n_split != 1 or self.c_s.split[0] != 0):
            raise ValueError("Grundy's game splits at place 0 only")
        self.c_s.fast = fast and self.c_s.n_split > 0
        self.c_s.sparse = self.c_s.fast
        self.c_s.both_ends = True
        self.c_s.plain_fallback = True
        self.c_s.pos_ok = self.c_s.fast
        for i in range(1, self.c_s.n_split):
            if (self.c_s.split[i] ^ self.c_s.split[0]) & 1:
                self.c_s.pos_ok = False      # the classes of a split's value would differ by place
        self.c_s.posdep = False
        self.c_s.mask = 1
        self.c_s.next_review = _FIRST_REVIEW
        self.c_s.review_rare = _FIRST_REVIEW
        self.c_values = _array_module.array("B")

    cdef int _places(self, places, uint32_t* out, uint32_t lowest) except -1:
        cdef int count = read_places(places, out, lowest, _MAX_PLACES)
        if count and out[count - 1] > self.c_places:
            self.c_places = out[count - 1]      # increasing: the last is the largest
        return count

    def __dealloc__(self):
        ws_free(&self.c_s.ws)        # every table of the sequence: the one place they are freed

    def extend(self, uint64_t end, progress=None, cancel=None):
        """Compute the values of heaps up to ``end - 1``.

        ``progress(heaps, seconds)`` is called between chunks of work, and the
        run stops when ``cancel.is_set()`` (returning False) or on Ctrl-C
        (KeyboardInterrupt). Returns True when every value was computed.

        Raises
        ------
        OverflowError
            When ``end`` is past MAX_HEAPS, or a value past MAX_VALUE shows
            (the values computed so far are kept).
        MemoryError
            When the values or the list of rare heaps cannot grow.
        """
        cdef int status
        cdef double started = time.monotonic()
        if end > MAX_HEAPS:
            raise OverflowError(f"at most {MAX_HEAPS:,} heaps, not {end:,}")
        if end > <uint64_t>len(self.c_values):
            array.resize(self.c_values, end)
        while self.c_s.n < end:
            if self.c_values.ob_descr.itemsize == 1:
                with nogil:
                    status = _oct_run(&self.c_s, self.c_values.data.as_uchars, end, _BUDGET)
            else:
                with nogil:
                    status = _oct_run(&self.c_s, self.c_values.data.as_ushorts, end, _BUDGET)
            if status == _RUN_WIDEN:
                self._widen()
            elif status == _RUN_OVERFLOW:
                raise OverflowError(
                    f"the Grundy value of heap {self.c_s.n:,} is past {MAX_VALUE:,}")
            elif status == _RUN_NOMEM:
                raise MemoryError(f"no memory for the rare heaps at heap {self.c_s.n:,}")
            PyErr_CheckSignals()
            if cancel is not None and cancel.is_set():
                return False
            if progress is not None:
                progress(self.c_s.n, time.monotonic() - started)
        return True

    def load(self, values):
        """Start from stored values G(0) .. G(len(values) - 1) (an ``array.array`` 'B' or 'H'
        of this game, e.g. read back from a cache file) instead of computing them.

        Only an empty sequence loads. The histogram and the largest value are read
        from the values, and the mask of the rare-values method is chosen afresh at
        the next heap computed.

        Raises
        ------
        ValueError
            When the sequence is not empty, or the values are not an array of 'B' or 'H'.
        """
        cdef uint64_t i, size
        cdef uint32_t v
        cdef int status
        cdef array.array copy
        if self.c_s.n:
            raise ValueError("only an empty sequence loads stored values")
        if not isinstance(values, _array_module.array) or values.typecode not in ("B", "H"):
            raise ValueError("stored values are an array.array of typecode 'B' or 'H'")
        size = len(values)
        if size > MAX_HEAPS:
            raise ValueError(f"at most {MAX_HEAPS:,} heaps, not {size:,}")
        copy = _array_module.array(values.typecode, values)
        for i in range(1, size):
            v = copy[i]
            self.c_s.hist[v] += 1
            if i & 1:
                self.c_s.hist_odd[v] += 1
            if v > self.c_s.largest:
                self.c_s.largest = v
                self.c_s.largest_at = i
        self.c_values = copy
        self.c_s.n = size
        self.c_s.n_rare = 0
        self.c_s.sparse = False              # the review at the next heap lists the rare heaps again
        self.c_s.next_review = size if size > _FIRST_REVIEW else _FIRST_REVIEW
        if self.c_s.fast and size > _FIRST_REVIEW:
            # choose the mask now, so that what is reported of the values (mask, rare heaps) holds
            if copy.ob_descr.itemsize == 1:
                status = _review_mask(&self.c_s, copy.data.as_uchars)
            else:
                status = _review_mask(&self.c_s, copy.data.as_ushorts)
            if status != _RUN_OK:
                raise MemoryError("no memory for the list of rare heaps")

    cdef void _widen(self):
        """Move the values to two bytes a heap (a value of 256 or more is coming)."""
        cdef array.array wide = _array_module.array("H")
        cdef Py_ssize_t i, size = len(self.c_values)
        array.resize(wide, size)
        cdef uint8_t* narrow = self.c_values.data.as_uchars
        cdef uint16_t* to = wide.data.as_ushorts
        for i in range(<Py_ssize_t>self.c_s.n):
            to[i] = narrow[i]
        self.c_values = wide

    def find_period(self, hashed=None):
        """``(preperiod, period, longest)``: the period the theorem proves from
        the values computed (preperiod and period None when none is), and the
        longest periodic tail seen (heaps), which tells how far to go next.

        ``hashed``: look in constant memory (rolling hashes) rather than with a
        Z array of two bytes a heap; by default from HASHED_FROM heaps on.
        """
        cdef uint64_t size = self.c_s.n, period = 0, longest = 0
        cdef int64_t start
        cdef uint32_t* z
        if hashed is None:
            hashed = size >= HASHED_FROM
        if hashed:
            if self.c_values.ob_descr.itemsize == 1:
                with nogil:
                    start = _find_period_hashed(<const uint8_t*>self.c_values.data.as_uchars, size,
                                                self.c_places, &period, &longest)
            else:
                with nogil:
                    start = _find_period_hashed(<const uint16_t*>self.c_values.data.as_ushorts, size,
                                                self.c_places, &period, &longest)
            if start < 0:
                return None, None, longest
            return start, period, longest
        z = <uint32_t*>PyMem_Malloc((size // 2 + 2) * sizeof(uint32_t))
        if z == NULL:
            raise MemoryError(f"no memory to look for the period of {size:,} values")
        try:
            if self.c_values.ob_descr.itemsize == 1:
                with nogil:
                    start = _find_period(<const uint8_t*>self.c_values.data.as_uchars, size,
                                         self.c_places, z, &period, &longest)
            else:
                with nogil:
                    start = _find_period(<const uint16_t*>self.c_values.data.as_ushorts, size,
                                         self.c_places, z, &period, &longest)
        finally:
            PyMem_Free(z)
        if start < 0:
            return None, None, longest
        return start, period, longest

    def values(self):
        """The values computed, as an ``array.array`` ('B' or 'H'), trimmed to their count."""
        if <uint64_t>len(self.c_values) != self.c_s.n:
            array.resize(self.c_values, self.c_s.n)
        return self.c_values

    def __len__(self):
        return self.c_s.n

    def __getitem__(self, Py_ssize_t n):
        if not 0 <= n < <Py_ssize_t>self.c_s.n:
            raise IndexError(f"heap {n} is not computed (0 .. {self.c_s.n - 1})")
        return self.c_values[n]

    @property
    def places(self):
        """t: the last place of the code with a move."""
        return self.c_places

    @property
    def itemsize(self):
        """Bytes a heap: 1 or 2."""
        return self.c_values.ob_descr.itemsize

    @property
    def largest(self):
        """The largest value of heaps 1 .. n - 1, and the first heap with it."""
        return self.c_s.largest, self.c_s.largest_at

    @property
    def mask(self):
        """The mask of the rare-values method (0 with the plain mex)."""
        return self.c_s.mask if self.c_s.fast else 0

    @property
    def fast(self):
        """True when the rare-values method may be used (it is while the rare heaps are few)."""
        return bool(self.c_s.fast)

    @property
    def sparse(self):
        """True while the rare-values method is in use (False: the plain mex, for now)."""
        return bool(self.c_s.sparse)

    @property
    def both_ends(self):
        """True when the scan for the rare values below the common bound pairs from both ends
        of the splits (the default), False: from the small parts up (either is exact)."""
        return bool(self.c_s.both_ends)

    @both_ends.setter
    def both_ends(self, bint value):
        self.c_s.both_ends = value

    @property
    def plain_fallback(self):
        """True (the default) when the plain mex computes while even the best mask leaves more
        than one heap in eight rare; False: the rare-values method throughout (as exact; for
        tests and measurements where the sparse space has not shown yet)."""
        return bool(self.c_s.plain_fallback)

    @plain_fallback.setter
    def plain_fallback(self, bint value):
        self.c_s.plain_fallback = value

    @property
    def position_type(self):
        """True when the mask in use is position-dependent (Flammenkamp: a heap a is rare
        when parity(G(a) & mask) ^ (a & 1) equals ``rare_class``), False for the value-type."""
        return bool(self.c_s.fast and self.c_s.posdep)

    @property
    def rare_class(self):
        """Position-type mask: the class parity(G(a) & mask) ^ (a & 1) of the rare heaps."""
        return self.c_s.rare_q

    @property
    def rare_listed(self):
        """``(count, last)`` of the rare heaps the method lists now (under its mask, of its kind)."""
        if not self.c_s.sparse or self.c_s.n_rare == 0:
            return 0, 0
        return self.c_s.n_rare, self.c_s.rare[self.c_s.n_rare - 1]

    def rare_list(self):
        """The rare heaps the method lists now, ascending, as an ``array.array('I')`` (empty
        while it runs the plain mex): under the mask, of its kind (``position_type``)."""
        cdef array.array out = _array_module.array("I")
        cdef uint64_t i
        if not self.c_s.sparse:
            return out
        array.resize(out, self.c_s.n_rare)
        for i in range(self.c_s.n_rare):
            out.data.as_uints[i] = self.c_s.rare[i]
        return out

    @property
    def pairings(self):
        """Work done so far: option values looked at (pairs, for splits)."""
        return self.c_s.pairings

    def winning_takes(self, uint64_t n, uint64_t window=0):
        """The numbers k a move may take from a heap of n to leave value 0 (with a
        suitable split), ascending: the winning takes of a lone heap, normal play.

        ``window`` > 0 (max(n0, 1) + p for a proven period p from n0): the smaller
        part of a split is looked for below it only (see ``lone_heaps``)."""
        if n >= self.c_s.n:
            raise IndexError(f"heap {n} is not computed (0 .. {self.c_s.n - 1})")
        if self.c_values.ob_descr.itemsize == 1:
            return _winning_takes(&self.c_s, self.c_values.data.as_uchars, n, window)
        return _winning_takes(&self.c_s, self.c_values.data.as_ushorts, n, window)

    def lone_heaps(self, uint64_t end, uint64_t window=0):
        """``(winning_takes, movable)`` of lone heaps 0 .. end - 1, normal play, in one pass:
        a tuple of takes per heap (empty for a heap of value 0) and a bool per heap.

        With a proven period p from n0, ``window = max(n0, 1) + p`` makes each
        heap cost O(places * window) rather than O(heap): a split whose smaller
        part a >= window has the twin (a - p, b + p) of the same values, so the
        smaller parts below the window cover every value a split reaches. 0: scan
        every split. Ctrl-C is checked every 2**16 heaps.
        """
        cdef list takes = []
        cdef list movable = []
        cdef uint64_t n
        cdef tuple none = ()
        if end > self.c_s.n:
            raise IndexError(f"heaps up to {end - 1} are not all computed (0 .. {self.c_s.n - 1})")
        for n in range(end):
            if (n & 0xFFFF) == 0xFFFF:
                PyErr_CheckSignals()
            movable.append(_movable(&self.c_s, n))
            if self.c_values.ob_descr.itemsize == 1:
                if self.c_values.data.as_uchars[n] == 0:
                    takes.append(none)
                else:
                    takes.append(_winning_takes(&self.c_s, self.c_values.data.as_uchars, n, window))
            elif self.c_values.data.as_ushorts[n] == 0:
                takes.append(none)
            else:
                takes.append(_winning_takes(&self.c_s, self.c_values.data.as_ushorts, n, window))
        return takes, movable

    def rare_heaps(self, uint32_t mask):
        """``(count, last)``: heaps 1 .. n - 1 whose value is rare under ``mask``
        (popcount(G(n) & mask) even), and the last of them (0 when none)."""
        cdef uint64_t a, count = 0, last = 0
        cdef uint8_t* narrow
        cdef uint16_t* wide
        if self.c_values.ob_descr.itemsize == 1:
            narrow = self.c_values.data.as_uchars
            for a in range(1, self.c_s.n):
                if rare_parity(narrow[a] & mask) == 0:
                    count += 1
                    last = a
        else:
            wide = self.c_values.data.as_ushorts
            for a in range(1, self.c_s.n):
                if rare_parity(wide[a] & mask) == 0:
                    count += 1
                    last = a
        return count, last
