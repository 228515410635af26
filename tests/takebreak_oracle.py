"""The tests' one independent oracle for take-and-break games: brute force over sorted
tuples of heaps, memoised, written from SPEC section 2.1 alone and sharing no code with
the package (it imports nothing of it).

A game is a string: an octal code ``"d0.d1d2..."`` such as ``"0.77"``, or
``"grundy-game"`` for Grundy's game (split a heap into two unequal non-empty heaps).
For each place k of an octal code and a heap of n: bit 1 of d_k removes a whole heap
of exactly k, bit 2 removes k from a larger heap and leaves one heap, bit 4 removes k
and leaves two non-empty heaps (d0: bit 4 only, a split without taking).

A position is any sequence of heap sizes (any order, zeros allowed). The player to
move wins when some move leads to a lost position; with no move left the mover loses
(normal play) or wins (misère).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, List, Sequence, Tuple

Heaps = Tuple[int, ...]

#: Grundy's game, as this module names it.
GRUNDY_GAME = "grundy-game"


def digits(code: str) -> Tuple[int, ...]:
    """The digits d0, d1, ... of an octal code written 'd0.d1d2...'."""
    whole, _, after = code.partition(".")
    return (int(whole or "0"),) + tuple(int(c) for c in after)


@lru_cache(maxsize=None)
def options(game: str, heap: int) -> Tuple[Heaps, ...]:
    """What one heap can become in one move, sorted: (), (a,) or (a, b) with 1 <= a <= b."""
    found = set()
    if game == GRUNDY_GAME:
        found.update((a, heap - a) for a in range(1, heap) if a < heap - a)
        return tuple(sorted(found))
    for k, d in enumerate(digits(game)):
        if k > heap:
            break
        if k >= 1 and d & 1 and heap == k:
            found.add(())
        if k >= 1 and d & 2 and heap > k:
            found.add((heap - k,))
        if d & 4:
            rest = heap - k
            found.update((a, rest - a) for a in range(1, rest) if a <= rest - a)
    return tuple(sorted(found))


def _key(heaps: Sequence[int]) -> Heaps:
    """The memo key of a position: its non-empty heaps, sorted."""
    return tuple(sorted(h for h in heaps if h))


def children(game: str, heaps: Sequence[int]) -> List[Heaps]:
    """Every position one move away, as sorted tuples of non-empty heaps (with repetitions)."""
    position = _key(heaps)
    result = []
    for i, heap in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for parts in options(game, heap):
            result.append(tuple(sorted(rest + parts)))
    return result


def wins(game: str, misere: bool, heaps: Sequence[int]) -> bool:
    """True when the player to move wins."""
    return _wins(game, misere, _key(heaps))


@lru_cache(maxsize=None)
def _wins(game: str, misere: bool, position: Heaps) -> bool:
    kids = children(game, position)
    if not kids:
        return misere
    return any(not _wins(game, misere, kid) for kid in kids)


def remoteness(game: str, misere: bool, heaps: Sequence[int]) -> int:
    """Moves to the end with best play (the winner hurries, the loser delays): 0 with no
    move; a won position 1 + the least remoteness of its lost children; a lost one 1 + the
    greatest of its children's."""
    return _remoteness(game, misere, _key(heaps))


@lru_cache(maxsize=None)
def _remoteness(game: str, misere: bool, position: Heaps) -> int:
    kids = children(game, position)
    if not kids:
        return 0
    if _wins(game, misere, position):
        return 1 + min(_remoteness(game, misere, kid) for kid in kids if not _wins(game, misere, kid))
    return 1 + max(_remoteness(game, misere, kid) for kid in kids)


@lru_cache(maxsize=None)
def grundy(game: str, heap: int) -> int:
    """The normal-play Grundy value of one heap, by the mex of its options."""
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


def sequence(game: str, n: int) -> List[int]:
    """G(0 .. n-1), by the plain mex over every option of each heap, iteratively (for
    the long sequences that ``grundy``'s recursion would take too deep)."""
    places = () if game == GRUNDY_GAME else digits(game)
    g: List[int] = []
    for heap in range(n):
        seen = set()
        if game == GRUNDY_GAME:
            seen.update(g[a] ^ g[heap - a] for a in range(1, heap) if a < heap - a)
        for k, d in enumerate(places):
            if k >= 1 and d & 1 and heap == k:
                seen.add(0)
            if k >= 1 and d & 2 and heap > k:
                seen.add(g[heap - k])
            rest = heap - k
            if d & 4 and rest >= 2:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        value = 0
        while value in seen:
            value += 1
        g.append(value)
    return g


def misere_grundy(game: str, heaps: Sequence[int]) -> int:
    """Misère Grundy value of a position: 1 when no move is left, else the mex of its children's."""
    return _misere_grundy(game, _key(heaps))


@lru_cache(maxsize=None)
def _misere_grundy(game: str, position: Heaps) -> int:
    kids = {_misere_grundy(game, kid) for kid in children(game, position)}
    if not kids:
        return 1
    g = 0
    while g in kids:
        g += 1
    return g


def apply(heaps: Sequence[int], move: Any) -> Heaps:
    """The heaps after a ``nim.Move`` (or its tuple), in the caller's order: a take leaves
    the rest in place (0 when nothing is left), a split writes a in place and b after it."""
    pile, count = move[0], move[1]
    split = move[2] if len(move) > 2 else None
    after = list(heaps)
    heap = after[pile]
    if split is None:
        assert 0 < count <= heap, (heaps, move)
        after[pile] = heap - count
    else:
        a, b = split
        assert a >= 1 and b >= 1 and a + b + count == heap, (heaps, move)
        after[pile:pile + 1] = [a, b]
    return tuple(after)


def is_option(game: str, heaps: Sequence[int], move: Any) -> bool:
    """Is ``move`` legal from ``heaps``?"""
    pile = move[0]
    before = tuple(heaps)
    if not 0 <= pile < len(before):
        return False
    split = len(move) > 2
    count = move[1]
    if not split and not 0 < count <= before[pile]:
        return False
    if split and not (min(move[2]) >= 1 and sum(move[2]) + count == before[pile]):
        return False
    after = apply(heaps, move)
    parts = tuple(sorted(p for p in after[pile:pile + 1 + split] if p))
    return parts in options(game, before[pile])
