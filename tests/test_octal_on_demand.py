"""Nim-sequences on demand (issue 31 items 13, 15, 16; issue 33 item 5): the limits reach
the computation, it grows only as far as a heap asks, long sequences are stored and read
back, and the single-heap table is linear -- each checked against an oracle written from
SPEC section 2.1 alone (the plain mex over every option, in Python) or published values.
"""

from __future__ import annotations

import json
import os
import threading
from array import array
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import nim
from nim.errors import SearchLimitError
from nim.rules import Rules
from nim.takebreak import cache
from nim.takebreak.sequence import new_sequence, octal_period
from nim.takebreak.sums import SumTable
from nim.solving.tables import pile_table


def _oracle_options(code: str, n: int, values: List[int]) -> List[Tuple[int, int]]:
    """(take, value) of every option of a heap of n under an octal code (SPEC 2.1)."""
    digits = [int(d) for d in code.replace(".", "")]
    options = []
    for k, digit in enumerate(digits):
        if k > n:          # place 0: d0 = 4 splits a heap in two without taking
            continue
        if digit & 1 and n == k:
            options.append((k, 0))
        if digit & 2 and n > k:
            options.append((k, values[n - k]))
        if digit & 4:
            rest = n - k
            for a in range(1, rest // 2 + 1):
                options.append((k, values[a] ^ values[rest - a]))
    return options


def _oracle(code: str, heaps: int) -> Tuple[List[int], List[Tuple[int, ...]]]:
    """The values and every winning take of lone heaps 0..heaps-1, by the plain mex."""
    values: List[int] = []
    takes: List[Tuple[int, ...]] = []
    for n in range(heaps):
        options = _oracle_options(code, n, values)
        seen = {value for _, value in options}
        g = 0
        while g in seen:
            g += 1
        values.append(g)
        takes.append(tuple(sorted({k for k, value in options if value == 0})) if g else ())
    return values, takes


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.16"])
def test_table_past_the_period_against_the_plain_mex(code: str) -> None:
    # 600 rows: past the bound at which Kayles', Dawson's and 0.137's periods are proven, so
    # the table reads them (values past it, splits only below n0 + p); 0.16's is further
    values, takes = _oracle(code, 601)
    rows = pile_table(600, f"octal={code}")
    assert [row.grundy for row in rows] == values
    assert [row.winning_takes for row in rows] == takes
    assert [row.value for row in rows] == [1 if g else -1 for g in values]


def test_loaded_values_then_extended_equal_the_plain_mex() -> None:
    # the rare-values method restarted from stored values (OctalSequence.load), across the
    # regime where the sparse space shows and the mask is chosen again
    for rules, first, heaps in (("grundy-game", 700, 9000), ("octal=0.142", 3000, 9000),
                                ("octal=0.6", 5000, 12000), ("octal=0.07", 4000, 8000)):
        plain = nim.octal.nim_sequence(rules, heaps, method="plain")
        _, sequence = new_sequence(Rules.parse(rules), "auto")
        sequence.load(plain[:first])
        sequence.extend(heaps)
        assert sequence.values() == plain, rules


def test_load_refuses_what_it_cannot_take() -> None:
    _, sequence = new_sequence(Rules.parse("kayles"), "auto")
    with pytest.raises(ValueError):
        sequence.load([0, 1, 2])                # a list, not an array of 'B' or 'H'
    sequence.extend(10)
    with pytest.raises(ValueError):
        sequence.load(array("B", [0, 1]))       # not empty


def test_the_cache_round_trip_digest_and_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "named"))
    assert cache.cache_folder() == tmp_path / "named"
    wide = array("H", (n * 7919 % 700 for n in range(cache.STORE_FROM)))
    assert cache.store_values("0.6", wide)
    assert cache.load_values("0.6") == wide
    assert not cache.store_values("0.6", wide)              # no longer than what is stored
    path = cache.cache_path("0.6")
    data = bytearray(path.read_bytes())
    data[-2] ^= 1
    path.write_bytes(bytes(data))
    assert cache.load_values("0.6") is None                 # the digest refuses it
    header = json.loads(data.split(b"\n", 1)[0])
    assert header["heaps"] == len(wide) and header["itemsize"] == 2
    assert cache.load_values("0.16") is None                # nothing stored
    monkeypatch.delenv("NIMCORE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_folder() == tmp_path / "xdg" / "nimcore"
    monkeypatch.setenv("NIMCORE_CACHE_DIR", "/proc/nimcore-cannot-write-here")
    assert not cache.store_values("0.6", wide)              # costs the cache, not the answer


def test_octal_period_stores_and_reads_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path))
    heaps = cache.STORE_FROM + 1000
    first = octal_period("grundy-game", max_heaps=heaps, progress=False)
    assert first.cached == 0 and first.stored
    again = octal_period("grundy-game", max_heaps=heaps, progress=False)
    assert again.cached == heaps and again.values == first.values
    # published (Czajka, octal-games: 1,274 rare values below 2**21 with heap 0, the last at
    # 82,860; nimcore counts heaps 1..n-1): the rare-values facts survive the round trip
    assert (again.mask, again.rare_count, again.rare_last) == (first.mask, first.rare_count, 82_860)
    shorter = octal_period("grundy-game", max_heaps=5000, progress=False)
    assert shorter.heaps == 5000 and shorter.values == first.values[:5000]


def test_sum_table_grows_only_as_far_as_the_heap_within_the_limits(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    # a cache of its own: other tests' subprocesses store 0.6's values for a second of
    # work (100,000 heaps and more), and the plain-mex oracle below is quadratic past them
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path))
    table = SumTable("octal=0.6")
    start = table.period.heaps
    with pytest.raises(SearchLimitError) as stopped:
        table.value([start + 50_000], nim.Limits(nodes=1000))
    assert stopped.value.reason == "nodes"
    assert table.period.heaps == start + 1000                   # kept for the next call
    with pytest.raises(SearchLimitError) as stopped:
        table.value([start + 10**6], nim.Limits(time=0.05))
    assert stopped.value.reason == "time"
    event = threading.Event()
    event.set()
    with pytest.raises(SearchLimitError) as stopped:
        table.value([start + 10**6], nim.Limits(cancel=event))
    assert stopped.value.reason == "cancelled"
    heap = table.period.heaps + 300
    values = nim.octal.nim_sequence("octal=0.6", heap + 1, method="plain")
    assert table.value([heap, 5]) == values[heap] ^ values[5]
    assert table.period.heaps == heap + 1                       # no further than asked


def test_solve_passes_its_limits_to_the_sequence() -> None:
    with pytest.raises(SearchLimitError) as stopped:
        nim.solve([400_000, 3], "octal=0.614", node_limit=100)
    assert stopped.value.reason == "nodes"
    rules = "octal=0.106"
    solution = nim.solve([5000, 3], rules, time_limit=30)
    values = nim.octal.nim_sequence(rules, 5001, method="plain")
    assert solution.value == (1 if values[5000] ^ values[3] else -1)


def test_solver_values_pass_its_limits_to_the_sequence() -> None:
    """Solver(...).values grew the nim-sequence with Ctrl-C only: a heap of 10**6 of
    0.04 took 35 s under time_limit=1. Now its limits bound the growth, once a batch."""
    with pytest.raises(SearchLimitError) as stopped:
        nim.Solver("octal=0.614", node_limit=100).values([[3], [400_000, 3]])
    assert stopped.value.reason == "nodes"
    with pytest.raises(SearchLimitError) as stopped:
        nim.Solver("octal=0.04", time_limit=0.2).values([[5], [10**6, 7]])     # about 35 s of work
    assert stopped.value.reason == "time"
    rules = "octal=0.106"
    values = nim.octal.nim_sequence(rules, 6001, method="plain")
    batch = nim.Solver(rules, time_limit=30).values([[6000, 3], [5999], [0]])
    assert list(batch) == [1 if values[6000] ^ values[3] else -1, 1 if values[5999] else -1, -1]


def test_the_test_session_has_its_own_cache_folder() -> None:
    named: Dict[str, str] = dict(os.environ)
    assert "nimcore-test-cache-" in named.get("NIMCORE_CACHE_DIR", "")


def test_nim_sequence_honours_a_time_limit() -> None:
    with pytest.raises(SearchLimitError) as stopped:
        nim.octal.nim_sequence("grundy-game", 10**8, time_limit=0.05)
    assert stopped.value.reason == "time"
    assert list(nim.octal.nim_sequence("kayles", 12, time_limit=5)) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
