"""The engines behind ``solve()``: the registry, the options, the theory's dispatch
and the search engines, each returning a ``Solution``.

Engines (SPEC section 3):

========== ==============================================================
minimax    plain minimax, visits every node (exact CENG node counts)
alphabeta  minimax with alpha-beta pruning, window (-1, +1)
theory     the theory of docs/theory.md (nimcore.theory): Grundy values and
           Bouton's rule, normal and misère, every take rule; exact wherever
           condition (C) holds (any, max K, half, and every set S tried)
grundy     the theory restricted to Sprague-Grundy values (normal play, every
           take rule) and Bouton's rule (misère play, `any` take rule)
tt         negamax alpha-beta over canonical positions with a transposition
           table of at most ``tt_mb`` MB (every rule set; nimcore.tt)
auto       ``theory`` where it is exact, else ``tt`` (with a TheoryWarning)

ida        IDA* (SPEC 3.4): the value of the path it finds, see nim.solving.heuristics
========== ==============================================================

They are listed, in that order, in the tuple ``ENGINES`` of ``Engine`` objects:
each names its run and what it says when its depth bound stops it. ``nim.solving.solver``
holds the ``Solver`` that runs them, ``nim.solving.defaults`` the ``solve()`` that asks
a cached one, and ``nim.game.solution`` what they return (``Solution``) and their options.
"""

from __future__ import annotations

import time
import warnings
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Set, Tuple, Union

from nim.errors import InvalidPositionError, NimError, SearchLimitError, UnknownMethodError
from nim.inputs import method_key
from nim.position import Move, as_piles
from nim.progress import search_progress
from nim.rules import Rules
from nim.game.solution import DEFAULT_TT_MB, Solution, SolveOptions, check_options
from nim.game.stops import abandon_search, finish_search, short_piles as _short
from nim.kernel import MAX_PILE, CoreTheory, Search, TranspositionTable
from nim.solving.closed_forms import Theory
from nim.kernel import minimax
from nim.kernel import ida as _ida_core
from nim.kernel import tt as _tt_core

_minimax_search = minimax.search      # a name of its own: tests patch it

__all__ = [
    "ENGINES",
    "Engine",
    "METHODS",
    "TheoryWarning",
    "has_closed_form",
    "solve_with_subtree",
    "theory",
]

#: What an engine runs: (piles, rules, options, table) -> Solution. ``table`` is
#: the Solver's transposition table for the engines that use one, else None.
EngineRun = Callable[[Tuple[int, ...], Rules, SolveOptions, Optional[TranspositionTable]], Solution]


class Engine(NamedTuple):
    """One engine of ``solve(method=...)``: its name, its run, and whether it uses
    the Solver's transposition table (the Solver lends it for the call)."""

    name: str
    run: EngineRun
    uses_table: bool = False


class TheoryWarning(UserWarning):
    """``auto`` fell back to a search: the theory is not exact for these rules."""


def auto_method(rules: Rules) -> str:
    """The engine ``auto`` picks: the theory where it is exact, else the best search.

    Warns (TheoryWarning) when it falls back to the search, saying why.
    """
    if has_closed_form(rules):
        return "theory"
    warnings.warn(f"{theory_gap(rules)}: solving by search (tt)", TheoryWarning, stacklevel=3)
    return "tt"


def has_closed_form(rules: Rules) -> bool:
    """True where the theory solves every position exactly: normal play, and misère
    play where condition (C) holds (proven for any, max K, half; checked per set S)."""
    return theory_gap(rules) is None


def theory_gap(rules: Rules) -> Optional[str]:
    """Why the theory is not exact for ``rules`` (None: it is)."""
    if rules.splits:        # a take-and-break game: its theories are nim.takebreak.solve's
        return (f"{rules} splits heaps: the take rules' closed forms do not apply (its positions "
                "are answered by the nim-sum, the genus rule or the search over split heaps)")
    core = _theory_or_reason(rules)
    if isinstance(core, str):
        return core
    if core.exact:
        return None
    return (f"condition (C) fails for {rules} (a movable pile of Grundy value 0 has no "
            "option of value 1), so the misère rule of the theory is not exact")


#: Methods only the take-and-break games answer (nim.takebreak.solve refuses them elsewhere).
SPLIT_ONLY_METHODS = ("quotient",)

#: Method names as given -> their checked normal form (a handful of strings: a
#: solve's call cost is a dict lookup, not four string methods).
_CHECKED: Dict[str, str] = {}


def _check_method(method: str) -> str:
    if type(method) is str and method in _CHECKED:
        return _CHECKED[method]
    if not isinstance(method, str):
        raise UnknownMethodError(f"method must be a string, not {method!r}")
    name = method_key(method)
    if name not in METHODS and name not in SPLIT_ONLY_METHODS:
        raise UnknownMethodError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    if type(method) is str and len(_CHECKED) < 256:
        _CHECKED[method] = name
    return name


#: Rule sets for which (C) is declared false: tests reach the search fallback this
#: way (tests/hooks.py, assume_untame); no known rule set breaks (C).
_ASSUMED_UNTAME: Set[Rules] = set()


@lru_cache(maxsize=64)
def _theory_or_reason(rules: Rules) -> Union[Theory, str]:
    # a failure is cached too: a set S without a period costs seconds to find so
    try:
        return Theory(rules, CoreTheory(rules.core, tame=False if rules in _ASSUMED_UNTAME else None))
    except OverflowError as error:
        return f"the Grundy sequence of {rules} shows {error}"


def theory(rules: Rules) -> Theory:
    """The theory of a rule set (built once: a `set S` rule tabulates its period):
    compiled for piles that fit 64 bits, closed forms over Python ints past them.

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


def _solve_theory(piles: Tuple[int, ...], rules: Rules, options: SolveOptions,
                  table: Optional[TranspositionTable] = None) -> Solution:
    gap = theory_gap(rules)
    if gap is not None:
        raise NimError(f"{gap}; use method 'auto' or 'tt'")
    solution = _theory_solution(piles, rules, "theory")
    if rules.misere and not theory(rules).exact:
        # (C) failed in the part of a set's table grown for these piles: no answer
        # rather than an inexact one (the next auto call picks tt)
        raise NimError(f"{theory_gap(rules)}; use method 'auto' or 'tt'")
    return solution


def _solve_grundy(piles: Tuple[int, ...], rules: Rules, options: SolveOptions,
                  table: Optional[TranspositionTable] = None) -> Solution:
    if rules.misere and not rules.family.is_nim:
        raise NimError(
            f"no closed form for {rules} in the grundy engine (Sprague-Grundy values): misère "
            f"play under {rules} needs the misère theory; use method "
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


def tt_depth_stop(search: Search, piles: Tuple[int, ...]) -> str:
    """The tt engine's words for a game deeper than its frame bound."""
    return (f"{_short(piles)} can last more than {_tt_core.MAX_FRAMES:,} moves, "
            "deeper than the tt engine's stack bound")


def ida_depth_stop(search: Search, piles: Tuple[int, ...]) -> str:
    """IDA*'s words for a path longer than its bound."""
    return f"a path longer than {_ida_core.MAX_PATH:,} moves from {_short(piles)}"


def _minimax_family(piles: Tuple[int, ...], rules: Rules, options: SolveOptions, method: str) -> Tuple[Solution, int]:
    search = new_search(piles, rules, options, method)
    try:
        value, pile, take, best_nodes = _minimax_search(search, method == "alphabeta")
    except BaseException:
        abandon_search(search)
        raise
    finish_search(search, method, piles)
    move = Move(pile, take) if pile >= 0 else None
    return Solution(value, move, search.nodes, method, search.seconds), best_nodes


def _solve_minimax(piles: Tuple[int, ...], rules: Rules, options: SolveOptions,
                   table: Optional[TranspositionTable] = None) -> Solution:
    return _minimax_family(piles, rules, options, "minimax")[0]


def _solve_alphabeta(piles: Tuple[int, ...], rules: Rules, options: SolveOptions,
                     table: Optional[TranspositionTable] = None) -> Solution:
    return _minimax_family(piles, rules, options, "alphabeta")[0]


def solve_with_subtree(piles: Iterable[int], rules: Rules, method: str,
                       **limits: Any) -> Tuple[Solution, int]:
    """Minimax or alpha-beta, also returning the nodes below the best move's position."""
    name = _check_method(method)
    if name not in ("minimax", "alphabeta"):
        raise UnknownMethodError(f"method must be 'minimax' or 'alphabeta', not {method!r}")
    options = check_options(SolveOptions(**limits))
    return _minimax_family(as_piles(piles), rules, options, name)


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
        abandon_search(search)
        raise SearchLimitError(f"tt ran out of memory on {_short(piles)}", reason="memory",
                               nodes=search.nodes, seconds=search.seconds) from None
    except BaseException:
        abandon_search(search)
        raise
    finish_search(search, "tt", piles, table, depth_stop=tt_depth_stop)
    move = Move(piles.index(pile_size), take) if take else None
    return Solution(score, move, search.nodes, "tt", search.seconds)


def run_ida(piles: Tuple[int, ...], rules: Rules, options: SolveOptions) -> Tuple[Solution, Tuple[int, int, int]]:
    """IDA* on a position: a Solution whose value is the found path's outcome for
    the mover (see nim.solving.heuristics), and (path_length, iterations, threshold).
    Progress is never shown (IDA* restarts its count every iteration)."""
    search = new_search(piles, rules, options._replace(progress=False), "ida")
    try:
        value, pile, take, length, iterations, threshold = _ida_core.search(search)
    except BaseException:       # a Ctrl-C in flight is not replaced by a limit's error
        abandon_search(search)
        raise
    finish_search(search, "ida", piles, depth_stop=ida_depth_stop)
    move = Move(pile, take) if pile >= 0 else None
    return Solution(value, move, search.nodes, "ida", search.seconds), (length, iterations, threshold)


def _solve_ida(piles: Tuple[int, ...], rules: Rules, options: SolveOptions,
               table: Optional[TranspositionTable] = None) -> Solution:
    return run_ida(piles, rules, options)[0]


#: The engines of ``solve(method=...)``, in the order ``METHODS`` lists them.
ENGINES: Tuple[Engine, ...] = (
    Engine("theory", _solve_theory),
    Engine("grundy", _solve_grundy),
    Engine("minimax", _solve_minimax),
    Engine("alphabeta", _solve_alphabeta),
    Engine("tt", _solve_tt, uses_table=True),
    Engine("ida", _solve_ida),
)
#: Names accepted by ``solve(method=...)``.
METHODS: List[str] = ["auto", *(engine.name for engine in ENGINES)]


_BY_NAME: Dict[str, Engine] = {engine.name: engine for engine in ENGINES}


def engine_named(name: str) -> Engine:
    """The engine of a checked method name (``_check_method``), not ``auto``."""
    return _BY_NAME[name]


#: Public names removed in 0.3.0 (issue 38 item 5), each with what replaces it, so that
#: the AttributeError says where to go (as ``nim`` does for the names 0.2.0 removed).
_REMOVED: Dict[str, str] = {
    "register_engine": "register_engine was removed in 0.3.0 (nothing called it): the engines are "
                       "the tuple nim.solving.engines.ENGINES; to add one, add an Engine(name, run) "
                       "to it, or call your function directly",
}


if not TYPE_CHECKING:    # mypy would read any missing name as this function's
    def __getattr__(name: str) -> Any:
        """A removed name raises an AttributeError that says what replaces it (PEP 562)."""
        if name in _REMOVED:
            raise AttributeError(f"{__name__}.{_REMOVED[name]}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
