"""What ``analyze`` returns, shared by the take rules' analysis (``nim.solving.analysis``)
and the take-and-break games' (``nim.takebreak.analysis``): one row per legal move
(``MoveAnalysis``), the list that remembers its position (``Analysis``), and the
budget a multi-search analysis has left.
"""

from __future__ import annotations

from typing import Iterable, List, NamedTuple, Optional, Tuple

from nim.errors import SearchLimitError
from nim.game.solution import SolveOptions
from nim.position import Move
from nim.rules import Rules

__all__ = ["MAX_ANALYZED_MOVES", "Analysis", "MoveAnalysis", "remaining_options"]


class MoveAnalysis(NamedTuple):
    """One legal move and what it leads to.

    Attributes
    ----------
    move : Move
        The move (pile index, count).
    value : int
        +1 when the move wins for the player who makes it (under best play
        after it), -1 when it loses.
    depth : int or None
        Moves from the position after it to the end of the game, the winner
        hurrying and the loser delaying; None when not asked for.
    """

    move: Move
    value: int
    depth: Optional[int]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: move ([pile, count]), value, depth."""
        return {"move": self.move.to_json(), "value": self.value, "depth": self.depth}


class Analysis(List[MoveAnalysis]):
    """``analyze``'s result: a list of MoveAnalysis (equal to the plain list)
    that remembers its position, its rules and its ``method`` (what decided the rows, named
    as ``Solution.method`` names it: "theory", "tt", ...; "mex" or "search" for a game of
    components), so a notebook can draw it."""

    def __init__(self, rows: Iterable[MoveAnalysis], piles: Tuple[int, ...], rules: Rules,
                 method: str = "tt") -> None:
        super().__init__(rows)
        self.piles = piles
        self._rules = str(rules)  # the rule string: pickles like the plain list did
        #: how the rows were found: "theory" (formulas: values by the Grundy
        #: summary, depths under take `any` by nim.solving.length) or "tt" (the search)
        self.method = method

    @property
    def rules(self) -> Rules:
        return Rules.coerce(self._rules)

    def _repr_html_(self) -> str:
        """The board with a best move marked, and the move table (nim.display)."""
        from nim.display import analysis_html
        return analysis_html(self.piles, self.rules, self)


#: Most moves ``analyze`` lists by theory (a row costs about 150 bytes).
MAX_ANALYZED_MOVES = 4_000_000


def remaining_options(options: SolveOptions, nodes: int, seconds: float) -> SolveOptions:
    """The options with what is left of the node and time budgets."""
    node_limit = options.node_limit
    if node_limit is not None:
        node_limit = max(1, node_limit - nodes)
    time_limit = options.time_limit
    if time_limit is not None:
        time_limit = max(1e-6, time_limit - seconds)
    if node_limit == 1 and options.node_limit is not None and nodes >= options.node_limit:
        raise SearchLimitError(f"analysis stopped after {nodes:,} nodes: the node limit",
                               reason="nodes", nodes=nodes, seconds=seconds)
    return options._replace(node_limit=node_limit, time_limit=time_limit)   # keeps the cancel handle
