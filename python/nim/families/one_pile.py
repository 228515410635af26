"""The one-pile games of Ferguson, Part I, chapter 3 (section 3.3 and exercises 3.5.3-4),
and Rims (chapter 4, exercise 8): a position is a list of heaps, a move changes one heap.

Each rule is not one of the compiled core's take loops (any, at most K, at most half, a
finite set: a divisor of n is none of these), so each is a ``ComponentFamily`` over heaps,
played by ``nim.solving.components``: normal play by the closed forms below at any size,
misère play by the exact search within its limits.

=================  ========================================  =====================================
rule string        a move from a heap of n                   Grundy value (n >= 1)
=================  ========================================  =====================================
``at-least-half``  take c, ceil(n/2) <= c <= n               the bit length of n: min{k : 2**k > n}
``at-most-half``   take 1 .. floor(n/2): the take rule ``half`` (an alias)
``dim+``           take a divisor c of n (1 and n included)  v2(n) + 1, v2 the 2-adic valuation
``aliquot``        take a proper divisor c of n (c < n)      v2(n)
``rims``           take c >= 1, split the rest into 0-2      n (Rims is Nim in disguise)
``set=powers-of-2``  take a power of 2: 1, 2, 4, 8, ...    n mod 3 (Ferguson, exercise 1.5.4(c))
=================  ========================================  =====================================

g(0) = 0 in every game. The proofs are short inductions (docs/course/ch3.md); the tests
check each formula against the mex over the rules on every heap below 2,000 (Rims below 120).

>>> AtLeastHalf().grundy(12), DimPlus().grundy(12), Aliquot().grundy(12), Rims().grundy(12)
(4, 3, 2, 12)
>>> DimPlus().option_to(12, 0), Aliquot().option_to(12, 1)
((12, ()), (2, (10,)))
>>> PowersOfTwo().grundy(100), PowersOfTwo().option_to(100, 0)     # 100 mod 3; take 64, leaving 36
(1, (64, (36,)))
"""

from __future__ import annotations

import operator
from functools import lru_cache
from math import isqrt
from typing import Any, ClassVar, Iterable, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError, NimError
from nim.families.base import ComponentFamily, RuleFamily, Unparameterised, register_family
from nim.families.vectors import VectorEncoding, heap_slots
from nim.families.play import PlayHooks, RuleHeapPlay

__all__ = ["Aliquot", "AtLeastHalf", "DimPlus", "PowersOfTwo", "Rims", "divisors"]

#: The most binary digits a heap may have (about 4,300 decimal ones, Python's own limit).
MAX_BITS = 14_300
#: The largest heap whose divisors are listed (trial division to its square root, 10**6 steps):
#: past it the closed forms still answer normal play, but its moves are not listed.
MAX_LISTED = 10**12


@lru_cache(maxsize=4096)
def divisors(n: int) -> Tuple[int, ...]:
    """The divisors of ``n`` (1 <= n <= MAX_LISTED), ascending, by trial division.

    >>> divisors(12)
    (1, 2, 3, 4, 6, 12)
    """
    if not 1 <= n <= MAX_LISTED:
        raise NimError(f"the divisors of a heap are listed up to {MAX_LISTED:,}, not for {_magnitude(n)}: "
                       "ask about normal play, which the closed form answers at any size")
    small: List[int] = []
    large: List[int] = []
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            small.append(d)
            if d * d != n:
                large.append(n // d)
    return tuple(small + large[::-1])


def _valuation(n: int) -> int:
    """The 2-adic valuation of n >= 1: how many times 2 divides it."""
    return (n & -n).bit_length() - 1


class _HeapGame(Unparameterised, ComponentFamily):
    """A game on a list of heaps, parameterless, named by its tag alone."""

    component_noun: ClassVar[str] = "heap"
    example: ClassVar[str] = "[3, 5, 7]"
    #: The game's name for a student, and its source.
    title: ClassVar[str]

    __slots__ = ()

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: one heap of each size 0 .. ``upto``."""
        return (f"one heap of 0 to {upto}", range(upto + 1))

    def position_of(self, value: Any) -> Optional[List[Any]]:
        # one whole number is a position of one heap (`nimcore solve 12 --rules dim+`)
        if isinstance(value, int) and not isinstance(value, bool):
            return [value]
        return None

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The heaps, sorted, padded with zeros to the start's count (to its total where a move
        may split a heap: Rims)."""
        return heap_slots(start, splits=self.tag == "rims")

    def read_component(self, value: Any) -> int:
        if isinstance(value, bool):
            raise InvalidPositionError(f"a heap of {self.title} is a whole number, not {value!r}")
        try:
            number = operator.index(value)
        except TypeError:
            raise InvalidPositionError(f"a position of {self.title} is a list of heaps, such as [3, 5, 7]; "
                                       f"{_short(value)} is not a heap") from None
        if number < 0:
            raise InvalidPositionError(f"a heap cannot be negative: {number}")
        if number.bit_length() > MAX_BITS:
            raise InvalidPositionError(f"a heap of {self.title} has at most about 4,300 decimal digits")
        return number

    def component_value(self, component: Any) -> Any:
        return int(component)

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        shown = " and ".join(map(str, left)) if left else "0"
        return f"take {count} from the heap of {component}, leaving {shown}"

    def is_lost(self, component: Any) -> Optional[bool]:
        grundy = self.grundy(component)
        return None if grundy is None else grundy == 0

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        grundy = self.grundy(component)
        return self.option_to(component, 0) if grundy else None

    def account(self, components: Any) -> List[str]:
        shown = ", ".join(f"{n} -> {self.grundy(n)}" for n in list(components)[:20])
        more = f" (and {len(components) - 20:,} more heaps)" if len(components) > 20 else ""
        return [f"Each heap's value by the closed form: {shown}{more}."]


def _taking(n: int, takes: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
    for c in takes:
        yield (c, (n - c,) if c < n else ())


@register_family
class AtLeastHalf(_HeapGame):
    """At-Least-Half (Ferguson 3.3, example 3): a move takes at least half of one heap."""

    tag: ClassVar[str] = "at-least-half"
    syntax: ClassVar[str] = "at-least-half (at-most-half: half)"
    title: ClassVar[str] = "At-Least-Half"

    play: ClassVar[PlayHooks] = RuleHeapPlay("a move takes at least half of one heap (from 9: 5 to 9)")
    __slots__ = ()

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        if name == "at-most-half":              # Ferguson's exercise 3.5.3 is the take rule `half`
            from nim.families.take import TakeHalf

            if value:
                raise InvalidRulesError(f"at-most-half takes no parameters, not {text!r}")
            return TakeHalf()
        return super().parse_option(name, value, text)

    def describe(self, misere: bool) -> str:
        return ("At-Least-Half: a position is a list of heaps; a move takes at least half of one heap (from n, "
                "ceil(n/2) to n objects); the player who cannot move " + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("At-Least-Half (Ferguson, Part I, 3.3, example 3): the Grundy value of a heap of n is the exponent "
                "of the smallest power of 2 above n, g(n) = min{k : 2^k > n} (its bit length): the options of n are "
                "0 .. floor(n/2), whose values are 0 .. g(n) - 1; a sum of heaps is lost exactly when the XOR of "
                "these values is 0 (the Sprague-Grundy theorem)")

    def grundy(self, component: Any) -> Optional[int]:
        return int(component).bit_length()

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        return _taking(n, range(max(1, n - n // 2), n + 1))     # an empty heap has no move (not "take 0")

    def option_count(self, component: Any) -> int:
        n = int(component)
        return n // 2 + 1 if n else 0

    def reach(self, component: Any) -> int:
        n = int(component)
        return (n + 1) * (n // 2 + 1)

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if target >= n.bit_length():
            return None
        left = 1 << (target - 1) if target else 0      # the smallest heap of value target, <= n // 2
        return (n - left, (left,) if left else ())


class _DivisorGame(_HeapGame):
    """A move takes a divisor of the heap (``proper``: not the whole heap)."""

    proper: ClassVar[bool]

    __slots__ = ()

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if n == 0 or (self.proper and n == 1):
            return
        yield (1, (n - 1,) if n > 1 else ())              # 1 divides every heap: a first move at any size
        if n > 1:
            found = divisors(n)[1:]                       # the rest need n factored (refused past MAX_LISTED)
            yield from _taking(n, found[:-1] if self.proper else found)

    def option_count(self, component: Any) -> int:
        n = int(component)
        if n == 0:
            return 0
        if n > MAX_LISTED:           # not factored: a count that is right about "has a move"
            return 1
        return len(divisors(n)) - self.proper

    def reach(self, component: Any) -> int:
        n = int(component)
        return MAX_LISTED**2 if n > MAX_LISTED else (n + 1) * max(1, n.bit_length()) ** 2

    def account(self, components: Any) -> List[str]:
        return super().account(components) + ["v2(n) is the 2-adic valuation of n: how many times 2 divides it."]


@register_family
class DimPlus(_DivisorGame):
    """Dim+ (Ferguson, exercise 3.5.4(a); Winning Ways): a move takes a divisor of one heap, 1 and n included."""

    tag: ClassVar[str] = "dim+"
    syntax: ClassVar[str] = "dim+"
    title: ClassVar[str] = "Dim+"
    proper: ClassVar[bool] = False

    play: ClassVar[PlayHooks] = RuleHeapPlay("a move takes a divisor of one heap (from 12: 1, 2, 3, 4, 6 or 12)")
    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Dim+: a position is a list of heaps; a move takes c objects from one heap of n, c a divisor of n "
                "(1 and n included); the player who cannot move " + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("Dim+ (Ferguson, Part I, exercise 3.5.4(a); Berlekamp, Conway and Guy, Winning Ways): the Grundy "
                "value of a heap of n >= 1 is v2(n) + 1, v2 the 2-adic valuation (by induction: a divisor 2^j u, u "
                "odd, leaves valuation j when j < v2(n) and more than v2(n) when j = v2(n), so taking n leaves 0, "
                "taking 2^j leaves value j + 1, and no move leaves v2(n) + 1); a sum of heaps is lost exactly "
                "when the XOR is 0")

    def grundy(self, component: Any) -> Optional[int]:
        n = int(component)
        return _valuation(n) + 1 if n else 0

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if n == 0 or target > _valuation(n):
            return None
        if target == 0:
            return (n, ())                               # take it all
        take = 1 << (target - 1)                         # leaves v2 = target - 1: value target
        return (take, (n - take,))


@register_family
class Aliquot(_DivisorGame):
    """The Aliquot game (Silverman 1971; Ferguson, exercise 3.5.4(b)): take a proper divisor of one heap."""

    tag: ClassVar[str] = "aliquot"
    syntax: ClassVar[str] = "aliquot"
    title: ClassVar[str] = "the Aliquot game"
    proper: ClassVar[bool] = True

    play: ClassVar[PlayHooks] = RuleHeapPlay("a move takes a proper divisor of one heap (from 12: 1, 2, 3, 4 or 6)")
    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("The Aliquot game: a position is a list of heaps; a move takes c objects from one heap of n, c a "
                "proper divisor of n (1 included, n not); the player who cannot move " + ("wins." if misere else
                                                                                         "loses."))

    def theory_words(self) -> str:
        return ("The Aliquot game (Silverman 1971; Ferguson, Part I, exercise 3.5.4(b)): the Grundy value of a heap "
                "of n >= 1 is v2(n), the 2-adic valuation (by induction: a divisor 2^j u, u odd, leaves valuation j "
                "when j < v2(n) and more than v2(n) when j = v2(n), so taking 2^j leaves value j and no move "
                "leaves v2(n)), g(0) = 0; a sum of heaps is lost exactly when the XOR of these values is 0 (the "
                "Sprague-Grundy theorem)")

    def grundy(self, component: Any) -> Optional[int]:
        n = int(component)
        return _valuation(n) if n else 0

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if n == 0 or target >= _valuation(n):
            return None
        take = 1 << target                               # a proper divisor: leaves v2 = target
        return (take, (n - take,))


@register_family
class Rims(_HeapGame):
    """Rims (Ferguson, exercise 4.5.8; Winning Ways ch. 17): a loop through c >= 1 dots of one region,
    which leaves the region's other dots in up to two regions (inside and outside the loop)."""

    tag: ClassVar[str] = "rims"
    syntax: ClassVar[str] = "rims"
    title: ClassVar[str] = "Rims"

    play: ClassVar[PlayHooks] = RuleHeapPlay("a loop through N dots of one region, its other dots left in up to two "
                                             "regions", start=(5, 8), cuts=True)
    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Rims: a position is a list of regions, each a number of dots; a move draws a closed loop through "
                "one or more dots of one region, which leaves its other dots inside or outside the loop (a heap "
                "loses c >= 1 and its rest may split in two); the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("Rims (Ferguson, Part I, exercise 4.5.8; Winning Ways, ch. 17) is the take-and-break game 0.777... "
                "(take any number, leave 0, 1 or 2 heaps), a disguised Nim: the Grundy value of a region of n dots "
                "is n (by induction: the options reach every value below n by a take, and a split of the rest, "
                "a + b <= n - 1, has value a XOR b <= a + b < n); a sum is lost exactly when the XOR is 0")

    def grundy(self, component: Any) -> Optional[int]:
        return int(component)

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        for c in range(1, n + 1):
            rest = n - c
            yield (c, (rest,) if rest else ())
            for a in range(1, rest // 2 + 1):
                yield (c, (a, rest - a))

    def option_count(self, component: Any) -> int:
        n = int(component)
        return n + (n - 1) ** 2 // 4 if n else 0        # n takes, and sum of floor(r/2) over r < n splits

    def reach(self, component: Any) -> int:
        n = int(component)
        return (n + 1) * (self.option_count(n) + 1)     # the heaps below it, each with its moves

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if target >= n:
            return None
        return (n - target, (target,) if target else ())

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        if len(left) == 2:
            return (f"draw a loop through {count} of the {component} dots, with {left[0]} inside it and "
                    f"{left[1]} outside")
        return f"draw a loop through {count} of the {component} dots, leaving {left[0] if left else 0}"


@register_family
class PowersOfTwo(_HeapGame):
    """The subtraction game whose subtraction set is every power of 2 (Ferguson, exercise 1.5.4(c)):
    an infinite set, so not one of the compiled core's finite sets; g(n) = n mod 3 at any size."""

    tag: ClassVar[str] = "powers-of-2"
    syntax: ClassVar[str] = "set=powers-of-2"
    title: ClassVar[str] = "the subtraction game S = {1, 2, 4, 8, ...}"

    play: ClassVar[PlayHooks] = RuleHeapPlay("a move takes a power of 2 from one heap (1, 2, 4, 8, 16, ...)")
    __slots__ = ()

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        # the text's spelling is a subtraction set: set=powers-of-2 (the bare tag reads too)
        if (name, value) == ("set", "powers-of-2"):
            return cls()
        return super().parse_option(name, value, text)

    def option_text(self) -> str:
        return ",set=powers-of-2"

    def describe(self, misere: bool) -> str:
        return ("The subtraction game S = {1, 2, 4, 8, ...}, all powers of 2: a position is a list of heaps; a move "
                "takes 1, 2, 4, 8, ... objects from one heap; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("the subtraction game of all powers of 2 (Ferguson, Part I, exercise 1.5.4(c)): the Grundy value "
                "of a heap of n is n mod 3, since no power of 2 is a multiple of 3 (a move always changes n mod 3) "
                "and taking 1 or 2 reaches each smaller residue; so the P-positions are the multiples of 3, and a "
                "sum is lost exactly when the XOR of the values n mod 3 is 0. Misère play: heaps of value 0 that "
                "can move (3, 6, ...) reach value 1 by taking 2, so the tame rule holds (docs/theory.md): with B "
                "heaps of value 2, the mover loses iff B = 0 and the XOR is 1, or B >= 1 and the XOR is 0")

    def grundy(self, component: Any) -> Optional[int]:
        return int(component) % 3

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        return _taking(n, (1 << j for j in range(n.bit_length())))     # 1, 2, 4, ... up to n

    def option_count(self, component: Any) -> int:
        return int(component).bit_length()

    def reach(self, component: Any) -> int:
        n = int(component)
        return (n + 1) * max(1, n.bit_length())

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if target == n % 3 or target > 2 or n == 0:
            return None
        # 2**j is 1 mod 3 for even j and 2 mod 3 for odd j: the largest power of the parity needed
        parity = 0 if (n - target) % 3 == 1 else 1
        j = n.bit_length() - 1
        if j % 2 != parity:
            j -= 1
        if j < 0:
            return None
        take = 1 << j
        return (take, (n - take,) if take < n else ())

    def sum_outcome(self, components: Sequence[Any], misere: bool) -> Optional[int]:
        if not misere:
            return None                                 # normal play: the XOR of n mod 3
        x = big = 0
        for n in components:
            g = int(n) % 3
            x ^= g
            big += g >= 2
        return -1 if (big == 0 and x == 1) or (big >= 1 and x == 0) else 1

    def outcome_words(self, components: Sequence[Any], misere: bool) -> List[str]:
        if not misere:
            return []
        return ["Decided by the tame rule of misère play (docs/theory.md, condition (C)): each heap is worth n mod 3; "
                "a heap of value 0 that can move reaches value 1 by taking 2."]


def _magnitude(n: int) -> str:
    return f"{n:,}" if n < 10**15 else f"about 10**{len(str(n)) - 1}"


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
