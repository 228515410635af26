"""Wythoff's game (Ferguson, Part I, section 3.4): a component is a pair of piles.

A move takes any number of objects from one pile of a pair, or the same number
from both. Wythoff (1907): a pair ``(a, b)``, ``a <= b``, is lost for the player to
move exactly when ``a = floor(n phi)`` and ``b = a + n`` for some ``n >= 0``, phi the
golden ratio. Here ``floor(n phi) = (n + isqrt(5 n**2)) // 2`` in exact integer
arithmetic (``sqrt(5 n**2)`` is irrational for ``n > 0``, so its floor is ``isqrt``),
so a pair of any size is decided and answered in O(digits**2).

A sum of pairs has no such formula: the Grundy values of every pair below 4096 come from
one table filled row by row with bit sets (pairs below 1024 in about 1 s, below 4096 in
under a minute, once; benchmarks/test_course_games_a.py), the rest from the generic mex of
``nim.solving.components`` as far as its limits reach. Misère play: one pair by its theorem, a sum by exact search.

>>> game = WythoffGame()
>>> [game.is_lost((lower(n), lower(n) + n)) for n in range(5)]
[True, True, True, True, True]
>>> [(lower(n), lower(n) + n) for n in range(1, 6)]
[(1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
>>> game.winning_option((4, 4))
(8, ())
>>> game.winning_option((10**30, 10**30 + 5))[1]
((8, 13),)
"""

from __future__ import annotations

import operator
from array import array
from math import isqrt
from typing import Any, ClassVar, Iterable, Iterator, List, Optional, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import ComponentFamily, Unparameterised, register_family
from nim.families.vectors import VectorEncoding, slotted
from nim.families.play import PairPlay, PlayHooks
from nim.families.polling import poll

__all__ = ["WythoffGame", "lower", "upper"]

Pair = Tuple[int, int]

#: The most digits a pile of a pair may have (Python's own limit on int() of a string).
MAX_DIGITS = 4300


def lower(n: int) -> int:
    """``floor(n phi)``: the smaller pile of the n-th lost pair (Beatty's lower sequence)."""
    return (n + isqrt(5 * n * n)) // 2


def upper(n: int) -> int:
    """``floor(n phi**2) = floor(n phi) + n``: the larger pile of the n-th lost pair."""
    return lower(n) + n


def _index_in(value: int, sequence: Any, guess: int) -> Optional[int]:
    """The m near ``guess`` with ``sequence(m) == value``, or None."""
    for m in range(max(0, guess - 2), guess + 3):
        if sequence(m) == value:
            return m
    return None


@register_family
class WythoffGame(Unparameterised, ComponentFamily):
    """Wythoff's game: a move takes from one pile of a pair, or the same number from both."""

    tag: ClassVar[str] = "wythoff"
    title: ClassVar[str] = "Wythoff's game"
    component_noun: ClassVar[str] = "pair"
    play: ClassVar[PlayHooks] = PairPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Wythoff's game: a position is a list of pairs of piles; a move takes any number of objects "
                "from one pile of a pair, or the same number from both; the player who cannot move "
                + ("wins." if misere else "loses."))

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The pairs, sorted, (0, 0) for none, as many as the start's (a move leaves one pair at
        most); each pile at most the start's largest."""
        top = max((max(pair) for pair in start), default=0)
        return slotted(max(len(start), 1), [top + 1] * 2, list, list,
                       f"the pairs (a, b), sorted, (0, 0) for none, {len(start)} of them; each pile 0 to {top}")

    def read_component(self, value: Any) -> Pair:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
            raise InvalidPositionError(f"a position of Wythoff's game is a list of pairs of piles, such as "
                                       f"[[3, 5], [1, 2]]; {_short(value)} is not a pair")
        piles = []
        for pile in value:
            if isinstance(pile, bool):
                raise InvalidPositionError(f"a pile of a pair is a whole number, not {pile!r}")
            try:
                number = operator.index(pile)
            except TypeError:
                raise InvalidPositionError(f"a pile of a pair is a whole number, not {_short(pile)}") from None
            if number < 0:
                raise InvalidPositionError(f"a pile of a pair cannot be negative: {number}")
            if number.bit_length() > MAX_DIGITS * 4:
                raise InvalidPositionError(f"a pile of a pair has at most {MAX_DIGITS:,} digits")
            piles.append(number)
        a, b = sorted(piles)
        return (a, b)

    def component_value(self, component: Any) -> Any:
        return list(component)

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        a, b = component
        for k in range(1, b + 1):                       # from the larger pile (1 first)
            yield (k, _left(a, b - k))
        for k in range(1, a + 1):                       # from the smaller pile, then from both
            yield (k, _left(a - k, b))
            yield (2 * k, _left(a - k, b - k))

    def option_count(self, component: Any) -> int:
        a, b = _pair(component)
        return 2 * a + b

    def reach(self, component: Any) -> int:
        a, b = _pair(component)
        return (a + 1) * (b + 1) * (2 * a + b + 1)     # the pairs below it, each with its moves

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        a, b = component
        c, d = left[0] if left else (0, 0)
        if a - c == b - d and (a, b) != (c, d) and count == 2 * (a - c):
            return f"take {a - c} from both piles of ({a}, {b}), leaving ({c}, {d})"
        return f"take {count} from one pile of ({a}, {b}), leaving ({c}, {d})"

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: every pair ``(a, b)``, ``a <= b <= upto`` (its P-positions and Grundy values)."""
        return (f"pairs (a, b), a <= b <= {upto}",
                (self.read_component((a, b)) for b in range(upto + 1) for a in range(b + 1)))

    def theory_words(self) -> str:
        return ("Wythoff's theorem (Ferguson, Part I, 3.4): a pair (a, b), a <= b, is lost for the player to "
                "move exactly when a = floor(n phi) and b = a + n for some n >= 0, phi = (1 + sqrt 5) / 2 "
                "(computed exactly: floor(n phi) = (n + isqrt(5 n^2)) // 2). A sum of pairs is decided by "
                "the XOR of their Grundy values, which have no known formula: computed by the mex. Misère play: one "
                "pair is lost exactly when it is a lost pair of normal play other than (0, 0) and (1, 2), or "
                "(0, 1) or (2, 2); a misère sum of pairs is decided by an exact search")

    def is_lost(self, component: Any) -> Optional[bool]:
        a, b = _pair(component)
        return a == lower(b - a)

    def grundy(self, component: Any) -> Optional[int]:
        a, b = _pair(component)
        if a == lower(b - a):
            return 0
        if b < MAX_TABLE:                       # the table of every pair below a power of 2
            return int(_table_for(b)[a][b])
        return None

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        a, b = component
        n = b - a
        target = lower(n)
        if a == target:
            return None                                  # lost: no winning move
        if a > target:                                   # both down to the n-th lost pair
            d = a - target
            return (2 * d, _left(target, b - d))
        # a is in exactly one of the two Beatty sequences, with an index m < n
        m = _index_in(a, lower, (isqrt(5 * a * a) - a) // 2)
        if m is not None:                                # (a_m, b_m): lower the larger pile to b_m
            return (b - upper(m), _left(a, upper(m)))
        m = _index_in(a, upper, (3 * a - isqrt(5 * a * a)) // 2)
        assert m is not None, (a, b)                     # Beatty: lower and upper cover 1, 2, 3, ...
        return (b - lower(m), _left(lower(m), a))


    def misere_is_lost(self, component: Any) -> Optional[bool]:
        a, b = _pair(component)
        if (a, b) in _MISERE_SWAPPED:
            return (a, b) in _MISERE_LOST
        return a == lower(b - a)

    def misere_winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        a, b = _pair(component)
        if self.misere_is_lost((a, b)):
            return None
        option = self.winning_option((a, b))
        if option is not None and option[1] not in ((), ((1, 2),)):
            return option                                # a lost pair of normal play past the swap
        for c, d in _MISERE_LOST:                        # else (0, 1) or (2, 2), one move away
            for x, y in ((c, d), (d, c)):
                if (x == a and y < b) or (y == b and x < a) or (a - x == b - y > 0):
                    return (a + b - c - d, _left(c, d))
        raise AssertionError((a, b))                     # misère Wythoff: a won pair reaches a lost one


#: Misère Wythoff (Ferguson, Part I, 3.4 exercises): the lost pairs of normal play, but (0, 0)
#: and (1, 2) swapped for (0, 1) and (2, 2).
_MISERE_LOST = ((0, 1), (2, 2))
_MISERE_SWAPPED = {(0, 0), (1, 2), (0, 1), (2, 2)}


#: The side of the largest table of Grundy values kept (4096**2 values of 4 bytes: 64 MB, 45 s
#: to fill on a loaded machine); a sum with a larger pile is left to the mex, which refuses it.
MAX_TABLE = 4096
_TABLE: List[Any] = []


class _Fill:
    """A table being filled: its side, its rows so far, and the bit sets of the values already in
    each column and diagonal. A call stopped by its limits keeps it, and the next call goes on."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.rows: List[Any] = []
        self.columns = [0] * size
        self.diagonals = [0] * (2 * size)


_FILL: Optional[_Fill] = None


def _table_for(pile: int) -> List[Any]:
    """The Grundy values of every pair (a, b) with a, b below the power of 2 above ``pile``
    (at least 64), computed once and kept: ``rows[a][b]``.

    Raises
    ------
    SearchLimitError
        At the running call's time limit or cancellation (``nim.families.polling``): the rows
        filled so far are kept, and the next call goes on from them.
    """
    global _TABLE, _FILL
    if pile < len(_TABLE):
        return _TABLE
    size = 64
    while size <= pile:
        size *= 2
    if _FILL is None or _FILL.size < size:           # a larger table starts afresh (the rows widen)
        _FILL = _Fill(size)
    _fill_rows(_FILL)
    _TABLE, _FILL = _FILL.rows, None
    return _TABLE


def _wythoff_table(size: int) -> List[Any]:
    """Every pair's value below ``size``, in one go (no limits)."""
    fill = _Fill(size)
    _fill_rows(fill, checked=False)
    return fill.rows


def _fill_rows(fill: _Fill, checked: bool = True) -> None:
    """Row by row, the mex of the values left along the row, up the column and down the
    diagonal, each kept as a bit set (an int): a pair costs a few operations on ints of
    about 3 * size bits, where the generic mex looked at its 2a + b options one by one."""
    size, columns, diagonals = fill.size, fill.columns, fill.diagonals
    for a in range(len(fill.rows), size):
        if checked and a % 8 == 0:
            poll(f"the table of Wythoff Grundy values of the pairs below {size:,} (at row {a:,} of {size:,}; "
                 "the rows done are kept for the next call)")
        row = array("i", bytes(4 * size))
        seen_in_row = 0
        for b in range(size):
            d = b - a + size
            taken = seen_in_row | columns[b] | diagonals[d]
            g = (~taken & (taken + 1)).bit_length() - 1      # the lowest bit not set: the mex
            row[b] = g
            bit = 1 << g
            seen_in_row |= bit
            columns[b] |= bit
            diagonals[d] |= bit
        fill.rows.append(row)


def _pair(component: Any) -> Pair:
    a, b = component
    return (int(a), int(b))


def _left(a: int, b: int) -> Tuple[Any, ...]:
    """The components a pair leaves: none when both piles are empty, else the pair, sorted."""
    if a == 0 and b == 0:
        return ()
    return ((a, b) if a <= b else (b, a),)


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
