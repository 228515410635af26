"""How long the game lasts, by theory, under take `any` (docs/theory.md, "How
long the game lasts").

The length of a position is its remoteness: the number of moves to the end of
the game when the winner hurries and the loser delays -- ``nim.analyze``'s
depth. Under take `any` it has a closed form in the number of objects S, the
XOR X of the piles, the number B of piles of 2 or more, the number of 1-piles
and the most objects r that a move to X = 0 removes:

>>> game_length([1, 2, 3])            # X = 0: the loser makes every move take one object
6
>>> game_length([1, 2, 4])            # won: take 1 from the 4 (r = 1), then 6 more moves
7
>>> game_length([1, 2, 4], "misere")
6

Under `max K`, `half` and `set S` no such rule is known: there the length is
a search (``nim.analyze(depth=True)`` with the `tt` engine).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Iterable, List, Tuple

from nim.errors import NimError
from nim.position import Move, as_piles
from nim.rules import Rules, RulesLike
from nim.kernel import length as _length_core

if TYPE_CHECKING:
    from nim.game.analysis import MoveAnalysis

__all__ = ["analyze_by_length", "game_length", "length_of_summary", "position_summary"]


def game_length(piles: Iterable[int], rules: RulesLike = None) -> int:
    """The number of moves left when the winner hurries and the loser delays,
    under take `any` (normal or misère), in O(number of piles), piles of any size.

    Raises
    ------
    InvalidPositionError
        For a bad position.
    NimError
        Under another take rule: no formula is known there (``nim.analyze``
        finds each move's depth by search).
    """
    ruleset = Rules.coerce(rules)
    if not ruleset.family.is_nim:
        raise NimError(f"the length of a game has a formula only under take 'any', not {str(ruleset)!r}; "
                       "nim.analyze(depth=True) finds it by search")
    return length_of_summary(ruleset.misere, *position_summary(as_piles(piles)))


def position_summary(piles: Tuple[int, ...]) -> Tuple[int, int, int, int, int]:
    """(S, X, B, ones, r): the number of objects, the XOR of the piles, the piles
    of 2 or more, the 1-piles, and the most objects a move to X = 0 removes (0
    when X = 0). One pass in C where every pile is below 2**64."""
    found = _length_core.summary(piles)
    if found is not None:
        return found
    total = x = big = ones = 0
    for p in piles:
        total += p
        x ^= p
        big += p >= 2
        ones += p == 1
    removal = 0
    if x:
        top = x.bit_length() - 1
        removal = max(p - (p ^ x) for p in piles if p >> top & 1)
    return total, x, big, ones, removal


def length_of_summary(misere: bool, total: int, x: int, big: int, ones: int, removal: int) -> int:
    """The length of a position from ``position_summary``'s figures (docs/theory.md).

    Normal play: S when X = 0 (every move then removes one object), else
    S + 1 - r. Misère play: the number of 1-piles when B = 0; S - 1 when
    B >= 1 and X = 0; else one move to the nearest lost position: 1 + the
    1-piles, one more when they are even (B = 1), or S - r (B >= 2).
    """
    if not misere:
        return total if x == 0 else total + 1 - removal
    if big == 0:
        return ones
    if x == 0:
        return total - 1
    if big == 1:
        return 1 + ones + (1 if ones % 2 == 0 else 0)
    return total - removal


def analyze_by_length(piles: Tuple[int, ...], rules: Rules) -> "List[MoveAnalysis]":
    """``analyze`` with depths under take `any`: every move's value and the
    length of the position it leads to, by the formulas, without search (in C;
    each move costs the distinct pile sizes that share the child's top bit).

    Raises
    ------
    NimError
        When the position has more than MAX_ANALYZED_MOVES legal moves.
    """
    from nim.game.analysis import MAX_ANALYZED_MOVES, MoveAnalysis
    from nim.game.stops import short_piles as _short

    total = sum(piles)
    if total > MAX_ANALYZED_MOVES:
        raise NimError(f"{_short(piles)} has {total:,} legal moves; analyze lists at most "
                       f"{MAX_ANALYZED_MOVES:,}")
    values = array("b", bytes(total))
    depths = array("q", bytes(8 * total))
    _length_core.child_depths(piles, rules.misere, values, depths)
    from nim.kernel import rows as kernel_rows

    # the rows made in C, values and depths in bulk (nim.solving.analysis does the same)
    rows: List[MoveAnalysis] = kernel_rows().move_rows(Move, MoveAnalysis, piles, rules.takes, values, depths)
    return rows
