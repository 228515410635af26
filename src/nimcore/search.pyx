"""Search state, limits and checkpoints shared by every engine of the core."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from nimcore._types cimport count_t, pile_t
from nimcore.rules cimport CoreRules
from nimcore.search cimport (
    CHECK_INTERVAL, STOP_CANCELLED, STOP_DEPTH, STOP_ERROR, STOP_INTERRUPT, STOP_RULE, STOP_SIZE, STOP_MEMORY, STOP_NODES,
    STOP_NONE, STOP_TIME,
)
from nimcore.workspace cimport ws_free

cdef extern from "Python.h":
    # Declared without `except`: a pending KeyboardInterrupt is cleared here and
    # reported as STOP_INTERRUPT, so it unwinds through the nogil search cleanly.
    int PyErr_CheckSignals_nocheck "PyErr_CheckSignals" ()
    void PyErr_Clear()

# Seconds between two progress calls: a display needs no more.
cdef double REPORT_INTERVAL = 0.1

#: Default depth bound: the deepest game (in moves) the frame engines follow
#: before they stop with the reason "depth". Frames are heap memory, so the
#: bound is the same in every thread, whatever its C stack.
DEFAULT_MAX_DEPTH = 10_000

_STOP_NAMES = {
    STOP_NONE: None,
    STOP_NODES: "nodes",
    STOP_TIME: "time",
    STOP_DEPTH: "depth",
    STOP_INTERRUPT: "interrupt",
    STOP_MEMORY: "memory",
    STOP_CANCELLED: "cancelled",
    STOP_ERROR: "error",
    STOP_SIZE: "size",
    STOP_RULE: "rule",
}


cdef double monotonic_seconds() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef int search_checkpoint(SearchState* s) noexcept nogil:
    cdef double now
    if s.node_limit and s.nodes >= s.node_limit:
        s.stop = STOP_NODES
        return s.stop
    now = monotonic_seconds()
    if s.deadline and now >= s.deadline:
        s.stop = STOP_TIME
        return s.stop
    with gil:
        if PyErr_CheckSignals_nocheck() != 0:
            PyErr_Clear()
            s.stop = STOP_INTERRUPT
        else:
            try:
                if s.cancel_requested or (s.cancel != NULL and (<object>s.cancel).is_set()):
                    s.stop = STOP_CANCELLED
                elif s.progress != NULL and now - s.last_report >= REPORT_INTERVAL:
                    s.last_report = now
                    (<object>s.progress)(s.nodes, now - s.started)
            except KeyboardInterrupt:    # Ctrl-C arrived while the callback ran
                s.stop = STOP_INTERRUPT
            except BaseException as error:
                # a bug in the callback (or is_set) is not an interruption: keep it
                (<Search>s.owner).c_error = error
                s.stop = STOP_ERROR
    s.next_check = s.nodes + s.interval
    if s.node_limit and s.next_check > s.node_limit:
        s.next_check = s.node_limit
    return s.stop


cdef void search_set_interval(SearchState* s, count_t interval) noexcept nogil:
    """Checkpoints every `interval` nodes from now on (at least 1; the node limit
    still stops exactly): an engine whose node is heavy (the quotient engine's
    steps) checks the clock, Ctrl-C and the cancellation more often."""
    s.interval = interval if interval > 0 else 1
    s.next_check = s.nodes + s.interval
    if s.node_limit and s.next_check > s.node_limit:
        s.next_check = s.node_limit


cdef class Search:
    """One search: rules, a C copy of the piles, limits and counters.

    Parameters
    ----------
    rules : CoreRules
        Not None (an engine without a take rule, such as the game-tree search or
        the quotient engine's kernels, passes ``CoreRules(False, "any")`` and
        uses only the limits and the checkpoint).
    piles : sequence of int
        Pile sizes, each in 0 .. 2**32 - 1 (checked by the caller).
    node_limit : int or None
        Stop after this many nodes.
    time_limit : float or None
        Stop after this many seconds.
    max_depth : int
        Deepest game, in moves, an engine follows (STOP_DEPTH beyond).
    progress : callable(nodes, seconds) or None
        Called from the search every CHECK_INTERVAL nodes, with the GIL held.
        An exception it raises stops the search (stop reason "error", the
        exception in ``error``); KeyboardInterrupt stops it as Ctrl-C does.
    cancel : object with ``is_set()`` or None
        A cancellation handle such as ``threading.Event``: the search stops,
        with the stop reason "cancelled", at the first checkpoint where it is
        set (the checkpoints where Ctrl-C is seen). ``Search.cancel()`` does
        the same from any thread.

    Raises
    ------
    TypeError
        When ``cancel`` has no ``is_set`` method.
    """

    def __cinit__(self, CoreRules rules not None, piles, node_limit=None, time_limit=None,
                  int max_depth=DEFAULT_MAX_DEPTH, progress=None, cancel=None):
        cdef Py_ssize_t i, n = len(piles)
        if cancel is not None and not callable(getattr(cancel, "is_set", None)):
            raise TypeError(f"cancel must have an is_set() method (e.g. threading.Event), not {cancel!r}")
        self.c_piles = <pile_t*>PyMem_Malloc((n + 1) * sizeof(pile_t))
        if self.c_piles == NULL:
            raise MemoryError()
        for i in range(n):
            self.c_piles[i] = piles[i]
        self.c_n = <int>n
        self.c_state.rules = rules.c_rules
        self.c_rules_owner = rules
        self.c_state.node_limit = node_limit or 0
        self.c_state.max_depth = max_depth
        self.c_progress = progress
        self.c_state.progress = <void*>progress if progress is not None else NULL
        self.c_cancel = cancel
        self.c_state.cancel = <void*>cancel if cancel is not None else NULL
        self.c_state.owner = <void*>self
        self.c_state.interval = CHECK_INTERVAL
        self.c_time_limit = time_limit or 0.0
        self._start()

    cdef void _start(self) noexcept:
        self.c_state.nodes = 0
        self.c_ended = 0.0
        self.c_state.stop = STOP_NONE
        self.c_state.stop_depth = 0
        self.c_state.cancel_requested = 0
        self.c_error = None
        self.c_state.started = monotonic_seconds()
        self.c_state.last_report = self.c_state.started
        self.c_state.deadline = (self.c_state.started + self.c_time_limit
                                 if self.c_time_limit > 0 else 0.0)
        self.c_state.next_check = self.c_state.interval
        if self.c_state.node_limit and self.c_state.next_check > self.c_state.node_limit:
            self.c_state.next_check = self.c_state.node_limit

    def __dealloc__(self):
        PyMem_Free(self.c_piles)
        ws_free(&self.c_state.ws)      # the engines' frames: the one place they are freed

    def restart(self):
        """Reset counters and the clock for another search on the same piles."""
        self._start()

    @property
    def nodes(self):
        """Nodes visited so far (the root is not counted)."""
        return self.c_state.nodes

    def finish(self):
        """Stop the clock: ``seconds`` keeps the search's duration from now on."""
        if self.c_ended == 0.0:
            self.c_ended = monotonic_seconds()

    @property
    def seconds(self):
        """Seconds the search took (up to now while it has not finished)."""
        end = self.c_ended if self.c_ended else monotonic_seconds()
        return end - self.c_state.started

    @property
    def progress(self):
        """The progress callback given at construction, or None."""
        return self.c_progress

    def cancel(self):
        """Ask the search to stop at its next checkpoint (thread-safe; reason "cancelled")."""
        self.c_state.cancel_requested = 1

    @property
    def stop_reason(self):
        """None while complete, else "nodes", "time", "depth", "interrupt", "memory",
        "cancelled" or "error"."""
        return _STOP_NAMES[self.c_state.stop]

    @property
    def error(self):
        """The exception the progress callback raised (stop reason "error"), else None."""
        return self.c_error

    @property
    def stop_depth(self):
        """The depth at which the reason "depth" stopped the search (0 otherwise)."""
        return self.c_state.stop_depth

    @property
    def piles(self):
        """The root piles as a tuple (engines restore them after every search)."""
        return tuple(self.c_piles[i] for i in range(self.c_n))

