"""The take-and-break families: octal codes (Kayles, Dawson's Kayles, ...) and Grundy's game.

An octal code whose digits are only 0s and 3s is a take rule (0.333 is take at most
3, 0.303 the set {1, 3}): ``OctalGame.from_code`` answers it with that take rule,
so one game has one spelling and one answer.

>>> OctalGame.from_code("0.77").places()
((1, 2), (1, 2), (1, 2), False)
>>> OctalGame.from_code("0.333")
TakeMax('max=3')
>>> GrundysGame().describe(False)[:40]
"Grundy's game: a move splits one heap in"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Dict, Optional

from nim.errors import InvalidRulesError
from nim.families.base import FAMILIES, Fields, RuleFamily, TakeAndBreakFamily, register_family
from nim.families.octal_codes import GAMES, GRUNDY_GAME, code_text, game_code, parse_code, subtraction_rule

if TYPE_CHECKING:
    from nim.families.heap_moves import Places

__all__ = ["GrundysGame", "OctalGame", "game_names"]

#: The pins of the named games, for their sentence.
_PINS: Dict[str, str] = {
    "kayles": "Kayles: a move knocks over one pin or two adjacent pins of a row, which may split it in two. ",
    "dawson-kayles": "Dawson's Kayles: a move knocks over two adjacent pins of a row, which may split it in two. ",
}


def game_names() -> tuple[str, ...]:
    """The names a rule string may give a take-and-break game by (``kayles``, ...)."""
    return tuple(GAMES)


@register_family
class OctalGame(TakeAndBreakFamily):
    """An octal game ``d0.d1d2...``: bit 1 of d_k takes a whole heap of k, bit 2 takes k and
    leaves one heap, bit 4 takes k and leaves two."""

    tag: ClassVar[str] = "octal"
    syntax: ClassVar[str] = "octal=CODE (or kayles, dawson-kayles, dawson-chess)"

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        """``code`` normalised (``code_text``); use ``from_code`` to read any spelling."""
        self.code: str = code

    @classmethod
    def from_code(cls, text: Any) -> RuleFamily:
        """The game of a code as written: a code of 0s and 3s is its take rule.

        Raises
        ------
        InvalidRulesError
            For a code that is not one (``nim.families.octal_codes.parse_code`` says why).
        """
        from nim.families.code_extensions import ExtendedCode, is_extended

        if isinstance(text, str) and "," in text:            # CODE,unequal (Rules(octal=...), a pickle)
            code, _, modifier = text.partition(",")
            if modifier.strip().lower() != "unequal":
                raise InvalidRulesError(f"a code's only modifier is 'unequal', not {modifier.strip()!r}")
            return ExtendedCode.from_text(code, unequal=True)
        if isinstance(text, str) and is_extended(text):     # 0.333..., 0.F: past the octal codes
            return ExtendedCode.from_text(text)
        digits = parse_code(text)
        as_take = subtraction_rule(digits)
        if as_take is not None:   # the same game as a take rule: one spelling, one answer
            take, k, subtract = as_take
            return FAMILIES[take].from_fields(k, subtract, None)
        return cls(code_text(digits))

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        from nim.families.code_extensions import ExtendedCode

        if name == "octal":
            return cls.from_code(value)     # CODE,unequal too: the heaps a split leaves must differ
        key = name.replace("_", "-")
        if key in GAMES and key != GRUNDY_GAME and value in ("", "unequal"):
            named = game_code(key)
            assert named is not None
            return ExtendedCode.from_text(named, unequal=True) if value else cls.from_code(named)
        return None

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if k is not None or subtract is not None:
            raise InvalidRulesError(f"octal={octal!r} goes alone, not with k={k!r}, subtract={subtract!r}")
        if octal is None:
            raise InvalidRulesError("take='octal' needs octal=, a code such as '0.77'")
        return cls.from_code(octal)

    def fields(self) -> Fields:
        return (None, None, self.code)

    def option_text(self) -> str:
        return f",octal={self.code}"

    def describe(self, misere: bool) -> str:
        named = next((name for name, code in GAMES.items() if code == self.code), "")
        end = "the player who cannot move " + ("wins" if misere else "loses")
        return (f"{_PINS.get(named, '')}The octal game {self.code}: for each place k of the code, bit 1 "
                "takes k objects from a heap of exactly k, bit 2 takes k and leaves one heap, bit 4 takes "
                f"k and splits the rest in two; {end}.")

    def places(self) -> "Places":
        from nim.families.heap_moves import places_of

        return places_of("octal", self.code)

    def game_name(self) -> str:
        return self.code


@register_family
class GrundysGame(TakeAndBreakFamily):
    """Grundy's game: a move splits one heap into two unequal non-empty heaps."""

    tag: ClassVar[str] = "grundy"
    syntax: ClassVar[str] = GRUNDY_GAME

    __slots__ = ()

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        return cls() if name.replace("_", "-") == GRUNDY_GAME and not value else None

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if k is not None or subtract is not None or octal is not None:
            raise InvalidRulesError("Grundy's game takes no k=, subtract= or octal=")
        return cls()

    def fields(self) -> Fields:
        return (None, None, None)

    def option_text(self) -> str:
        return f",{GRUNDY_GAME}"

    def describe(self, misere: bool) -> str:
        return ("Grundy's game: a move splits one heap into two unequal non-empty heaps; the player who "
                "cannot move " + ("wins." if misere else "loses."))

    def places(self) -> "Places":
        from nim.families.heap_moves import GRUNDY_PLACES

        return GRUNDY_PLACES

    def game_name(self) -> str:
        return GRUNDY_GAME
