"""Lab 2's tie-break without a search per move: the first best move by theory.

Among equally good moves Lab 2 plays the first in pile order, then the
smallest count. When the position is lost every move is equally bad, so that
is the first legal move. When it is won the best moves are the winning ones,
and a move changes one pile only: with the Grundy values g of the piles (their
XOR X, and B the number of piles with g >= 2), a winning move from pile i must
give it a Grundy value t that the theory names (normal play: t = X ^ g_i;
misère, docs/theory.md: the same while another big pile remains, else t = X ^ g_i ^ 1
with t <= 1), and the smallest count reaching value t is the largest option m
of pile i with g(m) = t -- one closed form per take rule. So a choice costs
O(number of piles), whatever their sizes (a replay of piles of 2**32 used to
solve every child position from Python).

``first_best_move`` answers where the theory is exact (``nim.solving.engines.has_closed_form``:
normal play, and misère play under condition (C)) and returns None elsewhere,
where the caller tries the few moves one by one. The Grundy values, the summary
and the target value come from the core's one theory module; only the search
for the smallest take reaching a target under `set S` (where several takes
can reach it) is here.
"""

from __future__ import annotations

from typing import Optional, Sequence

from nim.position import Move
from nim.rules import Rules
from nim.solving.engines import has_closed_form, theory
from nim.solving.closed_forms import Theory

__all__ = ["first_best_move", "theory_decides"]


def theory_decides(rules: Rules) -> bool:
    """True where ``first_best_move`` answers (the theory is exact for ``rules``; a
    take-and-break game's moves are not one pile's smaller size, so not there)."""
    return not rules.splits and has_closed_form(rules)


def first_best_move(piles: Sequence[int], rules: Rules) -> Optional[Move]:
    """The first best move in (pile, smallest count) order, or None.

    Returns
    -------
    Move or None
        None when no move is left, or when ``theory_decides(rules)`` is False.
    """
    if not theory_decides(rules):
        return None
    first = _first_legal(piles, rules)
    if first is None:
        return None
    closed = theory(rules)
    if closed.value(piles) < 0:
        return first                        # every move loses: the first legal one
    xor, big, ones = closed.summary(piles)
    for index, pile in enumerate(piles):
        value = closed.grundy(pile)
        target = closed.target(value, xor, big, ones)   # the value that leaves a loss
        option = _largest_option(pile, target, rules, closed)
        if option is not None:
            return Move(index, pile - option)
    raise AssertionError(f"theory found no winning move in {list(piles)} under {rules}")


def _first_legal(piles: Sequence[int], rules: Rules) -> Optional[Move]:
    for index, pile in enumerate(piles):
        takes = rules.takes(pile)      # largest first: a range or a short tuple
        if takes:
            return Move(index, takes[-1])
    return None


def _largest_option(pile: int, target: int, rules: Rules, closed: Theory) -> Optional[int]:
    """The largest pile size m that ``pile`` can move to with Grundy value ``target``.

    Under a closed form (`any`, `max K`, `half`) a pile has at most one option of
    each Grundy value, the one the theory module finds; otherwise (`set S`) several
    may share a value, and the smallest take reaching it gives the largest option.
    """
    family = rules.take_family
    if family.closed_form:
        option: Optional[int] = closed.option(pile, target)
        return option
    for count in reversed(family.takes(pile)):          # smallest take first
        if int(closed.grundy(pile - count)) == target:
            return pile - count
    return None
