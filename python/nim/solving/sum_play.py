"""How people play a sum across families (``nim.solving.family_sums``) in the terminal and the
browser: ``part 2: take 3`` plays in part 2 with that part's own words. It sits beside the sum
family, above the rules, because each part names its game by a rule string.
"""

from __future__ import annotations

import re
from typing import Any, List, Sequence, Tuple

from nim.errors import IllegalMoveError
from nim.families.base import ComponentFamily, WholePositionFamily
from nim.families.play import Option, PlayHooks, RuleHeapPlay, _tokens, play_hooks
from nim.rules import Rules

__all__ = ["SumPlay"]


class SumPlay(PlayHooks):
    """A sum across families: ``part 2: take 3`` plays in part 2 with that part's own words (a
    heap of a heap rule: ``take N`` or ``take N leaving A B``; a Wythoff pair: ``take 2 from
    both``; ...). Each part is drawn as its family draws it."""

    noun = "part"
    grammar = "part P: a move in that part's own words (e.g. 'part 1: take 2 from both', 'part 2: take 3')"
    start_value = [["wythoff", [[3, 5]]], ["kayles", 7], ["any", [4]]]
    needs = 1
    _heaps = RuleHeapPlay("", cuts=True)

    def value(self, family: "ComponentFamily", component: Any) -> Any:
        """The part as ``[rules, value]``, its value as its own family's play hooks keep it (a
        graph's token with its graph: the state of a game in the browser is JSON)."""
        shown = family.component_value(component)
        inner, part = self._part(component)
        hooks = getattr(inner, "play", None)
        if inner is not None and isinstance(hooks, PlayHooks):
            kept = hooks.value(inner, part)
            shown = [shown[0], kept if isinstance(inner, WholePositionFamily) else [kept]]
        return shown

    @staticmethod
    def _part(component: Any) -> Tuple[Any, Any]:
        """The part's family (None for a heap rule) and its component."""
        family = Rules.parse(component[0]).family
        return (family if isinstance(family, ComponentFamily) else None), component[1]

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        numbers, words = _tokens(text)
        named = re.match(r"\s*part\s+(\d+)\s*:?", text.lower())
        if named:
            index = int(named.group(1)) - 1
            text = text[named.end():]
            if not 0 <= index < len(components):
                raise IllegalMoveError(f"there is no part {index + 1}: the parts are numbered 1 to {len(components)}")
        elif len(components) == 1:
            index = 0
        else:
            raise IllegalMoveError(f"say which part first (1 to {len(components)}): {self.grammar}")
        component = components[index]
        inner, part = self._part(component)
        if inner is None:                               # a heap of a heap rule
            numbers, words = _tokens(text)
            count, heaps, reason = self._heaps.build(family, part, numbers, words)
            if reason is not None:
                raise IllegalMoveError(f"{reason} (part {index + 1} is a heap: take N, or take N leaving A B)")
            left = tuple((component[0], h) for h in heaps)
        else:
            hooks = play_hooks(inner)
            _, count, inner_left = hooks.parse(inner, [part], text)

            left = tuple((component[0], p) for p in inner_left
                         if isinstance(inner, WholePositionFamily) or inner.option_count(p) > 0)
        for option in family.options(component):        # the sum's own option (heaps in its order)
            if option[0] == count and sorted(map(repr, option[1])) == sorted(map(repr, left)):
                return (index, option[0], option[1])
        raise IllegalMoveError(f"that is not a move of part {index + 1} ({self.grammar})")

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        inner, part = self._part(component)
        if inner is None:
            return self._heaps.spellings(family, part, count, tuple(sorted(p for _, p in left)))
        hooks = play_hooks(inner)
        for inner_count, inner_left in inner.options(part):
            kept = tuple((component[0], p) for p in inner_left
                         if isinstance(inner, WholePositionFamily) or inner.option_count(p) > 0)
            if inner_count == count and kept == tuple(left):
                return [hooks.typed(inner, [part], (0, inner_count, inner_left))]
        return []

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        inner, part = self._part(component)
        name = family.component_value(component)[0]
        if inner is None:
            return f"({name}) {part:>3}  {'o' * min(int(part), 60)}"
        if not isinstance(getattr(inner, "play", None), PlayHooks):    # a part with no board: its value
            value = inner.component_value(part)
            return f"({name}) " + (str(int(value)) if isinstance(value, int) else f"{value!r:.200}")
        return f"({name}) " + play_hooks(inner).board(inner, [part])
