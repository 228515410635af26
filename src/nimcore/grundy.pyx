"""Engine 6's table: Grundy values of single piles by the mex DP over the shared
move generator -- the forejune notes' DP table, generalised to every take rule.

``grundy_table(rules, n)``: g(0..n), g(n) = mex of g over the moves from n.
It costs O(n * moves per pile): quadratic for `any` and `half`, linear for
`max K` and `set S`. The theory (``nimcore.theory``) gives the same values in
linear time for every rule, and for a pile of any size; this DP is what a
`set S` whose period lies past the theory's search falls back to. Ctrl-C is
checked between chunks of sizes.
"""

from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport uint32_t
from libc.string cimport memset

from nimcore._types cimport pile_t
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, CoreRules, RuleSet,
    TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag, TakeTag, rules_child, rules_move_count,
)

#: Sizes filled between two checks for Ctrl-C.
cdef Py_ssize_t _CHUNK = 1 << 16


cdef void _fill(const RuleSet* r, uint32_t* g, uint32_t* seen, Py_ssize_t start, Py_ssize_t end,
                TakeTag tag) noexcept nogil:
    """g[start .. end-1] = Grundy values of single piles, by DP (g below start given).

    seen[v] == size + 1 marks value v as reachable from the pile of `size`.
    """
    cdef Py_ssize_t size, c
    cdef pile_t m, j
    cdef int first = 0
    cdef uint32_t v
    for size in range(start, end):
        m = rules_move_count(r, <pile_t>size, &first, tag)
        for j in range(m):
            c = rules_child(r, <pile_t>size, m, first, j, tag)
            seen[g[c]] = <uint32_t>(size + 1)
        v = 0
        while seen[v] == size + 1:
            v += 1
        g[size] = v


cdef class GrundyTable:
    """Grundy values of single piles 0 .. size-1 for one rule set, in a C array."""

    cdef uint32_t* c_values
    cdef Py_ssize_t c_size

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
        cdef Py_ssize_t start, end
        cdef uint32_t* seen = <uint32_t*>PyMem_Malloc((size + 1) * sizeof(uint32_t))
        if seen == NULL:
            raise MemoryError(f"no memory for a Grundy table of {size} values")
        memset(seen, 0, (size + 1) * sizeof(uint32_t))
        try:
            for start in range(0, size, _CHUNK):
                end = min(size, start + _CHUNK)
                with nogil:
                    if take == TAKE_ANY:
                        _fill(r, self.c_values, seen, start, end, <TakeAnyTag>0)
                    elif take == TAKE_MAX:
                        _fill(r, self.c_values, seen, start, end, <TakeMaxTag>0)
                    elif take == TAKE_HALF:
                        _fill(r, self.c_values, seen, start, end, <TakeHalfTag>0)
                    else:
                        _fill(r, self.c_values, seen, start, end, <TakeSetTag>0)
                PyErr_CheckSignals()
        finally:
            PyMem_Free(seen)

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


def grundy_table(CoreRules rules, Py_ssize_t n):
    """Grundy values of single piles 0..n, by DP over the move generator.

    Raises
    ------
    MemoryError
        When the table cannot be allocated.
    KeyboardInterrupt
        On Ctrl-C.
    """
    return GrundyTable(rules, n + 1)
