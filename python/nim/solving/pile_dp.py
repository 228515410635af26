"""The single-pile DP, written once: the definition the compiled tables are held to.

Size by size from 0, for a lone pile of n under a take-away rule set:

- its Grundy value (normal play): g(n) = mex { g(n - t) : t a legal take from n };
- its outcome for the player to move: with no legal take, the convention's
  terminal value (-1 in normal play, +1 in misère play); else +1 when some take
  leaves a lost pile, -1 when none does. The winning takes are those takes.

The moves come from ``Rules.takes``, so this module shares no code with the
compiled core, whose accelerators answer the same columns faster:
``nimcore.theory`` (closed forms; for `set S` its mex DP up to the period, then
the period, or the DP alone, ``set_grundy_table``, where no period is in
reach). ``tests/test_pile_dp.py`` holds them equal to this DP. The pile table
(``nim.solving.tables``) answers by it where the misère theory is not exact.
Linear in ``upto`` times the moves of a pile: for `any` and `half` quadratic,
which only tests ask of it.

>>> grundy_values(6, "normal,max=2")
[0, 1, 2, 0, 1, 2, 0]
>>> lone_piles(4, "misere")
([1, -1, 1, 1, 1], [(), (), (1,), (2,), (3,)])
"""

from __future__ import annotations

from typing import List, Tuple

from nim.rules import Rules, RulesLike

__all__ = ["grundy_values", "lone_piles"]


def grundy_values(upto: int, rules: RulesLike = None) -> List[int]:
    """Normal-play Grundy values of lone piles 0..upto, by the mex over each pile's moves."""
    ruleset = Rules.coerce(rules)
    values: List[int] = []
    for n in range(upto + 1):
        reachable = {values[n - take] for take in ruleset.takes(n)}
        mex = 0
        while mex in reachable:
            mex += 1
        values.append(mex)
    return values


def lone_piles(upto: int, rules: RulesLike = None) -> Tuple[List[int], List[Tuple[int, ...]]]:
    """(values, winning takes) of lone piles 0..upto: ``values[n]`` is +1 when the
    player to move wins a lone pile of n with best play, else -1; ``winning
    takes[n]`` every take that leaves a lost pile, smallest first."""
    ruleset = Rules.coerce(rules)
    terminal = 1 if ruleset.misere else -1
    values: List[int] = []
    winning: List[Tuple[int, ...]] = []
    for n in range(upto + 1):
        takes = ruleset.takes(n)                            # largest first
        wins = tuple(take for take in reversed(takes) if values[n - take] < 0)
        values.append((1 if wins else -1) if takes else terminal)
        winning.append(wins)
    return values, winning
