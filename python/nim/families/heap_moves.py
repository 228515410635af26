"""The moves of one heap in a take-and-break game (SPEC section 2.1), in pure Python.

This is the package's reference of what a move is under an octal code or in
Grundy's game; ``Rules.heap_moves``, ``Position.moves``, ``is_legal`` and
``apply`` read it. It sits below the rules (it knows codes, not ``Rules``);
``nim.takebreak.moves`` gives the same moves for a rule set or a rule string.

An octal code ``d0.d1d2...dt`` allows, for each place k and a heap of n:

- bit 1 of d_k: take k when n == k (nothing is left);
- bit 2 of d_k: take k when n > k, leaving one heap of n - k;
- bit 4 of d_k: take k when n - k >= 2, leaving two non-empty heaps a + b = n - k
  (for d0, place 0: split without taking).

Grundy's game splits a heap into two unequal non-empty heaps (take 0).

A move is ``(count, split)``: ``split`` is None (one heap left, or none) or
``(a, b)``. The two heaps of a split are a set, not a sequence: the moves list
each pair once, with ``a <= b`` (``a < b`` in Grundy's game); a player may
still lay them out the other way round (``is_legal`` accepts ``(b, a)``).

Order (documented for ``Position.moves``): larger take first; for one take,
the move that leaves one heap (or none) first, then the splits by their
smaller part, smallest first.

>>> list(HeapMoves(places_of("octal", "0.77"), 4))
[(2, None), (2, (1, 1)), (1, None), (1, (1, 2))]
>>> list(HeapMoves(places_of("grundy", None), 7))
[(0, (1, 6)), (0, (2, 5)), (0, (3, 4))]
>>> len(HeapMoves(places_of("octal", "0.77"), 10**12))
1000000000000
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any, List, Optional, Sequence, Tuple, TypeVar, overload

from nim.errors import InvalidPositionError, InvalidRulesError
from nim.families.octal_codes import parse_code, places

__all__ = ["GRUNDY_PLACES", "HeapMove", "HeapMoves", "MAX_PIN_ROW", "Places", "heap_has_move", "is_heap_move",
           "pin_row_heaps", "places_of"]

#: The most characters of a row of pins (``"I.IIIII"``).
MAX_PIN_ROW = 10_000_000

#: One move of a heap: the count taken and the two heaps left (None: one heap, or none).
HeapMove = Tuple[int, Optional[Tuple[int, int]]]

#: ``(takes_all, leaves, splits, unequal)`` of a game: the places whose digit has
#: bit 1, bit 2, bit 4, and whether the two parts of a split must differ.
Places = Tuple[Tuple[int, ...], Tuple[int, ...], Tuple[int, ...], bool]


#: The places of Grundy's game: split without taking, the two parts unequal.
GRUNDY_PLACES: Places = ((), (), (0,), True)


def places_of(take: str, octal: Optional[str]) -> Places:
    """The places of a take-and-break game: ``take`` ``"grundy"``, or ``"octal"``
    with its code (a ``Rules``' ``take`` and ``octal`` fields).

    Raises
    ------
    InvalidRulesError
        For a take rule, which does not split heaps (its moves are ``Rules.takes``).
    """
    if take == "grundy":
        return GRUNDY_PLACES
    if take != "octal" or octal is None:
        raise InvalidRulesError(f"take={take!r} does not split heaps (a take-and-break game is an octal code "
                                "or Grundy's game): its moves are Rules.takes(n)")
    return _places_of_code(octal)


@lru_cache(maxsize=256)
def _places_of_code(code: str) -> Places:
    return places(parse_code(code)) + (False,)


@lru_cache(maxsize=256)
def _counts(places: Places) -> Tuple[Tuple[int, bool, bool, bool], ...]:
    """``(count, bit 1, bit 2, bit 4)`` of every count the game takes, larger first."""
    takes_all, leaves, splits, _ = places
    return tuple((count, count in takes_all, count in leaves, count in splits)
                 for count in sorted(set(takes_all) | set(leaves) | set(splits), reverse=True))


def _split_count(rest: int, unequal: bool) -> int:
    """How many unordered splits of ``rest`` into two non-empty heaps (unequal: a < b)."""
    if rest < 2:
        return 0
    return (rest - 1) // 2 if unequal else rest // 2


_M = TypeVar("_M")


class CountedMoves(Sequence[_M]):
    """A sequence of moves held by their count, not as a list: ``len``, truth, negative
    indexes and slices from ``_len`` and ``_at`` (an index already in range), which a
    subclass writes. ``total`` says the count past 2**63 too, where ``len()`` cannot."""

    __slots__ = ()
    _len: int

    @property
    def total(self) -> int:
        """How many moves, also past 2**63 (where ``len()`` cannot say it)."""
        return self._len

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    @overload
    def __getitem__(self, index: int) -> _M: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[_M]: ...
    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(index)
        return self._at(index)

    def _at(self, index: int) -> _M:
        raise NotImplementedError


class HeapMoves(CountedMoves[HeapMove]):
    """Every move of one heap of ``n`` under a take-and-break game, in the
    module's order, without building a list: ``len``, indexing and ``in`` cost
    O(places of the code), not O(moves) (a Kayles heap of 10**12 has 10**12).

    A heap of 2**63 or more has more moves than ``len()`` can return (it raises
    OverflowError past ``sys.maxsize``): ``total`` says how many at any size, and
    every caller that counts moves reads it (``nim.position.count_takes``).

    >>> HeapMoves(((1, 2), (1, 2), (1, 2), False), 2**64).total == 2**64
    True
    """

    __slots__ = ("n", "_places", "_blocks", "_starts", "_len")

    def __init__(self, places: Places, n: int) -> None:
        self.n = n
        self._places = places
        unequal = places[3]
        # one block per count, larger first: (count, plain move?, splits)
        blocks: List[Tuple[int, bool, int]] = []
        starts: List[int] = []
        total = 0
        for count, takes_all, leaves, splits in _counts(places):
            if count > n:
                continue
            plain = (takes_all and count == n) or (leaves and count < n)
            parts = _split_count(n - count, unequal) if splits else 0
            if plain or parts:
                blocks.append((count, plain, parts))
                starts.append(total)
                total += plain + parts
        self._blocks = blocks
        self._starts = starts
        self._len = total

    def counts(self) -> List[int]:
        """The counts a move may take, ascending (one entry per place of the code, not per move)."""
        return sorted(count for count, _, _ in self._blocks)

    def _at(self, index: int) -> HeapMove:
        block = len(self._starts) - 1
        while self._starts[block] > index:      # at most one block per place of the code
            block -= 1
        count, plain, _ = self._blocks[block]
        offset = index - self._starts[block]
        if plain:
            if offset == 0:
                return (count, None)
            offset -= 1
        first = offset + 1
        return (count, (first, self.n - count - first))

    def __iter__(self) -> Iterator[HeapMove]:
        n = self.n
        for count, plain, parts in self._blocks:
            if plain:
                yield (count, None)
            for first in range(1, parts + 1):
                yield (count, (first, n - count - first))

    def __reversed__(self) -> Iterator[HeapMove]:
        # Sequence's own __reversed__ calls len(), which fails past sys.maxsize moves
        n = self.n
        for count, plain, parts in reversed(self._blocks):
            for first in range(parts, 0, -1):
                yield (count, (first, n - count - first))
            if plain:
                yield (count, None)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, tuple) or len(move) != 2:
            return False
        count, split = move
        return is_heap_move(self._places, self.n, count, split)


def heap_has_move(places: Places, n: int) -> bool:
    """True when a heap of ``n`` has a move under the game of ``places``
    (False: a dead heap, which can be dropped without changing the game)."""
    takes_all, leaves, splits, unequal = places
    least = 3 if unequal else 2
    return (n in takes_all or any(k < n for k in leaves)
            or any(n - k >= least for k in splits))


def is_heap_move(places: Places, n: int, count: int, split: Optional[Tuple[int, int]]) -> bool:
    """True when taking ``count`` from a heap of ``n`` and leaving ``split``
    (None: one heap or none; else two heaps, in either order) is a move of the game."""
    takes_all, leaves, splits, unequal = places
    if split is None:
        return (count == n and count in takes_all) or (0 < count < n and count in leaves)
    first, second = split
    return (count in splits and first >= 1 and second >= 1 and first + second + count == n
            and not (unequal and first == second))


def pin_row_heaps(text: str) -> Optional[Tuple[int, ...]]:
    """The heaps of a row of pins written with ``I`` for a pin and ``.`` for a gap (Ferguson's
    Kayles row, Dudeney and Loyd's problem): the lengths of its runs of pins, each a heap of
    any take-and-break game (a move that knocks pins out of a run leaves the runs either
    side); None when ``text`` is not such a row.

    >>> pin_row_heaps("I.IIIII"), pin_row_heaps(" IIII..II "), pin_row_heaps("..."), pin_row_heaps("3 5")
    ((1, 5), (4, 2), (), None)

    Raises
    ------
    InvalidPositionError
        For a row longer than MAX_PIN_ROW characters.
    """
    row = text.strip()
    if not row or row.strip("I."):
        return None
    if len(row) > MAX_PIN_ROW:
        raise InvalidPositionError(f"a row of pins has at most {MAX_PIN_ROW:,} characters, not {len(row):,}: "
                                   "give its heaps as numbers instead")
    return tuple(len(run) for run in row.split(".") if run)
