"""SOS (Ferguson, Part I, section 1.5, exercises; USA Mathematical Olympiad 1999): a row of
empty squares; the players take turns writing an S or an O in an empty square, and the first to
complete S-O-S in three consecutive squares wins. If the row fills up without an SOS, the game is
a draw. Misère play here: whoever completes SOS loses.

A position is the row as a string of ``S``, ``O`` and ``-`` for an empty square (``"S--O---"``),
or the number of squares of an empty row (``7``).

SOS is not a last-player-wins game (a full row is a draw, and a finished SOS ends the game
whoever could still move), so it has no Sprague-Grundy value and is not a part of sums; its
outcomes -- win, draw or loss for the player to move -- come from an exact search over the
fillings of the row (memoised, a row and its mirror image as one), for rows of at most
``MAX_SQUARES`` squares. The text's questions for n = 4 (after an S in the first square, the
player to move wins by S--S) and n = 7 (the first player wins) are answered; n = 14 and n = 2000
are past the search (a row of 14 takes about 30 s of it) and refused in words.
tests/test_family_sos.py holds it to a brute force of its own.

>>> game = SOS()
>>> game.sum_outcome([game.read_component("S-S-")], False), game.sum_outcome([game.read_component(7)], False)
(1, 1)
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Dict, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.families.base import Unparameterised, WholePositionFamily, register_family
from nim.families.vectors import VectorEncoding, whole
from nim.families.disguises import _short
from nim.families.play import LettersPlay, PlayHooks

__all__ = ["MAX_SQUARES", "SOS"]

#: The longest row the exact search takes (3**11 = 177,147 fillings at the most: about 1 s from the
#: empty row in normal play, 6 s in misère play).
MAX_SQUARES = 11

Move = Tuple[int, Tuple[Any, ...]]

_OUTCOME: Dict[Tuple[str, bool], int] = {}


def _completes(row: str, i: int) -> bool:
    """Whether the letter at square ``i`` is part of an SOS."""
    return any(row[j:j + 3] == "SOS" for j in range(max(0, i - 2), min(i + 1, len(row) - 2)))


def _open(row: str) -> bool:
    """Whether one letter in an empty square completes an SOS."""
    return "-OS" in row or "S-S" in row or "SO-" in row


def _outcome(row: str, misere: bool) -> int:
    """+1 win, 0 draw, -1 loss for the player to move on a row without an SOS, by exact search."""
    key = (min(row, row[::-1]), misere)
    known = _OUTCOME.get(key)
    if known is not None:
        return known
    if not misere and _open(row):
        _OUTCOME[key] = 1                                # complete it now
        return 1
    best = -2
    for i, square in enumerate(row):
        if square != "-":
            continue
        for letter in "SO":
            after = row[:i] + letter + row[i + 1:]
            if _completes(after, i):
                value = -1 if misere else 1              # the mover completes SOS
            elif "-" not in after:
                value = 0                                # full without an SOS: a draw
            elif not misere and _open(after):
                value = -1                               # the opponent completes it
            else:
                value = -_outcome(after, misere)
            best = max(best, value)
            if best == 1:
                break
        if best == 1:
            break
    _OUTCOME[key] = best
    return best


@register_family
class SOS(Unparameterised, WholePositionFamily):
    """SOS: write S or O in an empty square; completing S-O-S wins (misère: loses)."""

    tag: ClassVar[str] = "sos"
    title: ClassVar[str] = "SOS"
    example: ClassVar[str] = '"S--O---"'

    play: ClassVar[PlayHooks] = LettersPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("SOS: a row of squares written with S, O and - for an empty one; a move writes an S or an O in an "
                "empty square; whoever completes S-O-S in three consecutive squares "
                + ("loses" if misere else "wins") + "; a full row without an SOS is a draw.")

    def theory_words(self) -> str:
        return ("no formula (Ferguson, Part I, 1.5, exercises; USA Mathematical Olympiad 1999): SOS can end in a "
                "draw and is not won by the last move, so it has no Sprague-Grundy value; its outcome is an exact "
                f"search over the fillings of the row (rows of at most {MAX_SQUARES} squares). The olympiad's "
                "solutions count fatal squares, where either letter lets the opponent complete SOS: both empty "
                "squares of S - - S are fatal, which is why S--S wins for the player who writes it")

    # -- the position ------------------------------------------------------------------

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """Each square: 0 empty, 1 S, 2 O."""
        (row,) = start
        return whole([3] * len(row), lambda squares: ["-SO".index(c) for c in squares],
                     lambda ints: "".join("-SO"[i] for i in ints), "each square: 0 empty, 1 S, 2 O")

    def read_component(self, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            size = operator.index(value)
            if not 1 <= size <= MAX_SQUARES:
                raise InvalidPositionError(f"SOS is searched exactly for rows of 1 to {MAX_SQUARES} squares "
                                           f"({3**MAX_SQUARES:,} fillings), not {_short(size)}")
            return "-" * size
        if not isinstance(value, str):
            raise InvalidPositionError('a position of SOS is a row such as "S--O---" (- for an empty square) or '
                                       f"its number of squares, not {_short(value)}")
        row = value.strip().upper().replace(".", "-").replace("_", "-")
        if not row or set(row) - set("SO-"):
            raise InvalidPositionError(f"a row of SOS is written with S, O and - for an empty square: {_short(value)}")
        if len(row) > MAX_SQUARES:
            raise InvalidPositionError(f"SOS is searched exactly for rows of at most {MAX_SQUARES} squares, not "
                                       f"{len(row):,}")
        return row

    def component_value(self, component: Any) -> Any:
        return component

    # -- the outcome -------------------------------------------------------------------

    def sum_outcome(self, components: Sequence[Any], misere: bool) -> Optional[int]:
        (row,) = components
        if "SOS" in row:                                 # the player who just moved completed it
            return 1 if misere else -1
        if "-" not in row:
            return 0
        return _outcome(row, misere)

    def reach(self, component: Any) -> int:
        raise NimError("SOS can end in a draw and is not won by the last move: it has no Grundy value and is not "
                       "a part of a sum here; solve it alone")

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        if "SOS" in component:
            return
        for i, square in enumerate(component):
            if square == "-":
                for letter in "SO":
                    yield (1, (component[:i] + letter + component[i + 1:],))

    def option_count(self, component: Any) -> int:
        return 0 if "SOS" in component else 2 * component.count("-")

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        after = left[0]
        i = next(j for j, (a, b) in enumerate(zip(component, after)) if a != b)
        done = " (completing SOS)" if _completes(after, i) else ""
        return f"write {after[i]} in square {i + 1}{done}, leaving {after}"

    def account(self, components: Sequence[Any]) -> List[str]:
        row = components[0]
        if "SOS" in row:
            return [f"The row {row} holds an SOS: the game is over, won by the player who completed it."]
        if "-" not in row:
            return [f"The row {row} is full without an SOS: a draw."]
        return [f"The row {row}: {row.count('-')} empty squares, searched exactly."]
