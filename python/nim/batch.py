"""Many positions at once.

* ``Solver.values`` / ``Solver.best_moves`` (implemented here): a 2-D batch of
  positions, one per row, answered in C without a Python call per row where
  theory applies (every rule set but a `set S` that fails condition (C)); the
  rows of such a set are searched one by one.
* ``solve_many``: a list of positions split into chunks and solved on any
  ``concurrent.futures.Executor`` -- a ``ProcessPoolExecutor``, Dask's
  ``distributed.Client(...).get_executor()``, Ray's -- or in this process.

NumPy is optional: a batch is anything with the buffer protocol (a NumPy array,
an ``array.array`` viewed as 2-D, ...) or a list of lists, and the answers are
NumPy arrays when NumPy is installed, ``array.array`` otherwise.
"""

from __future__ import annotations

import math
from array import array
from typing import (
    TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Sequence, Tuple,
)

from nim.errors import InvalidPositionError, NimError
from nim.position import as_piles
from nim.rules import Rules, RulesLike
from nim.solver import DEFAULT_NODE_LIMIT, Solution, default_solver, read_once
from nim.engines import _check_method as check_method
from nimcore import batch as _core

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from nim.solver import Solver

__all__ = ["solve_many", "as_batch", "batch_values", "batch_best_moves"]

#: Integer formats of the buffer protocol a batch may use (native byte order).
_INTEGER_FORMATS = frozenset("bBhHiIlLqQnN")


def as_batch(positions: Any) -> memoryview:
    """A 2-D batch as a 2-D memoryview of integers, one position per row (an
    empty batch: an empty 1-D view).

    A buffer (NumPy array, ...) of a native integer type is used as it is
    (any strides: the core reads it through a typed memoryview); a list of lists (or any iterable of iterables) is
    converted once to unsigned 64-bit integers, short rows padded with zeros.

    Raises
    ------
    InvalidPositionError
        When the batch is not 2-D integers; for a list, naming the row and pile
        of the first value that is not a whole number in 0 .. 2**64 - 1.
    """
    try:
        view = memoryview(positions)
    except TypeError:
        return _from_rows(positions)
    if view.ndim == 1 and view.shape == (0,):
        return view                    # an empty batch
    if view.ndim != 2:
        raise InvalidPositionError(
            f"a batch of positions must be 2-D (one position per row), not {view.ndim}-D "
            f"of shape {tuple(view.shape or ())}"
        )
    if view.format.lstrip("@=") not in _INTEGER_FORMATS:
        raise InvalidPositionError(
            f"a batch of positions must hold integers, not values of format {view.format!r}"
        )
    return view


def _from_rows(positions: Any) -> memoryview:
    if isinstance(positions, (str, bytes)) or not hasattr(positions, "__iter__"):
        raise InvalidPositionError(
            f"a batch of positions must be a 2-D array or a list of lists, not {positions!r:.80}"
        )
    rows: List[Any] = [read_once(row) for row in positions]
    width = 0
    for index, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
            raise InvalidPositionError(f"row {index} of the batch is not a list of piles: {row!r:.80}")
        width = max(width, len(row))
    width = max(width, 1)     # a column of zeros changes no position; memoryview needs one
    flat = array("Q")
    padding = [[0] * k for k in range(width + 1)]
    for index, row in enumerate(rows):
        try:
            flat.extend(row)
        except (TypeError, OverflowError):
            _bad_value(index, row)
        flat.extend(padding[width - len(row)])
    if not rows:
        return memoryview(array("Q"))      # no rows: an empty 1-D view
    return memoryview(flat).cast("B").cast("Q", (len(rows), width))


def _bad_value(index: int, row: Sequence[Any]) -> None:
    """Raise the error for the first pile of ``row`` that is not in 0 .. 2**64 - 1."""
    for pile, value in enumerate(row):
        try:
            array("Q", [value])
        except (TypeError, OverflowError):
            what = "a whole number" if isinstance(value, int) or hasattr(value, "__index__") else None
            if what is None:
                raise InvalidPositionError(
                    f"row {index}, pile {pile}: pile sizes must be whole numbers, not {value!r}"
                ) from None
            limit = "non-negative" if value < 0 else "at most 2**64 - 1 in a batch"
            raise InvalidPositionError(
                f"row {index}, pile {pile}: pile sizes must be {limit}, not {value!r}"
            ) from None
    raise InvalidPositionError(f"row {index}: not a list of pile sizes: {row!r:.80}")


def _int8_array(n: int) -> Any:
    try:
        import numpy
    except ImportError:
        return array("b", bytes(n))
    return numpy.zeros(n, dtype=numpy.int8)


def _int64_array(n: int) -> Any:
    try:
        import numpy
    except ImportError:
        return array("q", bytes(8 * n))
    return numpy.zeros(n, dtype=numpy.int64)


def _rows_of(view: memoryview) -> Iterable[Tuple[int, List[int]]]:
    """The rows of a batch as lists of ints, with their index (the search fallback)."""
    rows: List[List[int]] = view.tolist()  # type: ignore[assignment]  # 2-D: a list of lists
    for index, row in enumerate(rows):
        for pile, value in enumerate(row):
            if value < 0:
                raise InvalidPositionError(
                    f"row {index}, pile {pile}: pile sizes must be non-negative, not {value}"
                )
        yield index, row


def _solve_row(solver: "Solver", index: int, row: List[int]) -> Solution:
    try:
        return solver.solve(row)
    except NimError as error:
        # say which row; keep the error's type (and a SearchLimitError's fields)
        error.args = (f"row {index}: {error.args[0]}",) + error.args[1:]
        raise


def batch_values(solver: "Solver", positions: Any) -> Any:
    """``Solver.values``: +1 / -1 per row (int8). See there."""
    view = as_batch(positions)
    n = view.shape[0] if view.shape else 0
    values = _int8_array(n)
    if n and view.ndim == 2 and solver.exact_theory is not None:
        _raise_bad(view, _core.values(solver.exact_theory, view, values), "non-negative")
        return values
    for index, row in _rows_of(view):          # no exact theory: a search per row
        values[index] = _solve_row(solver, index, row).value
    return values


def batch_best_moves(solver: "Solver", positions: Any) -> Tuple[Any, Any]:
    """``Solver.best_moves``: (pile, count) per row (int64; -1 for no move). See there."""
    view = as_batch(positions)
    n = view.shape[0] if view.shape else 0
    piles, counts = _int64_array(n), _int64_array(n)
    if n and view.ndim == 2 and solver.exact_theory is not None:
        _raise_bad(view, _core.best_moves(solver.exact_theory, view, piles, counts),
                   "in 0 .. 2**63 - 1 for best_moves")
        return piles, counts
    for index, row in _rows_of(view):          # no exact theory: a search per row
        move = _solve_row(solver, index, row).move
        piles[index], counts[index] = (move.pile, move.count) if move is not None else (-1, -1)
    return piles, counts


def _raise_bad(view: memoryview, bad: Optional[Tuple[int, int]], what: str) -> None:
    if bad is not None:
        row, pile = bad
        raise InvalidPositionError(
            f"row {row}, pile {pile}: pile sizes must be {what}, not {view[row, pile]}"
        )


# ---------------------------------------------------------------- solve_many

def solve_many(
    positions: Iterable[Iterable[int]],
    rules: RulesLike = None,
    *,
    method: str = "auto",
    executor: Optional["Executor"] = None,
    chunk_size: Optional[int] = None,
    node_limit: Optional[int] = DEFAULT_NODE_LIMIT,
    time_limit: Optional[float] = None,
    tt_mb: Optional[int] = None,
    on_progress: Optional[Callable[[int], None]] = None,
) -> List[Solution]:
    """Solve many positions, in chunks, on any ``concurrent.futures.Executor``.

    Parameters
    ----------
    positions : iterable of iterables of int
        One position per item (a list of lists, the rows of a 2-D array, ...).
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
    limits = {"node_limit": node_limit, "time_limit": time_limit}
    default_solver(ruleset, tt_mb).call_options(**limits)      # check them once, here
    rows = _checked_rows(positions)
    if chunk_size is None:
        chunk_size = max(1, min(10_000, math.ceil(len(rows) / 64)))
    elif isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise NimError(f"chunk_size must be a whole number of at least 1 (or None): {chunk_size!r}")
    starts = range(0, len(rows), chunk_size)
    results: List[Solution] = []
    if executor is None:
        for start in starts:
            results.extend(solve_chunk(ruleset, method, tt_mb, limits, start,
                                       rows[start:start + chunk_size]))
            if on_progress is not None:
                on_progress(len(results))
        return results
    futures: List["Future[List[Solution]]"] = [
        executor.submit(solve_chunk, ruleset, method, tt_mb, limits, start,
                        rows[start:start + chunk_size])
        for start in starts
    ]
    try:
        for future in futures:
            results.extend(future.result())
            if on_progress is not None:
                on_progress(len(results))
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return results


def _checked_rows(positions: Iterable[Iterable[int]]) -> List[Tuple[int, ...]]:
    if isinstance(positions, (str, bytes)) or not hasattr(positions, "__iter__"):
        raise InvalidPositionError(f"positions must be a list of positions, not {positions!r:.80}")
    rows: List[Tuple[int, ...]] = []
    for index, row in enumerate(positions):
        try:
            rows.append(as_piles(read_once(row)))
        except InvalidPositionError as error:
            raise InvalidPositionError(f"row {index}: {error}") from None
    return rows


def solve_chunk(rules: Rules, method: str, tt_mb: Optional[int], limits: dict[str, Any],
                first_row: int, rows: Sequence[Tuple[int, ...]]) -> List[Solution]:
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

