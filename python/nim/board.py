"""Drawing a Nim board in the terminal: one ``/*\\`` per stone (the KUET board).

>>> print(render_board((3, 1)))
Pile 1 | /*\\ /*\\ /*\\   3
Pile 2 | /*\\           1
"""

from __future__ import annotations

import os
from typing import IO, Optional, Sequence

__all__ = ["STONE", "render_board", "use_color"]

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
    """Colour or not: ``choice`` when given, else when ``stream`` is a terminal and NO_COLOR is unset."""
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def render_board(piles: Sequence[int], color: bool = False, width: int = 0) -> str:
    """The board as text, one line per pile (numbered from 1), each stone drawn as ``/*\\``.

    Returns
    -------
    str
        Lines joined by newlines, no trailing newline; ANSI colours when ``color``.
        The counts line up after room for ``width`` stones (at least the largest pile).
    """
    if not piles:
        return "(no piles)"
    widest = max(max(piles), width)
    room = min(widest, MAX_DRAWN) * 4 - 1 + (4 if widest > MAX_DRAWN else 0)
    label_width = len(str(len(piles)))
    lines = []
    for index, pile in enumerate(piles, start=1):
        drawn = min(pile, MAX_DRAWN)
        stones = " ".join([STONE] * drawn)
        if pile > MAX_DRAWN:
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
