"""The record engine's small-values heaps a block at a time (issue 39): once the mask is kept,
the pairings whose rests lie before a block of 16 heaps are found for all of them at once in
vector lanes (AVX-512 or AVX2; with neither, one heap at a time: ``NIMCORE_RECORD_VECTORS`` asks
for less than the CPU has), and each heap is finished in order. The values are checked against
the kept-whole engine (nimcore.octal), with every kind of lane (the plain runs check the path of
one heap at a time, its scan's long runs now compared with the values missing), through the
window's slides, values reaching 64, rare heaps found after the mask is kept, and heaps proven
from the kept values."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings

from nim.octal import nim_sequence
from nim.takebreak.record import read_kept, record_sequence
from test_records_small_values import codes      # octal codes that split heaps

_CHILD = """
import hashlib, json, sys
from array import array
from nim.takebreak.record import read_kept, record_sequence
name, size, head, folder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
run = record_sequence(name, size, folder=folder, keep=True, head=head, window=head, block=head, threads=1)
values = read_kept(folder, run.game)
print(json.dumps({"sha": hashlib.sha256(values.tobytes()).hexdigest(), "n": len(values)}))
"""


def _sha(values: "array[int]") -> str:
    return hashlib.sha256(array("H", values).tobytes()).hexdigest()


def assert_kept_run_gives_the_whole_engines_values(name: str, size: int, head: int) -> None:
    """A record run kept in a scratch folder (head, window and block ``head``, one thread): its
    values are nimcore.octal's."""
    with tempfile.TemporaryDirectory() as folder:
        run = record_sequence(name, size, folder=folder, keep=True, head=head, window=head, block=head,
                              threads=1)
        values = read_kept(folder, run.game)
    assert values == array("H", nim_sequence(name, size))


def assert_a_stopped_run_resumes_to_the_whole_engines_values(folder: Path, size: int, stop: int, head: int,
                                                             window: int, threads: int) -> None:
    """A kept run of Grundy's game stopped by a node limit at ``stop`` heaps and resumed to
    ``size``: the kept values are nimcore.octal's, as from one run straight through."""
    first = record_sequence("grundy-game", size, folder=folder, keep=True, head=head, window=window,
                            block=min(window, 1 << 16), threads=threads, node_limit=stop)
    assert first.heaps < size and first.stopped == "nodes"
    resumed = record_sequence("grundy-game", size, folder=folder, keep=True, head=head, window=window,
                              block=min(window, 1 << 16), threads=threads)
    assert resumed.heaps == size and resumed.resumed_from == first.heaps
    assert read_kept(folder, resumed.game) == array("H", nim_sequence("grundy-game", size))


def assert_child_gives_the_whole_engines_values(folder: Path, name: str, size: int, head: int,
                                                lanes: str) -> None:
    """A record run kept in ``folder``, in a child process with ``NIMCORE_RECORD_VECTORS=lanes``
    (the lanes are chosen once a process): its values are nimcore.octal's."""
    env = dict(os.environ, NIMCORE_RECORD_VECTORS=lanes)
    done = subprocess.run([sys.executable, "-c", _CHILD, name, str(size), str(head), str(folder)],
                          capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"sha": _sha(nim_sequence(name, size)), "n": size}


_LANES = ["plain", "avx2", ""]


@pytest.mark.parametrize("name, size, head, lanes", [
    *((("octal=0.167", 1 << 17, 4096, lanes)) for lanes in _LANES),   # below 64 all the way
    *((("octal=0.167", 1 << 15, 1024, lanes)) for lanes in _LANES),   # rare heaps to 1,303, found
    # after the mask is kept at 1,024; some heaps proven from disk
    *((("octal=0.161", 1 << 17, 4096, lanes)) for lanes in _LANES),   # values reach 64 mid-run:
    # the stamps from there on
    ("kayles", 1 << 16, 1024, ""),     # a period: rare heaps all along, the block rarely applies
    ("octal=0.156", 1 << 16, 2048, ""),
    ("octal=0.165", 1 << 16, 2048, ""),
])
def test_every_kind_of_lane_gives_the_whole_engines_values(tmp_path: Path, name: str, size: int, head: int,
                                                           lanes: str) -> None:
    assert_child_gives_the_whole_engines_values(tmp_path, name, size, head, lanes)


@settings(max_examples=40, deadline=None)
@given(code=codes)
def test_random_codes_past_the_kept_mask_equal_the_whole_engines_values(code: str) -> None:
    """A head of 1,024: the mask is kept from there, and the blocks run from a few thousand heaps
    on wherever the values stay below 64 and the rare heaps are few and small. (The tests' plain
    mex, quadratic, checks nimcore.octal on these codes elsewhere; here it would take minutes.)"""
    assert_kept_run_gives_the_whole_engines_values(f"octal={code}", 8000, 1024)


def test_the_block_path_is_taken_and_gives_the_one_heap_paths_values() -> None:
    """The same engine one heap at a time (the mask never kept: the head past the end) and in
    blocks (the mask kept at 4,096): the same values, and a different count of the scan's pairs
    (the blocks look at 16 .. 128 for every heap), so the blocks did run."""
    from nim import Rules
    from nim.kernel import records
    from nim.takebreak.sequence import game_places

    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce("octal=0.167"))
    size = 1 << 16
    one = records().RecordSequence(takes_all, leaves, splits, grundy, size + 1024, 1 << 17, 1)
    blocks = records().RecordSequence(takes_all, leaves, splits, grundy, 4096, 1 << 17, 1)
    for engine in (one, blocks):
        assert engine.run(size, 1 << 40) == records().OK
    assert one.values(0, size) == blocks.values(0, size)
    if records().vector_lanes():
        assert one.export()["scanned"] != blocks.export()["scanned"]
    else:                           # no AVX2: one heap at a time either way
        assert one.export()["scanned"] == blocks.export()["scanned"]


def test_the_lanes_asked_for_are_at_most_what_the_cpu_has() -> None:
    def lanes(asked: str) -> str:
        done = subprocess.run([sys.executable, "-c", "from nim.kernel import records; print(records().vector_lanes())"],
                              capture_output=True, text=True, env=dict(os.environ, NIMCORE_RECORD_VECTORS=asked),
                              timeout=60)
        return done.stdout.strip()

    order = ["", "avx2", "avx512"]
    plain, avx2, best = lanes("plain"), lanes("avx2"), lanes("")
    assert plain == "" and avx2 in ("", "avx2") and best in order
    assert order.index(avx2) <= order.index(best) and (avx2 == "avx2") == (best != "")
