"""The compiled pieces that the rest of ``nim`` uses, named once.

The solving layer (``nim.solving``) is the only part of ``nim`` that imports
the compiled core ``nimcore``; the modules outside it that need a compiled
piece -- the rule parser's limits, the pile readers, the theory for tie-breaks,
the table's size bound -- take it from here, so the seam between Python and C
is one file. (The game-tree search, which only ``nim.trees`` needs, is
``nim.solving.tree_kernel``: importing it here would slow ``import nim``.)
"""

from nimcore.piles import exact_piles, parse_piles
from nimcore.rules import MAX_PILE, MAX_SET, CoreRules
from nimcore.theory import CoreTheory
from nimcore.ttable import MAX_MB

__all__ = ["CoreRules", "CoreTheory", "MAX_MB", "MAX_PILE", "MAX_SET", "exact_piles", "parse_piles"]
