"""The theory of heap games, for every rule set (THEORY.md): see theory.pxd.

``CoreTheory(rules)`` builds a rule set's Theory once: the closed forms for
`any`, `max K` and `half`; for `set S` the Grundy sequence of S / gcd(S) by DP
until its period shows (at most PERIOD_LIMIT values, checking for Ctrl-C),
and condition (C), checked on one window of that sequence. Its methods answer
piles that fit 64 bits through the C functions of theory.pxd, and raise
OverflowError past them: the solving layer's ``nim.solving.closed_forms`` is
the definition over Python integers (and answers those), this the accelerator.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.pythread cimport (
    WAIT_LOCK, PyThread_acquire_lock, PyThread_allocate_lock, PyThread_free_lock, PyThread_release_lock,
)
from cpython.sequence cimport PySequence_Fast, PySequence_Fast_GET_SIZE, PySequence_Fast_ITEMS
from cpython.ref cimport PyObject
from libc.stdint cimport UINT64_MAX, uint64_t
from libc.string cimport memcmp, memcpy, memset

cdef extern from *:
    """
    /* The values of a grown table are written before its new size is published. */
    #define nimcore_release_fence() __atomic_thread_fence(__ATOMIC_RELEASE)
    """
    void _release_fence "nimcore_release_fence" () noexcept nogil

from nimcore.piles cimport exact_pile
from nimcore.workspace cimport WS_GRUNDY, WS_PILES, Workspace, ws_alloc, ws_free, ws_zeroed
from nimcore.rules cimport (
    TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_SET, CoreRules, RuleSet, check_dispatch,
)

#: Most Grundy values of a `set S` rule (of S / gcd(S)) a theory holds: 128 MB
#: (16-bit values). The table grows to the largest pile asked, the period sought
#: in it each time; a pile past PERIOD_LIMIT values with no period in them has no
#: theory here (the search answers).
PERIOD_LIMIT = 1 << 26
#: Most mex steps (values times |S|) of the first table, before the first answer:
#: about 0.02 s. Sets of up to 64 members look for their period in 262,144 values
#: at once; larger sets, and periods past that, when a pile asks (``cover``).
INITIAL_WORK = 1 << 24
cdef enum:
    _CHUNK = 1 << 20          # values computed between two checks for Ctrl-C (a power of 2)
    _CHUNK_WORK = 1 << 24     # ... and for larger sets, mex steps between two checks
    _TAME_CHECK = 1 << 12     # sizes checked for (C) between two checks for Ctrl-C
    _FIRST_SIZE = 1 << 12     # the first table tried; it doubles until the period shows


cdef void theory_init(Theory* t, const RuleSet* r) noexcept nogil:
    """Everything but a `set S` rule's table (and its tameness): t.table = NULL.

    t.set_desc points into r's arrays: the caller keeps their CoreRules alive."""
    t.misere = r.misere
    t.take = r.take
    t.k = r.k
    t.min_take = r.min_take
    t.smallest_take = r.min_take if r.take == TAKE_SET else 1
    t.tame = r.take != TAKE_SET         # THEORY.md proves (C) for any, max K, half
    t.table = NULL
    t.table_size = 0
    t.period_start = 0
    t.period = 0
    t.scale = 1
    t.n_set = r.n_set if r.take == TAKE_SET else 0
    t.set_desc = NULL
    if t.n_set:
        t.scale = r.set_scale
        t.set_desc = r.set_reduced


cdef int theory_fill(const Theory* t, grundy_t* g, uint64_t start, uint64_t end) noexcept nogil:
    """g[start .. end-1] = Grundy values G of the reduced `set S` game, g[0 .. start-1]
    given. 0, or -1 when there is no memory (g is then left as it was).

    The mex by stamps: seen[v] == n + 1 marks value v as an option of the pile n.
    A pile has at most |S| options, so its mex -- and every value -- is at most
    |S|, and seen needs |S| + 1 entries (one allocation per call, not per pile).
    """
    cdef uint64_t n, v
    cdef int i, first = t.n_set       # set_desc[first ..] are the members <= n
    cdef Workspace ws                 # seen's one slot, freed below
    cdef uint64_t* seen
    memset(&ws, 0, sizeof(Workspace))
    seen = <uint64_t*>ws_zeroed(&ws, WS_GRUNDY, (t.n_set + 1) * sizeof(uint64_t))
    if seen == NULL:
        return -1
    for n in range(start, end):
        while first > 0 and t.set_desc[first - 1] <= n:
            first -= 1
        for i in range(first, t.n_set):
            seen[g[n - t.set_desc[i]]] = n + 1
        v = 0
        while seen[v] == n + 1:
            v += 1
        g[n] = <grundy_t>v
    ws_free(&ws)
    return 0


cdef int theory_move(const Theory* t, const uint64_t* piles, Py_ssize_t n,
                     Py_ssize_t* pile, uint64_t* take) noexcept nogil:
    """The value (as theory_value) and a best move: *pile, *take (*pile = -1: no move).

    Won: the first pile that can move to the target Grundy value (theory_target)
    by lowering its value, else (misère, every value 0) the first that can
    raise it to 1. Lost: the smallest take from the first pile that can move.
    """
    cdef uint64_t x, g, target, child
    cdef Py_ssize_t big, ones, i
    theory_summary(t, piles, n, &x, &big, &ones)
    cdef int value = theory_outcome(t.misere, x, big)
    if value > 0:
        for i in range(n):
            g = theory_grundy(t, piles[i])
            target = theory_target(t.misere, g, x, big, ones)
            if target < g:
                child = theory_option(t, piles[i], g, target)
                if child != UINT64_MAX:          # always, by the mex
                    pile[0] = i
                    take[0] = piles[i] - child
                    return value
        for i in range(n):
            if piles[i] >= t.min_take:
                g = theory_grundy(t, piles[i])
                target = theory_target(t.misere, g, x, big, ones)
                child = theory_option(t, piles[i], g, target) if target != g else UINT64_MAX
                if child != UINT64_MAX:          # exists under (C)
                    pile[0] = i
                    take[0] = piles[i] - child
                    return value
    for i in range(n):
        if piles[i] >= t.min_take:
            pile[0] = i
            take[0] = t.smallest_take
            return value
    pile[0] = -1
    take[0] = 0
    return value


cdef bint _find_period(const grundy_t* g, uint64_t size, uint64_t window,
                       uint64_t* start, uint64_t* period) noexcept nogil:
    """Find the latest earlier copy of the last `window` values of g[0 .. size-1].

    G(n) depends only on the `window` = max(S) values before n, so a window that
    repeats at distance p makes G periodic with period p from its first copy on.
    Windows are compared by a rolling hash (one pass) and the match checked.
    """
    cdef uint64_t last = size - window, i, h = 0, target = 0, top = 1, found = UINT64_MAX
    cdef uint64_t base = 0x100000001B3
    if size <= window:
        return False
    for i in range(window):
        target = target * base + g[last + i]
        h = h * base + g[i]
        if i:
            top *= base                      # base ** (window - 1)
    for i in range(last):
        if h == target:
            found = i                        # the latest match: the shortest period
        h = (h - g[i] * top) * base + g[i + window]
    if found == UINT64_MAX or memcmp(&g[found], &g[last], window * sizeof(grundy_t)) != 0:
        return False
    period[0] = last - found
    # the earliest start of that period
    while found > 0 and g[found - 1] == g[found - 1 + period[0]]:
        found -= 1
    start[0] = found
    return True


cdef class CoreTheory:
    """The theory of one rule set: Grundy values, (C), outcomes and winning moves.

    A `set S` rule starts from a short table of G (at most INITIAL_WORK mex
    steps, so its first answer comes at once) and looks for the period in it.
    Until the period shows, the table answers exactly the piles it holds and
    grows on demand (``cover``): to the largest pile asked, at least doubling,
    the period sought again after each growth, at most PERIOD_LIMIT values.

    Parameters
    ----------
    rules : CoreRules
    tame : bool or None
        None: decide condition (C). False declares it false (tests use this to
        reach the search fallback); True is refused unless (C) holds.

    Raises
    ------
    KeyboardInterrupt
        Ctrl-C while the first table is computed.
    """

    def __cinit__(self, CoreRules rules, tame=None):
        self.rules = rules
        self.c_table = NULL
        self.c_declared = tame is not None
        self.c_tame_to = 0
        self.c_limit = PERIOD_LIMIT
        self.c_n_retired = 0
        self.c_lock = PyThread_allocate_lock()
        if self.c_lock == NULL:
            raise MemoryError("no lock for a theory")
        theory_init(&self.c_theory, &rules.c_rules)
        if self.c_theory.take == TAKE_SET:
            self._tabulate()
        if tame is not None:
            if tame and not self.c_theory.tame:
                raise ValueError("condition (C) does not hold for these rules")
            self.c_theory.tame = bool(tame)

    def __dealloc__(self):
        cdef int i
        PyMem_Free(self.c_table)
        for i in range(self.c_n_retired):
            PyMem_Free(self.c_retired[i])
        if self.c_lock != NULL:
            PyThread_free_lock(self.c_lock)

    cdef _tabulate(self):
        """The first table of the reduced `set S` game: doubled from _FIRST_SIZE
        values while the period does not show and the mex steps stay within
        INITIAL_WORK; then (C) decided (on the table, or for good by the period)."""
        cdef Theory* t = &self.c_theory
        cdef uint64_t budget = max(<uint64_t>_FIRST_SIZE, <uint64_t>INITIAL_WORK // t.n_set)
        cdef uint64_t size = min(self.c_limit, <uint64_t>_FIRST_SIZE)
        self.c_theory.tame = True
        self._grow(size, True)
        while t.period == 0 and 2 * t.table_size <= budget and t.table_size < self.c_limit:
            self._grow(min(self.c_limit, 2 * t.table_size), True)
        self._decide()

    cdef int _grow(self, uint64_t size, bint building) except -1:
        """Extend the table (no period yet) to G(0 .. size - 1), then look for the
        period in it. While ``building`` (no other thread sees the theory yet) the
        table is reallocated, and cut to the pre-period and one period when that
        shows. Later (cover) it moves to a new allocation, the old one kept until
        the theory goes, and keeps its size: a thread reading it without the GIL
        reads a pile it checked against the size, and that pile's value, in the
        old table or the new, is the same, and never past either."""
        cdef Theory* t = &self.c_theory
        cdef uint64_t done = t.table_size, chunk_end, start = 0, period = 0
        cdef uint64_t chunk = max(1, min(_CHUNK, _CHUNK_WORK // t.n_set))
        cdef grundy_t* grown
        cdef bint found = False
        cdef int filled = 0
        if size <= done:
            return 0
        if building or self.c_table == NULL:
            grown = <grundy_t*>PyMem_Realloc(self.c_table, size * sizeof(grundy_t))
            if grown == NULL:
                raise MemoryError(f"no memory for {size:,} Grundy values")
        else:
            if self.c_n_retired >= 64:
                raise MemoryError("a theory's table grew more than 64 times")
            grown = <grundy_t*>PyMem_Malloc(size * sizeof(grundy_t))
            if grown == NULL:
                raise MemoryError(f"no memory for {size:,} Grundy values")
            memcpy(grown, self.c_table, done * sizeof(grundy_t))
            self.c_retired[self.c_n_retired] = self.c_table
            self.c_n_retired += 1
        self.c_table = grown
        t.table = grown
        while done < size:
            chunk_end = min(size, done + chunk)
            with nogil:
                filled = theory_fill(t, self.c_table, done, chunk_end)
            if filled < 0:
                raise MemoryError(f"no memory for the mex of {t.n_set:,} options")
            done = chunk_end
            _release_fence()
            t.table_size = done          # what is filled answers, even if Ctrl-C comes next
            PyErr_CheckSignals()
        with nogil:
            found = _find_period(self.c_table, size, t.set_desc[0], &start, &period)
        if found:
            # periodic from `start` with period `period`: piles from table_size on are
            # read through the period, once it is published
            t.period_start = start
            _release_fence()
            t.period = period
            if building:            # the table keeps the pre-period and one period
                grown = <grundy_t*>PyMem_Realloc(self.c_table, (start + period) * sizeof(grundy_t))
                if grown != NULL:
                    self.c_table = grown
                    t.table = grown
                t.table_size = start + period
        return 0

    cdef int _decide(self) except -1:
        """(C) for the piles the theory answers: all of them once the period is
        known, else those in the table (checked once each as it grows)."""
        if self.c_declared or not self.c_theory.tame:
            return 0
        if self.c_theory.period:
            self.c_theory.tame = self._decide_tame()
        else:
            self.c_theory.tame = self._tame_below(self.c_theory.table_size)
        return 0

    cdef int cover(self, uint64_t pile) except -1:
        """Make the theory answer a pile of ``pile`` (and every smaller one): grow the
        table of a `set S` rule whose period has not shown up to it.

        Raises OverflowError when that needs more than PERIOD_LIMIT values (the
        period sought in each of them); KeyboardInterrupt on Ctrl-C."""
        cdef Theory* t = &self.c_theory
        cdef uint64_t n
        if t.take != TAKE_SET or t.period != 0 or pile // t.scale < t.table_size:
            return 0
        n = pile // t.scale
        with nogil:                 # another thread may be growing it, the GIL released
            PyThread_acquire_lock(self.c_lock, WAIT_LOCK)
        try:
            while t.period == 0 and n >= t.table_size:
                if t.table_size >= self.c_limit:
                    raise OverflowError(f"no period in the first {self.c_limit:,} Grundy values, "
                                        f"and a pile of {pile:,} lies past them")
                self._grow(min(self.c_limit, max(2 * t.table_size, n + 1)), False)
            self._decide()
        finally:
            PyThread_release_lock(self.c_lock)
        return 0

    cdef uint64_t _max_cover(self, const uint64_t* piles, Py_ssize_t n) except? 0:
        cdef Py_ssize_t i
        cdef uint64_t top = 0
        if self.c_theory.take != TAKE_SET or self.c_theory.period != 0:
            return 0
        for i in range(n):
            if piles[i] > top:
                top = piles[i]
        self.cover(top)
        return top

    cdef int _tame_below(self, uint64_t end) except -1:
        """(C) for the movable piles below ``end`` (the table, no period yet): 1 or 0.
        Piles below c_tame_to were checked before."""
        cdef const Theory* t = &self.c_theory
        cdef uint64_t n
        cdef int i
        cdef bint ok
        for n in range(max(self.c_tame_to, t.set_desc[t.n_set - 1]), end):
            if n & (_TAME_CHECK - 1) == 0:
                PyErr_CheckSignals()
            if t.table[n] != 0:
                continue
            ok = False
            for i in range(t.n_set):
                if t.set_desc[i] <= n and t.table[n - t.set_desc[i]] == 1:
                    ok = True
                    break
            if not ok:
                return 0
        self.c_tame_to = max(self.c_tame_to, end)
        return 1

    cdef int _decide_tame(self) except -1:
        """1 when (C) holds, else 0. One window suffices: n < period_start + max(S) +
        period, since beyond it a pile's value and its options' values repeat with
        the period. Ctrl-C is checked every _TAME_CHECK sizes."""
        cdef const Theory* t = &self.c_theory
        cdef uint64_t n, end = t.period_start + t.set_desc[0] + t.period
        cdef int i
        cdef bint ok
        for n in range(t.set_desc[t.n_set - 1], end):     # piles that can move
            if n & (_TAME_CHECK - 1) == 0:
                PyErr_CheckSignals()
            if theory_reduced_grundy(t, n) != 0:
                continue
            ok = False
            for i in range(t.n_set):
                if t.set_desc[i] <= n and theory_reduced_grundy(t, n - t.set_desc[i]) == 1:
                    ok = True
                    break
            if not ok:
                return 0
        return 1

    # ------------------------------------------------------------ Python view

    @property
    def misere(self):
        """True for misère play."""
        return bool(self.c_theory.misere)

    @property
    def tame(self):
        """Whether condition (C) holds, i.e. the misère rule of theory.pxd is exact."""
        return bool(self.c_theory.tame)

    @property
    def exact(self):
        """Whether every position is answered exactly: normal play, or (C) holds."""
        return bool(not self.c_theory.misere or self.c_theory.tame)

    @property
    def scale(self):
        """`set S`: gcd(S), by which pile sizes are divided (1 for the other rules)."""
        return self.c_theory.scale

    @property
    def period_start(self):
        """`set S`: where the period of G (the Grundy sequence of S / gcd(S)) starts."""
        return self.c_theory.period_start

    @property
    def period(self):
        """`set S`: the period of G (0 for the other rules, and for a set whose
        period has not shown in the values computed so far: see ``covered``)."""
        return self.c_theory.period

    @property
    def covered(self):
        """The piles answered so far are 0 .. covered - 1 (None: every pile). A
        `set S` without its period yet grows its table when a larger pile is asked."""
        if self.c_theory.take != TAKE_SET or self.c_theory.period != 0:
            return None
        return self.c_theory.table_size * self.c_theory.scale

    def reduced_table(self):
        """`set S`: G(0 .. period_start + period - 1), the Grundy values of S / gcd(S)
        up to the end of the first period, as a read-only memoryview of unsigned
        shorts (a copy); empty for the other rules."""
        cdef uint64_t size = self.c_theory.table_size
        cdef bytes data
        if self.c_theory.period:            # a table grown past the period keeps its size
            size = min(size, self.c_theory.period_start + self.c_theory.period)
        data = PyBytes_FromStringAndSize(<const char*>self.c_theory.table, size * sizeof(grundy_t))
        return memoryview(data).cast("H")

    # Each method below answers in C and raises OverflowError when a pile (or a
    # Grundy value) does not fit: nim.solving.closed_forms answers those.

    def grundy(self, n):
        """Grundy value of a single pile of n (0 <= n < 2**64)."""
        if 0 <= n <= 0xFFFFFFFFFFFFFFFF:
            self.cover(n)
            return theory_grundy(&self.c_theory, n)
        raise OverflowError(f"a pile of {n} is past the compiled theory's 64 bits")

    def option(self, n, target):
        """The size a pile of n can be lowered to whose Grundy value is target (the
        one of the largest take), or None (0 <= n < 2**64)."""
        cdef uint64_t child
        if not 0 <= n <= 0xFFFFFFFFFFFFFFFF:
            raise OverflowError(f"a pile of {n} is past the compiled theory's 64 bits")
        if not 0 <= target <= 0xFFFFFFFFFFFFFFFF:
            return None
        self.cover(n)
        child = theory_option(&self.c_theory, n, theory_grundy(&self.c_theory, n), target)
        return None if child == UINT64_MAX else child

    def target(self, g, x, big, ones):
        """The Grundy value a pile of value g moves to in a won position of summary
        (x, big, ones): see ``summary`` (g and x below 2**64)."""
        if g < 0 or x < 0:
            raise ValueError("Grundy values are non-negative")
        if g <= 0xFFFFFFFFFFFFFFFF and x <= 0xFFFFFFFFFFFFFFFF:
            return theory_target(self.c_theory.misere, g, x, big, ones)
        raise OverflowError("a Grundy value past the compiled theory's 64 bits")

    def summary(self, piles):
        """(x, big, ones): XOR of the Grundy values, how many are >= 2, how many are 1."""
        cdef uint64_t x
        cdef Py_ssize_t big, ones, n
        cdef Workspace ws
        cdef uint64_t* buffer
        memset(&ws, 0, sizeof(Workspace))
        try:
            buffer = _to_buffer(piles, &ws, &n)
            self._max_cover(buffer, n)
            with nogil:
                theory_summary(&self.c_theory, buffer, n, &x, &big, &ones)
        finally:
            ws_free(&ws)
        return x, big, ones

    def grundies(self, piles):
        """The Grundy value of each pile, as a list."""
        cdef Workspace ws
        cdef uint64_t* buffer
        cdef Py_ssize_t i, n
        memset(&ws, 0, sizeof(Workspace))
        try:
            buffer = _to_buffer(piles, &ws, &n)
            self._max_cover(buffer, n)
            return [theory_grundy(&self.c_theory, buffer[i]) for i in range(n)]
        finally:
            ws_free(&ws)

    def value(self, piles):
        """+1 when the player to move wins, -1 when they lose (misère: exact when tame)."""
        x, big, _ = self.summary(piles)
        return self.outcome(x, big)

    def outcome(self, x, big):
        """+1 when the mover wins a position of Grundy summary (x, big) (see ``summary``),
        -1 when they lose (x below 2**64)."""
        if x <= 0xFFFFFFFFFFFFFFFF:
            return theory_outcome(self.c_theory.misere, x, big)
        raise OverflowError("a Grundy value past the compiled theory's 64 bits")

    def solve(self, piles):
        """(value, pile, take): as theory_move; pile -1 and take 0 when no move exists.

        ``piles`` is a sequence of non-negative ints (checked by the caller).
        """
        cdef Workspace ws
        cdef uint64_t* buffer
        cdef Py_ssize_t pile = -1, n
        cdef uint64_t take = 0
        cdef int value
        memset(&ws, 0, sizeof(Workspace))
        try:
            buffer = _to_buffer(piles, &ws, &n)
            self._max_cover(buffer, n)
            with nogil:
                value = theory_move(&self.c_theory, buffer, n, &pile, &take)
        finally:
            ws_free(&ws)
        return value, pile, take

    def table(self, Py_ssize_t upto):
        """Grundy values of single piles 0 .. upto, as a list (linear; Ctrl-C is checked).

        Raises
        ------
        KeyboardInterrupt
            On Ctrl-C.
        """
        cdef Py_ssize_t start, n
        cdef list values = []
        if upto >= 0:
            self.cover(upto)
        for start in range(0, upto + 1, _CHUNK):
            values.extend([theory_grundy(&self.c_theory, n)
                           for n in range(start, min(upto + 1, start + _CHUNK))])
            PyErr_CheckSignals()
        return values

    def single_piles(self, Py_ssize_t upto):
        """Lone piles 0 .. upto: (values, grundies, winning_takes), three lists.

        values[n] is +1 when the player to move wins a lone pile of n (exact when
        ``exact``), grundies[n] its Grundy value, winning_takes[n] the tuple of
        takes that leave a lost pile, smallest first. Linear in upto (times |S|
        for `set S`); Ctrl-C is checked between chunks.
        """
        cdef const Theory* t = &self.c_theory
        cdef Py_ssize_t start, n
        cdef uint64_t g, lost_value = 1 if t.misere else 0    # a lone pile is lost iff g == this
        cdef list values = [], grundies = [], takes = []
        # a row scans S (up to 10,000 members): fewer rows between checks for Ctrl-C
        cdef Py_ssize_t step = max(1, min(<Py_ssize_t>_CHUNK, _CHUNK_WORK // max(1, t.n_set)))
        if upto >= 0:
            self.cover(upto)
        for start in range(0, upto + 1, step):
            for n in range(start, min(upto + 1, start + step)):
                g = theory_grundy(t, n)
                grundies.append(g)
                values.append(-1 if g == lost_value else 1)
                takes.append(_takes_to(t, n, lost_value))
            PyErr_CheckSignals()
        return values, grundies, takes


def set_grundy_table(CoreRules rules, Py_ssize_t upto):
    """`set S`: the Grundy values of single piles 0 .. upto, as a list, by the mex DP
    (theory_fill over S / gcd(S)) without looking for the period -- what a set whose
    period lies past PERIOD_LIMIT falls back to (the tt engine fills its table so
    too). Linear in upto times |S|; Ctrl-C is checked between chunks.

    Raises
    ------
    ValueError
        For a rule set that is not `set S`.
    MemoryError
        When the table cannot be allocated.
    KeyboardInterrupt
        On Ctrl-C.
    """
    cdef Theory t
    cdef uint64_t size, start, end, chunk
    cdef Py_ssize_t n
    cdef int filled = 0
    cdef grundy_t* table
    if rules.c_rules.take != TAKE_SET:
        raise ValueError("set_grundy_table answers `set S` rules only: the others have closed forms")
    theory_init(&t, &rules.c_rules)
    size = <uint64_t>max(upto, 0) // t.scale + 1
    chunk = max(1, min(_CHUNK, _CHUNK_WORK // t.n_set))
    table = <grundy_t*>PyMem_Malloc(size * sizeof(grundy_t))
    if table == NULL:
        raise MemoryError(f"no memory for {size:,} Grundy values")
    try:
        start = 0
        while start < size:
            end = min(size, start + chunk)
            with nogil:
                filled = theory_fill(&t, table, start, end)
            if filled < 0:
                raise MemoryError(f"no memory for the mex of {t.n_set:,} options")
            start = end
            PyErr_CheckSignals()
        return [table[n // t.scale] for n in range(upto + 1)]
    finally:
        PyMem_Free(table)


cdef tuple _takes_to(const Theory* t, uint64_t n, uint64_t target):
    """The takes from a pile of n that leave a pile of Grundy value target, smallest first."""
    cdef list found = []
    cdef uint64_t m, low, cand, reduced
    cdef int i
    if t.take == TAKE_ANY:
        if target < n:
            found.append(n - target)
    elif t.take == TAKE_MAX:
        m = theory_option(t, n, theory_grundy(t, n), target)   # at most one in K consecutive sizes
        if m != UINT64_MAX:
            found.append(n - m)
    elif t.take == TAKE_HALF:
        # sizes of value target: (2 target + 1) 2**j - 1; the options are n - n//2 .. n - 1
        low = n - (n >> 1)
        cand = 2 * target + 1
        while cand - 1 < n:
            if cand - 1 >= low:
                found.append(n - (cand - 1))
            cand <<= 1
        found.reverse()
    elif t.take == TAKE_SET:
        reduced = n // t.scale
        for i in range(t.n_set - 1, -1, -1):              # smallest member first
            if t.set_desc[i] <= reduced and theory_reduced_grundy(t, reduced - t.set_desc[i]) == target:
                found.append(t.set_desc[i] * t.scale)
    else:
        raise ValueError(f"no compiled theory for take rule code {t.take}")
    return tuple(found)


cdef uint64_t* _to_buffer(piles, Workspace* ws, Py_ssize_t* count) except NULL:
    """Copy piles into the slot WS_PILES of ws (the caller frees ws) and set *count to
    their number; OverflowError when some pile is not an exact int below 2**63 (the
    solving layer's closed forms answer those)."""
    cdef object items = PySequence_Fast(piles, "piles must be a sequence")
    cdef Py_ssize_t i, n = PySequence_Fast_GET_SIZE(items)
    cdef PyObject** cells = PySequence_Fast_ITEMS(items)
    cdef long long p
    cdef uint64_t* buffer = <uint64_t*>ws_alloc(ws, WS_PILES, (n + 1) * sizeof(uint64_t))
    if buffer == NULL:
        raise MemoryError(f"no memory for {n:,} piles")
    for i in range(n):
        p = exact_pile(<object>cells[i])
        if p < 0:
            raise OverflowError(f"pile {i} is past the compiled theory's 64 bits")
        buffer[i] = <uint64_t>p
    count[0] = n
    return buffer


# the take rules this module's switches dispatch on, in TakeRule order (see nimcore.rules)
check_dispatch((TAKE_ANY, TAKE_MAX, TAKE_HALF, TAKE_SET), "theory")
