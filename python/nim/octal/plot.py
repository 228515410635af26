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

from typing import TYPE_CHECKING, Dict, List, Sequence, Tuple

from nim.errors import NimError

if TYPE_CHECKING:
    from nim.octal.sequence import OctalPeriod

__all__ = ["COLUMNS", "FORMATS", "column_points", "plot_sequence"]

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
    try:
        import matplotlib
    except ImportError:
        raise NimError("--plot needs matplotlib: pip install 'nimcore[plot]'") from None
    matplotlib.use("Agg")        # a file, never a window
    import matplotlib.pyplot as plt

    xs, ys = column_points(result.values)
    figure, axes = plt.subplots(figsize=(10, 4))
    try:
        axes.plot(xs, ys, ".", markersize=2 if len(xs) > 2000 else 3, color="tab:blue", zorder=2)
        if result.proven and result.preperiod is not None and result.period is not None:
            # above the points and clear of the left spine, so a pre-period of 0 shows too
            axes.axvline(result.preperiod, color="tab:red", linewidth=1.2, zorder=3,
                         label=f"pre-period {result.preperiod:,}")
            end = result.preperiod + result.period
            if end < result.heaps:
                axes.axvline(end, color="tab:green", linewidth=1.2, zorder=3, label=f"+ period {result.period:,}")
            axes.legend(loc="upper right")
        axes.set_xlim(-0.02 * result.heaps - 1, result.heaps)
        title = "Grundy's game" if result.code == "grundy-game" else f"octal game {result.code}"
        shown = ("every heap" if result.heaps <= COLUMNS
                 else f"every value of each of {COLUMNS} columns of heaps")
        axes.set_title(f"nim-sequence of {title} ({result.heaps:,} heaps, {shown})")
        axes.set_xlabel("heap n")
        axes.set_ylabel("G(n)")
        try:
            figure.savefig(path, format=suffix[1:])
        except OSError as error:
            raise NimError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        plt.close(figure)
