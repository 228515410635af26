"""Two-dimensional Nim (Ferguson, Part I, section 3.5, exercises): counters on the squares of a
quarter-infinite board, several to a square allowed. The rule as chosen here (the text could not
be consulted in this session; this is its exercise as we recall it): a move takes one counter
any number of squares to the left along its row, or to **any** square of any lower row. A
counter in the bottom-left corner cannot move; the player who cannot move loses.

A position is the list of its counters' squares ``[[x, y], ...]``: column x from 0 at the left
edge, row y from 0 at the bottom.

The board is infinite, and a counter above the bottom row has infinitely many moves, so the
Sprague-Grundy function takes ordinal values (Ferguson, 3.4): the bottom row is 0, 1, 2, ...
(Nim); a square of row 1 reaches every finite value, so it is worth the first infinite ordinal
omega, and the square (x, y) is worth ``omega * y + x``. A position is the sum of its counters,
worth the nim-sum ``omega * (y1 ^ y2 ^ ...) + (x1 ^ x2 ^ ...)``: lost exactly when the rows
XOR to 0 and the columns XOR to 0. The winning move: when the rows do not cancel, drop a counter
to the row that makes them cancel, into the column that makes the columns cancel; else slide a
counter left as in Nim. Misère play is Bouton's misère rule on these ordinal heaps (his proof
never uses that a heap is finite). On a board 2**k columns wide the same squares are worth
``2**k * y + x`` and the P-positions agree (the brute force of tests/test_family_two_dimensional.py).

>>> game = TwoDimensionalNim()
>>> position = game.read_component([[3, 1], [1, 2], [2, 2]])
>>> game.is_lost(position), game.winning_option(position)
(False, (1, (((1, 2), (2, 2), (3, 0)),)))
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.families.base import Unparameterised, WholePositionFamily, read_whole, register_family
from nim.families.disguises import _short

__all__ = ["TwoDimensionalNim", "INFINITE_MOVES"]

#: How ``option_count`` counts the moves of a counter above the bottom row (infinitely many).
INFINITE_MOVES = 10**30
#: The most counters, and the most binary digits of a square's column or row.
MAX_COUNTERS = 100_000
MAX_BITS = 14_300

Square = Tuple[int, int]
Board = Tuple[Square, ...]
Move = Tuple[int, Tuple[Any, ...]]


def _xors(board: Board) -> Tuple[int, int]:
    """(X, Y): the XOR of the counters' columns and of their rows."""
    x = y = 0
    for column, row in board:
        x ^= column
        y ^= row
    return x, y


def _moved(board: Board, i: int, to: Square) -> Board:
    return tuple(sorted(s for s in board[:i] + (to,) + board[i + 1:] if s != (0, 0)))


def ordinal(square: Square) -> str:
    """The value of a square, ``omega*y + x``, in words."""
    x, y = square
    if not y:
        return str(x)
    head = "omega" if y == 1 else f"omega*{y}"
    return head + (f" + {x}" if x else "")


@register_family
class TwoDimensionalNim(Unparameterised, WholePositionFamily):
    """Two-dimensional Nim: a counter moves left along its row, or to any square of a lower row."""

    tag: ClassVar[str] = "two-dimensional-nim"
    title: ClassVar[str] = "Two-dimensional Nim"
    example: ClassVar[str] = "[[3, 1], [1, 2], [2, 2]]"

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Two-dimensional Nim: counters on a quarter-infinite board, a position the list of their squares "
                "[x, y] (column from 0 at the left, row from 0 at the bottom); a move takes one counter any number "
                "of squares left along its row, or to any square of any lower row; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("the square (x, y) has the ordinal Sprague-Grundy value omega*y + x (Ferguson, Part I, 3.4 and the "
                "exercises of 3.5; the rule as chosen here: left along the row, or to any square of a lower row): "
                "the bottom row is Nim, and a square of row 1 reaches every finite value, so its value is omega. "
                "A position is the sum of its counters, worth omega*(XOR of the rows) + (XOR of the columns): lost "
                "exactly when both XORs are 0. In misère play, Bouton's misère rule on these heaps: when every "
                "counter is on square (0, 0) or (1, 0), lost exactly when an odd number are on (1, 0)")

    # -- the position ------------------------------------------------------------------

    def read_component(self, value: Any) -> Board:
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
            raise InvalidPositionError("a position of Two-dimensional Nim is the list of its counters' squares "
                                       f"[x, y], such as [[3, 1], [1, 2]], not {_short(value)}")
        squares: List[Square] = []
        for square in value:
            if isinstance(square, (str, bytes, dict)) or not hasattr(square, "__len__") or len(square) != 2:
                raise InvalidPositionError(f"a counter's square is a pair [x, y], not {_short(square)}")
            x, y = (read_whole(c, what, bits=MAX_BITS) for c, what in zip(square, ("a column x", "a row y")))
            if (x, y) != (0, 0):                    # a counter in the corner can never move
                squares.append((x, y))
            if len(squares) > MAX_COUNTERS:
                raise InvalidPositionError(f"a position has at most {MAX_COUNTERS:,} counters")
        return tuple(sorted(squares))

    def component_value(self, component: Any) -> Any:
        return [list(square) for square in component]

    # -- the theory --------------------------------------------------------------------

    def grundy(self, component: Any) -> Optional[int]:
        x, y = _xors(component)
        return None if any(row for _, row in component) else x     # above the bottom row: an infinite ordinal

    def is_lost(self, component: Any) -> Optional[bool]:
        return _xors(component) == (0, 0)

    def winning_option(self, component: Any) -> Optional[Move]:
        x, y = _xors(component)
        if y:
            for i, (column, row) in enumerate(component):
                if row ^ y < row:                    # drop it to the row that cancels the rows
                    return (row - (row ^ y), (_moved(component, i, (column ^ x, row ^ y)),))
        for i, (column, row) in enumerate(component):
            if column ^ x < column:                  # slide it left as in Nim
                return (column - (column ^ x), (_moved(component, i, (column ^ x, row)),))
        return None

    def misere_is_lost(self, component: Any) -> Optional[bool]:
        if all(row == 0 and column <= 1 for column, row in component):
            return len(component) % 2 == 1           # (0, 0) counters are dropped: these are the 1s
        return self.is_lost(component)

    def misere_winning_option(self, component: Any) -> Optional[Move]:
        if self.misere_is_lost(component):
            return None
        big = [i for i, (column, row) in enumerate(component) if row or column >= 2]
        if len(big) == 1:                            # leave an odd number of counters on (1, 0)
            ones = len(component) - 1
            i = big[0]
            column, row = component[i]
            to = (1, 0) if ones % 2 == 0 else (0, 0)
            return (max(1, row) if row else column - to[0], (_moved(component, i, to),))
        if not big:                                  # only (1, 0) counters, an even number: move one to (0, 0)
            return (1, (_moved(component, 0, (0, 0)),))
        return self.winning_option(component)

    def reach(self, component: Any) -> int:
        if any(row for _, row in component):
            raise NimError("a counter of Two-dimensional Nim above the bottom row is worth an infinite ordinal "
                           "(omega*y + x), which no finite Grundy value stands for: it is solved alone here, not as "
                           "a part of a sum, and its misère play by Bouton's rule")
        total = 1
        for column, _ in component:
            total *= column + 1
        return int(total * max(1, sum(c for c, _ in component)))

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        # (counters on one square move alike: each square once; the board is sorted)
        distinct = [i for i, square in enumerate(component) if not i or component[i - 1] != square]
        for i in distinct:
            column, row = component[i]
            for to in range(column - 1, -1, -1):             # left along the row
                yield (column - to, (_moved(component, i, (to, row)),))
        for i in distinct:                                    # any square of a lower row: infinitely many
            row = component[i][1]
            if row:
                for to_column in itertools.count():
                    for to_row in range(row - 1, -1, -1):
                        yield (row - to_row, (_moved(component, i, (to_column, to_row)),))

    def option_count(self, component: Any) -> int:
        if any(row for _, row in component):
            return INFINITE_MOVES
        return int(sum(column for i, (column, _) in enumerate(component) if not i or component[i - 1][0] != column))

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        after = list(left[0]) if left else []
        before = list(component)
        for square in list(after):
            if square in before:
                before.remove(square)
                after.remove(square)
        start = before[0] if before else (0, 0)
        end = after[0] if after else (0, 0)
        how = "left along its row" if end[1] == start[1] else "down"
        return f"move the counter on {list(start)} {how} to {list(end)}"

    def account(self, components: Sequence[Any]) -> List[str]:
        board = components[0]
        x, y = _xors(board)
        shown = ", ".join(f"{list(s)} -> {ordinal(s)}" for s in board[:12]) + (", ..." if len(board) > 12 else "")
        return [f"Each counter's value: {shown or 'no counter can move'}; their nim-sum is {ordinal((x, y))}."]

