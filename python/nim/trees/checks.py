"""What a searchable game tree is made of: tree method names, leaf utilities, and
the error for a tree that cannot be searched."""

from __future__ import annotations

import math
import numbers
import reprlib
from typing import Any

from nim.errors import NimError, UnknownMethodError
from nim.inputs import method_key

__all__ = ["InvalidTreeError", "TREE_METHODS", "MAX_EXACT_INT", "ROOT_NAME", "tree_method", "leaf_value", "short_repr"]


class InvalidTreeError(NimError):
    """A game tree that cannot be searched: a leaf that is not a number, an empty
    inner node, a missing or cyclic node in a dictionary, a bad tree file."""


#: Method names accepted by ``solve_tree`` / ``SolveTree`` (case, "-" and "_" ignored).
TREE_METHODS = ("Minimax", "AlphaBeta")

#: Integer utilities beyond this lose precision as doubles; they are refused.
MAX_EXACT_INT = 2**53

#: How messages and answers name the root of a nested-list tree (``root[1][2]``).
ROOT_NAME = "root"


def tree_method(method_name: str) -> str:
    """``"minimax"`` or ``"alphabeta"`` for a method name; raises UnknownMethodError."""
    key = method_key(method_name)
    if key not in ("minimax", "alphabeta"):
        raise UnknownMethodError(
            f"unknown tree method {method_name!r}: expected 'Minimax' or 'AlphaBeta'"
        )
    return key


def leaf_value(value: Any, where: str) -> float:
    """A leaf's utility as a double, or InvalidTreeError naming the node."""
    kind = type(value)
    if kind is float:
        if math.isnan(value):
            raise InvalidTreeError(f"leaf {where} is NaN: a utility must be a number")
        return float(value)
    if kind is int:
        if -MAX_EXACT_INT <= value <= MAX_EXACT_INT:
            return float(value)
        raise InvalidTreeError(
            f"leaf {where} = {short_repr(value)} is too large to search exactly (|utility| <= 2**53)"
        )
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        shown = repr(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        raise InvalidTreeError(
            f"leaf {where} is {shown}: a utility must be an int or a float"
        )
    if isinstance(value, numbers.Integral):
        return leaf_value(int(value), where)
    return leaf_value(float(value), where)


def short_repr(value: Any) -> str:
    """repr cut short, without deep recursion."""
    shortener = reprlib.Repr()
    shortener.maxlevel = 4
    shortener.maxlist = 8
    shortener.maxtuple = 8
    shortener.maxstring = 60
    shortener.maxother = 60
    return shortener.repr(value)
