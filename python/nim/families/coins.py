"""Coin-turning games (Ferguson, Part I, chapter 5): a row (or a grid) of coins, heads or
tails; a move turns over a set of coins the game allows, the last (right-most, or
south-east-most) of which goes from heads to tails. The last player to move wins.

The theorem that decides them all (Ferguson, ch. 5, after Lenstra): **a position is the
sum of its heads**, each a game alone, so its Grundy value is the XOR of the values
``g(n)`` of a single head at each place ``n`` -- and ``g(n)`` is the mex, over the moves
of a head at ``n``, of the XOR of the values of the other coins the move turns.
The families here, each with its closed form where the text gives one (checked against
that mex in tests/test_coins.py):

========================  ==========================================  ===========================
rule string               a move turns over                           a head at n is worth
========================  ==========================================  ===========================
``turning-turtles``       coin n, and at most one coin to its left    n (coins from 1: Nim)
``twins``                 coin n and exactly one coin to its left     n (coins from 0)
``mock-turtles``          coin n and at most two coins to its left    the n-th odious number
``triplets``              coin n and exactly two coins to its left    the (n-2)-th odious number
``ruler``                 coins n-k+1, ..., n for some k >= 1         the largest 2**j dividing n
``rulerette``             coins n-k+1, ..., n for some k >= 2         half of Ruler's (0 for odd n)
``grunt``                 coins 0, a, n-a, n (0 < a < n-a)            Grundy's game at n (mex)
``coin-subtraction=S``    coins n and n-z, z in S (only n if z = n)   the subtraction game S (mex)
``...,exactly-two``       exactly coins n and n-z (coins from 0)      the subtraction game S (mex)
``...,one-or-two``        coin n alone, or n and n-z (from 0)         1 + the subtraction game S
``turning-corners``       the 4 corners (a,b),(a,y),(x,b),(x,y)       nim_mul(x, y)
``acrostic-twins``        (x,y) and one coin in its row or column     x XOR y
``rugs``                  a rectangle of coins ending at (x, y)       nim_mul(ruler(x), ruler(y))
``turning-turtles-sq``    the product of two Turning Turtles moves    nim_mul(x, y) (from 1)
``tartan=A*B``            the product of a move of A and one of B     nim_mul(gA(x), gB(y))
========================  ==========================================  ===========================

A Tartan factor is one of the games without parameters above or a ``coin-subtraction=S`` game in
any of its three forms (``tartan=coin-subtraction=1;2;3;4,exactly-two*ruler``: Ferguson's 5.5.10).
``CoinTurning.longest_play`` gives the most moves a game can last from a position (exercise 5.5.2).

The last four are Tartan games, products of two one-dimensional games, valued by the
Tartan theorem (Ferguson, ch. 5): ``g(x, y) = gA(x) (x) gB(y)``, nim multiplication.

A component is one row: a string of ``H`` and ``T`` (``"THHTH"``: its first character is
coin 0, or coin 1 where the game numbers from 1) or the list of its heads' places
(``[1, 2, 4]``); a grid is a list of such strings, one per row, or the list of its heads
``[[x, y], ...]``. A position is a row, or a list of rows (a sum). Misère play (where the
last player to move loses) has no such theorem: it is decided by an exact search over
small rows, and refused in words past them.

>>> game = MockTurtles()
>>> [game.line.value(n) for n in range(8)]
[1, 2, 4, 7, 8, 11, 13, 14]
>>> game.grundy(game.read_component("THHTH"))     # heads at 1, 2, 4: 2 ^ 4 ^ 8
14
"""

from __future__ import annotations

import functools
import operator
import random
from typing import Any, ClassVar, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError, MoveTooLargeError, NimError
from nim.families.base import ComponentFamily, Fields, RuleFamily, Unparameterised, register_family
from nim.families.play import GridPlay, PlayHooks, RowPlay

__all__ = ["AcrosticTwins", "CoinSubtraction", "Grunt", "LINES", "MockTurtles", "Ruler", "Rulerette", "Rugs", "Tartan",
           "Triplets", "TurningCorners", "TurningTurtles", "TurningTurtlesSquared", "Twins"]

#: The longest row a string may give, and the most heads a component may hold.
MAX_ROW = 1_000_000
#: The farthest place whose value a table (a game without a closed form) is computed to.
MAX_TABLE = {"grunt": 2_000, "coin-subtraction": 1_000_000}
#: The most places before a part's last head ``CoinTurning.longest_play`` walks: it reaches at most
#: 2**16 rows (a Ruler row of 16 coins, 32,768 moves long, takes about 8 s).
LONGEST_SPAN = 16
#: The most digits a head's place may have (its value is a closed form of any size).
MAX_DIGITS = 1000

Others = Tuple[int, ...]


def odious(n: int) -> int:
    """The n-th odious number (odd count of 1 bits), from the 0-th: 1, 2, 4, 7, 8, 11, ..."""
    return 2 * n + (1 - bin(n).count("1") % 2)


def _odious_index(w: int) -> Optional[int]:
    """The m with ``odious(m) == w``, or None when ``w`` is evil (even count of 1 bits)."""
    return w >> 1 if bin(w).count("1") % 2 else None


class Line:
    """One one-dimensional coin-turning game: its moves and the value of a head at each place."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The number of the left-most coin (the text numbers some games from 0, some from 1).
    first: ClassVar[int] = 0
    #: The move, in words.
    rule_words: ClassVar[str] = ""
    #: The value of a head at n, in words, with the section of the text.
    value_words: ClassVar[str] = ""

    def named(self) -> str:
        """The game's name with its parameters (a subtraction game names its set)."""
        return self.title

    def value(self, n: int) -> int:
        """The Grundy value of a single head at place ``n``."""
        raise NotImplementedError

    def moves(self, n: int) -> Iterator[Others]:
        """Every move of a head at ``n``: the other coins it turns (each left of ``n``)."""
        raise NotImplementedError

    def move_count(self, n: int) -> int:
        """How many moves a head at ``n`` has."""
        raise NotImplementedError

    def move_to(self, n: int, v: int) -> Others:
        """A move of a head at ``n`` whose other coins are worth ``v < value(n)`` together:
        by listing the moves (a line with a formula overrides it)."""
        for others in self.moves(n):
            x = 0
            for m in others:
                x ^= self.value(m)
            if x == v:
                return others
        raise NimError(f"{self.title}: no move of a head at {n} is worth {v}: the mex is wrong")


class TurningTurtlesLine(Line):
    name, title, first = "turning-turtles", "Turning Turtles", 1
    rule_words = "turns over one coin from heads to tails and, if you like, one coin to its left"
    value_words = "n, as in Nim: a head at n is a Nim heap of n (Ferguson, ch. 5)"

    def value(self, n: int) -> int:
        return n

    def moves(self, n: int) -> Iterator[Others]:
        yield ()
        for a in range(n - 1, 0, -1):
            yield (a,)

    def move_count(self, n: int) -> int:
        return n

    def move_to(self, n: int, v: int) -> Others:
        return (v,) if v else ()


class TwinsLine(Line):
    name, title, first = "twins", "Twins", 0
    rule_words = "turns over exactly two coins, the right-most from heads to tails"
    value_words = "n, coins numbered from 0: Turning Turtles shifted by one (Ferguson, ch. 5)"

    def value(self, n: int) -> int:
        return n

    def moves(self, n: int) -> Iterator[Others]:
        for a in range(n - 1, -1, -1):
            yield (a,)

    def move_count(self, n: int) -> int:
        return n

    def move_to(self, n: int, v: int) -> Others:
        return (v,)


class MockTurtlesLine(Line):
    name, title, first = "mock-turtles", "Mock Turtles", 0
    rule_words = "turns over one, two or three coins, the right-most from heads to tails"
    value_words = ("the n-th odious number (1, 2, 4, 7, 8, 11, ...: an odd count of 1 bits), coins from 0 "
                   "(Ferguson, ch. 5, the Mock Turtle theorem)")

    def value(self, n: int) -> int:
        return odious(n)

    def moves(self, n: int) -> Iterator[Others]:
        yield ()
        for b in range(n - 1, -1, -1):
            yield (b,)
            for a in range(b - 1, -1, -1):
                yield (a, b)

    def move_count(self, n: int) -> int:
        return 1 + n + n * (n - 1) // 2

    def move_to(self, n: int, v: int) -> Others:
        if v == 0:
            return ()
        single = _odious_index(v)
        if single is not None:                      # v itself is odious: one coin
            return (single,)
        for a in range(n):                          # v evil: two odious values (a = 0 nearly always)
            b = _odious_index(v ^ odious(a))
            if b is not None and b != a and b < n:
                return (min(a, b), max(a, b))
        return super().move_to(n, v)


class TripletsLine(Line):
    name, title, first = "triplets", "Triplets", 0
    rule_words = "turns over exactly three coins, the right-most from heads to tails"
    value_words = ("0 at places 0 and 1, then the (n-2)-th odious number: Mock Turtles moved two places "
                   "right (Ferguson, ch. 5, exercises; checked against the mex)")

    def value(self, n: int) -> int:
        return odious(n - 2) if n >= 2 else 0

    def moves(self, n: int) -> Iterator[Others]:
        for b in range(n - 1, -1, -1):
            for a in range(b - 1, -1, -1):
                yield (a, b)

    def move_count(self, n: int) -> int:
        return n * (n - 1) // 2

    def move_to(self, n: int, v: int) -> Others:
        for a in range(n):
            w = v ^ self.value(a)
            m = _odious_index(w)
            if m is not None and m + 2 != a and m + 2 < n:
                return (min(a, m + 2), max(a, m + 2))
            if w == 0 and a < 2 and n > 2:          # both of value 0: the coins 0 and 1
                return (0, 1)
        return super().move_to(n, v)


class RulerLine(Line):
    name, title, first = "ruler", "Ruler", 1
    rule_words = "turns over any number of consecutive coins, the right-most from heads to tails"
    value_words = "the largest power of 2 dividing n, coins from 1 (Ferguson, ch. 5)"

    def value(self, n: int) -> int:
        return n & -n

    def moves(self, n: int) -> Iterator[Others]:
        for k in range(1, n + 1):
            yield tuple(range(n - k + 1, n))

    def move_count(self, n: int) -> int:
        return n

    def move_to(self, n: int, v: int) -> Others:
        # the coins n-1, ..., n-t (t < n & -n) are worth ruler(1) ^ ... ^ ruler(t) = t ^ (t >> 1),
        # the Gray code of t: invert it
        return _run_of_gray(n, v, "Ruler")


class RuleretteLine(Line):
    """Rulerette (Ferguson, exercise 5.5.4): Ruler where a move turns at least two coins (a run of
    even length, another reading, gives the same values)."""

    name, title, first = "rulerette", "Rulerette", 1
    rule_words = "turns over two or more consecutive coins, the right-most from heads to tails"
    value_words = ("half the largest power of 2 dividing n (0 for odd n), coins from 1: Ruler's values halved, as "
                   "the run of the coins left of n is worth the Gray code of its length (Ferguson, ch. 5)")

    def value(self, n: int) -> int:
        return (n & -n) >> 1

    def moves(self, n: int) -> Iterator[Others]:
        for k in range(2, n + 1):
            yield tuple(range(n - k + 1, n))

    def move_count(self, n: int) -> int:
        return max(0, n - 1)

    def move_to(self, n: int, v: int) -> Others:
        # the t coins left of n (t < n & -n) are worth Gray(t) >> 1, as in Ruler: the least t >= 1
        # whose Gray code is 2v or 2v + 1 (2v + 1 when v = 0: at least one other coin)
        return _run_of_gray(n, 2 * v if v else 1, "Rulerette")


class LongRunError(MoveTooLargeError):
    """A winning move that turns over a run of coins too long to hold the row it leaves: the
    move itself is known (``first`` .. ``last``), and said in words; the row after it is not made."""

    def __init__(self, title: str, first: int, last: int) -> None:
        self.first, self.last = first, last
        super().__init__(title, f"turn over the {last - first + 1:,} coins from {first:,} to {last:,} (the last "
                         f"from heads to tails)", f"the row it leaves is not made, as it would hold about that "
                         f"many heads, more than a row holds here ({MAX_ROW:,})")

    def __reduce__(self) -> Tuple[Any, ...]:
        return (LongRunError, (self.game, self.first, self.last), self.__dict__)


def _run_of_gray(n: int, gray: int, title: str) -> Others:
    """The coins n - t, ..., n - 1 just left of n, t the number whose Gray code t ^ (t >> 1) is ``gray``."""
    t, shift = gray, gray >> 1
    while shift:
        t ^= shift
        shift >>= 1
    if t >= MAX_ROW:        # the run itself is known: only the row after it is too large to make
        raise LongRunError(title, n - t, n)
    return tuple(range(n - t, n))


class TableLine(Line):
    """A line without a closed form: the values by the mex, in a table grown as asked."""

    def __init__(self) -> None:
        self.table: List[int] = []

    def _limit(self) -> int:
        return MAX_TABLE[self.name]

    def value(self, n: int) -> int:
        if n >= len(self.table):
            if n > self._limit():
                raise NimError(f"{self.title} has no closed form: its values are computed by the mex up to "
                               f"coin {self._limit():,}, not {n:,}")
            self._grow(n)
        return self.table[n]

    def _grow(self, n: int) -> None:
        for m in range(len(self.table), n + 1):
            seen = set()
            for others in self.moves(m):
                x = 0
                for o in others:
                    x ^= self.table[o]
                seen.add(x)
            g = 0
            while g in seen:
                g += 1
            self.table.append(g)


class GruntLine(TableLine):
    name, title, first = "grunt", "Grunt", 0
    rule_words = "turns over four symmetric coins 0, a, n-a and n (0 < a < n-a), coin n from heads to tails"
    value_words = ("the value of a heap of n in Grundy's game (Grunt is Grundy's game in disguise, "
                   "Ferguson, ch. 5); no closed form: the mex")

    def moves(self, n: int) -> Iterator[Others]:
        for a in range(1, (n + 1) // 2):
            yield (0, a, n - a)

    def move_count(self, n: int) -> int:
        return max(0, (n - 1) // 2)


def _subtraction_named(subtract: Tuple[int, ...], way: str) -> str:
    """A coin-subtraction game's name with its set and way of play ("..., one or two coins")."""
    return f"the subtraction game S = {{{', '.join(map(str, subtract))}}} as coin turning{way}"


class SubtractionLine(TableLine):
    name, title, first = "coin-subtraction", "a subtraction game as coin turning", 1
    rule_words = "turns over coin n and coin n-z for z in S (only coin n when z = n)"
    value_words = "the value of a heap of n in the subtraction game S (Ferguson, ch. 5); the mex"

    def __init__(self, subtract: Tuple[int, ...]) -> None:
        super().__init__()
        self.subtract = subtract
        self.table = [0]

    def named(self) -> str:
        return _subtraction_named(self.subtract, {0: ", exactly two coins", 1: ""}[self.first])

    def moves(self, n: int) -> Iterator[Others]:
        for z in self.subtract:
            if z < n:
                yield (n - z,)
            elif z == n:
                yield ()

    def move_count(self, n: int) -> int:
        return sum(1 for z in self.subtract if z <= n)


class SubtractionTwoLine(SubtractionLine):
    """The text's other form of a subtraction game as coin turning (Ferguson 5.1, and exercises
    5.5.1(c) and 5.5.10): exactly two coins, at a distance in S; coins numbered from 0."""

    first = 0
    rule_words = "turns over exactly two coins, n and n-z for z in S, the right-most from heads to tails"
    value_words = ("the value of a heap of n in the subtraction game S, coins numbered from 0 (Ferguson, 5.1: "
                   "coin 0 never moves, and the coin n-z is worth the heap n-z); the mex")

    def moves(self, n: int) -> Iterator[Others]:
        for z in self.subtract:
            if z <= n:
                yield (n - z,)


class SubtractionOneOrTwoLine(Line):
    """Ferguson's exercise 5.5.5: one coin, or two at a distance in S; coins numbered from 0. A head
    at n is worth ``1 + gS(n)``: turning n alone is worth 0, and by induction the two-coin moves are
    worth ``1 + gS(n - z)``, so the mex is one more than the subtraction game's."""

    name, title, first = "coin-subtraction", "a subtraction game as coin turning, one or two coins", 0
    rule_words = ("turns over one coin n, or two coins n and n-z for z in S, the right-most from heads to tails")
    value_words = ("1 + gS(n), one more than the value of a heap of n in the subtraction game S, coins numbered "
                   "from 0 (Ferguson, exercise 5.5.5: turning n alone is worth 0, so each value is shifted up by 1)")

    def __init__(self, subtract: Tuple[int, ...]) -> None:
        self.subtract = subtract
        self.base = SubtractionTwoLine(subtract)

    def named(self) -> str:
        return _subtraction_named(self.subtract, ", one or two coins")

    def value(self, n: int) -> int:
        return 1 + self.base.value(n)

    def moves(self, n: int) -> Iterator[Others]:
        yield ()
        yield from self.base.moves(n)

    def move_count(self, n: int) -> int:
        return 1 + self.base.move_count(n)

    def move_to(self, n: int, v: int) -> Others:
        return () if v == 0 else self.base.move_to(n, v - 1)


#: The one-dimensional games without parameters, by name (the factors a Tartan game may take).
LINES: Dict[str, Line] = {line.name: line for line in (
    TurningTurtlesLine(), TwinsLine(), MockTurtlesLine(), TripletsLine(), RulerLine(), GruntLine(),
    RuleretteLine())}


def _place(value: Any, least: int, what: str) -> int:
    if isinstance(value, bool):
        raise InvalidPositionError(f"{what} is a whole number, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise InvalidPositionError(f"{what} is a whole number, not {_short(value)}") from None
    if number < least:
        raise InvalidPositionError(f"{what} is at least {least} in this game (its coins are numbered from "
                                   f"{least}), not {number}")
    if number.bit_length() > MAX_DIGITS * 4:
        raise InvalidPositionError(f"{what} has at most {MAX_DIGITS} digits")
    return number


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"


def _toggled(heads: Tuple[Any, ...], turned: Sequence[Any]) -> Tuple[Any, ...]:
    """The heads after turning over ``turned`` (a head becomes a tail and a tail a head)."""
    now = set(heads)
    for coin in turned:
        now ^= {coin}
    return tuple(sorted(now))


#: Coins a move's words list one by one; a longer run or rectangle is said by its ends.
LISTED_COINS = 12


def _listed(heads: Sequence[Any]) -> str:
    """Heads as a list (cells as [x, y]), the first ``LISTED_COINS`` and a count when there are more."""
    shown = [list(h) if isinstance(h, tuple) else h for h in heads[:LISTED_COINS]]
    if len(heads) <= LISTED_COINS:
        return str(shown)
    return str(shown)[:-1] + f", ...] ({len(heads):,} heads)"


def _block_words(turned: Sequence[Any]) -> Optional[str]:
    """``turned`` (sorted) in words by its ends when it is more than ``LISTED_COINS`` coins making
    one run ("the 40 coins from 3 to 42") or one rectangle ("the 6 x 40 = 240 coins of the
    rectangle from (1, 3) to (6, 42)"), else None."""
    if len(turned) <= LISTED_COINS:
        return None
    first, last = turned[0], turned[-1]
    if isinstance(first, int):
        return f"the {len(turned):,} coins from {first:,} to {last:,}" if last - first + 1 == len(turned) else None
    (x0, y0), (x1, y1) = first, last
    width, height = x1 - x0 + 1, y1 - y0 + 1
    if width * height != len(turned) or not all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in turned):
        return None
    return f"the {width:,} x {height:,} = {len(turned):,} coins of the rectangle from ({x0}, {y0}) to ({x1}, {y1})"


class CoinTurning(Unparameterised, ComponentFamily):
    """The common shape of the coin-turning games: a component is a row (or a grid) of coins,
    held as the sorted tuple of its heads; its value is the XOR of its heads' values."""

    component_noun: ClassVar[str] = "coin row"

    __slots__ = ()

    def position_of(self, value: Any) -> Optional[List[Any]]:
        # one row: "THHTH", or the list of its heads' places [1, 2, 4] (never a list of rows)
        if isinstance(value, str):
            return [value]
        if isinstance(value, (list, tuple)) and value and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            return [value]
        return None

    # the place-level hooks a subclass writes: the value of one head, its moves, a move to a value

    def head_value(self, head: Any) -> int:
        raise NotImplementedError

    def head_moves(self, head: Any) -> Iterator[Tuple[Any, ...]]:
        raise NotImplementedError

    def head_move_count(self, head: Any) -> int:
        raise NotImplementedError

    def head_move_to(self, head: Any, v: int) -> Tuple[Any, ...]:
        raise NotImplementedError

    def head_span(self, head: Any) -> int:
        """How many places lie at or before ``head`` (the coins a move from it may turn)."""
        raise NotImplementedError

    # the component hooks, from those

    def grundy(self, component: Any) -> Optional[int]:
        x = 0
        for head in component:
            x ^= self.head_value(head)
        return x

    def is_lost(self, component: Any) -> Optional[bool]:
        return self.grundy(component) == 0

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        return self.option_to(component, 0)

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        g = self.grundy(component)
        assert g is not None
        d = g ^ target
        if not d:
            return None
        for head in reversed(component):            # a head whose value has d's top bit
            h = self.head_value(head)
            if h ^ d < h:
                others = self.head_move_to(head, h ^ d)
                return self._option(component, head, others)
        return None

    def _option(self, component: Any, head: Any, others: Tuple[Any, ...]) -> Tuple[int, Tuple[Any, ...]]:
        left = _toggled(component, (head,) + tuple(others))
        return (1 + len(others), (left,) if left else ())

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        for head in component:
            for others in self.head_moves(head):
                yield self._option(component, head, others)

    def option_count(self, component: Any) -> int:
        return sum(self.head_move_count(head) for head in component)

    def reach(self, component: Any) -> int:
        if not component:
            return 1
        span = max(self.head_span(head) for head in component)
        # every row of the places up to the last head, each with its moves
        return int(2 ** min(span, 4096)) * max(1, self.option_count(component))

    def longest_play(self, position: Any) -> int:
        """The most moves a game from ``position`` can last, however both play (Ferguson's exercise
        5.5.2): a row or grid as ``solve`` takes it, or a list of them. A sum lasts its parts' longest
        plays added (a move changes one part); each part by a memoised search over what it reaches,
        refused in words (at once) for a part whose last head has more than ``LONGEST_SPAN`` places up
        to it, as it may reach 2**span positions.

        >>> MockTurtles().longest_play("TTTTH")      # a lone head on the 5th coin: F(7) - 1 moves
        12
        """
        whole = self.position_of(position)
        parts = whole if whole is not None else position
        if isinstance(parts, (str, bytes, dict)) or not hasattr(parts, "__iter__"):
            raise InvalidPositionError(f"a position is a {self.component_noun} or a list of them, not {_short(parts)}")
        components = [self.read_component(part) for part in parts]
        for component in components:
            span = max((self.head_span(head) for head in component), default=0)
            if span > LONGEST_SPAN:
                raise InvalidPositionError(f"the longest play is found by walking every position a game reaches, "
                                           f"up to 2**{LONGEST_SPAN} of them: a part's last head has at most "
                                           f"{LONGEST_SPAN} places up to it here, not {span:,}")
        memo: Dict[Any, int] = {}
        return sum(self._longest(component, memo) for component in components)

    def _longest(self, start: Any, memo: Dict[Any, int]) -> int:
        """The longest play of one part, by a depth-first walk with its own stack (a Ruler game of
        20 coins lasts 2**19 moves: deeper than Python's recursion)."""
        if start in memo:
            return memo[start]
        stack: List[Tuple[Any, Iterator[Tuple[int, Tuple[Any, ...]]], int]] = [(start, iter(self.options(start)), 0)]
        while stack:
            state, moves, best = stack[-1]
            for _, left in moves:
                after = left[0] if left else ()
                if after in memo:
                    best = max(best, 1 + memo[after])
                    continue
                stack[-1] = (state, moves, best)
                stack.append((after, iter(self.options(after)), 0))
                break
            else:
                memo[state] = best
                stack.pop()
                if stack:
                    below, its_moves, its_best = stack[-1]
                    stack[-1] = (below, its_moves, max(its_best, 1 + best))
        return memo[start]

    def account(self, components: Sequence[Any]) -> List[str]:
        lines = []
        for i, component in enumerate(components[:5], start=1):
            shown = ", ".join(f"{list(h) if isinstance(h, tuple) else h} -> {self.head_value(h)}"
                              for h in component[:12])
            more = f", ... ({len(component):,} heads)" if len(component) > 12 else ""
            lines.append(f"Row {i}: each head's value (place -> value): {shown or 'no heads'}{more}; "
                         f"their XOR is {self.grundy(component)}.")
        return lines

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        after = left[0] if left else ()
        turned = sorted(set(component) ^ set(after))
        block = _block_words(turned)
        if block is not None:                   # a long run (Ruler) or rectangle (Rugs): by its ends
            return f"turn over {block} (the last from heads to tails), leaving {self.shown(after)}"
        shown = ", ".join(map(str, turned[:12])) + (f", ... ({len(turned):,} coins)" if len(turned) > 12 else "")
        return f"turn over the coins at {shown} (the last from heads to tails), leaving {self.shown(after)}"

    def shown(self, heads: Tuple[Any, ...]) -> str:
        return f"heads at {_listed(heads)}" if heads else "no heads"


class OneLine(CoinTurning):
    """A one-dimensional coin-turning game: a row of coins, a component the tuple of its heads.
    A member names its ``Line`` by its tag (``LINES[tag]``), unless it sets ``line`` itself."""

    line: ClassVar[Line]
    play: ClassVar[PlayHooks] = RowPlay()

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("tag") in LINES and "line" not in cls.__dict__:
            cls.line = LINES[cls.tag]

    def describe(self, misere: bool) -> str:
        return (f"{self.line.title}: a row of coins (numbered from {self.line.first}); a move "
                f"{self.line.rule_words}; the player who cannot move {'wins' if misere else 'loses'}.")

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: a lone head at each place up to ``upto`` (a row is the sum of its heads,
        so these values are the whole game's)."""
        first = self.line.first
        return (f"a lone head at place {first} to {upto}",
                (self.read_component([n]) for n in range(first, max(first, upto) + 1)))

    def theory_words(self) -> str:
        return ("a row of coins is the sum of its heads (Ferguson, Part I, ch. 5): its Grundy value is the XOR "
                f"of the values of its heads, and a head at n is worth {self.line.value_words}")

    def read_component(self, value: Any) -> Tuple[int, ...]:
        first = self.line.first
        if isinstance(value, str):
            if len(value) > MAX_ROW:
                raise InvalidPositionError(f"a row has at most {MAX_ROW:,} coins, not {len(value):,}")
            text = value.strip().upper()
            if set(text) - {"H", "T"}:
                raise InvalidPositionError(f"a row of coins is written with H (heads) and T (tails), such as "
                                           f"'THHTH'; {_short(value)} is not")
            return tuple(i + first for i, c in enumerate(text) if c == "H")
        if isinstance(value, (bytes, dict)) or not hasattr(value, "__len__"):
            raise InvalidPositionError(f"a row of coins is a string such as 'THHTH' or the list of its heads' "
                                       f"places such as [1, 2, 4]; not {_short(value)}")
        if len(value) > MAX_ROW:
            raise InvalidPositionError(f"a row has at most {MAX_ROW:,} heads, not {len(value):,}")
        heads = sorted(_place(v, first, "a head's place") for v in value)
        if len(set(heads)) != len(heads):
            raise InvalidPositionError("a row's heads are at different places: a place is listed twice")
        return tuple(heads)

    def component_value(self, component: Any) -> Any:
        return list(component)

    def head_value(self, head: Any) -> int:
        return self.line.value(head)

    def head_moves(self, head: Any) -> Iterator[Tuple[Any, ...]]:
        return self.line.moves(head)

    def head_move_count(self, head: Any) -> int:
        return self.line.move_count(head)

    def head_move_to(self, head: Any, v: int) -> Tuple[Any, ...]:
        return self.line.move_to(head, v)

    def head_span(self, head: Any) -> int:
        return int(head) - self.line.first + 1

    def shown(self, heads: Tuple[Any, ...]) -> str:
        if heads and heads[-1] - self.line.first < 60:
            row = ["T"] * (heads[-1] - self.line.first + 1)
            for h in heads:
                row[h - self.line.first] = "H"
            return "".join(row)
        return super().shown(heads)


@register_family
class TurningTurtles(OneLine):
    """Turning Turtles (Ferguson, ch. 5): turn one coin, heads to tails, and at most one to its left."""

    tag: ClassVar[str] = "turning-turtles"
    __slots__ = ()


@register_family
class Twins(OneLine):
    """Twins (Ferguson, ch. 5): turn exactly two coins."""

    tag: ClassVar[str] = "twins"
    __slots__ = ()


@register_family
class MockTurtles(OneLine):
    """Mock Turtles (Ferguson, ch. 5): turn one, two or three coins."""

    tag: ClassVar[str] = "mock-turtles"
    __slots__ = ()


@register_family
class Triplets(OneLine):
    """Triplets: turn exactly three coins."""

    tag: ClassVar[str] = "triplets"
    __slots__ = ()


@register_family
class Ruler(OneLine):
    """Ruler (Ferguson, ch. 5): turn any run of consecutive coins."""

    tag: ClassVar[str] = "ruler"
    __slots__ = ()


@register_family
class Rulerette(OneLine):
    """Rulerette: turn a run of two or more consecutive coins (Ruler's values halved)."""

    tag: ClassVar[str] = "rulerette"
    __slots__ = ()


@register_family
class Grunt(OneLine):
    """Grunt (Ferguson, ch. 5): turn four symmetric coins, one of them the left-most; Grundy's game."""

    tag: ClassVar[str] = "grunt"
    __slots__ = ()


#: One table per subtraction set and way of play, shared by its members.
_SUBTRACTION_LINES: Dict[Tuple[Tuple[int, ...], str], Line] = {}
#: The ways of playing a subtraction game with coins: the text's first (coin n and n - z, coin n alone
#: when z = n, coins from 1), ``exactly-two`` (Ferguson 5.1's second form, coins from 0) and
#: ``one-or-two`` (exercise 5.5.5), with the ``k`` of their keyword form (the fewest coins a move turns).
SUBTRACTION_WAYS: Dict[str, Optional[int]] = {"": None, "exactly-two": 2, "one-or-two": 1}


@register_family
class CoinSubtraction(OneLine):
    """A subtraction game as coin turning (Ferguson, ch. 5): turn coin n and coin n - z, z in S;
    ``,exactly-two``: exactly two coins (from 0); ``,one-or-two``: one coin, or two (exercise 5.5.5)."""

    tag: ClassVar[str] = "coin-subtraction"
    syntax: ClassVar[str] = "coin-subtraction=A;B;...[,exactly-two|,one-or-two]"
    __slots__ = ("subtract", "way")
    subtract: Tuple[int, ...]
    way: str

    def __init__(self, subtract: Sequence[int], way: str = "") -> None:
        members = sorted({_place(z, 1, "a member of the subtraction set") for z in subtract})
        if not members or len(members) > 64:
            raise InvalidRulesError("coin-subtraction takes a set of 1 to 64 positive whole numbers, such as "
                                    "coin-subtraction=1;3;4")
        if way not in SUBTRACTION_WAYS:
            raise InvalidRulesError(f"coin-subtraction is played as the text's first form, or exactly-two or "
                                    f"one-or-two; not {way!r}")
        object.__setattr__(self, "subtract", tuple(members))
        object.__setattr__(self, "way", way)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a rule family is immutable")

    @property
    def line(self) -> Line:  # type: ignore[override]
        key = (self.subtract, self.way)
        if key not in _SUBTRACTION_LINES:
            kind = {"": SubtractionLine, "exactly-two": SubtractionTwoLine,
                    "one-or-two": SubtractionOneOrTwoLine}[self.way]
            _SUBTRACTION_LINES[key] = kind(self.subtract)
        return _SUBTRACTION_LINES[key]

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        if name != cls.tag:
            return None
        members, _, way = value.partition(",")
        way = way.strip()
        if way not in SUBTRACTION_WAYS:
            raise InvalidRulesError(f"{text!r}: coin-subtraction=S is played as the text's first form, or with "
                                    f"',exactly-two' or ',one-or-two' after the set; not {way!r}")
        try:
            numbers = [int(part) for part in members.split(";") if part.strip()]
        except ValueError:
            raise InvalidRulesError(f"{text!r}: coin-subtraction takes whole numbers separated by ';', such "
                                    "as coin-subtraction=1;3;4") from None
        try:
            return cls(numbers, way)
        except InvalidPositionError as error:
            raise InvalidRulesError(f"{text!r}: {error}") from None

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        ways = {code: way for way, code in SUBTRACTION_WAYS.items()}
        if octal is not None or subtract is None or k not in ways:
            raise InvalidRulesError("coin-subtraction takes subtract= (a set of positive whole numbers), and k=2 "
                                    "(exactly two coins) or k=1 (one or two coins) for its other ways")
        try:
            return cls(subtract, ways[k])
        except (InvalidPositionError, TypeError) as error:
            raise InvalidRulesError(str(error)) from None

    def fields(self) -> Fields:
        return (SUBTRACTION_WAYS[self.way], self.subtract, None)

    def factor_text(self) -> str:
        """The game as a factor of a Tartan game and after ``coin-subtraction=`` in a rule string."""
        return "coin-subtraction=" + ";".join(map(str, self.subtract)) + (f",{self.way}" if self.way else "")

    def option_text(self) -> str:
        return "," + self.factor_text()

    def describe(self, misere: bool) -> str:
        s = ", ".join(map(str, self.subtract))
        moves = {"": "a head at n and the coin at n - z for z in S (just the head when z = n)",
                 "exactly-two": "exactly two coins, a head at n and the coin at n - z for z in S",
                 "one-or-two": "a head at n alone, or it and the coin at n - z for z in S"}[self.way]
        return (f"the subtraction game S = {{{s}}} as coin turning: a row of coins (numbered from "
                f"{self.line.first}); a move turns over {moves}; the player who cannot move "
                f"{'wins' if misere else 'loses'}.")


# -- two dimensions ------------------------------------------------------------------------

Cell = Tuple[int, int]


class Grid(CoinTurning):
    """A two-dimensional coin-turning game: a component is the sorted tuple of its heads (x, y)."""

    component_noun: ClassVar[str] = "coin grid"
    play: ClassVar[PlayHooks] = GridPlay()
    #: The number of the first row and column.
    first: ClassVar[Tuple[int, int]] = (0, 0)

    __slots__ = ()

    def position_of(self, value: Any) -> Optional[List[Any]]:
        # one grid: a list of strings (its rows), or a list of [x, y] heads
        if isinstance(value, str):
            return [[value]]
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
            return [value]
        if isinstance(value, (list, tuple)) and value and all(
                isinstance(v, (list, tuple)) and len(v) == 2 and not isinstance(v[0], (list, tuple, str))
                for v in value):
            return [value]
        return None

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: a lone head at each (x, y) with x, y <= ``upto`` (a grid is the sum of
        its heads, so these values are the whole game's)."""
        fx, fy = self.first
        return (f"a lone head at (x, y), {fx} <= x <= {upto}, {fy} <= y <= {upto}",
                (self.read_component([[x, y]]) for y in range(fy, max(fy, upto) + 1)
                 for x in range(fx, max(fx, upto) + 1)))

    def read_component(self, value: Any) -> Tuple[Cell, ...]:
        fx, fy = self.first
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__len__"):
            raise InvalidPositionError(f"a grid of coins is a list of rows such as ['THT', 'HHT'] or the list of "
                                       f"its heads such as [[1, 2], [3, 1]]; not {_short(value)}")
        if len(value) > MAX_ROW:
            raise InvalidPositionError(f"a grid has at most {MAX_ROW:,} rows or heads")
        if all(isinstance(row, str) for row in value):
            if sum(len(row) for row in value) > MAX_ROW:
                raise InvalidPositionError(f"a grid has at most {MAX_ROW:,} coins")
            heads = []
            for y, row in enumerate(value):
                text = row.strip().upper()
                if set(text) - {"H", "T"}:
                    raise InvalidPositionError(f"a row of coins is written with H and T; {_short(row)} is not")
                heads += [(x + fx, y + fy) for x, c in enumerate(text) if c == "H"]
            return tuple(sorted(heads))
        cells = []
        for cell in value:
            if isinstance(cell, (str, bytes, dict)) or not hasattr(cell, "__len__") or len(cell) != 2:
                raise InvalidPositionError(f"a head of a grid is a pair [x, y]; {_short(cell)} is not")
            cells.append((_place(cell[0], fx, "a head's column x"), _place(cell[1], fy, "a head's row y")))
        if len(set(cells)) != len(cells):
            raise InvalidPositionError("a grid's heads are at different places: a place is listed twice")
        return tuple(sorted(cells))

    def component_value(self, component: Any) -> Any:
        return [list(cell) for cell in component]

    def head_span(self, head: Any) -> int:
        x, y = head
        return int((x - self.first[0] + 1) * (y - self.first[1] + 1))

    def shown(self, heads: Tuple[Any, ...]) -> str:
        return f"heads at {_listed(heads)}" if heads else "no heads"


#: A coin-subtraction factor's code in a Tartan game's keyword form (plus its way's place).
_SUBTRACTION_CODE = 100


def _subtraction_factor(text: str) -> CoinSubtraction:
    """The coin-subtraction game a Tartan factor's text names (``coin-subtraction=1;2;3;4,exactly-two``)."""
    name, equals, value = text.partition("=")
    found = CoinSubtraction.parse_option(name.strip(), value, text) if equals else None
    if not isinstance(found, CoinSubtraction):
        raise InvalidRulesError(f"a Tartan game is a product of two of {', '.join(LINES)} or "
                                f"coin-subtraction=S[,exactly-two|,one-or-two], not {_short(text)}")
    return found


def _factor_text(text: str) -> str:
    """A Tartan factor's canonical text: its name, or its coin-subtraction rule."""
    text = text.strip()
    return text if text in LINES else _subtraction_factor(text).factor_text()


@functools.lru_cache(maxsize=256)
def factor_line(text: str) -> Line:
    """The one-dimensional game of a Tartan factor's canonical text (read once: every head's
    value asks for it)."""
    return LINES[text] if text in LINES else _subtraction_factor(text).line


@register_family
class Tartan(Grid):
    """A Tartan game: the product of two one-dimensional games A x B. A move is a move of A
    on the columns times a move of B on the rows: every coin (s, t) with s among A's
    coins and t among B's is turned over (Ferguson, ch. 5)."""

    tag: ClassVar[str] = "tartan"
    syntax: ClassVar[str] = ("tartan=A*B (A, B among " + ", ".join(LINES) +
                             ", coin-subtraction=S[,exactly-two|,one-or-two])")
    __slots__ = ("columns", "rows")
    columns: str
    rows: str

    def __init__(self, columns: str = "twins", rows: str = "twins") -> None:
        object.__setattr__(self, "columns", _factor_text(columns))
        object.__setattr__(self, "rows", _factor_text(rows))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a rule family is immutable")

    @property
    def first(self) -> Tuple[int, int]:  # type: ignore[override]
        return (factor_line(self.columns).first, factor_line(self.rows).first)

    # the hooks of ``tartan=A*B``; a member with its factors fixed (Turning Corners, ...) has none

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        if cls is not Tartan:
            return super().parse_option(name, value, text)
        if name != "tartan":
            return None
        a, star, b = value.partition("*")
        if not star:
            raise InvalidRulesError(f"{text!r}: a Tartan game is written tartan=A*B, such as tartan=ruler*twins")
        return Tartan(a.strip(), b.strip())

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if cls is not Tartan:
            return super().from_fields(k, subtract, octal)
        # the keyword form has no text field but the octal code's: the factors travel as their
        # places in LINES, subtract=(a, b), a coin-subtraction factor as its code then its set
        names = list(LINES)
        refused = InvalidRulesError(f"a Tartan game's keyword form is take='tartan', subtract=(a, b): the places "
                                    f"of its factors in {', '.join(names)}")
        if k is not None or octal is not None or not isinstance(subtract, tuple) or len(subtract) < 2:
            raise refused
        codes, rest = list(subtract[:2]), list(subtract[2:])
        factors = []
        for code in codes:
            if isinstance(code, int) and 0 <= code < len(names):
                factors.append(names[code])
            elif isinstance(code, int) and code - _SUBTRACTION_CODE in range(len(SUBTRACTION_WAYS)) and rest:
                count = rest.pop(0)
                members, rest = rest[:count], rest[count:]
                way = list(SUBTRACTION_WAYS)[code - _SUBTRACTION_CODE]
                factors.append(CoinSubtraction(members, way).factor_text())
            else:
                raise refused
        if rest:
            raise refused
        return cls(factors[0], factors[1])

    def fields(self) -> Fields:
        if type(self) is not Tartan:
            return super().fields()
        names = list(LINES)
        codes: List[int] = []
        extra: List[int] = []
        for factor in (self.columns, self.rows):
            if factor in LINES:
                codes.append(names.index(factor))
            else:
                game = _subtraction_factor(factor)
                codes.append(_SUBTRACTION_CODE + list(SUBTRACTION_WAYS).index(game.way))
                extra += [len(game.subtract), *game.subtract]
        return (None, tuple(codes + extra), None)

    def option_text(self) -> str:
        return super().option_text() if type(self) is not Tartan else f",tartan={self.columns}*{self.rows}"

    def describe(self, misere: bool) -> str:
        a, b = factor_line(self.columns), factor_line(self.rows)
        return (f"the Tartan game {a.named()} x {b.named()}: a grid of coins, columns x numbered from {a.first}, rows "
                f"y from {b.first}; a move takes a move of {a.named()} on the columns (it {a.rule_words}) and one of "
                f"{b.named()} on the rows, and turns over every coin in both, the south-east-most (x, y) from heads "
                f"to tails; the player who cannot move {'wins' if misere else 'loses'}.")

    def theory_words(self) -> str:
        a, b = factor_line(self.columns), factor_line(self.rows)
        return ("the Tartan theorem (Ferguson, Part I, ch. 5): a head at (x, y) of the product A x B is worth "
                f"gA(x) (x) gB(y), the nim-product of the values of a head at x in {a.named()} ({a.value_words}) "
                f"and at y in {b.named()}; a grid is the sum of its heads (ch. 5), so its value is the XOR")

    def head_value(self, head: Any) -> int:
        from nim.nimfield import nim_mul    # on first use: ``import nim`` stays light

        x, y = head
        return nim_mul(factor_line(self.columns).value(x), factor_line(self.rows).value(y))

    def head_moves(self, head: Any) -> Iterator[Tuple[Any, ...]]:
        x, y = head
        for s in factor_line(self.columns).moves(x):
            for t in factor_line(self.rows).moves(y):
                yield self._product(head, s, t)

    @staticmethod
    def _product(head: Cell, s: Others, t: Others) -> Tuple[Cell, ...]:
        x, y = head
        return tuple((a, b) for a in s + (x,) for b in t + (y,) if (a, b) != (x, y))

    def head_move_count(self, head: Any) -> int:
        x, y = head
        return factor_line(self.columns).move_count(x) * factor_line(self.rows).move_count(y)

    def head_move_to(self, head: Any, v: int) -> Tuple[Any, ...]:
        from nim.nimfield import nim_mul

        x, y = head
        a, b = factor_line(self.columns), factor_line(self.rows)
        g1, g2 = a.value(x), b.value(y)
        goal = nim_mul(g1, g2) ^ v
        # the others of the product of moves worth u and w are worth (g1+u)(g2+w) + g1 g2: find
        # p = g1+u, q = g2+w (u < g1, w < g2) with p q = goal, by solving in the nim field
        p, q = nim_factor_pair(goal, g1, g2)
        try:
            s, t = a.move_to(x, p ^ g1), b.move_to(y, q ^ g2)
        except LongRunError:                    # a side too long to list: the rectangle said by its corners
            s, t = _side(a, x, p ^ g1), _side(b, y, q ^ g2)
            raise _long_rectangle(self, head, s, t) from None
        if (len(s) + 1) * (len(t) + 1) > MAX_ROW:
            raise _long_rectangle(self, head, (min(s, default=x),), (min(t, default=y),))
        return self._product(head, s, t)


def _side(line: Line, n: int, v: int) -> Others:
    """The first coin of a side of a Tartan move (as a one-tuple), or its others when short."""
    try:
        return line.move_to(n, v)
    except LongRunError as long:
        return (long.first,)


def _long_rectangle(game: Tartan, head: Cell, s: Others, t: Others) -> MoveTooLargeError:
    """The error of a Tartan move whose coins are too many to make, with the move in words: by
    its corners when it is a rectangle (Rugs: runs on both sides), else by its count."""
    x, y = head
    x0, y0 = min(s + (x,)), min(t + (y,))
    count = (x - x0 + 1) * (y - y0 + 1)
    if game.columns in ("ruler", "rulerette") and game.rows in ("ruler", "rulerette"):
        said = f"the {count:,} coins of the rectangle from ({x0:,}, {y0:,}) to ({x:,}, {y:,})"
    else:
        said = f"up to {count:,} coins of the rectangle from ({x0:,}, {y0:,}) to ({x:,}, {y:,})"
    name = game.describe(False).split(":")[0]
    return MoveTooLargeError(name, f"turn over {said} (the last from heads to tails)",
                             f"the grid it leaves is not made, as it would hold up to {count:,} heads, more "
                             f"than a grid holds here ({MAX_ROW:,})")


#: Pairs (p1, q1) the step (iv) of ``_factor`` tries at random before the other cases, and the most
#: pairs it lists in full: a pair succeeds about half the time (see ``nim_factor_pair``).
TARTAN_TRIES = 48
TARTAN_ALL_PAIRS = 256
#: A side with at most this many candidates (``P(g)`` has ``g`` members) is listed in full.
TARTAN_SMALL = 64


def _top_in(x: int, g: int) -> bool:
    """Whether ``x`` is in ``P(g) = {g ^ u : u < g}``: whether its top bit is one of ``g``'s."""
    return x > 0 and bool(g >> (x.bit_length() - 1) & 1)


def nim_factor_pair(goal: int, g1: int, g2: int) -> Tuple[int, int]:
    """``(p, q)`` with ``p (x) q == goal``, ``p ^ g1 < g1`` and ``q ^ g2 < g2``, for ``goal`` with
    ``goal ^ g1 (x) g2 < g1 (x) g2``: the winning move of a head of a Tartan game, whose others
    (a move of A worth ``p ^ g1``, one of B worth ``q ^ g2``) leave ``goal ^ g1 (x) g2``.

    **Why one exists.** ``P(g) = {g ^ u : u < g}`` is the set of ``p`` whose top bit is a bit of ``g``.
    The nim-product is the mex of ``u g2 + g1 w + u w = (g1 + u)(g2 + w) + g1 g2`` over ``u < g1``,
    ``w < g2`` (Ferguson, 5.4), so every value below ``g1 (x) g2`` is one of these: some ``(p, q)``
    in ``P(g1) x P(g2)`` has the product ``goal``.

    **How it is found** (``_factor``, by halves of the nim field, every answer checked): with
    ``D = 2**h`` the Fermat 2-power splitting ``max(g1, g2)`` and ``K = [0, D)`` a subfield, write
    ``p = p1 D + p0`` etc. As ``D*D = D + D/2``, ``p q = (p1 q1 + p1 q0 + p0 q1) D + (p1 q1 D/2 + p0 q0)``,
    and ``p`` is in ``P(g1)`` when ``p1`` is in ``P(g1 >> h)`` (``p0`` free) or ``p1 = 0`` and ``p0`` is
    in ``P(g1 mod D)``. So either a side is in ``K`` and the equation is one of half size (exact), or:
    (iv) ``p1``, ``q1`` from their sets, then ``X = p0 q1`` and ``Y = p1 q0`` have the sum
    ``s = goal1 + p1 q1`` and the product ``m = p1 q1 (goal0 + p1 q1 D/2)``: the roots of ``z*z + s z + m``,
    solved by ``artin_schreier`` (``sqrt(m)`` twice when ``s = 0``); or (i)-(iii) ``p1`` or ``q1``
    is 0, an equation in ``K``. For (iv) the roots exist when the trace of ``m / s**2`` is 0; that is
    ``Tr(e / (p1 q1 + goal1)) = 1`` for a fixed ``e`` of ``K`` (``Tr(D/2) = 1``), an affine condition
    on ``1 / (p1 q1 + goal1)``: for ``e != 0`` it holds for about half of the products (by Weil's bound
    on Kloosterman sums, for all but ``2 sqrt(|K|) + 1`` of any ``2**k`` of them in a coset), so a
    few tries find it; for ``e = 0`` only ``p1 q1 = goal1`` can, which is tried first. A side with few
    candidates (``g <= TARTAN_SMALL``) is listed in full.

    **It terminates with the move.** Every branch is a finite list; if the halving misses (it is
    complete where it lists in full, and tried on random pairs elsewhere), the last step lists
    ``P(g2)`` in full (``q`` given, ``p = goal / q``), which holds the pair the mex promises: the
    answer is always found, and in practice (tests, benchmarks/test_tartan_moves.py) by the
    halving, for heads of 1000-bit places in well under a second. The last step polls the call's
    time limit and cancellation.
    """
    from nim.families.polling import poll
    from nim.nimfield import nim_inv, nim_mul

    rng = random.Random(goal ^ (g1 << 1) ^ (g2 << 2))      # repeatable: the same move every time
    found = _factor(goal, g1, g2, rng)
    if found is not None:
        return found
    what = f"the search for a Tartan move among factors of {max(g1, g2).bit_length():,}-bit values"
    for i in range(g2):                                    # the last resort: every q in P(g2)
        if not i & 63:
            poll(what)
        q = g2 ^ i
        p = nim_mul(goal, nim_inv(q))
        if _top_in(p, g1):
            return p, q
    raise NimError(f"no Tartan move of value {goal} from the values {g1}, {g2}: the nim field is wrong")


def _factor(t: int, a: int, b: int, rng: random.Random) -> Optional[Tuple[int, int]]:
    """``(p, q)`` in ``P(a) x P(b)`` with ``p (x) q == t``, or None when the halving finds none
    (``nim_factor_pair`` says how)."""
    from nim.nimfield import _half, _mul, nim_inv

    if t == 0 or a == 0 or b == 0:
        return None
    if min(a, b) <= TARTAN_SMALL:                # list the small side: complete
        if a <= b:
            for u in range(a):
                q = _mul(t, nim_inv(a ^ u))
                if _top_in(q, b):
                    return a ^ u, q
        else:
            for w in range(b):
                p = _mul(t, nim_inv(b ^ w))
                if _top_in(p, a):
                    return p, b ^ w
        return None
    h = _half(max(a, b))
    if t >> (2 * h):
        return None                              # outside the field both sides' candidates make
    mask = (1 << h) - 1
    a1, a0, b1, b0, t1, t0 = a >> h, a & mask, b >> h, b & mask, t >> h, t & mask
    if b1 == 0:                                  # q in K: p1 q = t1 and p0 q = t0
        if t1 == 0:                              # p1 = 0: p = p0 in P(a0)
            return _factor(t0, a0, b, rng)
        sub = _factor(t1, a1, b, rng)
        if sub is None:
            return None
        p1, q = sub
        return (p1 << h) | _mul(t0, nim_inv(q)), q
    if a1 == 0:                                  # p in K: the mirror
        if t1 == 0:
            return _factor(t0, a, b0, rng)
        sub = _factor(t1, a, b1, rng)
        if sub is None:
            return None
        p, q1 = sub
        return p, (q1 << h) | _mul(t0, nim_inv(p))
    found = _factor_both(t, a1, b1, t1, t0, h, rng)                      # (iv)
    if found is not None:
        return found
    if t1:
        sub = _factor(t1, a0, b1, rng)                                    # (ii) p1 = 0
        if sub is not None:
            p0, q1 = sub
            return p0, (q1 << h) | _mul(t0, nim_inv(p0))
        sub = _factor(t1, a1, b0, rng)                                    # (iii) q1 = 0
        if sub is not None:
            p1, q0 = sub
            return (p1 << h) | _mul(t0, nim_inv(q0)), q0
        return None
    return _factor(t0, a0, b0, rng)                                       # (i) both in K


def _factor_both(t: int, a1: int, b1: int, t1: int, t0: int, h: int,
                 rng: random.Random) -> Optional[Tuple[int, int]]:
    """Step (iv) of ``_factor``: ``p = p1 D + p0``, ``q = q1 D + q0`` with ``p1`` in ``P(a1)`` and ``q1``
    in ``P(b1)`` (both non-zero), ``p0``, ``q0`` anything in ``K = [0, 2**h)``."""
    from nim.nimfield import _inv, _mul, _sqrt, artin_schreier

    half_d = 1 << (h - 1)

    def pairs() -> Iterator[Tuple[int, int]]:
        if a1 * b1 <= TARTAN_ALL_PAIRS:                  # few: every pair
            for u in range(a1):
                for w in range(b1):
                    yield a1 ^ u, b1 ^ w
            return
        yield a1, b1
        for _ in range(TARTAN_TRIES):
            yield a1 ^ rng.randrange(a1), b1 ^ rng.randrange(b1)
        if t1:                                           # p1 q1 = t1 (s = 0): the only one when e = 0
            sub = _factor(t1, a1, b1, rng)
            if sub is not None:
                yield sub

    for p1, q1 in pairs():
        product = _mul(p1, q1)
        s = t1 ^ product                                 # X + Y
        m = _mul(product, t0 ^ _mul(product, half_d))    # X Y
        if s == 0:
            x = y = _sqrt(m)
        else:
            w = artin_schreier(_mul(m, _inv(_mul(s, s))), h)
            if w is None:
                continue
            x = _mul(s, w)
            y = x ^ s
        p, q = (p1 << h) | _mul(x, _inv(q1)), (q1 << h) | _mul(y, _inv(p1))
        if _mul(p, q) == t:
            return p, q
        raise NimError(f"the Tartan move's equation was solved wrongly for {t}: the nim field is wrong")
    return None
@register_family
class TurningCorners(Tartan):
    """Turning Corners (Ferguson, ch. 5): Twins x Twins; a head at (x, y) is worth nim_mul(x, y)."""

    tag: ClassVar[str] = "turning-corners"
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("twins", "twins")

    def describe(self, misere: bool) -> str:
        return ("Turning Corners: a grid of coins, numbered from (0, 0); a move turns over the four corners "
                "(a, b), (a, y), (x, b), (x, y) of a rectangle, a < x and b < y, the corner (x, y) from heads to "
                f"tails; the player who cannot move {'wins' if misere else 'loses'}.")

    def theory_words(self) -> str:
        return ("Turning Corners is Twins x Twins, so by the Tartan theorem (Ferguson, Part I, ch. 5) a head at "
                "(x, y) is worth the nim-product x (x) y (nim.nim_mul), and a grid, the sum of its heads (ch. 5), "
                "the XOR of those")


@register_family
class Rugs(TurningCorners):
    """Rugs (Ferguson, ch. 5): Ruler x Ruler; turn over a rectangle of coins."""

    tag: ClassVar[str] = "rugs"
    __slots__ = ()

    def __init__(self) -> None:
        Tartan.__init__(self, "ruler", "ruler")

    def describe(self, misere: bool) -> str:
        return ("Rugs: a grid of coins, numbered from (1, 1); a move turns over every coin of a rectangle (a rug) "
                "whose south-east corner (x, y) goes from heads to tails; the player who cannot move "
                f"{'wins' if misere else 'loses'}.")

    def theory_words(self) -> str:
        return ("Rugs is Ruler x Ruler, so by the Tartan theorem (Ferguson, Part I, ch. 5) a head at (x, y) is "
                "worth ruler(x) (x) ruler(y), the nim-product of the largest powers of 2 dividing x and y; a grid "
                "is the XOR of its heads")


@register_family
class TurningTurtlesSquared(TurningCorners):
    """Turning Turtles squared (Ferguson, ch. 5): Turning Turtles x Turning Turtles."""

    tag: ClassVar[str] = "turning-turtles-squared"
    __slots__ = ()

    def __init__(self) -> None:
        Tartan.__init__(self, "turning-turtles", "turning-turtles")

    def describe(self, misere: bool) -> str:
        return ("Turning Turtles squared: a grid of coins, numbered from (1, 1); a move turns over (x, y) from "
                "heads to tails and, if you like, one coin (a, y) left of it, or one coin (x, b) above it, or the "
                "three other corners of a rectangle (a, b), (a, y), (x, b); the player who cannot move "
                f"{'wins' if misere else 'loses'}.")

    def theory_words(self) -> str:
        return ("Turning Turtles squared is Turning Turtles x Turning Turtles, so by the Tartan theorem (Ferguson, "
                "Part I, 5.5) a head at (x, y) is worth the nim-product x (x) y; a grid is the XOR of its heads")


@register_family
class AcrosticTwins(Grid):
    """Acrostic Twins (Ferguson, ch. 5): turn two coins in one row or one column."""

    tag: ClassVar[str] = "acrostic-twins"
    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Acrostic Twins: a grid of coins, numbered from (0, 0); a move turns over two coins in the same "
                "row or the same column, the south-east-most from heads to tails; the player who cannot move "
                f"{'wins' if misere else 'loses'}.")

    def theory_words(self) -> str:
        return ("a head at (x, y) moves like a pair of Nim heaps x and y (the other coin is (a, y), a < x, or "
                "(x, b), b < y), so it is worth x XOR y (Ferguson, Part I, ch. 5); a grid, the sum of its heads "
                "(ch. 5), is worth the XOR of those")

    def head_value(self, head: Any) -> int:
        x, y = head
        return int(x ^ y)

    def head_moves(self, head: Any) -> Iterator[Tuple[Any, ...]]:
        x, y = head
        for a in range(x - 1, -1, -1):
            yield ((a, y),)
        for b in range(y - 1, -1, -1):
            yield ((x, b),)

    def head_move_count(self, head: Any) -> int:
        x, y = head
        return int(x + y)

    def head_move_to(self, head: Any, v: int) -> Tuple[Any, ...]:
        x, y = head
        return ((v ^ y, y),) if v ^ y < x else ((x, v ^ x),)
