"""A quotient computation that a limit stops keeps what it reached on disk (the
quotient of the heaps done, and the "wall": the heap it stopped at, why, after how
long); the next one resumes from there, or returns it at once when the same limits
would stop it at the same heap again. What is read is re-verified, as every
cached quotient is; the wall is a hint, never a claim about the game."""

from __future__ import annotations

import json
import os
import threading
from typing import Any, List, Optional

import pytest

import nim
from nim.takebreak import misere_quotient, quotient_cache
from nim.takebreak import quotient as engine
from nim.takebreak import quotient_memo as takebreak_quotient


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))
    takebreak_quotient.forget_quotients()
    yield
    takebreak_quotient.forget_quotients()


def starts(monkeypatch) -> List[Optional[int]]:
    """The bound each computation from now on starts from (0: from scratch)."""
    seen: List[Optional[int]] = []
    compute = engine._compute

    def spy(*args: Any) -> Any:
        start = args[8] if len(args) > 8 else None
        seen.append(start.bound if start is not None else 0)
        return compute(*args)

    monkeypatch.setattr(engine, "_compute", spy)
    return seen


def no_computation(*args: Any) -> Any:
    raise AssertionError("computed again")


def stop_kayles_at_heap_10() -> None:
    cancel = threading.Event()

    def progress(heap: int, order: int, seconds: float) -> None:
        if heap == 10:
            cancel.set()

    partial = misere_quotient("kayles", cancel=cancel, progress=progress)
    assert partial.bound == 10 and partial.stopped and "cancelled" in partial.stopped


def test_a_stopped_computation_resumes_where_it_stopped(monkeypatch):
    stop_kayles_at_heap_10()
    kept = quotient_cache.load_partial("0.77")
    assert kept is not None and kept["bound"] == 10 and kept["wall"] is None     # cancelled: no wall
    seen = starts(monkeypatch)
    heaps: List[int] = []
    q = misere_quotient("kayles", progress=lambda heap, order, seconds: heaps.append(heap))
    assert seen == [10] and heaps[0] == 11
    # the same quotient as a computation from scratch, field for field
    assert q == misere_quotient("kayles", cache=False)
    assert (q.order, len(q.p_portion), q.period, q.proven) == (40, 9, (71, 12), True)


def test_a_forged_partial_is_not_resumed_from(monkeypatch):
    stop_kayles_at_heap_10()
    misere_quotient("kayles", 5)          # reads the partial (kept in memory: not below heap 5)
    path = quotient_cache.partial_path("0.77")
    data = json.loads(path.read_text())
    data["table"][1][1] = (data["table"][1][1] + 1) % data["order"]
    path.write_text(json.dumps(data))
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))   # past a clock tick
    seen = starts(monkeypatch)
    q = misere_quotient("kayles")
    # not from the forged partial (heaps up to 9): from scratch, or from the verified exact
    # quotient of heaps up to 5 that the call above cached
    assert seen in ([0], [5]) and q.proven and q.order == 40


def test_a_wall_is_not_climbed_twice_under_the_same_limits(monkeypatch):
    # Dawson's Kayles stops at heap 34; with a small class-table cap, on its size limit
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 22)
    first = misere_quotient("dawson-kayles", 36)
    assert (first.bound, first.order) == (33, 638) and "size limit at heap 34" in first.stopped
    wall = quotient_cache.load_partial("0.07")["wall"]
    assert (wall["heap"], wall["reason"], wall["max_table"]) == (34, "size", 1 << 22)
    compute = engine._compute
    monkeypatch.setattr(engine, "_compute", no_computation)
    again = misere_quotient("dawson-kayles", 35, seconds=1000)
    assert again.bound == 33 and again.order == 638 and again.table == first.table
    assert again.stopped.startswith(first.stopped) and "in an earlier run" in again.stopped
    assert again.next_order_at_least == first.next_order_at_least
    with pytest.raises(engine.QuotientError, match="in an earlier run"):
        misere_quotient("dawson-kayles", 35, strict=True)
    # larger limits try again, from heap 33
    monkeypatch.setattr(engine, "_compute", compute)
    seen = starts(monkeypatch)
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 23)
    bigger = misere_quotient("dawson-kayles", 35)
    assert seen == [33] and bigger.bound == 33
    assert first.next_order_at_least is None                  # no more than Q_33 shown at the small cap
    assert bigger.next_order_at_least is not None and bigger.next_order_at_least > 638


def test_a_time_wall_holds_for_at_most_twice_the_time(monkeypatch):
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 22)
    misere_quotient("dawson-kayles", 36)
    path = quotient_cache.partial_path("0.07")
    data = json.loads(path.read_text())
    data["wall"].update(reason="time", seconds=5.0)
    path.write_text(json.dumps(data))
    monkeypatch.setattr(engine, "_compute", no_computation)
    assert "not tried again" in misere_quotient("dawson-kayles", 36, seconds=10).stopped
    with pytest.raises(AssertionError, match="computed again"):
        misere_quotient("dawson-kayles", 36, seconds=11)
    with pytest.raises(AssertionError, match="computed again"):
        misere_quotient("dawson-kayles", 36)                # no time limit: try


@pytest.mark.parametrize("wall", [None, "not a wall", {"heap": 99}, {"heap": 34, "reason": "time",
                                                                  "seconds": -1}])
def test_a_wall_that_makes_no_sense_is_ignored(monkeypatch, wall):
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 22)
    misere_quotient("dawson-kayles", 36)
    path = quotient_cache.partial_path("0.07")
    data = json.loads(path.read_text())
    if isinstance(wall, dict):
        wall = {**data["wall"], **wall}
    data["wall"] = wall
    path.write_text(json.dumps(data))
    seen = starts(monkeypatch)
    misere_quotient("dawson-kayles", 36)
    assert seen == [33]


def test_a_solve_in_a_new_process_does_not_pay_for_the_wall_again(monkeypatch):
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 22)
    heaps = [36, 30, 28, 26, 24, 22]
    first = nim.solve(heaps, "misere,dawson-kayles", time_limit=60)
    takebreak_quotient.forget_quotients()           # what a new process knows
    monkeypatch.setattr(engine, "_compute", no_computation)
    again = nim.solve(heaps, "misere,dawson-kayles", time_limit=60)
    # won, as the research study's prototype found with the same leaves
    assert again.value == first.value == 1 and again.move == first.move


def test_explain_says_what_the_search_owed_to_a_bounded_quotient(monkeypatch):
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 23)
    reached = misere_quotient("dawson-kayles", 36)         # stops at heap 34, on its size limit
    assert reached.next_order_at_least is not None
    e = nim.explain([34, 20, 7], "misere,dawson-kayles")
    assert e.rule == "split-search"
    assert "known for heaps up to 33 (order 638)" in e.text
    assert f"has at least {reached.next_order_at_least:,} elements (proven)" in e.text
    assert e.to_dict()["quotient"]["bound"] == 33
    # a position within the bound is the quotient's own answer
    assert nim.explain([33, 20, 7], "misere,dawson-kayles").rule == "quotient"
