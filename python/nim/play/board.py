"""Drawing a Nim board in the terminal: one ``/*\\`` per stone (the KUET board).

>>> print(render_board((3, 1)))
Pile 1 | /*\\ /*\\ /*\\   3
Pile 2 | /*\\           1
"""

from __future__ import annotations

import os
from typing import IO, Optional, Sequence

__all__ = ["STONE", "fitting", "render_board", "render_kuet_board", "use_color"]

#: One stone.
STONE = "/*\\"
#: Piles longer than this are drawn as a count, not stone by stone.
MAX_DRAWN = 15

_RESET = "\033[0m"
_LABEL = "\033[1;36m"    # bold cyan
_STONE = "\033[33m"      # yellow
_COUNT = "\033[2m"       # dim
_EMPTY = "\033[2;37m"


def use_color(stream: IO[str], choice: Optional[bool] = None) -> bool:
    """Colour or not: ``choice`` when given, else when ``stream`` is a terminal,
    NO_COLOR is unset and TERM is not ``dumb``."""
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def fitting(columns: Optional[int], fixed: int, each: int, most: int) -> int:
    """How many things of ``each`` columns (a space between two) a row draws, at most
    ``most``, so that with ``fixed`` columns around them it fits a terminal of
    ``columns`` (None: any width); at least one."""
    if columns is None:
        return most
    return max(1, min(most, (columns - fixed + 1) // each))


def render_board(piles: Sequence[int], color: bool = False, width: int = 0, base: int = 1,
                 columns: Optional[int] = None) -> str:
    """The board as text, one line per pile (numbered from ``base``), each stone drawn as ``/*\\``.

    Returns
    -------
    str
        Lines joined by newlines, no trailing newline; ANSI colours when ``color``.
        The counts line up after room for ``width`` stones (at least the largest pile).
        On a terminal of ``columns`` columns a row draws fewer stones and ``...``
        (its count is written after it), so that it never wraps.
    """
    if not piles:
        return "(no piles)"
    widest = max(max(piles), width)
    label_width = len(str(len(piles) - 1 + base))
    # "Pile N | " + stones + " ..." + "   " + the count
    most = fitting(columns, 5 + label_width + 3 + 4 + 3 + len(str(widest)), 4, MAX_DRAWN)
    room = min(widest, most) * 4 - 1 + (4 if widest > most else 0)
    lines = []
    for index, pile in enumerate(piles, start=base):
        drawn = min(pile, most)
        stones = " ".join([STONE] * drawn)
        if pile > most:
            stones += " ..."
        if pile == 0:
            stones = "-"
        pad = " " * max(room - len(stones), 0)
        label = f"Pile {index:>{label_width}}"
        if color:
            look = _EMPTY if pile == 0 else _STONE
            lines.append(f"{_LABEL}{label}{_RESET} | {look}{stones}{_RESET}{pad}   {_COUNT}{pile}{_RESET}")
        else:
            lines.append(f"{label} | {stones}{pad}   {pile}")
    return "\n".join(lines)


#: The KUET report's board frame.
KUET_RULE = "-----"


def render_kuet_board(piles: Sequence[int], color: bool = False, columns: Optional[int] = None) -> str:
    """The board as the KUET report draws it: ``Pile_no 1: /*\\/*\\`` between ``-----`` lines.

    Piles are numbered from 1; stones touch, as in the report. A pile over
    MAX_DRAWN stones (or more than a row of a terminal of ``columns`` holds)
    shows as many as fit and its count.

    Returns
    -------
    str
        Lines joined by newlines, no trailing newline; ANSI colours when ``color``.
    """
    lines = [KUET_RULE]
    for index, pile in enumerate(piles, start=1):
        # "Pile_no N: " + stones (touching) + " ... (N stones)"
        most = fitting(columns, len(f"Pile_no {index}: ... ({pile} stones)") + 1, 3, MAX_DRAWN)
        stones = STONE * min(pile, most)
        if pile > most:
            stones += f" ... ({pile} stones)"
        label = f"Pile_no {index}:"
        if color:
            lines.append(f"{_LABEL}{label}{_RESET} {_STONE}{stones}{_RESET}".rstrip())
        else:
            lines.append(f"{label} {stones}".rstrip())
    lines.append(KUET_RULE)
    return "\n".join(lines)
