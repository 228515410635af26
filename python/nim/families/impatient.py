"""Impatient subtraction games (Ferguson, Part I, exercise 3.5.8): a subtraction game with
subtraction set S in which a player may also take the **whole** pile at any time.

The text: "In addition to removing s chips from the pile where s is in the subtraction set,
S, we allow the whole pile to be taken at all times. Let g(x) represent the Sprague-Grundy
function of the subtraction game with subtraction set S, and let g+(x) represent the
Sprague-Grundy function of impatient subtraction game with subtraction set S. Show that
g+(x) = g(x - 1) + 1 for all x >= 1."

The proof (docs/theory.md, "Impatient subtraction games"), by induction on x: the options of
x >= 1 are 0 (value 0) and x - s for s in S with s <= x. When s < x, the induction gives
g+(x - s) = g(x - s - 1) + 1, and x - s - 1 runs over the options (x - 1) - s of x - 1 in the
plain game; when s = x the option is 0 again. So the values of the options of x are {0} together
with 1 + {g(y) : y an option of x - 1}, whose mex is 1 + mex{g(y)} = g(x - 1) + 1.

A position is a list of heaps; the rule string is ``impatient,set=1;3;4``. The plain game's
values g come from its eventually periodic sequence (exercise 3.5.7), computed here until a
window of max(S) values repeats.

>>> game = ImpatientSubtraction((1, 3, 4))
>>> [game.grundy(n) for n in range(10)]
[0, 1, 2, 1, 2, 3, 4, 3, 1, 2]
>>> game.option_to(6, 0), game.option_to(6, 2)
((6, ()), (4, (2,)))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Dict, Iterator, List, Optional, Tuple

from nim.errors import InvalidRulesError, NimError
from nim.families.base import Fields, RuleFamily, register_family
from nim.families.one_pile import _HeapGame
from nim.families.play import PlayHooks, RuleHeapPlay
from nim.families.take import parse_whole, subtraction_set

__all__ = ["ImpatientSubtraction", "plain_values"]

#: The most values of the plain subtraction game computed while looking for its period.
MAX_SCAN = 1_000_000
#: The largest member of S the period search takes (a window is max(S) values long).
MAX_MEMBER = 2_000


@lru_cache(maxsize=64)
def plain_values(subtract: Tuple[int, ...]) -> Tuple[Tuple[int, ...], int, int]:
    """The plain subtraction game's Grundy values: ``(values, start, period)`` with
    ``g(n) = values[n]`` below ``len(values)`` and ``g(n) = g(n - period)`` from ``start`` on
    (period 0: none seen within ``MAX_SCAN`` values, which are all there is)."""
    top = subtract[-1]
    values: List[int] = []
    seen: Dict[Tuple[int, ...], int] = {}
    for n in range(MAX_SCAN):
        reached = {values[n - s] for s in subtract if s <= n}
        g = 0
        while g in reached:
            g += 1
        values.append(g)
        if n + 1 >= top:
            window = tuple(values[n + 1 - top:])      # the last max(S) values decide all later ones
            if window in seen:
                start = seen[window]              # g(start + k) = g(n + 1 - top + k) for every k >= 0
                return tuple(values), start, n + 1 - top - start
            seen[window] = n + 1 - top
    return tuple(values), 0, 0


@register_family
class ImpatientSubtraction(_HeapGame):
    """An impatient subtraction game: take s in S from one heap, or the whole heap."""

    tag: ClassVar[str] = "impatient"
    syntax: ClassVar[str] = "impatient,set=1;3;4"
    title: ClassVar[str] = "the impatient subtraction game"
    play: ClassVar[PlayHooks] = RuleHeapPlay("a move takes a number of the set S from one heap, or the whole heap")

    __slots__ = ("subtract",)

    def __init__(self, subtract: Any) -> None:
        self.subtract: Tuple[int, ...] = subtraction_set(subtract)
        if self.subtract[-1] > MAX_MEMBER:
            raise InvalidRulesError(f"an impatient subtraction game takes set members up to {MAX_MEMBER:,}, not "
                                    f"{self.subtract[-1]:,}")

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        if name != cls.tag:
            return None
        key, _, members = value.partition("=")
        if key.strip() != "set" or not members.strip():
            raise InvalidRulesError(f"an impatient subtraction game is written impatient,set=1;3;4 (its set S), "
                                    f"not {text!r}")
        return cls(tuple(parse_whole(v, text) for v in members.split(";") if v.strip()))

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if k is not None or octal is not None:
            raise InvalidRulesError("an impatient subtraction game takes subtract= only")
        return cls(subtract)

    def fields(self) -> Fields:
        return (None, self.subtract, None)

    def option_text(self) -> str:
        return ",impatient,set=" + ";".join(map(str, self.subtract))

    def describe(self, misere: bool) -> str:
        return ("An impatient subtraction game: a position is a list of heaps; a move takes s objects from one heap, "
                "s one of " + ", ".join(map(str, self.subtract)) + ", or takes the whole heap; the player who "
                "cannot move " + ("wins." if misere else "loses."))

    def theory_words(self) -> str:
        return ("Ferguson, Part I, exercise 3.5.8: with g the Grundy function of the plain subtraction game on S, "
                "the impatient game's is g+(x) = g(x - 1) + 1 for x >= 1 (by induction: the options of x are 0 and "
                "the x - s, whose values are 1 + the values of the options (x - 1) - s of x - 1, so their mex is "
                "1 + g(x - 1)); g is eventually periodic (exercise 3.5.7) and read off its period; a sum of heaps "
                "is lost exactly when the XOR of these values is 0")

    # -- the theory --------------------------------------------------------------------

    def plain(self, n: int) -> int:
        """g(n), the plain subtraction game's value, through its period."""
        values, start, period = plain_values(self.subtract)
        if n < len(values):
            return values[n]
        if not period:
            raise NimError(f"the subtraction game on {list(self.subtract)} showed no period within "
                           f"{MAX_SCAN:,} heaps: its values are known up to there, not at {n:,}")
        return values[start + (n - start) % period]

    def grundy(self, component: Any) -> Optional[int]:
        n = int(component)
        return self.plain(n - 1) + 1 if n else 0

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if not n:
            return None
        if target == 0:
            return (n, ())                                   # the impatient move: take it all
        for s in self.subtract:
            if s < n and self.grundy(n - s) == target:
                return (s, (n - s,))
        return None

    # -- the moves ---------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        n = int(component)
        if n:
            yield (n, ())                                    # the whole heap, at all times
        for s in reversed(self.subtract):
            if s < n:
                yield (s, (n - s,))

    def option_count(self, component: Any) -> int:
        n = int(component)
        return (1 + sum(1 for s in self.subtract if s < n)) if n else 0

    def reach(self, component: Any) -> int:
        n = int(component)
        return (n + 1) * (len(self.subtract) + 1)
