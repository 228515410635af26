"""Fast pile input: parse whitespace-separated sizes and validate pile lists.

Solving a million piles by a closed form takes milliseconds; reading and
checking them in plain Python took ten times longer, so both are done here in
one pass each.
"""

from cpython.long cimport PyLong_FromUnsignedLongLong
from libc.stdint cimport uint64_t

# Largest value that can take one more decimal digit without passing 2**64.
cdef uint64_t _LAST_SAFE = (0xFFFFFFFFFFFFFFFF - 9) // 10


def parse_piles(const unsigned char[::1] data not None):
    """Pile sizes from whitespace-separated decimal numbers.

    Returns
    -------
    list of int
        Numbers of any size (a run past 2**64 is converted by Python's int).

    Raises
    ------
    ValueError
        ``(line, word)`` of the first word that is not a non-negative whole
        number, with line counted from 1.
    """
    cdef Py_ssize_t i = 0, n = data.shape[0], start
    cdef Py_ssize_t line = 1
    cdef uint64_t value
    cdef bint big
    cdef unsigned char c
    result = []
    while i < n:
        c = data[i]
        if c == c'\n':
            line += 1
            i += 1
            continue
        if c == c' ' or c == c'\t' or c == c'\r' or c == c'\f' or c == c'\v':
            i += 1
            continue
        start = i
        value = 0
        big = False
        while i < n and c'0' <= data[i] <= c'9':
            if value > _LAST_SAFE:
                big = True
            else:
                value = value * 10 + (data[i] - c'0')
            i += 1
        if i == start or (i < n and not _is_space(data[i])):
            while i < n and not _is_space(data[i]):
                i += 1
            raise ValueError(line, bytes(data[start:i]).decode("utf-8", "replace"))
        if big:
            result.append(int(bytes(data[start:i])))
        else:
            result.append(PyLong_FromUnsignedLongLong(value))
    return result


cdef inline bint _is_space(unsigned char c) noexcept nogil:
    return c == c' ' or c == c'\n' or c == c'\t' or c == c'\r' or c == c'\f' or c == c'\v'


def exact_piles(seq):
    """``tuple(seq)`` when every item is an int (not a bool or subclass) >= 0, else None.

    The fast path of ``nim.position.as_piles``; None sends the caller to the
    careful path that finds and reports the bad item.
    """
    cdef tuple items = tuple(seq)
    for item in items:
        if exact_pile(item) == NOT_A_PILE:     # piles of 2**63 and more are fine here
            return None
    return items
