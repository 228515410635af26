"""What ``nim.explain`` returns, and the words its two writers share: the
``Explanation`` value, the rules' texts, the heading and the outcome clause.

The take rules' account is written by ``nim.solving.explain``, the
take-and-break games' by ``nim.takebreak.explain``; both build an
``Explanation`` naming the function that writes its prose (``render``), so
neither imports the other's writer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from nim.position import Move
from nim.rules import Rules

__all__ = ["RULE_TEXT", "SHOW_MEMBERS", "SHOW_PILES", "Explanation", "grundy_counts", "heading",
           "outcome_reason", "theory_document"]

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
    "component-sum": "Sprague-Grundy theorem (normal play): a position is the sum of its components "
                     "(pairs, rows, ...), and the player to move loses exactly when the XOR of their "
                     "Grundy values is 0; each value, or one component alone, comes from the game's own "
                     "theorem where it has one, else from an exact search (the mex over the options): "
                     "the text names which.",
    "component-search": "misère play: one component alone by the game's misère theorem where it has one; "
                        "otherwise (a sum, or no theorem) an exact search over its positions (components "
                        "sorted): the text names which.",
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
    "quotient": "the misère quotient (Plambeck and Siegel, 'Misère quotients for impartial games', "
                "JCTA 2008; nim.octal.misere_quotient): a finite commutative monoid Q with a subset P, "
                "and a map sending each heap size to an element of Q, computed and verified for this game. "
                "A sum of heaps maps to the product of its heaps' elements, and the player to move loses "
                "exactly when that product lies in P (docs/theory.md).",
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
        ``bouton-misere``, ``tame-misere``, ``search``, and for take-and-break
        games ``octal-nim-sum``, ``genus``, ``quotient`` or ``split-search``
        (see RULE_TEXT).
    grundy : tuple of int
        Each pile's Grundy value.
    xor, big, ones : int
        The XOR of the Grundy values, how many are >= 2, how many are 1.
    after : tuple of int or None
        (xor, big, ones) after the move.
    method : str
        The engine that found the value: ``theory``, ``genus``, ``quotient`` or ``tt``.
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
    #: the misère quotient's account (``nim.takebreak.explain.quotient_account``); for a
    #: misère split search, the bounded quotient it took as its leaf (game, order, bound, stopped,
    #: next_order_at_least); else None
    quotient: Optional[Dict[str, Any]] = None
    #: what writes the prose: the take rules' account or the take-and-break games'
    render: Callable[["Explanation"], List[str]] = field(
        default=lambda e: _bare_lines(e), compare=False, repr=False)

    @property
    def text(self) -> str:
        """The explanation as lines of prose."""
        return "\n".join(self.render(self))

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict (Grundy values listed only for small positions)."""
        return {
            "rule": self.rule,
            "rule_text": RULE_TEXT[self.rule],
            "grundy_formula": self.grundy_text,
            "grundy": list(self.grundy) if len(self.grundy) <= SHOW_PILES else None,
            "grundy_counts": grundy_counts(self.grundy),
            "xor": self.xor, "big": self.big, "ones": self.ones,
            "value": self.value,
            "move": self.move.to_json() if self.move is not None else None,
            "after": None if self.after is None else dict(zip(("xor", "big", "ones"), self.after)),
            "method": self.method,
            "length": self.length,
            "genus": None if self.genus is None or len(self.genus) > SHOW_PILES else list(self.genus),
            "quotient": self.quotient,
            "text": self.text,
        }


def theory_document() -> str:
    """Where the theory the answers rest on is written: the copy of docs/theory.md
    installed with the package, or (running from a source tree) the repository's."""
    installed = Path(__file__).parent.parent / "theory.md"      # nim/theory.md (this file is nim/game/)
    return str(installed) if installed.is_file() else "docs/theory.md in the nimcore repository"


def heading(rules: Rules) -> str:
    """The rule string and the rules in a sentence; a large set S abbreviated."""
    text = f"{rules}: {rules.describe()}"
    members = rules.subtract or ()
    if len(members) > SHOW_MEMBERS:
        first = members[:SHOW_MEMBERS]
        text = text.replace(";".join(map(str, members)), ";".join(map(str, first)) + ";...", 1)
        text = text.replace(", ".join(map(str, members)),
                            ", ".join(map(str, first)) + f", ... ({len(members):,} members)", 1)
    return text


def grundy_counts(grundy: Sequence[int]) -> Dict[str, int]:
    return {"0": sum(1 for g in grundy if g == 0), "1": sum(1 for g in grundy if g == 1),
            ">=2": sum(1 for g in grundy if g >= 2)}


def outcome_reason(misere: bool, xor: int, big: int, who: str = "the player to move") -> str:
    """Which clause of the rule a summary meets, and what it means for `who` (to move)."""
    if not misere:
        return f"X = {xor}: {'lost' if xor == 0 else 'won'} for {who}"
    if big == 0:
        return f"B = 0 and X = {xor}: {'lost' if xor == 1 else 'won'} for {who}"
    return f"B = {big} and X = {xor}: {'lost' if xor == 0 else 'won'} for {who}"


def _bare_lines(e: Explanation) -> List[str]:
    """The prose of an Explanation built without a writer: the rule and the answer."""
    who = "wins" if e.value > 0 else "loses"
    return [heading(e.rules), "Rule: " + RULE_TEXT[e.rule],
            f"The player to move {who}" + (f"; a best move: {e.move}." if e.move is not None else ".")]
