"""Search state, limits and checkpoints shared by every engine of the core."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from nimcore._types cimport count_t, pile_t
from nimcore.rules cimport CoreRules
from nimcore.search cimport (
    CHECK_INTERVAL, RECURSION_LEVEL_BYTES, SHALLOW_LEVELS, STOP_CANCELLED, STOP_DEPTH, STOP_ERROR, STOP_INTERRUPT,
    STOP_MEMORY, STOP_NODES, STOP_NONE, STOP_TIME,
)

cdef extern from *:
    """
    /* The lowest address of the running thread's C stack (stacks grow down on
       every platform CPython supports here), cached per thread: for the main
       thread glibc reads /proc/self/maps to answer. NULL when unknown. */
    #include <pthread.h>
    static __thread char* nimcore_stack_low = NULL;
    static __thread int nimcore_stack_known = 0;
    static char* nimcore_thread_stack_low(void) {
        if (!nimcore_stack_known) {
            nimcore_stack_known = 1;
    #if defined(__linux__)
            pthread_attr_t attr;
            void* addr;
            size_t size;
            if (pthread_getattr_np(pthread_self(), &attr) == 0) {
                if (pthread_attr_getstack(&attr, &addr, &size) == 0)
                    nimcore_stack_low = (char*)addr;
                pthread_attr_destroy(&attr);
            }
    #elif defined(__APPLE__)
            nimcore_stack_low = (char*)pthread_get_stackaddr_np(pthread_self())
                                - pthread_get_stacksize_np(pthread_self());
    #endif
        }
        return nimcore_stack_low;
    }
    /* An address just below the caller's frame: the frame of a function that
       is never inlined. (The address of a local cannot be returned: GCC
       returns NULL for it.) */
    static __attribute__((noinline)) char* nimcore_stack_pointer(void) {
        return (char*)__builtin_frame_address(0);
    }
    """
    char* nimcore_thread_stack_low() noexcept nogil
    char* nimcore_stack_pointer() noexcept nogil

cdef extern from "Python.h":
    # Declared without `except`: a pending KeyboardInterrupt is cleared here and
    # reported as STOP_INTERRUPT, so it unwinds through the nogil search cleanly.
    int PyErr_CheckSignals_nocheck "PyErr_CheckSignals" ()
    void PyErr_Clear()

# Seconds between two progress calls: a display needs no more.
cdef double REPORT_INTERVAL = 0.1

#: Default recursion bound: 10,000 levels of at most RECURSION_LEVEL_BYTES fit
#: the main thread's 8 MB stack. On a smaller stack (a thread's) the engines
#: lower it to what that stack holds (search_enter_thread).
DEFAULT_MAX_DEPTH = 10_000

#: Stack kept free below the deepest search frame: the checkpoint calls Python
#: (Ctrl-C handlers, the progress callback) from there.
cdef size_t STACK_RESERVE = 64 * 1024

_STOP_NAMES = {
    STOP_NONE: None,
    STOP_NODES: "nodes",
    STOP_TIME: "time",
    STOP_DEPTH: "depth",
    STOP_INTERRUPT: "interrupt",
    STOP_MEMORY: "memory",
    STOP_CANCELLED: "cancelled",
    STOP_ERROR: "error",
}


cdef double monotonic_seconds() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef void search_enter_thread(SearchState* s) noexcept nogil:
    """Prepare the depth bound for a recursive search about to run in the calling thread."""
    s.stack_entry = nimcore_stack_pointer()
    s.depth_bound = SHALLOW_LEVELS if SHALLOW_LEVELS < s.max_depth else s.max_depth


cdef bint search_stack_bound(SearchState* s, int depth) noexcept nogil:
    """The slow path of search_too_deep: raise the bound to what the stack holds, once.

    Every level below the engine's entry costs at most RECURSION_LEVEL_BYTES
    of stack, and STACK_RESERVE stays free at the bottom; an unknown stack
    keeps max_depth. Returns True, with STOP_DEPTH set, when `depth` is past it.
    """
    cdef char* low
    cdef size_t levels
    if s.depth_bound < s.max_depth and s.stack_entry != NULL:
        s.depth_bound = s.max_depth
        low = nimcore_thread_stack_low()
        if low != NULL:
            levels = 0
            if s.stack_entry > low + STACK_RESERVE:
                levels = <size_t>(s.stack_entry - low - STACK_RESERVE) // RECURSION_LEVEL_BYTES
            if levels < <size_t>s.depth_bound:
                s.depth_bound = <int>levels
        s.stack_entry = NULL      # looked up: the bound is final
    if depth >= s.depth_bound:
        s.stop = STOP_DEPTH
        s.stop_depth = depth
        return True
    return False


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
    s.next_check = s.nodes + CHECK_INTERVAL
    if s.node_limit and s.next_check > s.node_limit:
        s.next_check = s.node_limit
    return s.stop


cdef class Search:
    """One search: rules, a C copy of the piles, limits and counters.

    Parameters
    ----------
    rules : CoreRules
    piles : sequence of int
        Pile sizes, each in 0 .. 2**32 - 1 (checked by the caller).
    node_limit : int or None
        Stop after this many nodes.
    time_limit : float or None
        Stop after this many seconds.
    max_depth : int
        Deepest recursion an engine may use.
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

    def __cinit__(self, CoreRules rules, piles, node_limit=None, time_limit=None,
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
        self.c_time_limit = time_limit or 0.0
        self._start()

    cdef void _start(self) noexcept:
        self.c_state.nodes = 0
        self.c_ended = 0.0
        self.c_state.stop = STOP_NONE
        self.c_state.stop_depth = 0
        self.c_state.cancel_requested = 0
        self.c_error = None
        self.c_state.depth_bound = self.c_state.max_depth
        self.c_state.stack_entry = NULL
        self.c_state.started = monotonic_seconds()
        self.c_state.last_report = self.c_state.started
        self.c_state.deadline = (self.c_state.started + self.c_time_limit
                                 if self.c_time_limit > 0 else 0.0)
        self.c_state.next_check = CHECK_INTERVAL
        if self.c_state.node_limit and self.c_state.next_check > self.c_state.node_limit:
            self.c_state.next_check = self.c_state.node_limit

    def __dealloc__(self):
        PyMem_Free(self.c_piles)

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
        """The recursion depth at which the reason "depth" stopped the search (0 otherwise)."""
        return self.c_state.stop_depth

    @property
    def piles(self):
        """The root piles as a tuple (engines restore them after every search)."""
        return tuple(self.c_piles[i] for i in range(self.c_n))

