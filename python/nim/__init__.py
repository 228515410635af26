"""nim: exact, fast solving and playing of Nim and its variants.

>>> import nim
>>> nim.solve([1, 3, 5, 7], rules="misere").value
-1
>>> nim.SolveGame("AlphaBeta", [1, 3, 5])
([1, 3, 2], 110)

The search engines are compiled (package ``nimcore``); this package is the API.
"""

from nim.analysis import MoveAnalysis, analyze
from nim.ceng import SolveGame
from nim.errors import (
    IllegalMoveError,
    InputFileError,
    InvalidPositionError,
    InvalidRulesError,
    NimError,
    SearchLimitError,
    UnknownMethodError,
)
from nim.position import Move, Position
from nim.rules import Rules
from nim.solver import DEFAULT_NODE_LIMIT, DEFAULT_TT_MB, METHODS, Solution, solve
from nim.theory import grundy_table, grundy_value

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TT_MB",
    "IllegalMoveError",
    "InputFileError",
    "InvalidPositionError",
    "InvalidRulesError",
    "METHODS",
    "Move",
    "MoveAnalysis",
    "NimError",
    "Position",
    "Rules",
    "SearchLimitError",
    "Solution",
    "SolveGame",
    "UnknownMethodError",
    "analyze",
    "grundy_table",
    "grundy_value",
    "solve",
]
