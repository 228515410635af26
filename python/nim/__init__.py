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
from nim.games import Game, GameSolution, NimGame, TreeGame, solve_game
from nim.heuristics import depth_limited, ida
from nim.position import Move, Position
from nim.replay import parse_replay, read_replay_file, replay_game
from nim.rules import MISERE, NORMAL, Rules
from nim.selection import Population, select_fittest
from nim.solver import DEFAULT_NODE_LIMIT, DEFAULT_TT_MB, METHODS, Solution, solve
from nim.strategies import Strategy, make_strategy
from nim.svgtree import build_game_tree, tree_html, tree_svg
from nim.tables import pile_table
from nim.theory import grundy_table, grundy_value
from nim.trees import GameTree, InvalidTreeError, SolveTree, TreeSolution, solve_tree

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TT_MB",
    "Game",
    "GameSolution",
    "GameTree",
    "IllegalMoveError",
    "InputFileError",
    "InvalidPositionError",
    "InvalidRulesError",
    "InvalidTreeError",
    "METHODS",
    "MISERE",
    "Move",
    "NORMAL",
    "MoveAnalysis",
    "NimError",
    "NimGame",
    "Population",
    "Position",
    "Rules",
    "SearchLimitError",
    "Solution",
    "SolveGame",
    "SolveTree",
    "Strategy",
    "TreeGame",
    "TreeSolution",
    "UnknownMethodError",
    "analyze",
    "build_game_tree",
    "depth_limited",
    "grundy_table",
    "grundy_value",
    "ida",
    "make_strategy",
    "parse_replay",
    "pile_table",
    "read_replay_file",
    "replay_game",
    "select_fittest",
    "solve",
    "solve_game",
    "solve_tree",
    "tree_html",
    "tree_svg",
]
