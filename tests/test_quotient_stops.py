"""A stop of the misère quotient engine is what it is (issue 41's follow-up): the exception the
caller's progress callback raises inside a kernel reaches the caller (not a quotient "stopped on
its error limit"), a cancelled solve is cancelled (a ``SearchLimitError``, not remembered as a
budget that ran out, which made the next solve refuse "within 60 s"), and ``method="quotient"``
past its time limit is a ``SearchLimitError`` as every engine's limit is."""

from __future__ import annotations

import inspect
import threading
from pathlib import Path

import pytest

import nim
from nim.errors import SearchLimitError
from nim.takebreak import quotient
from nim.takebreak.quotient_memo import forget_quotients

#: Dawson's Kayles as an octal code: its quotient up to heap 25 takes the kernels a few tenths
#: of a second, long enough for them to poll their handle many times.
GAME = "octal=0.07"
POSITION = [20, 21, 25]


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No quotient remembered by this process or on disk: each test computes its own."""
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path))
    forget_quotients()
    yield
    forget_quotients()


class CallbackFailed(Exception):
    """The caller's own exception."""


def test_a_progress_callback_raising_inside_a_kernel_reaches_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quotient, "PROGRESS_EVERY", 0.0)        # the kernels report at every poll
    from_kernel = []

    def progress(heap: int, order: int, seconds: float) -> None:
        if inspect.stack()[1].function == "is_set":            # polled by a kernel, not between heaps
            from_kernel.append(heap)
            raise CallbackFailed(f"stop at heap {heap}")

    with pytest.raises(CallbackFailed):
        quotient.misere_quotient(GAME, 25, cache=False, progress=progress)
    assert from_kernel                                        # it was a kernel that met it


def test_a_cancelled_quotient_says_so() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(quotient.QuotientError, match="was cancelled at heap 1") as caught:
        quotient.misere_quotient(GAME, 25, cache=False, cancel=cancel)
    assert caught.value.reason == "cancelled"


def test_a_short_time_limit_stops_on_time_and_keeps_the_heaps_done() -> None:
    try:
        found = quotient.misere_quotient(GAME, 40, cache=False, seconds=0.002)
    except quotient.QuotientError as error:                   # a slow machine: not even heap 1 done
        assert error.reason == "time"
        return
    assert found.stop_reason == "time" and found.bound < 40 and "time limit" in (found.stopped or "")
    exact = quotient.misere_quotient(GAME, found.bound, cache=False) if found.bound else None
    if exact is not None:                                      # the heaps done are the exact quotient's
        assert found.heap_elements == exact.heap_elements and found.order == exact.order


@pytest.mark.parametrize("method", ["auto", "quotient"])
def test_a_cancelled_solve_is_cancelled_and_the_next_one_answers(method: str) -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchLimitError) as caught:
        nim.solve(POSITION, f"misere,{GAME}", method=method, cancel=cancel)
    assert caught.value.reason == "cancelled"
    # nothing of the cancelled attempt is remembered as a stall: the next solve computes and answers
    solution = nim.solve(POSITION, f"misere,{GAME}", method=method)
    assert solution.value == nim.solve(POSITION, f"misere,{GAME}", method="tt").value


def test_method_quotient_past_its_time_limit_is_a_search_limit() -> None:
    with pytest.raises(SearchLimitError, match="does not cover heap 25") as caught:
        nim.solve(POSITION, f"misere,{GAME}", method="quotient", time_limit=0.001)
    assert caught.value.reason == "time"
