"""The quotient engine's caches are untrusted (issue 42, items 8-11 and 13): corrupt, forged,
blocking or endless files are ignored or checked, never a traceback, a hang or a false claim;
and the quotient's methods take NumPy integers and refuse the rest in words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nim import NimError
from nim.takebreak import quotient_cache
from nim.takebreak.cache import cache_path, load_values
from nim.takebreak.quotient import misere_quotient


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path))
    return tmp_path


def command(cache: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nim", *argv], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "NIMCORE_CACHE_DIR": str(cache)})


@pytest.mark.parametrize("corrupt", [
    lambda text: text.replace('"order":', '"order":Infinity,"x":', 1),
    lambda text: text.replace('"bound":', '"bound":Infinity,"y":', 1),
    lambda text: text.replace('"table":[[', '"table":[[1099511627776,', 1),
    lambda text: text.replace('"heap_elements":[', '"heap_elements":[1099511627776,', 1),
])
def test_a_corrupt_quotient_file_is_ignored_and_recomputed(cache: Path, corrupt) -> None:
    exact = misere_quotient("kayles")
    path = quotient_cache.cache_path("0.77", None)
    path.write_text(corrupt(path.read_text()))
    for argv in (["quotient", "kayles"], ["solve", "5", "7", "--game", "kayles", "--misere"]):
        done = command(cache, *argv)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-400:]
    assert misere_quotient("kayles").order == exact.order


def test_a_named_pipe_or_a_link_to_dev_zero_is_not_read(cache: Path) -> None:
    folder = cache / "quotients"
    folder.mkdir()
    os.mkfifo(quotient_cache.cache_path("0.77", None))
    os.symlink("/dev/zero", quotient_cache.partial_path("0.77"))
    done = command(cache, "quotient", "kayles")
    assert done.returncode == 0 and "misère quotient of 0.77" in done.stdout, done.stderr[-400:]
    os.mkfifo(cache_path("grundy-game"))
    assert load_values("grundy-game") is None
    os.unlink(cache_path("grundy-game"))
    os.symlink("/dev/zero", cache_path("grundy-game"))
    assert load_values("grundy-game") is None


def test_a_forged_wall_bound_and_growth_are_not_passed_on(cache: Path) -> None:
    first = misere_quotient("0.07", max_order=50)
    assert first.stopped and not first.proven
    path = quotient_cache.partial_path("0.07")
    data = json.loads(path.read_text())
    data["wall"]["at_least"] = 10**9
    data["wall"]["message"] = "FORGED: proven infinite"
    path.write_text(json.dumps(data))
    again = misere_quotient("0.07", max_order=50)
    assert again.bound == first.bound
    assert again.next_order_at_least != 10**9 and "FORGED" not in (again.stopped or "")
    whole = misere_quotient("kayles")
    full = quotient_cache.cache_path("0.77", None)
    data = json.loads(full.read_text())
    data["growth"] = [[1, 999_999]]
    full.write_text(json.dumps(data))
    from nim.takebreak import quotient as engine

    engine._PARTIALS.clear()
    read = engine.cached_quotient("0.77", None)
    assert read is not None and read.order == whole.order and (1, 999_999) not in read.growth


def test_a_better_cached_exact_quotient_wins_over_a_partial_one(cache: Path) -> None:
    partial = misere_quotient("0.07", max_order=50)          # stopped on its size limit
    exact = misere_quotient("0.07", max_heap=partial.bound + 6)
    assert exact.bound == partial.bound + 6
    again = misere_quotient("0.07", max_order=50)            # the partial's wall would hold
    assert again.bound >= exact.bound


def test_numpy_integers_are_taken_and_the_rest_refused_in_words(cache: Path) -> None:
    np = pytest.importorskip("numpy")
    q = misere_quotient("kayles", max_heap=np.int64(10))
    assert q.bound == 10
    assert q.is_lost([np.int64(1), np.int32(1)]) == q.is_lost([1, 1])
    for call, words in [(lambda: q.is_lost(5), "a list of whole numbers"),            # type: ignore[arg-type]
                        (lambda: q.element_name(1.5), "an element is a whole number"),  # type: ignore[arg-type]
                        (lambda: q.element_name(None), "an element is a whole number"),  # type: ignore[arg-type]
                        (lambda: q.is_lost(["3"]), "a heap is a whole number")]:
        with pytest.raises(NimError, match=words):
            call()


def test_a_new_process_does_not_take_a_wall_bound_from_the_file(cache: Path) -> None:
    misere_quotient("0.07", max_order=50)
    path = quotient_cache.partial_path("0.07")
    data = json.loads(path.read_text())
    data["wall"]["at_least"] = 10**9
    data["wall"]["message"] = "FORGED: proven infinite"
    path.write_text(json.dumps(data))
    code = ("from nim.takebreak.quotient import misere_quotient\n"
            "q = misere_quotient('0.07', max_order=50)\n"
            "print(q.next_order_at_least, 'FORGED' in (q.stopped or ''))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "NIMCORE_CACHE_DIR": str(cache)})
    assert done.stdout.split() == ["None", "False"], done.stdout + done.stderr


def _down(heap: int) -> int:
    """A heap of the same misère-Kayles element below 200: the quotient's proven period (12,
    from heap 71 on, Plambeck) taken off (heaps below 72 stay)."""
    return heap if heap < 72 else 72 + (heap - 72) % 12 + 72


@pytest.mark.parametrize("heap", [2**63, 2**63 + 5, 2**64 + 3, 3**50, 10**30 + 7])
def test_misere_kayles_past_64_bits_is_answered_by_the_quotient(cache: Path, heap: int) -> None:
    """Issue 42 item 14: no OverflowError; the answer is the one of the heap's small twin, and the
    winning move is legal and leaves a lost position (its heaps brought down by the period)."""
    import nim

    for position in ([heap, 5], [heap], [heap, 7, 3]):
        solution = nim.solve(position, "misere,kayles")
        small = [_down(h) for h in position]
        assert solution.value == nim.solve(small, "misere,kayles").value
        if solution.value > 0:
            move = solution.move
            assert nim.Position(position, "misere,kayles").is_legal(move)
            after = nim.Position(position, "misere,kayles").apply(move).piles
            assert nim.solve([_down(h) for h in after], "misere,kayles").value < 0
        assert nim.explain(position, "misere,kayles").value == solution.value


@pytest.mark.parametrize("heap", [1000, 2000, 5000])
def test_explain_works_wherever_the_solve_does(cache: Path, heap: int) -> None:
    """Issue 42 item 15: a misère Kayles heap of 1,000 (a RecursionError) and 5,000 (refused)."""
    done = command(cache, "solve", str(heap), "--game", "kayles", "--misere", "--explain")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-300:]
    assert "Winning move" in done.stdout or "Lost" in done.stdout


def test_a_long_unbounded_solve_says_at_once_how_to_bound_it(cache: Path) -> None:
    """Issue 40 item 12: in a pipe a search that may not end said nothing for minutes; now one
    line after 2 s, and a time limit ends it with the usual one-line error."""
    process = subprocess.Popen([sys.executable, "-m", "nim", "solve", "100", "77", "50", "--rules",
                                "misere,dawson-kayles"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "NIMCORE_CACHE_DIR": str(cache)})
    try:
        line = process.stderr.readline()     # type: ignore[union-attr]
    finally:
        process.kill()
        process.communicate()
    assert "may take very long" in line and "--time-limit" in line
    done = command(cache, "solve", "100", "77", "50", "--rules", "misere,dawson-kayles", "--time-limit", "1")
    assert done.returncode == 3 and len(done.stderr.strip().splitlines()) == 1, done.stderr


@pytest.mark.parametrize("rule, game, upto", [("misere,kayles", "0.77", 26), ("misere,dawson-kayles", "0.07", 26),
                                              ("misere,octal=0.137", "0.137", 24)])
def test_the_misere_table_by_the_quotient_agrees_with_the_brute_force(cache: Path, rule: str, game: str,
                                                                      upto: int) -> None:
    """Issue 42 item 16: the misère table is read off the quotient, linear in the heaps; each
    row against tests/takebreak_oracle.py."""
    import takebreak_oracle as oracle
    from nim import Rules
    from nim.solving.tables import misere_heap_table

    values, _, takes, movable = misere_heap_table(Rules.parse(rule), upto)
    for heap in range(upto + 1):
        assert (values[heap] > 0) == oracle.wins(game, True, (heap,)), (rule, heap)
        winning = sorted({heap - sum(parts) for parts in oracle.options(game, heap)
                          if not oracle.wins(game, True, parts)})
        assert list(takes[heap]) == winning, (rule, heap)
        assert movable[heap] == bool(oracle.options(game, heap))


def test_the_misere_kayles_table_to_a_million_rows_is_quick(cache: Path) -> None:
    done = command(cache, "table", "--game", "kayles", "--misere", "--upto", "1000000")
    assert done.returncode == 0 and done.stdout.count("\n") > 1_000_000, done.stderr[-300:]
