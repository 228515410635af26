"""nim: exact, fast solving and playing of Nim and its variants.

>>> import nim
>>> nim.solve([1, 3, 5, 7], rules="misere").value
-1
>>> nim.SolveGame("AlphaBeta", [1, 3, 5])
([1, 3, 2], 110)

The search engines are compiled (package ``nimcore``); this package is the API.
"""

import importlib
from typing import TYPE_CHECKING, Any, Dict, List

from nim._lazy import install_moved_modules
from nim.errors import (
    IllegalMoveError,
    InputFileError,
    InvalidPositionError,
    InvalidRulesError,
    NimError,
    SearchLimitError,
    UnknownMethodError,
)
from nim.game.limits import Limits
from nim.position import Move, Position
from nim.rules import Rules
from nim.solving.defaults import analyze, solve
from nim.game.solution import Solution
from nim.solving.solver import Solver

install_moved_modules()     # the module paths 0.3.0 moved say where they went

if TYPE_CHECKING:
    from nim.solving.explain import explain
    from nim.solving.parallel import solve_many
    from nim.trees.ceng import SolveGame
    from nim.nimfield import nim_inv, nim_mul

#: Where the names imported on first use live: solving needs none of these
#: modules, and importing them all made ``import nim`` twice as slow.
_LAZY: Dict[str, str] = {
    "SolveGame": "nim.trees.ceng",
    "solve_many": "nim.solving.parallel",
    "explain": "nim.solving.explain",
    "nim_mul": "nim.nimfield", "nim_inv": "nim.nimfield",
}

#: The subpackages, each with its own exports: ``nim.play.Strategy`` works without
#: importing ``nim.play`` first.
_SUBPACKAGES = ("solving", "play", "study", "trees", "octal", "takebreak", "game", "interop", "web", "commands")

#: Names the top of nim held before 0.1.0, deprecated by 0.1.0 and removed in 0.2.0 as
#: its warnings promised: each with its home, so that the AttributeError names it.
_REMOVED: Dict[str, str] = {
    "DEFAULT_NODE_LIMIT": "nim.solving", "DEFAULT_TT_MB": "nim.solving", "METHODS": "nim.solving",
    "TheoryWarning": "nim.solving", "ida": "nim.solving", "depth_limited": "nim.solving",
    "MoveAnalysis": "nim.solving", "Explanation": "nim.solving", "pile_table": "nim.solving",
    "grundy_table": "nim.solving", "grundy_value": "nim.solving",
    "MISERE": "nim.rules", "NORMAL": "nim.rules",
    "Game": "nim.trees", "GameSolution": "nim.trees", "NimGame": "nim.trees", "TreeGame": "nim.trees",
    "solve_game": "nim.trees", "GameTree": "nim.trees", "InvalidTreeError": "nim.trees",
    "SolveTree": "nim.trees", "TreeSolution": "nim.trees", "solve_tree": "nim.trees",
    "parse_replay": "nim.study", "read_replay_file": "nim.study", "replay_game": "nim.study",
    "build_game_tree": "nim.study", "tree_html": "nim.study", "tree_svg": "nim.study",
    "grade": "nim.study.grade", "Grade": "nim.study.grade",
    "Population": "nim.play", "select_fittest": "nim.play", "Strategy": "nim.play",
    "make_strategy": "nim.play",
    "game_length": "nim.solving.length",
    "OctalPeriod": "nim.octal", "nim_sequence": "nim.octal", "octal_period": "nim.octal",
}


def __getattr__(name: str) -> Any:
    """Import a lazily loaded name or a subpackage on first use (PEP 562)."""
    if name in _REMOVED:
        home = _REMOVED[name]
        raise AttributeError(f"nim.{name} was removed in 0.2.0: use {home}.{name} (from {home} import {name})")
    if name not in _LAZY:
        if name in _SUBPACKAGES:
            return importlib.import_module(f"nim.{name}")
        raise AttributeError(f"module 'nim' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_LAZY))


__version__ = "0.3.0"   # the one place: pyproject.toml reads it (CHANGELOG.md)

__all__ = [
    # solving
    "solve", "analyze", "explain", "solve_many", "Solver", "Solution", "Limits",
    # the game
    "Rules", "Position", "Move", "SolveGame",
    # the nim field (nim_pow, nim_sqrt: nim.nimfield)
    "nim_mul", "nim_inv",
    # errors
    "NimError", "IllegalMoveError", "InputFileError", "InvalidPositionError", "InvalidRulesError",
    "SearchLimitError", "UnknownMethodError",
]
