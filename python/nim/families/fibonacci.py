"""Take-away games with a memory (Ferguson, Part I, chapter 1 and its exercises): dynamic
subtraction where a move takes at most c times the previous take. **Fibonacci Nim** is c = 2
(``fibonacci``), the "at most the previous take" game c = 1 (``at-most-previous``), any
other c up to MAX_C is ``dynamic,k=c``. The first move from a heap may take anything but
the whole heap.

A component is a heap with its memory: ``[heap, limit]``, the limit the largest take
now allowed; a bare number is a fresh heap (limit heap - 1).

The theory (Whinihan 1963 for Fibonacci Nim; Schwenk 1970 for any non-decreasing limit
function, here t -> c t): let H_1 = 1, H_{j+1} = H_j + H_l with l the least index with
c H_l >= H_j (c = 2: the Fibonacci numbers, Zeckendorf's theorem; c = 1: the powers of 2).
Write the heap greedily as a sum of H's; the player to move wins exactly when the
smallest term is at most the limit, and taking that term wins. A sum of heaps is decided
by the XOR of their Grundy values (by the mex, as far as the limits reach).

>>> game = DynamicTake(2)
>>> game.is_lost((5, 4)), game.winning_option((20, 19))
(True, (2, ((18, 4),)))
>>> game.smallest_term(10**30) > 0
True
"""

from __future__ import annotations

import operator
from bisect import bisect_left, bisect_right
from typing import Any, ClassVar, Dict, Iterable, Iterator, List, Optional, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError
from nim.families.base import ComponentFamily, Fields, RuleFamily, register_family
from nim.families.vectors import VectorEncoding, slotted
from nim.families.play import HeapPlay, PlayHooks

__all__ = ["DynamicTake", "MAX_C"]

#: The largest multiplier c of ``dynamic,k=c`` (the H sequence grows more slowly as c grows).
MAX_C = 16
#: The most binary digits a heap may have (about 4,300 decimal ones).
MAX_BITS = 14_300
#: The names of the two games of the text.
NAMES = {2: "fibonacci", 1: "at-most-previous"}

Component = Tuple[int, int]

_SEQUENCES: Dict[int, List[int]] = {}


def _sequence(c: int, upto: int) -> List[int]:
    """Schwenk's H sequence for t -> c t, extended past ``upto``."""
    h = _SEQUENCES.setdefault(c, [1])
    while h[-1] <= upto:
        last = h[-1]
        h.append(last + h[bisect_left(h, -(-last // c))])   # the least H_l with c H_l >= H_j
    return h


@register_family
class DynamicTake(ComponentFamily):
    """Take at most c times the previous take (the first move: not the whole heap)."""

    tag: ClassVar[str] = "dynamic"
    syntax: ClassVar[str] = "fibonacci | at-most-previous | dynamic,k=C"
    component_noun: ClassVar[str] = "heap"
    example: ClassVar[str] = "[20, [7, 2]]"
    play: ClassVar[PlayHooks] = HeapPlay()

    __slots__ = ("c",)

    def __init__(self, c: int) -> None:
        if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= MAX_C:
            raise InvalidRulesError(f"the multiplier of a take-at-most-c-times-the-previous game is a whole "
                                    f"number from 1 to {MAX_C}, not {c!r}")
        self.c = c

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        for c, game in NAMES.items():
            if name == game:
                if value:
                    raise InvalidRulesError(f"{game} takes no parameters, not {text!r}")
                return cls(c)
        if name != "dynamic":
            return None
        key, _, number = value.partition("=")
        if key.strip() != "k" or not (number.strip().isascii() and number.strip().isdigit()) \
                or len(number.strip()) > 4 or not 1 <= int(number) <= MAX_C:
            raise InvalidRulesError(f"dynamic subtraction is written 'dynamic,k=C' (a move takes at most C times "
                                    f"the previous take, C from 1 to {MAX_C}), not {text!r}")
        return cls(int(number))

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if subtract is not None or octal is not None:
            raise InvalidRulesError("dynamic subtraction takes k= only (the multiplier)")
        return cls(2 if k is None else k)

    def fields(self) -> Fields:
        return (self.c, None, None)

    def option_text(self) -> str:
        return "," + NAMES[self.c] if self.c in NAMES else f",dynamic,k={self.c}"

    def describe(self, misere: bool) -> str:
        name = {2: "Fibonacci Nim", 1: "Take at most the previous take"}.get(
            self.c, f"Dynamic subtraction (c = {self.c})")
        times = "the previous take" if self.c == 1 else f"{self.c} times the previous take"
        return (f"{name}: a position is a list of heaps, each a fresh heap or [heap, limit]; the first move from a "
                f"heap takes anything but the whole heap, each later one at most {times} on that heap; the player "
                "who cannot move " + ("wins." if misere else "loses."))

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """Each heap with its limit (the most the next move may take), sorted, (0, 0) for none, as
        many as the start's; each number at most the start's largest heap."""
        top = max((heap for heap, _ in start), default=0)
        return slotted(max(len(start), 1), [top + 1] * 2, list, list,
                       f"the heaps (heap, limit), sorted, (0, 0) for none, {len(start)} of them; each 0 to {top}")

    def read_component(self, value: Any) -> Component:
        fresh = not (hasattr(value, "__len__") and not isinstance(value, (str, bytes, dict)))
        parts = [value] if fresh else list(value)
        if len(parts) not in (1, 2):
            raise InvalidPositionError(f"a heap of this game is a number (a fresh heap) or [heap, limit], "
                                       f"not {_short(value)}")
        numbers = []
        for part in parts:
            if isinstance(part, bool):
                raise InvalidPositionError(f"a heap and its limit are whole numbers, not {part!r}")
            try:
                number = operator.index(part)
            except TypeError:
                raise InvalidPositionError(f"a heap and its limit are whole numbers, not {_short(part)}") from None
            if number < 0:
                raise InvalidPositionError(f"a heap and its limit cannot be negative: {number}")
            if number.bit_length() > MAX_BITS:
                raise InvalidPositionError("a heap has at most about 4,300 decimal digits")
            numbers.append(number)
        heap = numbers[0]
        if len(numbers) == 1:
            return (heap, max(heap - 1, 0))
        if numbers[1] == 0 and heap:
            raise InvalidPositionError(f"the limit of [heap, limit] is at least 1 (the largest take now allowed), "
                                       f"not 0; a fresh heap is given as the number alone: {heap}")
        return (heap, min(numbers[1], heap))

    def component_value(self, component: Any) -> Any:
        heap, limit = component
        return heap if limit == max(heap - 1, 0) and limit == 0 else [heap, limit]

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        heap, limit = component
        for take in range(1, min(limit, heap) + 1):
            left = heap - take
            yield (take, ((left, min(self.c * take, left)),) if left else ())

    def option_count(self, component: Any) -> int:
        heap, limit = component
        return int(min(limit, heap))

    def reach(self, component: Any) -> int:
        heap = int(component[0])
        return (heap + 1) ** 3

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        heap, limit = component
        after = left[0] if left else (0, 0)
        return (f"take {count} from the heap of {heap} (at most {limit} allowed), leaving {after[0]}"
                + (f", on which the next take is at most {after[1]}" if after[0] else ""))

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: a fresh heap of each size 1 .. ``upto`` (its first move: anything but
        the whole heap), and so which first take wins."""
        return (f"a fresh heap of 1 to {upto}", (self.read_component(n) for n in range(1, upto + 1)))

    def theory_words(self) -> str:
        if self.c == 2:
            head = ("Fibonacci Nim: Whinihan's theorem (1963; Ferguson, Part I, chapter 1): write the heap as "
                    "a sum of non-consecutive Fibonacci numbers (Zeckendorf's theorem); the player to move wins "
                    "exactly when the smallest of them is at most the limit, and taking it wins")
        else:
            terms = ("powers of 2 (its binary digits)" if self.c == 1
                     else f"the numbers of Schwenk's sequence for c = {self.c}")
            head = (f"take at most {'the previous take' if self.c == 1 else f'{self.c} times the previous take'}: "
                    "Schwenk's theorem (1970; Ferguson, Part I, chapter 1): write the heap greedily as a sum of "
                    f"{terms}; "
                    "the player to move wins exactly when the smallest term is at most the limit, and taking it wins")
        return head + ". A sum of heaps is decided by the XOR of their Grundy values, computed by the mex"

    def smallest_term(self, heap: int) -> int:
        """The smallest term of the heap's greedy sum of H's (0 for an empty heap)."""
        sequence = _sequence(self.c, heap)
        smallest = 0
        while heap:
            smallest = sequence[bisect_right(sequence, heap) - 1]
            heap -= smallest
        return smallest

    def is_lost(self, component: Any) -> Optional[bool]:
        heap, limit = component
        return bool(heap == 0 or self.smallest_term(heap) > limit)

    def grundy(self, component: Any) -> Optional[int]:
        return 0 if self.is_lost(component) else None

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        heap, limit = component
        if self.is_lost(component):
            return None
        take = self.smallest_term(heap)
        left = heap - take
        return (take, ((left, min(self.c * take, left)),) if left else ())


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
