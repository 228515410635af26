"""Draw a nim-sequence (``nimcore octal CODE --plot FILE``), through matplotlib.

matplotlib is the optional ``plot`` extra (``pip install 'nimcore[plot]'``):
the plain install does not need it, and without it ``plot_sequence`` says in
one line what to install.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from nim.errors import NimError

if TYPE_CHECKING:
    from nim.octal.sequence import OctalPeriod

__all__ = ["FORMATS", "plot_sequence"]

#: The file formats drawn, by suffix.
FORMATS = (".png", ".svg")

#: Most points drawn: a longer sequence is drawn from evenly spaced heaps.
_MOST_POINTS = 200_000


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

    step = max(1, result.heaps // _MOST_POINTS)
    heaps: Sequence[int] = range(0, result.heaps, step)
    values = result.values[::step]
    figure, axes = plt.subplots(figsize=(10, 4))
    try:
        axes.plot(heaps, values, ",", color="tab:blue") if len(heaps) > 2000 else axes.plot(
            heaps, values, ".", markersize=3, color="tab:blue")
        if result.proven and result.preperiod is not None and result.period is not None:
            axes.axvline(result.preperiod, color="tab:red", linewidth=0.8,
                         label=f"pre-period {result.preperiod:,}")
            end = result.preperiod + result.period
            if end < result.heaps:
                axes.axvline(end, color="tab:green", linewidth=0.8, label=f"+ period {result.period:,}")
            axes.legend(loc="upper right")
        title = "Grundy's game" if result.code == "grundy-game" else f"octal game {result.code}"
        shown = "every heap" if step == 1 else f"every {step:,}th heap"
        axes.set_title(f"nim-sequence of {title} ({result.heaps:,} heaps, {shown})")
        axes.set_xlabel("heap n")
        axes.set_ylabel("G(n)")
        try:
            figure.savefig(path, format=suffix[1:])
        except OSError as error:
            raise NimError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        plt.close(figure)
