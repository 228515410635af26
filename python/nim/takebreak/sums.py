"""Sums of take-and-break heaps in normal play: values by XOR, winning moves (issue 23, item 2).

By the Sprague-Grundy theorem a position of heaps of an octal game (or of
Grundy's game) is lost for the player to move exactly when the XOR of its
heaps' nim-sequence values is 0. ``SumTable`` answers that for heaps of any
size where the game's period is proven (``octal_period``), and where it is not
(Grundy's game, codes whose period lies further) for heaps whose values it
computes on demand -- as far as the heap asked, within the caller's limits,
while they fit in memory (a larger heap is refused with an error naming the
bound); long sequences are stored between runs (``nim.takebreak.cache``).

A winning move costs O(heaps + the options of one heap): find a heap of value
g with g ^ X < g (X the sum), then an option of that heap of value t = g ^ X --
a take leaving one heap or none, or a split (a, b) with G(a) ^ G(b) = t. Splits
are searched through the sequence's structure rather than by a scan over every
a up to the heap:

- with a proven period p from preperiod n0, a split (a, b), a <= b, with
  a >= max(n0, 1) + p has the twin (a - p, b + p) of the same values, so the
  smaller parts a < max(n0, 1) + p cover every value a split can reach;
- without one, the rare-values structure: under the mask M of the
  rare-values method a value v is rare when popcount(v & M) is even; a common
  target t is reached only by a rare part and a common one, and the rare heaps
  are few, so they are tried first; a rare target falls back to the scan.

>>> table = SumTable("kayles")
>>> table.value([1, 2, 3])
0
>>> table.winning_move([7, 4, 10**9])
Move(pile=0, count=1, split=(3, 3))
"""

from __future__ import annotations

import os
import time
from _thread import allocate_lock
from array import array
from functools import lru_cache
from typing import Iterable, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError
from nim.game.limits import Limits
from nim.families.heap_moves import heap_has_move
from nim.takebreak.sequence import (
    DEFAULT_MAX_HEAPS, OctalPeriod, cached_sequence, extend_sequence, game_places, progress_callback,
    rare_of, store_sequence,
)
from nim.takebreak.cache import STORE_FROM
from nim.position import Move
from nim.rules import Rules, RulesLike


#: No limits: Ctrl-C only.
_NO_LIMITS = Limits(nodes=None)

__all__ = ["COMPUTED_HEAPS", "SumTable", "sum_table"]

#: The most heaps computed to prove a period for a heap past what memory holds (refused past it).
COMPUTED_HEAPS = DEFAULT_MAX_HEAPS

#: Heaps computed first (enough for the period of Kayles, Dawson's Kayles, 0.137, 4.07).
_FIRST_HEAPS = 1 << 12


class SumTable:
    """Normal-play values and winning moves of sums of heaps of one take-and-break game.

    The nim-sequence is computed on demand: a heap past the values computed
    extends them as far as that heap and no further; a heap past COMPUTED_HEAPS
    first as far as a period proven by the Octal Game Periodicity Theorem needs
    (at most COMPUTED_HEAPS heaps), then, without one, as far as the heap while
    the values fit in memory (``max_heaps()``; past it the heap is refused). Each
    extension runs within the caller's ``limits`` (time, nodes -- one a heap
    computed --, cancel, progress) and Ctrl-C; what was computed before a stop
    is kept for the next call.

    Parameters
    ----------
    rules : Rules or str
        An octal game or Grundy's game (the convention is not read: normal-play values).

    Raises
    ------
    InvalidRulesError
        For rules that do not split heaps (a take rule has its own theory).
    """

    def __init__(self, rules: RulesLike) -> None:
        self._start(Rules.coerce(rules))

    @classmethod
    def _of(cls, ruleset: Rules) -> "SumTable":
        """``SumTable(ruleset)`` for a ``Rules`` (the package's own callers: the rule
        string is read once, at the surface)."""
        table = cls.__new__(cls)
        table._start(ruleset)
        return table

    def _start(self, ruleset: Rules) -> None:
        if not ruleset.splits:
            raise InvalidRulesError(f"rules {ruleset} do not split heaps: nim.solve answers them by their theory")
        self.rules = ruleset
        self.code, takes_all, leaves, splits, self.grundy_game = game_places(ruleset)
        self.takes_all = frozenset(takes_all)
        self.leaves = leaves
        self.splits = splits
        #: the smallest sum of a split's parts (they are unequal in Grundy's game)
        self._least_split = 3 if self.grundy_game else 2
        self._places = ruleset.split_places()
        self._lock = allocate_lock()
        self._name, self._sequence, _ = cached_sequence(ruleset, "auto", _memory_bound())
        self._theorem = not self.grundy_game      # no theorem proves a period of Grundy's game
        self._checked = 0                          # heaps at the last look for the period
        self._found: Optional[OctalPeriod] = None
        self._started = time.monotonic()
        self._rare: Optional[List[int]] = None
        self._values: Sequence[int] = array("B")
        self._heaps = 0
        self._pre = self._p = 0
        self._proven = False
        with self._lock:
            self._compute(_FIRST_HEAPS, None)          # the first look: Kayles and most codes end here

    def _publish(self) -> None:
        # in this order, so that a thread reading meanwhile sees consistent fields: the
        # values before their count, the period before the flag that says it is proven
        self._rare = None
        self._found = None
        self._values = self._sequence.values()
        self._heaps = len(self._values)

    def _compute(self, end: int, limits: Optional[Limits], deadline: Optional[float] = None) -> None:
        """Extend the values to ``end`` heaps within ``limits`` (the time limit as ``deadline``,
        a ``time.monotonic()``), then look for the period (each time the values have doubled)."""
        options = limits if limits is not None else _NO_LIMITS
        callback, bar = progress_callback(options.progress if options.progress else False,
                                          self._name, end)
        try:
            extend_sequence(self._sequence, self._name, end, callback, options.cancel,
                            deadline=deadline, node_limit=options.nodes or None)
        finally:
            if bar is not None:
                bar.close()
            self._publish()
            if self._heaps >= STORE_FROM:
                store_sequence(self._name, self._sequence)
        if self._theorem and (self._heaps >= 2 * self._checked or self._heaps >= COMPUTED_HEAPS):
            self._checked = self._heaps
            preperiod, period, _ = self._sequence.find_period()
            if period is not None:
                self._pre, self._p = int(preperiod), int(period)
                self._proven = True

    @property
    def period(self) -> OctalPeriod:
        """What is known of the sequence: the values computed and the period when proven."""
        found = self._found
        if found is None:
            sequence = self._sequence
            mask = sequence.mask or None
            rare = rare_of(sequence)
            found = OctalPeriod(self._name, sequence.places, self._pre if self._proven else None,
                                self._p if self._proven else None, self._sequence.values(),
                                sequence.largest, mask, rare, time.monotonic() - self._started,
                                "rare" if sequence.fast else "plain", sequence.sparse)
            self._found = found
        return found

    def max_heaps(self) -> int:
        """The most heaps computed on demand: as many as half the machine's memory holds at
        the sequence's bytes a heap (two once a value passes 255), at most nimcore.octal.MAX_HEAPS."""
        return _memory_bound()

    # ------------------------------------------------------------ values

    def _grow(self, heap: int, limits: Optional[Limits] = None) -> None:
        """Compute as far as ``heap`` (or, past the memory bound, as far as the period needs).

        Raises
        ------
        InvalidPositionError
            When ``heap`` is past the memory bound and no period is proven within
            COMPUTED_HEAPS heaps.
        SearchLimitError
            When a limit stops the computation (the values computed are kept).
        """
        with self._lock:                # one thread computes; the others then find it done
            self._grow_locked(heap, limits)
        if heap >= self._heaps and not self._proven:
            bound = _memory_bound()
            raise InvalidPositionError(
                f"heap {heap:,} is past the {bound:,} heaps this machine can hold for {self.code}, "
                f"and no period is proven within the {max(self._heaps, COMPUTED_HEAPS):,} heaps "
                f"computed: the sum's value is known for heaps up to {bound - 1:,} only")

    def _grow_locked(self, heap: int, limits: Optional[Limits]) -> None:
        if heap < self._heaps or self._proven:
            return
        deadline = None if limits is None or not limits.time else time.monotonic() + limits.time
        if heap < COMPUTED_HEAPS or not self._theorem:
            if heap < _memory_bound():
                self._compute(heap + 1, limits, deadline)       # as far as the heap asked, no further
            return
        # a large heap: a period proven within COMPUTED_HEAPS answers it (0.16's at 572,433 heaps);
        # grow as far as the best candidate needs, then, without one, as far as the heap
        while not self._proven and self._heaps < COMPUTED_HEAPS:
            _, _, longest = self._sequence.find_period()
            size = max(2 * self._heaps - 2 * longest + self._sequence.places,
                       self._heaps + self._heaps // 8)
            self._checked = 0           # look for the period after this growth
            self._compute(min(COMPUTED_HEAPS, size), limits, deadline)
        if not self._proven and heap < _memory_bound():
            self._compute(heap + 1, limits, deadline)

    def grundy(self, heap: int) -> int:
        """The normal-play Grundy value of one heap (any size where the period is proven).

        Raises
        ------
        InvalidPositionError
            For a heap past the bound of a game without a proven period.
        """
        if heap < self._heaps:
            return int(self._values[heap])
        if not self._proven:
            self._grow(heap)
            if heap < self._heaps:
                return int(self._values[heap])
        return int(self._values[self._pre + (heap - self._pre) % self._p])

    def grundies(self, heaps: Sequence[int], limits: Optional[Limits] = None) -> List[int]:
        """The Grundy value of each heap (one pass, no call per heap where the period is proven).

        ``limits`` bound the computation of values not computed yet (SearchLimitError)."""
        if not heaps:
            return []
        top = max(heaps)
        if not self._proven and top >= self._heaps:
            self._grow(top, limits)         # grows the table (or proves the period) once, or refuses
        if self._proven:
            values, computed, pre, p = self._values, self._heaps, self._pre, self._p
            return [values[h] if h < computed else values[pre + (h - pre) % p] for h in heaps]
        values = self._values
        return [values[h] for h in heaps]

    def value(self, heaps: Sequence[int], limits: Optional[Limits] = None) -> int:
        """The nim-sum (XOR) of the heaps' Grundy values: 0 exactly when the mover loses."""
        return _xor(self.grundies(heaps, limits))

    def solve(self, heaps: Sequence[int], limits: Optional[Limits] = None) -> Tuple[int, Optional[Move]]:
        """``(value, move)``: +1 with a winning move, or -1 with the first legal move
        (None when no move is left). O(heaps + the options of one heap) once the values
        are computed; ``limits`` bound that computation (SearchLimitError)."""
        grundies = self.grundies(heaps, limits)
        total = _xor(grundies)
        if total:
            return 1, self._winning_move(heaps, grundies, total)
        return -1, self.first_move(heaps)

    def dead(self, heap: int) -> bool:
        """True for a heap with no move (it can be dropped without changing the game).

        Not only the smallest heaps: under 0.16 a heap of 1 moves (d1 = 1) but one of 2 does not."""
        return not heap_has_move(self._places, heap)

    # ------------------------------------------------------------ moves

    def winning_move(self, heaps: Sequence[int]) -> Optional[Move]:
        """A move to a position of nim-sum 0, or None when the nim-sum is already 0.

        O(heaps + the options of the one heap moved in).
        """
        grundies = self.grundies(heaps)
        total = _xor(grundies)
        return self._winning_move(heaps, grundies, total) if total else None

    def _winning_move(self, heaps: Sequence[int], grundies: List[int], total: int) -> Move:
        for pile, g in enumerate(grundies):
            if g ^ total < g:
                found = self.option_of_value(heaps[pile], g ^ total)
                # the mex: a heap of value g has an option of every smaller value
                assert found is not None, (heaps[pile], g ^ total)
                count, split = found
                return Move(pile, count, split=split) if split else Move(pile, count)
        raise AssertionError("a non-zero nim-sum has a heap whose value it lowers")

    def best_move(self, heaps: Sequence[int]) -> Optional[Move]:
        """A winning move, or in a lost position the first legal move (the smallest take
        from the first heap that can move, as the theory of take rules shows one);
        None when no move is left."""
        move = self.winning_move(heaps)
        return move if move is not None else self.first_move(heaps)

    def first_move(self, heaps: Sequence[int]) -> Optional[Move]:
        """The first legal move (the smallest take from the first heap that can move),
        None when no move is left."""
        for pile, heap in enumerate(heaps):
            if not self.dead(heap):
                count, split = self.first_option(heap)
                return Move(pile, count, split=split) if split else Move(pile, count)
        return None

    def first_option(self, heap: int) -> Tuple[int, Optional[Tuple[int, int]]]:
        """``(count, split)`` of the smallest take from a heap that can move (a take
        leaving one heap or none before a split of the same count)."""
        for k in sorted(self.takes_all | set(self.leaves) | set(self.splits)):
            if k == heap and k in self.takes_all or k < heap and k in self.leaves:
                return k, None
            if k in self.splits and heap - k >= self._least_split:
                return k, (1, heap - k - 1)
        raise AssertionError(f"heap {heap} has no move")

    def option_of_value(self, heap: int, target: int) -> Optional[Tuple[int, Optional[Tuple[int, int]]]]:
        """``(count, split)`` of a move from one heap to value ``target`` (``split`` is
        ``(a, b)`` with a <= b, or None when one heap or none is left); None when no
        option has that value."""
        if target == 0 and heap in self.takes_all:
            return heap, None
        for k in self.leaves:
            if k < heap and self.grundy(heap - k) == target:
                return k, None
        for k in self.splits:
            parts = self.split_of_value(heap - k, target)
            if parts is not None:
                return k, parts
        return None

    def split_of_value(self, total: int, target: int) -> Optional[Tuple[int, int]]:
        """Parts ``(a, b)``, 1 <= a <= b (a < b in Grundy's game), a + b = ``total``, with
        G(a) ^ G(b) = ``target``; None when there are none."""
        largest = (total - 1) // 2 if self.grundy_game else total // 2
        if largest < 1:
            return None
        self.grundy(total)          # grows the table (or refuses) once, for the parts too
        if self._proven:
            # a split (a, b) with a >= max(n0, 1) + p has the twin (a - p, b + p), of the same value
            largest = min(largest, max(self._pre, 1) + self._p - 1)
        else:
            found = self._rare_split(total, target, largest)
            if found is not None:
                return found
        if total < self._heaps:         # both parts among the values computed: read them directly
            values = self._values
            for a in range(1, largest + 1):
                if values[a] ^ values[total - a] == target:
                    return a, total - a
            return None
        if self._proven and largest < self._heaps and total - largest >= self._pre:
            # the smaller parts among the values computed, the larger ones read through the period
            values, pre, p = self._values, self._pre, self._p
            for a in range(1, largest + 1):
                if values[a] ^ values[pre + (total - a - pre) % p] == target:
                    return a, total - a
            return None
        grundy = self.grundy
        for a in range(1, largest + 1):
            if grundy(a) ^ grundy(total - a) == target:
                return a, total - a
        return None

    def _rare_split(self, total: int, target: int, largest: int) -> Optional[Tuple[int, int]]:
        """A split of a common ``target`` through its rare part (see the module's notes).

        Common: popcount(target & M) odd under a value-type mask; under Flammenkamp's
        position-type mask, of parity (total & 1) ^ 1 -- either way only a rare part
        paired with a common one reaches it, and the rare heaps are the core's own list."""
        sequence = self._sequence
        mask = sequence.mask
        common = (total & 1) ^ 1 if sequence.position_type else 1
        if not mask or bin(target & mask).count("1") % 2 != common:
            return None
        if self._rare is None:
            self._rare = sequence.rare_list().tolist()
        values = self._values
        for rare in self._rare:
            if rare >= total:
                break
            a, b = min(rare, total - rare), max(rare, total - rare)
            if a <= largest and b < self._heaps and values[a] ^ values[b] == target:
                return a, b
        return None


def _memory_bound() -> int:
    """Heaps whose values (two bytes a heap at most) fit in half the machine's memory."""
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        memory = 1 << 32
    try:
        import resource

        cap = resource.getrlimit(resource.RLIMIT_AS)[0]     # an address-space cap (ulimit -v)
        if cap != resource.RLIM_INFINITY:
            memory = min(memory, cap)
    except (ImportError, OSError, ValueError):
        pass
    from nim.kernel import octal
    return max(COMPUTED_HEAPS, min(int(octal().MAX_HEAPS), memory // 4))


def _xor(values: Iterable[int]) -> int:
    total = 0
    for value in values:
        total ^= value
    return total


@lru_cache(maxsize=32)
def _cached(rules: Rules) -> SumTable:
    return SumTable._of(rules)


def sum_table(rules: RulesLike) -> SumTable:
    """The SumTable of a rule set, built once (the convention is not read)."""
    return table_of(Rules.coerce(rules))


def table_of(ruleset: Rules) -> SumTable:
    """``sum_table`` for a ``Rules`` (the package's own callers, which have one)."""
    if ruleset.misere:
        ruleset = ruleset.with_convention(False)
    return _cached(ruleset)
