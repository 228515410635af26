"""Studying games: replays of played games, and game trees searched and drawn.

``replay``       annotated replays of Lab 2 test files (``nimcore replay``)
``tree_search``  a small position's game tree, searched and kept node by node
``tree_drawing`` that tree (``DrawnTree``) and its SVG drawing (``nimcore tree``)
``tree_page``    the drawing in an HTML page, or the tree as text

The single-pile tables and every-move analysis are part of the API
(``nim.solving.tables``, ``nim.solving.analysis``). The public names are exported here,
imported on first use: ``import nim`` stays light. (``grade`` is ``nim.study.grade.grade``:
the module bears its name.)
"""

from typing import Dict

from nim._lazy import lazy_exports


#: This package's public names, each imported from its module on first use
#: (``import nim.study`` loads nothing else).
_EXPORTS: Dict[str, str] = {
    "parse_replay": "nim.study.replay",
    "read_replay_file": "nim.study.replay",
    "replay_game": "nim.study.replay",
    "build_game_tree": "nim.study.tree_search",
    "tree_html": "nim.study.tree_page",
    "tree_svg": "nim.study.tree_drawing",
    "Grade": "nim.study.grade",
}

__all__ = sorted(_EXPORTS)


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
