"""Sums of take-and-break heaps in normal play: values by XOR, winning moves (issue 23, item 2).

By the Sprague-Grundy theorem a position of heaps of an octal game (or of
Grundy's game) is lost for the player to move exactly when the XOR of its
heaps' nim-sequence values is 0. ``SumTable`` answers that for heaps of any
size where the game's period is proven (``octal_period``), and for heaps up to
the number computed where it is not (Grundy's game, codes whose period lies
further): a larger heap is refused with an error naming the bound.

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

from _thread import allocate_lock
from functools import lru_cache
from typing import Iterable, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError
from nim.octal_moves import heap_has_move
from nim.octal.sequence import DEFAULT_MAX_HEAPS, OctalPeriod, game_places, octal_period
from nim.position import Move
from nim.rules import Rules, RulesLike

__all__ = ["COMPUTED_HEAPS", "SumTable", "sum_table"]

#: The most heaps computed for a game without a proven period (heaps past it are refused).
COMPUTED_HEAPS = DEFAULT_MAX_HEAPS

#: Heaps computed first (enough for the period of Kayles, Dawson's Kayles, 0.137, 4.07).
_FIRST_HEAPS = 1 << 12


class SumTable:
    """Normal-play values and winning moves of sums of heaps of one take-and-break game.

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
        ruleset = Rules.coerce(rules)
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
        self._full = False
        self._lock = allocate_lock()
        self._set(octal_period(ruleset, max_heaps=_FIRST_HEAPS, progress=False))

    def _set(self, found: OctalPeriod) -> None:
        # in this order, so that a thread reading meanwhile sees consistent fields: the
        # values before their count, the period before the flag that says it is proven
        self._rare: Optional[List[int]] = None
        self._values: Sequence[int] = found.values
        self._heaps = found.heaps
        self._pre = found.preperiod or 0
        self._p = found.period or 0
        self._proven = found.proven
        self.period = found

    # ------------------------------------------------------------ values

    def _grow(self, heap: int) -> None:
        """Compute as far as the period (or the bound) so that ``heap`` is answered.

        Raises
        ------
        InvalidPositionError
            When no period is proven within COMPUTED_HEAPS heaps and ``heap`` is past them.
        """
        with self._lock:                # one thread computes; the others then find it done
            self._grow_locked(heap)
        if heap >= self._heaps and not self._proven:
            bound = max(self._heaps, COMPUTED_HEAPS)
            raise InvalidPositionError(
                f"heap {heap:,} is past the {bound:,} heaps computed at most for {self.code}, and no "
                f"period is proven within them: the sum's value is known for heaps up to "
                f"{bound - 1:,} only")

    def _grow_locked(self, heap: int) -> None:
        if heap < self._heaps or self._proven:
            return
        if self.grundy_game:
            # no theorem proves a period of Grundy's game: compute as far as the heap (doubling), no further
            if heap < COMPUTED_HEAPS:
                size = min(COMPUTED_HEAPS, max(heap + 1, 2 * self._heaps))
                self._set(octal_period(self.rules, max_heaps=size))
        elif not self._full:
            self._full = True
            self._set(octal_period(self.rules, max_heaps=COMPUTED_HEAPS))

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

    def grundies(self, heaps: Sequence[int]) -> List[int]:
        """The Grundy value of each heap (one pass, no call per heap where the period is proven)."""
        if not heaps:
            return []
        if not self._proven:
            self.grundy(max(heaps))         # grows the table (or proves the period) once, or refuses
        if self._proven:
            values, computed, pre, p = self._values, self._heaps, self._pre, self._p
            return [values[h] if h < computed else values[pre + (h - pre) % p] for h in heaps]
        values = self._values
        return [values[h] for h in heaps]

    def value(self, heaps: Sequence[int]) -> int:
        """The nim-sum (XOR) of the heaps' Grundy values: 0 exactly when the mover loses."""
        return _xor(self.grundies(heaps))

    def solve(self, heaps: Sequence[int]) -> Tuple[int, Optional[Move]]:
        """``(value, move)``: +1 with a winning move, or -1 with the first legal move
        (None when no move is left). O(heaps + the options of one heap)."""
        grundies = self.grundies(heaps)
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
        """A split of a common ``target`` through its rare part (see the module's notes)."""
        mask = self.period.mask
        if not mask or bin(target & mask).count("1") % 2 == 0:
            return None
        if self._rare is None:
            values = self._values
            self._rare = [a for a in range(1, self._heaps) if bin(values[a] & mask).count("1") % 2 == 0]
        for rare in self._rare:
            if rare >= total:
                break
            a, b = min(rare, total - rare), max(rare, total - rare)
            if 1 <= a <= largest and self.grundy(a) ^ self.grundy(b) == target:
                return a, b
        return None


def _xor(values: Iterable[int]) -> int:
    total = 0
    for value in values:
        total ^= value
    return total


@lru_cache(maxsize=32)
def _cached(rules: Rules) -> SumTable:
    return SumTable(rules)


def sum_table(rules: RulesLike) -> SumTable:
    """The SumTable of a rule set, built once (the convention is not read)."""
    ruleset = Rules.coerce(rules)
    if ruleset.misere:
        ruleset = Rules(take=ruleset.take, octal=ruleset.octal) if ruleset.take == "octal" else Rules(take="grundy")
    return _cached(ruleset)
