# State shared by every search engine: the rules, the node counter and the
# limits that stop a search cleanly (node budget, deadline, depth, Ctrl-C).
#
# Engines count each node with search_count_node(); every `interval` nodes
# (CHECK_INTERVAL unless the engine sets another: the quotient engine's steps are
# heavier than a node) and exactly at the node limit it calls search_checkpoint(),
# which reads the clock, takes the GIL briefly to look for Ctrl-C, a cancellation
# and report progress, and sets `stop`. An engine that sees `stop` set restores
# its piles and unwinds. Every engine stops through this one checkpoint, with
# this one StopReason numbering (nimcore.quotient's kernels included).
#
# No engine recurses: each keeps its frames on the heap, in the Search's
# workspace (nimcore.workspace), and stops with STOP_DEPTH when a game would
# run deeper than max_depth moves, so the C stack never bounds a search.

from nimcore._types cimport count_t, pile_t
from nimcore.rules cimport RuleSet
from nimcore.workspace cimport Workspace

cdef enum StopReason:
    STOP_NONE = 0
    STOP_NODES = 1       # the node limit was reached
    STOP_TIME = 2        # the time limit was reached
    STOP_DEPTH = 3       # the search would go deeper than max_depth moves
    STOP_INTERRUPT = 4   # Ctrl-C (SIGINT) arrived
    STOP_MEMORY = 5      # an engine could not allocate what it needs
    STOP_CANCELLED = 6   # the search's cancellation handle was set (Search.cancel, cancel=)
    STOP_ERROR = 7       # the progress callback raised: Search.error holds the exception
    STOP_SIZE = 8        # a structure outgrew its cap (the quotient engine's tables)
    STOP_RULE = 9        # the rule's tag has no compiled loop here (never, once imported: check_dispatch)

cdef enum:
    CHECK_INTERVAL = 1 << 20    # nodes between checkpoints: a few ms of search

cdef struct SearchState:
    RuleSet rules
    count_t nodes          # nodes visited so far (the root is not counted)
    count_t next_check     # node count at which the next checkpoint runs
    count_t interval       # nodes between two checkpoints (CHECK_INTERVAL by default)
    count_t node_limit     # 0: no limit
    double started         # monotonic clock at the start, seconds
    double deadline        # monotonic clock at which to stop; 0: no limit
    int max_depth          # deepest game a search follows (frames are heap memory)
    int stop               # a StopReason; STOP_NONE while the search runs
    void* progress         # callable(nodes, seconds) or NULL; owned by Search
    double last_report     # monotonic clock of the last progress call
    int stop_depth         # the depth at which STOP_DEPTH was set
    void* owner            # the Search owning this state (borrowed)
    void* cancel           # an object with is_set() or NULL; owned by Search
    int cancel_requested   # set by Search.cancel() from any thread, read at checkpoints
    Workspace ws           # the running engine's frames; freed by Search.__dealloc__

cdef double monotonic_seconds() noexcept nogil
cdef int search_checkpoint(SearchState* s) noexcept nogil
cdef void search_set_interval(SearchState* s, count_t interval) noexcept nogil
cdef inline bint search_count_nodes(SearchState* s, count_t k) noexcept nogil:
    """Count k nodes at once; True when the search must stop."""
    s.nodes += k
    if s.nodes >= s.next_check:
        return search_checkpoint(s) != STOP_NONE
    return False


cdef inline bint search_count_node(SearchState* s) noexcept nogil:
    """Count one node; True when the search must stop."""
    s.nodes += 1
    if s.nodes >= s.next_check:
        return search_checkpoint(s) != STOP_NONE
    return False


cdef class Search:
    """Owns one search's state and a C copy of the root position's piles."""
    cdef SearchState c_state
    cdef pile_t* c_piles
    cdef int c_n
    cdef object c_progress
    cdef object c_cancel
    cdef object c_rules_owner  # the CoreRules whose arrays c_state.rules points into
    cdef object c_error        # the exception the progress callback raised, or None
    cdef double c_time_limit   # seconds; 0: none
    cdef double c_ended        # monotonic clock when finish() was called; 0: running
    cdef void _start(self) noexcept
