"""The record engine's learned hints and its mate thread (issue 39), in the wide blocks (values
past 63: Grundy's game, the open octal games; AVX-512 only).

- The hints: every 524,288 heaps the engine learns which parts 16 .. 16,384 most often reach
  the rare values that the first pairs miss (the pairs of these games are far from random), and
  the blocks' vector lanes scan those parts in place of 16 .. 1,024; the scan past the lanes
  then goes on from 16. Any valid pairs will do: the values cannot change, only the pairs
  counted. A learning is used 65,536 heaps after its samples, on one thread as on two.
- The mate: with two threads, a second thread pairs the far rare heaps of the blocks ahead (a
  ring of up to four jobs of 64 heaps) and makes the learnings while the first finishes the
  block in hand; the first thread makes the jobs the mate has not begun when it would
  otherwise wait for it.

Both are checked against the kept-whole engine (nimcore.octal) and against the engine without
them, through many short calls (the mate stopped with a job posted), a stop and a resume."""

from __future__ import annotations

from array import array
from pathlib import Path

import pytest

from nim import Rules
from nim.kernel import records
from nim.octal import nim_sequence
from nim.takebreak.sequence import game_places
from test_records_block_lanes import assert_a_stopped_run_resumes_to_the_whole_engines_values

_AVX512 = records().vector_lanes() == "avx512"


def _engine(name: str, threads: int, hints: int = 1024) -> object:
    """The engine with the byte lanes' top fixed at 96 (the 32-bit lanes' own): the tests
    compare the pairs counted, and with the top chosen by the run a heap's scan may look again
    at the lanes' parts (a bound past 63 under a top of 64) on one thread and not on two, the
    mate's job made before the choice. test_the_byte_lanes_pair_as_the_32_bit_lanes runs every
    top."""
    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce(name))
    engine = records().RecordSequence(takes_all, leaves, splits, grundy, 1 << 17, 1 << 19, threads)
    engine.hints = hints
    engine.byte_lanes = 96
    return engine


def _run(engine: object, size: int, budget: int = 1 << 40) -> None:
    while len(engine) < size:                                    # type: ignore[arg-type]
        assert engine.run(size, budget) == records().OK          # type: ignore[attr-defined]


@pytest.mark.parametrize("name, size", [("grundy-game", 400_000), ("octal=0.161", 300_000),
                                        ("octal=0.172", 300_000)])    # (0.172: the mask's bit 0)
def test_the_hints_and_the_mate_give_the_whole_engines_values(name: str, size: int) -> None:
    hinted, mated = _engine(name, 1), _engine(name, 2)
    for engine in (hinted, mated):
        _run(engine, size)
    whole = nim_sequence(name, size)
    start = size - (1 << 17)
    for engine in (hinted, mated):
        held = array("H")
        held.frombytes(engine.values(start, size))                # type: ignore[attr-defined]
        assert held == whole[start:size]
        assert engine.rare_heaps() == hinted.rare_heaps()         # type: ignore[attr-defined]
    assert mated.histogram() == hinted.histogram()                # type: ignore[attr-defined]
    if _AVX512:
        parts = hinted.hint_parts                                 # type: ignore[attr-defined]
        rare = {heap for heap, _ in hinted.rare_heaps()}          # type: ignore[attr-defined]
        assert hinted.hints_learned >= 1                          # type: ignore[attr-defined]
        assert 0 < len(parts) <= 1024 and parts == sorted(parts)
        assert all(16 <= part <= 16384 and part not in rare for part in parts)
        # the mate made blocks' far pairings (most of them on free cores; on busy ones it is
        # left idle a while after this thread waited for it too long), and the pairs counted
        # are the one thread's (the same parts, the same scan)
        assert mated.mate_blocks > 0                              # type: ignore[attr-defined]
        assert mated.export()["scanned"] == hinted.export()["scanned"]   # type: ignore[attr-defined]
    else:
        assert hinted.hints_learned == 0 and mated.mate_blocks == 0   # type: ignore[attr-defined]


def test_without_the_hints_the_same_values_from_other_pairs() -> None:
    size = 400_000
    plain, hinted = _engine("grundy-game", 1, hints=0), _engine("grundy-game", 1)
    for engine in (plain, hinted):
        _run(engine, size)
    assert plain.values(size - (1 << 17), size) == hinted.values(size - (1 << 17), size)   # type: ignore[attr-defined]
    assert plain.histogram() == hinted.histogram()                # type: ignore[attr-defined]
    assert plain.hints_learned == 0 and plain.hint_parts == []   # type: ignore[attr-defined]
    if _AVX512:
        assert hinted.export()["scanned"] != plain.export()["scanned"]   # type: ignore[attr-defined]


def test_many_short_calls_stop_the_mate_with_a_job_posted() -> None:
    """A call ends after a small budget with the next block's job posted: the mate ends it
    before the call returns, and the next call pairs that block again (the job is not kept)."""
    size = 400_000
    short, long = _engine("grundy-game", 2), _engine("grundy-game", 2)
    _run(short, size, budget=1 << 22)
    _run(long, size)
    assert short.values(size - 100_000, size) == long.values(size - 100_000, size)   # type: ignore[attr-defined]
    assert short.histogram() == long.histogram()                  # type: ignore[attr-defined]


def test_a_run_on_two_threads_stopped_and_resumed_gives_the_values_of_one_run(tmp_path: Path) -> None:
    assert_a_stopped_run_resumes_to_the_whole_engines_values(tmp_path, 500_000, 270_000, 1 << 17, 1 << 19, 2)


def test_the_hints_are_bounded() -> None:
    engine = _engine("grundy-game", 1)
    with pytest.raises(ValueError, match="at most 2,048"):
        engine.hints = 2049                                       # type: ignore[attr-defined]
    engine.hints = 0                                              # type: ignore[attr-defined]
    assert engine.hints == 0                                      # type: ignore[attr-defined]


def test_the_hints_wait_until_their_samples_lie_in_the_window() -> None:
    """The samples reach 16,384 + 32,768 heaps back: no learning before the heaps pass that
    (a check written as a subtraction wrapped early in a run and read outside the window;
    found by AddressSanitizer in 0.161 with a head of 2**15)."""
    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce("octal=0.161"))
    engine = records().RecordSequence(takes_all, leaves, splits, grundy, 1 << 15, 1 << 17, 1)
    _run(engine, 45_000)
    assert engine.hints_learned == 0
    _run(engine, 200_000)
    assert engine.hints_learned == (1 if _AVX512 else 0)
    held = array("H")
    held.frombytes(engine.values(100_000, 200_000))
    assert held == nim_sequence("octal=0.161", 200_000)[100_000:]


def test_heaps_whose_bound_passes_the_lanes_indices_are_paired_again() -> None:
    """The lanes keep the indices 0 .. 95 of a class (Grundy's game's values below 192): a heap
    whose common values reach all of them has its far rare pairings made again one at a time
    for the indices past 95, and the scan's parts looked at again for its rare values past 95
    (the lanes kept none). With the hints and without, on one thread and on two (the mate
    pairing the last hints, or none of them), the values are the kept-whole engine's."""
    size = 400_000
    whole = nim_sequence("grundy-game", size)
    engines = [_engine("grundy-game", 1), _engine("grundy-game", 1, hints=0),
               _engine("grundy-game", 2), _engine("grundy-game", 2)]
    engines[3].mate_hints = 0                                     # type: ignore[attr-defined]
    for engine in engines:
        _run(engine, size)
        start = engine.window_start                               # type: ignore[attr-defined]
        held = array("H")
        held.frombytes(engine.values(start, size))                # type: ignore[attr-defined]
        assert start < 150_000 and held == whole[start:size]
        assert engine.histogram() == engines[0].histogram()       # type: ignore[attr-defined]
        if _AVX512:
            # at least one heap took that path (values of 192 and more from the wide blocks)
            assert engine.past_lanes > 0                          # type: ignore[attr-defined]
    assert max(whole[150_000:]) >= 192


def test_the_mates_share_of_the_hints_is_a_count() -> None:
    engine = _engine("grundy-game", 2)
    assert engine.mate_hints == 768                               # type: ignore[attr-defined]
    engine.mate_hints = 10_000                                    # type: ignore[attr-defined]
    _run(engine, 300_000)
    held = array("H")
    held.frombytes(engine.values(200_000, 300_000))               # type: ignore[attr-defined]
    assert held == nim_sequence("grundy-game", 300_000)[200_000:]


def test_this_thread_takes_the_jobs_of_a_mate_that_is_behind() -> None:
    """Given every hint (10,000), the mate's share is the larger: this thread, rather than wait
    for the job in hand, makes the jobs the mate has not begun (the last posted first), or the
    one in hand again when the mate is on it too long. Each job is made once or twice, never
    left out: the values, the rare heaps and the pairs counted are one thread's."""
    size = 300_000
    one, two = _engine("grundy-game", 1), _engine("grundy-game", 2)
    two.mate_hints = 10_000                                       # type: ignore[attr-defined]
    for engine in (one, two):
        _run(engine, size)
    held = array("H")
    held.frombytes(two.values(size - 100_000, size))              # type: ignore[attr-defined]
    assert held == nim_sequence("grundy-game", size)[size - 100_000:]
    assert two.rare_heaps() == one.rare_heaps()                   # type: ignore[attr-defined]
    assert two.export()["scanned"] == one.export()["scanned"]     # type: ignore[attr-defined]
    if _AVX512:
        assert two.mate_blocks > 0                                # type: ignore[attr-defined]
        assert two.mate_taken + two.mate_twins > 0                # type: ignore[attr-defined]
    else:
        assert two.mate_taken == two.mate_twins == 0              # type: ignore[attr-defined]


def test_the_window_slides_while_the_mate_works_ahead() -> None:
    """The mate pairs up to three spans of 64 heaps ahead while this thread does the 64 in
    hand (a ring of four jobs): a slide of the window, the hints learned again or the rare
    heaps listed again wait for its jobs first. A small window slides every 262,144 heaps
    here, the hints learned every 524,288: posted to the mate, and used 65,536 heaps later
    whoever made them -- the mate, this thread when the mate had not begun, or this thread in
    the next call when the call ended before the mate began (a learning the mate made is kept
    for the next call: the third engine's calls are short). The pairs counted are one
    thread's."""
    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce("grundy-game"))
    size = 1_300_000
    engines = [records().RecordSequence(takes_all, leaves, splits, grundy, 1 << 17, 1 << 18, threads)
               for threads in (1, 2, 2)]
    for engine, budget in zip(engines, (1 << 27, 1 << 27, 1 << 24)):
        engine.byte_lanes = 96                                    # (the pairs counted: see _engine)
        _run(engine, size, budget=budget)
    one, two, short = engines
    for engine in (two, short):
        assert engine.values(size - 200_000, size) == one.values(size - 200_000, size)   # type: ignore[attr-defined]
        assert engine.histogram() == one.histogram()              # type: ignore[attr-defined]
        assert engine.hints_learned == one.hints_learned          # type: ignore[attr-defined]
        assert engine.export()["scanned"] == one.export()["scanned"]   # type: ignore[attr-defined]
    held = array("H")
    held.frombytes(two.values(size - 200_000, size))              # type: ignore[attr-defined]
    assert held == nim_sequence("grundy-game", size)[size - 200_000:]
    assert two.window_start > 600_000                             # type: ignore[attr-defined]
    if _AVX512:
        assert two.mate_blocks > 0 and two.hints_learned >= 2    # type: ignore[attr-defined]
        assert 2 <= two.mate_ring <= 4                           # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["grundy-game", "octal=0.014", "octal=0.172"])
def test_the_lanes_pair_class_codes_as_they_paired_values(name: str) -> None:
    """The wide lanes read, beside the window, each value's index within its class (one byte;
    255 for a value past 255) and XOR in the part's index: the index of a XOR b is the XOR of
    theirs. A rare heap of value 256 or more, and every one after it, is paired by its value
    (0.014 and 0.172 have such heaps among the others, and values past 255 in the window from
    heap 11,058 and 13,458 on). With two threads and one, the values, the pairs counted and the
    rare heaps are those of the lanes that read values, and of the kept-whole engine."""
    size = 200_000
    whole = nim_sequence(name, size)
    runs = []
    for threads in (1, 2):
        for codes in (True, False):
            engine = _engine(name, threads)
            engine.class_codes = codes                            # type: ignore[attr-defined]
            assert engine.class_codes is codes                    # type: ignore[attr-defined]
            _run(engine, size)
            held = array("H")
            held.frombytes(engine.values(size - (1 << 17), size))  # type: ignore[attr-defined]
            assert held == whole[size - (1 << 17):]
            runs.append(engine)
    first = runs[0]
    for engine in runs[1:]:
        assert engine.histogram() == first.histogram()            # type: ignore[attr-defined]
        assert engine.rare_heaps() == first.rare_heaps()          # type: ignore[attr-defined]
        assert engine.export()["scanned"] == first.export()["scanned"]   # type: ignore[attr-defined]
    if name != "grundy-game":
        values = [value for _, value in first.rare_heaps()]       # type: ignore[attr-defined]
        big = [i for i, value in enumerate(values) if value >= 256]
        assert big and big[0] < len(values) - 1 and min(values[big[0]:]) < 256
        assert max(whole) >= 256
    if _AVX512:
        assert first.memory - runs[1].memory == 2 * first.window   # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["grundy-game", "octal=0.014", "octal=0.172"])
def test_the_byte_lanes_pair_as_the_32_bit_lanes(name: str) -> None:
    """With AVX512-VBMI the far pairings of 64 heaps at a time are made a heap a byte lane, a
    table lookup a word of eight indices (``byte_lanes``: the indices below 64 or 96). Heaps
    whose bound passes the top of 64 are gathered again past it (``past_bytes``), and their
    scan looks again at the parts the lanes paired (more pairs counted); 0.014 and 0.172 have
    rare heaps of value 256 and more among the parts (paired by their values) and rests of
    value 256 and more (a code of 255: no index). On one thread and two, every top gives the
    values and the rare heaps of the 32-bit lanes and of the kept-whole engine, and the top of
    96 the pairs counted of the 32-bit lanes (whose top it is)."""
    size = 200_000
    whole = nim_sequence(name, size)
    runs = []
    scanned: dict[int, set[int]] = {}
    for threads in (1, 2):
        for top in (0, 96, 64, -1):
            engine = _engine(name, threads)
            engine.byte_lanes = top                               # type: ignore[attr-defined]
            assert engine.byte_lanes == top                       # type: ignore[attr-defined]
            _run(engine, size)
            held = array("H")
            held.frombytes(engine.values(size - (1 << 17), size))  # type: ignore[attr-defined]
            assert held == whole[size - (1 << 17):]
            if engine.byte_top:                                   # type: ignore[attr-defined]
                assert (engine.byte_groups > 0) is (top != 0)     # type: ignore[attr-defined]
                if top == 64:
                    assert engine.past_bytes > 0                  # type: ignore[attr-defined]
            scanned.setdefault(top, set()).add(engine.export()["scanned"])   # type: ignore[attr-defined]
            runs.append(engine)
    first = runs[0]
    for engine in runs[1:]:
        assert engine.histogram() == first.histogram()            # type: ignore[attr-defined]
        assert engine.rare_heaps() == first.rare_heaps()          # type: ignore[attr-defined]
    assert len(scanned[0]) == len(scanned[64]) == 1 and scanned[96] == scanned[0]


def test_the_byte_lanes_top_is_64_96_or_chosen() -> None:
    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce("grundy-game"))
    engine = records().RecordSequence(takes_all, leaves, splits, grundy)
    assert engine.byte_lanes == -1                                # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="64, 96, 0"):
        engine.byte_lanes = 128                                   # type: ignore[attr-defined]
    assert engine.byte_lanes == -1                                # type: ignore[attr-defined]
