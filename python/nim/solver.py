"""Solving positions: ``solve()`` runs one engine and returns a ``Solution``.

Engines (SPEC section 3):

========== ==============================================================
minimax    plain minimax, visits every node (exact CENG node counts)
alphabeta  minimax with alpha-beta pruning, window (-1, +1)
theory     the theory of THEORY.md (nimcore.theory): Grundy values and
           Bouton's rule, normal and misère, every take rule; exact wherever
           condition (C) holds (any, max K, half, and every set S tried)
grundy     the theory restricted to Sprague-Grundy values (normal play, every
           take rule) and Bouton's rule (misère play, `any` take rule)
tt         negamax alpha-beta over canonical positions with a transposition
           table of at most ``tt_mb`` MB (every rule set; nimcore.tt)
auto       ``theory`` where it is exact, else ``tt`` (with a TheoryWarning)
========== ==============================================================
"""

from __future__ import annotations

import time
from _thread import allocate_lock   # threading.Lock itself; `threading` costs 1 ms of start-up
import warnings
from collections.abc import Iterator
from functools import lru_cache
from typing import (
    TYPE_CHECKING, Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Set, Tuple, TypeVar,
    Union,
)

from nim.errors import InvalidPositionError, NimError, SearchLimitError, UnknownMethodError
from nim.limits import check_limits
from nim.position import Move, as_piles
from nim.progress import search_progress
from nim.rules import MISERE, NORMAL, Rules, RulesLike
import nimcore.ida as _ida_core
import nimcore.tt as _tt_core
from nimcore.batch import CoreSolver
from nimcore.minimax import search as _minimax_search
from nimcore.theory import CoreTheory
from nimcore.rules import MAX_PILE
from nimcore.search import DEFAULT_MAX_DEPTH, Search
from nimcore.ttable import MAX_MB, TranspositionTable

if TYPE_CHECKING:
    from nim.analysis import Analysis

_T = TypeVar("_T")

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TT_MB",
    "METHODS",
    "Solution",
    "SolveOptions",
    "Solver",
    "default_solver",
    "forget_default_solvers",
    "solve",
    "has_closed_form",
    "TheoryWarning",
    "register_engine",
]

#: Nodes a search may visit unless told otherwise: about five seconds of minimax.
DEFAULT_NODE_LIMIT = 1_000_000_000

#: Transposition-table size of the `tt` engine unless told otherwise, in MB.
#: 256 MB holds 8 million positions -- more than twice what the largest benchmark
#: (misère max 3 on ten piles up to 28) stores -- and costs a small search
#: nothing: the memory is reserved, not touched, and the table starts small and
#: doubles in place only while it fills (see nimcore/ttable.pxd).
DEFAULT_TT_MB = 256


class Solution(NamedTuple):
    """The answer for one position (a named tuple: ``value, move, *_ = solve(...)`` works).

    Attributes
    ----------
    value : int
        +1 when the player to move wins with best play, -1 when they lose.
    move : Move or None
        A best move, or None when there is no legal move.
    nodes : int
        Nodes the engine visited (0 for the closed forms).
    method : str
        The engine that actually ran.
    seconds : float
        Time the engine took.
    """

    value: int
    move: Optional[Move]
    nodes: int
    method: str
    seconds: float

    @property
    def wins(self) -> bool:
        """True when the player to move wins."""
        return self.value > 0

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict: value, move ([pile, count] or null), nodes, method, seconds."""
        return {
            "value": self.value,
            "move": list(self.move) if self.move is not None else None,
            "nodes": self.nodes,
            "method": self.method,
            "seconds": self.seconds,
        }

    def _repr_html_(self) -> str:
        """An HTML table for notebooks (drawn by nim.display)."""
        from nim.display import solution_html
        return solution_html(self)


class SolveOptions(NamedTuple):  # not a dataclass: importing dataclasses slowed start-up
    """Limits and reporting for one search (see ``solve``)."""

    node_limit: Optional[int] = DEFAULT_NODE_LIMIT
    time_limit: Optional[float] = None
    tt_mb: Optional[int] = None
    progress: Optional[bool] = False
    cancel: Optional[Any] = None    # an object with is_set(), e.g. threading.Event


Engine = Callable[[Tuple[int, ...], Rules, SolveOptions], Solution]
#: An engine, possibly with optional parameters of its own (the tt engine's table).
_EngineT = TypeVar("_EngineT", bound=Engine)
_ENGINES: Dict[str, Engine] = {}
#: Names accepted by ``solve(method=...)``; engines added by ``register_engine`` join it.
METHODS: List[str] = ["auto"]


def register_engine(name: str) -> Callable[[_EngineT], _EngineT]:
    """Decorator: make an engine function available as ``solve(method=name)``."""

    def add(engine: _EngineT) -> _EngineT:
        _ENGINES[name] = engine
        if name not in METHODS:
            METHODS.append(name)
        return engine

    return add


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
) -> Solution:
    """Solve a Nim position exactly: ``Solver(rules, tt_mb=tt_mb).solve(...)``, with
    the Solver cached per rule set, so its tables serve the next call too.

    Parameters
    ----------
    piles : iterable of int
        Pile sizes, non-negative; zeros are allowed. Read once.
    rules : Rules or str, default normal play, take any
        A ``Rules`` object or a rule string such as ``"misere,max=3"``.
    method : str, default "auto"
        ``auto``, ``minimax``, ``alphabeta``, ``grundy`` (and any engine added later).
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
    # With the default options this is a dict lookup and one compiled call: the
    # Solver's fast path answers every rule set with an exact theory in C.
    if (tt_mb is None and node_limit is DEFAULT_NODE_LIMIT and time_limit is None and progress is False
            and cancel is None):
        try:
            solver = _SOLVERS_BY_ARGUMENT[rules]
        except (KeyError, TypeError):       # TypeError: unhashable rules, refused there
            solver = default_solver(rules)
        return solver.solve(piles, method)
    return default_solver(rules, tt_mb).solve(
        piles, method, node_limit=node_limit, time_limit=time_limit, progress=progress, cancel=cancel
    )


def check_options(options: SolveOptions) -> SolveOptions:
    """The options, checked (see ``nim.limits``; a node limit of 0 means none).

    Raises
    ------
    NimError
        Quoting the bad value.
    """
    node_limit, time_limit = check_limits(options.node_limit, options.time_limit)  # 0 nodes: no limit
    value = options.tt_mb
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
        raise NimError(f"tt_mb must be a whole number of at least 1 (or None): {value!r}")
    if options.tt_mb is not None and options.tt_mb > MAX_MB:
        raise NimError(f"tt_mb must be at most {MAX_MB:,} MB: {options.tt_mb!r}")
    if (node_limit, time_limit) != (options.node_limit, options.time_limit):
        options = options._replace(node_limit=node_limit, time_limit=time_limit)
    if options.cancel is not None and not callable(getattr(options.cancel, "is_set", None)):
        raise NimError(f"cancel must have an is_set() method (e.g. threading.Event): {options.cancel!r}")
    return options


class TheoryWarning(UserWarning):
    """``auto`` fell back to a search: the theory is not exact for these rules."""


def auto_method(rules: Rules) -> str:
    """The engine ``auto`` picks: the theory where it is exact, else the best search.

    Warns (TheoryWarning) when it falls back to the search, saying why.
    """
    if has_closed_form(rules):
        return "theory"
    warnings.warn(f"{theory_gap(rules)}: solving by search (tt)", TheoryWarning, stacklevel=3)
    return "tt" if "tt" in _ENGINES else "alphabeta"


def has_closed_form(rules: Rules) -> bool:
    """True where the theory solves every position exactly: normal play, and misère
    play where condition (C) holds (proven for any, max K, half; checked per set S)."""
    return theory_gap(rules) is None


def theory_gap(rules: Rules) -> Optional[str]:
    """Why the theory is not exact for ``rules`` (None: it is)."""
    core = _theory_or_reason(rules)
    if isinstance(core, str):
        return core
    if core.exact:
        return None
    return (f"condition (C) fails for {rules} (a movable pile of Grundy value 0 has no "
            "option of value 1), so the misère rule of the theory is not exact")


def _check_method(method: str) -> str:
    if not isinstance(method, str):
        raise UnknownMethodError(f"method must be a string, not {method!r}")
    name = method.strip().lower().replace("-", "").replace("_", "")
    if name not in METHODS:
        raise UnknownMethodError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    return name


#: Rule sets for which (C) is declared false: tests reach the search fallback this
#: way (nim.theory.assume_untame); no known rule set breaks (C).
_ASSUMED_UNTAME: Set[Rules] = set()


@lru_cache(maxsize=64)
def _theory_or_reason(rules: Rules) -> Union[CoreTheory, str]:
    # a failure is cached too: a set S without a period costs seconds to find so
    try:
        return CoreTheory(rules.core, tame=False if rules in _ASSUMED_UNTAME else None)
    except OverflowError as error:
        return f"the Grundy sequence of {rules} shows {error}"


def theory(rules: Rules) -> CoreTheory:
    """The theory of a rule set (built once: a `set S` rule tabulates its period).

    Raises
    ------
    NimError
        For a `set S` whose Grundy sequence shows no period within
        ``nimcore.theory.PERIOD_LIMIT`` values (of S / gcd(S)).
    """
    core = _theory_or_reason(rules)
    if isinstance(core, str):
        raise NimError(f"{core}; use method 'tt' for piles up to {MAX_PILE:,}")
    return core


def _theory_solution(piles: Tuple[int, ...], rules: Rules, method: str) -> Solution:
    started = time.perf_counter()
    value, pile, take = theory(rules).solve(piles)
    seconds = time.perf_counter() - started
    return Solution(value, Move(pile, take) if pile >= 0 else None, 0, method, seconds)


@register_engine("theory")
def _solve_theory(piles: Tuple[int, ...], rules: Rules, options: SolveOptions) -> Solution:
    gap = theory_gap(rules)
    if gap is not None:
        raise NimError(f"{gap}; use method 'auto' or 'tt'")
    return _theory_solution(piles, rules, "theory")


@register_engine("grundy")
def _solve_grundy(piles: Tuple[int, ...], rules: Rules, options: SolveOptions) -> Solution:
    if rules.misere and rules.take != "any":
        raise NimError(
            f"no closed form for {rules} in the grundy engine (Sprague-Grundy values): misère "
            f"play with the {rules.take!r} take rule needs the misère theory; use method "
            "'theory' or 'auto'"
        )
    return _theory_solution(piles, rules, "grundy")


def search_piles(piles: Tuple[int, ...], method: str) -> None:
    """Check that piles fit the search engines' 32-bit piles."""
    if piles and max(piles) > MAX_PILE:
        raise InvalidPositionError(
            f"pile {max(piles)} is too large for the {method} engine (at most {MAX_PILE}); "
            "use method 'auto' or 'grundy' where a closed form applies"
        )


def new_search(piles: Tuple[int, ...], rules: Rules, options: SolveOptions, method: str,
               progress: Any = None) -> Search:
    """A core Search for one of the search engines, with the options' limits.

    ``progress``: a progress callback to use instead of a new one (None: a new
    one when ``options.progress`` asks for it).
    """
    search_piles(piles, method)
    if progress is None:
        progress = search_progress(method, options.progress)
    return Search(
        rules.core, piles, node_limit=options.node_limit, time_limit=options.time_limit,
        progress=progress, cancel=options.cancel,
    )


def new_table(piles: Tuple[int, ...], rules: Rules, options: SolveOptions) -> TranspositionTable:
    """A transposition table of at most ``options.tt_mb`` MB for the `tt` engine.

    Raises
    ------
    SearchLimitError
        reason "memory": the table cannot be allocated.
    """
    mb = options.tt_mb or DEFAULT_TT_MB
    # positions the search can meet: at most the product of (pile + 1), which
    # keeps the tables of small positions small
    bound = 1
    for pile in piles:
        if pile >= rules.min_take:
            bound *= pile + 1
            if bound > 1 << 40:
                bound = 0
                break
    try:
        return TranspositionTable(mb, bound)
    except MemoryError:
        raise SearchLimitError(
            f"no memory for a transposition table of {mb:,} MB; use a smaller tt_mb (--tt-mb)",
            reason="memory",
        ) from None


def finish_search(search: Search, method: str, piles: Tuple[int, ...],
                  table: Optional[TranspositionTable] = None, close: bool = True,
                  nodes_before: int = 0) -> None:
    """Stop the clock and the progress display; raise when a limit stopped the search.

    ``table``: the tt engine's table, whose fill the message then reports;
    ``close=False`` leaves the progress display open (for a next search);
    ``nodes_before``: nodes of earlier searches of the same job, added to the count.
    """
    search.finish()
    close_bar = getattr(search.progress, "close", None)
    reason = search.stop_reason
    if close_bar is not None and (close or reason is not None):
        close_bar()
    if reason is None:
        return
    if reason == "interrupt":
        raise KeyboardInterrupt
    if reason == "error":
        error = search.error      # the progress callback's own exception, with its traceback
        assert error is not None
        raise error
    nodes, seconds = nodes_before + search.nodes, search.seconds
    what = f"{method} stopped after {nodes:,} nodes and {seconds:.1f} s"
    if table is not None:
        size = f"{table.nbytes >> 20:,} MB" if table.nbytes >= 1 << 20 else f"{table.nbytes >> 10:,} KB"
        what += f" ({table.entries:,} table entries, {100 * table.fill:.0f}% of {size})"
    advice = "use method 'auto'" + (" or 'tt'" if method != "tt" else "")
    if table is not None:
        advice = "give the table more memory (tt_mb, --tt-mb)" if table.fill > 0.5 else ""
    if reason == "cancelled":
        message = f"{what}: cancelled before finishing {_short(piles)}"
    elif reason == "nodes":
        message = f"{what}: the node limit; the tree of {_short(piles)} is too large. Raise the node limit"
        message += f" or {advice}" if advice else ""
    elif reason == "time":
        message = f"{what}: the time limit, before finishing {_short(piles)}. Raise the time limit"
        message += f" or {advice}" if advice else ""
    elif reason == "depth" and method.endswith("tt"):
        message = (
            f"{what}: {_short(piles)} can last more than {_tt_core.MAX_FRAMES:,} moves, "
            "deeper than the tt engine's stack bound"
        )
    elif reason == "depth" and method == "ida":
        message = f"{what}: a path longer than {_ida_core.MAX_PATH:,} moves from {_short(piles)}"
    elif reason == "depth":
        message = (
            f"{what}: {_short(piles)} can last more than {search.stop_depth:,} moves, "
            + ("deeper than the engine's recursion bound" if search.stop_depth >= DEFAULT_MAX_DEPTH
               else "deeper than this thread's C stack holds (threading.stack_size)")
            + f"; {advice}"
        )
    elif table is not None:
        message = (f"{what}: {_short(piles)} needs more memory than tt_mb (--tt-mb) allows for "
                   "the table, the endgame tables and the search stack; raise it")
    else:
        message = f"{what}: out of memory on {_short(piles)}; {advice}"
    raise SearchLimitError(message, reason=reason, nodes=nodes, seconds=seconds)


def _short(piles: Tuple[int, ...]) -> str:
    text = repr(list(piles[:10]))
    return text if len(piles) <= 10 else text[:-1] + f", ...] ({len(piles)} piles)"


def _minimax_family(piles: Tuple[int, ...], rules: Rules, options: SolveOptions, method: str) -> Tuple[Solution, int]:
    search = new_search(piles, rules, options, method)
    try:
        value, pile, take, best_nodes = _minimax_search(search, method == "alphabeta")
    finally:
        finish_search(search, method, piles)
    move = Move(pile, take) if pile >= 0 else None
    return Solution(value, move, search.nodes, method, search.seconds), best_nodes


@register_engine("minimax")
def _solve_minimax(piles: Tuple[int, ...], rules: Rules, options: SolveOptions) -> Solution:
    return _minimax_family(piles, rules, options, "minimax")[0]


@register_engine("alphabeta")
def _solve_alphabeta(piles: Tuple[int, ...], rules: Rules, options: SolveOptions) -> Solution:
    return _minimax_family(piles, rules, options, "alphabeta")[0]


def solve_with_subtree(piles: Iterable[int], rules: RulesLike, method: str,
                       **limits: Any) -> Tuple[Solution, int]:
    """Minimax or alpha-beta, also returning the nodes below the best move's position."""
    name = _check_method(method)
    if name not in ("minimax", "alphabeta"):
        raise UnknownMethodError(f"method must be 'minimax' or 'alphabeta', not {method!r}")
    options = check_options(SolveOptions(**limits))
    return _minimax_family(as_piles(piles), Rules.coerce(rules), options, name)


@register_engine("tt")
def _solve_tt(piles: Tuple[int, ...], rules: Rules, options: SolveOptions,
              table: Optional[TranspositionTable] = None) -> Solution:
    """The tt engine; ``table``: a table to use and keep (a Solver's), else a new one."""
    if table is None:
        table = new_table(piles, rules, options)
    search = new_search(piles, rules, options, "tt", search_progress("tt", options.progress, table))
    try:
        # --tt-mb bounds all the engine holds: table, endgame tables, frames
        score, pile_size, take = _tt_core.search(search, table, memory=(options.tt_mb or DEFAULT_TT_MB) << 20)
    except MemoryError:
        search.finish()
        raise SearchLimitError(f"tt ran out of memory on {_short(piles)}", reason="memory",
                               nodes=search.nodes, seconds=search.seconds) from None
    finally:
        finish_search(search, "tt", piles, table)
    move = Move(piles.index(pile_size), take) if take else None
    return Solution(score, move, search.nodes, "tt", search.seconds)


# ---------------------------------------------------------------- the Solver

#: "Use the Solver's own setting" for a per-call limit.
_SETTING: Any = object()
#: The fields of SolveOptions, and those a call may set: all but the table
#: size, which is the Solver's.
_ALL_OPTIONS = SolveOptions._fields
_OPTION_NAMES = tuple(name for name in _ALL_OPTIONS if name != "tt_mb")

#: How many default Solvers ``nim.solve`` keeps (one per rule set and table size).
DEFAULT_SOLVERS = 16


class Solver(CoreSolver):
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
        self._rules = Rules.coerce(rules)
        self._options = check_options(SolveOptions(node_limit, time_limit, tt_mb, False))
        self._lock = allocate_lock()           # guards _table: one search at a time uses it
        self._table: Optional[TranspositionTable] = None
        #: the theory when it is exact for the rules (then ``auto`` needs no search)
        self.exact_theory: Optional[CoreTheory] = (
            theory(self._rules) if has_closed_form(self._rules) else None)
        if self.exact_theory is not None:
            self.set_theory(self.exact_theory, Solution, Move, auto_method(self._rules))
        # room for a cancel(): searches started here would be listed, and stopped, under _lock

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

    if TYPE_CHECKING:     # compiled in CoreSolver; this is its signature
        def solve(self, piles: Iterable[int], method: str = "auto", *,
                  node_limit: Optional[int] = ..., time_limit: Optional[float] = ...,
                  progress: Optional[bool] = False, cancel: Optional[Any] = None) -> Solution: ...

    def solve_general(self, piles: Iterable[int], method: str, limits: Dict[str, Any]) -> Solution:
        """``solve`` for what its compiled fast path leaves (see ``solve``)."""
        # every option of SolveOptions but the table size, which is the Solver's
        unknown = sorted(set(limits) - set(_OPTION_NAMES) | ({"tt_mb"} & set(limits)))
        if unknown:
            raise TypeError(f"solve() got an unexpected keyword argument {unknown[0]!r}")
        position = as_piles(read_once(piles))
        options = self.call_options(**limits)
        name = _check_method(method)
        if name == "auto":
            name = auto_method(self._rules)
        if name == "tt":
            return self._with_table(lambda table: _solve_tt(position, self._rules, options, table))
        return _ENGINES[name](position, self._rules, options)

    def analyze(self, piles: Iterable[int], depth: bool = True, *,
                node_limit: Optional[int] = _SETTING, time_limit: Optional[float] = _SETTING,
                progress: Optional[bool] = False) -> "Analysis":
        """Score every legal move of a position (see ``nim.analyze``).

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
        from nim.analysis import Analysis, analyze_by_theory, analyze_moves

        position = as_piles(read_once(piles))
        options = self.call_options(node_limit=node_limit, time_limit=time_limit, progress=progress)
        if not depth and self.exact_theory is not None and all(p >> 64 == 0 for p in position):
            rows = analyze_by_theory(position, self._rules, self.exact_theory)
        else:
            rows = self._with_table(lambda table: analyze_moves(position, self._rules, depth, options, table))
        return Analysis(rows, position, self._rules)

    def values(self, positions: Any) -> Any:
        """The value (+1 the mover wins, -1 loses) of every row of a 2-D batch.

        Parameters
        ----------
        positions : 2-D buffer of integers, or a list of lists
            One position per row (a NumPy array, anything with the buffer
            protocol, or a list of lists; zeros pad short rows).

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
        from nim.batch import batch_values

        return batch_values(self, positions)

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
        from nim.batch import batch_best_moves

        return batch_best_moves(self, positions)

    def clear(self) -> None:
        """Free the tables (they are rebuilt when needed)."""
        with self._lock:
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
        if not given or given == {"progress": False}:
            return self._options
        options = {name: getattr(self._options, name) for name in _ALL_OPTIONS}
        options.update(given)
        return check_options(SolveOptions(**options))

    def _with_table(self, run: Callable[[TranspositionTable], _T]) -> _T:
        """``run(table)`` with the Solver's table, or with a new one while another
        thread's search holds it (a table serves one search at a time)."""
        if not self._lock.acquire(blocking=False):
            mb = self._options.tt_mb or DEFAULT_TT_MB
            return run(_table_of(mb))
        try:
            if self._table is None:
                self._table = _table_of(self._options.tt_mb or DEFAULT_TT_MB)
            return run(self._table)
        finally:
            self._lock.release()

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
    return Solver(rules, tt_mb=tt_mb, node_limit=node_limit, time_limit=time_limit)


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
        solver = Solver(ruleset, tt_mb=tt_mb)
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


def read_once(piles: Iterable[int]) -> Iterable[int]:
    """Piles that can be read twice: an iterator (a generator) is read once, into a list.

    (The checks read the piles more than once: a generator would be empty the second time.)
    """
    if type(piles) is list or type(piles) is tuple:
        return piles
    return list(piles) if isinstance(piles, Iterator) else piles


# The default Solvers of plain Nim are built with the module (about 40 µs cold),
# so that a fresh process's first nim.solve is one dict lookup and one compiled
# call, as with the compiled decorator this replaced (issue 3's first-call figure).
for _rules in (None, "normal", "misere", NORMAL, MISERE):
    default_solver(_rules)
