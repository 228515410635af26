"""The Thirty-one game (Ferguson, Part I, section 1.5, exercises; Mott-Smith 1954): the ace to
six of each suit, 24 cards, face up; the players take turns turning one over, adding its value
(an ace is 1) to a running total, and whoever makes the total pass 31 loses. So a move turns a
card that keeps the total at most 31, and a player with no such card loses: normal play.

It looks like the subtraction game S = {1, ..., 6} on 31 chips, whose P-positions are the totals
3, 10, 17, 24, 31 (31 - total a multiple of 7), but it is not: each value may be turned at most
four times, and the second player can run a value out ("keep choosing 4"). There is no formula:
the value of a position is an exact search over the cards left (at most 5**6 = 15,625 of them,
memoised), and its P-positions are listed by that search (``p_positions``).

A position is the list of the cards turned so far (``[]``: the start; ``[5, 2]``), or
``{"total": 12, "left": [4, 4, 3, 4, 2, 4]}``: the running total and how many aces, twos, ...,
sixes are still face up.

>>> game = ThirtyOne()
>>> game.read_component([5, 2])
(7, (4, 3, 4, 4, 3, 4))
"""

from __future__ import annotations

from typing import Any, ClassVar, Dict, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import Unparameterised, WholePositionFamily, read_whole, register_family
from nim.families.vectors import VectorEncoding, whole
from nim.families.disguises import _short
from nim.families.play import CardsPlay, PlayHooks

__all__ = ["ThirtyOne", "TARGET"]

#: The total not to pass, the card values, and how many of each the deck holds.
TARGET = 31
VALUES = 6
COPIES = 4

#: A position: the running total and how many cards of each value 1..6 are left.
Deal = Tuple[int, Tuple[int, ...]]
Move = Tuple[int, Tuple[Any, ...]]

_WINS: Dict[Deal, bool] = {}


@register_family
class ThirtyOne(Unparameterised, WholePositionFamily):
    """Thirty-one: turn a card, keep the running total at most 31."""

    tag: ClassVar[str] = "thirty-one"
    title: ClassVar[str] = "Thirty-one"
    example: ClassVar[str] = "[]"

    play: ClassVar[PlayHooks] = CardsPlay()

    __slots__ = ()

    def describe(self, misere: bool) -> str:
        return ("Thirty-one: the ace to six of each suit lie face up (24 cards); a position is the list of the cards "
                "turned so far; a move turns one more, adding its value to the running total, which may not pass "
                f"{TARGET}; the player who cannot turn a card "
                + ("wins." if misere else "loses (they would pass 31)."))

    def theory_words(self) -> str:
        return ("no formula (Ferguson, Part I, 1.5, exercises, after Mott-Smith 1954): with unlimited cards this "
                "would be the subtraction game S = {1, ..., 6}, lost at the totals 3, 10, 17, 24, 31, but each "
                "value can be turned only four times, so the P-positions depend on the cards left; they are found "
                "by an exact search over the cards left (at most 5**6 = 15,625 deals, memoised). From the start "
                "the first player wins")

    # -- the position ------------------------------------------------------------------

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The running total, then how many cards of each value are left."""
        return whole([TARGET + 1] + [COPIES + 1] * VALUES, lambda deal: [deal[0], *deal[1]],
                     lambda ints: {"total": ints[0], "left": list(ints[1:])},
                     f"the running total (0 to {TARGET}), then the cards left of each value 1 to {VALUES} "
                     f"(0 to {COPIES})")

    def read_component(self, value: Any) -> Deal:
        if isinstance(value, dict):
            if set(value) != {"total", "left"}:
                raise InvalidPositionError('a position of Thirty-one is the list of cards turned, such as [5, 2], or '
                                           f'{{"total": 12, "left": [4, 4, 3, 4, 2, 4]}}, not {_short(value)}')
            total = _whole(value["total"], "the running total")
            left = value["left"]
            if isinstance(left, (str, bytes, dict)) or not hasattr(left, "__len__") or len(left) != VALUES:
                raise InvalidPositionError(f"left is how many aces, twos, ..., sixes are still face up: six "
                                           f"numbers, not {_short(left)}")
            counts = tuple(_whole(c, "a count of cards left") for c in left)
            if max(counts) > COPIES:
                raise InvalidPositionError(f"the deck holds {COPIES} cards of each value: {list(counts)}")
        else:
            if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
                raise InvalidPositionError("a position of Thirty-one is the list of cards turned so far, such as "
                                           f"[5, 2] ([] at the start), not {_short(value)}")
            turned = [_whole(card, "a card") for card in value][:VALUES * COPIES + 1]
            for card in turned:
                if not 1 <= card <= VALUES:
                    raise InvalidPositionError(f"a card is worth 1 (an ace) to {VALUES}, not {card}")
            counts = tuple(COPIES - turned.count(v) for v in range(1, VALUES + 1))
            if min(counts) < 0:
                raise InvalidPositionError(f"the deck holds {COPIES} cards of each value: {_short(turned)}")
            total = sum(turned)
        if total > TARGET:
            raise InvalidPositionError(f"the running total is at most {TARGET} (past it the game is over): {total}")
        return (total, counts)

    def component_value(self, component: Any) -> Any:
        total, left = component
        return {"total": total, "left": list(left)}

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        total, left = component
        for value in range(1, VALUES + 1):
            if left[value - 1] and total + value <= TARGET:
                after = left[:value - 1] + (left[value - 1] - 1,) + left[value:]
                yield (value, ((total + value, after),))

    def option_count(self, component: Any) -> int:
        total, left = component
        return sum(1 for value in range(1, VALUES + 1) if left[value - 1] and total + value <= TARGET)

    def reach(self, component: Any) -> int:
        below = 1
        for count in component[1]:
            below *= count + 1
        return below * VALUES

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        name = "an ace" if count == 1 else f"a {count}"
        return f"turn {name}, making the total {left[0][0]}"

    def p_positions(self, component: Any) -> List[Deal]:
        """The positions one card away that are lost for the player to move (normal play), by search."""
        return [left[0] for _, left in self.options(component) if not self._wins(left[0])]

    def _wins(self, deal: Deal) -> bool:
        if deal not in _WINS:
            stack = [deal]
            while stack:                               # an explicit stack: no recursion limit
                top = stack[-1]
                children = [left[0] for _, left in self.options(top)]
                unknown = [c for c in children if c not in _WINS]
                if unknown:
                    stack.extend(unknown)
                    continue
                _WINS[top] = any(not _WINS[c] for c in children)
                stack.pop()
        return _WINS[deal]

    def account(self, components: Sequence[Any]) -> List[str]:
        component = components[0]
        winners = sorted({total - component[0] for total, _ in self.p_positions(component)})
        cards = ", ".join("an ace" if c == 1 else str(c) for c in winners) or "none"
        return [f"Running total {component[0]}, cards left (aces to sixes) {list(component[1])}. By exact search, "
                f"the cards that leave the other player lost: {cards}."]


def _whole(value: Any, what: str) -> int:
    number = read_whole(value, what)
    if number > 10**6:
        raise InvalidPositionError(f"{what} is at most {TARGET}: {_short(number)}")
    return number
