"""The take rules: take any number, at most K, at most half, a member of a set S.

Each is a ``TakeFamily``: its moves (``takes``), its compiled view, and the closed
form of its Grundy values (docs/theory.md), written once here:

=========  ==================================================================
any        g(n) = n
max K      g(n) = n mod (K + 1)
half       g(n) = n >> (t + 1), t the number of trailing 1-bits of n
set S      from the compiled DP table of S / gcd(S), read through its period
=========  ==================================================================

>>> TakeMax(3).grundy(10**30 + 2), TakeHalf().grundy(11), TakeAny().option(9, 9, 4)
(2, 1, 4)
>>> list(TakeMax(3).takes(5)), TakeSet((1, 3, 4)).takes(3)
([3, 2, 1], (3, 1))
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Iterable, Optional, Sequence, Tuple

from nim.errors import InvalidRulesError
from nim.families.base import Fields, TakeFamily, Unparameterised, register_family
from nim.kernel import MAX_PILE, MAX_SET

__all__ = ["MAX_K", "TakeAny", "TakeHalf", "TakeMax", "TakeSet", "parse_whole", "short", "whole_number"]

#: The largest K of a `max` rule: the core computes K + 1 in 32 bits.
MAX_K = MAX_PILE - 1

_MAX_DIGITS = 4300    # Python's default limit on int() of a string


def _no_fields(tag: str, k: Any, subtract: Any, octal: Any, *, takes_k: bool = False,
               takes_set: bool = False) -> None:
    """Refuse the keyword fields a family does not take."""
    if k is not None and not takes_k:
        raise InvalidRulesError(f"k={k!r} only goes with take='max', not {tag!r}")
    if subtract is not None and not takes_set:
        raise InvalidRulesError(f"subtract={subtract!r} only goes with take='set', not {tag!r}")
    if octal is not None:
        raise InvalidRulesError(f"octal={octal!r} only goes with take='octal', not {tag!r}")


class _Unparameterised(Unparameterised, TakeFamily):
    """A take rule without a parameter: a keyword field given names the rule that takes it."""

    __slots__ = ()

    @classmethod
    def refuse_fields(cls, k: Any, subtract: Any, octal: Any) -> None:
        _no_fields(cls.tag, k, subtract, octal)


@register_family
class TakeAny(_Unparameterised):
    """Nim: a move takes any number of objects from one pile."""

    tag: ClassVar[str] = "any"
    syntax: ClassVar[str] = "any (the default)"
    core_tag: ClassVar[str] = "any"
    is_nim: ClassVar[bool] = True

    __slots__ = ()

    def option_text(self) -> str:
        return ""

    def describe(self, misere: bool) -> str:
        return "A move takes any number of objects from one pile; whoever takes the last object " + (
            "loses." if misere else "wins.")

    def takes(self, pile: int) -> Sequence[int]:
        return range(pile, 0, -1)

    @property
    def min_take(self) -> int:
        return 1

    def core_view(self) -> Tuple[str, int, Tuple[int, ...]]:
        return ("any", 0, ())

    def grundy(self, n: int) -> int:
        return n

    def option(self, n: int, g: int, target: int) -> Optional[int]:
        return target if target < n else None

    def grundy_words(self) -> Optional[str]:
        return "the pile's size itself (Bouton's nim-sum)"

    def grundy_formula(self) -> Optional[str]:
        return "g(n) = n"

    def tame_reason(self) -> str:
        return "holds for Nim: every pile's Grundy value is its size, and a pile of 2 or more moves to 1"

    def take_table(self, np: Any, top: int) -> Tuple[Any, Any]:
        sizes = np.arange(top + 1, dtype=np.int64)
        return np.arange(1, top + 1, dtype=np.int64), sizes


@register_family
class TakeMax(TakeFamily):
    """A move takes 1 to K objects from one pile."""

    tag: ClassVar[str] = "max"
    syntax: ClassVar[str] = "max=K"
    core_tag: ClassVar[str] = "max"

    __slots__ = ("k",)

    def __init__(self, k: Any) -> None:
        k = whole_number(k, "the K of a 'max' rule")
        if not 1 <= k <= MAX_K:
            raise InvalidRulesError(f"the K of a 'max' rule must be in 1 .. {MAX_K:,}: {short(k)}")
        self.k: int = k

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[TakeFamily]:
        return cls(parse_whole(value, text)) if name == "max" and value else None

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> TakeFamily:
        _no_fields(cls.tag, None, subtract, octal)
        if k is None:
            raise InvalidRulesError("the K of a 'max' rule must be a whole number, not None")
        return cls(k)

    def fields(self) -> Fields:
        return (self.k, None, None)

    def option_text(self) -> str:
        return f",max={self.k}"

    def describe(self, misere: bool) -> str:
        return f"A move takes 1 to {self.k} objects from one pile; whoever takes the last object " + (
            "loses." if misere else "wins.")

    def takes(self, pile: int) -> Sequence[int]:
        return range(min(self.k, pile), 0, -1)

    @property
    def min_take(self) -> int:
        return 1

    def core_view(self) -> Tuple[str, int, Tuple[int, ...]]:
        return ("max", self.k, ())

    def grundy(self, n: int) -> int:
        return n % (self.k + 1)

    def option(self, n: int, g: int, target: int) -> Optional[int]:
        if target > self.k:
            return None
        lower = g - target if g >= target else g + self.k + 1 - target   # g(n - d) = (g - d) mod (K + 1)
        return n - lower if 1 <= lower <= min(self.k, n) else None

    def grundy_words(self) -> Optional[str]:
        return f"n mod {self.k + 1} under take at most {self.k}"

    def grundy_formula(self) -> Optional[str]:
        return f"g(n) = n mod {self.k + 1}"

    def tame_reason(self) -> str:
        return (f"is proven for max K: a movable pile of Grundy value 0 is a multiple of "
                f"{self.k + 1}, and taking {self.k} leaves value 1")

    def take_table(self, np: Any, top: int) -> Tuple[Any, Any]:
        usable = np.minimum(np.arange(top + 1, dtype=np.int64), self.k)
        most = int(usable.max()) if top >= 0 else 0
        return np.arange(1, most + 1, dtype=np.int64), np.ascontiguousarray(usable, dtype=np.int64)


@register_family
class TakeHalf(_Unparameterised):
    """A move takes 1 to half of one pile's objects (rounded down)."""

    tag: ClassVar[str] = "half"
    core_tag: ClassVar[str] = "half"

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("A move takes 1 to half of the objects (rounded down) from one pile; the player who "
                "cannot move " + ("wins." if misere else "loses."))

    def takes(self, pile: int) -> Sequence[int]:
        return range(pile // 2, 0, -1)

    @property
    def min_take(self) -> int:
        return 2          # the smallest pile that can move: half of 1 is 0

    def core_view(self) -> Tuple[str, int, Tuple[int, ...]]:
        return ("half", 0, ())

    def grundy(self, n: int) -> int:
        return n >> (n ^ (n + 1)).bit_length()      # drop the trailing 1-bits and one more

    def option(self, n: int, g: int, target: int) -> Optional[int]:
        # the sizes of Grundy value target are (2 target + 1) 2**j - 1, j = 0, 1, ...;
        # a pile of n moves to n - n // 2 .. n - 1: the smallest such size
        if n == 0 or target > (n - 1) // 2:
            return None
        size = 2 * target
        while size < n - n // 2:
            size = 2 * size + 1
        return size if size < n else None

    def grundy_words(self) -> Optional[str]:
        return "n with its trailing 1-bits and one more bit dropped (g(2m) = m, g(2m+1) = g(m)) under take at most half"

    def grundy_formula(self) -> Optional[str]:
        return "g(2m) = m, g(2m+1) = g(m)"

    def tame_reason(self) -> str:
        return ("is proven for half: the movable piles of Grundy value 0 are 2**j - 1 (j >= 2), "
                "and 3 * 2**(j-2) - 1 is an option of value 1")

    def take_table(self, np: Any, top: int) -> Tuple[Any, Any]:
        usable = np.arange(top + 1, dtype=np.int64) // 2
        most = int(usable.max()) if top >= 0 else 0
        return np.arange(1, most + 1, dtype=np.int64), np.ascontiguousarray(usable, dtype=np.int64)


@register_family
class TakeSet(TakeFamily):
    """A subtraction game: a move takes k objects from one pile, k a member of a finite set S."""

    tag: ClassVar[str] = "set"
    syntax: ClassVar[str] = "set=1;3;4"
    core_tag: ClassVar[str] = "set"
    closed_form: ClassVar[bool] = False

    __slots__ = ("subtract",)

    def __init__(self, subtract: Any) -> None:
        self.subtract: Tuple[int, ...] = subtraction_set(subtract)

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[TakeFamily]:
        if name != "set" or not value or value.strip() == "powers-of-2":     # the infinite set: one_pile.py
            return None
        return cls(tuple(parse_whole(v, text) for v in value.split(";") if v.strip()))

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> TakeFamily:
        _no_fields(cls.tag, k, None, octal)
        return cls(subtract)

    def fields(self) -> Fields:
        return (None, self.subtract, None)

    def option_text(self) -> str:
        return ",set=" + ";".join(map(str, self.subtract))

    def describe(self, misere: bool) -> str:
        return ("A move takes k objects from one pile, k one of " + ", ".join(map(str, self.subtract))
                + "; the player who cannot move " + ("wins." if misere else "loses."))

    def takes(self, pile: int) -> Sequence[int]:
        return tuple(s for s in reversed(self.subtract) if s <= pile)

    @property
    def min_take(self) -> int:
        return self.subtract[0]

    def core_view(self) -> Tuple[str, int, Tuple[int, ...]]:
        return ("set", 0, self.subtract)

    # a subtraction set's values come from the compiled table (closed_form False)
    def grundy(self, n: int) -> int:
        raise InvalidRulesError("a subtraction set's Grundy values come from its table (nim.solving.closed_forms)")

    def option(self, n: int, g: int, target: int) -> Optional[int]:
        raise InvalidRulesError("a subtraction set's options come from its table (nim.solving.closed_forms)")

    def grundy_words(self) -> Optional[str]:
        return None

    def grundy_formula(self) -> Optional[str]:
        return None

    def tame_reason(self) -> str:
        return ("was checked for this S over one window of its periodic Grundy sequence "
                "(past it, a pile's value and its options' values repeat with the period)")

    def take_table(self, np: Any, top: int) -> Tuple[Any, Any]:
        sizes = np.arange(top + 1, dtype=np.int64)
        members = np.array(sorted(m for m in self.subtract if m <= top), dtype=np.int64)
        return members, np.searchsorted(members, sizes, side="right").astype(np.int64)


def whole_number(value: Any, what: str) -> int:
    """``value`` as an int (NumPy integers included); bools and the rest refused, naming ``what``."""
    if isinstance(value, bool):
        raise InvalidRulesError(f"{what} must be a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise InvalidRulesError(f"{what} must be a whole number, not {value!r}") from None


def parse_whole(text: str, rule_text: str) -> int:
    """A number of a rule string: ASCII digits only, as everywhere on the command line."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= _MAX_DIGITS:
        return int(digits)
    raise InvalidRulesError(
        f"{short(digits)} is not a whole number (digits 0-9) in rules {short(rule_text)}")


def short(value: Any) -> str:
    """repr of a value for a message, cut short when long (a 5,000-digit number)."""
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...{shown[-8:]} ({len(shown):,} characters)"


def subtraction_set(members: Optional[Iterable[int]]) -> Tuple[int, ...]:
    """A subtraction set's members, validated and sorted ascending."""
    if members is None or isinstance(members, (str, bytes)) or not hasattr(members, "__iter__"):
        raise InvalidRulesError(
            f"take='set' needs subtract=, a collection of positive whole numbers: {members!r}"
        )
    given = list(members)
    numbers = [whole_number(m, "a subtraction set member") for m in given]
    values = tuple(sorted(set(numbers)))
    if not values:
        raise InvalidRulesError("a subtraction set needs at least one member")
    if len(values) < len(numbers):
        seen: set[int] = set()  # linear: list.count per member took minutes on 40,000 members
        for repeated in numbers:
            if repeated in seen:
                break
            seen.add(repeated)
        raise InvalidRulesError(f"subtraction set members must differ: {repeated} is given twice in {short(given)}")
    if values[0] < 1 or values[-1] > MAX_PILE:
        raise InvalidRulesError(f"subtraction set members must be in 1 .. {MAX_PILE:,}: {short(given)}")
    if len(values) > MAX_SET:
        raise InvalidRulesError(f"a subtraction set may have at most {MAX_SET:,} members, not {len(values):,}")
    return values
