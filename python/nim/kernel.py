"""The one door between the Python layer and the compiled core ``nimcore``.

No other module of ``nim`` imports ``nimcore``: the solving layer
(``nim.solving``) takes its engines from here, and the value types below it
(``nim.rules``, ``nim.position``) their compiled checks, so the seam between
Python and C is one file at the bottom of the house (a test holds it so).
The compiled modules return plain values; the Python layer builds the API's
types from them.
"""

import importlib
from types import ModuleType

from nimcore import batch, depthlimited, gametree, ida, length, minimax, tt
from nimcore.piles import exact_piles, parse_piles
from nimcore.rules import MAX_PILE, MAX_SET, CoreRules
from nimcore.rules import TAKE_TAGS as CORE_TAKE_TAGS
from nimcore.search import DEFAULT_MAX_DEPTH, Search
from nimcore.theory import CoreTheory, set_grundy_table
from nimcore.ttable import MAX_MB, TranspositionTable
from nimcore import splits  # the exact search over sums of take-and-break heaps

__all__ = [
    "CORE_TAKE_TAGS", "CoreRules", "CoreTheory", "DEFAULT_MAX_DEPTH", "MAX_MB", "MAX_PILE", "MAX_SET", "Search",
    "TranspositionTable", "batch", "depthlimited", "exact_piles", "gametree", "ida",
    "length", "minimax", "octal", "parse_piles", "set_grundy_table", "tt",
]
__all__ += ["grade", "quotient", "quotient_types", "records", "rows", "splits"]


def octal() -> ModuleType:
    """``nimcore.octal`` (the nim-sequences of take-and-break games), imported on
    first use: reading an octal rule or solving Nim does not load it."""
    return importlib.import_module("nimcore.octal")


def records() -> ModuleType:
    """``nimcore.records`` (the record engine: nim-sequences in a window, issue 39), imported
    on first use."""
    return importlib.import_module("nimcore.records")


def grade() -> ModuleType:
    """``nimcore.grade`` (the grader's oracle and agent loops), imported on first use."""
    return importlib.import_module("nimcore.grade")


def quotient() -> ModuleType:
    """``nimcore.quotient`` (misère quotients: the verification walk, candidate builds,
    look-ups), imported on first use."""
    return importlib.import_module("nimcore.quotient")


def quotient_types() -> ModuleType:
    """``nimcore.quotient_types`` (every heap's option elements under a quotient, for
    re-verifying a cached one), imported on first use."""
    return importlib.import_module("nimcore.quotient_types")


def rows() -> ModuleType:
    """``nimcore.rows`` (move listings built in C), imported on first use: the
    command line's start-up does not load it."""
    return importlib.import_module("nimcore.rows")
