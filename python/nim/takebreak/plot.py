"""Draw a nim-sequence (``nimcore octal CODE --plot FILE``), through matplotlib.

matplotlib is the optional ``plot`` extra (``pip install 'nimcore[plot]'``):
the plain install does not need it, and without it ``plot_sequence`` says in
one line what to install.

A long sequence has more heaps than the picture has pixel columns. Drawing
every k-th heap would hide values (every 3rd heap of 0.56's 144-long period
shows 7 of its values and loses 29 and 33), so the heaps are grouped by
column instead and every distinct value of a column's heaps is drawn (its
least and greatest among them): each value of the sequence is on the picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError

if TYPE_CHECKING:
    from nim.takebreak.sequence import OctalPeriod

__all__ = ["COLUMNS", "FORMATS", "column_points", "draw_sequence", "plot_sequence", "zoom"]

#: The file formats drawn, by suffix.
FORMATS = (".png", ".svg")

#: Columns a long sequence is grouped into (the axes are about 800 pixels wide:
#: a column is at most about a pixel).
COLUMNS = 800


def column_points(values: Sequence[int], columns: int = COLUMNS) -> Tuple[List[float], List[int]]:
    """The points drawn for ``values`` (G(0), G(1), ...): ``(xs, ys)``.

    With no more heaps than ``columns``, one point a heap. Else the heaps are cut
    into ``columns`` runs of consecutive heaps and each run gives one point per
    distinct value among its heaps, at the run's middle heap: no value is lost.

    >>> column_points([0, 1, 2])
    ([0, 1, 2], [0, 1, 2])
    >>> column_points([0, 5, 1, 1, 2, 0, 3, 3], columns=2)
    ([1.5, 1.5, 1.5, 5.5, 5.5, 5.5], [0, 1, 5, 0, 2, 3])
    """
    heaps = len(values)
    if heaps <= columns:
        return list(range(heaps)), list(values)
    xs: List[float] = []
    ys: List[int] = []
    for column in range(columns):
        start = column * heaps // columns
        end = (column + 1) * heaps // columns
        seen: Dict[int, None] = dict.fromkeys(values[start:end])
        middle = (start + end - 1) / 2
        for value in sorted(seen):
            xs.append(middle)
            ys.append(value)
    return xs, ys


#: Fewer pixels than this between the two lines (or between the pre-period line and
#: the left edge) and a second panel draws the start heap by heap.
CLOSE_PIXELS = 12

#: The pre-period and period marks: distinct in colour, in dash and in width, the
#: pre-period's drawn over the period's, so neither hides the other.
PREPERIOD_STYLE = {"color": "tab:red", "linestyle": (0, (5, 3)), "linewidth": 2.0, "zorder": 4}
PERIOD_STYLE = {"color": "tab:green", "linestyle": "-", "linewidth": 1.2, "zorder": 3}


def plot_sequence(result: "OctalPeriod", path: str) -> None:
    """Draw G(n) against n for the heaps computed, the period marked, to ``path`` (PNG or SVG).

    Raises
    ------
    NimError
        When the file's suffix is not .png or .svg, matplotlib is not installed,
        or the file cannot be written.
    """
    suffix = path[path.rfind("."):].lower() if "." in path else ""
    if suffix not in FORMATS:
        raise NimError(f"--plot draws PNG or SVG: give a file ending .png or .svg, not {path!r}")
    figure = draw_sequence(result)
    import matplotlib.pyplot as plt

    try:
        try:
            figure.savefig(path, format=suffix[1:])
        except OSError as error:
            raise NimError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        plt.close(figure)


def zoom(result: "OctalPeriod", columns: int = COLUMNS) -> Optional[Tuple[int, int]]:
    """The heaps ``(first, last)`` of the second panel, drawn heap by heap, or None when
    the two lines stand apart on the whole sequence: drawn when the period spans fewer
    than ``CLOSE_PIXELS`` of about ``columns`` pixels. The panel shows the pre-period
    (from 0, or its last two periods when it is long) and two periods after it.

    >>> zoom(type("R", (), {"proven": True, "preperiod": 71, "period": 12, "heaps": 4096})())
    (0, 95)
    >>> zoom(type("R", (), {"proven": True, "preperiod": 3000, "period": 12, "heaps": 4096})())
    (2976, 3024)
    """
    if not result.proven or result.preperiod is None or result.period is None:
        return None
    if result.period * columns >= CLOSE_PIXELS * result.heaps:
        return None
    first = 0 if result.preperiod <= 8 * result.period else result.preperiod - 2 * result.period
    last = min(result.heaps - 1, max(result.preperiod + 2 * result.period, first + 23))   # 24 heaps at least
    return (first, last) if 2 * (last - first + 1) <= result.heaps else None


def draw_sequence(result: "OctalPeriod") -> Any:
    """The figure of ``plot_sequence`` (a matplotlib Figure; the caller closes it).

    The pre-period line is red, dashed and drawn over the period's green solid line,
    and the start and the first period are shaded; where the two lines would be a
    few pixels apart (Kayles: 71 and 83 among 4,096 heaps), a second panel draws
    heaps around them one by one (``zoom``), where they stand apart.

    Raises
    ------
    NimError
        When matplotlib is not installed.
    """
    try:
        import matplotlib
    except ImportError:
        raise NimError("--plot needs matplotlib: pip install 'nimcore[plot]'") from None
    matplotlib.use("Agg")        # a file, never a window
    import matplotlib.pyplot as plt

    window = zoom(result)
    if window is None:
        figure, whole = plt.subplots(figsize=(10, 4))
        panels = [(whole, 0, result.heaps - 1)]
    else:
        figure, (whole, start) = plt.subplots(2, 1, figsize=(10, 6.5), gridspec_kw={"height_ratios": [3, 2]})
        panels = [(whole, 0, result.heaps - 1), (start, *window)]
    try:
        for number, (axes, first, last) in enumerate(panels):
            xs, ys = column_points(result.values[first:last + 1])
            axes.plot([first + x for x in xs], ys, ".", markersize=2 if len(xs) > 2000 else 3,
                      color="tab:blue", zorder=2)
            _mark_period(axes, result, last, legend=number == 0)
            width = last - first + 1
            axes.set_xlim(first - 0.02 * width - 1, last + 1)
            axes.set_ylabel("G(n)")
        title = "Grundy's game" if result.code == "grundy-game" else f"octal game {result.code}"
        shown = ("every heap" if result.heaps <= COLUMNS
                 else f"every value of each of {COLUMNS} columns of heaps")
        whole.set_title(f"nim-sequence of {title} ({result.heaps:,} heaps, {shown})")
        panels[-1][0].set_xlabel("heap n")
        if window is not None:
            start.set_title(f"heaps {window[0]:,} to {window[1]:,}, one by one: "
                            f"{'the end of ' if window[0] else ''}the pre-period, then the period repeating",
                            fontsize=10)
            figure.tight_layout()
    except BaseException:
        plt.close(figure)
        raise
    return figure


def _mark_period(axes: Any, result: "OctalPeriod", last: int, legend: bool) -> None:
    """The pre-period and period lines (and their shading) on a panel that ends at heap ``last``."""
    if not (result.proven and result.preperiod is not None and result.period is not None):
        return
    end = result.preperiod + result.period
    # over the period's line (its zorder) and clear of the left spine, so a pre-period of 0 shows too
    axes.axvline(result.preperiod, label=f"pre-period {result.preperiod:,}", **PREPERIOD_STYLE)
    if result.preperiod:
        axes.axvspan(-0.5, result.preperiod - 0.5, color="tab:red", alpha=0.08, zorder=1, linewidth=0)
    if end < result.heaps:
        axes.axvspan(result.preperiod - 0.5, min(end, last + 1) - 0.5, color="tab:green", alpha=0.10, zorder=1,
                     linewidth=0)
        axes.axvline(end, label=f"+ period {result.period:,}", **PERIOD_STYLE)
    if legend:
        axes.legend(loc="upper right")
