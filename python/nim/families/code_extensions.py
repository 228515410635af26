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
- **A repeating group of digits**, written in parentheses at the end, ``0.1(30)`` (``...`` may
  follow: ``0.1(30)...``), or with an overline on each digit of the group (``0.13̅0̅``), as a
  recurring decimal is: the group repeats for ever, so ``0.1(30)`` is 0.1303030..., d_k = 3 for
  every even k and 0 for every odd k > 1 (Ferguson, ex. 4.5.1: take an even number from a heap,
  or a whole heap of one). A code is kept in its shortest spelling: the shortest group, rolled
  back into the digits before it (``0.13(03)`` and ``0.1(3030)`` are ``0.1(30)``), a group of one
  digit written with ``...`` (``0.(3)`` is ``0.3...``, Nim), a group of zeros dropped. The
  digits before the point may not repeat; the code and its group have at most 64 digits after
  the point together, as a finite code.
- **Hexadecimal digits** 8-F (``0.F``: take one, leaving zero to three heaps).
- **Unequal heaps**: ``octal=CODE,unequal``: the heaps a split leaves must all differ;
  ``octal=4.0,unequal`` is Grundy's game, read as ``grundy-game``.

The compiled kernel plays the finite octal codes and Grundy's game; these are played here, in
Python: a heap's Grundy value from a table filled by the mex (the XOR of the parts a move
leaves), grown on demand, stopped at the call's time limit or cancellation
(``nim.families.polling``). Speed: the table to heap 2,000 of a code with two-heap splits at
every place (``0.777...,unequal``) in a few seconds; three-heap splits cost a power of n more
(``0.F`` to heap 300 in about a second). Periodicity: the Octal Game Periodicity Theorem
(Guy and Smith 1956) is for finite octal codes; a hexadecimal code or a repeating digit or
group may instead give an arithmetic-periodic sequence (Howse and Nowakowski 2004; Nim,
``0.333...``, has g(n) = n), so nothing is extrapolated here: each value is computed, and
``explain`` says what period (and saltus) the values computed show, and to which heap
(``observed_period``), as an observation, not a proof.

>>> game = ExtendedCode.from_text("0.F")          # take one, leave 0-3 heaps: the parity of n
>>> [game.grundy(n) for n in range(10)]
[0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
>>> [ExtendedCode.from_text("0.07", unequal=True).grundy(n) for n in range(12)]
[0, 0, 1, 1, 0, 0, 2, 1, 3, 0, 0, 1]
>>> ExtendedCode.from_text("0.333..."), ExtendedCode.from_text("4.0", unequal=True)
(TakeAny(''), GrundysGame('grundy-game'))
>>> ExtendedCode.from_text("0.(3)"), ExtendedCode.from_text("0.13(03)...")
(TakeAny(''), ExtendedCode('octal=0.1(30)'))
>>> [ExtendedCode.from_text("0.1(30)").grundy(n) for n in range(10)]   # Ferguson, ex. 4.5.1
[0, 1, 1, 0, 2, 2, 3, 3, 4, 4]
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError, SearchLimitError
from nim.families.base import FAMILIES, ComponentFamily, Fields, RuleFamily, register_family
from nim.families.play import PlayHooks, RuleHeapPlay
from nim.families.polling import poll

__all__ = ["ExtendedCode", "MAX_HEAP", "is_extended", "observed_period", "parse_extended"]

#: Most digits after the point.
MAX_DIGITS = 64
#: The largest heap played (values come from a table filled by the mex).
MAX_HEAP = 100_000
#: How many heaps' values ``explain`` looks at for a period (at least; more where computed).
OBSERVED_HEAPS = 200
#: The overline (combining, U+0305) that marks a repeating digit.
OVERLINE = "\u0305"
_HEX = "0123456789ABCDEF"

#: ``(digits, period)``: d0, d1, ... as written, and how many of the last digits repeat for ever
#: (0: none, 1: the last digit, L: the group of the last L digits).
Code = Tuple[Tuple[int, ...], int]

#: How a group is written, for messages.
_GROUP_EXAMPLE = "such as 0.1(30) (0.1303030...)"


def _shown(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 60 else f"{shown[:40]}...{shown[-8:]} ({len(text):,} characters)"


def is_extended(text: str) -> bool:
    """Whether an ``octal=`` code uses an extension: a repeating digit or group, or a hexadecimal digit.

    >>> is_extended("0.77"), is_extended("0.333..."), is_extended("0.F"), is_extended("0.8"), is_extended("0.1(30)")
    (False, True, True, True, True)
    """
    code = text.strip().upper()
    return (code.endswith("...") or OVERLINE in code or "(" in code or ")" in code
            or any(c in "89ABCDEF" for c in code))


def _split_group(text: str, code: str, dots: bool) -> Tuple[str, str]:
    """``(the code before its repeating group, the group)`` as written, the group ``""`` for none."""
    if "(" in code or ")" in code:
        if OVERLINE in code:
            raise InvalidRulesError(f"code {_shown(text)}: a repeating group is marked one way, by parentheses "
                                    "or by an overline on each of its digits, not both")
        opened, closed = code.find("("), code.find(")")
        if code.count("(") != 1 or code.count(")") != 1 or closed < opened:
            raise InvalidRulesError(f"code {_shown(text)}: a repeating group is one pair of parentheses, "
                                    f"{_GROUP_EXAMPLE}")
        if "." not in code[:opened]:
            raise InvalidRulesError(f"code {_shown(text)}: the digits that repeat are after the point, "
                                    f"{_GROUP_EXAMPLE}")
        if closed != len(code) - 1:
            raise InvalidRulesError(f"code {_shown(text)}: the repeating group ends the code (only '...' may "
                                    f"follow it), {_GROUP_EXAMPLE}")
        if closed == opened + 1:
            raise InvalidRulesError(f"code {_shown(text)}: the repeating group () is empty, {_GROUP_EXAMPLE}")
        return code[:opened], code[opened + 1:closed]
    if OVERLINE in code:
        if dots:
            raise InvalidRulesError(f"code {_shown(text)}: a repeating digit is marked one way, by '...' after "
                                    "it or by an overline on it, not both")
        chars: List[Tuple[str, bool]] = []          # (character, overlined)
        for char in code:
            if char == OVERLINE:
                if not chars or chars[-1][1]:
                    raise InvalidRulesError(f"code {_shown(text)}: an overline (U+0305) follows a digit, once")
                chars[-1] = (chars[-1][0], True)
            else:
                chars.append((char, False))
        marked = [i for i, (_, over) in enumerate(chars) if over]
        if marked != list(range(marked[0], len(chars))):
            raise InvalidRulesError(f"code {_shown(text)}: only the last digits may repeat (an overline on "
                                    "each digit of the group that ends the code)")
        return "".join(c for c, _ in chars[:marked[0]]), "".join(c for c, _ in chars[marked[0]:])
    if dots:
        if not code or code[-1] not in _HEX:
            raise InvalidRulesError(f"code {_shown(text)}: '...' follows the digit that repeats, such as 0.333...")
        return code[:-1], code[-1]
    return code, ""


def _shortest(whole: int, after: Tuple[int, ...], group: Tuple[int, ...]) -> Code:
    """A code's one spelling: its shortest group, rolled back into the digits before it as far
    as they agree (0.13(03) is 0.1(30)); a group of zeros adds no move."""
    if not any(group):
        group = ()
    if not group:
        while after and not after[-1]:
            after = after[:-1]
        return (whole,) + after, 0
    size = len(group)
    for period in range(1, size + 1):
        if size % period == 0 and group == group[:period] * (size // period):
            group = group[:period]
            break
    while after and after[-1] == group[-1]:
        group, after = (after[-1],) + group[:-1], after[:-1]
    return (whole,) + after + group, len(group)


def parse_extended(text: str) -> Code:
    """``(digits, period)`` of a code: ``"0.3..."`` -> ``((0, 3), 1)``, ``"0.1(30)"`` -> ``((0, 1, 3, 0), 2)``.

    >>> parse_extended("0.3..."), parse_extended("0.1(30)..."), parse_extended("0.13(03)")
    (((0, 3), 1), ((0, 1, 3, 0), 2), ((0, 1, 3, 0), 2))
    >>> parse_extended("0.(700700)"), parse_extended("0.7(0)"), parse_extended("0.13\u03050\u0305")
    (((0, 7, 0, 0), 3), ((0, 7), 0), ((0, 1, 3, 0), 2))

    Raises
    ------
    InvalidRulesError
        For a code that is not one, in words: a character that is not a digit 0-9 or A-F, an
        empty group, a group not at the end of the code or before the point, more than
        ``MAX_DIGITS`` digits after the point (the group's included), no move at all.
    """
    code = text.strip().upper()
    dots = code.endswith("...")
    if dots:
        code = code[:-3]
    code, written_group = _split_group(text, code, dots)
    whole, point, after = code.partition(".")
    whole = whole or "0"
    if not point and written_group:
        raise InvalidRulesError(f"code {_shown(text)}: the digits that repeat are after the point, such as "
                                "0.333... or 0.1(30)")
    for char in whole + after + written_group:
        if char not in _HEX:
            raise InvalidRulesError(f"code {_shown(text)} has {char!r}, not a digit 0-9 or A-F")
    if len(after) + len(written_group) > MAX_DIGITS:
        raise InvalidRulesError(f"code {_shown(text)} has {len(after) + len(written_group):,} digits after the "
                                f"point: at most {MAX_DIGITS}, its repeating group's included")
    if len(whole) > 1 or _HEX.index(whole) & 3:
        raise InvalidRulesError(f"code {_shown(text)} starts with {whole}: d0 is 0, 4, 8 or C (only its bits 4 "
                                "and 8, a split without taking, mean anything)")
    digits, period = _shortest(_HEX.index(whole), tuple(_HEX.index(c) for c in after),
                               tuple(_HEX.index(c) for c in written_group))
    if not any(digits):
        raise InvalidRulesError(f"code {_shown(text)} allows no move at all")
    return digits, period


def _text(digits: Tuple[int, ...], period: int) -> str:
    if not period:
        return f"{_HEX[digits[0]]}." + ("".join(_HEX[d] for d in digits[1:]) or "0")
    head = "".join(_HEX[d] for d in digits[1:len(digits) - period])
    group = "".join(_HEX[d] for d in digits[len(digits) - period:])
    return f"{_HEX[digits[0]]}.{head}" + (f"{group}..." if period == 1 else f"({group})")


def observed_period(values: Sequence[int], least_repeats: int = 3) -> Optional[Tuple[int, int, int]]:
    """``(start, period, saltus)`` with ``values[n + period] == values[n] + saltus`` for every n from
    ``start`` on, over the values given, seen at least ``least_repeats`` periods past ``start``:
    the shortest period, then the earliest start; None where none shows. An observation on the
    heaps given, not a proof (no periodicity theorem covers an infinite code).

    >>> observed_period([0, 1, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9])      # 0.17...: +2 every 3
    (2, 3, 2)
    >>> observed_period([0, 1, 2] * 4 + [0]), observed_period([0, 1, 3, 0, 2])
    ((0, 3, 0), None)
    """
    last = len(values) - 1
    for period in range(1, len(values) // (least_repeats + 1) + 1):
        saltus = values[last] - values[last - period]
        start = last - period
        while start > 0 and values[start - 1 + period] - values[start - 1] == saltus:
            start -= 1
        if last + 1 - start >= (least_repeats + 1) * period:
            return start, period, saltus
    return None


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
    """A take-and-break code with a repeating digit or group, hexadecimal digits or unequal heaps."""

    tag: ClassVar[str] = "code"
    syntax: ClassVar[str] = ("octal=0.333... (a repeating digit), octal=0.1(30) (a repeating group), "
                             "octal=0.F (hexadecimal), octal=CODE,unequal")
    component_noun: ClassVar[str] = "heap"
    example: ClassVar[str] = "[3, 5, 7]"
    play: ClassVar[PlayHooks] = RuleHeapPlay("the code's digits say what a move may take and leave", start=(6, 9),
                                             cuts=True)

    __slots__ = ("digits", "period", "unequal")

    #: Each game's values so far (a table grown on demand), by its code: (digits, period, unequal).
    _TABLES: ClassVar[Dict[Tuple[Tuple[int, ...], int, bool], "_Table"]] = {}

    def __init__(self, digits: Tuple[int, ...], period: int, unequal: bool) -> None:
        """``digits`` d0, d1, ..., of which the last ``period`` repeat for ever (0: none), in their
        shortest spelling (``parse_extended``); use ``from_text`` to read a code as written."""
        self.digits = digits
        self.period = int(period)
        self.unequal = unequal

    @property
    def repeating(self) -> int:
        """How many of the last digits repeat for ever: 0 for none (true when some do)."""
        return self.period

    def repetition(self) -> str:
        """What repeats, in words: ``"repeats its last digit for ever"``, ``"repeats the group 30 for
        ever"``, or ``""``."""
        if not self.period:
            return ""
        if self.period == 1:
            return "repeats its last digit for ever"
        group = "".join(_HEX[d] for d in self.digits[-self.period:])
        return f"repeats the group {group} for ever"

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
        digits, repeating = parse_extended(text)       # its shortest spelling: 0.(33) is 0.3...
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
            found: RuleFamily = octal_game.from_code(_text(digits, 0))
            return found
        return cls(digits, repeating, unequal)

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        return None                    # read through ``octal=`` (OctalGame.parse_option hands it here)

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if k is not None or subtract is not None or not isinstance(octal, str):
            raise InvalidRulesError("take='code' needs octal=, a code such as '0.333...', '0.1(30)' or '0.F', "
                                    "and nothing else")
        code, _, modifier = octal.partition(",")
        if modifier.strip() not in ("", "unequal"):
            raise InvalidRulesError(f"a code's only modifier is 'unequal', not {modifier.strip()!r}")
        return cls.from_text(code, unequal=bool(modifier.strip()))

    def fields(self) -> Fields:
        return (None, None, self.code_text() + (",unequal" if self.unequal else ""))

    def code_text(self) -> str:
        """The code as written, ``0.333...``, ``0.1(30)`` or ``0.F``."""
        return _text(self.digits, self.period)

    def option_text(self) -> str:
        return f",octal={self.code_text()}" + (",unequal" if self.unequal else "")

    def describe(self, misere: bool) -> str:
        more = ""
        if self.period == 1:
            more = f"; every place past the last has the digit {_HEX[self.digits[-1]]}"
        elif self.period:
            group = "".join(_HEX[d] for d in self.digits[-self.period:])
            first = len(self.digits) - self.period
            more = (f"; the group {group} (places {first} to {len(self.digits) - 1}) repeats for ever: place k past "
                    f"them has the digit of place k - {self.period}")
        unequal = "; the heaps a split leaves must all differ" if self.unequal else ""
        return (f"The take-and-break game {self.code_text()}: for each place k of the code, bit 1 takes k objects "
                "from a heap of exactly k, bit 2 takes k and leaves one heap, bit 4 takes k and leaves two, bit 8 "
                f"takes k and leaves three{more}{unequal}; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("the Sprague-Grundy theorem (Ferguson, Part I, 4.2): a heap's value is the mex of the XORs of the "
                "heaps each move leaves, computed here by a table; a sum is lost exactly when the XOR is 0. The "
                "Octal Game Periodicity Theorem (Guy and Smith 1956) is for finite octal codes"
                + (f"; this code {self.repetition()} (infinitely many non-zero digits), so the theorem does not "
                   "apply. A" if self.period else ": a")
                + " hexadecimal code or a repeating digit or group may give an arithmetic-periodic sequence "
                "instead (Howse and Nowakowski 2004), so no value is extrapolated")

    # -- moves -----------------------------------------------------------------------------

    def digit(self, k: int) -> int:
        """The digit of place k (past the code, the repeating digit or group's)."""
        size = len(self.digits)
        if k < size:
            return self.digits[k]
        return self.digits[size - self.period + (k - size) % self.period] if self.period else 0

    def _places(self, n: int) -> Iterator[Tuple[int, int]]:
        """``(k, digit)`` of every place with a digit, k from 0 to n."""
        top = n if self.period else min(n, len(self.digits) - 1)
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
        key = (self.digits, self.period, self.unequal)
        table = self._TABLES.get(key)
        if table is None:
            table = self._TABLES[key] = _Table(self.period)
        if len(table.values) <= n:
            table.grow(self, n)
        return table.values

    def account(self, components: Any) -> List[str]:
        heaps = list(components)
        shown = ", ".join(f"{n} -> {self.grundy(n)}" for n in heaps[:20])
        lines = [f"Each heap's value from the table (the mex over its moves): {shown}."]
        key = (self.digits, self.period, self.unequal)
        try:                               # a few more heaps, to see a pattern: cheap, and optional
            self._table(max([OBSERVED_HEAPS - 1] + heaps))
        except SearchLimitError:
            pass                           # the call's limits: what is computed is what is said
        values = self._TABLES[key].values
        found = observed_period(values)
        upto = len(values) - 1
        if found is None:
            lines.append(f"No period (nor arithmetic period) shows in the values of heaps 0 to {upto:,}.")
        else:
            start, period, saltus = found
            seen = (f"g(n + {period}) = g(n) + {saltus}: arithmetic-periodic, period {period}, saltus {saltus}"
                    if saltus else f"g(n + {period}) = g(n): periodic, period {period}")
            lines.append(f"Observed in the values of heaps 0 to {upto:,}: from heap {start:,} on, {seen}. Checked to "
                         f"heap {upto:,} only, not proven: no value past the table is extrapolated from it.")
        return lines


class _Table:
    """A game's values so far, with the sets (as bit sets, ints) the mex reads: for each sum r, the
    XORs of the pairs and of the triples of heaps adding to r (the heaps a split leaves), and their
    unions over the sums r, r - L, r - 2L, ... (L the code's period), which one digit of a
    repeating group (L = 1: a repeating digit) reads at once. A pair sum costs O(r) once and a
    triple sum O(r**2) once, so a code with a repeating split digit is quadratic in the heaps
    (cubic with three-heap splits), not a power more."""

    def __init__(self, period: int) -> None:
        self.stride = max(1, period)
        self.values: List[int] = [0]
        self.pairs: List[int] = [0]            # by the sum r: the XORs of a + b = r
        self.triples: List[int] = [0]          # by the sum r: the XORs of a + b + c = r
        self.ones: List[int] = [0]             # the values of the heaps r, r - L, ... > 0, as one bit set
        self.pairs_upto: List[int] = [0]       # pairs[r] | pairs[r - L] | ...
        self.triples_upto: List[int] = [0]     # triples[r] | triples[r - L] | ...

    def grow(self, game: ExtendedCode, n: int) -> None:
        values, stride = self.values, self.stride
        digits, unequal, period = game.digits, game.unequal, game.period
        last = len(digits) - 1
        wants_pairs = any(d & 4 for d in digits)
        wants_triples = any(d & 8 for d in digits)
        # the group's places within the code (a repeating digit: the last), each with its digit
        group = [(s, digits[s]) for s in range(last + 1 - period, last + 1)] if period else []
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
            back = m - stride
            self.pairs.append(pairs)
            self.triples.append(triples)
            self.pairs_upto.append((self.pairs_upto[back] if back >= 0 else 0) | pairs)
            self.triples_upto.append((self.triples_upto[back] if back >= 0 else 0) | triples)
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
            # the places past the code: a group digit at place s recurs at s + L, s + 2L, ... <= m,
            # leaving rests top, top - L, ... >= 0 (top = m - s - L), read at once from the unions
            for s, d in group:
                top = m - s - stride
                if top < 0:
                    continue
                if d & 1 and top % stride == 0:
                    seen |= 1                  # place m itself: the whole heap
                if d & 2:
                    seen |= self.ones[top]
                if d & 4:
                    seen |= self.pairs_upto[top]
                if d & 8:
                    seen |= self.triples_upto[top]
            g = (~seen & (seen + 1)).bit_length() - 1     # the lowest bit not set: the mex
            values.append(g)
            self.ones.append((self.ones[back] if back >= 0 else 0) | 1 << g)
