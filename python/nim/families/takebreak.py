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

from typing import TYPE_CHECKING, Any, ClassVar, Dict, Optional, Tuple

from nim.errors import InvalidRulesError
from nim.families.base import FAMILIES, Fields, RuleFamily, TakeAndBreakFamily, register_family
from nim.families.octal_codes import GAMES, GRUNDY_GAME, code_text, game_code, parse_code, subtraction_rule

if TYPE_CHECKING:
    from nim.families.heap_moves import Places

__all__ = ["GrundysGame", "OctalGame", "Rayles", "game_names", "heap_move_said"]

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
        if key == RAYLES_NAME and not value:
            return Rayles()
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


#: Rayles' name in a rule string, and its code (``GAMES``: Kayles').
RAYLES_NAME = "rayles"
RAYLES_CODE = "0.77"


class Rayles(OctalGame):
    """Rayles (Ferguson, Part I, exercise 4.5.9): the dots of the plane in regions fenced by closed
    loops; a move draws a loop through one or two dots of one region, touching no other loop, and
    the region's other dots end up inside or outside it. A region of n dots is a heap: a move takes
    1 or 2 and leaves the rest as 0, 1 or 2 heaps, the code 0.77, which is Kayles. The same game
    as ``kayles`` (equal rules, the same engines and values), told in its own words: its rules,
    and each move as a loop through dots.

    >>> Rayles().heap_move_words(5, 1, (1, 3))
    'draw a loop through 1 of the 5 dots, with 1 inside it and 3 outside'
    """

    syntax: ClassVar[str] = RAYLES_NAME

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(RAYLES_CODE)

    def option_text(self) -> str:
        return f",{RAYLES_NAME}"

    def describe(self, misere: bool) -> str:
        end = "the player who cannot move " + ("wins" if misere else "loses")
        return ("Rayles: a position is a list of regions, each a number of dots; a move draws a closed loop "
                "through one or two dots of one region, which leaves its other dots inside or outside the loop "
                "(the region may split in two), and it is Kayles in disguise. The octal game "
                f"{self.code}: for each place k of the code, bit 1 takes k objects from a heap of exactly k, "
                f"bit 2 takes k and leaves one heap, bit 4 takes k and splits the rest in two; {end}.")

    def heap_move_words(self, heap: int, count: int, split: Optional[Tuple[int, int]]) -> Optional[str]:
        through = f"draw a loop through {count} of the {heap} dots" if heap > 1 else "draw a loop through the 1 dot"
        if split is not None:
            return f"{through}, with {split[0]} inside it and {split[1]} outside"
        return f"{through}, leaving {heap - count}"


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


def heap_move_said(family: Any, piles: Any, move: Any) -> str:
    """A heap game's move as ``str(move)`` says it, with the game's own words after it where it has
    them (``TakeAndBreakFamily.heap_move_words``): ``take 1 from pile 1 (draw a loop through 1 of
    the 5 dots, leaving 4)``."""
    words = None
    if isinstance(family, TakeAndBreakFamily) and 0 <= move.pile < len(piles):
        words = family.heap_move_words(int(piles[move.pile]), int(move.count), move.split)
    return f"{move} ({words})" if words else str(move)
