"""The theory's answers without a Python call per position (nimcore.theory).

* ``theory_solve``: one position answered by ``theory_move`` in one compiled
  call, returned as plain values (the fast path of ``nim.Solver.solve``, which
  builds the Solution).
* ``values`` / ``best_moves``: every row of a 2-D integer buffer, read through
  a typed memoryview (any integer type, any strides), answered with the GIL
  released; NumPy is not needed.
* ``child_values``: the value of every move of one position (``nim.analyze``
  without depths), from one Grundy summary of the position, O(1) per move.
"""

from cpython.exc cimport PyErr_CheckSignals
from cpython.ref cimport PyObject
from cpython.sequence cimport PySequence_Fast_GET_SIZE, PySequence_Fast_ITEMS
from libc.stdint cimport (
    INT64_MAX, UINT64_MAX, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t,
)
from libc.string cimport memset

from nimcore.piles cimport exact_pile
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, CoreRules, check_dispatch, RuleSet, TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag,
    TakeTag, rules_child, rules_move_count,
)
from nimcore.search cimport monotonic_seconds
from nimcore.workspace cimport WS_PILES, Workspace, ws_alloc, ws_free
from nimcore.theory cimport (
    CoreTheory, Theory, theory_grundy, theory_move, theory_outcome, theory_summary, theory_uncovered,
    theory_value,
)

ctypedef fused pile_in:
    int8_t
    int16_t
    int32_t
    int64_t
    uint8_t
    uint16_t
    uint32_t
    uint64_t

cdef enum:
    _STACK_PILES = 32      # positions up to this size need no workspace
    _CHECK_ROWS = 1 << 16  # rows between checks for Ctrl-C (a few ms)

# ---------------------------------------------------------------- one position

def theory_solve(CoreTheory theory, piles):
    """The theory's answer for one position in one compiled call, as plain values.

    ``piles``: a list or tuple. Returns ``(value, pile, take, seconds)`` -- pile
    -1 when there is no move -- or None when a pile is not an exact int in
    0 .. 2**63 - 1 (or ``piles`` is not a list or tuple): the caller then takes
    its general path. The Python layer (``nim.Solver``) builds the Solution.
    """
    cdef uint64_t on_stack[_STACK_PILES]
    cdef uint64_t* buffer = on_stack
    cdef Workspace ws       # a larger position's copy (zeroed only then: this is the fast path)
    cdef PyObject** items
    cdef Py_ssize_t i, n, pile = -1
    cdef uint64_t take = 0
    cdef long long p
    cdef int value = 0
    cdef double started
    if not (type(piles) is list or type(piles) is tuple):
        return None
    started = monotonic_seconds()
    n = PySequence_Fast_GET_SIZE(piles)
    items = PySequence_Fast_ITEMS(piles)
    if n > _STACK_PILES:
        memset(&ws, 0, sizeof(Workspace))
        buffer = <uint64_t*>ws_alloc(&ws, WS_PILES, n * sizeof(uint64_t))
        if buffer == NULL:
            return None
    for i in range(n):
        p = exact_pile(<object>items[i])
        if p < 0:               # not a pile, or 2**63 and more: the general way
            n = -1
            break
        buffer[i] = <uint64_t>p
    if n >= 0 and theory_uncovered(&theory.c_theory, buffer, n):
        n = -1                  # a pile past a set's table (no period yet): the general way grows it
    if n >= 0:
        value = theory_move(&theory.c_theory, buffer, n, &pile, &take)
    if buffer != on_stack:
        ws_free(&ws)
    if n < 0:
        return None
    return value, pile, take, monotonic_seconds() - started


# ---------------------------------------------------------------- many rows

cdef Py_ssize_t _copy_row(const pile_in[:, :] rows, Py_ssize_t r, uint64_t* row,
                          uint64_t limit) noexcept nogil:
    """Row r into `row`; -1, or the index of the first pile < 0 or > limit."""
    cdef Py_ssize_t j
    for j in range(rows.shape[1]):
        if pile_in is int8_t or pile_in is int16_t or pile_in is int32_t or pile_in is int64_t:
            if rows[r, j] < 0:
                return j
        row[j] = <uint64_t>rows[r, j]
        if row[j] > limit:
            return j
    return -1


cdef object _each_row(CoreTheory theory, const pile_in[:, :] rows, uint64_t limit,
                      int8_t* values, int64_t* piles, int64_t* counts):
    """The loop of ``values`` (values != NULL) and ``best_moves`` (piles, counts):
    every row answered with the GIL released, Ctrl-C checked between blocks of
    rows. None, or (row, pile) of the first pile < 0 or > limit."""
    cdef const Theory* t = &theory.c_theory
    cdef Py_ssize_t r = 0, start = 0, end, bad = -1, width = rows.shape[1], pile
    cdef uint64_t take, uncovered = 0
    cdef uint64_t* row
    cdef Workspace ws       # the row's copy, freed below
    if not theory.exact:
        raise ValueError("the theory is not exact for these rules")
    memset(&ws, 0, sizeof(Workspace))
    row = <uint64_t*>ws_alloc(&ws, WS_PILES, (width + 1) * sizeof(uint64_t))
    if row == NULL:
        raise MemoryError()
    try:
        while start < rows.shape[0]:
            end = min(start + _CHECK_ROWS, rows.shape[0])
            with nogil:
                r = start
                while r < end:
                    bad = _copy_row(rows, r, row, limit)
                    if bad >= 0:
                        break
                    uncovered = theory_uncovered(t, row, width)
                    if uncovered:
                        break
                    if values != NULL:
                        values[r] = <int8_t>theory_value(t, row, width)
                    else:
                        theory_move(t, row, width, &pile, &take)
                        piles[r] = pile
                        counts[r] = <int64_t>take if pile >= 0 else -1
                    r += 1
            if bad >= 0:
                return r, bad
            if uncovered:               # a pile past a set's table: grow it, then row r again
                theory.cover(uncovered)
                if not theory.exact:
                    raise ValueError("the theory is not exact for these rules")
                uncovered = 0
                start = r
                continue
            start = end
            PyErr_CheckSignals()        # Ctrl-C between blocks: KeyboardInterrupt
    finally:
        ws_free(&ws)
    return None


def values(CoreTheory theory, const pile_in[:, :] rows, int8_t[::1] out):
    """out[r] = the value of row r (+1 the mover wins, -1 loses), for every row.

    Returns
    -------
    None, or (row, pile) of the first negative pile (then `out` is partly filled).

    Raises
    ------
    ValueError
        When the theory is not exact for its rules (the caller searches instead).
    """
    if out.shape[0] < rows.shape[0]:
        raise ValueError(f"{rows.shape[0]} rows but room for {out.shape[0]} values")
    if rows.shape[0] == 0:
        return None
    return _each_row(theory, rows, UINT64_MAX, &out[0], NULL, NULL)


def best_moves(CoreTheory theory, const pile_in[:, :] rows, int64_t[::1] piles, int64_t[::1] counts):
    """piles[r], counts[r] = a best move of row r (the one ``nim.solve`` gives), or -1, -1.

    Returns
    -------
    None, or (row, pile) of the first pile that is negative or 2**63 or more.

    Raises
    ------
    ValueError
        When the theory is not exact for its rules.
    """
    if piles.shape[0] < rows.shape[0] or counts.shape[0] < rows.shape[0]:
        raise ValueError(f"{rows.shape[0]} rows but room for {min(piles.shape[0], counts.shape[0])} moves")
    if rows.shape[0] == 0:
        return None
    return _each_row(theory, rows, <uint64_t>INT64_MAX, NULL, &piles[0], &counts[0])


# ---------------------------------------------------------------- every move

cdef Py_ssize_t _child_values(const Theory* t, const RuleSet* r, const uint64_t* a, Py_ssize_t n,
                              int8_t[:] out, TakeTag tag) noexcept nogil:
    """Fill `out` by the one move generator (nimcore.rules), compiled for the take rule;
    the number of moves, or -1 when `out` is too small."""
    cdef Py_ssize_t i, m = 0, big, ones, bigi
    cdef uint64_t x, xi, g, gq, p, count, j
    cdef int first = 0
    theory_summary(t, a, n, &x, &big, &ones)
    for i in range(n):
        p = a[i]
        g = theory_grundy(t, p)
        xi = x ^ g                      # the others' summary
        bigi = big - (g >= 2)
        count = rules_move_count(r, p, &first, tag)
        for j in range(count):          # largest take first, like the engines
            if m >= out.shape[0]:
                return -1
            gq = theory_grundy(t, rules_child(r, p, count, first, j, tag))
            out[m] = <int8_t>-theory_outcome(t.misere, xi ^ gq, bigi + (gq >= 2))
            m += 1
    return m


def child_values(CoreTheory theory, CoreRules rules, piles, int8_t[:] out):
    """out[m] = the value, for the player who makes it, of the m-th legal move of
    ``piles`` in the engines' order (pile by pile from the left, largest take
    first); ``out`` holds exactly that many moves (see ``nim.Rules.takes``).

    ``piles``: a sequence of ints in 0 .. 2**64 - 1. O(piles + moves).

    Raises
    ------
    ValueError
        When the theory is not exact for its rules, or ``out`` has the wrong size.
    """
    cdef const Theory* t = &theory.c_theory
    cdef const RuleSet* r = &rules.c_rules
    cdef Py_ssize_t n = len(piles), i, m = 0
    cdef uint64_t* a
    cdef Workspace ws       # the position's copy, freed below
    if not theory.exact:
        raise ValueError("the theory is not exact for these rules")
    memset(&ws, 0, sizeof(Workspace))
    a = <uint64_t*>ws_alloc(&ws, WS_PILES, (n + 1) * sizeof(uint64_t))
    if a == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            a[i] = piles[i]
        theory._max_cover(a, n)
        if not theory.exact:
            raise ValueError("the theory is not exact for these rules")
        with nogil:
            if r.take == TAKE_ANY:
                m = _child_values(t, r, a, n, out, <TakeAnyTag>0)
            elif r.take == TAKE_MAX:
                m = _child_values(t, r, a, n, out, <TakeMaxTag>0)
            elif r.take == TAKE_HALF:
                m = _child_values(t, r, a, n, out, <TakeHalfTag>0)
            elif r.take == TAKE_SET:
                m = _child_values(t, r, a, n, out, <TakeSetTag>0)
            else:
                m = -1
    finally:
        ws_free(&ws)
    if m < 0:
        raise ValueError(f"child_values: no compiled loop for take rule code {r.take}")
    if m != out.shape[0]:
        raise ValueError(f"child_values: {out.shape[0]} slots for a position with a different number of moves")


# the take rules this module's switches dispatch on, in TakeRule order (see nimcore.rules)
check_dispatch((TAKE_ANY, TAKE_MAX, TAKE_HALF, TAKE_SET), "batch")
