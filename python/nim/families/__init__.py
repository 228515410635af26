"""Rule families as types: one class per family, registered once (``register_family``).

``nim.Rules`` is a convention plus one family member (``Rules.family``); every layer
asks the family through its hooks. To add a take rule, write a ``TakeFamily``
subclass and register it; to add a take-and-break game, a ``TakeAndBreakFamily``
(docs/architecture.md, "Where a new rule family goes").
"""

from nim.families.base import (
    FAMILIES, ComponentFamily, Fields, RuleFamily, TakeAndBreakFamily, TakeFamily, family_of_fields, family_of_option,
    option_syntax, register_family, Unparameterised, WholePositionFamily,
)
from nim.families.take import MAX_K, TakeAny, TakeHalf, TakeMax, TakeSet
from nim.families.takebreak import GrundysGame, OctalGame
from nim.families.wythoff import WythoffGame
from nim.families.moore import MooreNim
from nim.families.lasker import LaskerNim
from nim.families.fibonacci import DynamicTake
from nim.families.disguises import Nimble, StaircaseNim
from nim.families import coins, graphs, hackenbush  # noqa: F401  (register the games of Ferguson ch. 3, 5, 6)
from nim.families import chomp, empty_divide, northcott, poker, sos, thirty_one, two_dimensional  # noqa: F401  (issue 41)
from nim.families import code_extensions, one_pile, vertex_removal  # noqa: F401  (Ferguson ch. 3-4)
from nim.families import impatient  # noqa: F401  (Ferguson's exercise 3.5.8)

__all__ = ["ComponentFamily", "DynamicTake", "FAMILIES", "Fields", "GrundysGame", "LaskerNim", "MAX_K", "MooreNim",
           "Nimble", "OctalGame", "RuleFamily", "StaircaseNim", "TakeAndBreakFamily", "TakeAny",
           "TakeFamily", "TakeHalf", "TakeMax", "TakeSet", "Unparameterised", "WholePositionFamily", "WythoffGame",
           "family_of_fields",
           "family_of_option", "option_syntax", "register_family"]
