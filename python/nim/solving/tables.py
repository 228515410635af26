"""Single-pile tables: who wins a lone pile of each size, and its Grundy value.

``pile_table(upto, rules)`` is the forejune notes' DP score table generalised
to every rule set: a pile is a win for the player to move when some legal take
leaves a loss, and a pile with no legal take is worth the convention's terminal
value (a loss in normal play, a win in misère play). The Grundy column holds
normal-play Sprague-Grundy values, whatever the convention.

Where the theory is exact (every rule set known) the table comes from it in
one compiled pass -- a lone pile is lost iff its Grundy value is 0 (normal)
or 1 (misère, under condition (C)) -- linear in ``upto``, 10**6 rows in about
a second, Ctrl-C checked. Elsewhere the DP over the rows answers
(``nim.solving.pile_dp``, the one definition both are held to).

>>> [row.outcome for row in pile_table(4, "normal,half")]
['loss', 'loss', 'win', 'loss', 'win']
"""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from nim.solving import engines
from nim.errors import InvalidPositionError, SearchLimitError
from nim.position import as_size
from nim.rules import Rules, RulesLike
from nim.solving.limits import Limits
from nim.solving.pile_dp import lone_piles
from nim.solving.theory import grundy_table

__all__ = ["MAX_TABLE_ROWS", "PileRow", "PileTable", "pile_table", "pile_outcomes"]

#: Largest ``upto`` a table is built for.
MAX_TABLE_ROWS = 1_000_000


class PileRow(NamedTuple):
    """One row of the table (a named tuple: a million of them are cheap).

    Attributes
    ----------
    size : int
        The pile size n.
    value : int
        +1 when the player to move wins a lone pile of n with best play, else -1.
    grundy : int
        The normal-play Grundy value of a pile of n.
    winning_takes : tuple of int
        Every take that wins (leaves the opponent a loss), smallest first.
    movable : bool
        False when no take is legal on a pile of n.
    """

    size: int
    value: int
    grundy: int
    winning_takes: Tuple[int, ...]
    movable: bool

    @property
    def outcome(self) -> str:
        """``"win"`` or ``"loss"`` for the player to move."""
        return "win" if self.value > 0 else "loss"

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict."""
        return {"n": self.size, "outcome": self.outcome, "value": self.value,
                "grundy": self.grundy, "winning_takes": list(self.winning_takes),
                "movable": self.movable}

class PileTable(List[PileRow]):
    """``pile_table``'s result: a list of PileRow (equal to the plain list) that
    remembers its rules, so a notebook can draw it."""

    def __init__(self, rows: List[PileRow], rules: Rules) -> None:
        super().__init__(rows)
        self._rules = str(rules)  # the rule string: pickles like the plain list did

    @property
    def rules(self) -> Rules:
        return Rules.coerce(self._rules)

    def _repr_html_(self) -> str:
        """The table as HTML, for notebooks (drawn by nim.display)."""
        from nim.display import pile_table_html
        return pile_table_html(self, self.rules)


def pile_outcomes(upto: int, rules: RulesLike = None) -> List[int]:
    """Value (+1 / -1) for the player to move of a lone pile of 0..upto, by DP.

    Raises
    ------
    InvalidPositionError
        When ``upto`` is negative, not a whole number, or over MAX_TABLE_ROWS.
    """
    return [row.value for row in pile_table(upto, rules, grundy=False)]


def pile_table(upto: int, rules: RulesLike = None, *, grundy: bool = True,
               limits: Optional[Limits] = None) -> PileTable:
    """The table of lone piles 0..upto under ``rules``.

    ``grundy=False`` leaves the Grundy column at 0 (kept for compatibility:
    the values cost nothing extra now). ``limits`` bound each search of a
    take-and-break game's misère column (the only column found by search).

    Raises
    ------
    InvalidPositionError
        When ``upto`` is negative, not a whole number, or over MAX_TABLE_ROWS.
    SearchLimitError
        When ``limits`` stop a search.
    KeyboardInterrupt
        On Ctrl-C.
    """
    n_max = _size(upto)
    ruleset = Rules.coerce(rules)
    if ruleset.splits:      # a take-and-break game: normal play from its nim-sequence, misère by solving
        from nim.octal.sequence import heap_table

        if ruleset.misere:
            values, grundies, takes, movable = misere_heap_table(ruleset, n_max, limits)
        else:
            values, grundies, takes, movable = heap_table(ruleset, n_max)
        return PileTable(list(map(PileRow, range(n_max + 1), values, grundies, takes, movable)), ruleset)
    min_take = ruleset.min_take
    if engines.has_closed_form(ruleset):
        values, grundies, takes = engines.theory(ruleset).single_piles(n_max)
    else:       # the misère theory is not exact: the DP itself, and the Grundy column compiled
        values, takes = lone_piles(n_max, ruleset)
        grundies = grundy_table(n_max, ruleset)
    if not grundy:
        grundies = [0] * (n_max + 1)
    return PileTable(list(map(PileRow, range(n_max + 1), values, grundies, takes,
                              (n >= min_take for n in range(n_max + 1)))), ruleset)


def _size(value: int) -> int:
    n = as_size(value, "--upto")
    if n > MAX_TABLE_ROWS:
        raise InvalidPositionError(f"a table goes up to {MAX_TABLE_ROWS:,} at most, not {n:,}")
    return n


def misere_heap_table(rules: Rules, upto: int, limits: Optional[Limits] = None
                      ) -> Tuple[List[int], List[int], List[Tuple[int, ...]], List[bool]]:
    """Columns of the single-heap table of a take-and-break game in misère play, heaps
    0..upto: ``(values, grundies, winning_takes, movable)``; the Grundy column is
    the normal-play value (as in every table), the outcome and the winning takes
    are misère, each option solved (genus rule or search).

    Raises
    ------
    SearchLimitError
        When a search of an option stops on a limit.
    """
    from nim.octal.sums import table_of
    from nim.solving.defaults import solve
    from nim.position import after_move
    from nim.solving.takebreak import split_moves

    table = table_of(rules)
    quick = _by_quotient(rules, upto, limits)
    if quick is not None:           # linear: the quotient's products (issue 42, item 16)
        return quick[0], table.grundies(range(upto + 1)), quick[1], [not table.dead(h) for h in range(upto + 1)]
    values: List[int] = []
    takes: List[Tuple[int, ...]] = []
    movable: List[bool] = []
    cancel = limits.cancel if limits is not None else None
    for heap in range(upto + 1):
        if cancel is not None and cancel.is_set():      # a row answered by genus theory searches nothing
            raise SearchLimitError(f"the misère table of {rules} was cancelled at heap {heap}",
                                   reason="cancelled")
        winning = sorted({move[1] for move in split_moves([heap], rules)
                          if solve(after_move([heap], move), rules, limits=limits).value < 0})
        moves = not table.dead(heap)
        values.append((1 if winning else -1) if moves else 1)     # no move: the mover wins (misère)
        takes.append(tuple(winning))
        movable.append(moves)
    return values, table.grundies(range(upto + 1)), takes, movable


def _by_quotient(rules: Rules, upto: int, limits: Optional[Limits]
                 ) -> Optional[Tuple[List[int], List[Tuple[int, ...]]]]:
    """The misère rows by the game's quotient when it covers them (``misere_heap_rows``), else None."""
    from nim.solving.solution import SolveOptions
    from nim.solving.takebreak import misere_heap_rows
    from nim.solving.takebreak_quotient import quotient_for

    options = SolveOptions(time_limit=limits.time if limits is not None else None,
                           cancel=limits.cancel if limits is not None else None)
    quotient = quotient_for(rules, [upto], options)
    return None if quotient is None else misere_heap_rows(rules, upto, quotient)
