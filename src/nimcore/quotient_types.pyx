# cython: boundscheck=False, wraparound=False, cdivision=True
"""The option elements of every heap of a quotient's heap map, in one pass in C.

Re-verifying a cached misère quotient (``nim.octal.quotient``) needs, for each
heap 1..bound, the elements of its options under the pretension: built from
Python move lists (``HeapMoves``) this was 25 ms of the 28 ms a fresh process
spent loading the Kayles quotient. Here the moves of a take-and-break heap are
read straight from the game's places: take k of n leaving nothing (k in
``takes_all``, k == n), leaving n - k (k in ``leaves``, k < n), or leaving two
heaps a + b = n - k (k in ``splits``; a != b when ``unequal``).
"""

from libc.stdint cimport int32_t, int64_t
from libc.stdlib cimport qsort
from libc.string cimport memset

from nimcore.workspace cimport Workspace, ws_alloc, ws_free

cdef extern from "Python.h":
    int PyErr_CheckSignals()

#: Heaps between two checks for Ctrl-C (a bound of 10**5 is 5 * 10**9 splits).
DEF CHECK_EVERY = 64


cdef int compare_ints(const void* a, const void* b) noexcept nogil:
    cdef int32_t x = (<const int32_t*>a)[0]
    cdef int32_t y = (<const int32_t*>b)[0]
    return (x > y) - (x < y)


cdef enum:   # heap_options's workspace slots (nimcore.workspace: freed in its one `finally`)
    QT_TAKES_ALL
    QT_LEAVES
    QT_SPLITS
    QT_PHI
    QT_LIVE
    QT_STAMP
    QT_FOUND


cdef void* need(Workspace* ws, int slot, size_t nbytes) except NULL:
    """Slot `slot` of ws holding nbytes; MemoryError when out of memory."""
    cdef void* p = ws_alloc(ws, slot, nbytes)
    if p == NULL:
        raise MemoryError()
    return p


cdef int32_t* copy_places(Workspace* ws, int slot, object values, Py_ssize_t* length) except NULL:
    cdef Py_ssize_t i, n = len(values)
    cdef int32_t* out = <int32_t*>need(ws, slot, (n + 1) * sizeof(int32_t))
    for i in range(n):
        if not 0 <= values[i] < 2**31:
            raise ValueError("heap_options: a place out of range")
        out[i] = values[i]
    length[0] = n
    return out


def heap_options(int m, table, phi, takes_all, leaves, splits, bint unequal):
    """The option elements of each heap 0..len(phi)-1 under the pretension (Q, Phi).

    Parameters
    ----------
    m : int
        The order of Q (elements 0..m-1, 0 the identity).
    table : array('i') of m * m
        The multiplication table, row-major.
    phi : sequence of int
        The element of each heap 0..bound.
    takes_all, leaves, splits, unequal
        The game's places (``nim.octal_moves.Places``).

    Returns
    -------
    list
        Entry h: None when heap h has no move (heap 0 and the dead heaps), else
        the sorted, distinct elements x * y of its options (a heap left alone
        is x * 1).

    Raises
    ------
    ValueError
        When an element is outside Q, or heap 0 or a heap without a move is
        not mapped to the identity (a dead heap changes no sum).
    KeyboardInterrupt
        On Ctrl-C.
    """
    cdef int32_t[::1] t = table
    cdef Workspace ws
    cdef Py_ssize_t n = len(phi) - 1, nta = 0, nlv = 0, nsp = 0, i, cnt
    cdef int64_t h, k, r, a, top, least = 3 if unequal else 2
    cdef int32_t x
    cdef int32_t* ph = NULL
    cdef int32_t* stamp = NULL
    cdef int32_t* found = NULL
    cdef int32_t* ta = NULL
    cdef int32_t* lv = NULL
    cdef int32_t* sp = NULL
    cdef unsigned char* live = NULL
    if m < 1 or t.shape[0] != <Py_ssize_t>m * m:
        raise ValueError("heap_options: the table does not have the monoid's order")
    if n < 0:
        raise ValueError("heap_options: no heap map")
    memset(&ws, 0, sizeof(Workspace))
    try:
        ta = copy_places(&ws, QT_TAKES_ALL, takes_all, &nta)
        lv = copy_places(&ws, QT_LEAVES, leaves, &nlv)
        sp = copy_places(&ws, QT_SPLITS, splits, &nsp)
        ph = <int32_t*>need(&ws, QT_PHI, (n + 1) * sizeof(int32_t))
        live = <unsigned char*>need(&ws, QT_LIVE, n + 1)
        stamp = <int32_t*>need(&ws, QT_STAMP, m * sizeof(int32_t))
        found = <int32_t*>need(&ws, QT_FOUND, m * sizeof(int32_t))
        for h in range(n + 1):
            x = phi[h]
            if not 0 <= x < m:
                raise ValueError(f"heap {h}'s element {x} is not in Q")
            ph[h] = x
        # every product must be an element: the walk below indexes by them
        for i in range(<Py_ssize_t>m * m):
            if not 0 <= t[i] < m:
                raise ValueError("heap_options: the table has a value outside Q")
        for i in range(m):
            stamp[i] = -1
        live[0] = 0
        for h in range(1, n + 1):
            live[h] = 0
            for i in range(nta):
                if ta[i] == h:
                    live[h] = 1
            for i in range(nlv):
                if lv[i] < h:
                    live[h] = 1
            for i in range(nsp):
                if h - sp[i] >= least:
                    live[h] = 1
        for h in range(n + 1):
            if not live[h] and ph[h] != 0:
                raise ValueError(f"heap {h} has no move, yet its element is not the identity")
        out = [None] * (n + 1)
        for h in range(1, n + 1):
            if not live[h]:
                continue
            if h % CHECK_EVERY == 0 and PyErr_CheckSignals() != 0:
                raise KeyboardInterrupt
            cnt = 0
            with nogil:
                for i in range(nta):
                    if ta[i] == h and stamp[0] != h:
                        stamp[0] = <int32_t>h
                        found[cnt] = 0
                        cnt += 1
                for i in range(nlv):
                    k = lv[i]
                    if k < h:
                        x = ph[h - k]
                        if stamp[x] != h:
                            stamp[x] = <int32_t>h
                            found[cnt] = x
                            cnt += 1
                for i in range(nsp):
                    r = h - sp[i]
                    if r < least:
                        continue
                    top = (r - 1) // 2 if unequal else r // 2
                    for a in range(1, top + 1):
                        x = t[(<int64_t>ph[a]) * m + ph[r - a]]
                        if stamp[x] != h:
                            stamp[x] = <int32_t>h
                            found[cnt] = x
                            cnt += 1
                qsort(found, cnt, sizeof(int32_t), compare_ints)
            out[h] = [found[i] for i in range(cnt)]
        return out
    finally:
        ws_free(&ws)
