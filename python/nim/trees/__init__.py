"""Minimax and alpha-beta over generic two-player game trees (SPEC 3.1, last paragraph).

A tree is given as

* nested lists: an inner node is a non-empty list (or tuple) of children, a
  leaf is a number, e.g. ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`` (value 3);
* an AIMA-style dictionary: ``successors`` maps an inner node to ``{move: child}``
  (or to a list of children, whose moves are then the child names),
  ``utilities`` maps a leaf to its number, and ``root`` names the root.

Conventions: the root is MAX and levels alternate; a leaf holds its utility
for MAX (an int or a float, never a bool or NaN); children are searched in the
given order and the first best child wins ties. Alpha-beta starts from the
window (-inf, +inf) -- not the Nim engines' (-1, +1): utilities are arbitrary
here -- keeps alpha across the root's children and cuts off on ``v >= beta``
(MAX) / ``v <= alpha`` (MIN).

Node counts follow the CENG 462 contract: every node visited below the root
counts once per visit (the root itself does not); ``best_nodes`` counts the
nodes visited *below* the best root child (the child itself not counted: 0 when
it is a leaf). A dictionary node reached along two paths is searched, and
counted, once per path, exactly as in the tree it unfolds to.

Trees are flattened without Python recursion into arrays (children in CSR form,
utilities as doubles) and searched by the compiled core ``nimcore.gametree``
with an explicit stack, so a chain 100,000 levels deep is fine.
"""

from nim._lazy import lazy_exports
from nim.trees.checks import MAX_EXACT_INT, TREE_METHODS, InvalidTreeError, short_repr, tree_method
from nim.trees.gametree import GameTree, TreeLike
from nim.trees.solving import SolveTree, TreeSolution, solve_tree

#: Names of this package imported from their modules on first use (they need the
#: solving layer, which the tree search does not).
_LAZY = {
    "Game": "nim.trees.games", "GameSolution": "nim.trees.games", "NimGame": "nim.trees.games",
    "TreeGame": "nim.trees.games", "solve_game": "nim.trees.games", "SolveGame": "nim.trees.ceng",
}


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)


__all__ = [
    *_LAZY,
    "InvalidTreeError",
    "GameTree",
    "TreeSolution",
    "TreeLike",
    "solve_tree",
    "SolveTree",
    "tree_method",
    "TREE_METHODS",
    "MAX_EXACT_INT",
    "short_repr",
]
