"""The rules a seed's flow fixes, said once: the terminal flows, the record check and the
browser read them here (issue 38: a flow's fixed rules declared in one place)."""

from __future__ import annotations

from typing import Dict

from nim.rules import Rules

__all__ = ["FIXED_RULES", "FOREJUNE_RULES", "KUET_RULES"]

#: forejune (testNimdp.cpp): one pile, a move takes 1 to half of it.
FOREJUNE_RULES = Rules(take="half")
#: KUET's NimX: a move takes 1 to 3 stones.
KUET_RULES = Rules(take="max", k=3)

#: The flows whose rules are fixed, by flow name.
FIXED_RULES: Dict[str, Rules] = {"forejune": FOREJUNE_RULES, "kuet": KUET_RULES}
