"""A toy component family, registered from outside the package: pairs of counters.

The whole family is this file (its test is tests/test_toy_component_family.py): the plug-in
point of issue 38 proven by use for a game whose component is more than one heap. A
component is a pair of counters ``[a, b]``; a move takes one counter from one of them, or one
from each. No closed form is given: the generic engine finds the Grundy values by the mex,
misère play by its exact search, and every layer (batch, table, the grader) works through
the hooks alone.
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar, Iterable, List, Optional, Tuple

from nim.errors import InvalidPositionError
from nim.families import ComponentFamily, Fields, RuleFamily, register_family

Pair = Tuple[int, int]


@register_family
class CounterPairs(ComponentFamily):
    """A pair of counters; a move takes one counter from one of them, or one from each."""

    tag: ClassVar[str] = "counter-pairs"
    syntax: ClassVar[str] = "counter-pairs"
    component_noun: ClassVar[str] = "pair"

    __slots__ = ()

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        return cls() if name == cls.tag and not value else None

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        return cls()

    def fields(self) -> Fields:
        return (None, None, None)

    def option_text(self) -> str:
        return ",counter-pairs"

    def describe(self, misere: bool) -> str:
        return ("A position is a list of pairs of counters; a move takes one counter from one of a pair, or one "
                f"from each; the player who cannot move {'wins' if misere else 'loses'}.")

    def read_component(self, value: Any) -> Pair:
        try:
            a, b = (operator.index(v) for v in value)
        except (TypeError, ValueError):
            raise InvalidPositionError(f"a component of counter-pairs is a pair [a, b], not {value!r:.40}") from None
        if min(a, b) < 0 or max(a, b) > 10**6:
            raise InvalidPositionError(f"a pair's counters are 0 to 10**6, not {value!r:.40}")
        return (min(a, b), max(a, b))

    def component_value(self, component: Any) -> Any:
        return list(component)

    def options(self, component: Any) -> List[Tuple[int, Tuple[Any, ...]]]:
        a, b = component
        found: List[Tuple[int, Pair]] = []
        if a:
            found += [(1, (a - 1, b)), (2, (a - 1, b - 1))]
        if b:
            found.append((1, (min(a, b - 1), max(a, b - 1))))
        found.sort()                          # the smallest count first
        return [(count, (pair,) if pair != (0, 0) else ()) for count, pair in found]

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        return f"take {count} from {component}, leaving {left[0] if left else (0, 0)}"

    def theory_words(self) -> str:
        return "the Sprague-Grundy theorem: the XOR of the pairs' values, each the mex of its options'"

    def option_count(self, component: Any) -> int:
        return len(self.options(component))

    def reach(self, component: Any) -> int:
        a, b = component
        return 3 * (a + 1) * (b + 1)

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        return (f"pairs (a, b), a <= b <= {upto}", ((a, b) for b in range(upto + 1) for a in range(b + 1)))
