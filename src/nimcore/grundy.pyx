"""Engine 6 and the theory behind `auto`: Sprague-Grundy values and Bouton's rules.

* ``grundy_table(rules, n)``: Grundy values of single piles 0..n by dynamic
  programming over the shared move generator (the forejune DP table,
  generalised to every take rule): g(n) = mex of g over the moves from n.
* ``grundy_value(rules, p)``: one pile of any size, by the closed forms
  (any: p; max K: p mod (K+1); half: g(2m) = m, g(2m+1) = g(m)) and, for
  `set S`, by the DP table and its period.
* ``solve_theory(rules, piles)``: value and a best move of a whole position:
  the XOR of Grundy values in normal play (every take rule) and Bouton's rule
  for misère play with the `any` take rule.

Pile sizes here are Python integers of any size; the loops take a 64-bit fast
path when every pile fits.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memset

from nimcore._types cimport pile_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, CoreRules, RuleSet,
    TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag, TakeTag, rules_child, rules_move_count,
)

# A `set S` Grundy sequence is periodic once a window of max(S) values repeats:
# the next value depends only on the previous max(S). The table grows by
# doubling from PERIOD_START until a repeat shows, up to PERIOD_LIMIT.
cdef Py_ssize_t PERIOD_START = 1 << 12
cdef Py_ssize_t PERIOD_LIMIT = 1 << 24


cdef int _fill(const RuleSet* r, uint32_t* g, Py_ssize_t n, TakeTag tag) except -1 nogil:
    """g[0..n] = Grundy values of single piles, by DP; the mex uses a stamp array."""
    cdef Py_ssize_t size, c
    cdef pile_t m, j
    cdef int first = 0
    cdef uint32_t v
    cdef uint32_t* seen = <uint32_t*>malloc((n + 2) * sizeof(uint32_t))
    if seen == NULL:
        with gil:
            raise MemoryError(f"no memory for a Grundy table of {n + 1} values")
    # seen[v] == size + 1 marks value v as reachable from the pile of `size`
    memset(seen, 0, (n + 2) * sizeof(uint32_t))
    for size in range(n + 1):
        m = rules_move_count(r, <pile_t>size, &first, tag)
        for j in range(m):
            c = rules_child(r, <pile_t>size, m, first, j, tag)
            seen[g[c]] = <uint32_t>(size + 1)
        v = 0
        while seen[v] == size + 1:
            v += 1
        g[size] = v
    free(seen)
    return 0


cdef class GrundyTable:
    """Grundy values of single piles 0 .. size-1 for one rule set, in a C array."""

    cdef uint32_t* c_values
    cdef Py_ssize_t c_size
    cdef readonly Py_ssize_t period_start    # g(n) = g(n - period) for n >= period_start + period
    cdef readonly Py_ssize_t period          # 0: no period known

    def __cinit__(self, CoreRules rules, Py_ssize_t size):
        if size < 1:
            size = 1
        if size > 0xFFFFFFFF:
            raise MemoryError(f"a Grundy table of {size} values is too large")
        self.c_values = <uint32_t*>PyMem_Malloc(size * sizeof(uint32_t))
        if self.c_values == NULL:
            raise MemoryError(f"no memory for a Grundy table of {size} values")
        self.c_size = size
        cdef const RuleSet* r = &rules.c_rules
        cdef int take = r.take
        with nogil:
            if take == TAKE_ANY:
                _fill(r, self.c_values, size - 1, <TakeAnyTag>0)
            elif take == TAKE_MAX:
                _fill(r, self.c_values, size - 1, <TakeMaxTag>0)
            elif take == TAKE_HALF:
                _fill(r, self.c_values, size - 1, <TakeHalfTag>0)
            else:
                _fill(r, self.c_values, size - 1, <TakeSetTag>0)
        self.period = 0
        self.period_start = 0

    def __dealloc__(self):
        PyMem_Free(self.c_values)

    def __len__(self):
        return self.c_size

    def __getitem__(self, Py_ssize_t n):
        if not 0 <= n < self.c_size:
            raise IndexError(n)
        return self.c_values[n]

    def tolist(self):
        return [self.c_values[i] for i in range(self.c_size)]

    cdef bint _find_period(self, Py_ssize_t window):
        """Look for an earlier copy of the last `window` values; set the period."""
        cdef Py_ssize_t last = self.c_size - window, start
        start = last - 1
        while start >= 0:
            if memcmp(&self.c_values[start], &self.c_values[last], window * sizeof(uint32_t)) == 0:
                self.period_start = start
                self.period = last - start
                return True
            start -= 1
        return False

    def value(self, p):
        """Grundy value of a pile of p (any size once a period is known)."""
        if p < self.c_size:
            return self.c_values[p]
        if self.period == 0:
            raise IndexError(p)
        return self.c_values[self.period_start + (p - self.period_start) % self.period]


def grundy_table(CoreRules rules, Py_ssize_t n):
    """Grundy values of single piles 0..n, by DP over the move generator."""
    return GrundyTable(rules, n + 1)


def periodic_table(CoreRules rules):
    """A `set S` rule's Grundy table, long enough to show its period.

    Raises
    ------
    OverflowError
        When no period shows within PERIOD_LIMIT values.
    """
    cdef Py_ssize_t window = rules.c_rules.set_desc[0]      # max(S)
    cdef Py_ssize_t size = max(PERIOD_START, 4 * window)
    cdef GrundyTable table
    while size <= PERIOD_LIMIT:
        table = GrundyTable(rules, size)
        if table._find_period(window):
            return table
        size *= 2
    raise OverflowError(f"no period in the first {PERIOD_LIMIT} Grundy values of this subtraction set")


cdef object _half_grundy(object p):
    # g(2m) = m, g(2m+1) = g(m): strip trailing 1 bits, then halve
    while p & 1:
        p >>= 1
    return p >> 1


cdef class Theory:
    """Closed forms and Grundy values for one rule set (a table for `set S`)."""

    cdef readonly CoreRules rules
    cdef GrundyTable c_table

    def __init__(self, CoreRules rules):
        self.rules = rules
        self.c_table = periodic_table(rules) if rules.c_rules.take == TAKE_SET else None

    def grundy(self, p):
        """Grundy value of a single pile of p objects."""
        cdef int take = self.rules.c_rules.take
        if take == TAKE_ANY:
            return p
        if take == TAKE_MAX:
            return p % (self.rules.c_rules.k + 1)
        if take == TAKE_HALF:
            return _half_grundy(p)
        return self.c_table.value(p)

    def grundy_sum(self, piles):
        """XOR of the piles' Grundy values."""
        cdef uint64_t x = 0
        cdef int take = self.rules.c_rules.take
        if take == TAKE_ANY:
            try:
                for p in piles:
                    x ^= <uint64_t>p
                return x
            except OverflowError:        # a pile past 2**64: Python integers
                pass
        result = 0
        for p in piles:
            result ^= self.grundy(p)
        return result

    def child_with_grundy(self, p, target):
        """A size a pile of p can be lowered to whose Grundy value is target, or None."""
        cdef int take = self.rules.c_rules.take
        cdef const RuleSet* r = &self.rules.c_rules
        if take == TAKE_ANY:
            return target if target < p else None
        if take == TAKE_MAX:
            t = self.grundy(p) - target           # g(p - t) = g(p) - t for t <= g(p)
            return p - t if 1 <= t <= min(r.k, p) else None
        if take == TAKE_HALF:
            # piles with Grundy value v: 2**(j+1) * v + 2**j - 1, j = 0, 1, ...
            low = p - p // 2
            j = 0
            while True:
                c = (target << (j + 1)) + (1 << j) - 1
                if c >= p:
                    return None
                if c >= low:
                    return c
                j += 1
        for i in range(r.n_set):
            s = r.set_desc[r.n_set - 1 - i]      # smallest take first: largest child
            if s <= p and self.grundy(p - s) == target:
                return p - s
        return None

    def solve(self, piles):
        """Value for the mover (+1/-1) and a best move (pile, count) or None.

        Normal play: every take rule. Misère play: the `any` take rule only.
        In a lost position the move is the smallest legal take from the first
        pile that can move.
        """
        if self.rules.c_rules.misere:
            if self.rules.c_rules.take != TAKE_ANY:
                raise ValueError("no closed form for misere play with this take rule")
            return self._misere_any(piles)
        x = self.grundy_sum(piles)
        if x:
            for i, p in enumerate(piles):
                g = self.grundy(p)
                target = g ^ x
                if target < g:
                    c = self.child_with_grundy(p, target)
                    if c is not None:
                        return 1, (i, p - c)
            raise AssertionError("a nonzero Grundy sum always has a winning move")
        return -1, self._waiting_move(piles)

    def _waiting_move(self, piles):
        for i, p in enumerate(piles):
            if p >= self.rules.c_rules.min_take:
                return i, self._smallest_take(p)
        return None

    def _smallest_take(self, p):
        cdef const RuleSet* r = &self.rules.c_rules
        if r.take == TAKE_SET:
            return r.set_desc[r.n_set - 1]
        return 1

    def _misere_any(self, piles):
        # Bouton: with a pile > 1, play as in normal Nim, except that a move that
        # leaves only piles <= 1 must leave an odd number of 1-piles; with every
        # pile <= 1 the mover wins iff the number of 1-piles is even.
        n_big = 0
        big_index = -1
        ones = 0
        for i, p in enumerate(piles):
            if p > 1:
                n_big += 1
                big_index = i
            elif p == 1:
                ones += 1
        if n_big == 0:
            if ones % 2 == 0:
                return 1, (next(i for i, p in enumerate(piles) if p == 1), 1) if ones else None
            return -1, (next(i for i, p in enumerate(piles) if p == 1), 1)
        if n_big == 1:
            p = piles[big_index]
            # leave the big pile at 0 or 1 so that an odd number of 1-piles remain
            keep = 1 if ones % 2 == 0 else 0
            return 1, (big_index, p - keep)
        x = self.grundy_sum(piles)
        if x:
            for i, p in enumerate(piles):
                if p ^ x < p:
                    return 1, (i, p - (p ^ x))
        return -1, self._waiting_move(piles)
