"""nim: exact, fast solving and playing of Nim and its variants.

>>> import nim
>>> nim.solve([1, 3, 5, 7], rules="misere").value
-1
>>> nim.SolveGame("AlphaBeta", [1, 3, 5])
([1, 3, 2], 110)

The search engines are compiled (package ``nimcore``); this package is the API.
"""

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
from nim.solver import DEFAULT_NODE_LIMIT, METHODS, Solution, solve
from nim.theory import grundy_table, grundy_value
from nim.trees import GameTree, InvalidTreeError, SolveTree, TreeSolution, solve_tree
from nim.games import Game, GameSolution, NimGame, TreeGame, solve_game

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "Game",
    "GameSolution",
    "GameTree",
    "InvalidTreeError",
    "NimGame",
    "SolveTree",
    "TreeGame",
    "TreeSolution",
    "solve_game",
    "solve_tree",
    "IllegalMoveError",
    "InputFileError",
    "InvalidPositionError",
    "InvalidRulesError",
    "METHODS",
    "Move",
    "NimError",
    "Position",
    "Rules",
    "SearchLimitError",
    "Solution",
    "SolveGame",
    "UnknownMethodError",
    "grundy_table",
    "grundy_value",
    "solve",
]
