"""``explain`` for take-and-break games (octal codes, Grundy's game): each heap's
Grundy value (and, in misère play, its genus), which rule decided -- the nim-sum
(normal play), the misère quotient, Conway's genus rule, or the exact search --
and why the move wins. A quotient's answer names the element each heap maps to
(a word in the generators), their product, whether it lies in P, and the
quotient's presentation.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError, SearchLimitError
from nim.takebreak.sums import SumTable, table_of
from nim.position import after_move
from nim.rules import Rules
from nim.families.takebreak import heap_move_said
from nim.game.explanation import (
    RULE_TEXT, SHOW_PILES, Explanation, heading, outcome_reason, theory_document,
)

if TYPE_CHECKING:
    from nim.game.solution import Solution
    from nim.takebreak.quotient import MisereQuotient

__all__ = ["explain_splits", "quotient_account", "split_lines"]

#: Most elements of P, and relations, an explanation lists (Dawson's Q_33 has 109 in P).
SHOW_ELEMENTS = 12


def _summary(grundies: List[int]) -> Tuple[int, int, int]:
    x = 0
    for g in grundies:
        x ^= g
    return x, sum(1 for g in grundies if g >= 2), sum(1 for g in grundies if g == 1)


#: Most new positions the genus of one wild heap may cost an explanation (about 0.3 s).
EXPLAIN_GENUS_LIMIT = 10_000


def _genera(piles: Tuple[int, ...], rules: Rules) -> Optional[Tuple[str, ...]]:
    """Each heap's genus (``nim.takebreak.genus``); a wild heap past the genus search's reach says so."""
    from nim.takebreak import genus

    shown: List[str] = []
    for heap in piles[:SHOW_PILES]:
        try:   # an explanation is quick: a wild heap's genus gets a small search
            shown.append(str(genus.genus(rules, heap, limit=EXPLAIN_GENUS_LIMIT)))
        except SearchLimitError:    # a wild heap whose genus is past the bounded search
            shown.append("wild (genus past the search's reach)")
        except NimError:            # a heap past the genus table: the answer is the quotient's
            shown.append("past the genus table (the misère quotient answers it)")
    return tuple(shown)


def _formula(table: SumTable) -> str:
    found = table.period
    text = ("g(n) = mex of g over the options of a heap of n, a split's value the XOR of its "
            "parts' values (nim.octal.nim_sequence)")
    if found.proven:
        return text + (f"; periodic with period {found.period} from {found.preperiod} on, proven by the "
                       "Octal Game Periodicity Theorem, so heaps of any size")
    return text + f"; no period is proven, so heaps up to {found.heaps - 1:,} (computed)"


def explain_splits(position: Tuple[int, ...], rules: Rules, solution: Solution) -> Explanation:
    """``nim.explain`` of a position of a take-and-break game, given its ``solution``
    (``nim.solve``'s, method ``auto``: the caller's limits are spent there).

    Raises
    ------
    NimError, SearchLimitError
        As ``nim.solve`` (a heap's value past the nim-sequence's reach).
    """
    table = table_of(rules)
    grundies = table.grundies(position)
    x, big, ones = _summary(grundies)
    after = None
    if solution.move is not None:
        after = _summary(table.grundies(after_move(position, solution.move)))
    rule = {"theory": "octal-nim-sum", "genus": "genus", "quotient": "quotient"}.get(
        solution.method, "split-search")
    genus = _genera(position, rules) if rules.misere else None
    account = None
    if solution.method == "quotient":
        from nim.takebreak.quotient_memo import known_quotient

        quotient = known_quotient(rules, position)
        if quotient is not None:
            account = quotient_account(position, quotient, solution.move)
    elif rules.misere and rule == "split-search":
        from nim.takebreak.quotient_memo import reached_quotient

        reached = reached_quotient(rules)
        if reached is not None and not reached.covers(max(position, default=0)):
            account = {"game": reached.game, "order": reached.order, "bound": reached.bound,
                       "proven": False, "stopped": reached.stopped,
                       "next_order_at_least": reached.next_order_at_least}
    return Explanation(position, rules, solution.value, solution.move, rule, tuple(grundies), x, big, ones,
                       after, solution.method, _formula(table), None, genus, quotient=account,
                       render=split_lines)


def _product(quotient: "MisereQuotient", heaps: Sequence[int]) -> int:
    return quotient.product(heaps)


def quotient_account(position: Tuple[int, ...], quotient: "MisereQuotient",
                     move: Optional[Any]) -> Dict[str, Any]:
    """What an explanation says of a quotient's answer, JSON-ready: the quotient (order,
    bound, proven, period, presentation, P), each shown heap's element (a word in the
    generators), the position's product and whether it is in P, and the same after the move."""
    name = quotient.element_name
    product = _product(quotient, position)
    account: Dict[str, Any] = {
        "game": quotient.game,
        "order": quotient.order,
        "bound": quotient.bound,
        "proven": quotient.proven,
        "period": None if quotient.period is None else list(quotient.period),
        "generators": [[generator, heap] for generator, heap in quotient.generators],
        "relations": list(quotient.relations),
        "p_size": len(quotient.p_portion),
        "p_portion": [name(x) for x in sorted(quotient.p_portion)[:SHOW_ELEMENTS]],
        "elements": [[heap, name(quotient.element(heap))] for heap in position[:SHOW_PILES]],
        "product": name(product),
        "in_p": product in quotient.p_portion,
        "after": None,
        "after_in_p": None,
    }
    if move is not None:
        later = _product(quotient, after_move(position, move))
        account["after"] = name(later)
        account["after_in_p"] = later in quotient.p_portion
    return account


def _quotient_lines(e: Explanation) -> List[str]:
    """The quotient's part of the prose (rule "quotient")."""
    q = e.quotient
    if q is None:                  # the quotient was not kept (another process answered)
        return [f"Value by the misère quotient: the player to move {'wins' if e.value > 0 else 'loses'}."]
    if q["proven"]:
        reach = "exact for every heap size"
        if q["period"] is not None:
            reach += (f" (its heap map is periodic with period {q['period'][1]} from heap {q['period'][0]}, "
                      "proven)")
    else:
        reach = f"exact for heaps up to {q['bound']:,} (computed that far; no period proven)"
    lines = [f"Misère quotient of {q['game']}: order {q['order']:,} (elements), "
             f"P-portion of {q['p_size']:,}, {reach}."]
    generators = ", ".join(f"{g} = heap {h}" for g, h in q["generators"])
    relations = q["relations"][:SHOW_ELEMENTS]
    more = len(q["relations"]) - len(relations)
    lines.append(f"Presentation: generators {generators or 'none'}; relations "
                 + (", ".join(relations) + (f" (and {more:,} more)" if more else "") if relations else "none")
                 + ".")
    lines.append("P = {" + ", ".join(q["p_portion"]) + (", ..." if q["p_size"] > len(q["p_portion"]) else "")
                 + "}: the elements of the lost positions (the player to move loses).")
    shown = q["elements"]
    lines.append("Each heap maps to an element: " + ", ".join(f"heap {h} -> {w}" for h, w in shown)
                 + (" ..." if len(e.piles) > len(shown) else "") + ".")
    where = "in P" if q["in_p"] else "not in P"
    lines.append(f"Their product (the position's element) is {q['product']}, {where}: "
                 f"{'lost' if q['in_p'] else 'won'} for the player to move.")
    return lines


def _leaf_line(q: Dict[str, Any]) -> str:
    """What the search of a misère position owed to a quotient that covers only some of its heaps."""
    line = (f"The misère quotient of {q['game']} is known for heaps up to {q['bound']:,} (order "
            f"{q['order']:,}), not for every heap here: the search took it as the exact value of each "
            f"position it met whose heaps are all within that bound.")
    if q.get("next_order_at_least"):
        top = q["bound"] + 1
        line += (f" Heap {top:,} did not converge: the quotient of heaps up to {top:,} has at least "
                 f"{q['next_order_at_least']:,} elements (proven), and may have no end.")
    return line


def split_lines(e: Explanation) -> List[str]:
    """The prose of an Explanation of a take-and-break game."""
    n = len(e.piles)
    lines = [heading(e.rules), f"Grundy values: {e.grundy_text}."]
    if not e.piles:
        lines.append("  no heaps")
    elif n <= SHOW_PILES:
        lines.append("  heap  size -> grundy: " + ", ".join(
            f"{i}: {p} -> {g}" for i, (p, g) in enumerate(zip(e.piles, e.grundy))))
    else:
        common = Counter(e.grundy).most_common(5)
        lines.append(f"  {n:,} heaps (most common Grundy values: "
                     + ", ".join(f"{g} x{c:,}" for g, c in common) + ")")
    if e.genus is not None:
        lines.append("Genus of each heap (misère Grundy values of the heap plus 0, 1, 2, ... nim-heaps of 2): "
                     + ", ".join(f"{p} -> {g}" for p, g in zip(e.piles, e.genus))
                     + (" ..." if n > len(e.genus) else ""))
    if e.rule == "genus":
        lines.append(f"X = XOR of the Grundy values = {e.xor}; B = heaps of Grundy value >= 2 = {e.big:,}.")
    elif e.rule != "quotient":
        lines.append(f"X = XOR of the Grundy values = {e.xor}.")
    lines.append("Rule: " + RULE_TEXT[e.rule])
    if e.rule == "quotient":
        lines.extend(_quotient_lines(e))
    lines.append(f"Theory and proofs: {theory_document()}")
    who = "wins" if e.value > 0 else "loses"
    if e.rule == "octal-nim-sum":
        lines.append(f"Here X = {e.xor}: {'won' if e.xor else 'lost'} for the player to move.")
    elif e.rule == "genus":
        lines.append(f"Here {outcome_reason(True, e.xor, e.big)}.")
    elif e.rule == "quotient":
        pass                      # the quotient's lines said it
    else:
        lines.append(f"Value by search ({e.method}): the player to move {who}.")
        if e.rule == "split-search" and e.quotient is not None:
            lines.append(_leaf_line(e.quotient))
    if e.move is None:
        lines.append("No move is left." if e.value < 0 or e.rules.misere else "")
        return [line for line in lines if line]
    pile = e.move[0]
    size = e.piles[pile]
    g_before = e.grundy[pile]
    said = heap_move_said(e.rules.family, e.piles, e.move)     # in the game's own words (Rayles' loops)
    if e.value > 0 and e.rule == "octal-nim-sum" and e.after is not None:
        g_after = g_before ^ e.xor ^ e.after[0]
        split = e.move.split
        if split is not None:
            a, b = split
            table = table_of(e.rules)
            reached = (f"G({a}) xor G({b}) = {table.grundy(a)} xor {table.grundy(b)} = {g_after}")
        else:
            reached = f"{g_after}"
        lines.append(f"Winning move: {said} (heap {size}, Grundy value {g_before} -> {reached}). "
                     f"It leaves X = {e.after[0]}: lost for the opponent, since g ^ X < g for this heap and "
                     "a heap has an option of every value below its own (its value is their mex).")
    elif e.value > 0 and e.rule == "genus" and e.after is not None:
        lines.append(f"Winning move: {said} (heap {size}, Grundy value {g_before} -> "
                     f"{g_before ^ e.xor ^ e.after[0]}). It leaves "
                     + outcome_reason(True, e.after[0], e.after[1], "the opponent")
                     + ", every heap still tame.")
    elif e.value > 0 and e.rule == "quotient" and e.quotient is not None:
        # words first, the quotient's algebra after (issue 40, item 4)
        lines.append(f"Winning move: {said} (heap {size}). It leaves a position the opponent loses "
                     "against best play: every move they make gives you a way back to such a position, "
                     "until they must make the last move. (The algebra: in the misère quotient the "
                     f"position's product is {e.quotient['after']}, one of the losing products P; found "
                     "by scanning each heap's options for one that brings the product into P.)")
    elif e.value > 0:
        lines.append(f"Winning move (found by the {'quotient' if e.rule == 'quotient' else 'search'}): "
                     f"{said}.")
    else:
        if e.rule == "octal-nim-sum":
            why = ("a move replaces one heap's Grundy value g by the value of one of its options, never g "
                   "itself (g is their mex), so X becomes non-zero and the opponent wins")
        elif e.rule == "genus":
            why = ("tame heaps play as the nim-heaps of their Grundy values, and every move from a lost "
                   "position of misère Nim leaves a won one, so every move leaves the opponent a win")
        elif e.rule == "quotient":
            why = ("the quotient is verified: a product is in P exactly when no move leads to a product in "
                   "P, so every move leaves the opponent a product outside P, a win")
        else:
            why = "the search found that every move leaves the opponent a win"
        lines.append(f"Lost: {why}. Shown: {said}.")
    return lines
