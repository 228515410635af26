"""Plain Nim -- take any number from one pile -- answered by Bouton's theorem in C,
through the theory module's own functions (``nimcore.theory``'s theory_move).

``nim.solve`` is decorated with ``plain_nim_first``: plain Nim with default
options is answered here, in one compiled call, and everything else goes to
the decorated Python function (the general path: rule lookup, validation,
engine dispatch). Warm, the general path takes 4 µs; as the first call of a
fresh process, where each of its steps runs in cold caches, 60-80 µs -- a
tenth of what easyAI's table search needs for misère [1, 3, 5]. Here the same
answer costs 0.3 µs warm and 7-10 µs cold, most of it the first execution of
this function's own code; the result tuples are built directly, not through
``tuple.__new__`` (which cost 3 µs more cold).

The answers are the general path's, move for move (``tests/test_bouton.py``):
both are theory_move. Solution.method is ``theory`` (``grundy`` when asked).
"""

from cpython.float cimport PyFloat_FromDouble
from cpython.long cimport PyLong_FromLong, PyLong_FromSsize_t, PyLong_FromUnsignedLongLong
from cpython.ref cimport Py_INCREF, PyObject
from cpython.sequence cimport PySequence_Fast_GET_SIZE, PySequence_Fast_ITEMS
from cpython.tuple cimport PyTuple_SET_ITEM

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from nimcore.piles cimport exact_pile
from nimcore.rules cimport TAKE_ANY, RuleSet
from nimcore.search cimport monotonic_seconds
from nimcore.theory cimport Theory, theory_init, theory_move


cdef struct Answer:
    int value              # +1 the player to move wins, -1 loses; 0: declined
    Py_ssize_t pile        # index of a best move's pile; -1: no legal move
    uint64_t take


#: Plain normal and misère Nim: [0] normal, [1] misère.
cdef Theory _PLAIN[2]
cdef RuleSet _plain_rules_c
for _misere in range(2):
    _plain_rules_c.misere = _misere
    _plain_rules_c.take = TAKE_ANY
    _plain_rules_c.k = 0
    _plain_rules_c.min_take = 1
    _plain_rules_c.leaf_parent_max = 1
    _plain_rules_c.n_set = 0
    theory_init(&_PLAIN[_misere], &_plain_rules_c)

cdef enum:
    _STACK_PILES = 32      # positions up to this size need no malloc


cdef Answer _bouton(PyObject** items, Py_ssize_t n, bint misere) noexcept:
    """Value and best move by the theory's functions (nimcore.theory's theory_move),
    or value 0 when some item is not an exact int in 0 .. 2**63-1 (or no memory)."""
    cdef Answer answer = Answer(0, -1, 0)
    cdef uint64_t on_stack[_STACK_PILES]
    cdef uint64_t* piles = on_stack
    cdef long long p
    cdef Py_ssize_t i
    if n > _STACK_PILES:
        piles = <uint64_t*>malloc(n * sizeof(uint64_t))
        if piles == NULL:
            return answer
    for i in range(n):
        p = exact_pile(<object>items[i])
        if p < 0:               # not a pile, or 2**63 and more: the general way
            if piles != on_stack:
                free(piles)
            return answer
        piles[i] = <uint64_t>p
    answer.value = theory_move(&_PLAIN[misere], piles, n, &answer.pile, &answer.take)
    if piles != on_stack:
        free(piles)
    return answer


def plain_nim_first(solution_type, move_type, normal, misere):
    """Decorator: answer plain Nim by Bouton's theorem in C before the decorated solve runs.

    The decorated function is ``nim.solve``'s general path, with parameters
    ``(piles, rules=None, method="auto", *, options...)``. The function
    returned takes the same three with the same defaults, passes keyword
    options on unchanged (so the general path checks them), and gives the same
    answers; but plain Nim with default options -- rules None, ``normal`` or
    ``misere``, method ``auto``, ``theory`` or ``grundy``, no time or table limit, piles a
    list or tuple of exact ints in 0 .. 2**63-1 -- never enters Python. It is
    itself compiled, so a call costs no Python frame.

    Parameters
    ----------
    solution_type, move_type : named tuple types
        ``nim.Solution`` (value, move, nodes, method, seconds) and
        ``nim.Move`` (pile, count), which the answers are built as.
    normal, misere : object
        The rule objects of plain normal and misère Nim (``nim.NORMAL``,
        ``nim.MISERE``); they match by identity, like the strings
        ``"normal"`` and ``"misere"``.
    """
    for kind, fields in ((solution_type, 5), (move_type, 2)):
        if not (isinstance(kind, type) and issubclass(kind, tuple) and len(kind._fields) == fields):
            raise TypeError(f"{kind!r} is not a named tuple type of {fields} fields")

    def decorate(general):
        def solve(piles, rules=None, method="auto", **options):
            cdef int is_misere = _plain_rules(rules, normal, misere)
            cdef Answer answer
            cdef double started
            cdef str engine = _plain_method(method)
            if (is_misere >= 0 and engine is not None
                    and (not options or _default_options(options))
                    and (type(piles) is list or type(piles) is tuple)):
                started = monotonic_seconds()
                answer = _bouton(PySequence_Fast_ITEMS(piles), PySequence_Fast_GET_SIZE(piles),
                                 is_misere)
                if answer.value:
                    return _solution(solution_type, move_type, answer, engine,
                                     monotonic_seconds() - started)
            return general(piles, rules, method, **options)

        solve.__name__ = general.__name__
        solve.__qualname__ = general.__qualname__
        solve.__module__ = general.__module__
        solve.__doc__ = general.__doc__
        solve.__wrapped__ = general       # inspect.signature shows the annotated one
        return solve

    return decorate


cdef str _NORMAL = "normal", _MISERE = "misere"


cdef int _plain_rules(rules, normal, misere):
    """1 for plain misère Nim, 0 for plain normal Nim, -1 for anything else."""
    # Identity first: string literals in a caller's code are interned, like these.
    if rules is None or rules is normal or rules is _NORMAL:
        return 0
    if rules is misere or rules is _MISERE:
        return 1
    if type(rules) is str:
        if <str>rules == _NORMAL:
            return 0
        if <str>rules == _MISERE:
            return 1
    return -1


cdef str _THEORY = "theory", _GRUNDY = "grundy"


cdef str _plain_method(method):
    """The engine name a plain-Nim answer reports: ``theory`` for ``auto`` and
    ``theory``, ``grundy`` for ``grundy``; None for any other method."""
    if type(method) is not str:
        return None
    if <str>method == "auto" or <str>method == "theory":
        return _THEORY
    if <str>method == "grundy":
        return _GRUNDY
    return None


cdef bint _default_options(dict options):
    """True for valid limits that a closed form ignores; a bad one goes the general way."""
    for name, value in options.items():
        if name == "node_limit":
            if not (value is None or (type(value) is int and value >= 1)):
                return False
        elif name == "time_limit" or name == "tt_mb":
            if value is not None:
                return False
        elif name != "progress":
            return False        # unknown: the general path raises TypeError
    return True


cdef extern from *:
    """
    /* An empty instance of a tuple subclass (a named tuple) of n items, to be
       filled with PyTuple_SET_ITEM: what tuple.__new__(type, items) builds,
       without the temporary tuple and the Python-level call. */
    static PyObject* nimcore_alloc_tuple(PyObject* type, Py_ssize_t n) {
        return ((PyTypeObject*)type)->tp_alloc((PyTypeObject*)type, n);
    }
    """
    object _alloc_tuple "nimcore_alloc_tuple" (object type, Py_ssize_t n)


cdef inline void _set_item(tuple_, Py_ssize_t i, item) noexcept:
    Py_INCREF(item)                       # PyTuple_SET_ITEM steals a reference
    PyTuple_SET_ITEM(tuple_, i, item)


cdef object _solution(solution_type, move_type, Answer answer, str engine, double seconds):
    move = None
    if answer.pile >= 0:
        pile, count = PyLong_FromSsize_t(answer.pile), PyLong_FromUnsignedLongLong(answer.take)
        move = _alloc_tuple(move_type, 2)
        _set_item(move, 0, pile)
        _set_item(move, 1, count)
    value, elapsed = PyLong_FromLong(answer.value), PyFloat_FromDouble(seconds)
    solution = _alloc_tuple(solution_type, 5)
    _set_item(solution, 0, value)
    _set_item(solution, 1, move)
    _set_item(solution, 2, 0)
    _set_item(solution, 3, engine)
    _set_item(solution, 4, elapsed)
    return solution
