"""nim: exact, fast solving and playing of Nim and its variants.

>>> import nim
>>> nim.solve([1, 3, 5, 7], rules="misere").value
-1
>>> nim.SolveGame("AlphaBeta", [1, 3, 5])
([1, 3, 2], 110)

The search engines are compiled (package ``nimcore``); this package is the API.
"""

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any, Dict, List

from nim import _moved
from nim.errors import (
    IllegalMoveError,
    InputFileError,
    InvalidPositionError,
    InvalidRulesError,
    NimError,
    SearchLimitError,
    UnknownMethodError,
)
from nim.solving.heuristics import depth_limited, ida
from nim.solving.limits import Limits
from nim.position import Move, Position
from nim.rules import MISERE, NORMAL, Rules
from nim.solving.defaults import analyze, solve
from nim.solving.solver import DEFAULT_NODE_LIMIT, DEFAULT_TT_MB, METHODS, Solution, Solver, TheoryWarning

_moved.install()        # nim.engines, nim.solver, ...: the modules now in nim.solving

if TYPE_CHECKING:
    from nim.solving.analysis import MoveAnalysis
    from nim.trees.ceng import SolveGame
    from nim.solving.parallel import solve_many
    from nim.solving.explain import Explanation, explain
    from nim.trees.games import Game, GameSolution, NimGame, TreeGame, solve_game
    from nim.study.replay import parse_replay, read_replay_file, replay_game
    from nim.play.selection import Population, select_fittest
    from nim.play.strategies import make_strategy
    from nim.play.strategy import Strategy
    from nim.study.tree_search import build_game_tree
    from nim.study.tree_drawing import tree_svg
    from nim.study.tree_page import tree_html
    from nim.solving.tables import pile_table
    from nim.solving.theory import grundy_table, grundy_value
    from nim.trees import GameTree, InvalidTreeError, SolveTree, TreeSolution, solve_tree

#: Where the names imported on first use live: solving needs none of these
#: modules, and importing them all made ``import nim`` twice as slow.
_LAZY: Dict[str, str] = {
    "MoveAnalysis": "nim.solving.analysis",
    "SolveGame": "nim.trees.ceng",
    "solve_many": "nim.solving.parallel",
    "Explanation": "nim.solving.explain", "explain": "nim.solving.explain",
    "Game": "nim.trees.games", "GameSolution": "nim.trees.games", "NimGame": "nim.trees.games",
    "TreeGame": "nim.trees.games", "solve_game": "nim.trees.games",
    "parse_replay": "nim.study.replay", "read_replay_file": "nim.study.replay", "replay_game": "nim.study.replay",
    "Population": "nim.play.selection", "select_fittest": "nim.play.selection",
    "Strategy": "nim.play.strategy", "make_strategy": "nim.play.strategies",
    "build_game_tree": "nim.study.tree_search",
    "tree_html": "nim.study.tree_page", "tree_svg": "nim.study.tree_drawing",
    "pile_table": "nim.solving.tables",
    "grade": "nim.study.grade", "Grade": "nim.study.grade",
    "grundy_table": "nim.solving.theory", "grundy_value": "nim.solving.theory",
    "GameTree": "nim.trees", "InvalidTreeError": "nim.trees", "SolveTree": "nim.trees",
    "TreeSolution": "nim.trees", "solve_tree": "nim.trees",
}


def __getattr__(name: str) -> Any:
    """Import a lazily loaded name on first use (PEP 562); ``nim.engines`` and the
    other modules now in ``nim.solving`` stay reachable by their old names."""
    if name not in _LAZY:
        if f"nim.{name}" in _moved.MOVED:
            return importlib.import_module(f"nim.{name}")
        raise AttributeError(f"module 'nim' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


class _Package(types.ModuleType):
    """``nim`` itself: a submodule never takes the place of the public name it
    shares (``nim.explain`` is the function, not the module ``nim.explain``).

    The import system binds every submodule it loads to its package's attribute
    of the same name -- whoever imports it first (``nim.Explanation``, ``from
    nim import *``, ``from nim.explain import ...``) -- so the binding itself is
    where the function is kept.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and _LAZY.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_LAZY))


__version__ = "0.1.0"

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TT_MB",
    "Explanation",
    "Game",
    "GameSolution",
    "Grade",
    "GameTree",
    "IllegalMoveError",
    "Limits",
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
    "Solver",
    "SolveTree",
    "TheoryWarning",
    "Strategy",
    "TreeGame",
    "TreeSolution",
    "UnknownMethodError",
    "analyze",
    "build_game_tree",
    "depth_limited",
    "explain",
    "grade",
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
    "solve_many",
    "solve_tree",
    "tree_html",
    "tree_svg",
]
