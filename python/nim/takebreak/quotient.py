"""Misère quotients of take-and-break games (Plambeck; Plambeck and Siegel).

The misère quotient of a game is a finite commutative monoid Q with a subset P
(its P-portion) and a map from heap sizes to Q: a sum of heaps is lost for the
player to move, in misère play, exactly when the product of its heaps'
elements lies in P. ``misere_quotient`` computes it heap by heap (docs/theory.md,
"Misère quotients", says how and why the result is exact); ``MisereQuotient``
answers any sum in O(heaps), with a winning move.

>>> q = misere_quotient("0.75", cache=False)
>>> q.order, sorted(q.p_portion), q.relations
(8, [1, 4], ('a^2 = 1', 'b^3 = b', 'bc = ab', 'c^2 = b^2'))
>>> q.is_lost([1, 2, 2]), q.winning_move([3, 4])
(False, Move(pile=0, count=1))
"""

from __future__ import annotations

import itertools
import operator
import time
from functools import lru_cache
from array import array
from collections import OrderedDict
from typing import Any, Callable, Dict, FrozenSet, Generator, Iterable, List, Optional, Sequence, Tuple

from nim._record import field, record
from nim.errors import NimError
from nim.families import TakeAndBreakFamily
from nim.families.heap_moves import HeapMoves, Places, heap_has_move, places_of
from nim.position import Move
from nim.rules import Rules

__all__ = ["MisereQuotient", "QuotientError", "misere_quotient"]


def _core() -> Any:
    """The compiled half, ``nimcore.quotient``, reached through ``nim.kernel`` (the one door)."""
    from nim.kernel import quotient

    return quotient()

#: Most elements of a trial monoid (before its reduction) unless told otherwise.
DEFAULT_MAX_ORDER = 2_000_000

#: Most bytes the verification walk keeps (its option sets already met).
WALK_MEMORY = 1 << 29

#: Most entries of a candidate's multiplication table (4 bytes each).
MAX_TABLE = 1 << 26

#: Most table entries of the trials a recalibration keeps built (128 MiB).
MEMO_ENTRIES = 1 << 25

#: Try MisereSolver's recalibration (each step's candidate the next trial's
#: base, ``_expand_rebase``) before the older pair (``_expand``): Dawson's Kayles
#: Q_33 in 0.82 s instead of 18.5 s (one process, loaded machine), its largest
#: trial 5,660 elements instead of 1.41 million; in 15 s, 0.26, 4.07, 4.7, 0.35
#: reach heaps 60, 58, 41, 23 instead of 18, 18, 15, 17.
REBASE = True

#: Most freed-heap choices MisereSolver's recalibration tries at one failure
#: before the older pair of recalibrations (``_expand``) takes over.
REBASE_TRIES = 64

#: Most freed-heap combinations tried at one failure before the indices grow.
MAX_RECALIBRATIONS = 64

#: Seconds between two progress reports during a long heap.
PROGRESS_EVERY = 0.5

#: Largest quotient kept on disk when a limit stopped the computation short (its
#: table, order**2 numbers, is read back and re-verified by the next computation,
#: which resumes from it); Dawson's Kayles' Q_33 has 638 elements.
PARTIAL_MAX_ORDER = 1024


class QuotientError(NimError):
    """The quotient could not be computed within the limits (the message names
    the heap reached and the candidate's size), or the rules are not a
    take-and-break game.

    Attributes
    ----------
    reason : str or None
        The limit that stopped the computation ("time", "size", "memory",
        "cancelled"), None for any other error.
    """

    def __init__(self, message: str, reason: Optional[str] = None) -> None:
        super().__init__(message)
        self.reason = reason


ProgressFn = Callable[[int, int, float], None]


@record     # not a dataclass: importing dataclasses costs more than loading a cached quotient
class MisereQuotient:
    """A verified misère quotient (Q, P, heap map) of a take-and-break game,
    exact for heaps 0..``bound`` (every heap when ``proven``).

    Elements are 0..order-1, 0 the identity; ``table[x][y]`` is x*y. A sum of
    heaps is lost for the player to move (misère) iff its product is in P.
    """

    game: str
    order: int
    table: Tuple[Tuple[int, ...], ...]
    p_portion: FrozenSet[int]
    heap_elements: Tuple[int, ...]
    bound: int
    period: Optional[Tuple[int, int]]
    proven: bool
    generators: Tuple[Tuple[str, int], ...]
    relations: Tuple[str, ...]
    growth: Tuple[Tuple[int, int], ...]
    _names: Tuple[str, ...] = field(default=(), repr=False, compare=False)
    #: Why the computation stopped short (a limit: the heap reached and the
    #: candidate's size), None when it ran to max_heap or to a proven period.
    stopped: Optional[str] = field(default=None, compare=False)
    #: When it stopped short: a proven lower bound on the order of the quotient
    #: of heaps up to ``bound + 1`` (the classes that the heaps up to ``bound`` fall
    #: into, told apart by sums with the heap that did not converge), else None.
    next_order_at_least: Optional[int] = field(default=None, compare=False)
    #: The limit that stopped it short ("time", "size", "memory", "cancelled"), else None.
    stop_reason: Optional[str] = field(default=None, compare=False)

    # ------------------------------------------------------------ look-ups
    def covers(self, heap: int) -> bool:
        """True when the quotient is exact for a heap of this size."""
        return heap >= 0 and (self.proven or heap <= self.bound)

    def element(self, heap: int) -> int:
        """The element of one heap (past the bound by the proven period).

        Raises
        ------
        NimError
            For a heap the quotient does not cover.
        """
        heap = _whole(heap, "a heap")
        if heap < 0:
            raise NimError(f"a heap is a whole number >= 0, not {heap!r}")
        if heap <= self.bound:
            return self.heap_elements[heap]
        if not self.covers(heap) or self.period is None:
            raise NimError(f"the quotient of {self.game} covers heaps up to {self.bound} only, not {heap}")
        pre, per = self.period
        return self.heap_elements[pre + (heap - pre) % per]

    def _checked(self, heaps: Iterable[int]) -> List[int]:
        if isinstance(heaps, (str, bytes)) or not hasattr(heaps, "__iter__"):
            raise NimError(f"heaps must be a list of whole numbers (a position), not {_shown(heaps)}")
        out = [_whole(heap, "a heap") for heap in heaps]
        for heap in out:
            if heap < 0:
                raise NimError(f"a heap is a whole number >= 0, not {heap!r}")
            if not self.covers(heap):
                raise NimError(f"the quotient of {self.game} covers heaps up to {self.bound} only, not {heap}")
        return out

    def _lookup(self) -> Any:
        found = self.__dict__.get("_fast")
        if found is None:
            Lookup = _core().Lookup

            takes_all, leaves, splits, unequal = _places(self.game)
            pre, per = self.period if (self.proven and self.period) else (0, 0)
            flat = _pretension_of(self)
            found = Lookup(self.order, flat.table, flat.P, self.heap_elements, self.bound, pre, per,
                           takes_all, leaves, splits, unequal)
            object.__setattr__(self, "_fast", found)
        return found

    def product(self, heaps: Iterable[int]) -> int:
        """The element of a sum of heaps.

        Raises
        ------
        NimError
            When a heap is not covered.
        """
        return int(self._lookup().product([self._fit(h) for h in self._checked(heaps)]))

    def is_lost(self, heaps: Iterable[int]) -> bool:
        """True when the player to move loses the sum in misère play."""
        return self.product(heaps) in self.p_portion

    def winning_move(self, heaps: Sequence[int]) -> Optional[Move]:
        """A move to a position whose product is in P; None when the sum is lost,
        or has no move at all (then the player to move has already won).

        >>> misere_quotient("kayles", cache=False).winning_move([10**9, 10**6 + 3, 77, 5])
        Move(pile=0, count=2)
        """
        checked = self._checked(heaps)
        fitted = [self._fit(h) for h in checked]
        found = self._lookup().winning(fitted)
        if found is None:
            return None
        pile, count, split = found
        extra = checked[pile] - fitted[pile]      # whole periods taken off a heap past 2**62
        if extra and split is not None:
            a, b = split                           # b >= (fitted - count) / 2 > 2**39: past the pre-period
            split = (a, b + extra)
        return Move(pile, count, split=split)

    def _fit(self, heap: int) -> int:
        """A heap past 2**62 as one of the same element below it (whole periods taken off, so
        the compiled look-up takes it), kept above 2**40: its moves are the heap's own, each
        part past the pre-period shifted by the same periods."""
        if heap < 1 << 62 or self.period is None:
            return heap
        pre, per = self.period
        return pre + (heap - pre) % per + per * ((1 << 40) // per + 1)

    # ------------------------------------------------------------ presentation
    def element_name(self, x: int) -> str:
        """The element as its least word in the generators, e.g. ``"a b^2"``, ``"1"``."""
        x = _whole(x, "an element")
        if not 0 <= x < self.order:
            raise NimError(f"{x!r} is not an element of this quotient (0..{self.order - 1})")
        return self._names[x] if self._names else str(x)

    def to_json(self) -> Dict[str, Any]:
        """The quotient as plain JSON values (``from_json`` reads it back)."""
        return {
            "game": self.game, "order": self.order, "table": [list(row) for row in self.table],
            "p_portion": sorted(self.p_portion), "heap_elements": list(self.heap_elements),
            "bound": self.bound, "period": list(self.period) if self.period else None,
            "proven": self.proven, "generators": [list(g) for g in self.generators],
            "relations": list(self.relations), "growth": [list(g) for g in self.growth],
            "element_names": list(self._names),
        }

    @classmethod
    def from_json(cls, data: Dict[str, Any]) -> "MisereQuotient":
        """A quotient from ``to_json``, re-verified (the walk, the monoid laws).

        Raises
        ------
        QuotientError
            When the data is malformed or the quotient fails its verification.
        """
        try:
            if not isinstance(data, dict) or not isinstance(data["game"], str):
                raise ValueError("no game named")
            game = _canonical(data["game"])
            order = _json_whole(data["order"], _MAX_ELEMENT)
            rows = _listed(data["table"])
            if len(rows) != order or any(len(_listed(row)) != order for row in rows):
                raise ValueError("the table is not order x order")
            flat = array("i", [_json_whole(v, order - 1) for row in rows for v in row])
            p_set = frozenset(_json_whole(x, order - 1) for x in _listed(data["p_portion"]))
            phi = [_json_whole(x, order - 1) for x in _listed(data["heap_elements"])]
            bound = _json_whole(data["bound"], 100_000)
            period = tuple(_json_whole(v, 100_000) for v in _listed(data["period"])) if data["period"] else None
            if not isinstance(data["proven"], bool):
                raise ValueError("proven is not true or false")
            proven = data["proven"]
        except (KeyError, TypeError, ValueError, OverflowError, NimError) as error:
            raise QuotientError(f"not a misère quotient: {error}") from None
        if (order < 1 or len(flat) != order * order or len(phi) != bound + 1 or bound < 0
                or any(not 0 <= x < order for x in p_set | set(phi))
                or (period is not None and (len(period) != 2 or period[1] < 1 or period[0] < 0
                                            or period[0] + period[1] > bound))):
            raise QuotientError("not a misère quotient: inconsistent sizes")
        places = _places(game)
        if proven and (period is None or not _period_proven(phi, period, places, game)):
            raise QuotientError("not a misère quotient: its period is not proven by its heaps")
        pre = _Pretension(order, flat, bytes(1 if x in p_set else 0 for x in range(order)), phi)
        _reverify(pre, places)
        # the growth is derived from the verified table, never read: a file's claim is no fact
        return _finish(game, pre, bound, period if proven else None, proven, _growth(pre, bound))


#: The largest element number a file may name (the size caps of a computation are far below).
_MAX_ELEMENT = 1 << 24


def _json_whole(value: Any, most: int) -> int:
    """A JSON whole number in 0..most (no float, no bool, no string), else ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise ValueError(f"{str(value)[:40]!r} is not a whole number in 0 .. {most}")
    return value


def _listed(value: Any) -> List[Any]:
    if not isinstance(value, list):
        raise ValueError(f"a list was expected, not {type(value).__name__}")
    return value


def _growth(pre: _Pretension, bound: int) -> Tuple[Tuple[int, int], ...]:
    """The heaps at which the order of the quotient of heaps up to h grows, and its
    order there, derived from the verified quotient of heaps up to ``bound``.

    The quotient of heaps up to h is the submonoid M_h that their elements generate,
    with two elements identified when no element of M_h tells them apart (x z in P
    against y z in P): the coarsest such partition is found by refinement (P, then
    the classes of x g over the generators g), as a minimal automaton is. M_h grows
    only at a heap whose element lies outside it, so that is where it is computed.
    """
    order, table, P, phi = pre.order, pre.table, pre.P, pre.phi
    gens: List[int] = []
    members = [0]
    inside = {0}
    growth: List[Tuple[int, int]] = []
    last = 1
    for h in range(1, bound + 1):
        x = phi[h]
        if x in inside:
            continue
        gens.append(x)
        frontier = list(members)
        while frontier:          # the closure of M under the generators
            found = []
            for y in frontier:
                for g in gens:
                    z = table[y * order + g]
                    if z not in inside:
                        inside.add(z)
                        found.append(z)
            members.extend(found)
            frontier = found
        # classes: start from P, split by the classes of the products with each generator
        cls = {y: P[y] for y in members}
        count = len(set(cls.values()))
        while True:
            keys = {y: (cls[y],) + tuple(cls[table[y * order + g]] for g in gens) for y in members}
            numbering: Dict[Tuple[int, ...], int] = {}
            cls = {y: numbering.setdefault(k, len(numbering)) for y, k in keys.items()}
            if len(numbering) == count:
                break
            count = len(numbering)
        if count > last:
            growth.append((h, count))
            last = count
    return tuple(growth)


def _reverify(pre: _Pretension, places: Places) -> None:
    """Check a pretension read from outside (a cache file) as the computation checked
    it: a monoid generated by the heaps, heaps without a move mapped to the identity,
    and the verification walk over heaps 1..bound. The heaps' option elements come
    from one pass in C (``nimcore.quotient_types``), not from Python move lists:
    that was most of the time a fresh process spent loading Kayles' quotient.

    Raises
    ------
    QuotientError
        When a check fails, or the walk stops on a limit.
    """
    from nim.kernel import quotient_types

    core = _core()
    if not core.check_monoid(pre.order, pre.table, sorted(set(pre.phi))):
        raise QuotientError("not a misère quotient: the table is not a monoid generated by the heaps")
    try:
        by_heap = quotient_types().heap_options(pre.order, pre.table, pre.phi, *places)
    except ValueError as error:
        raise QuotientError(f"not a misère quotient: {error}") from None
    _, gens, opts = _heap_types(pre.phi, ((h, t) for h, t in enumerate(by_heap) if t is not None))
    try:
        failure = core.verify(pre.order, pre.table, pre.P, gens, opts, memory_bytes=WALK_MEMORY)
    except core.QuotientStop as stop:
        limit = _limit_stop(stop)          # Ctrl-C stays a KeyboardInterrupt, not a bad file
        raise QuotientError(f"could not re-verify the quotient: {limit.where()} ({limit.reason})") from None
    if failure is not None:
        raise QuotientError("not a misère quotient: its verification fails")


# ---------------------------------------------------------------- the game

def _code_in(text: str) -> Optional[str]:
    """The octal code a rule string names (``0.33``, ``octal=0.33``, ``misere,octal=0.3``),
    written canonically, or None. A code that never splits a heap (0s and 3s: 0.3, 0.33,
    0.03) is a subtraction game, which ``Rules`` reads as its take rule (max=1, max=2,
    subtract=2); its quotient is computed from the code all the same."""
    from nim.families.octal_codes import code_text, is_code, parse_code

    for part in text.split(","):
        word = part.strip()
        if word.lower().startswith("octal="):
            word = word[len("octal="):].strip()
        elif not is_code(word):
            continue
        try:
            return code_text(parse_code(word))
        except NimError:
            return None
    return None


def _game_of(rules: Any) -> Tuple[str, Places]:
    if isinstance(rules, str):
        code = _code_in(rules)
        if code is not None and all(d in "03" for d in code.replace(".", "")):
            # a subtraction game written as a code: the quotient engine reads its places
            Rules.coerce(f"octal={code}")       # the code's own checks (a move at all, ...)
            return code, _code_places(code)
        if rules.strip()[:1] in tuple("01234567."):
            rules = f"octal={rules.strip()}"      # a bare code: 0.77
    try:                                      # a Rules (a solve's) is read once, at its surface
        parsed = rules if isinstance(rules, Rules) else Rules.coerce(rules)
    except NimError as error:
        raise QuotientError(str(error)) from None
    family = parsed.family
    if not isinstance(family, TakeAndBreakFamily):
        raise QuotientError(
            f"misère quotients are computed here from an octal code or a game's name (0.77, kayles, "
            f"dawson-kayles, grundy-game; a subtraction game as its code: take at most 2 is 0.33), "
            f"not from the take rule of {str(parsed)!r}")
    return family.game_name(), family.places()


def _code_places(code: str) -> Places:
    """The places of any octal code, one that never splits a heap too."""
    from nim.families.octal_codes import parse_code, places

    return places(parse_code(code)) + (False,)


def _canonical(game: str) -> str:
    return _game_of("grundy-game" if game == "grundy-game" else f"octal={game}")[0]


def _places(game: str) -> Places:
    return places_of("grundy", None) if game == "grundy-game" else _code_places(game)


def _digits_after_point(places: Places) -> int:
    takes_all, leaves, splits, _ = places
    return max(takes_all + leaves + splits + (0,))


@lru_cache(maxsize=64)
def _live(places: Places, upto: int) -> Tuple[bool, ...]:
    return tuple(h > 0 and heap_has_move(places, h) for h in range(upto + 1))


@lru_cache(maxsize=4096)
def _option_pieces(places: Places, n: int) -> List[Tuple[int, int]]:
    """Heap n's options as pairs of live heaps (0: no heap), without repeats."""
    live = _live(places, max(64, 1 << n.bit_length()))
    seen = set()
    for count, split in HeapMoves(places, n):
        if split is None:
            rest = n - count
            seen.add((rest if live[rest] else 0, 0))
        else:
            a, b = split
            a = a if live[a] else 0
            b = b if live[b] else 0
            seen.add((a, b) if a >= b else (b, a))
    return list(seen)        # any order: the kernels read them as a set


# ---------------------------------------------------------------- pretensions

class _Pretension:
    """Q (order, flat table), P (bytes), phi (element of heaps 0..n)."""

    __slots__ = ("order", "table", "P", "phi")

    def __init__(self, order: int, table: "array[int]", P: bytes, phi: List[int]) -> None:
        self.order = order
        self.table = table
        self.P = P
        self.phi = phi

    def mul(self, x: int, y: int) -> int:
        return self.table[x * self.order + y]

    def word(self, heaps: Iterable[int]) -> int:
        x = 0
        for h in heaps:
            x = self.table[x * self.order + self.phi[h]]
        return x

    def options(self, pieces: Sequence[Tuple[int, int]]) -> List[int]:
        table, phi, order = self.table, self.phi, self.order
        return sorted({table[phi[a] * order + phi[b]] for a, b in pieces})


def _pretension_of(q: MisereQuotient) -> _Pretension:
    """A quotient as the flat table, P bytes and heap map the kernels take."""
    return _Pretension(q.order, array("i", itertools.chain.from_iterable(q.table)),
                       bytes(1 if x in q.p_portion else 0 for x in range(q.order)), list(q.heap_elements))


def _types(pre: _Pretension, places: Places, pieces: Dict[int, List[Tuple[int, int]]], upto: int
           ) -> Tuple[List[int], List[int], List[List[int]]]:
    """The heap types of heaps 1..upto (equal element and option elements), as
    (representative heaps, their elements, their option elements), increasing."""
    option_sets = _core().option_sets

    live = [h for h in range(1, upto + 1) if h in pieces]
    sets = option_sets(pre.order, pre.table, pre.phi, [_flat_pieces(places, h) for h in live])
    return _heap_types(pre.phi, zip(live, sets))


def _heap_types(phi: Sequence[int], option_sets: Iterable[Tuple[int, List[int]]]
                ) -> Tuple[List[int], List[int], List[List[int]]]:
    """One heap type per (element, option elements) among ``(heap, option elements)``
    pairs in increasing heap order: (representative heaps, elements, option elements)."""
    heaps: List[int] = []
    gens: List[int] = []
    opts: List[List[int]] = []
    known = set()
    for h, t in option_sets:
        key = (phi[h], tuple(t))
        if key in known:
            continue
        known.add(key)
        heaps.append(h)
        gens.append(phi[h])
        opts.append(t)
    return heaps, gens, opts


@lru_cache(maxsize=4096)
def _flat_pieces(places: Places, n: int) -> "array[int]":
    return array("i", itertools.chain.from_iterable(_option_pieces(places, n)))


def _verify(pre: _Pretension, places: Places, upto: int, budget: "_Budget",
            pieces: Optional[Dict[int, List[Tuple[int, int]]]] = None) -> Optional[List[int]]:
    """The least failing word of the pretension over heaps 1..upto, as a list of
    heaps (with repeats), or None when it is correct."""
    verify = _core().verify

    if pieces is None:
        pieces = {h: _option_pieces(places, h) for h in range(1, upto + 1) if heap_has_move(places, h)}
    heaps, gens, opts = _types(pre, places, pieces, upto)
    failure = verify(pre.order, pre.table, pre.P, gens, opts, seconds=budget.left(),
                     memory_bytes=WALK_MEMORY, cancel=budget)
    if failure is None:
        return None
    return [h for h, c in zip(heaps, failure) for _ in range(c)]


# ---------------------------------------------------------------- the driver

def _period_run(phi: Sequence[int], places: Places, game: str) -> Optional[Tuple[int, int]]:
    """(preperiod, period) of the heap map when the octal periodicity bound proves it."""
    if game == "grundy-game":
        return None
    n = len(phi) - 1
    t = _digits_after_point(places)
    for p in range(1, n // 2 + 1):
        start = n - p
        while start >= 1 and phi[start] == phi[start + p]:
            start -= 1
        n0 = start + 1
        if n >= 2 * n0 + 2 * p + t - 1:
            return (n0, p)
    return None


def _period_proven(phi: Sequence[int], period: Tuple[int, int], places: Places, game: str) -> bool:
    if game == "grundy-game":
        return False
    n0, p = period
    n = len(phi) - 1
    t = _digits_after_point(places)
    return (n0 >= 1 and n >= 2 * n0 + 2 * p + t - 1
            and all(phi[h] == phi[h + p] for h in range(n0, n - p + 1)))


def _index_period(index: int) -> int:
    return max(2, 2 * ((index - 4) // 2))


class _Unseparated(Exception):
    """No choice of freed heaps separates the least failure (MisereSolver gives up there)."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class _Stop(Exception):
    def __init__(self, reason: str, size: int, what: str = "trial monoid") -> None:
        super().__init__(reason)
        self.reason = reason
        self.size = size
        self.what = what

    def where(self) -> str:
        """What the computation had in hand when it stopped, in words."""
        if self.what == "heap types":
            return f"{self.size:,} heap types, more than the walk takes"
        if self.what == "walk":
            return f"the verification walk held {self.size:,} option sets"
        if self.what == "reduced candidate":
            return f"the candidate had {self.size:,} elements, its table too large"
        if self.what == "trial product":
            return f"the candidate's trial product had {self.size:,} elements"
        return f"the candidate had {self.size:,} elements"


def misere_quotient(rules: Any, max_heap: Optional[int] = None, *, seconds: Optional[float] = None,
                    max_order: Optional[int] = None, cancel: Any = None,
                    progress: Optional[ProgressFn] = None, cache: bool = True,
                    strict: bool = False) -> MisereQuotient:
    """The misère quotient of a take-and-break game, verified.

    Parameters
    ----------
    rules : rules or rule string
        A take-and-break game: ``"kayles"``, ``"octal=0.07"``, ``"dawson-kayles"``,
        ``"grundy-game"``, a ``Rules``.
    max_heap : int or None
        Compute for heaps up to this size; None: until the heap map's period
        is proven (every heap covered) or a limit stops it.
    seconds : float or None
        Time limit.
    max_order : int or None
        Most elements of a trial monoid (default 2,000,000).
    cancel : object with ``is_set()`` or None
        Stops the computation when set.
    progress : callable(heap, order, seconds) or None
        Called after each heap (the order of the quotient of heaps up to it), and
        at most twice a second during a long heap (the size of the candidate
        last built for it).
    cache : bool
        Read and fill the on-disk cache (``nim.takebreak.quotient_cache``); what is
        read is re-verified. A computation that a limit stops keeps what it
        reached there (up to ``PARTIAL_MAX_ORDER`` elements) with the heap it
        stopped at: the next one resumes from it, or returns it at once when
        it would stop at that heap again (the same size limits, or at most
        twice the time it had there).
    strict : bool
        Raise QuotientError on a limit instead of returning the quotient of
        the heaps done.

    Raises
    ------
    QuotientError
        For rules that are not a take-and-break game, a bad argument, or a
        limit reached before heap 1 was done (or any limit, with ``strict``).
    KeyboardInterrupt
        On Ctrl-C.
    """
    game, places = _game_of(rules)
    if max_heap is not None and not isinstance(max_heap, bool):
        max_heap = _index_or_none(max_heap)          # NumPy integers are whole numbers too
    if max_order is not None and not isinstance(max_order, bool):
        max_order = _index_or_none(max_order)
    if max_heap is not None and (isinstance(max_heap, bool) or not isinstance(max_heap, int)
                                 or not 1 <= max_heap <= 100_000):
        raise QuotientError(f"max_heap must be a whole number in 1 .. 100000 (or None): {max_heap!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds <= 1e9):
        raise QuotientError(f"seconds must be a positive number (or None): {seconds!r}")
    if max_order is not None and (isinstance(max_order, bool) or not isinstance(max_order, int)
                                  or max_order < 2):
        raise QuotientError(f"max_order must be a whole number >= 2 (or None): {max_order!r}")
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise QuotientError(f"cancel must have an is_set() method (e.g. threading.Event), not {cancel!r}")
    max_order = max_order or DEFAULT_MAX_ORDER
    start: Optional[MisereQuotient] = None
    if cache:
        found = cached_quotient(game, max_heap)
        if found is not None:
            return found
        start, wall = _cached_partial(game, max_heap)
        bounded = _best_cached_bound(game, max_heap)
        if bounded is not None and (start is None or bounded.bound > start.bound):
            start, wall = bounded, None      # an exact quotient of more heaps: resume from it
        if start is not None and wall is not None and _wall_holds(wall, seconds, max_order):
            message = (f"{wall['message']}; that was in an earlier run, after {wall['seconds']:.3g} s at "
                       f"heap {wall['heap']}, and is not tried again {_wall_why(wall)}")
            if strict:
                raise QuotientError(message, wall["reason"])
            return _stopped_copy(start, message, wall["at_least"], wall["reason"])
    result, wall = _compute(game, places, max_heap, seconds, max_order, cancel, progress, strict, start)
    if cache:
        from nim.takebreak import quotient_cache

        if result.proven or result.bound == max_heap:
            quotient_cache.store(result.game, max_heap, result.to_json())
        elif result.stopped is not None and result.order <= PARTIAL_MAX_ORDER:
            # keep the furthest one: a computation of fewer heaps does not replace it
            # (one resumed from the kept one went at least as far)
            kept = quotient_cache.load_partial(game) if start is None else None
            kept_bound = kept.get("bound") if kept is not None else None
            if not isinstance(kept_bound, int) or kept_bound <= result.bound:
                quotient_cache.store_partial(game, {**result.to_json(), "wall": wall})
    return result


def _cached_partial(game: str, max_heap: Optional[int]
                    ) -> Tuple[Optional[MisereQuotient], Optional[Dict[str, Any]]]:
    """The quotient a stopped computation of ``game`` reached (re-verified), when it is
    below ``max_heap``, so that this one can resume from it; and the wall it met
    there (None when the file names none that makes sense)."""
    from nim.takebreak import quotient_cache

    path = quotient_cache.partial_path(game)
    try:
        stat = path.stat()
    except OSError:
        return None, None
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _PARTIALS.get(str(path))
    if known is not None and known[0] == stamp:
        found, wall = known[1], known[2]        # a solve asks twice (the whole game, then its heaps)
    else:
        found, wall = _read_partial(game)
        _PARTIALS[str(path)] = (stamp, found, wall)
    if found is None or (max_heap is not None and found.bound >= max_heap):
        return None, None
    return found, wall


#: The partial quotients this process read, re-verified, by file: (its stamp, quotient, wall).
_PARTIALS: Dict[str, Tuple[Tuple[int, int], Optional[MisereQuotient], Optional[Dict[str, Any]]]] = {}


def _read_partial(game: str) -> Tuple[Optional[MisereQuotient], Optional[Dict[str, Any]]]:
    from nim.takebreak import quotient_cache

    data = quotient_cache.load_partial(game)
    if data is None:
        return None, None
    try:
        found = MisereQuotient.from_json(data)
    except (ValueError, TypeError, KeyError, OverflowError, MemoryError, NimError, RecursionError):
        return None, None
    if found.game != game or found.proven:
        return None, None
    wall = data.get("wall")        # a hint, not a claim: at worst a run stops where one did before
    kinds: Dict[str, Any] = {"heap": int, "reason": str, "seconds": (int, float), "max_order": int,
                             "max_table": int, "message": str}
    if (not isinstance(wall, dict) or any(not isinstance(wall.get(k), t) for k, t in kinds.items())
            or wall["heap"] != found.bound + 1 or wall["reason"] not in ("time", "size", "memory")
            or not 0 <= wall["seconds"] < 1e9):
        return found, None
    # a file's lower bound on the next quotient is a claim, not a proof: not passed on (a
    # computation proves it afresh); the stop's words are rebuilt from the checked fields
    proven = _WALLS_PROVEN_HERE.get((game, wall["heap"], wall["reason"]))
    if proven is not None:              # this process computed that wall: its own words and bound
        wall["message"], wall["at_least"] = proven
        return found, wall
    limit = {"time": "time limit", "size": "size limit (max_order)", "memory": "memory limit"}[wall["reason"]]
    wall["at_least"] = None
    # said as the cache's record, not as a fact: heaps up to the wall are verified, the stop is not
    wall["message"] = (f"the quotient cache records that a computation of {game} stopped at heap {wall['heap']} "
                       f"on its {limit} (heaps up to {found.bound} verified here; a lower bound on the next "
                       "quotient is not taken from the file: a run that reaches the wall proves it again)")
    return found, wall


#: The walls this process computed, by (game, heap, reason): their words and proven lower bound,
#: which a cache file's wall may only repeat when they come from here.
_WALLS_PROVEN_HERE: Dict[Tuple[str, int, str], Tuple[str, Optional[int]]] = {}


def _wall_holds(wall: Dict[str, Any], seconds: Optional[float], max_order: int) -> bool:
    """True when a computation resumed at the wall would stop there again: a size
    or memory stop under caps no larger (the same trials, the same stop), or a
    time stop with at most twice the time it had there (as a solve retries)."""
    if wall["reason"] in ("size", "memory"):
        return bool(max_order <= wall["max_order"] and MAX_TABLE <= wall["max_table"])
    return seconds is not None and seconds <= 2 * wall["seconds"]


def _wall_why(wall: Dict[str, Any]) -> str:
    if wall["reason"] == "time":
        return f"with at most twice that time (a time limit above {2 * wall['seconds']:.3g} s tries again)"
    return "under the same limits (a larger max_order tries again)"


def _stopped_copy(found: MisereQuotient, message: str, at_least: Optional[int],
                  reason: Optional[str] = None) -> MisereQuotient:
    """``found`` (shared through _PARTIALS), saying why it stops where it does."""
    return MisereQuotient(
        game=found.game, order=found.order, table=found.table, p_portion=found.p_portion,
        heap_elements=found.heap_elements, bound=found.bound, period=found.period, proven=found.proven,
        generators=found.generators, relations=found.relations, growth=found.growth, _names=found._names,
        stopped=message, next_order_at_least=at_least, stop_reason=reason)


def cached_quotient(game: str, max_heap: Optional[int]) -> Optional[MisereQuotient]:
    """The quotient of ``game`` (a canonical name) for heaps up to ``max_heap`` (None: the
    whole game) from the on-disk cache, re-verified as ``from_json`` does, or None when it
    is missing, unreadable, forged or for another bound."""
    from nim.takebreak import quotient_cache

    data = quotient_cache.load(game, max_heap)
    if data is None:
        return None
    try:
        found = MisereQuotient.from_json(data)
    except (ValueError, TypeError, KeyError, OverflowError, MemoryError, NimError, RecursionError):
        return None
    if found.game != game or (max_heap is None and not found.proven) or (
            max_heap is not None and found.bound != max_heap and not found.proven):
        return None
    return found


def _best_cached_bound(game: str, max_heap: Optional[int]) -> Optional[MisereQuotient]:
    """The cached exact quotient of ``game`` for the most heaps below ``max_heap`` (any
    bound when None), re-verified; None when there is none."""
    from nim.takebreak import quotient_cache

    bounds = sorted((b for b in quotient_cache.cached_bounds(game) if max_heap is None or b < max_heap),
                    reverse=True)
    for bound in bounds[:3]:
        found = cached_quotient(game, bound)
        if found is not None and found.bound == bound:
            return found
    return None


def _whole(value: Any, what: str) -> int:
    """``value`` as an int (NumPy integers included), else a NimError naming ``what``."""
    if isinstance(value, bool):
        raise NimError(f"{what} is a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise NimError(f"{what} is a whole number, not {_shown(value)}") from None


def _index_or_none(value: Any) -> Any:
    try:
        return operator.index(value)
    except TypeError:
        return value             # refused by the caller's check, in its words


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + "..."


class _Budget:
    """What bounds one computation, handed down as one value: its deadline, the
    largest trial monoid (``max_order``) and the caller's cancel handle. It is the
    cancellation handle the kernels poll (every few thousand steps, ``is_set``),
    which also reports progress during a long heap (every PROGRESS_EVERY seconds):
    the heap being added and the size of the candidate last built for it (the
    order of the quotient so far before the first); and it keeps what a stop's
    message says of the heap (``told``)."""

    def __init__(self, cancel: Any, progress: Optional[ProgressFn], started: float,
                 seconds: Optional[float] = None, max_order: int = DEFAULT_MAX_ORDER) -> None:
        self.cancel = cancel
        self.progress = progress
        self.started = started
        self.deadline = started + seconds if seconds else None
        self.max_order = max_order
        self.last = started
        self.heap = 0
        self.order = 1
        self.candidate = 0
        self.told: Tuple[int, int] = (-1, 0)     # (copies, classes) of _told_apart at this heap

    def left(self) -> float:
        """The seconds a kernel may take (0.0: no time limit)."""
        if self.deadline is None:
            return 0.0
        return max(1e-6, self.deadline - time.monotonic())

    def check(self, order: int) -> None:
        """Raise ``_Stop`` when the caller cancelled or the time is up (between heaps)."""
        if self.cancel is not None and self.cancel.is_set():
            raise _Stop("cancelled", order)
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _Stop("time", order)

    def is_set(self) -> bool:
        if self.progress is not None:
            now = time.monotonic()
            if now - self.last >= PROGRESS_EVERY:
                self.last = now
                self.progress(self.heap, self.candidate or self.order, now - self.started)
        return bool(self.cancel is not None and self.cancel.is_set())


def _compute(game: str, places: Places, max_heap: Optional[int], seconds: Optional[float],
             max_order: int, cancel: Any, progress: Optional[ProgressFn], strict: bool,
             start: Optional[MisereQuotient] = None) -> Tuple[MisereQuotient, Optional[Dict[str, Any]]]:
    """The quotient of heaps up to ``max_heap`` (from ``start``, a verified quotient of
    fewer heaps, when given), and the wall it stopped at (None: it did not stop on
    a time, size or memory limit)."""
    started = time.monotonic()
    budget = _Budget(cancel, progress, started, seconds, max_order)
    pre = _Pretension(1, array("i", [0]), b"\x00", [0])
    pieces: Dict[int, List[Tuple[int, int]]] = {}
    growth: List[Tuple[int, int]] = []
    bound = 0
    n = 0
    if start is not None:
        pre = _pretension_of(start)
        growth = list(start.growth)
        bound = n = start.bound
        pieces = {h: _option_pieces(places, h) for h in range(1, n + 1) if heap_has_move(places, h)}
    period: Optional[Tuple[int, int]] = None
    heap_started = started
    try:
        while max_heap is None or n < max_heap:
            n += 1
            heap_started = time.monotonic()
            budget.check(pre.order)
            budget.heap, budget.order, budget.candidate, budget.told = n, pre.order, 0, (-1, 0)
            pre = _extend(pre, places, pieces, n, budget)
            if pre.order > (growth[-1][1] if growth else 1):
                growth.append((n, pre.order))
            bound = n
            if progress is not None:
                progress(n, pre.order, time.monotonic() - started)
            period = _period_run(pre.phi, places, game)
            if period is not None:
                break
    except _Stop as stop:
        if stop.reason == "interrupt":
            raise KeyboardInterrupt from None
        limit = "was cancelled" if stop.reason == "cancelled" else f"stopped on its {stop.reason} limit"
        message = (f"the misère quotient of {game} {limit} at heap {n} "
                   f"(heaps up to {bound} done, order {pre.order}; {stop.where()})")
        # the quotient of heaps up to n is never smaller than the one below: say more only
        copies, classes = budget.told if budget.heap == n == bound + 1 else (-1, 0)
        classes = classes if classes > pre.order else 0
        if classes:
            message += (f"; the quotient of heaps up to {n} has at least {classes:,} elements (proven: "
                        f"sums of heaps up to {bound} fall into {classes:,} classes that adding at most "
                        f"{copies} heap{'s' if copies != 1 else ''} of {n} tells apart)")
        if bound == 0 or strict:
            raise QuotientError(message, stop.reason) from None
        pre.phi = pre.phi[:bound + 1]
        wall = None
        if stop.reason in ("time", "size", "memory"):
            wall = {"heap": n, "reason": stop.reason, "seconds": round(time.monotonic() - heap_started, 3),
                    "max_order": max_order, "max_table": MAX_TABLE, "message": message,
                    "at_least": classes or None}
            _WALLS_PROVEN_HERE[(game, n, stop.reason)] = (message, classes or None)
        return _finish(game, pre, bound, None, False, tuple(growth), stopped=message,
                       next_order_at_least=classes or None, stop_reason=stop.reason), wall
    return _finish(game, pre, bound, period, period is not None, tuple(growth)), None


def _extend(pre: _Pretension, places: Places, pieces: Dict[int, List[Tuple[int, int]]], n: int,
            budget: _Budget) -> _Pretension:
    """The verified pretension of heaps 1..n from that of heaps 1..n-1."""
    QuotientStop, conservative = _core().QuotientStop, _core().conservative

    if not heap_has_move(places, n):
        return _Pretension(pre.order, pre.table, pre.P, pre.phi + [0])
    pieces[n] = _option_pieces(places, n)
    t = pre.options(pieces[n])
    # a heap whose options are those of an earlier heap behaves as that heap
    for h in range(n - 1, 0, -1):
        if h in pieces and pre.options(pieces[h]) == t:
            return _Pretension(pre.order, pre.table, pre.P, pre.phi + [pre.phi[h]])
    try:
        for x in conservative(pre.order, pre.table, pre.P, t):
            trial = _Pretension(pre.order, pre.table, pre.P, pre.phi + [x])
            if _verify(trial, places, n, budget, pieces) is None:
                return trial
        return _expand_either(pre, places, pieces, n, budget)
    except QuotientStop as stop:
        raise _limit_stop(stop) from None


def _limit_stop(stop: Any) -> "_Stop":
    """The ``_Stop`` of a kernel's ``QuotientStop`` on a limit (time, size, memory, cancelled);
    a stop that is no limit is raised as what it is: Ctrl-C as KeyboardInterrupt, and the
    exception the caller's progress callback or cancel handle raised inside a kernel (reason
    "error") as that exception, never a quotient "stopped on its error limit"."""
    if stop.reason == "interrupt":
        raise KeyboardInterrupt
    if stop.reason == "error" and stop.error is not None:
        raise stop.error
    return _Stop(stop.reason, stop.size, stop.what)


def _expand_either(pre: _Pretension, places: Places, pieces: Dict[int, List[Tuple[int, int]]], n: int,
                   budget: _Budget) -> _Pretension:
    """The first verified candidate: MisereSolver's recalibration (``_expand_rebase``)
    first; when it passes the size limit or cannot separate a failure, the older
    pair of recalibrations from Q_{n-1}, side by side: a heap given a component
    keeps its old element too (the new quotient refines the old one on old heaps),
    or leaves the old quotient. Neither converges on every game; together they
    reach further (keeping: Dawson's Kayles Q_30 in 3.6 s, not 12 s)."""
    QuotientStop = _core().QuotientStop

    if REBASE:
        try:
            return _side_by_side([_expand_rebase(pre, places, pieces, n, budget)])
        except _Unseparated:
            pass
        except QuotientStop as stop:
            if stop.reason != "size":
                raise
    return _side_by_side([_expand(pre, places, pieces, n, budget, keep) for keep in (True, False)])


def _side_by_side(runs: List[Generator[None, None, _Pretension]]) -> _Pretension:
    """The first verified candidate of several recalibrations run side by side:
    the one that has spent less time builds its next trial (on Dawson's heap 33
    the keeping one runs into the size limit after 2.4 M-element trials while
    the leaving one converges; run in turn, the first's waste is paid in full).
    A recalibration that passes the size limit drops out; the last one's stop
    is raised."""
    QuotientStop = _core().QuotientStop

    spent = [0.0] * len(runs)
    active = list(range(len(runs)))
    while True:
        i = min(active, key=lambda j: (spent[j], j))
        started = time.monotonic()
        try:
            next(runs[i])
        except StopIteration as done:
            result: _Pretension = done.value
            return result
        except QuotientStop as stop:
            if stop.reason != "size" or len(active) == 1:
                raise
            active.remove(i)
        finally:
            spent[i] += time.monotonic() - started


def _expand(pre: _Pretension, places: Places, pieces: Dict[int, List[Tuple[int, int]]], n: int,
            budget: _Budget, keep_base: bool) -> Generator[None, None, _Pretension]:
    """Grow Q for heap n: the old quotient times cyclic monoids, recalibrated at
    each least failure until the candidate is verified.

    A component is a cyclic monoid C(index, period) generated by heap n, by
    every old heap of one old element (a "group": heaps equal in Q_{n-1} tend
    to stay equal), or by one old heap; the heaps of a component leave the old
    quotient. At the least failure w, components are given to the groups, then
    the heaps, of w -- one, then two, ... -- with an index large enough for
    their exponent in w, and the first trial that predicts w right is kept.
    A generator: it yields after each trial built (``_expand_either`` runs
    several side by side) and returns the verified candidate.
    """

    live = [h for h in range(1, n + 1) if h in pieces]
    options = [pieces.get(h, []) for h in range(n + 1)]
    Key = Tuple[Any, ...]
    new_key: Key = ("new",)
    group_of: Dict[int, Key] = {h: ("elem", pre.phi[h]) for h in live if h < n}

    def key_of(h: int, config: Dict[Key, Tuple[int, int]]) -> Optional[Key]:
        if h == n:
            return new_key
        for key in (("heap", h), group_of[h]):
            if key in config:
                return key
        return None

    built: "OrderedDict[Tuple[Tuple[str, Tuple[int, int]], ...], _Pretension]" = OrderedDict()

    def build(config: Dict[Key, Tuple[int, int]]) -> _Pretension:
        # the recalibration meets the same configuration again (a group and its
        # heap, a period doubled twice): build each one once (the latest few kept)
        memo = tuple(sorted((repr(key), value) for key, value in config.items()))
        found = built.get(memo)
        if found is None:
            found = built[memo] = build_new(config)
            while sum(p.order * p.order for p in built.values()) > MEMO_ENTRIES and len(built) > 1:
                built.popitem(last=False)
        return found

    def build_new(config: Dict[Key, Tuple[int, int]]) -> _Pretension:
        keys = sorted(config, key=repr)
        slot = {key: i for i, key in enumerate(keys)}
        base = [0] * (n + 1)
        comp = [-1] * (n + 1)
        for h in live:
            key = key_of(h, config)
            if h < n and (key is None or keep_base):
                base[h] = pre.phi[h]
            if key is not None:
                comp[h] = slot[key]
        return _trial(pre, base, comp, [config[key] for key in keys], options, live, budget)

    freed: Dict[Key, Tuple[int, int]] = {new_key: (2, 2)}
    candidate = build(freed)
    yield
    while True:
        least = _least_failure(candidate, places, n, budget, pieces)
        if least is None:
            return candidate
        failure, truth = least
        exponent: Dict[Key, int] = {}
        for h in failure:
            for key in ((new_key,) if h == n else (group_of[h], ("heap", h))):
                exponent[key] = exponent.get(key, 0) + 1
        # a move: give a key a component (or a larger index), or double a component's period
        order = list(exponent)
        order.reverse()      # the failure's heaps, largest first
        moves: List[Tuple[str, Key]] = [("free", k) for k in order if k[0] != "heap"]
        moves += [("free", k) for k in order if k[0] == "heap"]
        moves += [("double", k) for k in exponent if k in freed]
        found = None
        tried = 0
        for size in range(1, len(moves) + 1):
            for subset in itertools.combinations(moves, size):
                config = dict(freed)
                for kind, key in subset:
                    index, period = config.get(key, (0, 2))
                    if kind == "free":
                        index = max(index, exponent[key] - 1)
                        period = max(period, _index_period(index))
                    else:
                        period *= 2
                    config[key] = (index, period)
                if config == freed:
                    continue
                tried += 1
                trial = build(config)
                yield
                if bool(trial.P[trial.word(failure)]) == truth:
                    found = (config, trial)
                    break
                if tried >= MAX_RECALIBRATIONS:
                    break
            if found is not None or tried >= MAX_RECALIBRATIONS:
                break
        if found is None:
            # nothing separates the failure: deepen every component it touches
            config = dict(freed)
            for key in exponent:
                index = max(config.get(key, (1, 2))[0] + 1, exponent[key])
                config[key] = (index, _index_period(index))
            found = (config, build(config))
            yield
        freed, candidate = found


def _trial(base: _Pretension, phi: List[int], comp: List[int], components: List[Tuple[int, int]],
           options: List[Any], live: List[int], budget: _Budget) -> _Pretension:
    """The reduced trial monoid: ``base`` times the cyclic ``components`` (index,
    period), heap h mapped to phi[h] times component comp[h] (-1: none), P filled
    from the game, within the caps and the deadline (``build_candidate``)."""
    _, order, table, p_bytes, images = _core().build_candidate(
        base.order, base.table, phi, comp, components, options, live,
        max_size=budget.max_order, max_space=1 << 50, max_table=MAX_TABLE, seconds=budget.left(),
        cancel=budget)
    budget.candidate = order        # the progress shows the candidate's size
    return _Pretension(order, table, p_bytes, images)


def _least_failure(candidate: _Pretension, places: Places, n: int, budget: _Budget,
                   pieces: Dict[int, List[Tuple[int, int]]]) -> Optional[Tuple[List[int], bool]]:
    """The candidate's least failing word over heaps 1..n and its true outcome (lost:
    True; the opposite of the prediction, since every word below it is right), or
    None when the candidate is verified; the lower bound of a stop is noted on the way."""
    failure = _verify(candidate, places, n, budget, pieces)
    if failure is None:
        return None
    _told_apart(candidate, failure, n, budget)
    return failure, not candidate.P[candidate.word(failure)]


def _told_apart(candidate: _Pretension, failure: Sequence[int], n: int, budget: _Budget) -> None:
    """Count, when the least failure has more heaps of n than any before it at this
    heap, the classes of the words of heaps < n that sums with fewer heaps of n
    tell apart: those sums lie below the least failure, so the candidate predicts
    them right, and the count is a proven lower bound on the order of Q_n, kept
    on the budget for the message of a stop (the candidates at Dawson's heap 34
    climb a ladder of failures 25 + k 30 + k 34, and this says how far it got)."""
    copies = sum(1 for h in failure if h == n) - 1
    if copies <= budget.told[0]:
        return
    gens = sorted({candidate.phi[h] for h in range(1, n)})
    classes = _core().told_apart(candidate.order, candidate.table, candidate.P, gens, candidate.phi[n],
                                 copies, seconds=budget.left(), cancel=budget)
    budget.told = (copies, classes)


def _cyclic_index(pre: _Pretension, x: int) -> int:
    """The least i with x^i = x^(i+p) for some p >= 1 (x^0 the identity)."""
    seen: Dict[int, int] = {}
    y = 0
    while y not in seen:
        seen[y] = len(seen)
        y = pre.mul(y, x)
    return seen[y]


def _expand_rebase(pre: _Pretension, places: Places, pieces: Dict[int, List[Tuple[int, int]]], n: int,
                   budget: _Budget) -> Generator[None, None, _Pretension]:
    """Grow Q for heap n as MisereSolver does: the first trial is Q_{n-1} times
    C(2, 2) for heap n; at each least failure w, the heaps of w are freed -- one,
    then two, ... -- each leaving the *current candidate* for a cyclic component
    of index max(its element's cyclic index, its exponent in w less one); the
    other heaps keep their candidate element. The trial is the candidate times
    only this step's components (not every component freed so far), so it stays
    a few times the candidate's size. A generator, as ``_expand``; raises
    ``_Unseparated`` when REBASE_TRIES choices leave the failure as it is."""

    live = [h for h in range(1, n + 1) if h in pieces]
    options = [pieces.get(h, []) for h in range(n + 1)]

    def build(base_pre: _Pretension, base: List[int], freed: List[Tuple[int, Tuple[int, int]]]) -> _Pretension:
        comp = [-1] * (n + 1)
        for slot, (h, _) in enumerate(freed):
            comp[h] = slot
        return _trial(base_pre, base, comp, [c for _, c in freed], options, live, budget)

    first = [pre.phi[h] if h < n else 0 for h in range(n + 1)]
    candidate = build(pre, first, [(n, (2, 2))])
    yield
    while True:
        least = _least_failure(candidate, places, n, budget, pieces)
        if least is None:
            return candidate
        failure, truth = least
        exponent: Dict[int, int] = {}
        for h in failure:
            exponent[h] = exponent.get(h, 0) + 1
        heaps = sorted(exponent, reverse=True)      # the failure's heaps, largest first
        found = None
        tried = 0
        for size in range(1, len(heaps) + 1):
            for subset in itertools.combinations(heaps, size):
                freed = []
                for h in subset:
                    index = max(_cyclic_index(candidate, candidate.phi[h]), exponent[h] - 1)
                    freed.append((h, (index, _index_period(index))))
                base = [0 if h in subset else candidate.phi[h] for h in range(n + 1)]
                trial = build(candidate, base, freed)
                tried += 1
                yield
                if bool(trial.P[trial.word(failure)]) == truth:
                    found = trial
                    break
                if tried >= REBASE_TRIES:
                    break
            if found is not None or tried >= REBASE_TRIES:
                break
        if found is None:
            raise _Unseparated(candidate.order)
        candidate = found


# ---------------------------------------------------------------- presentation

def _letters(count: int) -> List[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [letters[i] if i < 26 else f"g{i + 1}" for i in range(count)]


def _word_text(word: Sequence[int], names: Sequence[str], sep: str) -> str:
    parts = [names[i] + (f"^{c}" if c > 1 else "") for i, c in enumerate(word) if c]
    return sep.join(parts) if parts else "1"


def _presentation(pre: _Pretension, bound: int
                  ) -> Tuple[List[Tuple[str, int]], List[str], List[str]]:
    """Generators (the heaps whose element the earlier heaps do not make),
    relations (each least non-normal word = its normal form, in degree then
    lexicographic order, the last generator most significant) and each element's name."""
    order = pre.order
    gen_heaps: List[int] = []
    closure = {0}
    for h in range(1, bound + 1):
        x = pre.phi[h]
        if x in closure:
            continue
        gen_heaps.append(h)
        frontier = list(closure)
        while frontier:
            nxt = []
            for y in frontier:
                for g in gen_heaps:
                    z = pre.mul(y, pre.phi[g])
                    if z not in closure:
                        closure.add(z)
                        nxt.append(z)
            frontier = nxt
    k = len(gen_heaps)
    names = _letters(k)
    sep = "" if k <= 26 else " "
    gens = [pre.phi[h] for h in gen_heaps]
    normal: Dict[int, Tuple[int, ...]] = {0: (0,) * k}
    normal_words = {(0,) * k}
    level = [(0,) * k]
    relations: List[Tuple[Tuple[int, ...], str]] = []

    def key(word: Tuple[int, ...]) -> Tuple[int, ...]:
        return tuple(reversed(word))

    elem_of = {(0,) * k: 0}
    while level:    # one level past the last element: its relations (a^2 = 1 of a cyclic group)
        candidates = {}
        for word in level:
            x = elem_of[word]
            for i in range(k):
                bigger = word[:i] + (word[i] + 1,) + word[i + 1:]
                candidates[bigger] = pre.mul(x, gens[i])
        level = []
        for word in sorted(candidates, key=key):
            x = candidates[word]
            if x not in normal:
                normal[x] = word
                normal_words.add(word)
                elem_of[word] = x
                level.append(word)
            elif all(word[:i] + (word[i] - 1,) + word[i + 1:] in normal_words for i in range(k) if word[i]):
                relations.append((key(word), f"{_word_text(word, names, sep)} = {_word_text(normal[x], names, sep)}"))
    element_names = [_word_text(normal[x], names, " ") if x in normal else str(x) for x in range(order)]
    # as the papers print them: by the last generator a relation involves, then the rest
    return list(zip(names, gen_heaps)), [text for _, text in sorted(relations)], element_names


def _finish(game: str, pre: _Pretension, bound: int, period: Optional[Tuple[int, int]], proven: bool,
            growth: Tuple[Tuple[int, int], ...], stopped: Optional[str] = None,
            next_order_at_least: Optional[int] = None, stop_reason: Optional[str] = None) -> MisereQuotient:
    order = pre.order
    table = tuple(tuple(pre.table[x * order:(x + 1) * order]) for x in range(order))
    generators, relations, names = _presentation(pre, bound)
    return MisereQuotient(
        game=game, order=order, table=table,
        p_portion=frozenset(x for x in range(order) if pre.P[x]),
        heap_elements=tuple(pre.phi[:bound + 1]), bound=bound, period=period, proven=proven,
        generators=tuple(generators), relations=tuple(relations), growth=growth, _names=tuple(names),
        stopped=stopped, next_order_at_least=next_order_at_least, stop_reason=stop_reason)
