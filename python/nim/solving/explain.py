"""Why a position is won or lost: the theory's answer spelled out (``nim.explain``).

For a student or a teacher: each pile's Grundy value and how it is computed,
the XOR of the values, which rule decides (Bouton in normal play, Sprague-
Grundy, Bouton's misère rule, or tame misère play under condition (C), see
docs/theory.md), how long the game lasts (a formula under take `any`; a
search elsewhere), and why the chosen move wins -- the position it leaves and
the clause of the rule that makes it lost for the opponent. Positions with many
piles are summarised (a few rows and counts), never printed in full.

>>> print(explain([1, 2, 3], "normal").text.splitlines()[-1])  # doctest: +ELLIPSIS
Lost: any move changes exactly one Grundy value, so X becomes non-zero and the opponent wins. Shown: take 1 ...
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from nim.solving import defaults, engines
from nim.errors import NimError
from nim.position import Move, as_piles, rules_for
from nim.rules import Rules, RulesLike

__all__ = ["SHOW_PILES", "Explanation", "explain", "theory_document"]

#: Positions with more piles than this are summarised.
SHOW_PILES = 12

#: A subtraction set with more members than this is abbreviated in the heading
#: (sets may have 10,000 members).
SHOW_MEMBERS = 12

#: The rule that decided, by key: what each key means, in one sentence.
RULE_TEXT = {
    "bouton": "Bouton's theorem (normal play, take any): the player to move loses exactly "
              "when the XOR of the pile sizes is 0.",
    "sprague-grundy": "Sprague-Grundy theorem (normal play): a position is the sum of its "
                      "piles, and the player to move loses exactly when the XOR of the "
                      "piles' Grundy values is 0.",
    "bouton-misere": "Bouton's misère rule (take any): with B the number of piles of 2 or "
                     "more, the player to move loses exactly when B = 0 and the number of "
                     "1-piles is odd (X = 1), or B >= 1 and X = 0.",
    "tame-misere": "tame misère play (docs/theory.md): condition (C) holds -- every pile of "
                   "Grundy value 0 that can move has an option of value 1 -- so the player "
                   "to move loses exactly when B = 0 and X = 1, or B >= 1 and X = 0, with "
                   "B the number of Grundy values >= 2.",
    "search": "search: the theory is not exact for these rules, so the tt engine searched "
              "the game; the Grundy summary is shown for reference only.",
    "octal-nim-sum": "Sprague-Grundy theorem (normal play): a position is the sum of its heaps, "
                     "a heap split in two is the sum of its parts, and the player to move loses "
                     "exactly when the XOR of the heaps' nim-sequence values is 0.",
    "genus": "Conway's genus theory (On Numbers and Games ch. 12; Winning Ways ch. 13): every heap "
             "of the position, and every heap it can reach, is tame (its genus is that of the nim-heap "
             "of its Grundy value), so the position plays as misère Nim on the Grundy values: with B "
             "the number of values >= 2, the player to move loses exactly when B = 0 and X = 1, or "
             "B >= 1 and X = 0 (docs/theory.md).",
    "split-search": "search: the genus rule does not decide this misère position (a heap it holds or "
                    "reaches is not tame), so the exact search over canonical positions (heaps sorted, "
                    "dead heaps dropped) solved it; the Grundy values are shown for reference only.",
}


@dataclass(frozen=True)
class Explanation:
    """The theory's account of one position (``str()`` or ``.text`` is the prose).

    Attributes
    ----------
    piles : tuple of int
    rules : Rules
    value : int
        +1 when the player to move wins, -1 when they lose.
    move : Move or None
        The move the solver chose (None: no legal move).
    rule : str
        Key of the rule that decided: ``bouton``, ``sprague-grundy``,
        ``bouton-misere``, ``tame-misere`` or ``search`` (see RULE_TEXT).
    grundy : tuple of int
        Each pile's Grundy value.
    xor, big, ones : int
        The XOR of the Grundy values, how many are >= 2, how many are 1.
    after : tuple of int or None
        (xor, big, ones) after the move.
    method : str
        The engine that found the value: ``theory`` or ``tt``.
    grundy_text : str
        How the Grundy values are computed.
    length : int or None
        Moves left when the winner hurries and the loser delays (take `any`:
        by formula, docs/theory.md); None under the other take rules, where
        only a search finds it (``nim.analyze(depth=True)``).
    """

    piles: Tuple[int, ...]
    rules: Rules
    value: int
    move: Optional[Move]
    rule: str
    grundy: Tuple[int, ...]
    xor: int
    big: int
    ones: int
    after: Optional[Tuple[int, int, int]]
    method: str
    grundy_text: str
    length: Optional[int] = None
    #: each heap's genus (misère play of a take-and-break game), else None
    genus: Optional[Tuple[str, ...]] = None

    @property
    def text(self) -> str:
        """The explanation as lines of prose."""
        return "\n".join(_lines(self))

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict (Grundy values listed only for small positions)."""
        return {
            "rule": self.rule,
            "rule_text": RULE_TEXT[self.rule],
            "grundy_formula": self.grundy_text,
            "grundy": list(self.grundy) if len(self.grundy) <= SHOW_PILES else None,
            "grundy_counts": _counts(self.grundy),
            "xor": self.xor, "big": self.big, "ones": self.ones,
            "value": self.value,
            "move": self.move.to_json() if self.move is not None else None,
            "after": None if self.after is None else dict(zip(("xor", "big", "ones"), self.after)),
            "method": self.method,
            "length": self.length,
            "genus": None if self.genus is None or len(self.genus) > SHOW_PILES else list(self.genus),
            "text": self.text,
        }


def explain(piles: Iterable[int], rules: RulesLike = None, **limits: Any) -> Explanation:
    """Explain the value and best move of a position by the theory, under ``rules``
    (by default a ``Position``'s own, else normal play).

    ``limits`` (node_limit, time_limit, tt_mb) apply only where the theory is
    not exact and the answer comes from a search.

    Raises
    ------
    InvalidPositionError, InvalidRulesError, NimError
        For bad input; SearchLimitError when a fallback search hits a limit.
    """
    ruleset = Rules.coerce(rules_for(piles, rules))
    position = as_piles(piles)
    if ruleset.splits:
        from nim.solving.takebreak_explain import explain_splits
        return explain_splits(position, ruleset, **limits)
    exact = engines.has_closed_form(ruleset)
    solution = defaults.solve(position, ruleset, "theory" if exact else "tt", **limits)
    try:
        core = engines.theory(ruleset)
    except NimError:
        core = None                       # a set S without a period in reach
    if core is None:
        grundy: List[int] = []
        xor = big = ones = 0
        after = None
    else:
        grundy = core.grundies(position)
        xor, big, ones = core.summary(position)
        after = None
        if solution.move is not None:
            child = list(position)
            child[solution.move.pile] -= solution.move.count
            after = core.summary(child)
    length = None
    if ruleset.take == "any":
        from nim.solving.length import game_length      # O(piles), like the rest
        length = game_length(position, ruleset)
    return Explanation(position, ruleset, solution.value, solution.move,
                       _rule_key(ruleset, exact), tuple(grundy), xor, big, ones, after,
                       solution.method, _grundy_formula(ruleset, core), length)


def theory_document() -> str:
    """Where the theory the answers rest on is written: the copy of docs/theory.md
    installed with the package, or (running from a source tree) the repository's."""
    installed = Path(__file__).parent.parent / "theory.md"      # nim/theory.md (this file is nim/solving/)
    return str(installed) if installed.is_file() else "docs/theory.md in the nimcore repository"


def _length_line(e: Explanation) -> str:
    if e.length is None:
        return (f"Length: no formula is known under take '{e.rules.take}'; nim.analyze(depth=True) "
                "(nimcore solve --all-moves) finds each move's depth by the tt search.")
    if e.value > 0:
        return (f"Length: the player to move wins in {e.length:,} moves at most (both players' "
                "moves counted, the opponent delaying as long as possible).")
    return (f"Length: the player to move loses, but can make the game last {e.length:,} moves "
            "(the opponent hurrying).")


def _heading(rules: Rules) -> str:
    """The rule string and the rules in a sentence; a large set S abbreviated."""
    text = f"{rules}: {rules.describe()}"
    members = rules.subtract or ()
    if rules.take == "set" and len(members) > SHOW_MEMBERS:
        first = members[:SHOW_MEMBERS]
        text = text.replace(";".join(map(str, members)), ";".join(map(str, first)) + ";...", 1)
        text = text.replace(", ".join(map(str, members)),
                            ", ".join(map(str, first)) + f", ... ({len(members):,} members)", 1)
    return text


def _rule_key(rules: Rules, exact: bool) -> str:
    if not exact:
        return "search"
    if not rules.misere:
        return "bouton" if rules.take == "any" else "sprague-grundy"
    return "bouton-misere" if rules.take == "any" else "tame-misere"


def _grundy_formula(rules: Rules, core: Any) -> str:
    if rules.take == "any":
        return "g(n) = n"
    if rules.take == "max":
        return f"g(n) = n mod {rules.k + 1 if rules.k is not None else '(K+1)'}"
    if rules.take == "half":
        return "g(2m) = m, g(2m+1) = g(m)"
    if core is None:
        return "g(n) = mex of g over the moves (no period found in reach)"
    text = "g(n) = mex of g over the moves, by DP"
    if core.scale > 1:
        scale = core.scale
        text += f"; every member of S is a multiple of {scale}, so g(n) = G(n // {scale}), G for S / {scale}"
        name = "G"
    else:
        name = "g"
    return text + f"; {name} is periodic with period {core.period} from {core.period_start} on"


def _why_tame(rules: Rules) -> str:
    if rules.take == "max":
        return (f"is proven for max K: a movable pile of Grundy value 0 is a multiple of "
                f"{(rules.k or 0) + 1}, and taking {rules.k} leaves value 1")
    if rules.take == "half":
        return ("is proven for half: the movable piles of Grundy value 0 are 2**j - 1 (j >= 2), "
                "and 3 * 2**(j-2) - 1 is an option of value 1")
    return ("was checked for this S over one window of its periodic Grundy sequence "
            "(past it, a pile's value and its options' values repeat with the period)")


def _counts(grundy: Sequence[int]) -> Dict[str, int]:
    return {"0": sum(1 for g in grundy if g == 0), "1": sum(1 for g in grundy if g == 1),
            ">=2": sum(1 for g in grundy if g >= 2)}


def _outcome_reason(misere: bool, xor: int, big: int, who: str = "the player to move") -> str:
    """Which clause of the rule a summary meets, and what it means for `who` (to move)."""
    if not misere:
        return f"X = {xor}: {'lost' if xor == 0 else 'won'} for {who}"
    if big == 0:
        return f"B = 0 and X = {xor}: {'lost' if xor == 1 else 'won'} for {who}"
    return f"B = {big} and X = {xor}: {'lost' if xor == 0 else 'won'} for {who}"


def _lines(e: Explanation) -> List[str]:
    if e.rules.splits:
        from nim.solving.takebreak_explain import split_lines
        return split_lines(e)
    n = len(e.piles)
    lines = [_heading(e.rules),
             f"Grundy values: {e.grundy_text}."]
    if e.grundy or not e.piles:           # (no Grundy values: a set S without a period in reach)
        if not e.piles:
            lines.append("  no piles")
        elif n <= SHOW_PILES:
            lines.append("  pile  size -> grundy: " + ", ".join(
                f"{i}: {p} -> {g}" for i, (p, g) in enumerate(zip(e.piles, e.grundy))))
        else:
            counts = _counts(e.grundy)
            common = Counter(e.grundy).most_common(5)
            lines.append(f"  {n:,} piles: {counts['0']:,} of Grundy value 0, {counts['1']:,} of "
                         f"value 1, {counts['>=2']:,} of value 2 or more (most common: "
                         + ", ".join(f"{g} x{c:,}" for g, c in common) + ")")
        lines.append(f"X = XOR of the Grundy values = {e.xor}; B = piles of Grundy value >= 2 = "
                     f"{e.big:,}; piles of value 1 = {e.ones:,}.")
    lines.append("Rule: " + RULE_TEXT[e.rule])
    if e.rule == "tame-misere":
        lines.append("(C) " + _why_tame(e.rules) + ".")
    lines.append(f"Theory and proofs: {theory_document()}")
    if e.rule == "search":
        lines.append(f"Why not the theory: {engines.theory_gap(e.rules)}.")
        lines.append(f"Value by search ({e.method}): the player to move "
                     f"{'wins' if e.value > 0 else 'loses'}.")
    else:
        lines.append("Here " + _outcome_reason(e.rules.misere, e.xor, e.big) + ".")
    if e.move is None:
        lines.append("No move is left.")
        return lines
    lines.append(_length_line(e))
    pile, count = e.move
    size = e.piles[pile]
    shown = f"take {count} from pile {pile} ({size} -> {size - count})"
    if e.value > 0 and e.rule != "search" and e.after is not None:
        g_before = e.grundy[pile]
        x2, big2, _ = e.after
        g_after = g_before ^ e.xor ^ x2
        lines.append(f"Winning move: {shown}, Grundy value {g_before} -> {g_after}. It leaves "
                     + _outcome_reason(e.rules.misere, x2, big2, "the opponent") + ".")
    elif e.value > 0:
        lines.append(f"Winning move (found by the search): {shown}.")
    else:
        if e.rule in ("bouton", "sprague-grundy"):
            why = "any move changes exactly one Grundy value, so X becomes non-zero and the opponent wins"
        elif e.rule == "search":
            why = "the search found that every move leaves the opponent a win"
        elif e.big == 0:
            why = ("a move either makes one pile's Grundy value >= 2 (then B = 1 and X >= 2) or "
                   "flips X to 0 with B = 0: won for the opponent either way")
        else:
            why = ("B >= 2 here (one big pile alone would make X >= 2); a move changes one Grundy "
                   "value, so X becomes non-zero while a pile of value >= 2 remains: won for the opponent")
        lines.append(f"Lost: {why}. Shown: {shown}, the smallest take from the first pile that can move.")
    return lines
