"""The engines under threads: small thread stacks, concurrent calls, the GIL, cancellation."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import nim
from nim import Rules
from nim.solving.heuristics import depth_limited
from nimcore import minimax as minimax_core
from nimcore import tt as tt_core
from nimcore.search import Search
from nimcore.ttable import TranspositionTable

# Run in a child process: a stack overflow kills the process, which must fail
# this test rather than pytest itself.
SMALL_STACK_SCRIPT = textwrap.dedent("""
    import sys, threading
    import nim
    from nim.solving.heuristics import depth_limited

    threading.stack_size(int(sys.argv[1]))
    CASES = [
        ("alphabeta", lambda: nim.solve([9999], "misere,max=1", "alphabeta").value),
        ("minimax", lambda: nim.solve([9999], "misere,max=1", "minimax").value),
        ("ida", lambda: nim.solving.ida([99999]).path_length),
        ("depth-limited", lambda: depth_limited([3000], "misere,max=1", 3000).value),
    ]
    outcomes = []

    def run():
        for label, call in CASES:
            try:
                outcomes.append(f"{label}=" + repr(call()))
            except nim.SearchLimitError as error:
                assert error.reason == "depth", error
                assert "C stack" in str(error) or "recursion bound" in str(error), error
                outcomes.append(f"{label}=depth")

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    print(" ".join(outcomes))
""")


@pytest.mark.parametrize("stack_kb", [256, 320, 384, 8192])
def test_deep_searches_answer_on_any_thread_stack(stack_kb: int) -> None:
    """The engines keep their frames on the heap: a deep search answers in a thread with
    a small stack exactly as on the main thread's (never SIGSEGV, never a 'depth' stop)."""
    done = subprocess.run([sys.executable, "-c", SMALL_STACK_SCRIPT, str(stack_kb * 1024)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    outcomes = dict(item.split("=") for item in done.stdout.split())
    assert set(outcomes) == {"alphabeta", "minimax", "ida", "depth-limited"}
    assert outcomes["ida"] == "99999"
    # misère, take 1: the mover makes the last move of an odd game and loses
    assert outcomes["alphabeta"] == outcomes["minimax"] == "-1"     # 9999 moves
    assert outcomes["depth-limited"] == "1.0"                       # 3000 moves


# ---------------------------------------------------------------- concurrency

#: Minimax runs about 10 s on this (a billion nodes): stopped early by every test.
LONG = ([1, 2, 3, 4, 5], "misere,max=9")


def _jobs() -> list[tuple[str, tuple[int, ...], str]]:
    rng = random.Random(14)
    jobs = []
    for method in ("minimax", "alphabeta", "tt", "auto", "ida", "depth-limited"):
        for rules in ("misere", "normal,max=3", "misere,max=2", "misere,half", "misere,set=1;3;4"):
            for _ in range(6):
                piles = tuple(rng.randint(0, 4) for _ in range(rng.randint(1, 3)))
                jobs.append((method, piles, rules))
    return jobs


def _answer(job: tuple[str, tuple[int, ...], str]) -> tuple[object, ...]:
    method, piles, rules = job
    if method == "depth-limited":
        result = depth_limited(piles, rules, 3)
        return result.value, result.move, result.nodes
    solution = nim.solve(piles, rules, method)
    if method == "tt":
        # nim.solve's cached Solver keeps its table between calls (and a thread
        # finding it busy uses a fresh one), so tt's node count depends on what
        # the table already holds: compare the answer, not the work
        return solution.value, solution.move
    return solution.value, solution.move, solution.nodes


def test_concurrent_solves_give_the_sequential_answers() -> None:
    jobs = _jobs() * 3
    sequential = [_answer(job) for job in jobs]
    with ThreadPoolExecutor(max_workers=6) as pool:
        concurrent = list(pool.map(_answer, jobs))
    assert concurrent == sequential


def test_a_long_search_releases_the_gil() -> None:
    """While minimax runs in a worker, this thread runs Python; then it cancels the search."""
    cancel = threading.Event()
    started = threading.Event()
    outcome: list[object] = []

    def work() -> None:
        started.set()
        try:
            outcome.append(nim.solve(*LONG, "minimax", node_limit=None, cancel=cancel))
        except nim.SearchLimitError as error:
            outcome.append(error.reason)

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    spins, until = 0, time.monotonic() + 0.2
    while time.monotonic() < until:    # Python bytecode: needs the GIL the search must not hold
        spins += 1
    cancel.set()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert outcome == ["cancelled"], outcome    # this thread ran while the search still did
    assert spins > 1000


@pytest.mark.parametrize("method, piles, rules", [
    ("minimax", *LONG), ("alphabeta", [3, 4, 5, 6, 7], "misere,max=9"),
    ("tt", [28, 28, 2, 3, 3, 12, 27, 6, 24, 26, 25, 19], "misere,max=3"),
])
def test_a_cancel_handle_stops_a_search_in_a_worker_thread(method: str, piles: list[int],
                                                           rules: str) -> None:
    cancel = threading.Event()
    outcome: list[object] = []

    def work() -> None:
        try:
            nim.solve(piles, rules, method, node_limit=None, cancel=cancel)
            outcome.append("finished")
        except nim.SearchLimitError as error:
            outcome.append(error)

    worker = threading.Thread(target=work)
    worker.start()
    time.sleep(0.1)
    sent = time.monotonic()
    cancel.set()
    worker.join(timeout=30)
    waited = time.monotonic() - sent
    assert not worker.is_alive()
    [error] = outcome
    assert isinstance(error, nim.SearchLimitError) and error.reason == "cancelled", error
    assert "cancelled" in str(error) and error.nodes > 0
    assert waited < 5       # a hang fails; measured: a few ms


def test_search_cancel_is_thread_safe_and_bad_handles_are_refused() -> None:
    search = Search(Rules.parse(LONG[1]).core, LONG[0])
    threading.Timer(0.05, search.cancel).start()
    minimax_core.search(search, False)
    assert search.stop_reason == "cancelled"
    with pytest.raises(nim.NimError, match="is_set"):
        nim.solve([1, 2], "misere,max=2", cancel="stop")


def _solve_all(work: list[tuple[Rules, tuple[int, ...]]], table: TranspositionTable) -> list[int]:
    return [tt_core.search(Search(rules.core, piles), table)[0] for rules, piles in work]


def test_one_table_shared_by_threads_with_two_rule_sets_stays_exact() -> None:
    """A table belongs to one rule set and one search at a time: the second thread waits.

    Without that, a few values in each round came out wrong (the entries of
    one rule set read as the other's).
    """
    rng = random.Random(16)
    for _ in range(5):
        table = TranspositionTable(1)
        work = [(Rules.parse(text), tuple(rng.randint(0, 20) for _ in range(rng.randint(2, 5))))
                for text in ("misere,max=3", "misere,half") for _ in range(200)]
        expected = [tt_core.search(Search(rules.core, piles), TranspositionTable(1))[0]
                    for rules, piles in work]

        with ThreadPoolExecutor(max_workers=2) as pool:
            first = pool.submit(_solve_all, work[:200], table)
            second = pool.submit(_solve_all, work[200:], table)
            got = first.result() + second.result()
        assert got == expected


def test_a_search_waiting_for_a_busy_table_can_be_cancelled() -> None:
    table = TranspositionTable(8)
    rules = Rules.parse("misere,max=3")
    busy = Search(rules.core, [28, 28, 2, 3, 3, 12, 27, 6, 24, 26, 25, 19], node_limit=None)
    holder = threading.Thread(target=tt_core.search, args=(busy, table))
    holder.start()
    time.sleep(0.05)
    waiting = Search(rules.core, [1, 2, 3], cancel=threading.Event())
    threading.Timer(0.1, waiting.cancel).start()
    tt_core.search(waiting, table)
    busy.cancel()
    holder.join(timeout=30)
    assert waiting.stop_reason == "cancelled" and waiting.nodes == 0
    assert busy.stop_reason == "cancelled"


def test_the_play_engines_take_a_cancel_handle_too() -> None:
    already = threading.Event()
    already.set()
    # a path of 4 million moves passes several checkpoints: the first one stops it
    with pytest.raises(nim.SearchLimitError, match="cancelled"):
        nim.solving.ida([2**22 - 10], "normal,max=1", cancel=already)
    with pytest.raises(nim.SearchLimitError, match="cancelled"):
        depth_limited([7, 7, 7, 7, 7, 7], "misere", 8, node_limit=None, cancel=already)
    with pytest.raises(nim.NimError, match="is_set"):
        nim.solving.ida([3], cancel=object())


def test_a_held_table_serves_its_thread_and_makes_others_wait() -> None:
    """The table's one lock is re-entrant: a thread holding it (a Solver's
    analysis) searches on it without waiting, another thread waits until the
    hold ends, and only the holder may end it."""
    table = TranspositionTable(1)
    rules = Rules.parse("misere,max=3")
    assert table.try_hold()
    assert tt_core.search(Search(rules.core, [5, 6, 7]), table)[0] == \
        tt_core.search(Search(rules.core, [5, 6, 7]), None)[0]
    assert table.try_hold()                       # again, on the same thread
    table.release()
    other = ThreadPoolExecutor(max_workers=1)
    assert other.submit(table.try_hold).result() is False
    with pytest.raises(RuntimeError, match="does not hold"):
        other.submit(table.release).result()
    waiting = Search(rules.core, [1, 2, 3], cancel=threading.Event())
    threading.Timer(0.1, waiting.cancel).start()
    other.submit(tt_core.search, waiting, table).result(timeout=30)
    assert waiting.stop_reason == "cancelled" and waiting.nodes == 0
    table.release()
    assert other.submit(tt_core.search, Search(rules.core, [1, 2, 3]), table).result(timeout=30)[0] in (-1, 1)
    other.shutdown()
    with pytest.raises(RuntimeError, match="does not hold"):
        table.release()
