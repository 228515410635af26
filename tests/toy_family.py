"""A toy rule family, registered from outside the package: take a power of two.

The whole family is this file (its test is tests/test_toy_family.py): the plug-in
point of issue 38 proven by use. A move takes 1, 2, 4, ..., or 2**31 objects from
one pile; the compiled engines play it as the subtraction set of those 32 powers,
and its Grundy value has a closed form, n mod 3 (a power of two is 1 or 2 mod 3,
so a pile reaches both other residues and never its own).
"""

from __future__ import annotations

from typing import Any, ClassVar, Optional, Sequence, Tuple

from nim.families import Fields, TakeFamily, register_family

POWERS = tuple(1 << j for j in range(32))


@register_family
class TakePowerOfTwo(TakeFamily):
    """A move takes a power of two (1, 2, 4, ..., 2**31) objects from one pile."""

    tag: ClassVar[str] = "pow2"
    syntax: ClassVar[str] = "pow2"
    core_tag: ClassVar[str] = "set"

    __slots__ = ()

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[TakeFamily]:
        return cls() if name == "pow2" and not value else None

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> TakeFamily:
        return cls()

    def fields(self) -> Fields:
        return (None, None, None)

    def option_text(self) -> str:
        return ",pow2"

    def describe(self, misere: bool) -> str:
        return ("A move takes a power of two (1, 2, 4, ...) objects from one pile; the player who cannot "
                "move " + ("wins." if misere else "loses."))

    def takes(self, pile: int) -> Sequence[int]:
        return tuple(p for p in reversed(POWERS) if p <= pile)

    def core_view(self) -> Tuple[str, int, Tuple[int, ...]]:
        return ("set", 0, POWERS)

    def grundy(self, n: int) -> int:
        return n % 3

    def option(self, n: int, g: int, target: int) -> Optional[int]:
        return next((n - p for p in reversed(POWERS) if p <= n and (n - p) % 3 == target), None)

    def grundy_words(self) -> Optional[str]:
        return "n mod 3 under take a power of two"

    def grundy_formula(self) -> Optional[str]:
        return "g(n) = n mod 3"

    def tame_reason(self) -> str:
        return "holds: a movable pile of Grundy value 0 is a multiple of 3, and taking 2 leaves value 1"
