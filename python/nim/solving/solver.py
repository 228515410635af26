"""The ``Solver``: one rule set's theory and tables, kept across calls (the
engines are in ``nim.solving.engines``; ``nim.solve`` asks a cached Solver, ``nim.solving.defaults``).
"""

from __future__ import annotations

from sys import modules as _modules
from time import perf_counter
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Optional, Tuple, TypeVar

from nim.solving.engines import _REMOVED
from nim.solving.engines import (  # the public ones are nim.solving.solver's names too
    ENGINES, METHODS, SPLIT_ONLY_METHODS, Engine, TheoryWarning, _check_method, auto_method, engine_named,
    has_closed_form, theory,
)
from nim.game.solution import (
    DEFAULT_NODE_LIMIT, DEFAULT_TT_MB, Solution, SolveOptions, check_options, placed,
)
from nim.errors import NimError, SearchLimitError, UnknownMethodError
from nim.game.limits import Limits, with_limits
from nim.position import Move, Position, as_piles, read_once
from nim.rules import Rules, RulesLike
from nim.families import ComponentFamily
from nim.solving import family_sums as _family_sums  # noqa: F401  (registers the family "sum")
from nim.kernel import TranspositionTable
from nim.solving.closed_forms import Theory
from nim.kernel import batch as _batch_core

if TYPE_CHECKING:
    from nim.takebreak.sums import SumTable
    from nim.game.analysis import Analysis

_T = TypeVar("_T")

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TT_MB",
    "ENGINES",
    "Engine",
    "Limits",
    "METHODS",
    "Solution",
    "SolveOptions",
    "Solver",
    "has_closed_form",
    "TheoryWarning",
]


# ---------------------------------------------------------------- the Solver

_new_tuple = tuple.__new__
#: A solve inside IPython (a notebook) returns a Solution that draws its board.
_IPYTHON = "IPython"
_theory_solve = _batch_core.theory_solve
#: The moves the fast path has answered, shared (a Move is an immutable tuple): a
#: warm call then looks its move up instead of building it (40 ns of 350). At
#: most _MOVES_KEPT of them, so positions of ever new moves cost no memory.
_MOVES: Dict[Tuple[int, int], Move] = {}
_MOVES_KEPT = 4096

#: "Use the Solver's own setting" for a per-call limit.
_SETTING: Any = object()
#: The fields of SolveOptions, and those a call may set: all but the table
#: size, which is the Solver's.
_ALL_OPTIONS = SolveOptions._fields
_OPTION_NAMES = tuple(name for name in _ALL_OPTIONS if name != "tt_mb")


class Solver:
    """A rule set's solver that keeps its tables between calls, like a chess
    engine between moves: the theory of the rule set and the `tt` engine's
    transposition table are built once and serve every later call.

    Parameters
    ----------
    rules : Rules or str, default normal play, take any
    tt_mb : int or None
        Upper bound on the transposition table, in MB (None: DEFAULT_TT_MB).
        The table starts at one page and grows while it fills; it is kept
        between calls (``clear()`` frees it).
    node_limit : int or None
        Default node limit of each search (None: no limit).
    time_limit : float or None
        Default time limit of each search, in seconds.

    Raises
    ------
    InvalidRulesError, NimError
        For bad rules or a bad limit.

    Notes
    -----
    A Solver answers under its own rules: a ``Position``'s rules are not read
    (``nim.solve`` reads them).

    It owns its compiled state: the rule set's theory (``exact_theory``, whose
    compiled ``theory_solve`` answers a plain position in one call) and the
    transposition table.

    A Solver may be shared by threads: its table is used by one search at a
    time, and a search that finds it busy uses a table of its own for that call.
    It pickles (and deep-copies) as its settings, not its tables.

    Examples
    --------
    >>> solver = Solver("misere,max=3")
    >>> solver.solve([4, 1]).value
    -1
    """

    def __init__(self, rules: RulesLike = None, *, tt_mb: Optional[int] = None,
                 node_limit: Optional[int] = DEFAULT_NODE_LIMIT,
                 time_limit: Optional[float] = None) -> None:
        self._start(Rules.coerce(rules), tt_mb, node_limit, time_limit)

    @classmethod
    def _of(cls, ruleset: Rules, *, tt_mb: Optional[int] = None,
            node_limit: Optional[int] = DEFAULT_NODE_LIMIT, time_limit: Optional[float] = None) -> "Solver":
        """``Solver(ruleset, ...)`` for a ``Rules`` (the package's own callers, which
        read the rules once at their surface: ``nim.solve``'s default Solvers).

        Raises
        ------
        NimError
            For a bad limit.
        """
        solver = cls.__new__(cls)
        solver._start(ruleset, tt_mb, node_limit, time_limit)
        return solver

    def _start(self, ruleset: Rules, tt_mb: Optional[int], node_limit: Optional[int],
               time_limit: Optional[float]) -> None:
        self._rules = ruleset
        self._options = check_options(SolveOptions(node_limit, time_limit, tt_mb, False))
        # made when first needed; its own lock lets one thread at a time use it
        self._table: Optional[TranspositionTable] = None
        #: the theory when it is exact for the rules (then ``auto`` needs no search);
        #: a take-and-break game has its own (nim.takebreak.solve)
        #: a game of components that are more than heaps (Wythoff's pairs, ...): the generic
        #: engine of nim.solving.components plays it, the heap engines do not
        self._components = isinstance(ruleset.family, ComponentFamily)
        self.exact_theory: Optional[Theory] = (
            theory(self._rules) if not self._rules.splits and not self._components
            and has_closed_form(self._rules) else None)
        # what the fast path hands the compiled call
        self._fast_core = self.exact_theory.core if self.exact_theory is not None else None
        #: what ``auto`` runs when the theory is exact (its answers name it)
        self._auto = auto_method(self._rules) if self.exact_theory is not None else ""
        #: a take-and-break game in normal play: its nim-sequence (nim.takebreak.sums)
        self._sums: Optional[SumTable] = None
        if self._rules.splits and not self._rules.misere:
            from nim.takebreak.sums import table_of
            self._sums = table_of(self._rules)

    @property
    def rules(self) -> Rules:
        """The rule set."""
        return self._rules

    @property
    def tt_mb(self) -> Optional[int]:
        """Upper bound on the transposition table, in MB (None: DEFAULT_TT_MB)."""
        return self._options.tt_mb

    @property
    def node_limit(self) -> Optional[int]:
        """Node limit of each search unless a call gives its own (None: none)."""
        return self._options.node_limit

    @property
    def time_limit(self) -> Optional[float]:
        """Time limit of each search, in seconds, unless a call gives its own."""
        return self._options.time_limit

    def solve(self, piles: Iterable[int], method: str = "auto", *,
              node_limit: Optional[int] = _SETTING, time_limit: Optional[float] = _SETTING,
              progress: Optional[bool] = False, cancel: Optional[Any] = None,
              limits: Optional[Limits] = None) -> Solution:
        """Solve one position exactly.

        Parameters
        ----------
        piles : iterable of int
            Pile sizes, non-negative; read once.
        method : str, default "auto"
            An engine name (``nim.solving.METHODS``); ``quotient`` too for a
            take-and-break game in misère play (see ``nim.solve``).
        limits : Limits, optional
            Limits of this call (default: the Solver's; its ``memory`` is the
            Solver's table size and cannot change per call).
        node_limit, time_limit, progress, cancel : optional, keyword only
            Shorthands for the fields of ``limits``.

        Returns
        -------
        Solution

        Raises
        ------
        InvalidPositionError, UnknownMethodError, NimError
            For bad input.
        SearchLimitError
            When a limit stops the search.
        KeyboardInterrupt
            When Ctrl-C stops the search.
        """
        if (node_limit is _SETTING and time_limit is _SETTING and progress is False and cancel is None
                and limits is None):
            return self._solve_plain(piles, method)      # no per-call option: the fast paths
        given: Dict[str, Any] = {"node_limit": node_limit, "time_limit": time_limit, "progress": progress,
                                 "cancel": cancel}
        if limits is not None:
            if node_limit is not _SETTING or time_limit is not _SETTING or progress or cancel is not None:
                raise TypeError("give the limits in limits=Limits(...) or as keywords, not both")
            given = with_limits(limits)
            if given.pop("tt_mb") is not None:
                raise TypeError("a Solver's table size is its own: give tt_mb to Solver(...), "
                                "not Limits(memory=...) to a call")
        piles = read_once(piles)
        return self._shown(self.solve_general(piles, method, given), piles)

    def _solve_plain(self, piles: Iterable[int], method: str) -> Solution:
        """``solve(piles, method)`` with the Solver's own limits: ``nim.solve``'s way in.

        Its two positional parameters cost less to bind than ``solve``'s five
        keyword-only ones (70 ns, a fifth of a warm call). The fast paths: the
        compiled theory where it is exact (a plain list or tuple), the nim-sum of a
        take-and-break game in normal play.
        """
        fast = self._fast_core
        if fast is not None and method == "auto":
            answer = _theory_solve(fast, piles)
            if answer is not None:
                value, pile, take, seconds = answer
                if pile < 0:
                    move = None
                else:
                    move = _MOVES.get((pile, take))
                    if move is None:
                        move = _new_tuple(Move, (pile, take))
                        if len(_MOVES) < _MOVES_KEPT:
                            _MOVES[pile, take] = move
                solution = _new_tuple(Solution, (value, move, 0, self._auto, seconds))
                if _IPYTHON not in _modules:
                    return solution
                return placed(solution, Position(piles, self._rules))   # a notebook draws its board
        if self._components:
            return self.solve_general(piles, method, {})
        sums = self._sums
        if sums is not None and method == "auto":
            started = perf_counter()
            heaps = as_piles(read_once(piles))
            value, move = sums.solve(heaps)
            return self._shown(_new_tuple(Solution, (value, move, 0, "theory", perf_counter() - started)),
                               heaps)
        piles = read_once(piles)
        return self._shown(self.solve_general(piles, method, {}), piles)

    def _solve_components(self, position: Iterable[Any], method: str, limits: Dict[str, Any]) -> Solution:
        """``solve`` for a game of components that are more than heaps (the generic engine)."""
        from nim.solving.components import solve_components

        if method not in ("auto", "theory", "search"):
            raise UnknownMethodError(f"method {method!r}: {self._rules} is solved by 'auto' (its theorem where "
                                     "one decides, the mex or an exact search elsewhere)")
        options = self.call_options(**{k: v for k, v in limits.items() if k in ("node_limit", "time_limit", "cancel")})
        return solve_components(read_once(position), self._rules, options.node_limit, options.time_limit,
                                options.cancel)

    def _shown(self, solution: Solution, piles: Iterable[int]) -> Solution:
        """``solution``, carrying its position when a notebook may draw it (``placed``): a heap
        position only (a game of components has no heap board to draw)."""
        if _IPYTHON not in _modules or self._components:
            return solution
        return placed(solution, Position(piles, self._rules))

    def solve_general(self, piles: Iterable[int], method: str, limits: Dict[str, Any]) -> Solution:
        """``solve`` for what its fast path leaves (see ``solve``)."""
        # every option of SolveOptions but the table size, which is the Solver's
        unknown = sorted(set(limits) - set(_OPTION_NAMES) | ({"tt_mb"} & set(limits)))
        if unknown:
            raise TypeError(f"solve() got an unexpected keyword argument {unknown[0]!r}")
        if self._components:
            return self._solve_components(piles, method, limits)
        position = as_piles(read_once(piles))
        options = self.call_options(**limits)
        name = _check_method(method)
        if self._rules.splits:
            from nim.takebreak.solve import split_solve
            return split_solve(position, self._rules, name, options)
        if name in SPLIT_ONLY_METHODS:
            raise UnknownMethodError(f"method {method!r} solves take-and-break games (misère play), "
                                     f"not {self._rules}")
        if name == "auto":
            name = auto_method(self._rules)
        engine = engine_named(name)
        if engine.uses_table:
            return self._with_table(lambda table: engine.run(position, self._rules, options, table))
        return engine.run(position, self._rules, options, None)

    def analyze(self, piles: Iterable[int], depth: bool = True, *, limits: Optional[Limits] = None,
                node_limit: Optional[int] = _SETTING, time_limit: Optional[float] = _SETTING,
                progress: Optional[bool] = False, cancel: Optional[Any] = None) -> "Analysis":
        """Score every legal move of a position (see ``nim.analyze``); ``limits``
        or its shorthands bound the whole analysis (default: the Solver's).

        Returns
        -------
        Analysis (a list of MoveAnalysis)
            One row per legal move, in the engines' order.

        Raises
        ------
        InvalidPositionError, NimError
            For bad input.
        SearchLimitError
            When a limit stops the analysis.
        """
        from nim.solving.length import analyze_by_length
        from nim.game.analysis import Analysis, MoveAnalysis
        from nim.solving.analysis import analyze_by_theory, analyze_moves

        if limits is not None:
            given = with_limits(limits)
            if given.pop("tt_mb") is not None:
                raise TypeError("a Solver's table size is its own: give tt_mb to Solver(...), "
                                "not Limits(memory=...) to a call")
            if node_limit is not _SETTING or time_limit is not _SETTING or progress or cancel is not None:
                raise TypeError("give the limits in limits=Limits(...) or as keywords, not both")
            options = self.call_options(**given)
        else:
            options = self.call_options(node_limit=node_limit, time_limit=time_limit, progress=progress,
                                        cancel=cancel)
        if self._components:            # depths are not computed for these games (None)
            from nim.solving.components import analyze_components_by
            found, by = analyze_components_by(read_once(piles), self._rules, options.node_limit,
                                              options.time_limit, options.cancel)
            return Analysis([MoveAnalysis(move, value, None) for move, value in found], (), self._rules, by)
        position = as_piles(read_once(piles))
        method = "theory"
        if self._rules.splits:
            from nim.takebreak.analysis import analyze_splits
            rows, method = analyze_splits(position, self._rules, depth, options)
        elif depth and self._rules.family.is_nim:
            rows = analyze_by_length(position, self._rules)       # depths by formula, no search
        elif not depth and self.exact_theory is not None:
            rows = analyze_by_theory(position, self._rules, self.exact_theory)
        else:
            method = "tt"                  # depths under max K, half, set S: the exact search
            rows = self._with_table(lambda table: analyze_moves(position, self._rules, depth, options, table))
        return Analysis(rows, position, self._rules, method)

    def values(self, positions: Any) -> Any:
        """The value (+1 the mover wins, -1 loses) of every row of a 2-D batch.

        Parameters
        ----------
        positions : 2-D buffer of integers, or a list of lists
            One position per row (a NumPy array, anything with the buffer
            protocol, or a list of lists; zeros pad short rows). For a game whose
            components are more than heaps (Wythoff's pairs, coin rows, graphs,
            ...), a list of positions, each as ``nim.solve`` takes it (a NumPy
            array: its rows, as lists), and a row's value may be 0 (a draw).

        Returns
        -------
        numpy.ndarray of int8, or array.array('b') when NumPy is not installed

        Raises
        ------
        InvalidPositionError
            Naming the row and pile of a bad value.
        SearchLimitError
            When a row needs a search that a limit stops.
        """
        from nim.solving.batch import as_batch, batch_values

        if self._components:      # a row is a position as nim.solve takes it (pairs, a coin row, ...)
            from nim.solving.batch import component_rows

            return batch_values(component_rows(positions), None, self.solve)
        if self._rules.splits and not self._rules.misere:
            from nim.takebreak.sums import table_of
            from nim.takebreak.solve import split_values
            return split_values(as_batch(positions), table_of(self._rules), self.call_options())
        if self._rules.splits:       # misère: the quotient's products where it covers the batch
            from nim.takebreak.solve import misere_split_values
            view = as_batch(positions)      # read once: an iterable is not read again below
            found = misere_split_values(view, self._rules, self.call_options())
            if found is not None:
                return found
            positions = view
        return batch_values(positions, self.exact_theory, self.solve)

    def best_moves(self, positions: Any) -> Tuple[Any, Any]:
        """A best move of every row of a 2-D batch (see ``values``).

        Returns
        -------
        (pile, count) : two int64 arrays (NumPy, or array.array('q') without it)
            The pile index and the number taken; both -1 where a row has no move.

        Raises
        ------
        InvalidPositionError
            Naming the row and pile of a bad value.
        SearchLimitError
            When a row needs a search that a limit stops.
        """
        from nim.solving.batch import batch_best_moves

        if self._rules.splits:
            raise NimError(f"best_moves answers (pile, count) arrays, which cannot hold the split moves of "
                           f"{self._rules}: use solve or solve_many (a Move with its split)")
        if self._components:
            raise NimError(f"best_moves answers (pile, count) arrays, which cannot hold a move of {self._rules} "
                           "(what it leaves of the component): use solve or solve_many, whose Solutions carry "
                           "each move (a ComponentMove)")
        return batch_best_moves(positions, self.exact_theory, self.solve)

    def clear(self) -> None:
        """Free the tables (they are rebuilt when needed; a search running on
        another thread keeps the one it holds until it ends)."""
        self._table = None

    def call_options(self, **limits: Any) -> SolveOptions:
        """The Solver's options with a call's own limits (a limit given as the
        ``_SETTING`` marker keeps the Solver's), checked.

        Raises
        ------
        NimError
            Quoting a bad limit.
        """
        given = {name: value for name, value in limits.items() if value is not _SETTING}
        if not given or given in ({"progress": False}, {"progress": False, "cancel": None}):
            return self._options
        options = {name: getattr(self._options, name) for name in _ALL_OPTIONS}
        options.update(given)
        return check_options(SolveOptions(**options))

    def _with_table(self, run: Callable[[TranspositionTable], _T]) -> _T:
        """``run(table)`` with the Solver's table, held for this thread across every
        search ``run`` makes, or with a new one while another thread holds it
        (a table serves one thread at a time: its lock is the only one)."""
        table = self._table
        if table is None:
            # two threads may both make one here: each searches with its own, one is kept
            table = self._table = _table_of(self._options.tt_mb or DEFAULT_TT_MB)
        if not table.try_hold():
            return run(_table_of(self._options.tt_mb or DEFAULT_TT_MB))
        try:
            return run(table)
        finally:
            table.release()

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        # the settings travel, the tables do not (a worker builds its own)
        return (_new_solver, (self._rules, self._options.tt_mb, self._options.node_limit,
                              self._options.time_limit))

    def __repr__(self) -> str:
        settings = [repr(str(self._rules))]
        defaults = SolveOptions()
        for name in ("tt_mb", "node_limit", "time_limit"):
            value = getattr(self._options, name)
            if value != getattr(defaults, name):
                settings.append(f"{name}={value!r}")
        return f"Solver({', '.join(settings)})"


def _new_solver(rules: Rules, tt_mb: Optional[int], node_limit: Optional[int],
                time_limit: Optional[float]) -> Solver:
    return Solver._of(rules, tt_mb=tt_mb, node_limit=node_limit, time_limit=time_limit)


def _table_of(mb: int) -> TranspositionTable:
    """An empty table of at most ``mb`` MB (it starts at one page).

    Raises
    ------
    SearchLimitError
        reason "memory": the table cannot be allocated.
    """
    try:
        return TranspositionTable(mb)
    except MemoryError:
        raise SearchLimitError(
            f"no memory for a transposition table of {mb:,} MB; use a smaller tt_mb (--tt-mb)",
            reason="memory",
        ) from None


if not TYPE_CHECKING:    # mypy would read any missing name as this function's
    def __getattr__(name: str) -> Any:
        """A name removed in 0.3.0 raises an AttributeError that says what replaces it (PEP 562)."""
        if name in _REMOVED:
            raise AttributeError(f"{__name__}.{_REMOVED[name]}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
