"""An independent oracle for take-and-break games: brute force over sorted tuples of heaps.

It shares no code with the package: the moves are written here from the
definition of an octal code (SPEC 2.1) -- for each place k of d0.d1d2..., bit 1
of d_k removes a whole heap of exactly k, bit 2 removes k from a larger heap
and leaves one heap, bit 4 removes k and leaves two non-empty heaps (d0: bit 4
only, a split without taking) -- and Grundy's game (split a heap into two
unequal non-empty heaps). A position is won for the mover when some move leads
to a lost one; with no move the mover loses (normal) or wins (misère).
"""

from functools import lru_cache
from typing import Dict, FrozenSet, List, Tuple

Position = Tuple[int, ...]


def digits_of(code: str) -> Tuple[int, ...]:
    """The digits d0, d1, ... of an octal code written 'd0.d1d2...'."""
    whole, _, after = code.partition(".")
    return (int(whole or "0"),) + tuple(int(c) for c in after)


def heap_options(game: str, heap: int) -> FrozenSet[Tuple[int, ...]]:
    """What one heap can become: tuples of 0, 1 or 2 non-empty heaps (sorted)."""
    return _options(game, heap)


@lru_cache(maxsize=None)
def _options(game: str, heap: int) -> FrozenSet[Tuple[int, ...]]:
    found = set()
    if game == "grundy-game":
        for a in range(1, heap):
            if a < heap - a:
                found.add((a, heap - a))
        return frozenset(found)
    for k, d in enumerate(digits_of(game)):
        if k > heap:
            break
        if k and d & 1 and heap == k:
            found.add(())
        if k and d & 2 and heap > k:
            found.add((heap - k,))
        if d & 4:
            rest = heap - k
            for a in range(1, rest):
                b = rest - a
                if a <= b:
                    found.add((a, b))
    return frozenset(found)


def children(game: str, position: Position) -> List[Position]:
    """Every position one move away, as sorted tuples (with repetitions)."""
    result = []
    for i, heap in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for parts in heap_options(game, heap):
            result.append(tuple(sorted(rest + parts)))
    return result


_WINS: Dict[Tuple[str, bool], Dict[Position, bool]] = {}


def wins(game: str, misere: bool, position: Position) -> bool:
    """True when the player to move wins ``position`` (any order of heaps, zeros allowed)."""
    key = tuple(sorted(h for h in position if h))
    memo = _WINS.setdefault((game, misere), {})
    return _wins(game, misere, key, memo)


def _wins(game: str, misere: bool, position: Position, memo: Dict[Position, bool]) -> bool:
    known = memo.get(position)
    if known is not None:
        return known
    kids = children(game, position)
    if not kids:
        result = misere
    else:
        result = any(not _wins(game, misere, kid, memo) for kid in kids)
    memo[position] = result
    return result


@lru_cache(maxsize=None)
def grundy(game: str, heap: int) -> int:
    """The normal-play Grundy value of one heap, by the mex of its options."""
    seen = set()
    for parts in heap_options(game, heap):
        value = 0
        for part in parts:
            value ^= grundy(game, part)
        seen.add(value)
    g = 0
    while g in seen:
        g += 1
    return g


def remoteness(game: str, misere: bool, position: Position) -> int:
    """Moves to the end with best play: 0 with no move; a won position 1 + the least
    remoteness of its lost children; a lost one 1 + the greatest of its children."""
    return _remoteness(game, misere, tuple(sorted(h for h in position if h)))


@lru_cache(maxsize=None)
def _remoteness(game: str, misere: bool, position: Position) -> int:
    kids = children(game, position)
    if not kids:
        return 0
    if wins(game, misere, position):
        return 1 + min(_remoteness(game, misere, kid) for kid in kids if not wins(game, misere, kid))
    return 1 + max(_remoteness(game, misere, kid) for kid in kids)
