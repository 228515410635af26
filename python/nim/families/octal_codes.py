"""Octal codes and the named take-and-break games (SPEC section 2.1).

An octal code ``d0.d1d2...dt`` says, for each k, how a move may take k objects
from one heap: bit 1 of d_k when the heap has exactly k (nothing is left),
bit 2 leaving one non-empty heap, bit 4 leaving two non-empty heaps. For d0
only bit 4 means anything (split a heap in two without taking).

>>> parse_code("0.77")
(0, 7, 7)
>>> code_text(parse_code(".1370"))
'0.137'
>>> code_text(parse_code("4")), code_text(parse_code("4.")), code_text(parse_code(".6"))
('4.0', '4.0', '0.6')
>>> subtraction_rule(parse_code("0.333"))
('max', 3, None)
>>> subtraction_rule(parse_code("0.303"))
('set', None, (1, 3))
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

from nim.errors import InvalidRulesError

__all__ = ["GAMES", "GRUNDY_GAME", "MAX_CODE_DIGITS", "code_text", "game_code", "is_code", "parse_code",
           "places", "subtraction_rule"]

#: Most digits after the point of a code.
MAX_CODE_DIGITS = 64

#: The name of Grundy's game (split a heap into two unequal heaps; not octal).
GRUNDY_GAME = "grundy-game"

#: The named games and their codes (Grundy's game has none).
GAMES: Dict[str, Optional[str]] = {
    "kayles": "0.77",
    "dawson-kayles": "0.07",
    "dawson-chess": "0.137",
    "rayles": "0.77",          # Ferguson, ex. 4.5.9: a loop through one or two dots of a region is Kayles
    GRUNDY_GAME: None,
}

_EXAMPLE = "write it as d0.d1d2..., e.g. 0.77 (Kayles)"


def is_code(text: str) -> bool:
    """Whether ``text`` is written as a code (it starts with a digit or a point)
    rather than a game's name: what ``parse_code`` is then asked to read.

    >>> is_code("0.77"), is_code(".6"), is_code("4"), is_code("kayles")
    (True, True, True, False)
    """
    word = text.strip()
    return bool(word) and (word[0].isdigit() or word[0] == ".")


def parse_code(text: object) -> Tuple[int, ...]:
    """The digits ``(d0, d1, ..., dt)`` of an octal code, trailing zeros dropped.

    Codes are read as the literature writes them: the whole part may be left
    out (``.6`` is 0.6), and so may the digits after the point, or the point
    itself (``4.`` and ``4`` are 4.0, as the published tables write them).

    Raises
    ------
    InvalidRulesError
        For a code that is not a string, is empty, has a digit 8 or 9 or
        another character, more than MAX_CODE_DIGITS digits after the point, a
        d0 other than 0 or 4, or no move at all.
    """
    if not isinstance(text, str):
        raise InvalidRulesError(f"an octal code is a string, not {text!r}: {_EXAMPLE}")
    code = text.strip()
    if not code:
        raise InvalidRulesError(f"the octal code is empty: {_EXAMPLE}")
    whole, _, after = code.partition(".")
    if not whole and not after:
        raise InvalidRulesError(f"octal code {_short(code)} has no digit: {_EXAMPLE}")
    whole = whole or "0"          # .6 is 0.6
    for char in whole + after:
        if char in "89":
            raise InvalidRulesError(f"octal code {_short(code)} has the digit {char}: octal digits are 0-7")
        if char not in "01234567":
            raise InvalidRulesError(f"octal code {_short(code)} has {char!r}, not an octal digit 0-7")
    if len(after) > MAX_CODE_DIGITS:
        raise InvalidRulesError(
            f"octal code {_short(code)} has {len(after):,} digits after the point: at most {MAX_CODE_DIGITS}")
    if len(whole) > 1 or whole not in "04":
        raise InvalidRulesError(
            f"octal code {_short(code)} starts with {whole}: d0 is 0 or 4 (only its bit 4, "
            "split a heap in two without taking, means anything)")
    digits = (int(whole),) + tuple(int(char) for char in after.rstrip("0"))
    if not any(digits):
        raise InvalidRulesError(f"octal code {_short(code)} allows no move at all")
    return digits


def code_text(digits: Tuple[int, ...]) -> str:
    """The code of ``digits`` as written: ``(0, 7, 7)`` -> ``'0.77'``, ``(4,)`` -> ``'4.0'``."""
    return f"{digits[0]}." + ("".join(map(str, digits[1:])) or "0")


def game_code(name: str) -> Optional[str]:
    """The code of a named game (None for Grundy's game).

    Raises
    ------
    InvalidRulesError
        For a name that is not one of GAMES.
    """
    key = name.strip().lower().replace("_", "-").replace("'", "")
    if key not in GAMES:
        raise InvalidRulesError(f"unknown game {_short(name)}: expected one of {', '.join(GAMES)}")
    return GAMES[key]


def places(digits: Tuple[int, ...]) -> Tuple[Tuple[int, ...], Tuple[int, ...], Tuple[int, ...]]:
    """``(takes_all, leaves, splits)``: the places k whose digit has bit 1, bit 2, bit 4."""
    return (tuple(k for k, d in enumerate(digits) if k and d & 1),
            tuple(k for k, d in enumerate(digits) if k and d & 2),
            tuple(k for k, d in enumerate(digits) if d & 4))


def subtraction_rule(digits: Tuple[int, ...]) -> Optional[Tuple[str, Optional[int], Optional[Tuple[int, ...]]]]:
    """The take rule a code of 0s and 3s is, as ``(take, k, subtract)``: ``max`` for
    0.3...3, else ``set`` (a 3 at each place of the set); None for any other code."""
    if digits[0] != 0 or any(d not in (0, 3) for d in digits[1:]):
        return None
    members = tuple(k for k, d in enumerate(digits) if d == 3)
    if members == tuple(range(1, len(digits))):
        return ("max", len(members), None)
    return ("set", None, members)


def _short(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 60 else f"{shown[:40]}...{shown[-8:]} ({len(text):,} characters)"
