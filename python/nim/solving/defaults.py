"""The default Solvers, one per rule set (and table size), kept between calls,
and the functions that ask them: ``solve`` and ``analyze`` (``nim.solve``,
``nim.analyze``). The ``Solver`` itself is in ``nim.solving.solver``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterable, Optional, Tuple

from nim.game.limits import Limits, with_limits
from nim.position import rules_for
from nim.rules import MISERE, NORMAL, Rules, RulesLike
from nim.game.solution import DEFAULT_NODE_LIMIT, Solution
from nim.solving.solver import Solver

if TYPE_CHECKING:
    from nim.game.analysis import Analysis

__all__ = ["DEFAULT_SOLVERS", "analyze", "default_solver", "forget_default_solvers", "solve"]

#: How many default Solvers ``nim.solve`` keeps (one per rule set and table size).
DEFAULT_SOLVERS = 16


def solve(
    piles: Iterable[int],
    rules: RulesLike = None,
    method: str = "auto",
    *,
    node_limit: Optional[int] = DEFAULT_NODE_LIMIT,
    time_limit: Optional[float] = None,
    tt_mb: Optional[int] = None,
    progress: Optional[bool] = False,
    cancel: Optional[Any] = None,
    limits: Optional[Limits] = None,
) -> Solution:
    """Solve a Nim position exactly: ``Solver(rules, tt_mb=tt_mb).solve(...)``, with
    the Solver cached per rule set, so its tables serve the next call too.

    Parameters
    ----------
    piles : iterable of int
        Pile sizes, non-negative; zeros are allowed. Read once.
    rules : Rules or str, default normal play, take any
        A ``Rules`` object or a rule string such as ``"misere,max=3"``; by
        default a ``Position``'s own rules.
    method : str, default "auto"
        ``auto``, ``minimax``, ``alphabeta``, ``grundy`` (and any engine added later).
        Take-and-break games (octal codes, Grundy's game) take ``auto``,
        ``theory``, ``tt`` and, in misère play, ``quotient``: the misère
        quotient (``nim.octal.misere_quotient``), which ``auto`` tries first
        (within a quarter of ``time_limit``, 2 s without one;
        ``nim.takebreak.quotient_memo``) and ``quotient`` forces (an error
        where it cannot cover the heaps).
    node_limit : int or None
        Stop a search after this many nodes (0 or None: no limit; at most 2**63 - 1).
    time_limit : float or None
        Stop a search after this many seconds.
    tt_mb : int or None
        Upper bound, in MB, on all the `tt` engine holds -- its transposition
        table, Grundy and endgame tables and search stack -- within 10%
        (1 .. 2**20; None: DEFAULT_TT_MB).
    progress : bool or None
        Show a progress counter on stderr; None shows it when stderr is a terminal.
    cancel : object with ``is_set()`` or None
        A cancellation handle such as ``threading.Event``: a search stops soon
        (within milliseconds) after it is set, e.g. from another thread.
    limits : Limits, optional
        All the limits in one value (``nim.Limits``); the five keywords above
        are its shorthands and must then be left out.

    Returns
    -------
    Solution

    Raises
    ------
    InvalidPositionError, InvalidRulesError, UnknownMethodError, NimError
        For bad input (NimError: a bad limit, e.g. ``tt_mb=0``).
    SearchLimitError
        When a limit stops the search (reason "cancelled": the ``cancel``
        handle); its message says what was searched.
    KeyboardInterrupt
        When Ctrl-C stops the search.

    Notes
    -----
    The cached Solvers (at most DEFAULT_SOLVERS rule sets) keep their tables
    between calls; ``forget_default_solvers()`` frees them.
    """
    if rules is None:       # a Position lends its rules (guarded: a call is a fifth of a warm solve)
        rules = rules_for(piles, rules)
    if limits is not None:
        given = with_limits(limits, node_limit=node_limit, time_limit=time_limit, tt_mb=tt_mb,
                            progress=progress, cancel=cancel)
        node_limit, time_limit, tt_mb = given["node_limit"], given["time_limit"], given["tt_mb"]
        progress, cancel = given["progress"], given["cancel"]
    # With the default options this is a dict lookup and one compiled call: the
    # Solver's fast path answers every rule set with an exact theory in C.
    if (tt_mb is None and node_limit is DEFAULT_NODE_LIMIT and time_limit is None and progress is False
            and cancel is None):
        try:
            solver = _SOLVERS_BY_ARGUMENT[rules]
        except (KeyError, TypeError):       # TypeError: unhashable rules, refused there
            solver = default_solver(rules)
        return solver._solve_plain(piles, method)
    return default_solver(rules, tt_mb).solve(
        piles, method, node_limit=node_limit, time_limit=time_limit, progress=progress, cancel=cancel
    )


def analyze(
    piles: Iterable[int],
    rules: RulesLike = None,
    *,
    depth: bool = True,
    node_limit: Optional[int] = DEFAULT_NODE_LIMIT,
    time_limit: Optional[float] = None,
    tt_mb: Optional[int] = None,
    progress: Optional[bool] = False,
    cancel: Optional[Any] = None,
    limits: Optional[Limits] = None,
) -> Analysis:
    """Score every legal move of a position: ``Solver(rules, tt_mb=tt_mb).analyze(...)``,
    with the Solver cached per rule set (as ``nim.solve`` does).

    Parameters
    ----------
    piles : iterable of int
        Pile sizes, non-negative.
    rules : Rules or str, default normal play, take any
        By default a ``Position``'s own rules.
    depth : bool, default True
        Compute each move's depth, exact: under take `any` by the game-length
        formulas (``nim.solving.length``, no search, O(moves)); under `max K`, `half`
        and `set S` by a search of every position reachable from the root
        (the result's ``method`` says "tt"). False: values only (depth None),
        by the theory where it is exact, much faster on large positions.
    node_limit, time_limit, tt_mb, progress, cancel, limits
        As for ``nim.solve``; the limits hold for the whole analysis.

    Returns
    -------
    Analysis (a list of MoveAnalysis)
        One row per legal move, in the engines' order (pile by pile from the
        left, largest take first); empty when no move is left. Its ``method``
        is "theory" (formulas) or "tt" (search).

    Raises
    ------
    InvalidPositionError, InvalidRulesError, NimError
        For bad input.
    SearchLimitError
        When a limit stops the analysis; its message says what was searched.
    KeyboardInterrupt
        When Ctrl-C stops it.
    """
    if limits is not None:
        given = with_limits(limits, node_limit=node_limit, time_limit=time_limit, tt_mb=tt_mb,
                            progress=progress, cancel=cancel)
        node_limit, time_limit, tt_mb = given["node_limit"], given["time_limit"], given["tt_mb"]
        progress, cancel = given["progress"], given["cancel"]
    return default_solver(rules_for(piles, rules), tt_mb).analyze(
        piles, depth, node_limit=node_limit, time_limit=time_limit, progress=progress, cancel=cancel
    )


#: The default Solvers, by (Rules, tt_mb), and by the ``rules`` argument as given
#: (None, a rule string or a Rules) for the default table size: nim.solve's first lookup.
_SOLVERS: Dict[Tuple[Rules, Optional[int]], Solver] = {}
_SOLVERS_BY_ARGUMENT: Dict[Any, Solver] = {}


def default_solver(rules: RulesLike = None, tt_mb: Optional[int] = None) -> Solver:
    """The Solver ``nim.solve`` and ``nim.analyze`` use for these rules and table size.

    Cached (the last DEFAULT_SOLVERS rule sets), with the default limits.

    Raises
    ------
    InvalidRulesError, NimError
        For bad rules or a bad ``tt_mb``.
    """
    if tt_mb is not None and type(tt_mb) is not int:
        return Solver(rules, tt_mb=tt_mb)    # refused there (True == 1 would match a key)
    if tt_mb is None:
        try:
            return _SOLVERS_BY_ARGUMENT[rules]
        except (KeyError, TypeError):       # TypeError: unhashable rules, refused below
            pass
    ruleset = Rules.coerce(rules)
    solver = _SOLVERS.get((ruleset, tt_mb))
    if solver is None:
        solver = Solver._of(ruleset, tt_mb=tt_mb)
        if len(_SOLVERS) >= DEFAULT_SOLVERS:
            forget_default_solvers()       # rare: many rule sets; start afresh
        _SOLVERS[(ruleset, tt_mb)] = solver
    if tt_mb is None and (rules is None or type(rules) is str or type(rules) is Rules):
        if len(_SOLVERS_BY_ARGUMENT) >= 4 * DEFAULT_SOLVERS:
            _SOLVERS_BY_ARGUMENT.clear()       # many spellings of few rule sets
        _SOLVERS_BY_ARGUMENT[rules] = solver
    return solver


def forget_default_solvers() -> None:
    """Drop the default Solvers (and their tables); the next calls build new ones."""
    _SOLVERS.clear()
    _SOLVERS_BY_ARGUMENT.clear()


# The default Solvers of plain Nim are built with the module (about 40 µs cold),
# so that a fresh process's first nim.solve is one dict lookup and one compiled
# call, as with the compiled decorator this replaced (issue 3's first-call figure).
for _rules in (None, "normal", "misere", NORMAL, MISERE):
    default_solver(_rules)
