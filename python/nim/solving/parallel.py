"""Many positions on any ``concurrent.futures.Executor``: ``solve_many`` splits a
list of positions into chunks and solves them on a ``ProcessPoolExecutor``,
Dask's ``distributed.Client(...).get_executor()``, Ray's -- or in this process.
Each worker asks its own default Solver (``nim.solving.defaults``), which it keeps
from chunk to chunk.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Sequence

from nim.solving.defaults import default_solver
from nim.solving.engines import _check_method as check_method
from nim.errors import InvalidPositionError, NimError, SearchLimitError
from nim.game.limits import Limits, with_limits
from nim.families import ComponentFamily
from nim.position import as_piles, read_once
from nim.solving.components import read_position
from nim.rules import Rules, RulesLike
from nim.game.solution import DEFAULT_NODE_LIMIT, Solution

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = ["solve_chunk", "solve_many"]


def solve_many(
    positions: Iterable[Any],
    rules: RulesLike = None,
    *,
    method: str = "auto",
    executor: Optional["Executor"] = None,
    chunk_size: Optional[int] = None,
    node_limit: Optional[int] = DEFAULT_NODE_LIMIT,
    time_limit: Optional[float] = None,
    tt_mb: Optional[int] = None,
    on_progress: Optional[Callable[[int], None]] = None,
    cancel: Optional[Any] = None,
    limits: Optional[Limits] = None,
) -> List[Solution]:
    """Solve many positions, in chunks, on any ``concurrent.futures.Executor``.

    Parameters
    ----------
    positions : iterable of positions
        One position per item (a list of lists, the rows of a 2-D array, ...); for a
        game whose components are more than heaps, each as ``nim.solve`` takes it
        (a list of pairs, a coin row, ...).
    rules : Rules or str
    method : str, default "auto"
    executor : concurrent.futures.Executor, optional
        Where the chunks run: a ``ProcessPoolExecutor``, Dask's
        ``distributed.Client(...).get_executor()``, Ray's executor... None: in
        this process, one chunk after the other.
    chunk_size : int, optional
        Positions per task (default: about 64 tasks, at most 10,000 positions each).
    node_limit, time_limit, tt_mb
        As for ``nim.solve``, per position.
    on_progress : callable(int), optional
        Called with the number of positions solved so far, after each chunk
        (from this thread, in input order).
    cancel : object with ``is_set()`` or None
        Stops the batch with SearchLimitError (reason "cancelled") between
        chunks, and, in this process, inside a search.
    limits : Limits, optional
        The limits in one value (``nim.Limits``): nodes, time and memory per
        position, and cancel; the keywords above are its shorthands.

    Returns
    -------
    list of Solution
        In input order; equal (value, move, method) to ``nim.solve`` on each.

    Raises
    ------
    InvalidPositionError
        Naming the row of a bad position (checked here, before any work is sent).
    NimError, SearchLimitError
        A worker's error, re-raised here as it was, its message naming the row.
    """
    ruleset = Rules.coerce(rules)
    check_method(method)                  # once, here: not as an error of row 0
    if limits is not None:
        given = with_limits(limits, node_limit=node_limit, time_limit=time_limit, tt_mb=tt_mb,
                            cancel=cancel)
        node_limit, time_limit, tt_mb, cancel = (given["node_limit"], given["time_limit"], given["tt_mb"],
                                                 given["cancel"])
    per_row: dict[str, Any] = {"node_limit": node_limit, "time_limit": time_limit}
    default_solver(ruleset, tt_mb).call_options(cancel=cancel, **per_row)   # check them once, here
    rows = _checked_rows(positions, ruleset)
    if chunk_size is None:
        chunk_size = max(1, min(10_000, math.ceil(len(rows) / 64)))
    elif isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise NimError(f"chunk_size must be a whole number of at least 1 (or None): {chunk_size!r}")
    starts = range(0, len(rows), chunk_size)
    results: List[Solution] = []
    if executor is None:
        in_process = dict(per_row, cancel=cancel) if cancel is not None else per_row
        for start in starts:
            _check_cancel(cancel, len(results))
            results.extend(solve_chunk(ruleset, method, tt_mb, in_process, start,
                                       rows[start:start + chunk_size]))
            if on_progress is not None:
                on_progress(len(results))
        return results
    futures: List["Future[List[Solution]]"] = [
        executor.submit(solve_chunk, ruleset, method, tt_mb, per_row, start,
                        rows[start:start + chunk_size])
        for start in starts
    ]
    try:
        for future in futures:
            _check_cancel(cancel, len(results))
            results.extend(future.result())
            if on_progress is not None:
                on_progress(len(results))
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return results


def _check_cancel(cancel: Optional[Any], done: int) -> None:
    """Raise SearchLimitError (reason "cancelled") when the batch's handle is set."""
    if cancel is not None and cancel.is_set():
        raise SearchLimitError(f"solve_many: cancelled after {done:,} positions", reason="cancelled")


def _checked_rows(positions: Iterable[Any], rules: Rules) -> List[Any]:
    """The rows, each read once and checked here (an error names its row): a tuple of piles, or
    for a game whose components are more than heaps, the position as the family reads it back."""
    if isinstance(positions, (str, bytes)) or not hasattr(positions, "__iter__"):
        raise InvalidPositionError(f"positions must be a list of positions, not {positions!r:.80}")
    family = rules.family
    rows: List[Any] = []
    for index, row in enumerate(positions):
        try:
            if isinstance(family, ComponentFamily):
                # read here for its error; the plain value itself goes to the worker (picklable)
                row = read_once(row)
                read_position(family, row)
                rows.append(row)
            else:
                rows.append(as_piles(read_once(row)))
        except InvalidPositionError as error:
            raise InvalidPositionError(f"row {index}: {error}") from None
    return rows


def solve_chunk(rules: Rules, method: str, tt_mb: Optional[int], limits: dict[str, Any],
                first_row: int, rows: Sequence[Any]) -> List[Solution]:
    """One task of ``solve_many`` (runs in a worker): the rows' Solutions, in order.

    The worker's default Solver for the rules is reused by every chunk it runs.

    Raises
    ------
    NimError
        Its message prefixed with the row's index in the whole batch.
    """
    solver = default_solver(rules, tt_mb)
    if limits == {"node_limit": DEFAULT_NODE_LIMIT, "time_limit": None}:
        limits = {}                       # the Solver's own: its compiled fast path applies
    solutions = []
    for offset, row in enumerate(rows):
        try:
            solutions.append(solver.solve(row, method, **limits))
        except NimError as error:
            error.args = (f"row {first_row + offset}: {error.args[0]}",) + error.args[1:]
            raise
    return solutions
