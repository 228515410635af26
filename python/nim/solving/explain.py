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
from typing import Any, Dict, Iterable, List

from nim.solving import defaults, engines
from nim.errors import NimError
from nim.position import as_piles, rules_for
from nim.rules import Rules, RulesLike
from nim.families import ComponentFamily
from nim.game.explanation import (
    RULE_TEXT, SHOW_PILES, Explanation, grundy_counts, heading, outcome_reason,
    theory_document,
)

__all__ = ["SHOW_PILES", "Explanation", "explain", "theory_document"]  # the last three re-exported

#: The keywords explain passes on to a fallback search (nim.solve's limits).
_LIMIT_NAMES = frozenset({"node_limit", "time_limit", "tt_mb", "progress", "cancel", "limits"})


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
    unknown = sorted(set(limits) - _LIMIT_NAMES)
    if unknown:
        # a misspelt or unsupported keyword (method= included: explain chooses its own)
        raise NimError(f"nim.explain takes no argument {unknown[0]!r}: its limits are "
                       + ", ".join(sorted(_LIMIT_NAMES)))
    ruleset = Rules.coerce(rules_for(piles, rules))
    if isinstance(ruleset.family, ComponentFamily):
        return _explain_components(piles, ruleset, limits)
    position = as_piles(piles)
    if ruleset.splits:
        from nim.takebreak.explain import explain_splits
        return explain_splits(position, ruleset, defaults.solve(position, ruleset, "auto", **limits))
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
    if ruleset.take_family.is_nim:
        from nim.solving.length import game_length      # O(piles), like the rest
        length = game_length(position, ruleset)
    return Explanation(position, ruleset, solution.value, solution.move,
                       _rule_key(ruleset, exact), tuple(grundy), xor, big, ones, after,
                       solution.method, _grundy_formula(ruleset, core), length, render=_lines)


def _length_line(e: Explanation) -> str:
    if e.length is None:
        return (f"Length: no formula is known under {e.rules}; nim.analyze(depth=True) "
                "(nimcore solve --all-moves) finds each move's depth by the tt search.")
    if e.value > 0:
        return (f"Length: the player to move wins in {e.length:,} moves at most (both players' "
                "moves counted, the opponent delaying as long as possible).")
    return (f"Length: the player to move loses, but can make the game last {e.length:,} moves "
            "(the opponent hurrying).")


def _rule_key(rules: Rules, exact: bool) -> str:
    if not exact:
        return "search"
    nim_piles = rules.take_family.is_nim          # Bouton: the piles are their own Grundy values
    if not rules.misere:
        return "bouton" if nim_piles else "sprague-grundy"
    return "bouton-misere" if nim_piles else "tame-misere"


def _grundy_formula(rules: Rules, core: Any) -> str:
    closed = rules.take_family.grundy_formula()
    if closed is not None:
        return closed
    if core is None:
        return "g(n) = mex of g over the moves (no period found in reach)"
    text = "g(n) = mex of g over the moves, by DP"
    if core.scale > 1:
        scale = core.scale
        text += f"; every member of S is a multiple of {scale}, so g(n) = G(n // {scale}), G for S / {scale}"
        name = "G"
    else:
        name = "g"
    covered = core.core.covered           # None once the period is known
    if covered is not None:               # the table, grown to the piles asked, answers them
        return text + (f"; no period of {name} shows in the {covered // core.scale:,} values computed, "
                       "which answer every pile asked")
    return text + f"; {name} is periodic with period {core.period} from {core.period_start} on"


def _why_tame(rules: Rules) -> str:
    return rules.take_family.tame_reason()


def _lines(e: Explanation) -> List[str]:
    n = len(e.piles)
    lines = [heading(e.rules),
             f"Grundy values: {e.grundy_text}."]
    if e.grundy or not e.piles:           # (no Grundy values: a set S without a period in reach)
        if not e.piles:
            lines.append("  no piles")
        elif n <= SHOW_PILES:
            lines.append("  pile  size -> grundy: " + ", ".join(
                f"{i}: {p} -> {g}" for i, (p, g) in enumerate(zip(e.piles, e.grundy))))
        else:
            counts = grundy_counts(e.grundy)
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
        lines.append("Here " + outcome_reason(e.rules.misere, e.xor, e.big) + ".")
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
                     + outcome_reason(e.rules.misere, x2, big2, "the opponent") + ".")
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


def _explain_components(position: Any, rules: Rules, limits: Dict[str, Any]) -> Explanation:
    """``explain`` for a game of components that are more than heaps (Wythoff's pairs, ...)."""
    from nim.solving.components import explain_components

    solution, lines = explain_components(position, rules, limits.get("node_limit"), limits.get("time_limit"),
                                         limits.get("cancel"))
    return Explanation((), rules, solution.value, solution.move,
                       "component-search" if rules.misere else "component-sum", (), 0, 0, 0, None,
                       solution.method, "", None, render=lambda _: lines)
