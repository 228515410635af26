"""A 2-D batch of positions at once: ``Solver.values`` / ``Solver.best_moves``
(implemented here) answer one position per row in C, without a Python call per
row where theory applies (every rule set but a `set S` that fails condition
(C)); the rows of such a set are searched one by one. (``nim.solving.parallel``
spreads a list of positions over an executor.)

NumPy is optional: a batch is anything with the buffer protocol (a NumPy array,
an ``array.array`` viewed as 2-D, ...) or a list of lists, and the answers are
NumPy arrays when NumPy is installed, ``array.array`` otherwise.
"""

from __future__ import annotations

from array import array
from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple

from nim.game.solution import Solution
from nim.errors import InvalidPositionError, NimError
from nim.position import read_once
from nim.solving.closed_forms import Theory
from nim.kernel import batch as _core

__all__ = ["ComponentRows", "as_batch", "batch_values", "batch_best_moves", "component_rows"]

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


class ComponentRows:
    """A batch of positions of a game whose components are more than heaps, each a plain value
    as ``nim.solve`` takes it: what ``batch_values`` reads instead of a 2-D view of integers."""

    def __init__(self, rows: List[Any]) -> None:
        self.rows = rows


def component_rows(positions: Any) -> ComponentRows:
    """The positions of a batch of a component game: a list (or any iterable) of positions, or a
    NumPy array whose rows are positions (read as lists).

    Raises
    ------
    InvalidPositionError
        When the batch is not a list of positions.
    """
    if isinstance(positions, (str, bytes, dict)) or not hasattr(positions, "__iter__"):
        raise InvalidPositionError(f"a batch of positions is a list of positions, not {positions!r:.80}")
    tolist = getattr(positions, "tolist", None)
    return ComponentRows(list(tolist() if callable(tolist) else positions))


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


#: How a row without an exact theory is solved (``Solver.solve``).
SolveRow = Callable[[Any], Solution]


def _solve_row(solve: SolveRow, index: int, row: Any) -> Solution:
    try:
        return solve(row)
    except NimError as error:
        # say which row; keep the error's type (and a SearchLimitError's fields)
        error.args = (f"row {index}: {error.args[0]}",) + error.args[1:]
        raise


def batch_values(positions: Any, theory: Optional[Theory], solve: SolveRow) -> Any:
    """``Solver.values``: +1 / -1 per row (int8), by ``theory`` when it is exact
    (else None: ``solve`` per row). See there."""
    if isinstance(positions, ComponentRows):     # a component game: the generic engine, row by row
        values = _int8_array(len(positions.rows))
        for index, row in enumerate(positions.rows):
            values[index] = _solve_row(solve, index, row).value
        return values
    view = as_batch(positions)
    n = view.shape[0] if view.shape else 0
    values = _int8_array(n)
    if n and view.ndim == 2 and theory is not None:
        _raise_bad(view, _core.values(theory.core, view, values), "non-negative")
        return values
    for index, row in _rows_of(view):          # no exact theory: a search per row
        values[index] = _solve_row(solve, index, row).value
    return values


def batch_best_moves(positions: Any, theory: Optional[Theory], solve: SolveRow) -> Tuple[Any, Any]:
    """``Solver.best_moves``: (pile, count) per row (int64; -1 for no move), as
    ``batch_values`` finds values. See there."""
    view = as_batch(positions)
    n = view.shape[0] if view.shape else 0
    piles, counts = _int64_array(n), _int64_array(n)
    if n and view.ndim == 2 and theory is not None:
        _raise_bad(view, _core.best_moves(theory.core, view, piles, counts),
                   "in 0 .. 2**63 - 1 for best_moves")
        return piles, counts
    for index, row in _rows_of(view):          # no exact theory: a search per row
        move = _solve_row(solve, index, row).move
        piles[index], counts[index] = (move.pile, move.count) if move is not None else (-1, -1)
    return piles, counts


def _raise_bad(view: memoryview, bad: Optional[Tuple[int, int]], what: str) -> None:
    if bad is not None:
        row, pile = bad
        raise InvalidPositionError(
            f"row {row}, pile {pile}: pile sizes must be {what}, not {view[row, pile]}"
        )
