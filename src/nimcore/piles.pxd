# What the compiled fast paths accept as a pile: an exact int (not a bool or an
# int subclass) in 0 .. 2**63-1. Anything else goes to the careful Python path.

from cpython.long cimport PyLong_CheckExact

cdef extern from "Python.h":
    # Never raises for an exact int: overflow is -1 below, +1 above long long's range.
    # (Py_SIZE's sign told a negative int only up to 3.11: 3.12 changed the layout.)
    long long PyLong_AsLongLongAndOverflow(object o, int* overflow) noexcept

cdef enum:
    NOT_A_PILE = -1        # not an exact int, or negative
    PILE_TOO_LARGE = -2    # an exact int of 2**63 or more


cdef inline long long exact_pile(object item) noexcept:
    """The size of ``item``, or NOT_A_PILE / PILE_TOO_LARGE."""
    cdef int overflow
    cdef long long size
    if not PyLong_CheckExact(item):
        return NOT_A_PILE
    size = PyLong_AsLongLongAndOverflow(item, &overflow)
    if overflow > 0:
        return PILE_TOO_LARGE
    if overflow < 0 or size < 0:
        return NOT_A_PILE
    return size
