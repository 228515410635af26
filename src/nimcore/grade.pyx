"""The grader's compiled work (``nim.study.grade``, issue 33 item 4): the exact
oracle over a whole position grid, and the agent asked once per position.

The grid is every position of ``k`` piles below a box ``(p_0, ..., p_{k-1})``,
numbered in mixed radix (pile 0 most significant): a position's index is
``sum(piles[i] * strides[i])``, so a move taking ``t`` from pile ``i`` leads to
index ``- t * strides[i]``, always smaller. One pass in index order therefore
sees every child before its parent.

A take rule is given as ``members`` (ascending takes) and ``usable[s]``, how
many of them a pile of ``s`` allows: the takes from a pile of ``s`` are
``members[:usable[s]]`` (``any``: members 1..p, usable[s] = s; ``max K``:
usable[s] = min(K, s); ``half``: s // 2; ``set S``: the members <= s).
"""

from cpython.exc cimport PyErr_CheckSignals
from cpython.ref cimport Py_INCREF
from cpython.dict cimport PyDict_Next
from cpython.float cimport PyFloat_AS_DOUBLE, PyFloat_Check
from cpython.long cimport PyLong_AsLongLongAndOverflow, PyLong_CheckExact
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_CheckExact
from cpython.tuple cimport PyTuple_Check, PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int8_t, int32_t, int64_t

cdef enum:
    _CHECK_EVERY = 1 << 14       # positions between two checks for Ctrl-C


def grid_oracle(const int64_t[::1] box, const int64_t[::1] members, const int64_t[::1] usable,
                bint misere, int8_t[::1] values, int32_t[::1] depth, int32_t[::1] longest):
    """Fill, for every position of the grid below ``box``: ``values`` (+1: the player
    to move wins, -1: loses), ``depth`` (moves to the end, the winner hurrying and
    the loser delaying; 0 with no move) and ``longest`` (the largest depth among
    its children, the longest delay; -1 with no move).

    A position with no move is lost in normal play, won in misère play (the player
    who cannot move wins). Honours Ctrl-C (KeyboardInterrupt) between blocks.
    """
    cdef Py_ssize_t k = box.shape[0], i, j, c
    cdef int64_t n = 1, idx, child, s
    cdef int64_t strides[64]
    cdef int64_t coords[64]
    cdef int32_t d, win_best, lose_best
    cdef int32_t big = 2147483647
    if k > 64:
        raise ValueError("at most 64 piles")
    for i in range(k - 1, -1, -1):
        strides[i] = n
        n *= box[i] + 1
        coords[i] = 0
    if values.shape[0] < n or depth.shape[0] < n or longest.shape[0] < n:
        raise ValueError("the arrays are smaller than the grid")
    with nogil:
        for idx in range(n):
            if idx % _CHECK_EVERY == 0 and idx:
                with gil:
                    PyErr_CheckSignals()
            win_best = big
            lose_best = -1
            for i in range(k):
                s = coords[i]
                c = usable[s]
                for j in range(c):
                    child = idx - members[j] * strides[i]
                    d = depth[child]
                    if d > lose_best:
                        lose_best = d
                    if values[child] < 0 and d < win_best:
                        win_best = d
            if lose_best < 0:
                values[idx] = 1 if misere else -1
                depth[idx] = 0
                longest[idx] = -1
            else:
                longest[idx] = lose_best
                if win_best != big:
                    values[idx] = 1
                    depth[idx] = win_best + 1
                else:
                    values[idx] = -1
                    depth[idx] = lose_best + 1
            # the next position's coordinates: a mixed-radix increment
            i = k - 1
            while i >= 0:
                coords[i] += 1
                if coords[i] <= box[i]:
                    break
                coords[i] = 0
                i -= 1


cdef inline bint _legal(int64_t count, int64_t size, const int64_t[::1] members,
                        const int64_t[::1] usable) noexcept nogil:
    """Whether taking ``count`` from a pile of ``size`` is a legal take (binary search)."""
    cdef int64_t lo = 0, hi, mid
    if count < 1 or count > size:
        return False
    hi = usable[size]
    while lo < hi:
        mid = (lo + hi) // 2
        if members[mid] < count:
            lo = mid + 1
        else:
            hi = mid
    return lo < usable[size] and members[lo] == count


def ask_agent(agent, convert, const int64_t[::1] box, const int64_t[::1] chosen, int64_t max_pile,
              const int64_t[::1] members, const int64_t[::1] usable,
              int64_t[::1] played_pile, int64_t[::1] played_count, dict answers, tuple fatal):
    """Ask ``agent(piles)`` (piles a tuple of ints) for its move in each position
    ``chosen`` (grid indices); a legal answer goes to ``played_pile`` /
    ``played_count`` (else the pile stays -1 and ``answers[k]`` says what came back).

    An answer that is a pair of ints (a ``Move`` too) or an int (an action id,
    ``pile * max_pile + count - 1``) is read here; any other goes through
    ``convert(answer)``, which returns a pair or None. An exception of the agent
    is recorded in ``answers`` unless it is one of ``fatal`` (re-raised).
    """
    cdef Py_ssize_t k = box.shape[0], i, m = chosen.shape[0], row
    cdef int64_t strides[64]
    cdef int64_t coords[64]
    cdef int64_t n = 1, idx, pile, count = 0, rest, top = 0
    cdef int overflow = 0, overflow_count = 0
    cdef object piles, answer, item
    if k > 64:
        raise ValueError("at most 64 piles")
    for i in range(k):
        top = max(top, box[i])
    cdef list small = list(range(top + 1))      # the pile sizes as Python ints, made once
    for i in range(k - 1, -1, -1):
        strides[i] = n
        n *= box[i] + 1
    for row in range(m):
        if row % _CHECK_EVERY == 0:
            PyErr_CheckSignals()
        idx = chosen[row]
        rest = idx
        piles = PyTuple_New(k)
        for i in range(k):
            coords[i] = rest // strides[i]
            rest -= coords[i] * strides[i]
            item = small[coords[i]]
            Py_INCREF(item)
            PyTuple_SET_ITEM(piles, i, item)
        try:
            answer = agent(piles)
        except fatal:
            raise
        except Exception as error:      # an agent's failure is graded, not fatal
            answers[row] = f"raised {type(error).__name__}: {error}"
            continue
        pile = -1
        if PyTuple_Check(answer) and PyTuple_GET_SIZE(answer) == 2 \
                and PyLong_CheckExact(<object>PyTuple_GET_ITEM(answer, 0)) \
                and PyLong_CheckExact(<object>PyTuple_GET_ITEM(answer, 1)):     # a Move, or a pair of ints
            pile = PyLong_AsLongLongAndOverflow(<object>PyTuple_GET_ITEM(answer, 0), &overflow)
            count = PyLong_AsLongLongAndOverflow(<object>PyTuple_GET_ITEM(answer, 1), &overflow_count)
            if overflow or overflow_count:
                pile = -1
        elif type(answer) is int:
            if max_pile > 0 and 0 <= answer < 2**62:
                pile = answer // max_pile
                count = answer % max_pile + 1
        elif answer is not None:
            try:
                converted = convert(answer)
            except fatal:
                raise
            except Exception as error:  # an answer that is no move is an illegal one
                answers[row] = f"{answer!r:.60} ({type(error).__name__}: {error})"
                continue
            if converted is not None and -2**62 < converted[0] < 2**62 and -2**62 < converted[1] < 2**62:
                pile = converted[0]
                count = converted[1]
        if 0 <= pile < k and _legal(count, coords[pile], members, usable):
            played_pile[row] = pile
            played_count[row] = count
        else:
            answers[row] = repr(answer)


def greedy_first(const int64_t[::1] box, const int64_t[::1] chosen, const int64_t[::1] smallest,
                 int64_t[::1] played_pile, int64_t[::1] played_count):
    """The greedy move of an all-zero Q-row in each position ``chosen``: the first
    legal move in (pile, count) order, the smallest take of the first pile that
    has one (``smallest[s]``, 0: none)."""
    cdef Py_ssize_t k = box.shape[0], i, m = chosen.shape[0], row
    cdef int64_t strides[64]
    cdef int64_t n = 1, rest, size
    if k > 64:
        raise ValueError("at most 64 piles")
    for i in range(k - 1, -1, -1):
        strides[i] = n
        n *= box[i] + 1
    with nogil:
        for row in range(m):
            rest = chosen[row]
            played_pile[row] = -1
            played_count[row] = 0
            for i in range(k):
                size = rest // strides[i]
                rest -= size * strides[i]
                if smallest[size]:
                    played_pile[row] = i
                    played_count[row] = smallest[size]
                    break


cdef inline bint _small_int(PyObject* item, int64_t* out) noexcept:
    """``item`` is an int (exactly: not a bool, not NumPy's) of 64 bits: its value in ``out``."""
    cdef int overflow = 0
    if not PyLong_CheckExact(<object>item):
        return False
    out[0] = PyLong_AsLongLongAndOverflow(<object>item, &overflow)
    return overflow == 0


def classic_entries(dict table, Py_ssize_t k, int64_t[:, ::1] states, int64_t[::1] piles,
                    int64_t[::1] counts, double[::1] values):
    """Read a Q-table of the classic layout ``{(state, (pile, count)): q}`` into arrays,
    one row per entry in the dict's order: ``states`` (``len(table)`` rows of ``k``
    piles), ``piles``, ``counts`` and ``values`` (as floats).

    Only the plain form is read here, without a Python call per entry: keys that are
    tuples of a k-tuple of ints and a pair of ints (ints of 64 bits, not bools), values
    that are floats (NumPy's float64 too) or ints of 64 bits. Returns False at the first
    entry of any other form (the caller then reads the table the general way, which
    says what is wrong with an entry); NaN is left for the caller to look for.
    """
    cdef Py_ssize_t pos = 0, row = 0, i
    cdef PyObject* key
    cdef PyObject* value
    cdef PyObject* state
    cdef PyObject* action
    cdef int64_t number
    if states.shape[0] < len(table) or states.shape[1] != k or piles.shape[0] < len(table) \
            or counts.shape[0] < len(table) or values.shape[0] < len(table):
        raise ValueError("the arrays are smaller than the table")
    # no Python code runs in this loop (exact type checks only): the dict cannot change under it
    while PyDict_Next(table, &pos, &key, &value):
        if not PyTuple_CheckExact(<object>key) or PyTuple_GET_SIZE(<object>key) != 2:
            return False
        state = PyTuple_GET_ITEM(<object>key, 0)
        action = PyTuple_GET_ITEM(<object>key, 1)
        if not PyTuple_CheckExact(<object>state) or PyTuple_GET_SIZE(<object>state) != k \
                or not PyTuple_CheckExact(<object>action) or PyTuple_GET_SIZE(<object>action) != 2:
            return False
        for i in range(k):
            if not _small_int(PyTuple_GET_ITEM(<object>state, i), &number):
                return False
            states[row, i] = number
        if not _small_int(PyTuple_GET_ITEM(<object>action, 0), &number):
            return False
        piles[row] = number
        if not _small_int(PyTuple_GET_ITEM(<object>action, 1), &number):
            return False
        counts[row] = number
        if PyFloat_Check(<object>value):
            values[row] = PyFloat_AS_DOUBLE(<object>value)
        elif _small_int(value, &number):
            values[row] = <double>number
        else:
            return False
        row += 1
    return True


def reachable_sizes(int64_t top, const int64_t[::1] members, const int64_t[::1] usable, int8_t[::1] reach):
    """Mark in ``reach`` (zeros, ``top + 1`` of them) every size a pile of ``top``
    can be brought to by legal takes (``top`` itself included): one pass from the
    top down, each size's takes once."""
    cdef int64_t s, j
    reach[top] = 1
    with nogil:
        for s in range(top, 0, -1):
            if reach[s]:
                for j in range(usable[s]):
                    reach[s - members[j]] = 1
