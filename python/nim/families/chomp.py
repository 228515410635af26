"""Chomp (Ferguson, Part I, section 1.5, exercises; Gale 1974, after Schuh 1952): a bar of
chocolate, its bottom-left square poisoned. A move picks a square and eats it with every square
above it and to its right; whoever eats the poisoned square loses. Here the poison is never
eaten: a move eats any other square, and the player left with the poison alone, unable to
move, loses (normal play).

A position is the list of its rows' lengths, bottom row first and never longer than the row
below (``[4, 4, 3]``), or a whole bar ``{"rows": 3, "columns": 4}``.

No formula is known. Every bar larger than 1 x 1 is a first-player win by strategy stealing:
if eating the top-right square lost, the reply that wins against it would already be a first
move, since it eats that square too. The argument names no move, so the values come from an
exact search over the shapes below the position (memoised), within a bound: a position with
more than ``MAX_SHAPES`` shapes below it is refused in words. Two bars have a known winning
move: a 2 x n bar (eat the top-right square, then keep the rows n and n - 1) and an n x n
square (eat the square in row 2, column 2, leaving two equal arms, then mirror).

>>> game = Chomp()
>>> game.read_component({"rows": 2, "columns": 3}), game.winning_option((3, 3))
((3, 3), (1, ((3, 2),)))
"""

from __future__ import annotations

from math import comb
from typing import Any, ClassVar, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.families.base import Unparameterised, WholePositionFamily, read_whole, register_family
from nim.families.vectors import VectorEncoding, padded, whole
from nim.families.disguises import _short
from nim.families.play import ChompPlay, PlayHooks

__all__ = ["Chomp", "MAX_SHAPES"]

#: The most shapes below a position (Young diagrams inside its rows and columns) the exact search
#: may visit: an 8 x 8 bar has 12,870 (about 7 s of the generic mex), a 9 x 9 one 48,620.
MAX_SHAPES = 12_870
#: The most rows, and the longest row, a position may have.
MAX_SIDE = 100_000

Shape = Tuple[int, ...]
Move = Tuple[int, Tuple[Any, ...]]


def _eat(shape: Shape, row: int, column: int) -> Shape:
    """The shape after eating the square (row, column) and every square above and right of it."""
    kept = shape[:row] + tuple(min(length, column) for length in shape[row:])
    return tuple(length for length in kept if length)


@register_family
class Chomp(Unparameterised, WholePositionFamily):
    """Chomp: eat a square and all above and to the right of it; the poisoned corner loses."""

    tag: ClassVar[str] = "chomp"
    title: ClassVar[str] = "Chomp"
    example: ClassVar[str] = '{"rows": 3, "columns": 4}'

    play: ClassVar[PlayHooks] = ChompPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Chomp: a bar of chocolate given by its rows' lengths, bottom row first ([4, 4, 3]); a move eats a "
                "square other than the poisoned bottom-left one, with every square above it and to its right; the "
                "player left with the poison alone " + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("no formula is known (Ferguson, Part I, 1.5, exercises; Gale 1974): the values are an exact search "
                f"over the shapes below the position (at most {MAX_SHAPES:,}). Strategy stealing shows that the "
                "first player wins every bar larger than 1 x 1: if eating the top-right square lost, the second "
                "player's winning reply would already be a winning first move, as it eats that square too; the "
                "argument names no move. A 2 x n bar is won by eating its top-right square, an n x n square by "
                "eating the square in row 2, column 2 and then mirroring")

    # -- the position ------------------------------------------------------------------

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The squares left in each row, padded with zeros to the start's rows."""
        (rows,) = start
        n, top = max(len(rows), 1), max(rows, default=0)
        return whole([top + 1] * n, lambda component: padded(component, n), list,
                     f"the squares left in rows 1 to {n}, 0 for none; each 0 to {top}")

    def read_component(self, value: Any) -> Shape:
        if isinstance(value, dict):
            if set(value) != {"rows", "columns"}:
                raise InvalidPositionError('a position of Chomp is the list of its rows\' lengths, such as [4, 4, 3], '
                                           f'or a bar {{"rows": 3, "columns": 4}}, not {_short(value)}')
            rows, columns = (_side(value[k], f"the number of {k}") for k in ("rows", "columns"))
            if rows < 1 or columns < 1:
                raise InvalidPositionError("a bar of Chomp has at least one row and one column (the poison)")
            return (columns,) * rows
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise InvalidPositionError("a position of Chomp is the list of its rows' lengths, bottom row first, such "
                                       f"as [4, 4, 3], not {_short(value)}")
        lengths = []
        for length in value:
            lengths.append(_side(length, "a row's length"))
            if len(lengths) > MAX_SIDE:
                raise InvalidPositionError(f"a bar of Chomp has at most {MAX_SIDE:,} rows")
        shape = tuple(length for length in lengths if length)
        if any(a < b for a, b in zip(lengths, lengths[1:])):
            raise InvalidPositionError(f"a row of Chomp is never longer than the row below it: {_short(lengths)}")
        if not shape:
            raise InvalidPositionError("a bar of Chomp keeps its poisoned square: at least [1]")
        return shape

    def component_value(self, component: Any) -> Any:
        return list(component)

    # -- the theory --------------------------------------------------------------------

    def is_lost(self, component: Any) -> Optional[bool]:
        if len(set(component)) == 1:               # a bar: only 1 x 1 is lost (strategy stealing)
            return bool(component == (1,))
        return None

    def winning_option(self, component: Any) -> Optional[Move]:
        rows, columns = len(component), component[0]
        if component != (1,) and (rows == 1 or columns == 1):             # one row or column: leave the poison
            return (sum(component) - 1, ((1,),))
        if len(set(component)) == 1 and rows == 2 and columns >= 2:       # leave (n, n - 1)
            return (1, (_eat(component, 1, columns - 1),))
        if len(set(component)) == 1 and rows == columns >= 2:             # leave two equal arms
            return ((rows - 1) ** 2, (_eat(component, 1, 1),))
        return None

    def reach(self, component: Any) -> int:
        shapes = comb(len(component) + component[0], len(component))
        if shapes > MAX_SHAPES:
            raise NimError(f"Chomp has no formula, and a bar of {len(component):,} rows and {component[0]:,} "
                           f"columns has {shapes:,} shapes below it, more than the exact search visits "
                           f"({MAX_SHAPES:,}, an 8 x 8 bar): every bar larger than 1 x 1 is a first-player "
                           "win by strategy stealing, but the argument names no move")
        return int(shapes * len(component) * component[0])

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        for row in range(len(component) - 1, -1, -1):          # the top-right squares first
            for column in range(component[row] - 1, -1, -1):
                if row == 0 and column == 0:
                    continue                                      # the poison is never eaten
                after = _eat(component, row, column)
                yield (sum(component) - sum(after), (after,))

    def option_count(self, component: Any) -> int:
        return int(sum(component) - 1)

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        after = left[0]
        row = next((i for i, length in enumerate(component) if i >= len(after) or after[i] < length), 0)
        column = after[row] if row < len(after) else 0
        more = f" and the {count - 1} above and right of it" if count > 1 else ""      # never "and the 0"
        return f"eat the square in row {row + 1}, column {column + 1}{more}, leaving rows {list(after)}"

    def account(self, components: Sequence[Any]) -> List[str]:
        shape = components[0]
        return [f"Rows, bottom first: {list(shape)} ({sum(shape)} squares, the poisoned one included)."]


def _side(value: Any, what: str) -> int:
    number = read_whole(value, what)
    if number > MAX_SIDE:
        raise InvalidPositionError(f"{what} is a whole number from 0 to {MAX_SIDE:,}, not {_short(number)}")
    return number
