"""Sprague-Grundy values of single piles, for every take rule (SPEC section 2)."""

from __future__ import annotations

from typing import List

from nim.errors import InvalidPositionError
from nim.position import as_size
from nim.rules import Rules, RulesLike
from nim.solver import theory
from nimcore.grundy import grundy_table as _core_table

__all__ = ["grundy_table", "grundy_value"]

#: Largest table ``grundy_table`` builds (the DP is quadratic for `any`).
MAX_TABLE = 10_000_000


def grundy_table(upto: int, rules: RulesLike = None) -> List[int]:
    """Grundy values of single piles 0..upto, computed by DP over the move generator.

    The play convention does not matter: Grundy values are normal-play values.

    Raises
    ------
    InvalidPositionError
        When ``upto`` is negative, not a whole number, or over MAX_TABLE.
    """
    n = as_size(upto, "a table's last pile size")
    if n > MAX_TABLE:
        raise InvalidPositionError(f"a Grundy table goes up to {MAX_TABLE:,} at most, not {n:,}")
    return list(_core_table(Rules.coerce(rules).core, n).tolist())


def grundy_value(pile: int, rules: RulesLike = None) -> int:
    """Grundy value of a single pile of any size, by closed form or period."""
    return int(theory(Rules.coerce(rules)).grundy(as_size(pile)))
