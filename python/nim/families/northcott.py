"""Northcott's game (Ferguson, Part I, chapter 2, exercises): a board of rows, each with one
white and one black checker.

A position is the list of its rows, each a string of ``W``, ``B`` and ``.`` (``"W...B."``: a
row six squares wide), and the player to move, White unless given:
``{"rows": ["W...B.", ".B..W"], "to_move": "black"}``. White moves white checkers, Black
black ones: a move slides your checker of one row any number of squares along it, toward or
away from the other checker, never onto or over it. The player who cannot move loses.

This is Nim on the gaps: the empty squares between the two checkers of each row are a Nim
heap. A move toward the other checker lowers a heap as in Nim. A move away raises it, and
is reversible: the player who was winning moves their own checker of that row forward by
the same amount, so the gaps are as before. The game is loopy in principle (checkers may go
back and forth), but the winner's checkers only ever move forward, so the winner wins in
finitely many moves and there are no draws: lost exactly when the XOR of the gaps is 0
(tests/test_family_northcott.py checks it, draws included, by retrograde analysis of every
small board). The game is partizan (each player has checkers of their own), so it is not
offered as a part of a sum of impartial games; misère play (the player who cannot move wins)
is not solved here and is refused in words.

>>> game = Northcott()
>>> position = game.read_component(["W...B", ".B.W."])
>>> game.gaps(position), game.is_lost(position)
((3, 1), False)
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.families.base import StateCoding, Unparameterised, WholePositionFamily, register_family
from nim.families.vectors import VectorEncoding, whole
from nim.families.disguises import _short
from nim.families.play import CheckersPlay, PlayHooks

__all__ = ["Northcott"]

#: The widest row, and the most rows.
MAX_WIDTH = 1_000_000
MAX_ROWS = 10_000

#: One row: its width, the white checker's square, the black checker's square (from 0).
Row = Tuple[int, int, int]
#: A position: its rows and the player to move ("W" or "B").
Board = Tuple[Tuple[Row, ...], str]
Move = Tuple[int, Tuple[Any, ...]]


def _gap(row: Row) -> int:
    return abs(row[1] - row[2]) - 1


@register_family
class Northcott(Unparameterised, WholePositionFamily):
    """Northcott's game: slide your checker along its row, never over the other one."""

    tag: ClassVar[str] = "northcott"
    title: ClassVar[str] = "Northcott's game"
    example: ClassVar[str] = '["W...B", ".B.W."]'

    play: ClassVar[PlayHooks] = CheckersPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Northcott's game: a board of rows, each with a white and a black checker (a row is written "
                '"W...B."); White moves a white checker, Black a black one, any number of squares along its row, '
                "toward or away from the other checker but never onto or over it; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("this is Nim on the gaps (Ferguson, Part I, chapter 2, exercises): the empty squares between the "
                "two checkers of a row are a Nim heap. A move toward the other checker lowers that heap as in Nim; "
                "a move away raises it and is reversible: the player who was winning moves their own checker of "
                "that row forward by as much, and the gaps are as before. The game could go on forever in "
                "principle, but the winner's checkers only move forward, so the winner wins in finitely many "
                "moves: lost exactly when the XOR of the gaps is 0 (Bouton's theorem)")

    # -- the position ------------------------------------------------------------------

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The player to move (0 White, 1 Black), then each row's white and black squares (from 0)."""
        ((rows, _),) = start
        widths = [width for width, _, _ in rows]

        def encode(board: Any) -> List[int]:
            return [0 if board[1] == "W" else 1] + [square for _, white, black in board[0] for square in (white, black)]

        def decode(ints: Sequence[int]) -> Any:
            drawn = [_drawn((width, ints[1 + 2 * i], ints[2 + 2 * i])) for i, width in enumerate(widths)]
            return {"rows": drawn, "to_move": "black" if ints[0] else "white"}

        return whole([2] + [w for width in widths for w in (width, width)], encode, decode,
                     "the player to move (0 White, 1 Black), then each row's white and black squares, from 0")

    def state_coding(self, start: Any) -> Optional[StateCoding]:
        """A board as one whole number: the player to move in the lowest bit (1 Black), then each
        row's white and black squares as digits of base its width. A move slides one checker, so
        the numbers one row's moves leave run in steps of that checker's digit: the successors of
        a board are a few ranges, without a board or a move built for each."""
        rows, _ = start
        widths = [width for width, _, _ in rows]
        weights: List[Tuple[int, int]] = []         # each row's (white's, black's) digit weight
        weight = 2
        for width in widths:
            weights.append((weight, weight * width))
            weight *= width * width

        def encode(board: Any) -> int:
            code = 0 if board[1] == "W" else 1
            for (_, white, black), (w_weight, b_weight) in zip(board[0], weights):
                code += white * w_weight + black * b_weight
            return code

        def decode(code: int) -> Board:
            mover = "B" if code & 1 else "W"
            code >>= 1
            read: List[Row] = []
            for width in widths:
                code, digits = divmod(code, width * width)
                black, white = divmod(digits, width)
                read.append((width, white, black))
            return (tuple(read), mover)

        def successors(code: int) -> List[int]:
            black_moves = code & 1
            flipped = code ^ 1                       # the other player moves next
            rest = code >> 1
            found: List[int] = []
            for width, (w_weight, b_weight) in zip(widths, weights):
                rest, digits = divmod(rest, width * width)
                black, white = divmod(digits, width)
                mine, theirs, step = (black, white, b_weight) if black_moves else (white, black, w_weight)
                base = flipped - mine * step         # the board with this checker at square 0
                if mine < theirs:                    # as options: toward the other first, nearest first
                    found.extend(range(base + (theirs - 1) * step, base + mine * step, -step))
                    found.extend(range(base + (mine - 1) * step, base - step, -step))
                else:
                    found.extend(range(base + (theirs + 1) * step, base + mine * step, step))
                    found.extend(range(base + (mine + 1) * step, base + width * step, step))
            return found

        return StateCoding(encode, decode, successors)

    def read_component(self, value: Any) -> Board:
        mover = "W"
        rows = value
        if isinstance(value, dict):
            if set(value) - {"rows", "to_move"} or "rows" not in value:
                raise InvalidPositionError('a position of Northcott\'s game is a list of rows such as ["W...B", '
                                           '".B.W."], or {"rows": [...], "to_move": "black"}, not '
                                           f"{_short(value)}")
            rows = value["rows"]
            said = value.get("to_move", "white")
            if not isinstance(said, str) or said.lower() not in ("white", "black", "w", "b"):
                raise InvalidPositionError(f'the player to move is "white" or "black", not {_short(said)}')
            mover = said[0].upper()
        if isinstance(rows, (str, bytes)) or not isinstance(rows, (list, tuple)):
            raise InvalidPositionError('a position of Northcott\'s game is a list of rows such as ["W...B", ".B.W."], '
                                       f"not {_short(rows)}")
        if len(rows) > MAX_ROWS:
            raise InvalidPositionError(f"a board of Northcott's game has at most {MAX_ROWS:,} rows")
        read: List[Row] = []
        for row in rows:
            if not isinstance(row, str) or len(row) > MAX_WIDTH:
                raise InvalidPositionError(f"a row is a string of W, B and . of at most {MAX_WIDTH:,} squares, "
                                           f"not {_short(row)}")
            text = row.strip().upper()
            if set(text) - set("WB.") or text.count("W") != 1 or text.count("B") != 1:
                raise InvalidPositionError(f"a row holds one W, one B and dots for the empty squares: {_short(row)}")
            read.append((len(text), text.index("W"), text.index("B")))
        return (tuple(read), mover)

    def component_value(self, component: Any) -> Any:
        rows, mover = component
        return {"rows": [_drawn(row) for row in rows], "to_move": "white" if mover == "W" else "black"}

    def gaps(self, component: Any) -> Tuple[int, ...]:
        """The Nim heaps the board hides: the empty squares between the checkers of each row."""
        return tuple(_gap(row) for row in component[0])

    # -- the theory --------------------------------------------------------------------

    def sum_outcome(self, components: Sequence[Any], misere: bool) -> Optional[int]:
        if misere:
            raise NimError("misère Northcott's game (the player who cannot move wins) is not solved here: the "
                           "reversible moves of its Nim strategy depend on the board's edges; play it in normal play")
        return None                                  # normal play: the Nim theory below, at any size

    def is_lost(self, component: Any) -> Optional[bool]:
        x = 0
        for gap in self.gaps(component):
            x ^= gap
        return x == 0

    def winning_option(self, component: Any) -> Optional[Move]:
        x = 0
        for gap in self.gaps(component):
            x ^= gap
        rows, mover = component
        for i, row in enumerate(rows):               # Bouton's move on a gap: your checker steps forward
            gap = _gap(row)
            if gap ^ x < gap:
                width, white, black = row
                step = gap - (gap ^ x)
                mine, theirs = (white, black) if mover == "W" else (black, white)
                square = mine + step if mine < theirs else mine - step
                after = (width, square, black) if mover == "W" else (width, white, square)
                return (step, ((rows[:i] + (after,) + rows[i + 1:], "B" if mover == "W" else "W"),))
        return None

    def reach(self, component: Any) -> int:
        raise NimError("Northcott's game is partizan (each player moves their own checkers), so it is not a part "
                       "of a sum of impartial games here: solve it alone")

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        rows, mover = component
        other = "B" if mover == "W" else "W"
        for i, (width, white, black) in enumerate(rows):
            mine, theirs = (white, black) if mover == "W" else (black, white)
            squares = range(theirs - 1, -1, -1) if mine < theirs else range(theirs + 1, width)
            for square in squares:                  # toward the other checker first, nearest first
                if square == mine:
                    continue
                row = (width, square, black) if mover == "W" else (width, white, square)
                yield (abs(square - mine), ((rows[:i] + (row,) + rows[i + 1:], other),))

    def option_count(self, component: Any) -> int:
        rows, mover = component
        count = 0
        for width, white, black in rows:
            mine, theirs = (white, black) if mover == "W" else (black, white)
            count += (theirs if mine < theirs else width - theirs - 1) - 1
        return count

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        rows, mover = component
        after = left[0][0]
        i = next(j for j, (a, b) in enumerate(zip(rows, after)) if a != b)
        colour = "white" if mover == "W" else "black"
        toward = _gap(after[i]) < _gap(rows[i])
        return (f"move the {colour} checker of row {i} {count} square{'s' if count > 1 else ''} "
                f"{'toward' if toward else 'away from'} the other, leaving {_drawn(after[i])} "
                f"(gaps {list(_gap(r) for r in after)})")

    def account(self, components: Sequence[Any]) -> List[str]:
        gaps = self.gaps(components[0])
        x = 0
        for gap in gaps:
            x ^= gap
        shown = ", ".join(map(str, gaps[:20])) + (", ..." if len(gaps) > 20 else "")
        return [f"The gaps (Nim heaps), row by row: {shown}; their XOR is {x}."]


def _drawn(row: Row) -> str:
    width, white, black = row
    cells = ["."] * width
    cells[white], cells[black] = "W", "B"
    return "".join(cells)
