"""Nim-sequences of take-and-break games, and their periods proven (SPEC section 2.1).

``nim_sequence(rules, n)`` gives the normal-play Grundy values of heaps 0..n-1
of an octal game, Grundy's game or a subtraction rule of at most 64 places, as
a compact ``array.array`` (one byte a heap while the values are below 256, else
two). ``octal_period(rules)`` computes as far as the Octal Game Periodicity
Theorem needs and returns an ``OctalPeriod``, which answers a heap of any size.

Both run in the compiled core (``nimcore.octal``): the rare-values method by
default, the plain mex over every option with ``method="plain"``. The GIL is
released while they compute; Ctrl-C, a ``cancel`` handle and a progress bar on
long runs are honoured.

>>> list(nim_sequence("kayles", 12))
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> kayles = octal_period("kayles")
>>> kayles.preperiod, kayles.period, kayles.proven
(71, 12, True)
>>> kayles.grundy(10**40)
1
"""

from __future__ import annotations

import sys
import time
from array import array
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple, Union

from nim.errors import InvalidPositionError, InvalidRulesError, NimError, SearchLimitError
from nim.families import RuleFamily, TakeAndBreakFamily, TakeFamily
from nim.families.code_extensions import ExtendedCode
from nim.families.octal_codes import MAX_CODE_DIGITS, code_text, is_code, places
from nim.position import as_size
from nim.rules import Rules, RulesLike

__all__ = ["DEFAULT_MAX_HEAPS", "METHODS", "OctalPeriod", "game_places", "nim_sequence", "octal_period"]

#: How many heaps ``octal_period`` computes at most unless told (``max_heaps=``):
#: enough for 0.16 and 0.56, a few seconds where no period shows.
DEFAULT_MAX_HEAPS = 1 << 20

#: The methods: ``auto`` (= ``rare``), ``rare`` the rare-values method, ``plain`` the mex over every option.
METHODS = ("auto", "rare", "plain")

#: The first number of heaps ``octal_period`` looks for a period in.
_FIRST_HEAPS = 1 << 12

Progress = Union[None, bool, Callable[[int, float], None]]


def _extended_values(family: ExtendedCode, size: int, cancel: Optional[Any],
                     time_limit: Optional[float]) -> "array[int]":
    """The values of a code the compiled kernel does not play (``nim.families.code_extensions``),
    by its table in Python, within the time limit and cancellation."""
    from nim.families.code_extensions import MAX_HEAP
    from nim.families.polling import call_limits

    if size > MAX_HEAP + 1:
        raise InvalidPositionError(f"the code {family.code_text()} is played in Python: its nim-sequence goes up to "
                                   f"{MAX_HEAP + 1:,} heaps, not {size:,}")
    if size == 0:
        return array("B")
    with call_limits(time_limit, cancel):
        values = family._table(size - 1)[:size]
    if max(values) > 65_535:
        raise NimError(f"a value of {family.code_text()} passes 65,535")
    return array("B" if max(values) < 256 else "H", values)


def game_places(ruleset: Rules) -> Tuple[str, Tuple[int, ...], Tuple[int, ...], Tuple[int, ...], bool]:
    """``(name, takes_all, leaves, splits, grundy_game)`` of a rule set's heap game
    (a ``Rules``: the public functions read a rule string once, at their surface).

    Raises
    ------
    InvalidRulesError
        For a take rule that is not a finite octal code: ``any`` (Nim's code is
        infinite), ``half``, a ``max K`` or ``set S`` beyond 64 places.
    """
    family = ruleset.family
    if isinstance(family, TakeAndBreakFamily):
        takes_all, leaves, splits, unequal = family.places()
        return family.game_name(), takes_all, leaves, splits, unequal
    if isinstance(family, ExtendedCode):
        code = family.code_text()
        hexadecimal = next((c for c in code if c in "89ABCDEF"), None)
        what = (f"has the digit {hexadecimal} (hexadecimal: bit 8 leaves three heaps)" if hexadecimal else
                family.repetition() if family.period else "leaves unequal heaps")
        raise InvalidRulesError(f"the code {code} {what}: the compiled kernel and its period search play finite "
                                "octal codes; nim.solve, nim_sequence and 'nimcore table --rules octal=CODE' play this "
                                "one in Python")
    members = _subtraction_set(family)
    if members is None:
        raise InvalidRulesError(
            f"{ruleset} is not a finite octal code (take 'any' is Nim's infinite code 0.333..., "
            "'half' none): nim.solving.grundy_table answers it")
    if max(members) > MAX_CODE_DIGITS:
        raise InvalidRulesError(
            f"{ruleset} is an octal code of {max(members)} places, more than {MAX_CODE_DIGITS}: "
            "nim.solving.grundy_table answers it")
    digits = tuple(3 if k in members else 0 for k in range(max(members) + 1))
    return (code_text(digits),) + places(digits) + (False,)


def _subtraction_set(family: RuleFamily) -> Optional[FrozenSet[int]]:
    """The finite set S of a take rule that is a subtraction game (a pile of n may
    lose exactly the members of S up to n: the octal code with a 3 at each member),
    read from the family's own moves; None for any other family (take any, half,
    a family whose moves are not one pile's takes)."""
    takes = getattr(family, "takes", None)
    if not isinstance(family, TakeFamily) or takes is None:
        return None
    near, far_takes = takes(1 << 40), takes(1 << 41)
    if len(near) != len(far_takes) or not 0 < len(far_takes) <= 1 << 16:
        return None                 # the moves grow with the pile (any, half): no finite set
    far = frozenset(far_takes)
    if any(frozenset(takes(n)) != frozenset(m for m in far if m <= n) for n in range(1, min(max(far), 4096) + 1)):
        return None
    return far


def _check_method(method: str) -> bool:
    if method not in METHODS:
        raise NimError(f"unknown method {method!r} for a nim-sequence: expected one of {', '.join(METHODS)}")
    return method != "plain"


def new_sequence(rules: Rules, method: str) -> Tuple[str, Any]:
    """``(name, OctalSequence)``: an empty sequence of the game, to extend."""
    from nim.kernel import octal
    OctalSequence = octal().OctalSequence

    fast = _check_method(method)
    name, takes_all, leaves, splits, grundy_game = game_places(rules)
    return name, OctalSequence(takes_all, leaves, splits, grundy_game, fast)


class _Stop:
    """The ``cancel`` handle given to the core: set when the caller's handle is, or at a deadline."""

    def __init__(self, cancel: Optional[Any], deadline: Optional[float]) -> None:
        self._cancel = cancel
        self._deadline = deadline
        self.reason = "cancelled"

    def is_set(self) -> bool:
        if self._cancel is not None and self._cancel.is_set():
            self.reason = "cancelled"
            return True
        if self._deadline is not None and time.monotonic() >= self._deadline:
            self.reason = "time"
            return True
        return False


def cached_sequence(rules: Rules, method: str, most: int) -> Tuple[str, Any, int]:
    """``(name, OctalSequence, heaps read from the cache)``: a sequence that starts from at
    most ``most`` values stored by an earlier run (``nim.takebreak.cache``; not for the plain
    mex, a yardstick)."""
    from nim.takebreak.cache import load_values

    name, sequence = new_sequence(rules, method)
    if method == "plain":
        return name, sequence, 0
    stored = load_values(name)
    if stored is None:
        return name, sequence, 0
    if len(stored) > most:
        stored = stored[:most]
    sequence.load(stored)
    return name, sequence, len(stored)


def store_sequence(name: str, sequence: Any) -> bool:
    """Store the values computed, when they are long and longer than the cache holds (True: stored)."""
    from nim.takebreak.cache import store_values

    return store_values(name, sequence.values())


def extend_sequence(sequence: Any, name: str, end: int, progress: Any, cancel: Any, *,
            deadline: Optional[float] = None, node_limit: Optional[int] = None) -> None:
    """``sequence.extend(end)``, its failures as NimErrors, within the limits.

    ``deadline``: a ``time.monotonic()`` past which the run stops (reason "time");
    ``node_limit``: the most heaps this call computes (each heap's value is a node;
    reason "nodes"). The values computed before a stop are kept in ``sequence``.
    """
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise NimError(f"cancel must have an is_set() method (e.g. threading.Event), not {cancel!r}")
    started = time.monotonic()
    first = len(sequence)
    stop = _Stop(cancel, deadline) if deadline is not None else cancel
    reach = end if not node_limit else min(end, first + node_limit)
    try:
        done = sequence.extend(reach, progress, stop)
    except OverflowError as error:
        raise NimError(f"{name}: {error}") from None
    except MemoryError:
        raise SearchLimitError(f"{name}: no memory for {end:,} heaps", reason="memory",
                               nodes=len(sequence) - first, seconds=time.monotonic() - started) from None
    if not done:
        reason = stop.reason if isinstance(stop, _Stop) else "cancelled"
        said = "the time limit" if reason == "time" else "cancelled"
        raise SearchLimitError(f"{name}: {said} after {len(sequence):,} of {end:,} heaps",
                               reason=reason, nodes=len(sequence) - first, seconds=time.monotonic() - started)
    if reach < end:
        raise SearchLimitError(f"{name}: the node limit ({node_limit:,} heaps) after {len(sequence):,} "
                               f"of {end:,} heaps", reason="nodes", nodes=reach - first,
                               seconds=time.monotonic() - started)


class _HeapProgress:
    """A tqdm bar of heaps computed, opened once a run has lasted half a second."""

    def __init__(self, label: str, total: int) -> None:
        self._label = label
        self._total = total
        self._bar: Optional[Any] = None
        self._shown = 0
        self._started = time.monotonic()

    def __call__(self, heaps: int, seconds: float) -> None:
        if self._bar is None:
            if time.monotonic() - self._started < 0.5:
                return
            from tqdm import tqdm  # type: ignore[import-untyped]  # only for long runs

            self._bar = tqdm(desc=self._label, total=self._total, unit=" heaps", unit_scale=True,
                             file=sys.stderr, leave=False, dynamic_ncols=True)
        if heaps > self._total:              # octal_period went further than it first thought
            self._total = heaps
            self._bar.total = heaps
        self._bar.update(heaps - self._shown)
        self._shown = heaps

    def grow(self, total: int) -> None:
        """The run will go on to ``total`` heaps."""
        self._total = max(self._total, total)
        if self._bar is not None:
            self._bar.total = self._total

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def progress_callback(progress: Progress, label: str, total: int) -> Tuple[Any, Optional[_HeapProgress]]:
    """The callback to give the core, and the bar to close (None when not ours)."""
    if callable(progress):
        return progress, None
    if progress is None:
        progress = sys.stderr.isatty()
    if progress:
        bar = _HeapProgress(label, total)
        return bar, bar
    return None, None


def nim_sequence(rules: RulesLike, n: int, *, method: str = "auto", progress: Progress = None,
                 cancel: Optional[Any] = None, time_limit: Optional[float] = None) -> "array[int]":
    """The normal-play Grundy values of heaps 0..n-1 of a heap game.

    Parameters
    ----------
    rules : Rules or str
        An octal game (``"octal=0.77"``, ``"kayles"``, ``Rules(octal="0.137")``),
        Grundy's game (``"grundy-game"``), or a ``max K`` / ``set S`` rule of at
        most 64 places. The convention does not matter (normal-play values).
    n : int
        How many heaps: 0 .. n - 1.
    method : {"auto", "rare", "plain"}
        The rare-values method (auto) or the plain mex over every option.
    progress : bool, callable or None
        A bar on stderr for long runs (None: when stderr is a terminal), or a
        callable ``progress(heaps, seconds)`` called between chunks of work.
    cancel : object with ``is_set()``, optional
        The run stops soon after it is set.
    time_limit : float, optional
        Seconds after which the run stops (SearchLimitError, reason "time").

    Returns
    -------
    array.array
        Typecode ``'B'`` (one byte a heap) while every value is below 256,
        else ``'H'`` (two bytes).

    Raises
    ------
    InvalidRulesError
        For rules that are not a finite heap game (``any``, ``half``).
    InvalidPositionError
        When ``n`` is negative, not a whole number, or past nimcore.octal.MAX_HEAPS.
    NimError
        When a value passes 65,535.
    SearchLimitError
        When cancelled (reason "cancelled"), past the time limit (reason "time")
        or out of memory (reason "memory").
    KeyboardInterrupt
        On Ctrl-C.
    """
    return sequence_values(Rules.coerce(rules), n, method=method, progress=progress, cancel=cancel,
                           time_limit=time_limit)


def sequence_values(rules: Rules, n: int, *, method: str = "auto", progress: Progress = None,
                    cancel: Optional[Any] = None, time_limit: Optional[float] = None) -> "array[int]":
    """``nim_sequence`` for a ``Rules`` (the package's own callers, which have one)."""
    from nim.kernel import octal
    MAX_HEAPS = octal().MAX_HEAPS

    size = as_size(n, "the number of heaps")
    if size > MAX_HEAPS:
        raise InvalidPositionError(f"a nim-sequence has at most {MAX_HEAPS:,} heaps, not {size:,}")
    if isinstance(rules.family, ExtendedCode):       # a repeating digit, hexadecimal, unequal: the Python path
        return _extended_values(rules.family, size, cancel, time_limit)
    name, sequence = new_sequence(rules, method)
    callback, bar = progress_callback(progress, name, size)
    try:
        extend_sequence(sequence, name, size, callback, cancel,
                        deadline=None if time_limit is None else time.monotonic() + float(time_limit))
    finally:
        if bar is not None:
            bar.close()
    values: "array[int]" = sequence.values()
    return values


class OctalPeriod:
    """What ``octal_period`` found: the values computed and, when proven, the period.

    Attributes
    ----------
    code : str
        The game: an octal code (``'0.77'``) or ``'grundy-game'``.
    preperiod, period : int or None
        G(n + period) = G(n) for every n >= preperiod; None when no period is proven.
    proven : bool
        True when the Octal Game Periodicity Theorem proves the period.
    bound : int or None
        Heaps the proof needed: 2 * preperiod + 2 * period + t (values checked
        for preperiod <= n < 2 * preperiod + period + t, each against n + period).
    heaps : int
        How many heaps were computed (0 .. heaps - 1).
    values : array.array
        Their Grundy values.
    largest, largest_at : int
        The largest value and the first heap with it.
    mask : int or None
        The mask of the rare-values method (None: no split, or the plain method).
    rare_count, rare_last : int or None
        Heaps 1 .. heaps - 1 whose value is rare under the mask, and the last.
    seconds : float
        Time spent.
    method : str
        ``"rare"`` or ``"plain"``.
    sparse : bool
        True when the rare-values method was in use at the end (False: no
        sparse space showed, and the plain mex computed).
    cached : int
        Heaps read back from the cache file rather than computed (``nim.takebreak.cache``).
    stopped : str or None
        ``"time"`` or ``"cancelled"`` when ``octal_period(..., partial=True)`` stopped
        before it was done (the values are those computed), else None.
    stored : bool
        True when this run wrote its values to the cache.
    position_type : bool
        True when the mask is Flammenkamp's position-dependent kind: a heap a is rare
        when parity(G(a) & mask) ^ (a & 1) is the rarer class (0.142), not by value alone.
    """

    def __init__(self, code: str, places: int, preperiod: Optional[int], period: Optional[int],
                 values: "array[int]", largest: Tuple[int, int], mask: Optional[int],
                 rare: Tuple[Optional[int], Optional[int]], seconds: float, method: str,
                 sparse: bool = False, cached: int = 0) -> None:
        self.code = code
        self.places = places
        self.preperiod = preperiod
        self.period = period
        self.proven = period is not None
        self.bound = None if period is None or preperiod is None else 2 * preperiod + 2 * period + places
        self.values = values
        self.heaps = len(values)
        self.largest, self.largest_at = largest
        self.mask = mask
        self.rare_count, self.rare_last = rare
        self.seconds = seconds
        self.method = method
        self.sparse = sparse
        self.cached = cached
        self.stopped: Optional[str] = None
        self.stored = False
        self.position_type = False

    def grundy(self, heap: int) -> int:
        """The Grundy value of a heap of any size when the period is proven (O(1)),
        else of a heap among those computed.

        Raises
        ------
        InvalidPositionError
            When ``heap`` is not a whole number >= 0, or, without a proven period,
            not among the heaps computed (the message names the bound and how to raise it).
        """
        n = as_size(heap, "a heap size")
        if n < self.heaps:
            return int(self.values[n])
        if self.period is None or self.preperiod is None:
            raise InvalidPositionError(
                f"heap {n:,} is past the {self.heaps:,} heaps computed for {self.code}, and no period "
                f"is proven within them: compute further with octal_period(rules, max_heaps=...) "
                f"or 'nimcore octal {self.code} --upto N'")
        return int(self.values[self.preperiod + (n - self.preperiod) % self.period])

    __getitem__ = grundy

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict (without the values)."""
        return {"code": self.code, "preperiod": self.preperiod, "period": self.period,
                "proven": self.proven, "bound": self.bound, "heaps": self.heaps,
                "largest": self.largest, "largest_at": self.largest_at, "mask": self.mask,
                "rare_count": self.rare_count, "rare_last": self.rare_last,
                "seconds": round(self.seconds, 6), "method": self.method, "sparse": self.sparse,
                "cached_heaps": self.cached, "stopped": self.stopped, "position_type": self.position_type,
                "bytes_per_heap": self.values.itemsize}

    def __repr__(self) -> str:
        if self.proven:
            found = f"preperiod={self.preperiod}, period={self.period}, proven"
        else:
            found = "no period proven"
        return f"<OctalPeriod {self.code}: {found}, {self.heaps:,} heaps>"


def octal_period(rules: RulesLike, *, max_heaps: int = DEFAULT_MAX_HEAPS, method: str = "auto",
                 progress: Progress = None, cancel: Optional[Any] = None,
                 time_limit: Optional[float] = None, partial: bool = False) -> OctalPeriod:
    """The period of a heap game's nim-sequence, proven, or what was computed without one.

    Computes G(0), G(1), ... as far as the Octal Game Periodicity Theorem (Guy
    and Smith, 1956) needs: for a code whose last non-zero digit is at place t,
    if G(n + p) = G(n) for every n0 <= n < 2 n0 + p + t, then for every n >= n0.
    It looks for the smallest such p in what is computed, and computes further
    (as far as the best candidate needs) until one is proven or ``max_heaps``
    heaps are computed. Grundy's game is not octal: no period is proven for it.

    Parameters
    ----------
    rules : Rules or str
        As for ``nim_sequence``, or a bare code such as ``"0.56"``.
    max_heaps : int
        The most heaps computed (default DEFAULT_MAX_HEAPS).
    method, progress, cancel
        As for ``nim_sequence``.
    time_limit : float, optional
        Seconds after which the computation stops (SearchLimitError, reason "time").
    partial : bool
        On a stop by the time limit or ``cancel``, return what was computed
        (``stopped`` then names the reason) rather than raise.

    Values computed by an earlier run (``nim.takebreak.cache``, the rare-values
    method only) are read back rather than computed again (``cached`` says how
    many), and a long run's values are stored for the next, also when it stops.

    Raises
    ------
    InvalidRulesError, InvalidPositionError, NimError, SearchLimitError, KeyboardInterrupt
        As ``nim_sequence`` does; InvalidPositionError also for a bad ``max_heaps``.
    """
    from nim.kernel import octal
    MAX_HEAPS = octal().MAX_HEAPS

    limit = as_size(max_heaps, "max_heaps")
    if not 1 <= limit <= MAX_HEAPS:
        raise InvalidPositionError(f"max_heaps must be in 1 .. {MAX_HEAPS:,}, not {limit:,}")
    if isinstance(rules, str) and is_code(rules):     # a bare code ("0.56"), as the CLI takes it
        ruleset = Rules(octal=rules.strip())
    else:
        ruleset = Rules.coerce(rules)
    started = time.monotonic()
    deadline = None if time_limit is None else started + float(time_limit)
    name, sequence, cached = cached_sequence(ruleset, method, limit)
    callback, bar = progress_callback(progress, name, max(cached, min(limit, _FIRST_HEAPS)))
    theorem = _theorem_applies(ruleset)
    preperiod = period = None
    stopped: Optional[str] = None
    stored = False
    try:
        size = max(cached, min(limit, _FIRST_HEAPS))
        while True:
            try:
                extend_sequence(sequence, name, size, callback, cancel, deadline=deadline)
            except SearchLimitError as error:
                if not partial or error.reason not in ("time", "cancelled"):
                    raise
                stopped = error.reason
                break
            if theorem:
                preperiod, period, longest = sequence.find_period()
                if period is not None:
                    break
            else:
                longest = 0
            if size >= limit:
                break
            # the best candidate is proven at 2 * size - 2 * longest + t heaps, if it holds
            size = min(limit, max(2 * size - 2 * longest + sequence.places, size + size // 8))
            if bar is not None:
                bar.grow(size)
    finally:
        if bar is not None:
            bar.close()
        if method != "plain":
            stored = store_sequence(name, sequence)
    if stopped is not None and theorem:
        preperiod, period, _ = sequence.find_period()
    values = sequence.values()
    mask = sequence.mask or None
    rare = rare_of(sequence)
    found = OctalPeriod(name, sequence.places, preperiod, period, values, sequence.largest, mask, rare,
                        time.monotonic() - started, "rare" if sequence.fast else "plain", sequence.sparse,
                        cached)
    found.stopped = stopped
    found.stored = stored
    found.position_type = bool(sequence.position_type)
    return found


def rare_of(sequence: Any) -> Tuple[Optional[int], Optional[int]]:
    """``(count, last)`` of the rare heaps under the sequence's mask (of its kind: by value, or
    Flammenkamp's by value and the heap's parity); (None, None) without a mask."""
    if not sequence.mask:
        return None, None
    if sequence.position_type:
        count, last = sequence.rare_listed
        return int(count), int(last)
    count, last = sequence.rare_heaps(sequence.mask)
    return int(count), int(last)


@lru_cache(maxsize=32)
def cached_period(rules: Rules) -> OctalPeriod:
    """``octal_period(rules)`` computed once per rule set (for ``nim.solving.grundy_value``)."""
    return octal_period(rules)


def heap_table(ruleset: Rules, upto: int
               ) -> Tuple[List[int], List[int], List[Tuple[int, ...]], List[bool]]:
    """Columns of the single-heap table of a heap game, normal play, heaps 0..upto:
    ``(values, grundies, winning_takes, movable)`` (``nim.solving.tables.pile_table``).

    Raises
    ------
    InvalidRulesError
        In misère play: the misère outcome of a heap of a game that splits heaps
        needs positions of several heaps, which are not solved yet.
    """
    if ruleset.misere:
        raise InvalidRulesError(
            f"heap_table gives normal-play columns; the misère table of {ruleset} is "
            "nim.solving.tables.misere_heap_table (nim.solving.pile_table answers both)")
    name, sequence = new_sequence(ruleset, "auto")
    callback, bar = progress_callback(None, name, upto + 1)
    theorem = _theorem_applies(ruleset)
    end = upto + 1
    try:
        # as far as a proven period needs (then the rest is read from it: Dawson's Kayles has no
        # sparse space, and its plain mex would be quadratic), else as far as the table
        size = min(end, _FIRST_HEAPS)
        while True:
            extend_sequence(sequence, name, size, callback, None)
            longest = 0
            if theorem:
                preperiod, period, longest = sequence.find_period()
                if period is not None:
                    sequence = _periodic(ruleset, sequence, preperiod, period, end)
                    break
            if size >= end:
                break
            size = min(end, max(2 * size - 2 * longest + sequence.places, size + size // 8))
    finally:
        if bar is not None:
            bar.close()
    grundies: List[int] = sequence.values()[:end].tolist()
    takes, movable = sequence.lone_heaps(upto + 1, _split_window(ruleset, sequence))
    values = [1 if g else -1 for g in grundies]
    return values, grundies, takes, movable


def _periodic(ruleset: Rules, sequence: Any, preperiod: int, period: int, end: int) -> Any:
    """A sequence of ``end`` heaps (or more) whose values past those computed are read from the
    proven period: G(n) = G(n0 + (n - n0) mod p)."""
    values = sequence.values()
    if len(values) >= end:
        return sequence
    cycle = values[preperiod:preperiod + period]
    longer = values[:preperiod] + cycle * ((end - preperiod) // period + 1)
    filled = new_sequence(ruleset, "auto")[1]
    filled.load(longer[:end])
    return filled


def _theorem_applies(rules: Rules) -> bool:
    """Whether the Octal Game Periodicity Theorem can prove a period of the game's
    nim-sequence: it holds for a game given by an octal code (a take-and-break
    family's places, a finite subtraction game), not for one whose splits must
    leave unequal parts (Grundy's game), whatever the family is called."""
    family = rules.family
    return not (isinstance(family, TakeAndBreakFamily) and family.places()[3])


def _split_window(rules: Rules, sequence: Any) -> int:
    """``max(n0, 1) + p`` when the values computed prove a period p from n0 (a split's
    smaller part need not be looked for past it: linear tables), else 0 (scan every split).

    Grundy's game is not octal: the theorem proves nothing for it."""
    if not _theorem_applies(rules):
        return 0
    preperiod, period, _ = sequence.find_period()
    if period is None:
        return 0
    return int(max(preperiod, 1) + period)
