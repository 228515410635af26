"""The one number a student is shown beside a position: the XOR of its piles' Grundy
values, named with the rule that gives them -- or nothing where no such number decides.

Under take any a pile's Grundy value is its size, and the XOR is Bouton's nim-sum.
Under every other rule it is not: with take at most 3 a pile of 4 is worth 0 (n mod
4), so the XOR of the raw sizes 1 and 5 (4) says nothing, and the XOR of the Grundy
values 1 and 1 (0) says the position is lost. Every front-end (the terminal's hints and
glossary, the browser's status line and its JSON) shows this module's number and
words, never a XOR of raw sizes of its own.

>>> shown = grundy_sum([1, 5], "normal,max=3")
>>> shown.value, shown.name
(0, 'Grundy sum')
>>> print(shown.words)
the XOR of the piles' Grundy values (n mod 4 under take at most 3)
>>> grundy_sum([1, 5], "normal").name
'nim-sum'
>>> grundy_sum([1, 5], "misere,kayles") is None    # misère Kayles: no XOR decides
True
"""

from __future__ import annotations

from typing import Any, Dict, NamedTuple, Optional, Sequence

from nim.errors import NimError
from nim.families import TakeFamily
from nim.rules import Rules, RulesLike

__all__ = ["GrundySum", "grundy_sum", "x_glossary"]


class GrundySum(NamedTuple):
    """The XOR X of a position's Grundy values, and what it is called and made of."""

    value: int
    name: str        # "nim-sum" (take any) or "Grundy sum"
    words: str       # what is XORed, with the rule that gives the values

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict: value, name, words."""
        return {"value": self.value, "name": self.name, "words": self.words}


def value_words(rules: Rules) -> Optional[str]:
    """What one pile's (heap's) Grundy value is under ``rules``, in words; None where the
    values do not decide the game (a misère rule outside the theory)."""
    family = rules.family
    if isinstance(family, TakeFamily):
        from nim.solving.engines import has_closed_form

        if not has_closed_form(rules):
            return None
        closed = family.grundy_words()
        if closed is not None:
            return closed
        return _table_words(rules)
    if rules.splits and not rules.misere:
        return f"each heap's value in the nim-sequence of {_game_name(rules)}"
    return None


def _table_words(rules: Rules) -> str:
    """A take rule without a closed form (a set S): its values' rule, as explain says it."""
    from nim.solving.engines import theory

    members = ", ".join(map(str, rules.subtract or ()))
    words = f"g(n) = mex of g(n - k) over k in {{{members}}}"
    try:
        core = theory(rules)
    except NimError:                      # no period in reach: the rule alone
        return words
    period, start = getattr(core, "period", None), getattr(core, "period_start", None)
    if period:
        words += f", periodic with period {period}" + (f" from {start} on" if start is not None else "")
    return words


def _game_name(rules: Rules) -> str:
    """"Kayles", "Dawson's Kayles", "Grundy's game": the name its description starts with;
    "the octal game 0.137" for a code without one."""
    head = rules.describe().split(":", 1)[0]
    if head.startswith(("A move", "The octal game")) or len(head) > 40:
        return f"the octal game {rules.octal}" if rules.octal else str(rules).split(",", 1)[1]
    return head


def grundy_sum(piles: Sequence[int], rules: RulesLike = None) -> Optional[GrundySum]:
    """The number to show beside ``piles``: X with its name and words, or None where no
    XOR of Grundy values decides the position (then nothing is shown)."""
    ruleset = Rules.coerce(rules)
    words = value_words(ruleset)
    if words is None:
        return None
    family = ruleset.family
    if family.is_nim:
        x = 0
        for pile in piles:
            x ^= int(pile)
        return GrundySum(x, "nim-sum", "the pile sizes combined by XOR (under take any a pile's Grundy "
                                      "value is its size: Bouton's nim-sum)" + _proviso(ruleset))
    try:
        if isinstance(family, TakeFamily):
            from nim.solving.engines import theory

            values = theory(ruleset).grundies(list(piles))
        else:
            from nim.takebreak.sums import table_of

            table = table_of(ruleset)
            values = [table.grundy(int(p)) for p in piles]
    except NimError:                      # past the reach of the tables: show nothing
        return None
    x = 0
    for g in values:
        x ^= int(g)
    noun = "heaps'" if ruleset.splits else "piles'"
    return GrundySum(x, "Grundy sum", f"the XOR of the {noun} Grundy values ({words})" + _proviso(ruleset))


def _proviso(rules: Rules) -> str:
    """Misère play: X = 0 loses only while some pile is worth 2 or more (with every pile
    worth 0 or 1 it is the other way round), so the number is shown with that condition."""
    if not rules.misere:
        return ""
    unit = "heap" if rules.splits else "pile"
    return (f"; in misère play X = 0 loses while some {unit} is worth 2 or more, "
            f"and wins once every {unit} is worth 0 or 1")


def x_glossary(rules: Rules) -> str:
    """What "X = " in a hint means under ``rules``, in plain words, for the glossary."""
    words = value_words(rules)
    if rules.family.is_nim:
        what = ("X is the nim-sum: the pile sizes combined by XOR -- write them in binary and add each "
                "column without carrying")
    elif words is not None:
        what = (f"X is the XOR of the Grundy values, not of the sizes: {words}; combine them in binary, "
                "each column without carrying")
    else:
        what = "X is the XOR of the Grundy values (here they do not decide the game alone)"
    text = what + ". Leaving X = 0 leaves the opponent a lost position"
    if rules.misere:            # the misère theorem's proviso, said only where it applies
        text += f" (in misère play, while some {'heap' if rules.splits else 'pile'} is worth 2 or more)"
    return text + "."
