"""Two-dimensional Nim (Ferguson, Part I, section 3.5, exercises): counters on the squares of a
quarter-infinite board, several to a square allowed. The rule is the text's (exercise 3.5.6,
checked against it): a move takes one counter any number of squares to the left along its row,
or to **any** square of any lower row. A
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
from collections import Counter
from typing import Any, ClassVar, Iterator, List, Optional, Sequence, Tuple

from nim.errors import IllegalMoveError, InvalidPositionError, NimError
from nim.families.base import (ComponentFamily, RuleFamily, Unparameterised, WholePositionFamily, read_whole,
                              register_family)
from nim.families.disguises import _short
from nim.families.play import Option, PlayHooks, _tokens

__all__ = ["TwoDimensionalNim", "TwoDimensionalNimAdding", "QuarterPlay", "INFINITE_MOVES"]

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
    play: ClassVar[PlayHooks]            # QuarterPlay(), set below its class

    __slots__ = ()

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        if name == cls.tag and value == "adding":    # exercise 3.5.6(c): `two-dimensional-nim,adding`
            return TwoDimensionalNimAdding()
        return super().parse_option(name, value, text)

    def describe(self, misere: bool) -> str:
        return ("Two-dimensional Nim: counters on a quarter-infinite board, a position the list of their squares "
                "[x, y] (column from 0 at the left, row from 0 at the bottom); a move takes one counter any number "
                "of squares left along its row, or to any square of any lower row; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("the square (x, y) has the ordinal Sprague-Grundy value omega*y + x (Ferguson, Part I, 3.4 and the "
                "exercise 3.5.6, whose rule this is: left along the row, or to any square of a lower row): "
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



# ---------------------------------------------------------------- free play (issue 41)

#: The most counters free play plays, and the largest column or row (a typed number has 12 digits).
PLAY_COUNTERS = 1_000
PLAY_COORDINATE = 10**12 - 1
#: How far the random player looks along a row and down the rows (a counter above the bottom
#: row has infinitely many moves: the AI that plays at random picks among these).
NEAR = 16


def _move_of(board: Board, after: Board) -> Optional[Tuple[Square, Square]]:
    """The counter's square before and after, when ``after`` is ``board`` with one counter moved
    (a counter moved to the corner leaves the board), else None."""
    lost = Counter(board) - Counter(after)
    gained = Counter(after) - Counter(board)
    if sum(lost.values()) != 1 or sum(gained.values()) > 1:
        return None
    return next(iter(lost)), (next(iter(gained)) if gained else (0, 0))


def _allowed(start: Square, end: Square) -> Optional[str]:
    """None for a move the rule allows, else why not."""
    (x, y), (x2, y2) = start, end
    if y2 > y:
        return f"a counter never moves up: {x},{y} is on row {y}, and row {y2} is above it"
    if y2 == y and x2 == x:
        return f"the counter is on {x},{y} already"
    if y2 == y and x2 > x:
        return f"along its row a counter moves left: from {x},{y} to a column below {x}, not {x2}"
    return None


class QuarterPlay(PlayHooks):
    """Two-dimensional Nim: ``move 3,1 to 5,0`` takes the counter on column 3, row 1 to column 5,
    row 0 (left along its row, or to any square of any lower row). A counter above the bottom row
    has infinitely many moves, so a move is checked against the rule, never looked for among the
    moves; the exact player plays the theory's move, and the random player picks among the
    moves near each counter."""

    noun = "counter"
    grammar = ("move X,Y to X2,Y2: a counter left along its row, or to any square of a lower row "
               "(e.g. 'move 3,1 to 5,0')")
    start_value = [[3, 1], [1, 2], [4, 0]]
    whole = True
    needs = 0

    def check_start(self, family: "ComponentFamily", value: Any) -> None:
        if isinstance(value, list) and len(value) > PLAY_COUNTERS:
            raise NimError(f"this board is too large to play move by move ({len(value):,} counters; at most "
                           f"{PLAY_COUNTERS:,}): nimcore solve, analyze and explain answer it")
        board = family.read_component(value)
        if any(max(square) > PLAY_COORDINATE for square in board):
            raise NimError(f"a board to play has columns and rows up to {PLAY_COORDINATE:,} (a move types them); "
                           "nimcore solve, analyze and explain answer larger ones")

    def work(self, family: "ComponentFamily", component: Any) -> int:
        return len(component) + 1

    def legal(self, family: "ComponentFamily", component: Any, count: Optional[int],
              left: Tuple[Any, ...]) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        if len(left) != 1:
            return None
        moved = _move_of(component, left[0])
        if moved is None or _allowed(*moved) is not None:
            return None
        (x, y), (x2, y2) = moved
        option = (x - x2 if y2 == y else y - y2, (_moved(component, component.index((x, y)), (x2, y2)),))
        if option[1] != left or (count is not None and count != option[0]):
            return None
        return option

    def some_options(self, family: "ComponentFamily", component: Any) -> List[Tuple[int, Tuple[Any, ...]]]:
        near: List[Tuple[int, Tuple[Any, ...]]] = []
        for i, (x, y) in enumerate(component):
            if i and component[i - 1] == (x, y):
                continue                                 # counters on one square move alike
            columns = sorted(set(range(min(x, NEAR))) | set(range(max(0, x - NEAR), x)))
            near += [(x - to, (_moved(component, i, (to, y)),)) for to in columns]
            rows = sorted(set(range(min(y, NEAR))) | set(range(max(0, y - NEAR), y)))
            width = max(c for c, _ in component) + 2
            near += [(y - r, (_moved(component, i, (c, r)),)) for r in rows for c in range(min(width, NEAR))]
        return near

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        numbers, _ = _tokens(text)
        if len(numbers) != 4:
            raise IllegalMoveError(f"say the counter's square and the square it goes to ({self.grammar})")
        x, y, x2, y2 = numbers
        board: Board = components[0] if components else ()
        if (x, y) not in board:
            on = " ".join(f"{c},{r}" for c, r in sorted(set(board))[:20])
            raise IllegalMoveError(f"there is no counter on {x},{y}: the counters are on {on or 'no square'} "
                                   "(a counter in the corner 0,0 cannot move)")
        why = _allowed((x, y), (x2, y2))
        if why is not None:
            raise IllegalMoveError(f"{why} ({self.grammar})")
        return (0, x - x2 if y2 == y else y - y2, (_moved(board, board.index((x, y)), (x2, y2)),))

    def typed(self, family: "ComponentFamily", components: Sequence[Any], move: Option) -> str:
        moved = _move_of(components[0], move[2][0])
        if moved is None:
            raise NimError(f"{move!r} moves no counter: the play hooks of {family.tag} are wrong")
        (x, y), (x2, y2) = moved
        return f"move {x},{y} to {x2},{y2}"

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return "this board"

    def reason(self, family: "ComponentFamily", components: Sequence[Any], misere: bool) -> Optional[str]:
        board: Board = components[0] if components else ()
        total = ordinal(_xors(board))
        if misere:
            return (f"Bouton's misère rule on the counters' values (omega*y + x each, their nim-sum {total}): the "
                    "nim-sum rule until every counter is on 0,0 or 1,0, then leave an odd number on 1,0")
        return f"the nim-sum of the counters' values (omega*y + x each: the Sprague-Grundy ordinals) is {total}"

    def board(self, family: "ComponentFamily", components: Sequence[Any], start: Sequence[Any] = ()) -> str:
        board: Board = components[0] if components else ()
        if not board:
            return "(every counter is in the corner 0,0: none can move)"
        width = max(x for x, _ in list(board) + list(start[0] if start else ())) + 2
        height = max(y for _, y in list(board) + list(start[0] if start else ())) + 1
        if width > 40 or height > 30:
            return "counters on " + ", ".join(f"{x},{y} ({ordinal((x, y))})" for x, y in board[:40]) + (
                f" ... ({len(board)} counters)" if len(board) > 40 else "")
        count = Counter(board)
        lines = []
        for y in range(height - 1, -1, -1):
            cells = ["." if not count[(x, y)] else "o" if count[(x, y)] == 1 else str(min(count[(x, y)], 9))
                     for x in range(width)]
            lines.append(f"row {y:>2} | " + " ".join(cells))
        ruler = " ".join(str(x % 10) for x in range(width))
        lines.append(f"         {ruler}   (columns; o: a counter, 2-9: that many)")
        return "\n".join(lines)


TwoDimensionalNim.play = QuarterPlay()


# ---------------------------------------------------------------- with adding (exercise 3.5.6(c))

#: The largest column whose counter's finite value 2**(x - 1) ``grundy`` writes out (a sum with
#: other games needs the number); past it the outcome and the winning move still answer.
MAX_VALUE_COLUMN = 4_096


def _below(square: Square, other: Square) -> bool:
    """Whether ``other`` is where a counter on ``square`` may go: left on its row, or any lower row."""
    return other[1] < square[1] or (other[1] == square[1] and other[0] < square[0])


def _odd_squares(board: Board) -> List[Square]:
    """The squares holding an odd number of counters, highest first (row, then column)."""
    return sorted((s for s, n in Counter(board).items() if n % 2), key=lambda s: (s[1], s[0]), reverse=True)


def _replaced(board: Board, square: Square, placed: Sequence[Square]) -> Board:
    """``board`` with one counter of ``square`` replaced by counters on ``placed`` (the corner dropped)."""
    left = list(board)
    left.remove(square)
    return tuple(sorted(s for s in left + list(placed) if s != (0, 0)))


def adding_ordinal(square: Square) -> str:
    """The value of a square in Two-dimensional Nim with adding, a power of 2 in words:
    ``2^(x-1)`` on the bottom row, ``2^(omega*y + x)`` above it."""
    x, y = square
    if not y:
        return str(1 << (x - 1)) if x <= 16 else f"2^{x - 1}"
    return f"2^({ordinal(square)})"


@register_family
class TwoDimensionalNimAdding(Unparameterised, WholePositionFamily):
    """Two-dimensional Nim with adding (Ferguson's exercise 3.5.6(c)): a move takes one counter
    left along its row or to any lower row, and may add any finite number of counters to the
    left of it on its row or on any lower row.

    A move therefore replaces one counter by a non-empty finite multiset of counters on squares
    below it in the order (row, then column). That order on finite multisets is well-founded
    (Dershowitz and Manna, 1979), so **every game ends**, though no bound on its length holds
    (a counter on (2, 0) may become a thousand on (1, 0)). The counters are independent, so a
    position is worth the nim-sum of its counters; the counter on (x, 0) is worth 2**(x - 1)
    and one on (x, y >= 1) the ordinal 2**(omega*y + x) (each square reaches every sum of the
    smaller powers): a position is lost exactly when **every square but the corner holds an even
    number of counters** (docs/theory.md, "Two-dimensional Nim with adding").

    >>> game = TwoDimensionalNimAdding()
    >>> board = game.read_component([[2, 1], [3, 0], [3, 0], [1, 0]])
    >>> game.is_lost(board), game.winning_option(board)
    (False, (1, (((1, 0), (1, 0), (3, 0), (3, 0)),)))
    """

    tag: ClassVar[str] = "two-dimensional-nim-adding"
    syntax: ClassVar[str] = "two-dimensional-nim,adding"
    title: ClassVar[str] = "Two-dimensional Nim with adding"
    example: ClassVar[str] = "[[2, 1], [3, 0], [3, 0], [1, 0]]"

    play: ClassVar[PlayHooks]            # AddingPlay(), set below its class

    __slots__ = ()

    def option_text(self) -> str:
        return ",two-dimensional-nim,adding"

    def describe(self, misere: bool) -> str:
        return ("Two-dimensional Nim with adding: counters on a quarter-infinite board, a position the list of their "
                "squares [x, y] (column from 0 at the left, row from 0 at the bottom); a move takes one counter any "
                "number of squares left along its row or to any square of a lower row, and may add any finite number "
                "of counters to the left of it on its row or on any lower row; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("Ferguson, Part I, exercise 3.5.6(c): a move replaces one counter by finitely many (at least one) "
                "on squares below it in the order row, then column; that order on finite multisets is well-founded "
                "(Dershowitz-Manna), so the game still ends in a finite number of moves, though its length has no "
                "bound. A counter on (x, 0) is worth 2^(x-1) and one on (x, y >= 1) the ordinal 2^(omega*y + x): "
                "each square's moves reach every nim-sum of the smaller powers and nothing else. So a position is "
                "lost exactly when every square but the corner (0, 0) holds an even number of counters; the winning "
                "move takes a counter from the highest square with an odd count and puts one counter on each lower "
                "square with an odd count (on the corner if there is none). In misère play the same, until every "
                "counter is on (0, 0) or (1, 0): then lost exactly when an odd number are on (1, 0)")

    # -- the position ------------------------------------------------------------------

    def read_component(self, value: Any) -> Board:
        try:
            return TwoDimensionalNim().read_component(value)
        except InvalidPositionError as error:
            raise InvalidPositionError(str(error).replace("Two-dimensional Nim", self.title)) from None

    def component_value(self, component: Any) -> Any:
        return [list(square) for square in component]

    # -- the theory --------------------------------------------------------------------

    def grundy(self, component: Any) -> Optional[int]:
        if any(row or column > MAX_VALUE_COLUMN for column, row in component):
            return None                              # an infinite ordinal, or a number too long to write
        value = 0
        for column, _ in component:
            value ^= 1 << (column - 1)
        return value

    def is_lost(self, component: Any) -> Optional[bool]:
        return not _odd_squares(component)

    def winning_option(self, component: Any) -> Optional[Move]:
        odd = _odd_squares(component)
        if not odd:
            return None
        placed = odd[1:] or [(0, 0)]                 # the moved counter must land somewhere: the corner
        return (len(placed), (_replaced(component, odd[0], placed),))

    def misere_is_lost(self, component: Any) -> Optional[bool]:
        if all(square == (1, 0) for square in component):
            return len(component) % 2 == 1
        return self.is_lost(component)

    def misere_winning_option(self, component: Any) -> Optional[Move]:
        if self.misere_is_lost(component):
            return None
        big = [square for square in component if square != (1, 0)]
        if not big:                                  # an even number of (1, 0) counters: one to the corner
            return (1, (_replaced(component, (1, 0), [(0, 0)]),))
        if len(big) == 1:                            # leave an odd number of counters on (1, 0)
            ones = len(component) - 1
            placed = [(0, 0)] if ones % 2 else [(1, 0)]
            return (1, (_replaced(component, big[0], placed),))
        return self.winning_option(component)        # two or more big counters: one stays big

    def reach(self, component: Any) -> int:
        if any(square != (1, 0) for square in component):
            raise NimError("a counter of Two-dimensional Nim with adding off the squares (0, 0) and (1, 0) has "
                           "infinitely many moves: its value comes from the theory (2^(x-1) on the bottom row, an "
                           "infinite ordinal above it), not from a search")
        return len(component) + 1

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        distinct = sorted(set(component))
        if all(square == (1, 0) for square in distinct):
            if distinct:                             # the only move: a (1, 0) counter to the corner
                yield (1, (_replaced(component, (1, 0), [(0, 0)]),))
            return
        # infinitely many: every multiset of at most b counters on the squares below with x, y < b,
        # for b = 1, 2, ... (each once: at budget b, those of b counters or touching column/row b - 1)
        for budget in itertools.count(1):
            for square in distinct:
                below = [(x, y) for y in range(min(budget, square[1] + 1)) for x in range(budget)
                         if _below(square, (x, y))]
                for size in range(1, budget + 1):
                    for placed in itertools.combinations_with_replacement(below, size):
                        if size == budget or any(max(s) == budget - 1 for s in placed):
                            yield (size, (_replaced(component, square, placed),))

    def option_count(self, component: Any) -> int:
        return 1 if component and all(s == (1, 0) for s in component) else 0 if not component else INFINITE_MOVES

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        start, placed = _adding_move(component, left[0] if left else ()) or ((0, 0), [])
        if not placed:
            return f"move the counter on {list(start)} to the corner [0, 0]"
        shown = ", ".join(str(list(s)) for s in placed[:8]) + (", ..." if len(placed) > 8 else "")
        return f"take the counter on {list(start)} and put counters on {shown}"

    def account(self, components: Sequence[Any]) -> List[str]:
        board = components[0]
        odd = _odd_squares(board)
        shown = ", ".join(f"{list(s)} -> {adding_ordinal(s)}" for s in sorted(set(board))[:12])
        counts = ", ".join(str(list(s)) for s in odd[:12]) + (", ..." if len(odd) > 12 else "")
        return [f"Each square's value: {shown or 'no counter can move'}; the squares with an odd number of "
                f"counters: {counts or 'none (every value cancels)'}."]


#: The most squares one typed move of Two-dimensional Nim with adding may put counters on.
MAX_PLACED = 1_000


def _adding_move(board: Board, after: Board) -> Optional[Tuple[Square, List[Square]]]:
    """The square a counter was taken from and the squares counters were put on (the corner
    left out), when ``after`` is ``board`` after one move with adding, else None."""
    lost = Counter(board) - Counter(after)
    gained = Counter(after) - Counter(board)
    if sum(lost.values()) != 1:
        return None
    start = next(iter(lost))
    placed = sorted(gained.elements(), key=lambda s: (s[1], s[0]), reverse=True)
    if any(not _below(start, square) for square in placed):
        return None
    return start, placed


class AddingPlay(QuarterPlay):
    """Two-dimensional Nim with adding: ``take 3,1 put 2,1 5,0 5,0`` takes the counter on
    column 3, row 1 and puts counters on 2,1 and twice on 5,0 (each left of it on its row, or on
    a lower row; at least one, 0,0 the corner). ``move 3,1 to 5,0`` is a move without adding.
    The count of a move is how many counters it puts down."""

    grammar = ("take X,Y put X2,Y2 ...: a counter off its square, and one or more counters on squares left of it "
               "on its row or on lower rows (e.g. 'take 3,1 put 2,1 5,0 5,0'; 'put 0,0': the corner)")

    def legal(self, family: "ComponentFamily", component: Any, count: Optional[int],
              left: Tuple[Any, ...]) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        if len(left) != 1:
            return None
        moved = _adding_move(component, left[0])
        if moved is None:
            return None
        start, placed = moved
        put = count if count is not None else max(1, len(placed))
        if put < max(1, len(placed)) or put - len(placed) > MAX_PLACED:    # the rest went to the corner
            return None
        if _replaced(component, start, placed) != left[0]:
            return None
        return (put, left)

    def some_options(self, family: "ComponentFamily", component: Any) -> List[Tuple[int, Tuple[Any, ...]]]:
        near: List[Tuple[int, Tuple[Any, ...]]] = []
        for square in sorted(set(component)):
            x, y = square
            lower = ([(c, y) for c in range(max(0, x - NEAR), x)]
                     + [(c, r) for r in range(max(0, y - 2), y) for c in range(min(NEAR, x + 2))])
            near += [(1, (_replaced(component, square, [to]),)) for to in lower]
            near += [(2, (_replaced(component, square, list(pair)),)) for pair in zip(lower, lower[1:])][:NEAR]
        best = family.winning_option(component)
        if best is not None and best not in near:
            near.append(best)
        return near

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        numbers, _ = _tokens(text)
        if len(numbers) < 4 or len(numbers) % 2:
            raise IllegalMoveError(f"say the counter's square and the squares counters go to ({self.grammar})")
        if len(numbers) > 2 * (MAX_PLACED + 1):
            raise IllegalMoveError(f"a typed move puts counters on at most {MAX_PLACED:,} squares")
        x, y = numbers[0], numbers[1]
        placed = [(numbers[i], numbers[i + 1]) for i in range(2, len(numbers), 2)]
        board: Board = components[0] if components else ()
        if (x, y) not in board:
            on = " ".join(f"{c},{r}" for c, r in sorted(set(board))[:20])
            raise IllegalMoveError(f"there is no counter on {x},{y}: the counters are on {on or 'no square'} "
                                   "(a counter in the corner 0,0 cannot move)")
        for square in placed:
            if not _below((x, y), square):
                raise IllegalMoveError(f"a counter from {x},{y} goes left on its row or to a lower row, and "
                                       f"{square[0]},{square[1]} is neither ({self.grammar})")
        return (0, len(placed), (_replaced(board, (x, y), placed),))

    def typed(self, family: "ComponentFamily", components: Sequence[Any], move: Option) -> str:
        moved = _adding_move(components[0], move[2][0])
        if moved is None:
            raise NimError(f"{move!r} moves no counter: the play hooks of {family.tag} are wrong")
        (x, y), placed = moved
        placed += [(0, 0)] * max(0, move[1] - len(placed))       # counters put on the corner leave the board
        return f"take {x},{y} put " + " ".join(f"{a},{b}" for a, b in placed)

    def reason(self, family: "ComponentFamily", components: Sequence[Any], misere: bool) -> Optional[str]:
        board: Board = components[0] if components else ()
        odd = _odd_squares(board)
        shown = " ".join(f"{x},{y}" for x, y in odd[:12]) or "none"
        if misere:
            return ("the counts on each square (each square its own power of 2: even counts cancel), by Bouton's "
                    f"misère rule once every counter is on 0,0 or 1,0; squares with an odd count: {shown}")
        return f"each square is its own power of 2, so even counts cancel; squares with an odd count: {shown}"


TwoDimensionalNimAdding.play = AddingPlay()
