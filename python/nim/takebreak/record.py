"""Record runs: nim-sequences far past memory, checkpointed and resumable (issue 39).

``record_sequence(rules, upto)`` computes G(0 .. upto - 1) of a take-and-break
game that splits heaps with the compiled record engine (``nimcore.records``):
memory O(head + window + rare heaps), not O(heaps). What it keeps, in its
folder (``nim.takebreak.cache.record_folder``, or ``folder=``):

- the frequency table of the values of heaps 1 .. 2**k at every power of two
  (the form in which the records are published), the rare heaps and the
  largest value: in the result and in every checkpoint;
- a checkpoint (the engine's whole state, SHA-256 checked) every
  ``checkpoint_every`` seconds, at a stop (a limit, ``cancel``, Ctrl-C) and at
  the end: the next call with the same game resumes from it, also after a
  crash (then from the last checkpoint written);
- with ``keep=True`` only, the values themselves, in checksummed block files of
  ``block`` heaps (``nim.takebreak.cache.write_block``).

For example ``record_sequence("grundy-game", 2**30, keep=False)`` keeps about 16 MiB
whatever the number of heaps, and ``nimcore octal grundy-game --record --upto 1073741824``
is the same run from the command line.
"""

from __future__ import annotations

import os
import sys
import time
from array import array
from collections import deque
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from nim.errors import InvalidPositionError, InvalidRulesError, NimError
from nim.position import as_size
from nim.rules import Rules, RulesLike

__all__ = ["MAX_RECORD_HEAPS", "RecordRun", "record_sequence"]

#: The most heaps a record run computes (heap sizes are 64-bit in the engine; 2**48 is far past
#: anything a machine reaches).
MAX_RECORD_HEAPS = 1 << 48
#: The defaults: values kept for good, values kept behind the frontier, heaps a kept block. The
#: mask is chosen from the first 2**20 values (``RecordSequence.freeze_at``); the head past them
#: holds the scan's parts up to 2**24 (32 MiB): Grundy's game to 2**30 then has 230 heaps proven
#: from the kept values (read back from disk), not 915.
DEFAULT_HEAD = 1 << 24
DEFAULT_WINDOW = 1 << 22
DEFAULT_BLOCK = 1 << 22
#: A rare heap is paired in the window while it is at most the window less this.
_REACH = 1 << 10
#: Pairings between two returns from the engine (checks for limits and progress; a fraction of
#: a second). Large enough that the engine's two threads run many blocks a call: each call
#: prepares its first block on one thread.
_BUDGET = 1 << 28

RecordProgress = Union[None, bool, Callable[[Dict[str, Any]], None]]


class RecordRun:
    """What a record run reached.

    Attributes
    ----------
    game : str
        ``'grundy-game'`` or the octal code.
    heaps : int
        Heaps computed: 0 .. heaps - 1.
    tables : dict
        ``{2**k: {value: count}}``: the values of heaps 1 .. 2**k, for every 2**k < heaps
        (Rogalski's and Flammenkamp's form), and ``{heaps - 1: ...}`` for the run's end.
    rare : list of (heap, value)
        The rare heaps under ``mask`` (popcount(value & mask) even), ascending.
    mask : int
        The mask of the rare-values method (chosen while every value was held, then kept).
    largest, largest_at : int
        The largest value and the first heap with it.
    seconds : float
        Time this call spent computing; ``rate`` heaps a second of it.
    resumed_from : int
        Heaps read back from a checkpoint (0: started afresh).
    stopped : str or None
        ``"time"``, ``"cancelled"`` or ``"nodes"`` when the run stopped before ``upto``.
    memory : int
        Bytes the engine held.
    folder : Path or None
        Where its checkpoint (and kept blocks) are.
    kept : int
        Block files written by this call.
    """

    def __init__(self, game: str, heaps: int, tables: Dict[int, Dict[int, int]], rare: List[Tuple[int, int]],
                 mask: int, largest: Tuple[int, int], seconds: float, computed: int, resumed_from: int,
                 memory: int, folder: Optional[Path]) -> None:
        self.game = game
        self.heaps = heaps
        self.tables = tables
        self.rare = rare
        self.mask = mask
        self.largest, self.largest_at = largest
        self.seconds = seconds
        self.rate = computed / seconds if seconds > 0 else 0.0
        self.resumed_from = resumed_from
        self.stopped: Optional[str] = None
        self.memory = memory
        self.folder = folder
        self.kept = 0

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict (tables keyed by their heap counts as strings)."""
        return {"game": self.game, "heaps": self.heaps, "mask": self.mask, "largest": self.largest,
                "largest_at": self.largest_at, "rare_count": len(self.rare),
                "rare_last": self.rare[-1][0] if self.rare else None,
                "rare": [list(pair) for pair in self.rare],
                "tables": {str(k): {str(v): c for v, c in sorted(t.items())} for k, t in sorted(self.tables.items())},
                "seconds": round(self.seconds, 3), "heaps_per_second": round(self.rate),
                "resumed_from": self.resumed_from, "stopped": self.stopped, "memory_bytes": self.memory,
                "folder": None if self.folder is None else str(self.folder), "kept_blocks": self.kept}

    def __repr__(self) -> str:
        stop = f", stopped by {self.stopped}" if self.stopped else ""
        return f"<RecordRun {self.game}: {self.heaps:,} heaps, {len(self.rare):,} rare{stop}>"


def _two_bytes(values: "array[int]") -> "array[int]":
    """``values`` as an array of two bytes a value, converted in C (a block of one byte a heap
    widened value by value took half a second, and a heap proven from disk reads a hundred)."""
    if values.typecode == "H":
        return values
    wide = bytearray(2 * len(values))
    wide[0 if sys.byteorder == "little" else 1::2] = values.tobytes()
    out: "array[int]" = array("H")
    out.frombytes(bytes(wide))
    return out


class _BlockWriter:
    """Writes the kept blocks, and the checkpoints between them, on a thread of their own, in
    the order handed over, while the engine computes on (a block's bytes split, hashed and
    synced to disk: some tens of milliseconds a block of 4,194,304 heaps; a checkpoint of a run
    at 2**30, its window 95 million heaps, about 1.3 s, during which the engine's two threads
    had waited). A checkpoint is written only once every block handed over before it is on
    disk. A write's error is raised by the next ``write``, ``checkpoint`` or ``wait``."""

    _BLOCKS_IN_FLIGHT = 2              # (8 MiB each at most)

    def __init__(self, folder: Path, game: str) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._folder = folder
        self._game = game
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nimcore-keep")
        self._pending: "List[Tuple[Optional[int], Any]]" = []   # (a block's first heap or None, its future)

    def _reap(self) -> None:
        """Forget the writes done, raising the first one's error."""
        while self._pending and self._pending[0][1].done():
            _, done = self._pending.pop(0)
            done.result()

    def write(self, first: int, values: "array[int]") -> None:
        from nim.takebreak import cache

        self._reap()
        while sum(1 for at, _ in self._pending if at is not None) >= self._BLOCKS_IN_FLIGHT:
            self._pending.pop(0)[1].result()
        self._pending.append((first, self._pool.submit(cache.write_block, self._folder, self._game, first,
                                                       values)))

    def checkpoint(self, write: Callable[[], None]) -> None:
        """Call ``write`` on the writer's thread once the blocks handed over are on disk (one
        checkpoint in flight at most: the one before is waited for)."""
        self._reap()
        while any(at is None for at, _ in self._pending):
            self._pending.pop(0)[1].result()
        earlier = [future for _, future in self._pending]

        def after_the_blocks() -> None:
            for future in earlier:                      # (done: one thread, in order)
                future.result()                         # a block not written: no checkpoint
            write()

        self._pending.append((None, self._pool.submit(after_the_blocks)))

    def wait(self, first: Optional[int] = None) -> None:
        """Until every write handed over (or only the block that starts at ``first``, and
        those before it) is on disk."""
        if first is not None and all(at != first for at, _ in self._pending):
            return
        while self._pending:
            at, future = self._pending.pop(0)
            future.result()
            if first is not None and at == first:
                return

    def close(self) -> None:
        try:
            self.wait()
        finally:
            self._pool.shutdown()


class _Kept:
    """G(x .. y - 1) of a run that keeps its values: from its block files (each checked, the
    last few held) and, past the last whole block, from the engine's window."""

    def __init__(self, folder: Path, game: str, block: int, engine: Any,
                 writer: Optional[_BlockWriter] = None) -> None:
        self._folder = folder
        self._game = game
        self._block = block
        self._engine = engine
        self._writer = writer
        self._held: Dict[int, "array[int]"] = {}

    def _read(self, first: int) -> "array[int]":
        from nim.takebreak import cache

        if self._writer is not None:
            self._writer.wait(first)                    # (a block still being written)
        if first in self._held:
            self._held[first] = self._held.pop(first)               # the most recent, last
        else:
            found = cache.read_block(cache.block_path(self._folder, first), self._game)
            if found is None or found[0] != first or len(found[1]) != self._block:
                raise NimError(f"{self._game}: the kept block at heap {first:,} is missing or fails its "
                               f"checks in {self._folder}: a heap past the window needs it")
            if len(self._held) * self._block >= 1 << 26:          # 128 MiB of blocks held
                self._held.pop(next(iter(self._held)))
            self._held[first] = _two_bytes(found[1])
        return self._held[first]

    def view(self, x: int, y: int) -> "Union[bytes, memoryview]":
        """``values``, as a view into the block held when one block before the window holds
        them all (no copy: a proof from the kept values reads some ten million pairs)."""
        first = x - x % self._block
        if x < y <= min(first + self._block, self._engine.window_start):
            return memoryview(self._read(first)).cast("B")[2 * (x - first):2 * (y - first)]
        return self.values(x, y)

    def values(self, x: int, y: int) -> bytes:
        """Two bytes a heap, host order (as the engine takes them)."""
        parts: List[bytes] = []
        start = self._engine.window_start
        while x < y:
            if x >= start:
                parts.append(self._engine.values(x, y))
                break
            first = x - x % self._block
            upto = min(y, first + self._block, start)
            parts.append(self._read(first)[x - first:upto - first].tobytes())
            x = upto
        return b"".join(parts)


def _resolve_deep(engine: Any, kept: _Kept, splits: Tuple[int, ...], grundy_game: bool) -> int:
    """Prove the heap a DEEP stop left from the kept values: the splits of every m = n - k,
    read back a million pairs at a time from the first the engine did not mark up, until every value below the heap's
    common bound is marked (a stop of the scan: the rest cannot lower the mex) or every split
    is. Returns the engine's status."""
    n = len(engine)
    chunk = 1 << 20
    early = engine.deep_scan
    for k in splits:
        m = n - k
        if m < 2:
            continue
        half = (m - 1) // 2 if grundy_game else m // 2
        a = engine.deep_from(m)                        # (the engine's scan marked those before)
        while a <= half:
            count = min(chunk, half - a + 1)
            engine.deep_mark(m, kept.view(a, a + count), kept.view(m - a - count + 1, m - a + 1))
            a += count
            if early and not engine.deep_missing():
                status: int = engine.deep_finish()
                return status
    status = engine.deep_finish()
    return status


def default_threads() -> int:
    """Threads a record run uses by default: ``NIMCORE_RECORD_THREADS`` (1 or 2) when set, else
    2 when this process may run on two cores or more. On a machine whose cores are all busy one
    thread computes more heaps for the same CPU (two spend about a third more in all).

    Raises NimError for another value of ``NIMCORE_RECORD_THREADS``."""
    given = os.environ.get("NIMCORE_RECORD_THREADS")
    if given is not None:
        if given.strip() not in ("1", "2"):
            raise NimError(f"NIMCORE_RECORD_THREADS must be 1 or 2, not {given!r}")
        return int(given)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:                      # not on Linux
        cores = os.cpu_count() or 1
    return 2 if cores > 1 else 1


def _engine(rules: Rules, head: int, window: int, threads: int = 1) -> Tuple[str, Any]:
    from nim.kernel import records
    from nim.takebreak.sequence import game_places

    name, takes_all, leaves, splits, grundy_game = game_places(rules)
    if not splits:
        raise InvalidRulesError(f"{name} splits no heap: its values need no record engine "
                                "(nim_sequence computes them; its period is short)")
    return name, records().RecordSequence(takes_all, leaves, splits, grundy_game, head, window, threads)


_SCALARS = ("n", "head", "window", "base", "mask", "frozen", "largest", "largest_at", "next_review",
            "review_rare", "pairings", "scanned", "deepest", "deeps")
_SECTIONS = ("head_values", "window_values", "rare", "rare_values", "hist")


def checkpoint_state(meta: Dict[str, Any], sections: Dict[str, bytes]) -> Dict[str, Any]:
    """The engine state (``RecordSequence.restore``) that a checkpoint's header and sections
    (``cache.read_checkpoint``) hold."""
    return dict({key: meta[key] for key in _SCALARS}, **sections)


#: The progress rate is over this many seconds of the run (a stop, a pause or a busier
#: machine earlier in a run of days would otherwise weigh on its ETA for ever).
_RATE_SECONDS = 120.0


class _Progress:
    """Progress lines on stderr (heaps, heaps/s over the last two minutes, ETA, the last rare
    heap), or a callable's dict."""

    def __init__(self, progress: RecordProgress, name: str, upto: int, every: float) -> None:
        if progress is None:
            progress = sys.stderr.isatty()
        self._call = progress if callable(progress) else None
        self._print = progress is True
        self._name = name
        self._upto = upto
        self._every = every
        self._last = time.monotonic()
        self._seen: "deque[Tuple[float, int]]" = deque()      # (time, heaps), oldest first

    def start(self, heaps: int) -> None:
        self._seen.clear()
        self._seen.append((time.monotonic(), heaps))

    def __call__(self, engine: Any, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < self._every:
            return
        self._last = now
        heaps = len(engine)
        # the rate since the newest sample at least _RATE_SECONDS old (the start while younger)
        while len(self._seen) > 1 and now - self._seen[1][0] >= _RATE_SECONDS:
            self._seen.popleft()
        since, from_heaps = self._seen[0] if self._seen else (now, heaps)
        self._seen.append((now, heaps))
        spent = now - since
        rate = (heaps - from_heaps) / spent if spent > 0 else 0.0
        eta = (self._upto - heaps) / rate if rate > 0 else None
        rare = engine.rare_heaps()
        info = {"heaps": heaps, "upto": self._upto, "heaps_per_second": rate, "eta_seconds": eta,
                "rare_count": len(rare), "rare_last": rare[-1][0] if rare else None,
                "largest": engine.largest[0]}
        if self._call is not None:
            self._call(info)
        elif self._print:
            shown = "-" if eta is None else time.strftime("%H:%M:%S", time.gmtime(min(eta, 86400 * 365 - 1)))
            days = "" if eta is None or eta < 86400 else f"{int(eta // 86400)}d "
            last = f"{rare[-1][0]:,}" if rare else "-"
            sys.stderr.write(f"{self._name}: {heaps:,} of {self._upto:,} heaps, {rate:,.0f} heaps/s, "
                             f"ETA {days}{shown}, last rare heap {last} ({len(rare):,} rare), "
                             f"largest value {engine.largest[0]}\n")
            sys.stderr.flush()


def record_sequence(rules: RulesLike, upto: int, *, folder: Union[None, str, Path] = None,
                    checkpoint: bool = True, keep: bool = False, fresh: bool = False,
                    head: int = DEFAULT_HEAD, window: int = DEFAULT_WINDOW, block: int = DEFAULT_BLOCK,
                    checkpoint_every: float = 60.0, progress: RecordProgress = None,
                    progress_every: float = 10.0, cancel: Optional[Any] = None,
                    time_limit: Optional[float] = None, node_limit: Optional[int] = None,
                    threads: Optional[int] = None) -> RecordRun:
    """Compute G(0 .. upto - 1) of a game that splits heaps with O(window) memory, resumably.

    Parameters
    ----------
    rules : Rules or str
        An octal game that splits heaps (``"octal=0.167"``, ``"kayles"``) or ``"grundy-game"``.
    upto : int
        How many heaps: 0 .. upto - 1 (at most MAX_RECORD_HEAPS).
    folder : str or Path, optional
        Where the checkpoint and kept blocks live (default ``record_folder(game)`` in the cache).
    checkpoint : bool
        False: no files at all (nothing to resume from; for short runs and tests).
    keep : bool
        Also write the values, in checksummed block files of ``block`` heaps (``block <= window``).
    fresh : bool
        Ignore (and replace) a checkpoint in the folder rather than resume from it.
    head, window : int
        Values kept for good (the small parts of splits, scanned in the engine up to the head's
        end; the mask is chosen from the first min(head, 2**20)) and behind the frontier. A
        resumed run takes its checkpoint's.
    checkpoint_every : float
        Seconds between two checkpoints.
    progress : bool, callable or None
        Lines on stderr every ``progress_every`` seconds (None: when stderr is a terminal), or
        a callable given a dict (heaps, upto, heaps_per_second, eta_seconds, rare_count,
        rare_last, largest). The rate, and the ETA from it, are over the last two minutes.
    cancel, time_limit, node_limit
        Stop when ``cancel.is_set()``, after ``time_limit`` seconds, or after ``node_limit`` heaps
        computed by this call: the result's ``stopped`` names the reason, a checkpoint is written.
    threads : int, optional
        1 or 2 (None: ``NIMCORE_RECORD_THREADS`` when set, else 2 when the process may use two
        cores). With 2, once the mask is kept, a second thread works ahead: where the CPU has
        AVX-512 and values pass 63 (Grundy's game, the open octal games), it pairs the far rare
        heaps and some learned parts of the next 64 heaps in vector lanes while the first
        thread finishes the 64 in hand (at 2**31, 0.19 against 0.35 µs a heap of wall time);
        without AVX-512 it prepares each block's pairings far behind the frontier
        (``RecordSequence.min_far``). The values are the same, bit for bit.

    Notes
    -----
    While every value is below 64 (0.167, most octal games) the heaps past the head are taken
    16 at a time, their far pairings set in vector lanes, where the CPU has AVX-512 or AVX2
    (``NIMCORE_RECORD_VECTORS=avx2`` or ``=plain``, read once a process, asks for less: for
    tests and measurements); else one at a time. The values are the same whichever is used.

    Returns
    -------
    RecordRun

    Raises
    ------
    InvalidRulesError
        For rules that split no heap (or are not a finite heap game).
    InvalidPositionError
        For a bad ``upto``, ``head``, ``window`` or ``block``.
    NimError
        When a value passes 65,535, when a heap needs values the head and the window do not hold
        (the message says which; a run with a larger head or window proves it), or when the
        folder cannot be written.
    KeyboardInterrupt
        On Ctrl-C, after a checkpoint is written.
    """
    from nim.kernel import records
    from nim.takebreak import cache

    size = as_size(upto, "the number of heaps")
    if not 1 <= size <= MAX_RECORD_HEAPS:
        raise InvalidPositionError(f"a record run computes 1 .. {MAX_RECORD_HEAPS:,} heaps, not {size:,}")
    for label, amount, low in (("head", head, 1024), ("window", window, 1024), ("block", block, 1)):
        if as_size(amount, label) < low or amount > 1 << 40:
            raise InvalidPositionError(f"{label} must be in {low:,} .. {1 << 40:,} heaps, not {amount:,}")
    if keep and not checkpoint:
        raise NimError("keep=True writes block files: it needs the folder (checkpoint=True)")
    if threads is None:
        threads = default_threads()
    elif isinstance(threads, bool) or not isinstance(threads, int) or threads not in (1, 2):
        raise InvalidPositionError(f"threads must be 1 or 2, not {threads!r}")
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise NimError(f"cancel must have an is_set() method (e.g. threading.Event), not {cancel!r}")
    ruleset = Rules.coerce(rules)
    name, engine = _engine(ruleset, head, window, threads)
    place = None if not checkpoint else Path(folder) if folder is not None else cache.record_folder(name)
    tables: Dict[int, Dict[int, int]] = {}
    resumed = 0
    stored = None
    if place is not None and not fresh:
        stored = cache.read_checkpoint(place, name)
        if stored is not None:
            meta, sections = stored
            if (meta["head"], meta["window"]) != (head, window):
                name, engine = _engine(ruleset, meta["head"], meta["window"], threads)
            engine.restore(checkpoint_state(meta, sections))
            tables = {int(k): {int(v): c for v, c in t.items()} for k, t in meta["tables"].items()}
            resumed = len(engine)
    if keep and block > engine.window:
        raise InvalidPositionError(f"block must be at most the window ({engine.window:,} heaps), not {block:,}")
    if resumed and place is not None:
        stored_block = stored[0].get("block") if stored is not None else None
        if keep and stored_block not in (None, block):
            block = int(stored_block)            # the kept blocks' size is the first run's
    from nim.takebreak.sequence import game_places

    _, _, _, splits, grundy_game = game_places(ruleset)
    writer = _BlockWriter(place, name) if keep and place is not None else None
    kept_values = _Kept(place, name, block, engine, writer) if keep and place is not None else None

    def save(aside: bool = False) -> None:
        """A checkpoint of the engine as it is now: written here, or (``aside``, the run going
        on) by the blocks' writer, after the blocks handed over; it never passes a block not
        on disk."""
        if place is None:
            return
        state = engine.export()
        header = {key: state[key] for key in _SCALARS}
        header["game"] = name
        header["tables"] = {str(k): {str(v): c for v, c in t.items()} for k, t in tables.items()}
        header["keep"] = keep
        header["block"] = block
        sections = {key: state[key] for key in _SECTIONS}

        def write() -> None:
            assert place is not None
            try:
                cache.write_checkpoint(place, header, sections)
            except OSError as error:
                raise NimError(f"{name}: cannot write the checkpoint in {place}: "
                               f"{error.strerror or error}") from None

        if aside and writer is not None:
            writer.checkpoint(write)
            return
        if writer is not None:
            writer.wait()
        write()

    def keep_full_block() -> int:
        """Write the block that ends at the frontier, if one does: 1 if written."""
        n = len(engine)
        if place is None or not keep or n % block or n <= resumed:
            return 0
        values: "array[int]" = array("H")
        values.frombytes(engine.values(n - block, n))
        assert writer is not None
        writer.write(n - block, values)
        return 1

    shown = _Progress(progress, name, size, progress_every)
    shown.start(len(engine))
    started = time.monotonic()
    deadline = None if time_limit is None else started + float(time_limit)
    reach = size if not node_limit else min(size, len(engine) + int(node_limit))
    last_saved = time.monotonic()
    stopped: Optional[str] = None
    kept = 0
    try:
        while len(engine) < reach:
            n = len(engine)
            # stop at the next n = 2**k + 1 (heaps 1 .. 2**k computed: that table is taken)
            end = min(reach, (1 << (n - 1).bit_length()) + 1) if n else 1
            if keep:
                end = min(end, (n // block + 1) * block)
            status = engine.run(end, _BUDGET)
            if status == records().DEEP and kept_values is not None:
                status = _resolve_deep(engine, kept_values, splits, grundy_game)
            if status == records().DEEP:
                save()
                raise NimError(
                    f"{name}: heap {engine.deep_heap:,} needs values neither the head ({engine.head:,} heaps) "
                    f"nor the window ({engine.window:,}) holds: a run that keeps its values (--keep, from "
                    "the start) reads them back, or a larger --head or --window holds them; no value was "
                    "guessed")
            if status == records().OVERFLOW:
                save()
                raise NimError(f"{name}: the Grundy value of heap {len(engine):,} is past 65,535")
            if status == records().NOMEM:
                raise NimError(f"{name}: no memory for the rare heaps at heap {len(engine):,}")
            if kept_values is not None and engine.rare_last + _REACH > engine.window:
                # a rare heap past the window's reach: pairing it needs its rests, which a
                # larger window holds (the values it had let go are read back)
                wider = -(-(2 * engine.rare_last + _REACH) // (1 << 20)) * (1 << 20)
                start = max(0, len(engine) - wider)
                held = engine.window_start
                engine.grow_window(wider, kept_values.values(start, held) if start < held else b"")
            n = len(engine)
            if n >= 2 and (n - 1) & (n - 2) == 0:               # heaps 1 .. 2**k are in the histogram
                tables[n - 1] = engine.histogram()
            kept += keep_full_block()
            shown(engine)
            if cancel is not None and cancel.is_set():
                stopped = "cancelled"
            elif deadline is not None and time.monotonic() >= deadline:
                stopped = "time"
            if stopped is not None:
                break
            if place is not None and time.monotonic() - last_saved >= checkpoint_every:
                save(aside=True)
                last_saved = time.monotonic()
    except KeyboardInterrupt:
        # Ctrl-C is raised as ``run`` returns, maybe at a block's end, before the block is
        # written: the checkpoint must not pass a block that is not kept (writing it twice
        # is harmless)
        keep_full_block()
        save()
        raise
    finally:
        if writer is not None:
            writer.close()
    if stopped is None and len(engine) < size:
        stopped = "nodes"
    if place is not None and keep and len(engine) == size and size % block:
        first = size - size % block                                   # the last, shorter block
        values = array("H")
        values.frombytes(engine.values(first, size))
        cache.write_block(place, name, first, values)
        kept += 1
    save()
    shown(engine, force=True)
    final = engine.histogram()
    if len(engine) - 1 not in tables and len(engine) > 1:
        tables[len(engine) - 1] = final
    run = RecordRun(name, len(engine), tables, [(int(a), int(v)) for a, v in engine.rare_heaps()],
                    int(engine.mask), engine.largest, time.monotonic() - started, len(engine) - resumed,
                    resumed, int(engine.memory), place)
    run.stopped = stopped
    run.kept = kept
    return run


def read_kept(folder: Union[str, Path], game: str) -> "array[int]":
    """The values kept by ``record_sequence(..., keep=True)`` in ``folder``, in one array, every
    block checked (for tests and for reading a run back).

    Raises NimError when a block fails its digest or one is missing."""
    from nim.takebreak import cache

    out: "array[int]" = array("H")
    for path in sorted((Path(folder) / "blocks").glob("*.nimblk")):
        found = cache.read_block(path, game)
        if found is None:
            raise NimError(f"{path}: the block fails its checks")
        first, values = found
        if first != len(out):
            raise NimError(f"{path}: a block starts at heap {first:,}, not {len(out):,} (one is missing)")
        out.extend(array("H", values))
    return out
