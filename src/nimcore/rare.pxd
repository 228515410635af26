# The rare-values method's shared pieces (nimcore.octal's sequences and
# nimcore.records' record runs): a value's parity under the value-type mask, the
# Walsh-Hadamard transform that counts the rare heaps of every mask at once, the
# choice of the mask that makes the fewest rare, and the binary search over the
# ascending list of rare heaps. Inline: each is in a hot loop or called from one.
# And the one reading of an octal code's places that both engines start from, and
# the pieces of their small-values paths (every value below 64: a heap's options
# are the bits of one word).

from libc.stdint cimport int64_t, uint32_t, uint64_t

ctypedef fused rare_heap_t:     # a rare heap as each engine lists it
    uint32_t                    # nimcore.octal: heaps below 2**32
    uint64_t                    # nimcore.records: past 2**32


cdef inline uint32_t rare_parity(uint32_t x) noexcept nogil:
    """popcount(x) & 1, for x < 2**32."""
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


cdef extern from *:
    """
    /* The index of the lowest set bit of x != 0: the compiler's instruction where it has one. */
    #ifndef NIMRARE_LOWEST_BIT
    #if defined(__GNUC__) || defined(__clang__)
    #define NIMRARE_LOWEST_BIT(x) ((unsigned)__builtin_ctzll(x))
    #elif defined(_MSC_VER) && defined(_WIN64)
    #include <intrin.h>
    static __inline unsigned NIMRARE_LOWEST_BIT(unsigned __int64 x) {
        unsigned long i; _BitScanForward64(&i, x); return (unsigned)i; }
    #else
    static unsigned NIMRARE_LOWEST_BIT(unsigned long long x) {
        unsigned i = 0; while (!(x & 1)) { x >>= 1; i++; } return i; }
    #endif
    #endif
    """
    unsigned int lowest_bit "NIMRARE_LOWEST_BIT" (uint64_t x) nogil


cdef enum:
    SMALL_VALUES = 64           # values below this: a heap's options fit the bits of one word


cdef inline uint64_t value_bit(uint32_t v) noexcept nogil:
    """The bit of value v < SMALL_VALUES."""
    return (<uint64_t>1) << v


cdef inline uint64_t odd_values(uint32_t mask) noexcept nogil:
    """The values below SMALL_VALUES whose bits under ``mask`` have odd parity, as the bits
    of a word (under a value-type mask, the common values)."""
    cdef uint64_t bits = 0
    cdef uint32_t v
    for v in range(SMALL_VALUES):
        if rare_parity(v & mask):
            bits |= value_bit(v)
    return bits


cdef inline void walsh_hadamard(int64_t* w, uint64_t size) noexcept nogil:
    """The Walsh-Hadamard transform of w[0 .. size), in place (size a power of two):
    from the histogram of values, w[M] = sum over v of hist[v] * (-1)**popcount(v & M)."""
    cdef uint64_t h = 1, i, j
    cdef int64_t x, y
    while h < size:
        i = 0
        while i < size:
            for j in range(i, i + h):
                x = w[j]
                y = w[j + h]
                w[j] = x + y
                w[j + h] = x - y
            i += 2 * h
        h <<= 1


cdef inline uint32_t fewest_rare_mask(const int64_t* wht, uint64_t size, uint32_t start,
                                      int64_t* best) noexcept nogil:
    """The mask M >= 1 with the least wht[M] (the fewest rare heaps: (heaps + W[M]) / 2),
    `start` kept unless another is strictly below it; *best is its wht."""
    cdef uint32_t mask = start, m
    best[0] = wht[start & (size - 1)]
    for m in range(1, size):
        if wht[m] < best[0]:
            best[0] = wht[m]
            mask = m
    return mask


cdef inline uint64_t count_below(const rare_heap_t* rare, uint64_t count, uint64_t m) noexcept nogil:
    """How many of the ascending ``rare[0 .. count)`` are below m (binary search)."""
    cdef uint64_t lo = 0, hi = count, mid
    while lo < hi:
        mid = (lo + hi) // 2
        if rare[mid] < m:
            lo = mid + 1
        else:
            hi = mid
    return lo


cdef inline uint64_t unpaired_half(const rare_heap_t* rare, uint64_t end, uint64_t m,
                                   bint grundy_game) noexcept nogil:
    """In Grundy's game, the index among the ascending ``rare[0 .. end)`` of the rare heap
    m / 2, which is not paired with itself (a heap may not be split in equal halves there);
    else ``end``."""
    cdef uint64_t half
    if grundy_game and not (m & 1):
        half = count_below(rare, end, m // 2)
        if half < end and rare[half] == m // 2:
            return half
    return end


cdef inline int read_places(object places, uint32_t* out, uint32_t lowest, uint32_t highest) except -1:
    """Copy an octal code's places (increasing, each in lowest .. highest) into out; their
    count. ValueError for a place out of range or out of order (out has highest + 1 room)."""
    cdef int count = 0
    for k in places:
        if not lowest <= k <= highest:
            raise ValueError(f"a place of a code must be in {lowest} .. {highest}: {k!r}")
        if count and k <= out[count - 1]:
            raise ValueError("places must be given in increasing order")
        out[count] = k
        count += 1
    return count
