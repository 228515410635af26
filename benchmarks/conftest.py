"""Shared fixtures of the benchmarks: nodes-per-second figures kept for ratios, and
the timings of a benchmark that are None under ``--benchmark-disable``.

Under ``pytest benchmarks --benchmark-disable`` each benchmark's body runs once, as
a test: its answers are checked, nothing is timed (``benchmark.stats`` is None), and
no timing target is asserted (a shared, noisy machine would fail them). Read a
timing with ``timed(benchmark)`` and skip what needs it when that is None; guard a
target a benchmark times itself with ``benchmark.enabled``.
"""

from typing import Any, Callable, Optional

import pytest

#: nodes per second measured in this run, by benchmark name
RATES: dict = {}


def seconds_of(benchmark: Any, stat: str = "min") -> Optional[float]:
    """The benchmark's ``stat`` ("min" or "mean") in seconds, or None when nothing
    was timed (``--benchmark-disable``: the body ran once, as a test)."""
    stats = getattr(benchmark, "stats", None)
    return None if stats is None else float(getattr(stats.stats, stat))


@pytest.fixture
def rates():
    return RATES


@pytest.fixture
def timed() -> Callable[..., Optional[float]]:
    """``timed(benchmark, "min" | "mean")``: seconds, or None under --benchmark-disable."""
    return seconds_of
