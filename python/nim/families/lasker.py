"""Lasker's Nim (Ferguson, Part I, chapter 4; Lasker 1931): a move either takes any
number of objects from one heap, or splits one heap into two non-empty heaps.

Its Grundy values have a closed form by n mod 4 (proved by induction on n, and checked
here against the mex): g(0) = 0, and for n >= 1

    g(n) = n       when n = 1 or 2 mod 4,
    g(n) = n + 1   when n = 3 mod 4,
    g(n) = n - 1   when n = 0 mod 4,

so a sum of heaps is decided by the XOR of these values (Sprague-Grundy), at any size.
Misère play has no such formula: an exact search over positions.

>>> game = LaskerNim()
>>> [game.grundy(n) for n in range(9)]
[0, 1, 2, 4, 3, 5, 6, 8, 7]
>>> game.option_to(3, 3)
(0, (1, 2))
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Iterable, Iterator, Optional, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import ComponentFamily, Unparameterised, register_family
from nim.families.vectors import VectorEncoding, heap_slots
from nim.families.play import PlayHooks, SplitHeapPlay

__all__ = ["LaskerNim", "lasker_grundy"]

#: The most binary digits a heap may have (about 4,300 decimal ones, Python's own limit).
MAX_BITS = 14_300


def lasker_grundy(n: int) -> int:
    """The Grundy value of a heap of ``n`` in Lasker's Nim, by n mod 4."""
    if n == 0:
        return 0
    return {1: n, 2: n, 3: n + 1, 0: n - 1}[n % 4]


def _heap_of(value: int) -> int:
    """The heap whose Grundy value is ``value`` (the closed form's inverse)."""
    if value == 0:
        return 0
    return {1: value, 2: value, 0: value - 1, 3: value + 1}[value % 4]


@register_family
class LaskerNim(Unparameterised, ComponentFamily):
    """Lasker's Nim: take any number from one heap, or split a heap into two."""

    tag: ClassVar[str] = "lasker"
    title: ClassVar[str] = "Lasker's Nim"
    component_noun: ClassVar[str] = "heap"
    example: ClassVar[str] = "[3, 5, 7]"
    play: ClassVar[PlayHooks] = SplitHeapPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Lasker's Nim: a position is a list of heaps; a move takes any number of objects from one heap, "
                "or splits one heap into two non-empty heaps; the player who cannot move "
                + ("wins." if misere else "loses."))

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The heaps, sorted, padded with zeros to the start's total (a split keeps it)."""
        return heap_slots(start, splits=True)

    def read_component(self, value: Any) -> int:
        if isinstance(value, bool):
            raise InvalidPositionError(f"a heap of Lasker's Nim is a whole number, not {value!r}")
        try:
            number = operator.index(value)
        except TypeError:
            raise InvalidPositionError(f"a position of Lasker's Nim is a list of heaps, such as [3, 5, 7]; "
                                       f"{_short(value)} is not a heap") from None
        if number < 0:
            raise InvalidPositionError(f"a heap cannot be negative: {number}")
        if number.bit_length() > MAX_BITS:
            raise InvalidPositionError("a heap of Lasker's Nim has at most about 4,300 decimal digits")
        return number

    def component_value(self, component: Any) -> Any:
        return int(component)

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        n = component
        for take in range(1, n + 1):
            yield (take, (n - take,) if take < n else ())
        for a in range(1, n // 2 + 1):
            yield (0, (a, n - a))

    def option_count(self, component: Any) -> int:
        return int(component) + int(component) // 2

    def reach(self, component: Any) -> int:
        n = int(component)
        return (n + 1) * (n + n // 2 + 1)

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        if count == 0:
            return f"split the heap of {component} into {left[0]} and {left[1]}"
        return f"take {count} from the heap of {component}, leaving {left[0] if left else 0}"

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: one heap of each size 0 .. ``upto``."""
        return (f"one heap of 0 to {upto}", range(upto + 1))

    def theory_words(self) -> str:
        return ("Lasker's Nim (Ferguson, Part I, chapter 4; Lasker 1931): the Grundy value of a heap of n is "
                "n when n is 1 or 2 mod 4, n + 1 when n is 3 mod 4, n - 1 when n is 0 mod 4 (by induction on n; "
                "checked against the mex); a sum of heaps is lost exactly when the XOR of these values is 0 "
                "(the Sprague-Grundy theorem)")

    def grundy(self, component: Any) -> Optional[int]:
        return lasker_grundy(int(component))

    def is_lost(self, component: Any) -> Optional[bool]:
        return int(component) == 0

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        return (n, ()) if n else None                  # one heap alone: take it all

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        m = _heap_of(target)
        if m < n:                                      # a take reaches it
            return (n - m, (m,) if m else ())
        # only n = 3 mod 4 and target n (its value is n + 1): split off a heap of 1
        for a in range(1, min(n // 2, 8) + 1):
            if lasker_grundy(a) ^ lasker_grundy(n - a) == target:
                return (0, (a, n - a))
        return None


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
