"""Empty and Divide (Ferguson, Part I, section 1.5, exercises; Ferguson 1998): two boxes of
chips, ``[m, n]`` with m, n >= 1. A move empties one box and divides the chips of the other
between the two boxes, at least one in each. The only end is ``[1, 1]``; the last player to
move wins. A position is a list of such pairs (a sum).

The P-positions are the pairs of two odd boxes: a box split in two parts leaves an even one
beside an odd one when it is odd, and from a pair with an even box you empty the other box and
split the even one into two odd parts.

The Sprague-Grundy value, for sums, is ``g(m, n)`` = the number of trailing 1-bits of
``(m - 1) | (n - 1)``. Proof: splitting a box of a chips gives ``(x + 1, y + 1)`` with
``x + y = a - 2``, and ``(x | y)`` can have exactly t trailing 1-bits if and only if bit t of
``a - 1`` is 1 (bits t of x and y are 0 and their low bits OR to ``2**t - 1``, so their low
sum lies in ``[2**t - 1, 2**(t+1) - 2]``, which is ``a - 2`` modulo ``2**(t+1)`` exactly when
that bit is set). By induction the options' values are the 1-bits of ``(m - 1) | (n - 1)``,
and their mex is its lowest 0-bit. (Checked by brute force in
tests/test_family_empty_divide.py; the P-positions are its zeros: both boxes odd.)

>>> game = EmptyAndDivide()
>>> game.grundy((4, 5)), game.is_lost((3, 5)), game.winning_option((4, 7))
(3, True, (7, ((1, 3),)))
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterable, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import ComponentFamily, Unparameterised, read_whole, register_family
from nim.families.vectors import VectorEncoding, slotted
from nim.families.disguises import _short
from nim.families.play import BoxesPlay, PlayHooks

__all__ = ["EmptyAndDivide", "trailing_ones"]

#: The most binary digits of a box (about 4,300 decimal digits, Python's limit on int()).
MAX_BITS = 14_300

Pair = Tuple[int, int]
Move = Tuple[int, Tuple[Any, ...]]


def trailing_ones(z: int) -> int:
    """How many 1-bits end ``z`` (the index of its lowest 0-bit)."""
    return (z ^ (z + 1)).bit_length() - 1


@register_family
class EmptyAndDivide(Unparameterised, ComponentFamily):
    """Empty and Divide: empty one box, divide the other between the two."""

    tag: ClassVar[str] = "empty-and-divide"
    title: ClassVar[str] = "Empty and Divide"
    component_noun: ClassVar[str] = "pair of boxes"
    example: ClassVar[str] = "[[4, 5], [3, 3]]"

    play: ClassVar[PlayHooks] = BoxesPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Empty and Divide: a position is a list of pairs of boxes [m, n], each box holding at least one "
                "chip; a move empties one box of a pair and divides the chips of the other between the two boxes, "
                "at least one in each; the player who cannot move " + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("a pair is lost exactly when both boxes are odd (Ferguson, Part I, 1.5, exercises: Empty and "
                "Divide, Ferguson 1998): splitting an odd box leaves an even one, and from a pair with an even "
                "box you empty the other and split the even one into two odd parts. For sums, its Grundy value "
                "is the number of trailing 1-bits of (m - 1) OR (n - 1): splitting a box of a chips reaches "
                "exactly the values t whose bit is set in a - 1, so the mex is the lowest 0-bit of the OR "
                "(proved in nim.families.empty_divide, checked by brute force)")

    # -- the position ------------------------------------------------------------------

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: each pair of boxes [m, n], 1 <= m <= n <= ``upto``."""
        return (f"a pair of boxes [m, n], 1 <= m <= n <= {upto}",
                ((m, n) for n in range(1, upto + 1) for m in range(1, n + 1)))

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The pairs of boxes, sorted, (0, 0) for none, as many as the start's; each box at most
        the start's largest (a divided box is smaller)."""
        top = max((max(pair) for pair in start), default=0)
        return slotted(max(len(start), 1), [top + 1] * 2, list, list,
                       f"the pairs of boxes, sorted, (0, 0) for none, {len(start)} of them; each 0 to {top}")

    def read_component(self, value: Any) -> Pair:
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__len__") or len(value) != 2:
            raise InvalidPositionError("a position of Empty and Divide is a list of pairs of boxes, such as "
                                       f"[[4, 5], [3, 3]]; {_short(value)} is not a pair")
        boxes = [read_whole(box, "a box", bits=MAX_BITS) for box in value]
        if min(boxes) < 1:
            raise InvalidPositionError(f"a box holds at least one chip, not {min(boxes)}")
        m, n = sorted(boxes)
        return (m, n)

    def component_value(self, component: Any) -> Any:
        return list(component)

    # -- the theory --------------------------------------------------------------------

    def grundy(self, component: Any) -> Optional[int]:
        m, n = component
        return trailing_ones((m - 1) | (n - 1))

    def is_lost(self, component: Any) -> Optional[bool]:
        m, n = component
        return bool(m % 2 == 1 and n % 2 == 1)

    def winning_option(self, component: Any) -> Optional[Move]:
        return self.option_to(component, 0)

    def option_to(self, component: Any, target: int) -> Optional[Move]:
        m, n = component
        low = 1 << target
        for box, other in ((n, m), (m, n)):
            s = box - 2
            if s < 0:
                continue
            r = s % (2 * low)
            if low - 1 <= r <= 2 * low - 2:          # x = s - r + 2**t - 1, y = r - 2**t + 1
                x, y = s - r + low - 1, r - low + 1
                return (other, (tuple(sorted((x + 1, y + 1))),))
        return None

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        m, n = component
        for box, other in ((m, n), (n, m)) if m != n else ((m, n),):
            for part in range(1, box // 2 + 1):
                yield (other, ((part, box - part),))

    def option_count(self, component: Any) -> int:
        m, n = component
        return int(m // 2 + (n // 2 if n != m else 0))

    def reach(self, component: Any) -> int:
        top = max(component) + 1
        return int(top * top * top)            # the pairs of at most that many chips, each with its moves

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        m, n = component
        a, b = left[0]
        box = a + b
        return f"empty the box of {count} and divide the {box} chips of the other into {a} and {b}, leaving {[a, b]}"

    def account(self, components: Sequence[Any]) -> List[str]:
        shown = ", ".join(f"{list(c)} -> {self.grundy(c)}" for c in components[:8])
        more = f", ... ({len(components):,} pairs)" if len(components) > 8 else ""
        return [f"Each pair's value, trailing 1-bits of (m - 1) OR (n - 1): {shown}{more}."]
