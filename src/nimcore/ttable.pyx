"""The transposition table of the `tt` engine (declarations and layout: ttable.pxd)."""

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from cpython.pythread cimport (
    PY_LOCK_ACQUIRED, PyThread_allocate_lock, PyThread_free_lock, PyThread_release_lock,
)

from nimcore._types cimport count_t, pile_t
from nimcore.search cimport STOP_NONE, SearchState, search_checkpoint

cdef extern from "<sys/mman.h>" nogil:
    void* mmap(void* addr, size_t length, int prot, int flags, int fd, long offset)
    int munmap(void* addr, size_t length)
    void* MAP_FAILED
    int PROT_READ, PROT_WRITE, MAP_PRIVATE, MAP_ANONYMOUS, MAP_NORESERVE

cdef enum:
    _HUGE = 1 << 21          # the table is aligned to 2 MB (a huge page, should the kernel use one)
    _FIRST_BUCKETS = 1 << 6  # 4 KB (one page) in use at first: a small search touches one page
    _SMALL = 1 << 18         # tables smaller than this come from the heap

cdef extern from "pythread.h":
    int PyThread_acquire_lock_timed(PyThread_type_lock lock, long long microseconds,
                                    int intr_flag) nogil
    unsigned long PyThread_get_thread_ident() nogil

#: How long a search waits for a busy table between two checkpoints (Ctrl-C, cancel, time).
cdef long long _LOCK_WAIT_US = 20000

#: Bytes of one entry and of one bucket (two entries: one cache line).
ENTRY_BYTES = sizeof(TTEntry)
BUCKET_BYTES = sizeof(TTBucket)

# The layout the table is designed around, checked rather than hoped for (as
# Stockfish's static_assert on its cluster): a probe reads one 64-byte cache
# line, and the replacement scheme assumes exactly two slots. The C compiler
# folds the condition to a constant; a platform that pads the structs
# differently refuses to import instead of running slower than designed.
if sizeof(TTEntry) != 32 or sizeof(TTBucket) != 64 or sizeof(TTBucket) != 2 * sizeof(TTEntry):
    raise ImportError(f"nimcore.ttable: a table entry must take 32 bytes and a bucket 64, "
                      f"not {sizeof(TTEntry)} and {sizeof(TTBucket)}")
#: Largest table accepted, in MB (1 TiB: a guard against typos, not a policy).
MAX_MB = 1 << 20


cdef void ttable_double(TTCore* t) noexcept nogil:
    """Use twice as many buckets: entries of bucket b stay or move to b + old count.

    The new half is untouched mapped memory, so it reads as zeros (empty).
    """
    cdef size_t b, old = t.nbuckets
    cdef int i
    cdef TTEntry* e
    t.nbuckets = old * 2
    t.mask = t.nbuckets - 1
    t.evicted += t.evictions
    t.evictions = 0
    for b in range(old):
        for i in range(2):
            e = &t.buckets[b].slot[i]
            if (e.key_lo != 0 or e.key_hi != 0) and (ttable_index(e.key_lo, e.key_hi) & t.mask) != b:
                t.buckets[b + old].slot[i] = e[0]
                memset(e, 0, sizeof(TTEntry))


cdef class TranspositionTable:
    """A fixed-size table of solved positions, at most ``mb`` megabytes.

    Parameters
    ----------
    mb : int
        Upper bound on the table's size in MiB (1 .. MAX_MB). The table uses
        the largest power-of-two number of 64-byte buckets that fits.
    positions : int, optional
        An upper bound on the positions the search can meet; when given, the
        table is no larger than needed for them (small searches then cost no
        page faults). 0: no bound.

    A table serves one thread at a time: ``nimcore.tt.search`` holds its lock
    while it runs, and a search from another thread waits for it. The lock is
    re-entrant, so a caller may hold it across several searches (``try_hold``,
    ``release``).

    Raises
    ------
    ValueError
        When ``mb`` is out of range.
    MemoryError
        When the memory cannot be allocated.
    """

    def __cinit__(self, mb, positions=0):
        cdef size_t nbuckets = 1, first
        cdef char* raw
        self.c_lock = PyThread_allocate_lock()
        if self.c_lock == NULL:
            raise MemoryError("no memory for a lock")
        if not isinstance(mb, int) or isinstance(mb, bool) or not 1 <= mb <= MAX_MB:
            raise ValueError(f"the table size must be a whole number of MB from 1 to {MAX_MB}: {mb!r}")
        limit = mb * (1 << 20) // sizeof(TTBucket)
        while nbuckets * 2 <= limit:
            nbuckets *= 2
        if positions and positions > 0:
            # two slots per bucket, kept at most half full
            while nbuckets > 1 and nbuckets // 2 >= positions:
                nbuckets //= 2
        self.c_bytes = nbuckets * sizeof(TTBucket)
        if self.c_bytes < _SMALL:
            # a small table: zeroed heap memory, whose pages are usually mapped already
            # (a fresh mapping costs a page fault per page: most of a small search)
            self.c_raw_bytes = 0
            self.c_raw = calloc(self.c_bytes + 64, 1)
            if self.c_raw == NULL:
                raise MemoryError(f"no memory for a transposition table of {mb} MB")
            raw = <char*>(((<size_t>self.c_raw) + 63) & ~(<size_t>63))
        else:
            # reserve address space only: the kernel maps (zeroed) pages when touched
            self.c_raw_bytes = self.c_bytes + _HUGE
            self.c_raw = mmap(NULL, self.c_raw_bytes, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
            if self.c_raw == MAP_FAILED:
                self.c_raw = NULL
                raise MemoryError(f"no memory for a transposition table of {mb} MB")
            raw = <char*>(((<size_t>self.c_raw) + _HUGE - 1) & ~(<size_t>_HUGE - 1))
        self.c_core.buckets = <TTBucket*>raw
        self.c_core.max_nbuckets = nbuckets
        self.c_core.grow_nbuckets = nbuckets
        first = _FIRST_BUCKETS if nbuckets > _FIRST_BUCKETS else nbuckets
        self.c_first_buckets = first
        self.c_core.nbuckets = first
        self.c_core.mask = first - 1
        self.c_core.owner_mode = -1

    def __dealloc__(self):
        # the one place the table's memory is freed
        if self.c_lock != NULL:
            PyThread_free_lock(self.c_lock)
        if self.c_raw == NULL:
            return
        if self.c_raw_bytes:
            munmap(self.c_raw, self.c_raw_bytes)
        else:
            free(self.c_raw)

    cdef void clear(self) noexcept nogil:
        memset(self.c_core.buckets, 0, self.c_core.nbuckets * sizeof(TTBucket))
        self.c_core.nbuckets = self.c_first_buckets
        self.c_core.mask = self.c_first_buckets - 1
        self.c_core.used = 0
        self.c_core.stores = 0
        self.c_core.probes = 0
        self.c_core.hits = 0
        self.c_core.unpackable = 0
        self.c_core.evictions = 0
        self.c_core.evicted = 0
        self.c_core.keys = KEYS_NONE

    cdef bint _take(self, long long wait_us) noexcept nogil:
        """Hold the lock (again, on the holding thread) waiting at most wait_us
        (-1: for ever); False when it is busy."""
        cdef unsigned long me = PyThread_get_thread_ident()
        if self.c_holds > 0 and self.c_holder == me:
            self.c_holds += 1             # only this thread writes c_holder to its ident
            return True
        if PyThread_acquire_lock_timed(self.c_lock, wait_us, 0) != PY_LOCK_ACQUIRED:
            return False
        self.c_holder = me
        self.c_holds = 1
        return True

    cdef bint hold_for(self, SearchState* s) noexcept nogil:
        """Wait until no other thread uses the table, then hold it for search s.

        Returns False, with s.stop set, when s must stop while it waits
        (Ctrl-C, its cancellation handle, its time limit).
        """
        while not self._take(_LOCK_WAIT_US):
            if search_checkpoint(s) != STOP_NONE:
                return False
        return True

    cdef void release_hold(self) noexcept nogil:
        self.c_holds -= 1
        if self.c_holds == 0:
            self.c_holder = 0
            PyThread_release_lock(self.c_lock)

    def try_hold(self):
        """Hold the table for this thread if no other thread does; True when held.

        Every search the thread runs on the table meanwhile uses it without
        waiting; ``release`` ends the hold.
        """
        cdef bint held
        with nogil:
            held = self._take(0)
        return held

    def release(self):
        """End a hold of ``try_hold`` (from the thread that holds the table)."""
        if self.c_holds <= 0 or self.c_holder != PyThread_get_thread_ident():
            raise RuntimeError("release() of a table this thread does not hold")
        self.release_hold()

    def reset(self):
        """Empty the table and zero its counters (waiting for a search using it to finish)."""
        with nogil:
            self._take(-1)
            self.clear()
            self.c_core.owner_mode = -1
            self.release_hold()

    @property
    def nbytes(self):
        """Bytes of the whole entry array (at most the MB asked for)."""
        return self.c_bytes

    @property
    def bytes_in_use(self):
        """Bytes of the buckets in use now (the table doubles up to nbytes)."""
        return self.c_core.nbuckets * sizeof(TTBucket)

    @property
    def capacity(self):
        """Entries the whole table can hold."""
        return 2 * self.c_core.max_nbuckets

    @property
    def entries(self):
        """Entries stored now."""
        return self.c_core.used

    @property
    def fill(self):
        """entries / capacity of the whole table, 0.0 .. 1.0."""
        return self.c_core.used / (2.0 * self.c_core.max_nbuckets)

    @property
    def stores(self):
        return self.c_core.stores

    @property
    def probes(self):
        return self.c_core.probes

    @property
    def hits(self):
        return self.c_core.hits

    @property
    def unpackable(self):
        """Positions met that were too long to pack into a 128-bit key (never stored)."""
        return self.c_core.unpackable

    @property
    def evicted(self):
        """Entries pushed out by others so far."""
        return self.c_core.evicted + self.c_core.evictions

    def stats(self):
        """A dict of the counters above."""
        return {
            "bytes": self.nbytes, "bytes_in_use": self.bytes_in_use, "capacity": self.capacity, "entries": self.entries,
            "stores": self.stores, "probes": self.probes, "hits": self.hits,
            "unpackable": self.unpackable, "evicted": self.evicted,
        }


def pack_key(piles, pile_t base=1, bint gamma=True):
    """The 128-bit key of sorted piles (each >= base) as an int, or None if too long.

    For tests: equal keys must mean equal positions. ``gamma=False``: the byte
    code (at most 16 piles of 1..255).
    """
    cdef TTKey key
    cdef pile_t buf[64]
    cdef int i, n = len(piles)
    if n > 64:
        raise ValueError("at most 64 piles")
    for i in range(n):
        buf[i] = piles[i]
    if gamma:
        ttable_pack_gamma(buf, n, base, &key)
    elif n > 16 or any(not 1 <= p <= 255 for p in piles):
        raise ValueError("the byte code takes at most 16 piles of 1..255")
    else:
        ttable_pack_bytes(buf, n, &key)
    if not key.ok:
        return None
    return (<object>key.hi << 64) | key.lo
