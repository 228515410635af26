# The theory of heap games (THEORY.md): Grundy values for every take rule,
# condition (C), the normal and misère outcome of a position and a winning
# move, in O(number of piles). Every engine and fast path calls these; there is
# no second copy.
#
# A Theory is built once per rule set (CoreTheory owns it and its table):
#
#   any     g(n) = n
#   max K   g(n) = n mod (K + 1)
#   half    g(n) = n >> (t + 1), t the number of trailing 1-bits of n
#   set S   with d = gcd(S), g(n) = G(n // d), G the Grundy sequence of S / d
#           (a move never changes n mod d); G is tabulated up to the end of
#           its first period, and read through the period beyond.
#
# Normal play: the mover wins iff the XOR X of the Grundy values is not 0.
# Misère play, under (C) -- every movable pile of Grundy value 0 has an option
# of Grundy value 1 -- with B the number of piles of Grundy value >= 2: the
# mover loses iff (B = 0 and X = 1) or (B >= 1 and X = 0).

from cpython.pythread cimport PyThread_type_lock
from libc.stdint cimport UINT64_MAX, uint16_t, uint64_t

from nimcore.rules cimport TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, CoreRules, RuleSet

cdef extern from *:
    """
    /* Trailing 1-bits of n: the `half` rule's Grundy value is n >> (that + 1). */
    static inline int nimcore_trailing_ones(unsigned long long n) {
        return ~n ? __builtin_ctzll(~n) : 64;
    }
    """
    int _trailing_ones "nimcore_trailing_ones" (unsigned long long n) noexcept nogil

# A Grundy value of a `set S` rule: at most |S| <= MAX_SET_SIZE < 2**16.
ctypedef uint16_t grundy_t

cdef struct Theory:
    bint misere
    int take                   # a TakeRule of nimcore.rules
    uint64_t k                 # K of `max K`
    uint64_t min_take          # smallest legal take: a smaller pile cannot move
    uint64_t smallest_take     # the take of a lost position's waiting move (1, or min S)
    bint tame                  # condition (C) holds (proven for any, max, half; checked for set S)
    # set S only:
    const grundy_t* table      # Grundy values G(0 .. table_size - 1) of S / d: the
                               # pre-period and one period (values <= |S| < 2**16),
                               # or, while period == 0, the piles computed so far
    uint64_t table_size        # = period_start + period (period 0: piles answered)
    uint64_t period_start      # G(n) = G(n - period) for n >= table_size
    uint64_t period            # 0: not found yet (CoreTheory.cover grows the table)
    uint64_t scale             # d = gcd(S); 1 for the other rules
    int n_set
    const uint64_t* set_desc   # S / d, largest first (the RuleSet's set_reduced)


cdef inline uint64_t theory_reduced_grundy(const Theory* t, uint64_t n) noexcept nogil:
    """set S: G(n), the Grundy value of a pile of n in the game S / gcd(S)."""
    if n < t.table_size:
        return t.table[n]
    return t.table[t.period_start + (n - t.period_start) % t.period]   # period 0: never asked


cdef inline uint64_t theory_uncovered(const Theory* t, const uint64_t* piles, Py_ssize_t n) noexcept nogil:
    """0 when the theory answers every one of the piles, else the largest of them
    (then CoreTheory.cover must grow the table first): only a `set S` whose period
    has not shown answers less than every pile."""
    cdef Py_ssize_t i
    cdef uint64_t top = 0
    if t.take != TAKE_SET or t.period != 0:
        return 0
    for i in range(n):
        if piles[i] > top:
            top = piles[i]
    return top if top // t.scale >= t.table_size else 0


cdef inline uint64_t theory_grundy(const Theory* t, uint64_t n) noexcept nogil:
    """Grundy value of a single pile of n."""
    cdef int ones
    if t.take == TAKE_ANY:
        return n
    if t.take == TAKE_MAX:
        return n % (t.k + 1)
    if t.take == TAKE_HALF:
        ones = _trailing_ones(n)
        return n >> (ones + 1) if ones < 63 else 0
    return theory_reduced_grundy(t, n // t.scale if t.scale != 1 else n)


cdef inline uint64_t _theory_set_option(const Theory* t, uint64_t n, uint64_t target) noexcept nogil:
    # n: a pile of the reduced game S / d; its largest take first
    cdef int i
    cdef uint64_t s, m
    for i in range(t.n_set):
        s = t.set_desc[i]
        if s <= n:
            m = n - s
            if theory_reduced_grundy(t, m) == target:
                return m
    return UINT64_MAX


cdef inline uint64_t theory_option(const Theory* t, uint64_t n, uint64_t g, uint64_t target) noexcept nogil:
    """A size a pile of n (Grundy value g) can be lowered to whose Grundy value is
    target -- the one of the largest take -- or UINT64_MAX when there is none.

    By the mex, one exists for every target < g.
    """
    cdef uint64_t d, low, cand, reduced
    if t.take == TAKE_ANY:
        return target if target < n else UINT64_MAX
    if t.take == TAKE_MAX:
        if target > t.k:
            return UINT64_MAX
        d = g - target if g >= target else g + t.k + 1 - target   # g(n - d) = (g - d) mod (K + 1)
        return n - d if d >= 1 and d <= t.k and d <= n else UINT64_MAX
    if t.take == TAKE_HALF:
        # the sizes of Grundy value `target` are (2 target + 1) 2**j - 1, j = 0, 1, ...;
        # a pile of n moves to n - floor(n/2) .. n - 1: the smallest such size
        low = n - (n >> 1)
        if n == 0 or target > (n - 1) >> 1:   # the smallest such size, 2 target, is >= n
            return UINT64_MAX
        cand = 2 * target + 1
        while True:
            if cand - 1 >= n:
                return UINT64_MAX
            if cand - 1 >= low:
                return cand - 1
            cand <<= 1                     # no overflow: cand - 1 < n
    if t.scale == 1:
        return _theory_set_option(t, n, target)
    reduced = _theory_set_option(t, n // t.scale, target)
    if reduced == UINT64_MAX:
        return UINT64_MAX
    return n - (n // t.scale - reduced) * t.scale


cdef inline uint64_t theory_target(bint misere, uint64_t g, uint64_t x, Py_ssize_t big,
                                   Py_ssize_t ones) noexcept nogil:
    """The Grundy value a pile of Grundy value g should move to so that the opponent
    is left lost, in a position whose Grundy values XOR to x, with `big` of them
    >= 2 and `ones` of them 1. (Normal play: g ^ x. Misère: the same, unless only
    values <= 1 would remain: then leave an odd number of 1s.)"""
    cdef uint64_t t = g ^ x
    if misere and big - (g >= 2) == 0 and t < 2:
        t = 1 if (ones - (g == 1)) % 2 == 0 else 0
    return t


cdef inline void theory_summary(const Theory* t, const uint64_t* piles, Py_ssize_t n,
                                uint64_t* x, Py_ssize_t* big, Py_ssize_t* ones) noexcept nogil:
    """XOR of the piles' Grundy values, and how many are >= 2 and how many are 1."""
    cdef Py_ssize_t i
    cdef uint64_t g
    x[0] = 0
    big[0] = 0
    ones[0] = 0
    for i in range(n):
        g = theory_grundy(t, piles[i])
        x[0] ^= g
        big[0] += g >= 2
        ones[0] += g == 1


cdef inline int theory_outcome(bint misere, uint64_t x, Py_ssize_t big) noexcept nogil:
    """+1 when the mover wins a position of Grundy summary (x, big), else -1."""
    if misere:
        if big == 0:
            return -1 if x == 1 else 1
        return -1 if x == 0 else 1
    return 1 if x != 0 else -1


cdef inline int theory_value(const Theory* t, const uint64_t* piles, Py_ssize_t n) noexcept nogil:
    """+1 when the player to move wins, -1 when they lose (misère: exact when t.tame)."""
    cdef uint64_t x
    cdef Py_ssize_t big, ones
    theory_summary(t, piles, n, &x, &big, &ones)
    return theory_outcome(t.misere, x, big)


cdef int theory_move(const Theory* t, const uint64_t* piles, Py_ssize_t n,
                     Py_ssize_t* pile, uint64_t* take) noexcept nogil
cdef void theory_init(Theory* t, const RuleSet* r) noexcept nogil
cdef int theory_fill(const Theory* t, grundy_t* g, uint64_t start, uint64_t end) noexcept nogil


cdef class CoreTheory:
    cdef Theory c_theory
    cdef grundy_t* c_table             # owned; c_theory.table points here
    cdef readonly CoreRules rules
    cdef bint c_declared               # (C) declared by the caller, not decided
    cdef uint64_t c_tame_to            # set S, no period yet: (C) checked below this
    cdef uint64_t c_limit              # set S: most values the table may hold
    # Tables outgrown by cover(): freed with the theory, not before, since a thread
    # may still read one without the GIL (at most log2(PERIOD_LIMIT) of them).
    cdef grundy_t* c_retired[64]
    cdef int c_n_retired
    cdef PyThread_type_lock c_lock    # one thread grows the table at a time
    cdef _tabulate(self)
    cdef int _grow(self, uint64_t size, bint building) except -1
    cdef int _decide(self) except -1
    # Every caller of the theory_* functions on c_theory covers its largest pile first:
    # a `set S` whose period has not shown answers only the piles its table holds.
    cdef int cover(self, uint64_t pile) except -1
    cdef uint64_t _max_cover(self, const uint64_t* piles, Py_ssize_t n) except? 0
    cdef int _tame_below(self, uint64_t end) except -1
    cdef int _decide_tame(self) except -1
