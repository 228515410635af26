"""The record engine's small-values path (issue 39): while every value is below 64 a heap's
options are the bits of one word, not stamps in memory. Its values are checked against the
kept-whole engine (nimcore.octal) and the tests' own plain mex, through the window's slides,
the switch to the stamps when a value reaches 64, and the fall back to them for a heap whose
rests are held only in the kept values."""

from __future__ import annotations

from array import array
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

import takebreak_oracle
from nim import Rules
from nim.kernel import records
from nim.octal import nim_sequence
from nim.takebreak.cache import read_checkpoint
from nim.takebreak.record import read_kept, record_sequence
from nim.takebreak.sequence import game_places


def _engine(name: str, head: int, window: int) -> Any:
    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce(name))
    return records().RecordSequence(takes_all, leaves, splits, grundy, head, window, 1)


def _window(engine: Any) -> "array[int]":
    held: "array[int]" = array("H")
    held.frombytes(engine.values(engine.window_start, len(engine)))
    return held


@pytest.mark.parametrize("name, size, memory", [
    ("octal=0.167", 1 << 17, 2048),     # values below 64 all the way; the window slides
    ("kayles", 1 << 16, 1024),          # a period: values below 8
    ("octal=0.137", 1 << 15, 1 << 15),  # Dawson's chess (periodic games have many "rare" heaps:
    ("octal=0.07", 1 << 15, 1 << 15),   # Dawson's Kayles   head and window hold them all)
    ("octal=0.156", 1 << 15, 1 << 15),
    ("octal=0.165", 1 << 15, 1 << 15),
    ("octal=0.161", 1 << 17, 1 << 15),  # values pass 64: the stamps from there on
    ("grundy-game", 1 << 17, 1 << 17),  # passes 64 early, and may not split in halves
])
def test_the_small_values_path_gives_the_whole_engines_values(name: str, size: int, memory: int) -> None:
    engine = _engine(name, memory, memory)
    while len(engine) < size:
        assert engine.run(size, 1 << 20) == records().OK
    whole = nim_sequence(name, size)
    assert _window(engine) == array("H", whole[engine.window_start:])
    assert engine.histogram() == dict(Counter(whole[1:]))
    assert engine.largest[0] == max(whole[1:])


def test_values_reaching_64_switch_to_the_stamps() -> None:
    """0.161's values pass 64 (they reach 158): the heaps before and after are right."""
    size = 1 << 17
    whole = nim_sequence("octal=0.161", size)
    first = next(n for n, v in enumerate(whole) if v >= 64)
    assert 0 < first < size - 1000
    engine = _engine("octal=0.161", 1 << 17, 1 << 17)
    assert engine.run(size, 1 << 40) == records().OK
    assert engine.values(0, size) == array("H", whole).tobytes()


def test_a_heap_held_only_in_the_kept_values_falls_back_and_is_proven(tmp_path: Path) -> None:
    """0.167's rare heaps reach 1,303: with a head and a window of 1,024 their rests leave
    memory, the small path hands the heap to the stamps, which prove it from the kept values."""
    size = 60_000
    run = record_sequence("octal=0.167", size, folder=tmp_path, keep=True, head=1024, window=1024,
                          block=1024, threads=1)
    whole = nim_sequence("octal=0.167", size)
    assert read_kept(tmp_path, run.game) == array("H", whole)
    assert run.tables == record_sequence("octal=0.167", size, checkpoint=False).tables
    state = read_checkpoint(tmp_path, run.game)
    assert state is not None and (state[0]["deeps"] > 0 or state[0]["window"] > 1024)


codes = st.builds(
    lambda digits: "0." + "".join(str(d) for d in digits),
    st.lists(st.integers(0, 7), min_size=2, max_size=5).filter(lambda ds: any(d & 4 for d in ds) and ds[-1]),
)


@settings(max_examples=60, deadline=None)
@given(code=codes)
def test_random_codes_equal_the_tests_plain_mex(code: str) -> None:
    size = 2000    # (all in the head: the paths of 3,000, in half the oracle's time)
    engine = _engine(f"octal={code}", 4096, 4096)
    assert engine.run(size, 1 << 40) == records().OK
    want = takebreak_oracle.sequence(code, size)
    assert _window(engine) == array("H", want[engine.window_start:])
    assert engine.histogram() == dict(Counter(want[1:]))
