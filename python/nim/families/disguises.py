"""Nim in disguise (Ferguson, Part I, chapter 2 and its exercises): games that are Nim once
you see which numbers are the heaps, each shown as what it is.

* **Staircase Nim** (``staircase``): coins on steps 1..n, given as ``[c1, c2, ..., cn]``; a
  move takes any positive number of coins from one step down to the step below (from step 1
  to the ground). This is Nim on the odd steps: a move from an odd step is a Nim move there,
  and a move from an even step onto an odd one is undone by moving the same coins on down.
* **Nimble** (``nimble``): coins on squares 0, 1, 2, ... of a strip, given as the list of
  their squares (several may share one); a move slides one coin left to any lower square.
  This is Nim with a heap per coin, the heap its square.

Each is a whole-position game (a move of Staircase Nim changes two steps), with its Nim
value as its Grundy value, so it joins sums; the winning move is Bouton's, on the hidden
heaps, at any size. Misère Nimble is misère Nim (Bouton); misère Staircase Nim is decided
by an exact search.

>>> StaircaseNim().heaps((3, 1, 2)), StaircaseNim().grundy((3, 1, 2))
((3, 2), 1)
>>> Nimble().winning_option((1, 3, 4))
(2, ((1, 2, 3),))
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Iterable, Iterator, List, Optional, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import Unparameterised, WholePositionFamily, register_family
from nim.families.vectors import VectorEncoding, padded, whole
from nim.families.play import PlayHooks, StairPlay, StripPlay

__all__ = ["Nimble", "StaircaseNim"]

#: The most numbers a position may hold, and the most binary digits of each.
MAX_LENGTH = 100_000
MAX_BITS = 14_300

Move = Tuple[int, Tuple[Any, ...]]


class NimDisguise(Unparameterised, WholePositionFamily):
    """A whole-position game that is Nim on some numbers of the position (its ``heaps``):
    its Grundy value is their XOR, its winning move Bouton's on them (``lower``)."""

    #: True when misère play is misère Nim on the heaps too (Bouton's misère rule).
    misere_is_nim: ClassVar[bool] = False

    __slots__ = ()

    def component_value(self, component: Any) -> Any:
        return list(component)

    def heaps(self, component: Any) -> Tuple[int, ...]:
        """The Nim heaps the position hides, in the order ``lower`` numbers them."""
        raise NotImplementedError

    def lower(self, component: Any, index: int, new: int) -> Move:
        """The move that lowers hidden heap ``index`` to ``new``, as ``(count, left)``."""
        raise NotImplementedError

    def grundy(self, component: Any) -> Optional[int]:
        x = 0
        for heap in self.heaps(component):
            x ^= heap
        return x

    def is_lost(self, component: Any) -> Optional[bool]:
        return self.grundy(component) == 0

    def option_to(self, component: Any, target: int) -> Optional[Move]:
        x = self.grundy(component) or 0
        for index, heap in enumerate(self.heaps(component)):
            new = heap ^ x ^ target
            if new < heap:
                return self.lower(component, index, new)
        return None

    def winning_option(self, component: Any) -> Optional[Move]:
        return None if self.is_lost(component) else self.option_to(component, 0)

    def misere_is_lost(self, component: Any) -> Optional[bool]:
        if not self.misere_is_nim:
            return None
        heaps = self.heaps(component)
        if max(heaps, default=0) <= 1:
            return sum(heaps) % 2 == 1
        return self.is_lost(component)

    def misere_winning_option(self, component: Any) -> Optional[Move]:
        if not self.misere_is_nim or self.misere_is_lost(component) is not False:
            return None
        heaps = self.heaps(component)
        big = [i for i, h in enumerate(heaps) if h >= 2]
        if len(big) == 1:                  # leave an odd number of heaps of 1
            ones = sum(1 for h in heaps if h == 1)
            return self.lower(component, big[0], 1 if ones % 2 == 0 else 0)
        if not big:                        # heaps of 0 and 1 only, an even number of 1s: take one
            return self.lower(component, heaps.index(1), 0)
        return self.option_to(component, 0)


def _numbers(value: Any, game: str, what: str, example: str) -> List[int]:
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise InvalidPositionError(f"a position of {game} is a list of {what}, such as {example}, "
                                   f"not {_short(value)}")
    found: List[int] = []
    for item in value:
        if isinstance(item, bool):
            raise InvalidPositionError(f"{what} are whole numbers, not {item!r}")
        try:
            number = operator.index(item)
        except TypeError:
            raise InvalidPositionError(f"{what} are whole numbers, not {_short(item)}") from None
        if number < 0:
            raise InvalidPositionError(f"{what} cannot be negative: {number}")
        if number.bit_length() > MAX_BITS:
            raise InvalidPositionError(f"{what} have at most about 4,300 decimal digits")
        found.append(number)
        if len(found) > MAX_LENGTH:
            raise InvalidPositionError(f"a position of {game} holds at most {MAX_LENGTH:,} numbers")
    return found


@register_family
class StaircaseNim(NimDisguise):
    """Staircase Nim: move any coins from one step to the step below; Nim on the odd steps."""

    tag: ClassVar[str] = "staircase"
    title: ClassVar[str] = "Staircase Nim"
    example: ClassVar[str] = "[3, 1, 2]"
    play: ClassVar[PlayHooks] = StairPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Staircase Nim: a position is the number of coins on steps 1, 2, ..., n; a move takes any positive "
                "number of coins from one step down to the step below (from step 1 off the staircase); the player "
                "who cannot move " + ("wins." if misere else "loses."))

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The coins on each step, padded to the start's steps; each at most the start's total
        (coins move down the stairs, gathering)."""
        (steps,) = start
        n, total = max(len(steps), 1), sum(steps)
        return whole([total + 1] * n, lambda component: padded(component, n), list,
                     f"the coins on steps 1 to {n}, 0 for none; each 0 to {total}")

    def read_component(self, value: Any) -> Tuple[int, ...]:
        steps = _numbers(value, "Staircase Nim", "coins on steps 1, 2, ...", "[3, 1, 2]")
        while steps and steps[-1] == 0:            # empty top steps change nothing
            steps.pop()
        return tuple(steps)

    def options(self, component: Any) -> Iterator[Move]:
        for j, coins in enumerate(component):
            for moved in range(1, coins + 1):
                after = list(component)
                after[j] -= moved
                if j:
                    after[j - 1] += moved
                yield (moved, (self.read_component(after),))

    def option_count(self, component: Any) -> int:
        return int(sum(component))

    def reach(self, component: Any) -> int:
        # every coin ends on the ground: positions are bounded by the ways to place the coins
        below = 1
        coins = sum(component)
        for _ in component:
            below *= coins + 1
        return int(below * max(1, coins))

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        after = list(left[0]) if left else []
        after += [0] * (len(component) - len(after))
        step = next(j for j, (a, b) in enumerate(zip(component, after)) if a > b) + 1   # the step that lost coins
        onto = "off the staircase" if step == 1 else f"onto step {step - 1}"
        return f"move {count} coin{'s' if count > 1 else ''} from step {step} {onto}, leaving {after}"

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: one coin on step 1 .. ``upto`` (its step's parity decides)."""
        return (f"one coin on step 1 to {upto}",
                (self.read_component([0] * (n - 1) + [1]) for n in range(1, upto + 1)))

    def theory_words(self) -> str:
        return ("this is Nim on the odd steps (Ferguson, Part I, chapter 2, exercises): the coins on steps 1, 3, "
                "5, ... are the Nim heaps. A move from an odd step is a Nim move on that heap; a move from an even "
                "step adds coins to an odd one, and the player who was winning moves those same coins on down, so they "
                "never count. The position is lost exactly when the XOR of the coins on the odd steps is 0 "
                "(Bouton's theorem)")

    def heaps(self, component: Any) -> Tuple[int, ...]:
        return tuple(component[0::2])

    def lower(self, component: Any, index: int, new: int) -> Move:
        j = 2 * index
        moved = component[j] - new
        after = list(component)
        after[j] = new
        if j:
            after[j - 1] += moved
        return (moved, (self.read_component(after),))


@register_family
class Nimble(NimDisguise):
    """Nimble: slide one coin left along a strip; Nim with a heap per coin, its square."""

    tag: ClassVar[str] = "nimble"
    title: ClassVar[str] = "Nimble"
    example: ClassVar[str] = "[1, 3, 4]"
    play: ClassVar[PlayHooks] = StripPlay()
    misere_is_nim: ClassVar[bool] = True

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Nimble: a position is the list of the squares (0, 1, 2, ...) of coins on a strip, several to a "
                "square allowed; a move slides one coin left to any lower square; the player who cannot move "
                + ("wins." if misere else "loses."))

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The squares of the coins, sorted, padded with zeros to the start's coins (a coin at
        square 0 is out of play); each at most the start's rightmost."""
        (squares,) = start
        n, top = max(len(squares), 1), max(squares, default=0)
        return whole([top + 1] * n, lambda component: padded(component, n), list,
                     f"the coins' squares, sorted, 0 for none, {n} of them; each 0 to {top}")

    def read_component(self, value: Any) -> Tuple[int, ...]:
        squares = _numbers(value, "Nimble", "squares of coins", "[1, 3, 4]")
        return tuple(sorted(s for s in squares if s))       # a coin on square 0 can never move

    def options(self, component: Any) -> Iterator[Move]:
        for i, square in enumerate(component):
            for to in range(square - 1, -1, -1):
                yield (square - to, (self.read_component(component[:i] + (to,) + component[i + 1:]),))

    def option_count(self, component: Any) -> int:
        return int(sum(component))

    def reach(self, component: Any) -> int:
        below = 1
        for square in component:
            below *= square + 1
        return int(below * max(1, sum(component)))

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        after = list(left[0]) if left else []
        before = list(component)
        for square in after:
            if square in before:
                before.remove(square)
        start = before[0] if before else count
        return f"slide the coin on square {start} to square {start - count}"

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: one coin on square 0 .. ``upto`` (a heap of that size)."""
        return (f"one coin on square 0 to {upto}", (self.read_component([n]) for n in range(upto + 1)))

    def theory_words(self) -> str:
        return ("this is Nim with a heap per coin (Ferguson, Part I, chapter 2, exercises): a coin on square s is a "
                "heap of s, and sliding it to square t takes s - t from that heap. The position is lost exactly "
                "when the XOR of the coins' squares is 0 (Bouton's theorem); in misère play, by Bouton's misère "
                "rule: when every coin is on square 0 or 1, lost exactly when an odd number are on square 1")

    def heaps(self, component: Any) -> Tuple[int, ...]:
        return tuple(component)

    def lower(self, component: Any, index: int, new: int) -> Move:
        square = component[index]
        return (square - new, (self.read_component(component[:index] + (new,) + component[index + 1:]),))


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
