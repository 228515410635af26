"""Rows of a move listing built in C: ``analyze`` lists up to 4 million moves, and
two named tuples a move made in Python cost more than the values themselves.

``move_rows`` allocates each ``Move`` and ``MoveAnalysis`` as the tuple subclass
it is (the type's own allocator, then its items set), which is what
``tuple.__new__(cls, items)`` does without the call and the argument tuple.
"""

from cpython.exc cimport PyErr_CheckSignals
from cpython.object cimport PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_SET_ITEM
from libc.stdint cimport int8_t

cdef extern from *:
    """
    /* A new instance of the tuple subclass t, its `size` items not yet set. */
    static PyObject* nimcore_new_tuple_of(PyTypeObject* t, Py_ssize_t size) {
        return t->tp_alloc(t, size);
    }
    """
    object _tuple_of "nimcore_new_tuple_of" (PyTypeObject* t, Py_ssize_t size)
    void PyObject_GC_UnTrack(object o)


def move_rows(type move_cls, type row_cls, piles, takes, const int8_t[:] values, depths=None):
    """``[row_cls(move_cls(i, count), values[m], depth), ...]`` for every move m:
    pile i of ``piles`` in order, ``count`` over ``takes(piles[i])`` (its order),
    ``depth`` None, or ``depths[m]`` when ``depths`` is given.

    ``move_cls`` and ``row_cls`` are tuple subclasses without a __dict__ (named
    tuples): Move's pair form (pile, count) and MoveAnalysis (move, value, depth).

    Raises
    ------
    ValueError
        When ``values`` does not hold exactly one value per move.
    """
    cdef list rows = []
    cdef Py_ssize_t m = 0, total = values.shape[0], i
    cdef object index, count, move, row, value, depth
    cdef object plus = 1, minus = -1
    for i, pile in enumerate(piles):
        index = i
        for count in takes(pile):
            if m >= total:
                raise ValueError("move_rows: fewer values than moves")
            move = _tuple_of(<PyTypeObject*>move_cls, 2)
            Py_INCREF(index)
            PyTuple_SET_ITEM(move, 0, index)
            Py_INCREF(count)
            PyTuple_SET_ITEM(move, 1, count)
            row = _tuple_of(<PyTypeObject*>row_cls, 3)
            Py_INCREF(move)
            PyTuple_SET_ITEM(row, 0, move)
            value = plus if values[m] > 0 else minus
            Py_INCREF(value)
            PyTuple_SET_ITEM(row, 1, value)
            depth = None if depths is None else depths[m]
            Py_INCREF(depth)
            PyTuple_SET_ITEM(row, 2, depth)
            # ints, None and an untracked Move: no cycle can pass through these tuples,
            # and left tracked, 2 million of them made the collector take 3 s
            PyObject_GC_UnTrack(move)
            if depth is None or type(depth) is int:
                PyObject_GC_UnTrack(row)
            rows.append(row)
            m += 1
            if m & 0xFFFFF == 0:
                PyErr_CheckSignals()
    if m != total:
        raise ValueError("move_rows: more values than moves")
    return rows
