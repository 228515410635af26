"""Poker Nim (Ferguson, Part I, chapter 2; Winning Ways, ch. 2): Nim where a move may instead
add chips to a pile.

The bound chosen here: the chips a move may add come from one **pool** of chips beside the
table, shared by both players and never refilled (chips taken leave the game). A position is
``{"piles": [3, 4, 5], "pool": 6}``; a move takes any positive number of chips from one pile,
or adds any positive number of chips from the pool to one non-empty pile. Every move lowers
the chips on the table or in the pool, so every game ends (with each player's own winnings as
the pool, as in Winning Ways, play could go on forever). A shared pool keeps the game
impartial, so a Poker Nim position is a component of sums like any other.

Its value is Nim's, whatever the pool: an addition changes one pile, so from a position of
XOR 0 it never reaches XOR 0, and the player who was winning takes the added chips straight
back off (an addition is *reversible*). So the Grundy value is the XOR of the piles (the mex
over the removals, which reach every smaller value, and the additions, which miss the XOR
itself), and misère play is misère Nim's (Bouton's rule; checked by brute force in
tests/test_family_poker.py).

>>> game = PokerNim()
>>> position = game.read_component({"piles": [3, 4, 5], "pool": 6})
>>> game.grundy(position), game.winning_option(position)
(2, (2, (((1, 4, 5), 6),)))
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator, Optional, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import register_family
from nim.families.vectors import VectorEncoding, padded, whole
from nim.families.disguises import Move, NimDisguise, _numbers, _short
from nim.families.play import PokerPlay, PlayHooks

__all__ = ["PokerNim"]

#: A position: its piles (sorted, the empty ones dropped) and the chips left in the pool.
Poker = Tuple[Tuple[int, ...], int]


def _poker(piles: Any, pool: int) -> Poker:
    return (tuple(sorted(p for p in piles if p)), pool)


@register_family
class PokerNim(NimDisguise):
    """Poker Nim: take from one pile, or add chips from a shared pool to one pile."""

    tag: ClassVar[str] = "poker-nim"
    title: ClassVar[str] = "Poker Nim"
    example: ClassVar[str] = '{"piles": [3, 4, 5], "pool": 6}'
    misere_is_nim: ClassVar[bool] = True

    play: ClassVar[PlayHooks] = PokerPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ('Poker Nim: a position is {"piles": [...], "pool": N}; a move takes any positive number of chips '
                "from one pile, or adds any positive number of chips from the pool (shared by both players, never "
                "refilled: the bound that makes every game end) to one non-empty pile; the player who cannot move "
                + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("this is Nim: the pool changes nothing (Ferguson, Part I, chapter 2; Winning Ways, ch. 2). An "
                "addition is reversible: it changes one pile, so from a position whose piles XOR to 0 it leaves "
                "a nonzero XOR, and the player who was winning takes the added chips straight back off. The "
                "position is lost exactly when the XOR of the piles is 0 (Bouton's theorem), and that XOR is its "
                "Grundy value; in misère play, Bouton's misère rule: when every pile is 0 or 1, lost exactly "
                "when an odd number of piles are 1")

    # -- the position ------------------------------------------------------------------

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The piles, padded with zeros to the start's count, each at most the start's largest
        plus the pool; then the pool."""
        ((piles, pool),) = start
        n, top = max(len(piles), 1), max(piles, default=0) + pool
        return whole([top + 1] * n + [pool + 1], lambda component: padded(component[0], n) + [component[1]],
                     lambda ints: {"piles": list(ints[:-1]), "pool": ints[-1]},
                     f"the piles, padded with 0 to {n}, each 0 to {top}; then the pool, 0 to {pool}")

    def read_component(self, value: Any) -> Poker:
        if not isinstance(value, dict) or set(value) - {"piles", "pool"} or "piles" not in value:
            raise InvalidPositionError('a position of Poker Nim is {"piles": [3, 4, 5], "pool": 6}: its piles '
                                       f"and the chips left in the pool to add from, not {_short(value)}")
        piles = _numbers(value["piles"], "Poker Nim", "piles", "[3, 4, 5]")
        (pool,) = _numbers([value.get("pool", 0)], "Poker Nim", "chips in the pool", "6")
        return _poker(piles, pool)

    def component_value(self, component: Any) -> Any:
        piles, pool = component
        return {"piles": list(piles), "pool": pool}

    def heaps(self, component: Any) -> Tuple[int, ...]:
        return tuple(component[0])

    def lower(self, component: Any, index: int, new: int) -> Move:
        piles, pool = component
        return (piles[index] - new, (_poker(piles[:index] + (new,) + piles[index + 1:], pool),))

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        piles, pool = component
        sizes = sorted(set(piles))
        for size in sizes:                           # the removals: Nim's moves
            i = piles.index(size)
            for take in range(1, size + 1):
                yield self.lower(component, i, size - take)
        for size in sizes:                           # the additions, from the pool
            i = piles.index(size)
            for add in range(1, pool + 1):
                yield (add, (_poker(piles[:i] + (size + add,) + piles[i + 1:], pool - add),))

    def option_count(self, component: Any) -> int:
        piles, pool = component
        return int(sum(piles) + pool * len(piles))

    def reach(self, component: Any) -> int:
        piles, pool = component
        below = pool + 1
        for pile in piles:
            below *= pile + pool + 1
        return int(below * max(1, self.option_count(component)))

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        piles, pool = component
        after, after_pool = left[0] if left else ((), pool)
        gone = list(piles)
        new = list(after)
        for pile in after:
            if pile in gone:
                gone.remove(pile)
                new.remove(pile)
        size = gone[0] if gone else count
        shown = f"leaving piles {list(after)} and {after_pool} in the pool"
        if after_pool < pool:
            return f"add {count} chip{'s' if count > 1 else ''} from the pool to the pile of {size}, {shown}"
        return f"take {count} from the pile of {size}, {shown}"

