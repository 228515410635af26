"""Progress of a misère quotient being computed: the engine's callback (heap reached,
candidate's size), routed to the display the searches use (``nim.progress``) by a
solve, explain or analyze that computes a quotient, and by ``nimcore quotient`` --
on stderr, and only when asked (``progress=True``) or when stderr is a terminal."""

from __future__ import annotations

import sys
from typing import Iterator, List, Optional, Tuple

import pytest

import nim
import nim.progress
from nim.cli import main
from nim.octal import misere_quotient
from nim.takebreak.quotient_memo import forget_quotients


@pytest.fixture(autouse=True)
def _fresh(tmp_path, monkeypatch) -> Iterator[None]:
    """A private cache folder, no quotient kept in memory, and a display that opens
    at once (not after half a second)."""
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(nim.progress, "QUIET_SECONDS", 0.0)
    forget_quotients()
    yield
    forget_quotients()


class Recorder:
    """A progress display that keeps what it is given."""

    def __init__(self) -> None:
        self.calls: List[Tuple[int, int]] = []
        self.closed = 0

    def __call__(self, heap: int, size: int, seconds: float) -> None:
        assert self.closed == 0, "called after close"
        self.calls.append((heap, size))

    def close(self) -> None:
        self.closed += 1


@pytest.fixture
def displays(monkeypatch) -> List[Tuple[str, Optional[bool], Optional[Recorder]]]:
    made: List[Tuple[str, Optional[bool], Optional[Recorder]]] = []

    def factory(game: str, enabled: Optional[bool] = None) -> Optional[Recorder]:
        shown = sys.stderr.isatty() if enabled is None else enabled
        display = Recorder() if shown else None
        made.append((game, enabled, display))
        return display

    monkeypatch.setattr(nim.progress, "quotient_progress", factory)
    return made


def test_the_engine_reports_increasing_heaps_and_candidate_sizes(monkeypatch):
    import nim.takebreak.quotient as engine

    monkeypatch.setattr(engine, "PROGRESS_EVERY", 0.0)       # every poll of the kernels reports
    seen: List[Tuple[int, int]] = []
    q = misere_quotient("0.15", cache=False, progress=lambda heap, size, _: seen.append((heap, size)))
    assert q.proven
    heaps = [heap for heap, _ in seen]
    assert heaps == sorted(heaps) and set(heaps) == set(range(1, q.bound + 1))
    assert all(size >= 1 for _, size in seen)
    assert seen[-1] == (q.bound, q.order)


def test_a_long_heap_reports_the_candidate_last_built(monkeypatch):
    # the handle the kernels poll: during heap 27, the size of its latest candidate
    import nim.takebreak.quotient as engine

    monkeypatch.setattr(engine, "PROGRESS_EVERY", 0.0)
    seen: List[Tuple[int, int]] = []
    watch = engine._Budget(None, lambda heap, size, _: seen.append((heap, size)), 0.0)
    watch.heap, watch.order = 27, 36
    assert watch.is_set() is False
    watch.candidate = 56
    watch.is_set()
    assert seen == [(27, 36), (27, 56)]


def test_a_solve_that_computes_a_quotient_shows_its_progress(displays):
    solution = nim.solve([29, 25, 20, 17], "misere,kayles", progress=True, time_limit=60)
    assert solution.method == "quotient" and solution.value == -1
    shown = [display for _, _, display in displays if display is not None]
    assert len(shown) == 1 and shown[0].closed == 1
    heaps = [heap for heap, _ in shown[0].calls]
    assert heaps and heaps == sorted(heaps)
    assert displays[0][0] == "0.77"


def test_nothing_is_shown_unless_asked_or_on_a_terminal(displays, capsys):
    nim.solve([29, 25, 20, 17], "misere,kayles", time_limit=60)            # progress=False
    forget_quotients()
    nim.explain([40, 30, 20, 5], "misere,octal=0.15", time_limit=60)             # not asked
    assert all(display is None for _, _, display in displays)
    assert capsys.readouterr().err == ""


def test_a_quotient_from_the_cache_shows_nothing(displays):
    misere_quotient("kayles")                                              # fills the cache
    nim.solve([29, 25, 20, 17], "misere,kayles", progress=True, time_limit=60)
    assert all(not display.calls for _, _, display in displays if display is not None)


def test_progress_reaches_stderr_through_the_display(capsys):
    nim.solve([40, 30, 20, 5], "misere,octal=0.15", progress=True, time_limit=60)
    err = capsys.readouterr().err
    assert "misère quotient of" in err and "candidate" in err


def test_cli_prints_progress_on_a_terminal_only(capsys, monkeypatch):
    assert main(["quotient", "0.15", "--no-cache"]) == 0
    quiet = capsys.readouterr()
    assert "order |Q| = 42" in quiet.out and quiet.err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["quotient", "0.15", "--no-cache"]) == 0
    shown = capsys.readouterr()
    assert "order |Q| = 42" in shown.out and "misère quotient of 0.15:" not in shown.out
    assert "misère quotient of 0.15" in shown.err and "candidate" in shown.err

