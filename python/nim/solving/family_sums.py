"""Sums across families (Ferguson, Part I, chapter 4): one position made of games of
different families, a move made in one of them, e.g. a Wythoff pair plus a Kayles heap plus
a Nim pile.

The rule string is ``sum`` (``misere,sum``); the position is a list of parts, each a pair
``[rule, position]``: the part's rule string without a convention (the sum's convention
governs) and a position of that game as it is given alone (``[[3, 5]]`` for Wythoff's game,
``[7]`` or ``7`` for a Kayles heap, ``[1, 2, 3]`` for Moore's Nim_k)::

    nim.solve([["wythoff", [[3, 5]]], ["kayles", 7], ["any", [4]]], "sum")

Normal play is the Sprague-Grundy theorem: each part's Grundy value (its family's closed
form or nim-sequence, else the mex, as far as the limits reach), XORed. Misère play is an
exact search over the sum's positions on small sums, refused in words past the limits.

(A family in the solving layer, not in ``nim.families``: its parts are read by ``nim.rules``
and valued by ``nim.octal``'s nim-sequences, which sit above the families; registered when
``nim.solving.solver`` is imported, i.e. by ``import nim``.)

>>> game = SumOfGames()
>>> parts = game.read_components([["wythoff", [[1, 2]]], ["kayles", 3], ["any", [2]]])
>>> [rules for rules, _ in parts], [game.grundy(part) for part in parts]
(['normal,wythoff', 'normal,octal=0.77', 'normal'], [0, 3, 2])
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Iterator, List, Optional, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError, NimError
from nim.families.play import PlayHooks
from nim.families.base import (
    ComponentFamily, Fields, RuleFamily, TakeAndBreakFamily, TakeFamily, WholePositionFamily, register_family,
)

from nim.solving.sum_play import SumPlay

__all__ = ["SumOfGames"]

#: The most parts (components, heaps) a sum may have.
MAX_PARTS = 100_000
#: The most binary digits a heap may have.
MAX_BITS = 14_300

#: One part of a sum: the part's rule string (normal play) and one component of that game (a heap
#: for a heap game, the family's canonical component otherwise).
Part = Tuple[Any, Any]
Move = Tuple[int, Tuple[Any, ...]]


@register_family
class SumOfGames(ComponentFamily):
    """A sum of games of any families: each part a game of its own rules."""

    tag: ClassVar[str] = "sum"
    syntax: ClassVar[str] = "sum"
    component_noun: ClassVar[str] = "part"
    example: ClassVar[str] = '[["wythoff", [[3, 5]]], ["kayles", 7], ["any", [4]]]'
    play: ClassVar[PlayHooks] = SumPlay()

    __slots__ = ()

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        if name != "sum":
            return None
        if value:
            raise InvalidRulesError(f"a sum takes no parameters ('sum'): each part names its own rules in the "
                                    f"position, e.g. {cls.example}; not {text!r}")
        return cls()

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if k is not None or subtract is not None or octal is not None:
            raise InvalidRulesError("a sum takes no k=, subtract= or octal=: its parts name their rules")
        return cls()

    def fields(self) -> Fields:
        return (None, None, None)

    def option_text(self) -> str:
        return ",sum"

    def describe(self, misere: bool) -> str:
        return ("a sum of games: a position is a list of parts, each a game of its own rules; a move is a move "
                "in one part; the player who cannot move in any part " + ("wins." if misere else "loses."))

    # -- reading -----------------------------------------------------------------------

    def read_components(self, position: Any) -> Tuple[Part, ...]:
        """Every component of every part of a position given as ``[[rule, position], ...]``."""
        if isinstance(position, (str, bytes, dict)) or not hasattr(position, "__iter__"):
            raise InvalidPositionError(f"a position of a sum is a list of [rule, position] parts, such as "
                                       f"{self.example}, not {_short(position)}")
        found: List[Part] = []
        for item in position:
            found.extend(self._read_part(item))
            if len(found) > MAX_PARTS:
                raise InvalidPositionError(f"a sum has at most {MAX_PARTS:,} components in all")
        return tuple(found)

    def _read_part(self, item: Any) -> List[Part]:
        from nim.rules import Rules
        from nim.solving.components import read_position

        if isinstance(item, (str, bytes, dict)) or not hasattr(item, "__len__") or len(item) != 2 \
                or not isinstance(item[0], str):
            raise InvalidPositionError(f"a part of a sum is [rule, position], such as [\"kayles\", 7], "
                                       f"not {_short(item)}")
        text, value = item
        head = text.strip().lower().split(",")[0]
        if head in ("misere", "misère"):
            raise InvalidPositionError(f"a part's rules take no convention (the sum's governs): "
                                       f"{text.split(',', 1)[-1]!r}, not {text!r}")
        rules = Rules.parse(text if head == "normal" else "normal," + text)
        family = rules.family
        if isinstance(family, SumOfGames):
            raise InvalidPositionError("a part of a sum is one game, not another sum: list its parts instead")
        if isinstance(family, ComponentFamily):
            if not isinstance(family, WholePositionFamily) and isinstance(value, int):
                value = [value]                          # one heap given alone: ["lasker", 7]
            return [(str(rules), component) for component in read_position(family, value)
                    if isinstance(family, WholePositionFamily) or family.option_count(component) > 0]
        heaps = [value] if not hasattr(value, "__iter__") or isinstance(value, (str, bytes)) else list(value)
        parts: List[Part] = []
        for heap in heaps:
            if isinstance(heap, bool):
                raise InvalidPositionError(f"a heap is a whole number, not {heap!r}")
            try:
                number = operator.index(heap)
            except TypeError:
                raise InvalidPositionError(f"a heap of {text!r} is a whole number, not {_short(heap)}") from None
            if number < 0:
                raise InvalidPositionError(f"a heap cannot be negative: {number}")
            if number.bit_length() > MAX_BITS:
                raise InvalidPositionError("a heap has at most about 4,300 decimal digits")
            if number:
                parts.append((str(rules), number))
        return parts

    def read_component(self, value: Any) -> Part:
        parts = self._read_part(value)
        if len(parts) != 1:
            raise InvalidPositionError(f"{_short(value)} is not one component of a sum")
        return parts[0]

    def component_value(self, component: Any) -> Any:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        name = str(rules).split(",", 1)[1] if "," in str(rules) else "any"     # read back as normal,NAME
        if isinstance(family, WholePositionFamily):
            return [name, family.component_value(part)]
        if isinstance(family, ComponentFamily):
            return [name, [family.component_value(part)]]
        return [name, int(part)]

    # -- moves -------------------------------------------------------------------------

    def options(self, component: Any) -> Iterator[Move]:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        if isinstance(family, ComponentFamily):
            for count, left in family.options(part):
                yield (count, tuple((component[0], p) for p in left if isinstance(family, WholePositionFamily)
                                    or family.option_count(p) > 0))
        elif isinstance(family, TakeAndBreakFamily):
            for count, split in rules.heap_moves(part):
                if split is None:
                    left = part - count
                    yield (count, ((component[0], left),) if left else ())
                else:
                    yield (count, tuple((component[0], h) for h in split if h))
        else:
            for take in reversed(rules.takes(part)):          # the smallest take first
                yield (take, ((component[0], part - take),) if part > take else ())

    def option_count(self, component: Any) -> int:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        if isinstance(family, ComponentFamily):
            return family.option_count(part)
        if isinstance(family, TakeAndBreakFamily):
            return _size(rules.heap_moves(part))
        return _size(rules.takes(part))

    def reach(self, component: Any) -> int:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        if isinstance(family, ComponentFamily):
            return family.reach(part)
        return (int(part) + 1) * (self.option_count(component) + 1)

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        name = self.component_value(component)[0]
        if isinstance(family, ComponentFamily):
            return f"in the {name} part: " + family.move_words(part, count, tuple(p for _, p in left))
        heaps = [p for _, p in left]
        if len(heaps) == 2:
            return (f"in the {name} part: take {count} from the heap of {part}, leaving heaps of {heaps[0]} "
                    f"and {heaps[1]}")
        return f"in the {name} part: take {count} from the heap of {part}, leaving {heaps[0] if heaps else 0}"

    def theory_words(self) -> str:
        return ("the Sprague-Grundy theorem (Ferguson, Part I, chapter 4): a sum of games is lost for the player "
                "to move exactly when the XOR of its parts' Grundy values is 0, each part's value from its own "
                "game (its closed form or nim-sequence, else the mex); a winning move turns one part of value g "
                "into one of value g XOR X")

    # -- values ------------------------------------------------------------------------

    def grundy(self, component: Any) -> Optional[int]:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        if isinstance(family, ComponentFamily):
            return family.grundy(part)
        if isinstance(family, TakeFamily) and family.closed_form:
            return family.grundy(part)
        from nim.takebreak.sums import table_of

        try:
            return table_of(rules).grundy(part)
        except NimError:
            raise
        except Exception as error:        # a table the core cannot build for these rules: said in words
            raise InvalidPositionError(f"the Grundy value of a heap of {part} under {rules} is not available "
                                       f"here: {error}") from None

    def option_to(self, component: Any, target: int) -> Optional[Move]:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        if isinstance(family, ComponentFamily):
            found = family.option_to(part, target)
            if found is None:
                return None
            count, left = found
            return (count, tuple((component[0], p) for p in left))
        if isinstance(family, TakeFamily) and family.closed_form:
            size = family.option(part, family.grundy(part), target)
            if size is None:
                return None
            return (part - size, ((component[0], size),) if size else ())
        return None

    def is_lost(self, component: Any) -> Optional[bool]:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        if isinstance(family, ComponentFamily):
            return family.is_lost(part)
        return None

    def winning_option(self, component: Any) -> Optional[Move]:
        rules, part = _rules(component[0]), component[1]
        family = rules.family
        if isinstance(family, ComponentFamily):
            found = family.winning_option(part)
            if found is not None:
                return (found[0], tuple((component[0], p) for p in found[1]))
        return None


def _size(moves: Any) -> int:
    """How many moves a lazy sequence holds; ``len`` refuses one past 2**63 (a heap of 10**30)."""
    try:
        return len(moves)
    except OverflowError:
        if isinstance(moves, range):
            return max(0, (moves.stop - moves.start + moves.step - (1 if moves.step > 0 else -1)) // moves.step)
        return 1 << 64                    # more than any listing or search takes: an estimate


def _rules(text: str) -> Any:
    """The part's rules from their string (parsed once: ``Rules.coerce`` keeps them)."""
    from nim.rules import Rules

    return Rules.coerce(text)


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
