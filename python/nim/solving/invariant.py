"""The one number a student is shown beside a position (issue 40, item 2).

Under normal Nim it is the nim-sum, the pile sizes combined by XOR. Under any
other rule the sizes' XOR means nothing: the number that decides is the XOR of
the piles' Grundy values, and each value comes from a rule of its own ("n mod 4
under take at most 3"). ``invariant(rules)`` is the only place that says which
number is shown, under what name and with which per-pile rule; every front-end
(terminal hints, KUET, the browser's status line, the API's ``invariant``
field) reads it, so none can show the sizes' XOR where it is not the invariant.
Where no such number decides the game by a simple rule (misère take-and-break
games, a set S without a known period, misère play where condition (C) fails)
``invariant`` is None and nothing is shown.

The per-pile formulas are ``nim.explain``'s own (``explain._grundy_formula``,
``takebreak_explain``): one wording of each rule in the package.

>>> from nim.rules import Rules
>>> shown = invariant(Rules.parse("normal,max=3"))
>>> shown.words
'n mod 4 under take at most 3'
>>> shown.value([1, 5])
0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Optional, Sequence

from nim.errors import NimError
from nim.rules import Rules

__all__ = ["Invariant", "grundy_words", "invariant"]


@dataclass(frozen=True)
class Invariant:
    """The XOR of the piles' Grundy values under one rule set, with its words.

    ``words``: the per-pile Grundy value and the rule that gives it, e.g.
    ``"n mod 4 under take at most 3"`` (``"the pile size"`` in Nim);
    ``name``: what the number is called ("nim-sum" in Nim, else "XOR of the
    Grundy values"); ``grundy``: the per-pile value.
    """

    rules: Rules
    words: str
    name: str
    grundy: Callable[[int], int]

    @property
    def is_nim(self) -> bool:
        """True under take any, where the Grundy value of a pile is its size."""
        return self.rules.take == "any"

    def value(self, piles: Sequence[int]) -> int:
        """The XOR of the piles' Grundy values."""
        total = 0
        for pile in piles:
            total ^= self.grundy(pile)
        return total

    def glossary(self) -> str:
        """What X is, in words, for the hint's first use of it."""
        if self.is_nim:
            what = "X is the nim-sum: the pile sizes combined by XOR"
        else:
            what = (f"X is the XOR of the {self._unit()}s' Grundy values, {self.words} "
                    "(not the XOR of the sizes: that means nothing under these rules)")
        text = (what + " -- write them in binary and add each column without carrying. Leaving X = 0 "
                "leaves the opponent a lost position")
        if self.rules.misere:
            text += " (in misère play, while some pile is worth 2 or more)"
        return text + "."

    def status(self, piles: Sequence[int]) -> str:
        """One line for a status bar: the number, in binary, and what it is."""
        x = self.value(piles)
        if self.is_nim:
            return f"Nim-sum: {x} ({x:b} in binary)."
        return (f"X = {x} ({x:b} in binary), the XOR of the {self._unit()}s' Grundy values, "
                f"{self.words}.")

    def _unit(self) -> str:
        return "heap" if self.rules.splits else "pile"


def _take_phrase(rules: Rules) -> str:
    if rules.take == "max":
        return f"take at most {rules.k}"
    if rules.take == "half":
        return "take at most half"
    if rules.take == "set":
        return "take " + ", ".join(map(str, rules.subtract or ())) + " only"
    return "take any number"


def _game_name(rules: Rules) -> str:
    described = rules.describe()
    head = described.split(":", 1)[0]
    if described.startswith("A move") or described.startswith("The octal") or len(head) > 40:
        return f"the octal game {rules.octal}"
    return head


def grundy_words(rules: Rules) -> Optional[str]:
    """The per-pile Grundy value and the rule that gives it, in words (None where no
    exact per-pile rule is known), e.g. ``"n mod 4 under take at most 3"``."""
    shown = invariant(rules)
    return None if shown is None else shown.words


@lru_cache(maxsize=64)            # read at every poll of a browser's game
def invariant(rules: Rules) -> Optional[Invariant]:
    """The number shown to a student under ``rules``, or None where none decides the game.

    Normal and (where condition (C) makes the theory exact) misère play of the
    take rules; normal play of take-and-break games (each heap's nim-sequence
    value). Never raises for a valid ``Rules``.
    """
    if rules.splits:
        if rules.misere:
            return None            # the genus or the misère quotient decides, not an XOR
        from nim.octal.sums import SumTable

        table = SumTable(rules)
        return Invariant(rules, f"each heap's nim-sequence value in {_game_name(rules)} (the "
                                "mex over its moves, a split worth the XOR of its two heaps)",
                         "XOR of the Grundy values", table.grundy)
    from nim.solving import engines
    from nim.solving.explain import _grundy_formula

    if not engines.has_closed_form(rules):
        return None
    try:
        core = engines.theory(rules)
    except NimError:               # a set S without a period in reach
        return None
    formula = _grundy_formula(rules, core)
    if rules.take == "any":
        return Invariant(rules, "the pile size", "nim-sum", core.grundy)
    if rules.take == "set":         # explain's DP sentence, said of this S
        members = ", ".join(map(str, rules.subtract or ()))
        period = f", periodic with period {core.period}" if getattr(core, "period", None) else ""
        return Invariant(rules, f"g(n) = mex of g(n - k) over k in {{{members}}}{period}",
                         "XOR of the Grundy values", core.grundy)
    formula = formula[len("g(n) = "):] if formula.startswith("g(n) = ") else formula
    return Invariant(rules, f"{formula} under {_take_phrase(rules)}", "XOR of the Grundy values",
                     core.grundy)
