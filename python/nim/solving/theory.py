"""Sprague-Grundy values of single piles, for every take rule (SPEC section 2, docs/theory.md).

Both come from the one theory module of the core (``nimcore.theory``): closed
forms for `any`, `max K` and `half`, and for `set S` the Grundy sequence with
its period, so a pile of any size is answered and a table costs linear time.
"""

from __future__ import annotations

from typing import List

from nim.errors import InvalidPositionError, NimError
from nim.position import as_size
from nim.rules import Rules, RulesLike
from nim.solving import engines
from nim.kernel import set_grundy_table

__all__ = ["MAX_TABLE", "grundy_table", "grundy_value"]

#: Largest table ``grundy_table`` builds (a list of that many ints: 80 MB).
MAX_TABLE = 10_000_000


def grundy_table(upto: int, rules: RulesLike = None) -> List[int]:
    """Grundy values of single piles 0..upto (linear time; Ctrl-C stops it).

    The play convention does not matter: Grundy values are normal-play values.

    Raises
    ------
    InvalidPositionError
        When ``upto`` is negative, not a whole number, or over MAX_TABLE.
    KeyboardInterrupt
        On Ctrl-C.
    """
    n = as_size(upto, "a table's last pile size")
    if n > MAX_TABLE:
        raise InvalidPositionError(f"a Grundy table goes up to {MAX_TABLE:,} at most, not {n:,}")
    ruleset = Rules.coerce(rules)
    if ruleset.splits:          # a take-and-break game: its nim-sequence
        from nim.takebreak.sequence import sequence_values

        return sequence_values(ruleset, n + 1).tolist()
    try:
        core = engines.theory(ruleset)
    except NimError:
        # a set S whose period lies past the theory's search: the mex DP (linear for a set)
        return set_grundy_table(ruleset.core, n)
    return list(core.table(n))


def grundy_value(pile: int, rules: RulesLike = None) -> int:
    """Grundy value of a single pile of any size, by closed form or period.

    Raises
    ------
    InvalidPositionError
        When ``pile`` is negative or not a whole number.
    NimError
        For a `set S` rule whose Grundy sequence shows no period within the
        values the theory examines; for a take-and-break game without a
        proven period, a heap past those computed (nim.octal.octal_period).
    """
    ruleset = Rules.coerce(rules)
    if ruleset.splits:          # a take-and-break game: its period, proven (or the heaps computed)
        from nim.takebreak.sequence import cached_period

        return cached_period(ruleset).grundy(pile)
    return int(engines.theory(ruleset).grundy(as_size(pile)))
