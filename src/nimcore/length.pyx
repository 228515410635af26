"""How long the game lasts under take `any`, without search (docs/theory.md,
"How long the game lasts").

The length of a position is its remoteness: the number of moves to the end
when the winner hurries and the loser delays (``nim.analyze``'s depth). Under
take `any`, with S the number of objects, X the XOR of the piles, B the number
of piles of 2 or more and r the most objects a move to X = 0 removes:

    normal play    X = 0: S                X != 0: S + 1 - r
    misère play    B = 0: the number of 1-piles
                   B >= 1 and X = 0: S - 1
                   B = 1 and X != 0: 1 + the 1-piles, + 1 more when they are even
                   B >= 2 and X != 0: S - r

(the last two: one move to the nearest lost position, by the lines above).
A move to X = 0 from a pile p exists iff p has X's top bit, and removes
p - (p ^ X) objects.

``summary`` gives (S, X, B, ones, r) of one position in one pass;
``child_depths`` the value and length of every child of a position, in the
engines' order, each in time proportional to the distinct pile sizes that have
the child's top bit: no child is built.
"""

from cpython.exc cimport PyErr_CheckSignals
from cpython.sequence cimport PySequence_Fast, PySequence_Fast_GET_SIZE, PySequence_Fast_ITEMS
from cpython.ref cimport PyObject
from libc.stdint cimport int8_t, int64_t, uint64_t
from libc.stdlib cimport qsort
from libc.string cimport memset

from nimcore.workspace cimport WS_PILES, Workspace, ws_alloc, ws_free

from nimcore.piles cimport exact_pile

cdef extern from *:
    int __builtin_clzll(unsigned long long x) nogil

cdef enum:
    _CHECK_PILES = 1 << 10     # piles whose children are valued between two checks for Ctrl-C


cdef inline int _top_bit(uint64_t x) noexcept nogil:
    """Index of the highest 1-bit of x (x != 0)."""
    return 63 - __builtin_clzll(x)


cdef inline uint64_t _length(bint misere, uint64_t total, uint64_t x, Py_ssize_t big,
                             Py_ssize_t ones, uint64_t removal) noexcept nogil:
    """The length of a position of summary (S, X, B, ones); `removal` (r) is read
    only where the formula needs it (X != 0, and B >= 2 in misère play)."""
    if not misere:
        return total if x == 0 else total + 1 - removal
    if big == 0:
        return <uint64_t>ones
    if x == 0:
        return total - 1
    if big == 1:
        return <uint64_t>(1 + ones + (1 - ones % 2))
    return total - removal


cdef inline int _outcome(bint misere, uint64_t x, Py_ssize_t big) noexcept nogil:
    """+1 when the mover wins (Bouton; in misère play his rule for B = 0)."""
    if misere and big == 0:
        return -1 if x == 1 else 1
    return 1 if x != 0 else -1


def summary(piles):
    """(S, X, B, ones, r) of a position of piles below 2**64, or None when a pile
    is not (the caller then uses Python integers). r is 0 when X = 0.

    S is exact for any number of piles (a Python int); the rest fit 64 bits.
    """
    cdef object items = PySequence_Fast(piles, "piles must be a sequence")
    cdef Py_ssize_t i, n = PySequence_Fast_GET_SIZE(items)
    cdef PyObject** cells = PySequence_Fast_ITEMS(items)
    cdef Workspace ws           # the piles' copy, freed below
    cdef uint64_t* a
    cdef uint64_t low = 0, carries = 0, x = 0, removal = 0, p
    cdef Py_ssize_t big = 0, ones = 0
    cdef int top
    memset(&ws, 0, sizeof(Workspace))
    a = <uint64_t*>ws_alloc(&ws, WS_PILES, (n + 1) * sizeof(uint64_t))
    if a == NULL:
        raise MemoryError(f"no memory for {n:,} piles")
    try:
        for i in range(n):
            if not _to_u64(<object>cells[i], &a[i]):
                return None
        with nogil:
            for i in range(n):
                p = a[i]
                low += p
                carries += low < p              # the 64-bit sum wrapped: count the carry
                x ^= p
                big += p >= 2
                ones += p == 1
            if x != 0:
                top = _top_bit(x)
                for i in range(n):
                    p = a[i]
                    if (p >> top) & 1 and p - (p ^ x) > removal:
                        removal = p - (p ^ x)
    finally:
        ws_free(&ws)
    return (int(carries) << 64) + int(low), x, big, ones, removal   # (Python ints: no C shift)


cdef bint _to_u64(object value, uint64_t* out) except -1:
    """*out = value when it is an exact int in 0 .. 2**64 - 1 (then True)."""
    cdef long long small = exact_pile(value)
    if small >= 0:
        out[0] = <uint64_t>small
        return True
    if isinstance(value, int) and 0 <= value <= 0xFFFFFFFFFFFFFFFF:
        out[0] = value
        return True
    return False


cdef enum:   # child_depths' workspace slots
    _LD_PILES = WS_PILES
    _LD_SIZES
    _LD_COUNTS
    _LD_HAVING


cdef int _cmp_u64(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*>a)[0], y = (<const uint64_t*>b)[0]
    return (x > y) - (x < y)


def child_depths(piles, bint misere, int8_t[::1] values, int64_t[::1] depths):
    """values[m], depths[m] = the value for the player who makes it and the length
    of the position it leads to, for the m-th legal move of ``piles`` under take
    `any` in the engines' order (pile by pile from the left, largest take first).

    ``piles``: ints in 0 .. 2**62 with a total that fits in int64 (the caller
    bounds the number of moves, which is that total). O(moves times the distinct
    pile sizes with a given top bit); Ctrl-C is checked between piles.

    Raises
    ------
    ValueError
        When ``values`` or ``depths`` does not hold exactly one slot per move.
    KeyboardInterrupt
        On Ctrl-C.
    """
    cdef Py_ssize_t n = len(piles), i, d = 0, j, k, m = 0, count
    cdef uint64_t total = 0, x = 0, p, q, xc, v, r, best, length
    cdef Py_ssize_t big = 0, ones = 0, bigc, onesc
    cdef int bit, b
    cdef Workspace ws                   # the arrays below (slots _LD_*), freed in one place
    cdef uint64_t* a
    cdef uint64_t* sizes
    cdef Py_ssize_t* counts
    cdef Py_ssize_t first[65]           # per bit: a slice of `having`
    cdef Py_ssize_t* having             # per bit b: the distinct sizes with bit b set (indices into sizes)
    cdef Py_ssize_t holders[65]
    memset(&ws, 0, sizeof(Workspace))
    try:
        a = <uint64_t*>ws_alloc(&ws, _LD_PILES, (n + 1) * sizeof(uint64_t))
        sizes = <uint64_t*>ws_alloc(&ws, _LD_SIZES, (n + 1) * sizeof(uint64_t))
        counts = <Py_ssize_t*>ws_alloc(&ws, _LD_COUNTS, (n + 1) * sizeof(Py_ssize_t))
        if a == NULL or sizes == NULL or counts == NULL:
            raise MemoryError(f"no memory for {n:,} piles")
        for i in range(n):
            a[i] = piles[i]
            total += a[i]
            x ^= a[i]
            big += a[i] >= 2
            ones += a[i] == 1
        if <uint64_t>values.shape[0] != total or <uint64_t>depths.shape[0] != total:
            raise ValueError(f"{total:,} moves, but {values.shape[0]:,} and {depths.shape[0]:,} slots")
        # distinct sizes and how many piles have each
        for i in range(n):
            sizes[i] = a[i]
        qsort(sizes, n, sizeof(uint64_t), _cmp_u64)
        for i in range(n):
            if d == 0 or sizes[d - 1] != sizes[i]:
                sizes[d] = sizes[i]
                counts[d] = 0
                d += 1
            counts[d - 1] += 1
        # for each bit, the distinct sizes that have it
        for b in range(65):
            first[b] = 0
        for j in range(d):
            for b in range(64):
                first[b + 1] += (sizes[j] >> b) & 1
        for b in range(64):
            first[b + 1] += first[b]
        having = <Py_ssize_t*>ws_alloc(&ws, _LD_HAVING, (first[64] + 1) * sizeof(Py_ssize_t))
        if having == NULL:
            raise MemoryError("no memory for the pile sizes by bit")
        for b in range(64):
            holders[b] = first[b]
        for j in range(d):
            for b in range(64):
                if (sizes[j] >> b) & 1:
                    having[holders[b]] = j
                    holders[b] += 1
        for i in range(n):
            p = a[i]
            with nogil:
                for k in range(<Py_ssize_t>p):       # take p - k: the child size is k
                    q = <uint64_t>k
                    xc = x ^ p ^ q
                    bigc = big - (p >= 2) + (q >= 2)
                    onesc = ones - (p == 1) + (q == 1)
                    best = 0
                    if xc != 0 and (not misere or bigc >= 2):
                        # the child's largest move to XOR 0: its piles with xc's top bit
                        bit = _top_bit(xc)
                        if (q >> bit) & 1:
                            best = q - (q ^ xc)
                        for j in range(first[bit], first[bit + 1]):
                            v = sizes[having[j]]
                            count = counts[having[j]] - (v == p)    # the moved pile is now q
                            if count > 0:
                                r = v - (v ^ xc)
                                if r > best:
                                    best = r
                    length = _length(misere, total - (p - q), xc, bigc, onesc, best)
                    values[m] = <int8_t>-_outcome(misere, xc, bigc)
                    depths[m] = <int64_t>length
                    m += 1
            if i % _CHECK_PILES == _CHECK_PILES - 1:
                PyErr_CheckSignals()
            elif p > 4096:
                PyErr_CheckSignals()
    finally:
        ws_free(&ws)
