"""The theory of heap games over Python integers: the definition, for piles of any size.

Every take-away rule set's single-pile Grundy values have a closed form
(docs/theory.md):

=========  ==================================================================
any        g(n) = n
max K      g(n) = n mod (K + 1)
half       g(n) = n >> (t + 1), t the number of trailing 1-bits of n
set S      g(n) = G(n // d), d = gcd(S), G the Grundy sequence of S / d, read
           from its table (the pre-period and one period) through the period
=========  ==================================================================

Each family's closed form is its own (``TakeFamily.grundy`` and ``option`` in
``nim.families``); this class reads it, or, for a family without one
(``closed_form`` False: a subtraction set), the compiled table of its core view.

Normal play: the mover wins iff the XOR X of the Grundy values is not 0.
Misère play, under condition (C), with B the number of piles of Grundy value
>= 2: the mover loses iff (B = 0 and X = 1) or (B >= 1 and X = 0). A winning
move lowers one pile to the Grundy value that leaves a loss; a lost position
waits with the smallest take from the first pile that can move.

``ClosedForms`` is that, written once over Python integers. The compiled theory
(``nimcore.theory.CoreTheory``) is its accelerator for piles that fit 64 bits;
``Theory`` answers by the compiled one and by these forms past it, so a pile of
2**200 is answered like a pile of 5. ``tests/test_closed_forms.py`` holds the
two equal on many rule sets and positions.

>>> forms = ClosedForms(Rules.parse("misere,max=3"))
>>> forms.grundy(10**30 + 2)           # (10**30 + 2) mod 4
2
>>> forms.solve([1, 2, 4])             # won: take 2 from pile 1 (value, pile, take)
(1, 1, 2)
>>> forms.solve([2**70, 5])            # lost (Grundy values 0 and 1): wait with the smallest take
(-1, 0, 1)
"""

from __future__ import annotations

from functools import reduce
from math import gcd
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.rules import Rules

if TYPE_CHECKING:
    from nim.kernel import CoreTheory

__all__ = ["ClosedForms", "Theory"]


class ClosedForms:
    """The theory of one rule set over Python integers (piles of any size).

    Parameters
    ----------
    rules : Rules
        A take-away rule set (not a take-and-break game).
    table, period_start, period : for `set S` only
        G(0 .. period_start + period - 1), the Grundy values of S / gcd(S) up to
        the end of its first period, and where and how the period runs (the
        compiled theory finds them: ``CoreTheory.reduced_table``).
    """

    def __init__(self, rules: Rules, table: Sequence[int] = (), period_start: int = 0, period: int = 0) -> None:
        self.misere = rules.misere
        self.family = rules.take_family                  # refuses a take-and-break game
        self.min_take = rules.min_take                   # a smaller pile cannot move
        # a lost position waits with the smallest take from the first pile that can move
        self.smallest_take = min(self.family.takes(self.min_take))
        _, _, members = self.family.core_view()          # the table's game: S, or none
        members = tuple(sorted(members, reverse=True))
        self.scale = reduce(gcd, members) if members else 1
        self.members = tuple(m // self.scale for m in members)          # S / d, largest first
        self.table = table
        self.period_start = period_start
        self.period = period

    def _reduced(self, m: int) -> int:
        """G(m): the Grundy value of a pile of m in the game S / gcd(S)."""
        if m >= len(self.table):
            m = self.period_start + (m - self.period_start) % self.period
        return int(self.table[m])

    def grundy(self, n: int) -> int:
        """Grundy value of a single pile of n."""
        if self.family.closed_form:
            return self.family.grundy(n)
        return self._reduced(n // self.scale)

    def option(self, n: int, target: int) -> Optional[int]:
        """The size a pile of n can be lowered to whose Grundy value is ``target``
        (the one of the largest take), or None. By the mex, one exists for every
        target below the pile's Grundy value."""
        return self._option(n, self.grundy(n), target)

    def _option(self, n: int, g: int, target: int) -> Optional[int]:
        """``option`` for a pile of n whose Grundy value g is known."""
        if self.family.closed_form:
            return self.family.option(n, g, target)
        reduced = n // self.scale
        for member in self.members:
            if member <= reduced and self._reduced(reduced - member) == target:
                return n - member * self.scale
        return None

    def target(self, g: int, x: int, big: int, ones: int) -> int:
        """The Grundy value a pile of value g moves to, in a won position of summary
        (x, big, ones), to leave the opponent lost (normal play: g ^ x; misère: the
        same, unless only values <= 1 would remain: then leave an odd number of 1s)."""
        t = g ^ x
        if self.misere and big - (g >= 2) == 0 and t < 2:
            t = 1 if (ones - (g == 1)) % 2 == 0 else 0
        return t

    def summary(self, piles: Sequence[int]) -> Tuple[int, int, int]:
        """(x, big, ones): XOR of the Grundy values, how many are >= 2, how many are 1."""
        return self._summary_of(self.grundies(piles))

    @staticmethod
    def _summary_of(grundies: Sequence[int]) -> Tuple[int, int, int]:
        x = big = ones = 0
        for g in grundies:
            x ^= g
            if g >= 2:
                big += 1
            elif g == 1:
                ones += 1
        return x, big, ones

    def grundies(self, piles: Sequence[int]) -> List[int]:
        """The Grundy value of each pile."""
        return [self.grundy(pile) for pile in piles]

    def outcome(self, x: int, big: int) -> int:
        """+1 when the mover wins a position of Grundy summary (x, big), else -1."""
        if self.misere and big == 0:
            return -1 if x == 1 else 1
        return -1 if x == 0 else 1

    def value(self, piles: Sequence[int]) -> int:
        """+1 when the player to move wins, -1 when they lose (misère: exact under (C))."""
        x, big, _ = self.summary(piles)
        return self.outcome(x, big)

    def solve(self, piles: Sequence[int]) -> Tuple[int, int, int]:
        """(value, pile, take): the value and a best move (pile -1, take 0: no move).

        Won: the first pile that can move to its target Grundy value by lowering
        its value, else (misère, every value 0 or 1) the first that can reach its
        target at all. Lost: the smallest take from the first pile that can move.
        """
        piles = [int(p) for p in piles]
        grundies = self.grundies(piles)
        x, big, ones = self._summary_of(grundies)
        value = self.outcome(x, big)
        if value > 0:
            for i, (pile, g) in enumerate(zip(piles, grundies)):
                target = self.target(g, x, big, ones)
                child = self._option(pile, g, target) if target < g else None
                if child is not None:                   # always, by the mex
                    return value, i, pile - child
            for i, (pile, g) in enumerate(zip(piles, grundies)):
                if pile >= self.min_take:
                    target = self.target(g, x, big, ones)
                    child = self._option(pile, g, target) if target != g else None
                    if child is not None:               # exists under (C)
                        return value, i, pile - child
        for i, pile in enumerate(piles):
            if pile >= self.min_take:
                return value, i, self.smallest_take
        return value, -1, 0


class Theory:
    """A rule set's theory: the compiled one (``core``, a CoreTheory) for piles that
    fit 64 bits, ``ClosedForms`` past them -- the same answers, any size.

    It has the CoreTheory's methods and properties; ``core`` is what compiled
    calls (``nimcore.batch``) take.
    """

    __slots__ = ("core", "rules", "_forms")

    def __init__(self, rules: Rules, core: "CoreTheory") -> None:
        self.core = core
        self.rules = rules
        self._forms: Optional[ClosedForms] = None

    @property
    def forms(self) -> ClosedForms:
        """The closed forms over Python integers (built on first use: a `set S`
        copies the compiled table of its period)."""
        if self._forms is None and self.rules.take_family.closed_form:
            self._forms = ClosedForms(self.rules)       # its own closed form: no table to copy
        if self._forms is None:
            core = self.core
            while core.covered is not None:     # a set S whose period has not shown yet:
                try:                            # double its table (Ctrl-C honoured) until it does
                    core.grundy(core.covered)
                except OverflowError:
                    raise NimError(f"the Grundy sequence of {self.rules} shows no period in its first "
                                   f"{core.covered // core.scale:,} values, and a pile past them was "
                                   "asked; use method 'tt'") from None
            self._forms = ClosedForms(self.rules, core.reduced_table(), core.period_start, core.period)
        return self._forms

    # the compiled theory's facts
    @property
    def misere(self) -> bool:
        return self.core.misere

    @property
    def tame(self) -> bool:
        return self.core.tame

    @property
    def exact(self) -> bool:
        return self.core.exact

    @property
    def scale(self) -> int:
        return self.core.scale

    @property
    def period_start(self) -> int:
        return self.core.period_start

    @property
    def period(self) -> int:
        return self.core.period

    # every answer: compiled, or past 64 bits (OverflowError) the closed forms
    def grundy(self, n: int) -> int:
        try:
            return self.core.grundy(n)
        except OverflowError:
            return self.forms.grundy(n)

    def option(self, n: int, target: int) -> Optional[int]:
        try:
            return self.core.option(n, target)
        except OverflowError:
            return self.forms.option(n, target)

    def target(self, g: int, x: int, big: int, ones: int) -> int:
        try:
            return self.core.target(g, x, big, ones)
        except OverflowError:
            return self.forms.target(g, x, big, ones)

    def summary(self, piles: Sequence[int]) -> Tuple[int, int, int]:
        try:
            return self.core.summary(piles)
        except OverflowError:
            return self.forms.summary(piles)

    def grundies(self, piles: Sequence[int]) -> List[int]:
        try:
            return self.core.grundies(piles)
        except OverflowError:
            return self.forms.grundies(piles)

    def outcome(self, x: int, big: int) -> int:
        try:
            return self.core.outcome(x, big)
        except OverflowError:
            return self.forms.outcome(x, big)

    def value(self, piles: Sequence[int]) -> int:
        x, big, _ = self.summary(piles)
        return self.outcome(x, big)

    def solve(self, piles: Sequence[int]) -> Tuple[int, int, int]:
        try:
            return self.core.solve(piles)
        except OverflowError:
            return self.forms.solve(piles)

    def table(self, upto: int) -> List[int]:
        """Grundy values of single piles 0 .. upto (compiled; Ctrl-C is checked)."""
        return self.core.table(upto)

    def single_piles(self, upto: int) -> Tuple[List[int], List[int], List[Tuple[int, ...]]]:
        """Lone piles 0 .. upto: (values, grundies, winning takes) (compiled)."""
        return self.core.single_piles(upto)
