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
from nim.errors import InvalidPositionError, NimError, SearchLimitError
from nim.position import as_size
from nim.rules import Rules, RulesLike
from nim.game.limits import Limits
from nim.solving.pile_dp import lone_piles
from nim.solving.theory import grundy_table

__all__ = ["MAX_COMPONENT_ROWS", "MAX_TABLE_ROWS", "ComponentRow", "PileRow", "PileTable", "component_table",
           "pile_table", "pile_outcomes"]

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
        from nim.takebreak.sequence import heap_table

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
    from nim.takebreak.sums import table_of
    from nim.game.solution import SolveOptions
    from nim.takebreak.quotient_memo import quotient_for

    table = table_of(rules)
    try:
        quotient = quotient_for(rules, [upto], SolveOptions(time_limit=limits.time if limits else None))
    except NimError:
        quotient = None
    if quotient is not None and quotient.covers(upto):
        return _rows_by_quotient(rules, upto, quotient, table, limits)
    return _rows_by_solving(rules, upto, quotient, table, limits)


def _rows_by_solving(rules: Rules, upto: int, quotient: Any, table: Any, limits: Optional[Limits]
                     ) -> Tuple[List[int], List[int], List[Tuple[int, ...]], List[bool]]:
    """``misere_heap_table`` where no quotient covers the heaps: each option of each heap
    solved (genus rule, the quotient's leaves, or search), the time limit shared out."""
    import time

    from nim.position import after_move
    from nim.progress import search_progress
    from nim.solving.defaults import solve
    from nim.takebreak.solve import split_moves

    values: List[int] = []
    takes: List[Tuple[int, ...]] = []
    movable: List[bool] = []
    cancel = limits.cancel if limits is not None else None
    # the time limit bounds the whole table (each row's searches get what is left), so
    # a table past the quotient's heaps ends when asked (issue 42, item 16)
    budget = limits.time if limits is not None else None
    started = time.monotonic()

    def out_of_time(heap: int) -> SearchLimitError:
        return SearchLimitError(
            f"the misère table of {rules} stopped at heap {heap} on its time limit ({budget:g} s; heaps past "
            f"{quotient.bound if quotient is not None else 0} are solved by search, which may take very long)",
            reason="time", seconds=time.monotonic() - started)
    bar = search_progress(f"misère table of {rules} (heaps searched)",
                          limits.progress if limits is not None else None)
    try:
        for heap in range(upto + 1):
            if cancel is not None and cancel.is_set():      # a row answered by genus theory searches nothing
                raise SearchLimitError(f"the misère table of {rules} was cancelled at heap {heap}",
                                       reason="cancelled")
            spent = time.monotonic() - started
            if budget is not None and spent >= budget:
                raise out_of_time(heap)
            if bar is not None:
                bar(heap, spent)
            found = set()
            for move in split_moves([heap], rules):
                left = limits
                if limits is not None and budget is not None:    # what the table has left, at least 1 ms
                    left = limits._replace(time=max(budget - (time.monotonic() - started), 1e-3))
                try:
                    if move[1] not in found and solve(after_move([heap], move), rules, limits=left).value < 0:
                        found.add(move[1])
                except SearchLimitError as error:
                    if budget is None or error.reason != "time":
                        raise
                    raise out_of_time(heap) from None
            winning = sorted(found)
            moves = not table.dead(heap)
            values.append((1 if winning else -1) if moves else 1)     # no move: the mover wins (misère)
            takes.append(tuple(winning))
            movable.append(moves)
    finally:
        close = getattr(bar, "close", None)
        if close is not None:
            close()
    return values, table.grundies(range(upto + 1)), takes, movable


def misere_table_searches(rules: Rules, upto: int, limits: Optional[Limits] = None) -> bool:
    """Whether ``misere_heap_table`` of ``rules`` to ``upto`` solves its rows by search
    (no misère quotient covers the heaps), where it may take very long: the command says
    so when no time limit is given. The quotient found is remembered for the table."""
    from nim.game.solution import SolveOptions
    from nim.takebreak.quotient_memo import quotient_for

    if not (rules.splits and rules.misere):
        return False
    try:
        quotient = quotient_for(rules, [upto], SolveOptions(time_limit=limits.time if limits else None))
    except NimError:
        return True
    return quotient is None or not quotient.covers(upto)


def _rows_by_quotient(rules: Rules, upto: int, quotient: Any, table: Any, limits: Optional[Limits]
                      ) -> Tuple[List[int], List[int], List[Tuple[int, ...]], List[bool]]:
    """``misere_heap_table`` by the misère quotient, in time linear in the heaps: a heap is
    lost when its element lies in P; a count wins when a move with it reaches P (one heap
    left: its element; two: the product, where the set of products of a heap's splits
    repeats with the quotient's period once the heap passes twice its pre-period and period,
    so it is found once per residue)."""
    from nim.progress import search_progress

    takes_all, leaves, splits, unequal = rules.split_places()
    counts = sorted(set(takes_all) | set(leaves) | set(splits))
    mul, p_set = quotient.table, quotient.p_portion
    element = quotient.element
    pre, per = quotient.period if quotient.period else (0, 0)
    stable = 2 * (pre + per) if per else None
    by_residue: Dict[int, bool] = {}

    def split_reaches_p(m: int) -> bool:
        """Some split of a heap of m into two (unequal: different) heaps has its product in P."""
        if stable is not None and m >= stable:
            key = (m - pre) % per
            if key not in by_residue:
                by_residue[key] = _splits_reach(m, unequal, element, mul, p_set)
            return by_residue[key]
        return _splits_reach(m, unequal, element, mul, p_set)

    cancel = limits.cancel if limits is not None else None
    bar = search_progress(f"misère table of {rules}", None) if upto >= 10_000 else None
    values: List[int] = []
    takes: List[Tuple[int, ...]] = []
    movable: List[bool] = []
    try:
        for heap in range(upto + 1):
            if cancel is not None and heap % 4096 == 0 and cancel.is_set():
                raise SearchLimitError(f"the misère table of {rules} was cancelled at heap {heap}",
                                       reason="cancelled")
            if bar is not None and heap % 65536 == 0:
                bar(heap, 0)
            winning = [c for c in counts if c <= heap and (
                (c == heap and c in takes_all and 0 in p_set)
                or (c < heap and c in leaves and element(heap - c) in p_set)
                or (heap - c >= 2 and c in splits and split_reaches_p(heap - c)))]
            moves = not table.dead(heap)
            values.append((1 if winning else -1) if moves else 1)     # no move: the mover wins (misère)
            takes.append(tuple(winning))
            movable.append(moves)
    finally:
        close = getattr(bar, "close", None)
        if close is not None:
            close()
    return values, table.grundies(range(upto + 1)), takes, movable


def _splits_reach(m: int, unequal: bool, element: Any, mul: Any, p_set: Any) -> bool:
    last = (m - 1) // 2 if unequal else m // 2
    return any(mul[element(a)][element(m - a)] in p_set for a in range(1, last + 1))


# -- games whose components are more than heaps ---------------------------------------------------

#: The most rows a table of a component game lists (each is an analysis in Python).
MAX_COMPONENT_ROWS = 20_000


class ComponentRow(NamedTuple):
    """One row of a component game's table: one component alone.

    Attributes
    ----------
    component : Any
        The component as a plain value (``[3, 5]``, a coin row's heads, ...).
    value : int
        +1 when the player to move wins the component alone, -1 when they lose, 0 a draw.
    grundy : int or None
        Its normal-play Grundy value, or None where the mex is past the limits.
    winning : tuple
        What each winning move leaves: a tuple of components (plain values) per move.
    words : tuple of str
        Each winning move in the family's words.
    movable : bool
        False when the component has no move.
    """

    component: Any
    value: int
    grundy: Optional[int]
    winning: Tuple[Tuple[Any, ...], ...]
    words: Tuple[str, ...]
    movable: bool

    @property
    def outcome(self) -> str:
        """``"win"``, ``"loss"`` or ``"draw"``, for the player to move."""
        return {1: "win", 0: "draw", -1: "loss"}[self.value]

    def to_dict(self) -> Dict[str, Any]:
        """The row as JSON-ready values."""
        return {"component": self.component, "value": self.value, "outcome": self.outcome,
                "grundy": self.grundy, "winning": [list(left) for left in self.winning],
                "winning_words": list(self.words), "movable": self.movable}


def component_table(upto: int, rules: RulesLike = None, limits: Optional[Limits] = None
                    ) -> Tuple[str, List[ComponentRow]]:
    """The table of a game whose components are more than heaps (``ComponentFamily``): the
    components its ``table_rows`` hook lists for ``upto`` (Wythoff's pairs up to ``upto``, a
    lone head at each place of a coin row, ...), each alone: its outcome under the rules'
    convention, its normal-play Grundy value and every winning move.

    Returns
    -------
    (what the rows are, in words; the rows)

    Raises
    ------
    NimError
        For a family without a table (it says what takes its positions), more rows than
        MAX_COMPONENT_ROWS, or a bad ``upto``.
    SearchLimitError
        When the limits' time runs out.
    """
    import time
    from itertools import islice

    from nim.families import ComponentFamily
    from nim.solving.components import (ComponentBudget, analyze_components, component_grundy,
                                        components_values, position_value)

    ruleset = Rules.coerce(rules)
    family = ruleset.family
    if not isinstance(family, ComponentFamily):
        raise NimError(f"{ruleset} is a game of heaps: pile_table tabulates it")
    size = _size(upto)
    found = family.table_rows(size)
    if found is None:
        raise NimError(f"{ruleset} has no table (its positions are not numbered: a {family.component_noun} "
                       "is given, not counted); what takes them: nim.solve, nim.analyze, nim.explain and "
                       "'nimcore solve POSITION --rules " + str(ruleset) + "'")
    what, listed = found
    components = list(islice(listed, MAX_COMPONENT_ROWS + 1))     # counted before any work
    if len(components) > MAX_COMPONENT_ROWS:
        raise NimError(f"the table of {ruleset} up to {size:,} has more than {MAX_COMPONENT_ROWS:,} rows "
                       f"({what}): ask for a smaller --upto")
    nodes = limits.nodes if limits is not None else None
    seconds = limits.time if limits is not None else None
    deadline = time.monotonic() + seconds if seconds else None
    budget = ComponentBudget(nodes, seconds, f"the table of {ruleset}")
    rows: List[ComponentRow] = []
    for component in components:
        if deadline is not None and time.monotonic() > deadline:
            raise SearchLimitError(f"the table of {ruleset} stopped after {len(rows):,} rows: the time limit",
                                   reason="time", nodes=budget.nodes, seconds=seconds or 0.0)
        position = position_value(family, (component,))
        moves = analyze_components(position, ruleset, nodes, seconds)
        if moves:
            value = max(v for _, v in moves)
        else:
            value = 1 if ruleset.misere else -1
        # two moves may be one (either pile of (2, 2)): each once, in the family's order
        wins = list(dict.fromkeys((move.count, move.left) for move, v in moves if v > 0))
        winning = tuple(tuple(components_values(family, left)) for _, left in wins)
        words = tuple(family.move_words(component, count, left) for count, left in wins)
        try:
            grundy: Optional[int] = component_grundy(family, component, budget)
        except (SearchLimitError, NimError):       # past the mex's reach: the outcome still stands
            grundy = None
        rows.append(ComponentRow(family.component_value(component), value, grundy, winning, words, bool(moves)))
    return what, rows
