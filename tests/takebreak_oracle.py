"""An independent oracle for sums of take-and-break heaps: written from SPEC section
2.1 alone (the meaning of an octal code's digits, Grundy's game), sharing no code
with the package. Memoised recursion over sorted tuples of heaps.

A game is an octal code string such as ``"0.77"`` or ``None`` for Grundy's game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator, List, Optional, Tuple

Heaps = Tuple[int, ...]


def digits(code: str) -> List[int]:
    whole, _, after = code.partition(".")
    return [int(whole or "0")] + [int(c) for c in after]


@lru_cache(maxsize=None)
def options(game: Optional[str], heap: int) -> Tuple[Heaps, ...]:
    """What a heap can become in one move: (), (a,) or (a, b), each part >= 1."""
    found = set()
    if game is None:                                 # two unequal non-empty heaps
        found.update((a, heap - a) for a in range(1, heap) if a < heap - a)
    else:
        for k, d in enumerate(digits(game)):
            if k >= 1 and d & 1 and heap == k:
                found.add(())
            if k >= 1 and d & 2 and heap > k:
                found.add((heap - k,))
            if d & 4:
                rest = heap - k
                found.update(tuple(sorted((a, rest - a))) for a in range(1, rest))
    return tuple(sorted(found))


def children(game: Optional[str], heaps: Heaps) -> Iterator[Heaps]:
    for i, heap in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for parts in options(game, heap):
            yield tuple(sorted(rest + parts))


@lru_cache(maxsize=None)
def _wins(game: Optional[str], misere: bool, heaps: Heaps) -> bool:
    kids = list(children(game, heaps))
    if not kids:
        return misere
    return any(not _wins(game, misere, kid) for kid in kids)


def wins(game: Optional[str], misere: bool, heaps) -> bool:
    """True when the player to move wins."""
    return _wins(game, misere, tuple(sorted(heaps)))


@lru_cache(maxsize=None)
def _remoteness(game: Optional[str], misere: bool, heaps: Heaps) -> Tuple[bool, int]:
    kids = [_remoteness(game, misere, kid) for kid in children(game, heaps)]
    if not kids:
        return misere, 0
    losing = [r for won, r in kids if not won]
    if losing:
        return True, 1 + min(losing)
    return False, 1 + max(r for _, r in kids)


def remoteness(game: Optional[str], misere: bool, heaps) -> Tuple[bool, int]:
    """(mover wins, moves to the end when the winner hurries and the loser delays)."""
    return _remoteness(game, misere, tuple(sorted(heaps)))


@lru_cache(maxsize=None)
def grundy(game: Optional[str], heap: int) -> int:
    """Normal-play Grundy value of one heap (plain mex)."""
    seen = set()
    for parts in options(game, heap):
        value = 0
        for part in parts:
            value ^= grundy(game, part)
        seen.add(value)
    g = 0
    while g in seen:
        g += 1
    return g


@lru_cache(maxsize=None)
def misere_grundy(game: Optional[str], heaps: Heaps) -> int:
    """Misère Grundy value of a position: 1 when no move is left, else the mex of its children's."""
    kids = {misere_grundy(game, kid) for kid in children(game, heaps)}
    if not kids:
        return 1
    g = 0
    while g in kids:
        g += 1
    return g


def apply(heaps, move) -> Heaps:
    """The heaps after a ``nim.Move`` (a split writes a in place and b after it)."""
    pile, count = move[0], move[1]
    split = move.split
    heaps = list(heaps)
    heap = heaps[pile]
    if split is None:
        assert 0 < count <= heap, (heaps, move)
        heaps[pile] = heap - count
    else:
        a, b = split
        assert a >= 1 and b >= 1 and a + b + count == heap, (heaps, move)
        heaps[pile:pile + 1] = [a, b]
    return tuple(heaps)


def is_option(game: Optional[str], heaps, move) -> bool:
    """Is ``move`` legal from ``heaps``?"""
    after = apply(heaps, move)
    pile = move[0]
    before = tuple(heaps)
    rest = before[:pile] + before[pile + 1:]
    made = after[:pile] + after[pile + 1 + (move.split is not None):]
    if made != rest:
        return False
    parts = tuple(sorted(p for p in after[pile:pile + 1 + (move.split is not None)] if p))
    return parts in options(game, before[pile])
