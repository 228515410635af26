"""Take-and-break codes past the octal ones (Ferguson, Part I, 4.4; Winning Ways, ch. 4): a last
digit that repeats for ever, hexadecimal digits, and the "unequal heaps" rule of Grundy's game.

A code ``d0.d1d2...dt`` says how a move may take k objects from one heap, by the bits of d_k:

- bit 1: take k when the heap has exactly k (nothing is left);
- bit 2: take k and leave one non-empty heap;
- bit 4: take k and leave two non-empty heaps;
- bit 8 (a hexadecimal digit 8-F): take k and leave three non-empty heaps.

For d0 only bits 4 and 8 mean anything (split a heap without taking).

- **A repeating last digit**, written ``0.333...`` or with an overline on the digit (``0.3̅``,
  U+0305): every place past the code has that digit. ``0.333...`` lets a move take any number:
  it *is* Nim, and is read as the take rule ``any``; ``0.777...`` is Rims (Ferguson, ex. 4.5.8),
  read as ``rims``.
- **Hexadecimal digits** 8-F (``0.F``: take one, leaving zero to three heaps).
- **Unequal heaps**: ``octal=CODE,unequal``: the heaps a split leaves must all differ;
  ``octal=4.0,unequal`` is Grundy's game, read as ``grundy-game``.

The compiled kernel plays the finite octal codes and Grundy's game; these are played here, in
Python: a heap's Grundy value from a table filled by the mex (the XOR of the parts a move
leaves), grown on demand, stopped at the call's time limit or cancellation
(``nim.families.polling``). Speed: the table to heap 2,000 of a code with two-heap splits at
every place (``0.777...,unequal``) in a few seconds; three-heap splits cost a power of n more
(``0.F`` to heap 300 in about a second). Periodicity: the Octal Game Periodicity Theorem
(Guy and Smith 1956) is for finite octal codes; a hexadecimal code or a repeating digit may
instead give an arithmetic-periodic sequence (Howse and Nowakowski 2004; Nim, ``0.333...``,
has g(n) = n), so nothing is extrapolated here: each value is computed.

>>> game = ExtendedCode.from_text("0.F")          # take one, leave 0-3 heaps: the parity of n
>>> [game.grundy(n) for n in range(10)]
[0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
>>> [ExtendedCode.from_text("0.07", unequal=True).grundy(n) for n in range(12)]
[0, 0, 1, 1, 0, 0, 2, 1, 3, 0, 0, 1]
>>> ExtendedCode.from_text("0.333..."), ExtendedCode.from_text("4.0", unequal=True)
(TakeAny(''), GrundysGame('grundy-game'))
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Dict, Iterable, Iterator, List, Optional, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError
from nim.families.base import FAMILIES, ComponentFamily, Fields, RuleFamily, register_family
from nim.families.play import PlayHooks, RuleHeapPlay
from nim.families.polling import poll

__all__ = ["ExtendedCode", "MAX_HEAP", "is_extended", "parse_extended"]

#: Most digits after the point.
MAX_DIGITS = 64
#: The largest heap played (values come from a table filled by the mex).
MAX_HEAP = 100_000
#: The overline (combining, U+0305) that marks a repeating digit.
OVERLINE = "\u0305"
_HEX = "0123456789ABCDEF"

Code = Tuple[Tuple[int, ...], bool]


def is_extended(text: str) -> bool:
    """Whether an ``octal=`` code uses an extension: a repeating digit, or a hexadecimal digit.

    >>> is_extended("0.77"), is_extended("0.333..."), is_extended("0.F"), is_extended("0.8")
    (False, True, True, True)
    """
    code = text.strip().upper()
    return code.endswith("...") or OVERLINE in code or any(c in "89ABCDEF" for c in code)


def parse_extended(text: str) -> Code:
    """``(digits, repeating)`` of a code: ``"0.3..."`` -> ``((0, 3), True)``.

    Raises
    ------
    InvalidRulesError
        For a code that is not one, in words.
    """
    code = text.strip().upper()
    repeating = False
    if code.endswith("..."):
        code, repeating = code[:-3], True
    elif code.endswith(OVERLINE):
        code, repeating = code[:-1], True
    if OVERLINE in code:
        raise InvalidRulesError(f"code {text!r}: only the last digit may repeat (an overline on it, or '...' after it)")
    whole, point, after = code.partition(".")
    whole = whole or "0"
    if not point and repeating:
        raise InvalidRulesError(f"code {text!r}: a repeating digit is one after the point, such as 0.333...")
    for char in whole + after:
        if char not in _HEX:
            raise InvalidRulesError(f"code {text!r} has {char!r}, not a digit 0-9 or A-F")
    if len(after) > MAX_DIGITS:
        raise InvalidRulesError(f"code {text!r} has {len(after):,} digits after the point: at most {MAX_DIGITS}")
    if len(whole) > 1 or _HEX.index(whole) & 3:
        raise InvalidRulesError(f"code {text!r} starts with {whole}: d0 is 0, 4, 8 or C (only its bits 4 and 8, "
                                "a split without taking, mean anything)")
    digits = (_HEX.index(whole),) + tuple(_HEX.index(c) for c in after)
    if repeating and (len(digits) < 2 or digits[-1] == 0):
        repeating = False                      # a repeating 0 adds no move
    if not repeating:
        while len(digits) > 1 and digits[-1] == 0:
            digits = digits[:-1]
    if not any(digits):
        raise InvalidRulesError(f"code {text!r} allows no move at all")
    return digits, repeating


def _text(digits: Tuple[int, ...], repeating: bool) -> str:
    after = "".join(_HEX[d] for d in digits[1:]) or "0"
    return f"{_HEX[digits[0]]}.{after}" + ("..." if repeating else "")


def _pairs(rest: int, unequal: bool) -> int:
    return max(0, (rest - 1) // 2 if unequal else rest // 2)


def _triples(rest: int, unequal: bool) -> int:
    # partitions of rest into three positive parts: the nearest whole number to rest**2 / 12; into three
    # distinct ones (a < b < c, less 0, 1, 2): those of rest - 3 into three positive parts
    if unequal:
        return ((rest - 3) ** 2 + 6) // 12 if rest >= 6 else 0
    return (rest * rest + 6) // 12 if rest >= 3 else 0


@register_family
class ExtendedCode(ComponentFamily):
    """A take-and-break code with a repeating digit, hexadecimal digits or unequal heaps."""

    tag: ClassVar[str] = "code"
    syntax: ClassVar[str] = "octal=0.333... (a repeating digit), octal=0.F (hexadecimal), octal=CODE,unequal"
    component_noun: ClassVar[str] = "heap"
    example: ClassVar[str] = "[3, 5, 7]"
    play: ClassVar[PlayHooks] = RuleHeapPlay("the code's digits say what a move may take and leave", start=(6, 9),
                                             cuts=True)

    __slots__ = ("digits", "repeating", "unequal")

    #: Each game's values so far (a table grown on demand), by its code.
    _TABLES: ClassVar[Dict[Tuple[Tuple[int, ...], bool, bool], "_Table"]] = {}

    def __init__(self, digits: Tuple[int, ...], repeating: bool, unequal: bool) -> None:
        self.digits = digits
        self.repeating = repeating
        self.unequal = unequal

    @classmethod
    def from_text(cls, text: str, unequal: bool = False) -> RuleFamily:
        """The game of a code as written; a code that is another family's game is that family's
        (``0.333...`` Nim, ``0.777...`` Rims, a plain octal code its ``OctalGame``, ``4.0,unequal``
        Grundy's game): one game, one spelling.

        Raises
        ------
        InvalidRulesError
            For a code that is not one.
        """
        digits, repeating = parse_extended(text)
        hexadecimal = any(d & 8 for d in digits)
        if repeating and not unequal and digits[0] == 0 and set(digits[1:]) == {3}:
            from nim.families.take import TakeAny

            return TakeAny()
        if repeating and not unequal and digits[0] == 0 and set(digits[1:]) == {7}:
            from nim.families.one_pile import Rims

            return Rims()
        # the take-and-break family's members by their tags, from the registry: that family
        # reads these codes through this module, so importing it here would make a circle
        if unequal and digits == (4,):
            return FAMILIES["grundy"]()
        if not repeating and not hexadecimal and not unequal:
            octal_game: Any = FAMILIES["octal"]
            found: RuleFamily = octal_game.from_code(_text(digits, False))
            return found
        return cls(digits, repeating, unequal)

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        return None                    # read through ``octal=`` (OctalGame.parse_option hands it here)

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if k is not None or subtract is not None or not isinstance(octal, str):
            raise InvalidRulesError("take='code' needs octal=, a code such as '0.333...' or '0.F', and nothing else")
        code, _, modifier = octal.partition(",")
        if modifier.strip() not in ("", "unequal"):
            raise InvalidRulesError(f"a code's only modifier is 'unequal', not {modifier.strip()!r}")
        return cls.from_text(code, unequal=bool(modifier.strip()))

    def fields(self) -> Fields:
        return (None, None, self.code_text() + (",unequal" if self.unequal else ""))

    def code_text(self) -> str:
        """The code as written, ``0.333...`` or ``0.F``."""
        return _text(self.digits, self.repeating)

    def option_text(self) -> str:
        return f",octal={self.code_text()}" + (",unequal" if self.unequal else "")

    def describe(self, misere: bool) -> str:
        more = (f"; every place past the last has the digit {_HEX[self.digits[-1]]}" if self.repeating else "")
        unequal = "; the heaps a split leaves must all differ" if self.unequal else ""
        return (f"The take-and-break game {self.code_text()}: for each place k of the code, bit 1 takes k objects "
                "from a heap of exactly k, bit 2 takes k and leaves one heap, bit 4 takes k and leaves two, bit 8 "
                f"takes k and leaves three{more}{unequal}; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("the Sprague-Grundy theorem (Ferguson, Part I, 4.2): a heap's value is the mex of the XORs of the "
                "heaps each move leaves, computed here by a table; a sum is lost exactly when the XOR is 0. The "
                "Octal Game Periodicity Theorem (Guy and Smith 1956) is for finite octal codes: a hexadecimal code "
                "or a repeating digit may give an arithmetic-periodic sequence instead (Howse and Nowakowski "
                "2004), so no value is extrapolated")

    # -- moves -----------------------------------------------------------------------------

    def digit(self, k: int) -> int:
        """The digit of place k (the repeating one past the code)."""
        if k < len(self.digits):
            return self.digits[k]
        return self.digits[-1] if self.repeating else 0

    def _places(self, n: int) -> Iterator[Tuple[int, int]]:
        """``(k, digit)`` of every place with a digit, k from 0 to n."""
        top = n if self.repeating else min(n, len(self.digits) - 1)
        for k in range(top + 1):
            d = self.digit(k)
            if d and (k or d & 12):
                yield k, d

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: one heap of each size 0 .. ``upto``."""
        return (f"one heap of 0 to {upto}", range(upto + 1))

    def read_component(self, value: Any) -> int:
        if isinstance(value, bool):
            raise InvalidPositionError(f"a heap is a whole number, not {value!r}")
        try:
            number = operator.index(value)
        except TypeError:
            raise InvalidPositionError(f"a position of {self.code_text()} is a list of heaps, such as [3, 5, 7]; "
                                       f"{value!r:.60} is not a heap") from None
        if not 0 <= number <= MAX_HEAP:
            raise InvalidPositionError(f"a heap of {self.code_text()} is from 0 to {MAX_HEAP:,} (its values come "
                                       f"from a table), not {number!r:.40}")
        return number

    def position_of(self, value: Any) -> Optional[List[Any]]:
        if isinstance(value, int) and not isinstance(value, bool):
            return [value]
        if isinstance(value, str):                   # a row of pins, "I.IIIII"
            from nim.families.heap_moves import pin_row_heaps

            pins = pin_row_heaps(value)
            if pins is not None:
                return list(pins)
        return None

    def component_value(self, component: Any) -> Any:
        return int(component)

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        unequal = self.unequal
        for k, d in self._places(n):
            rest = n - k
            if d & 1 and rest == 0 and k:
                yield (k, ())
            if d & 2 and rest > 0 and k:
                yield (k, (rest,))
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    if not (unequal and 2 * a == rest):
                        yield (k, (a, rest - a))
            if d & 8:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        c = rest - a - b
                        if not (unequal and (a == b or b == c)):
                            yield (k, (a, b, c))

    def option_count(self, component: Any) -> int:
        n = int(component)
        count = 0
        for k, d in self._places(n):
            rest = n - k
            count += bool(d & 1 and rest == 0 and k) + bool(d & 2 and rest > 0 and k)
            count += _pairs(rest, self.unequal) if d & 4 else 0
            count += _triples(rest, self.unequal) if d & 8 else 0
        return count

    def reach(self, component: Any) -> int:
        n = int(component)
        return (n + 1) * (self.option_count(n) + 1)

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        shown = " and ".join(map(str, left)) if left else "nothing"
        verb = f"take {count} from" if count else "split"
        return f"{verb} the heap of {component}, leaving {shown}"

    # -- values ----------------------------------------------------------------------------

    def grundy(self, component: Any) -> Optional[int]:
        n = int(component)
        table = self._table(n)
        return int(table[n])

    def _table(self, n: int) -> List[int]:
        """The values of heaps 0..n at least, the table grown by the mex as far as needed."""
        key = (self.digits, self.repeating, self.unequal)
        table = self._TABLES.get(key)
        if table is None:
            table = self._TABLES[key] = _Table()
        if len(table.values) <= n:
            table.grow(self, n)
        return table.values

    def account(self, components: Any) -> List[str]:
        shown = ", ".join(f"{n} -> {self.grundy(n)}" for n in list(components)[:20])
        return [f"Each heap's value from the table (the mex over its moves): {shown}."]


class _Table:
    """A game's values so far, with the sets (as bit sets, ints) the mex reads: for each sum r, the
    XORs of the pairs and of the triples of heaps adding to r (the heaps a split leaves), and their
    unions over every sum up to r, which a repeating digit reads at once. A pair sum costs O(r)
    once and a triple sum O(r**2) once, so a code with a repeating split digit is quadratic in the
    heaps (cubic with three-heap splits), not a power more."""

    def __init__(self) -> None:
        self.values: List[int] = [0]
        self.pairs: List[int] = [0]            # by the sum r: the XORs of a + b = r
        self.triples: List[int] = [0]          # by the sum r: the XORs of a + b + c = r
        self.ones: List[int] = [0]             # the values of the heaps 1..r, as one bit set
        self.pairs_upto: List[int] = [0]
        self.triples_upto: List[int] = [0]

    def grow(self, game: ExtendedCode, n: int) -> None:
        values = self.values
        digits, unequal = game.digits, game.unequal
        last = len(digits) - 1
        wants_pairs = any(d & 4 for d in digits)
        wants_triples = any(d & 8 for d in digits)
        for m in range(len(values), n + 1):
            if not m & 31:
                poll(f"the values of the code {game.code_text()} (at heap {m:,} of {n:,}; the heaps done are kept)")
            # the sets of the sum m itself: its parts are all below m, valued already
            pairs = 0
            if wants_pairs:
                for a in range(1, m // 2 + 1):
                    if not (unequal and 2 * a == m):
                        pairs |= 1 << (values[a] ^ values[m - a])
            triples = 0
            if wants_triples:
                for a in range(1, m // 3 + 1):
                    ga = values[a]
                    for b in range(a, (m - a) // 2 + 1):
                        if not (unequal and (a == b or 2 * b == m - a)):
                            triples |= 1 << (ga ^ values[b] ^ values[m - a - b])
            self.pairs.append(pairs)
            self.triples.append(triples)
            self.pairs_upto.append(self.pairs_upto[-1] | pairs)
            self.triples_upto.append(self.triples_upto[-1] | triples)
            seen = 0
            for k in range(min(m, last) + 1):  # the code's own places
                d = digits[k]
                rest = m - k
                if d & 1 and rest == 0 and k:
                    seen |= 1
                if d & 2 and rest > 0 and k:
                    seen |= 1 << values[rest]
                if d & 4:
                    seen |= self.pairs[rest]
                if d & 8:
                    seen |= self.triples[rest]
            if game.repeating and m > last:    # every place past the code: rests 0 .. m - last - 1 at once
                d, top = digits[-1], m - last - 1
                if d & 1:
                    seen |= 1
                if d & 2:
                    seen |= self.ones[top]
                if d & 4:
                    seen |= self.pairs_upto[top]
                if d & 8:
                    seen |= self.triples_upto[top]
            g = (~seen & (seen + 1)).bit_length() - 1     # the lowest bit not set: the mex
            values.append(g)
            self.ones.append(self.ones[-1] | 1 << g)
