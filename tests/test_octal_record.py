"""The record engine (issue 39): nimcore.records and nim.takebreak.record.

Its values are checked against the kept-whole engine (nimcore.octal), against an
independent NumPy plain mex and verifier (tests/sequence_oracle_numpy.py), and
its checkpoints against a run killed mid-block with SIGKILL.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from array import array
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from nim import Rules
from nim.cli import EXIT_INTERRUPTED
from nim.errors import InvalidPositionError, InvalidRulesError, NimError
from nim.kernel import records
from nim.octal import nim_sequence
from nim.takebreak.cache import read_checkpoint
from nim.takebreak.record import read_kept, record_sequence
from nim.takebreak.sequence import game_places

sys.path.insert(0, str(Path(__file__).parent))
from sequence_oracle_numpy import GRUNDY, octal_game, plain_mex, verify  # noqa: E402


def _window(engine: Any) -> "array[int]":
    held: "array[int]" = array("H")
    held.frombytes(engine.values(engine.window_start, len(engine)))
    return held


@pytest.mark.parametrize("name, size, head, window", [
    ("grundy-game", 300_000, 1 << 17, 1 << 17),   # the rare heaps (to 82,860) in the window
    ("octal=0.167", 1 << 18, 4096, 4096),         # the window slides 60 times
    ("octal=0.161", 1 << 18, 1 << 15, 1 << 15),
    ("octal=0.014", 200_000, 1 << 16, 1 << 16),   # values past 256
    ("kayles", 1 << 16, 1024, 1024),
])
def test_record_engine_matches_the_whole_sequence(name: str, size: int, head: int, window: int) -> None:
    from nim.takebreak.sequence import game_places

    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce(name))
    engine = records().RecordSequence(takes_all, leaves, splits, grundy, head, window)
    while len(engine) < size:
        assert engine.run(size, 1 << 20) == records().OK
    whole = nim_sequence(name, size)
    assert engine.window_start > 0                      # the values did leave memory
    assert _window(engine) == array("H", whole[engine.window_start:])
    assert engine.histogram() == dict(Counter(whole[1:]))
    mask = engine.mask
    assert engine.rare_heaps() == [(a, whole[a]) for a in range(1, size) if bin(whole[a] & mask).count("1") % 2 == 0]
    assert engine.largest == (max(whole[1:]), whole.index(max(whole[1:])))



def test_the_scan_compares_pairs_in_vector_lanes_as_one_at_a_time() -> None:
    """The scan's comparison of 16 pairs at a time with the values still missing (issue 39)
    against a plain loop: every run length around the 16-lane vectors and the 512-pair chunks,
    1 .. 8 targets, values past 255 and up to 65,535, targets found at either end of a run."""
    import random

    find = records()._find_in_pairs
    rng = random.Random(39)
    for trial in range(3000):
        size = rng.choice([40, 600, 1200])
        top = rng.choice([300, 600, 65536])
        low = array("H", (rng.randrange(top) for _ in range(size)))
        high = array("H", (rng.randrange(top) for _ in range(size)))
        first = rng.randrange(size)
        span = rng.choice([0, 1, 15, 16, 17, 31, 32, 33, 255, 511, 512, 513, rng.randrange(size)])
        last = min(size - 1, first + span)
        pairs = [low[a] ^ high[size - 1 - a] for a in range(first, last + 1)]
        targets = rng.sample(range(top), rng.randrange(1, 9))
        if trial % 3 == 0:          # some targets that are there: the first pair, the last, any
            for place, pick in enumerate((pairs[0], pairs[-1], rng.choice(pairs))[:len(targets)]):
                if pick not in targets:
                    targets[place] = pick
        expected = sum(1 << i for i, t in enumerate(targets) if t in pairs)
        assert find(low, high, first, last, targets) == expected, (trial, first, last, targets)
    with pytest.raises(ValueError):
        find(array("H", [1]), array("H", [1]), 0, 0, list(range(9)))

@pytest.mark.parametrize("name, size, head, window, block", [
    ("grundy-game", 300_000, 1 << 17, 1 << 17, 1024),   # the rare heaps (to 82,860) in the window
    ("octal=0.167", 1 << 18, 4096, 4096, 256),          # the window slides between the blocks
    ("octal=0.161", 1 << 18, 1 << 15, 1 << 15, 512),
    ("octal=0.014", 200_000, 1 << 16, 1 << 16, 2048),   # values past 256
    ("octal=0.172", 200_000, 1 << 16, 1 << 16, 128),
    ("kayles", 1 << 16, 1024, 1024, 128),
])
def test_two_threads_give_the_same_values(name: str, size: int, head: int, window: int, block: int) -> None:
    """The second thread prepares the far pairings a block ahead: the values, the tables and
    the rare heaps are those of one thread, bit for bit, whatever the block and horizon."""
    from nim.takebreak.sequence import game_places

    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce(name))
    one = records().RecordSequence(takes_all, leaves, splits, grundy, head, window, 1)
    while len(one) < size:
        assert one.run(size, 1 << 20) == records().OK
    for horizon in (0, 64, 2048):
        two = records().RecordSequence(takes_all, leaves, splits, grundy, head, window, 2)
        two.block, two.horizon, two.min_far = block, horizon, 0     # two threads even with few rare heaps
        assert two.threads == 2
        assert two.run(head + 1, 1 << 40) == records().OK and two.frozen     # one thread to here
        while len(two) < size:
            assert two.run(size, 1 << 26 if horizon else 1 << 16) == records().OK
        assert two.thread_seconds[1] > 0                # the helper did prepare blocks
        # the window slides between blocks with two threads: the values both hold are equal
        held = max(one.window_start, two.window_start)
        assert size - held >= window and two.values(held, size) == one.values(held, size)
        assert two.histogram() == one.histogram() and two.rare_heaps() == one.rare_heaps()
        assert two.largest == one.largest and two.mask == one.mask
    assert one.thread_seconds == (0.0, 0.0)
    few = records().RecordSequence(takes_all, leaves, splits, grundy, head, window, 2)
    few.block = block
    while len(few) < size:
        assert few.run(size, 1 << 26) == records().OK
    # by default a second thread only where 256 rare heaps or more lie past the first block, and
    # never with AVX-512 (the blocks in vector lanes on one thread are faster)
    far = sum(1 for a, _ in one.rare_heaps() if a >= block)
    assert few.min_far == (2**64 - 1 if records().vector_lanes() == "avx512" else 256)
    assert (few.thread_seconds[1] > 0) == (far >= few.min_far), far


def test_a_checkpoint_of_one_thread_resumes_with_two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkpoint does not depend on the threads: a run stopped on one resumes on two
    (and back) to the run of one thread straight through."""
    size = 400_000
    straight = record_sequence("grundy-game", size, checkpoint=False, threads=1, head=1 << 16, window=1 << 17)
    first = record_sequence("grundy-game", size, folder=tmp_path, node_limit=150_001, threads=1,
                            head=1 << 16, window=1 << 17)
    second = record_sequence("grundy-game", size, folder=tmp_path, node_limit=150_000, threads=2)
    monkeypatch.setenv("NIMCORE_RECORD_THREADS", "1")      # the command line's way to choose
    third = record_sequence("grundy-game", size, folder=tmp_path)
    assert (first.heaps, second.heaps, third.heaps) == (150_001, 300_001, size)
    assert third.tables == straight.tables and third.rare == straight.rare
    assert (third.largest, third.largest_at) == (straight.largest, straight.largest_at)


def test_plain_mex_oracle_grundy() -> None:
    """Grundy's game by the definition (NumPy, no shared code) to 2**13, and verified to 2**15
    (benchmarks/record_exactness.py verifies 2**22 and more)."""
    run = record_sequence("grundy-game", 1 << 15, checkpoint=False, head=1 << 15, window=1 << 15)
    engine_values = nim_sequence("grundy-game", 1 << 15)
    assert list(plain_mex(GRUNDY, 1 << 13)) == list(engine_values[:1 << 13])
    assert verify(GRUNDY, engine_values, run.mask) is None
    assert run.tables[1 << 14] == dict(Counter(engine_values[1:(1 << 14) + 1]))
    wrong = list(engine_values)
    wrong[20_000] ^= 2
    assert verify(GRUNDY, wrong, run.mask) == 20_000


@pytest.mark.parametrize("code", ["0.167", "0.014", "0.172"])
def test_plain_mex_oracle_octal(code: str) -> None:
    size = (1 << 12) + 1
    run = record_sequence(f"octal={code}", size, checkpoint=False)
    values = plain_mex(octal_game(code), size)
    for k in range(13):
        assert run.tables[1 << k] == dict(Counter(int(v) for v in values[1:(1 << k) + 1])), k


@pytest.mark.slow
def test_verified_grundy_to_2_20() -> None:
    values = nim_sequence("grundy-game", 1 << 20)
    assert verify(GRUNDY, values, 254) is None


def test_tables_at_every_power_of_two() -> None:
    run = record_sequence("octal=0.167", (1 << 16) + 5, checkpoint=False)
    whole = nim_sequence("octal=0.167", (1 << 16) + 5)
    for k in range(17):
        assert run.tables[1 << k] == dict(Counter(whole[1:(1 << k) + 1])), k
    assert run.tables[(1 << 16) + 4] == dict(Counter(whole[1:]))
    # Rogalski's published table for 0.167 at 16 heaps (results/0.167/16): heaps 1 .. 16
    assert run.tables[16] == {0: 1, 1: 5, 2: 4, 3: 2, 4: 3, 6: 1}


def test_resume_after_a_limit_gives_the_same_run(tmp_path: Path) -> None:
    straight = record_sequence("grundy-game", 300_000, checkpoint=False)
    first = record_sequence("grundy-game", 300_000, folder=tmp_path, node_limit=123_457)
    assert first.stopped == "nodes" and first.heaps == 123_457
    second = record_sequence("grundy-game", 300_000, folder=tmp_path)
    assert second.resumed_from == 123_457 and second.stopped is None
    assert second.tables == straight.tables and second.rare == straight.rare
    assert (second.largest, second.largest_at) == (straight.largest, straight.largest_at)


def test_sigkill_mid_block_resumes_to_the_same_values(tmp_path: Path) -> None:
    """A run killed with SIGKILL between checkpoints resumes from its last one to the same values."""
    size = 1_500_000
    command = [sys.executable, "-m", "nim", "octal", "grundy-game", "--record", "--keep",
               "--upto", str(size), "--record-dir", str(tmp_path), "--window", "262144",
               "--head", "131072", "--checkpoint-every", "0.05", "--json"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    runner = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            found = read_checkpoint(tmp_path, "grundy-game")
            if found is not None and found[0]["n"] > 400_000:
                break
            time.sleep(0.02)
        else:
            pytest.fail("no checkpoint past 400,000 heaps within two minutes")
    finally:
        runner.send_signal(signal.SIGKILL)
        runner.wait()
    found = read_checkpoint(tmp_path, "grundy-game")
    assert found is not None and found[0]["n"] < size     # killed before the end
    resumed = subprocess.run(command, capture_output=True, env=env, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    out = json.loads(resumed.stdout)
    assert 400_000 < out["resumed_from"] < size
    whole = nim_sequence("grundy-game", size)
    assert read_kept(tmp_path, "grundy-game") == array("H", whole)
    assert out["tables"][str(1 << 20)] == {str(v): c for v, c in sorted(Counter(whole[1:(1 << 20) + 1]).items())}
    assert out["rare_count"] == 1273 and out["rare_last"] == 82_860


def test_kept_blocks_are_checked(tmp_path: Path) -> None:
    record_sequence("octal=0.161", 100_000, folder=tmp_path, keep=True, block=1 << 14)
    assert read_kept(tmp_path, "0.161") == array("H", nim_sequence("octal=0.161", 100_000))
    blocks: List[Path] = sorted((tmp_path / "blocks").glob("*.nimblk"))
    assert len(blocks) == 7                                    # 6 whole blocks and the rest
    data = bytearray(blocks[2].read_bytes())
    data[-1] ^= 1
    blocks[2].write_bytes(bytes(data))
    with pytest.raises(NimError, match="fails its checks"):
        read_kept(tmp_path, "0.161")
    blocks[4].unlink()
    blocks[2].unlink()
    with pytest.raises(NimError, match="missing"):
        read_kept(tmp_path, "0.161")


def test_a_corrupt_checkpoint_falls_back_to_the_previous(tmp_path: Path) -> None:
    record_sequence("octal=0.167", 50_000, folder=tmp_path, node_limit=20_000)
    record_sequence("octal=0.167", 50_000, folder=tmp_path, node_limit=10_000)
    path = tmp_path / "checkpoint.nimrec"
    data = bytearray(path.read_bytes())
    data[-100] ^= 0xFF
    path.write_bytes(bytes(data))
    found = read_checkpoint(tmp_path, "0.167")
    assert found is not None and found[0]["n"] == 20_000       # the previous one
    run = record_sequence("octal=0.167", 50_000, folder=tmp_path)
    assert run.resumed_from == 20_000
    assert run.tables == record_sequence("octal=0.167", 50_000, checkpoint=False).tables


def test_a_heap_past_the_head_and_window_stops_rather_than_guess(tmp_path: Path) -> None:
    """0.034 has a rare heap at 374,473: with a window of 65,536 it is held nowhere later on."""
    with pytest.raises(NimError, match="neither the head"):
        record_sequence("octal=0.034", 400_000, folder=tmp_path, head=1 << 16, window=1 << 16)
    run = record_sequence("octal=0.034", 400_000, checkpoint=False)        # the defaults hold it
    assert run.rare[-1] == (374_473, nim_sequence("octal=0.034", 374_474)[-1])


def test_bad_input_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidRulesError, match="splits no heap"):
        record_sequence("octal=0.33", 100, checkpoint=False)
    with pytest.raises(InvalidRulesError):
        record_sequence("take any", 100, checkpoint=False)
    for bad in (0, -1, 1 << 49):
        with pytest.raises(InvalidPositionError):
            record_sequence("grundy-game", bad, checkpoint=False)
    with pytest.raises(InvalidPositionError, match="window"):
        record_sequence("grundy-game", 100, checkpoint=False, window=10)
    with pytest.raises(InvalidPositionError, match="block"):
        record_sequence("grundy-game", 100, folder=tmp_path, keep=True, block=1 << 30)
    with pytest.raises(NimError, match="is_set"):
        record_sequence("grundy-game", 100, checkpoint=False, cancel=object())
    for threads in (0, 3, True, 1.5):
        with pytest.raises(InvalidPositionError, match="threads"):
            record_sequence("grundy-game", 100, checkpoint=False, threads=threads)  # type: ignore[arg-type]
    for value in ("3", "two", ""):
        monkeypatch.setenv("NIMCORE_RECORD_THREADS", value)
        with pytest.raises(NimError, match="NIMCORE_RECORD_THREADS"):
            record_sequence("grundy-game", 100, checkpoint=False)
    monkeypatch.delenv("NIMCORE_RECORD_THREADS")
    engine = records().RecordSequence((), (), (0,), True, 1024, 1024)
    for name, bad in (("threads", 0), ("block", 100), ("horizon", 1 << 31)):
        with pytest.raises(ValueError, match=name):
            setattr(engine, name, bad)


def test_progress_and_cancel() -> None:
    seen: List[Any] = []

    class Once:
        def is_set(self) -> bool:
            return len(seen) > 0

    run = record_sequence("grundy-game", 1 << 24, checkpoint=False, progress=seen.append,
                          progress_every=0.0, cancel=Once())
    assert run.stopped == "cancelled" and run.heaps < 1 << 24
    assert {"heaps", "heaps_per_second", "eta_seconds", "rare_last"} <= set(seen[0])
    assert seen[0]["heaps"] > 0


def test_cli_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from nim.cli import main

    assert main(["octal", "0.167", "--record", "--upto", "70000", "--record-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "record run" in out and "heaps 1 .. 65,536" in out
    assert main(["octal", "0.167", "--record", "--upto", "90000", "--record-dir", str(tmp_path),
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["resumed_from"] == 70_000 and data["heaps"] == 90_000
    assert main(["octal", "0.167", "--keep"]) == 2
    assert "--record" in capsys.readouterr().err
    assert main(["octal", "0.167", "--upto", str(1 << 33)]) == 2
    assert "--record" in capsys.readouterr().err


def test_ctrl_c_on_two_threads_saves_and_resumes(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) while two threads run: the helper is stopped, the checkpoint written at
    a block's end, and the run resumed from it gives every value. The signal goes soon past the
    head (131,072: two threads from there). The first run asks for 2**40 heaps, so it is still
    running when the signal comes, however slow the test's own polling (a run of 2,000,000
    heaps could end first on a loaded machine, and exit 0); the resumed run stops 600,000 heaps
    past the checkpoint."""
    def command(upto: int) -> "list[str]":
        return [sys.executable, "-m", "nim", "octal", "grundy-game", "--record", "--keep",
                "--upto", str(upto), "--record-dir", str(tmp_path), "--window", "262144",
                "--head", "131072", "--checkpoint-every", "0.05", "--json"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), NIMCORE_RECORD_THREADS="2")
    runner = subprocess.Popen(command(1 << 40), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            found = read_checkpoint(tmp_path, "grundy-game")
            if found is not None and found[0]["n"] > 140_000:
                break
            assert runner.poll() is None, runner.communicate()[1]
            time.sleep(0.02)
        else:
            pytest.fail("no checkpoint past 140,000 heaps within two minutes")
        runner.send_signal(signal.SIGINT)
        _, err = runner.communicate(timeout=60)
    finally:
        runner.kill()
        runner.wait()
    assert runner.returncode == EXIT_INTERRUPTED and b"Traceback" not in err, (runner.returncode, err)
    found = read_checkpoint(tmp_path, "grundy-game")
    assert found is not None and found[0]["n"] > 140_000
    size = found[0]["n"] + 600_000
    resumed = subprocess.run(command(size), capture_output=True, env=env, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["resumed_from"] == found[0]["n"]
    assert read_kept(tmp_path, "grundy-game") == array("H", nim_sequence("grundy-game", size))


def test_ctrl_c_as_a_block_ends_keeps_that_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C is raised as the engine's ``run`` returns: when that return ends a kept block,
    the block is written before the checkpoint that passes it (the checkpoint once passed a
    block never written, and the resumed run's kept values missed it)."""
    import nim.takebreak.record as record

    class Interrupted:
        """The engine, but its first return at a block's end raises KeyboardInterrupt."""

        def __init__(self, engine: Any) -> None:
            self._engine = engine
            self._raised = False

        def __getattr__(self, name: str) -> Any:
            return getattr(self._engine, name)

        def __len__(self) -> int:
            return len(self._engine)

        def run(self, end: int, budget: int) -> int:
            status: int = self._engine.run(end, budget)
            if not self._raised and len(self._engine) % 65536 == 0:
                self._raised = True
                raise KeyboardInterrupt
            return status

    original = record._engine
    monkeypatch.setattr(record, "_engine", lambda *args: (lambda found: (found[0], Interrupted(found[1])))(
        original(*args)))
    with pytest.raises(KeyboardInterrupt):
        record_sequence("grundy-game", 200_000, folder=tmp_path, keep=True, head=1 << 14, window=1 << 16,
                        block=1 << 16, threads=1)
    found = read_checkpoint(tmp_path, "grundy-game")
    assert found is not None and found[0]["n"] == 65536
    monkeypatch.setattr(record, "_engine", original)
    resumed = record_sequence("grundy-game", 200_000, folder=tmp_path, keep=True, head=1 << 14,
                              window=1 << 16, block=1 << 16, threads=1)
    assert resumed.resumed_from == 65536
    assert read_kept(tmp_path, "grundy-game") == array("H", nim_sequence("grundy-game", 200_000))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name, size, head, window", [
    ("octal=0.034", 200_000, 1 << 16, 1 << 16),      # rare heaps between the head and the window
    ("grundy-game", 132_000, 1 << 15, 1 << 16),      # rare heaps to 82,860 past the window
])
def test_kept_values_prove_what_the_window_cannot(tmp_path: Path, name: str, size: int, head: int,
                                                  window: int, threads: int) -> None:
    """A run that keeps its values reads them back for a heap past the head and the window
    (with two threads: a heap the helper cannot prepare is computed whole, then proven)."""
    run = record_sequence(name, size, folder=tmp_path, keep=True, head=head, window=window, block=1 << 14,
                          threads=threads)
    whole = nim_sequence(name, size)
    game = run.game
    assert read_kept(tmp_path, game) == array("H", whole)
    assert run.tables == record_sequence(name, size, checkpoint=False).tables
    state = read_checkpoint(tmp_path, game)
    # some heaps were proven from the kept values, or the window grew to hold a rare heap's rests
    assert state is not None and (state[0]["deeps"] > 0 or state[0]["window"] > window)


def test_a_new_top_bit_after_the_freeze_is_common(tmp_path: Path) -> None:
    """The frozen mask has every bit above the values seen: Grundy's game passes 128 at heap
    13,133, after a head of 8,192 heaps: the value is common (the long scans that a short head
    cannot hold are proven from the kept values)."""
    whole = nim_sequence("grundy-game", 100_000)
    assert max(whole[:8192]) < 128 <= max(whole)
    run = record_sequence("grundy-game", 100_000, folder=tmp_path, keep=True, head=8192, window=1 << 17,
                          block=1 << 14)
    assert run.mask == 0xFFFE                       # 254 and every bit from 128 up
    assert read_kept(tmp_path, "grundy-game") == array("H", whole)


def test_the_window_grows_past_a_far_rare_heap(tmp_path: Path) -> None:
    """0.034's rare heap at 374,473 lies past a window of 65,536: a run that keeps its values
    widens the window to hold its rests (read back), and then needs no heap proven from disk."""
    run = record_sequence("octal=0.034", 700_000, folder=tmp_path, keep=True, head=1 << 16, window=1 << 16,
                          block=1 << 14)
    state = read_checkpoint(tmp_path, "0.034")
    assert state is not None and state[0]["window"] >= 2 * 374_473
    assert read_kept(tmp_path, "0.034") == array("H", nim_sequence("octal=0.034", 700_000))
    assert run.rare[-1][0] == 374_473


def test_a_block_with_a_few_large_values_is_one_byte_a_heap(tmp_path: Path) -> None:
    from nim.takebreak.cache import read_block, write_block

    values = array("H", [(7 * i) % 250 for i in range(10_000)])
    for i, v in ((3, 256), (4_000, 300), (9_999, 65_535)):
        values[i] = v
    path = write_block(tmp_path, "grundy-game", 40_000, values)
    assert path.stat().st_size < 10_000 + 6 * 3 + 300           # not two bytes a heap
    assert read_block(path, "grundy-game") == (40_000, values)
    data = bytearray(path.read_bytes())
    data[-1] ^= 1                                               # a large value's high byte
    path.write_bytes(bytes(data))
    assert read_block(path, "grundy-game") is None
    many = array("H", [256 + i % 3 for i in range(1_000)])      # mostly large: two bytes a heap
    assert read_block(write_block(tmp_path, "grundy-game", 0, many), "grundy-game") == (0, many)
    assert read_block(write_block(tmp_path, "grundy-game", 0, array("H", [1, 2])), "grundy-game") == (
        0, array("B", [1, 2]))


def test_the_progress_rate_is_the_last_two_minutes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run of days that was paused, or slower once, shows the rate it runs at now: 1,000
    heaps a second for ten minutes, then 10 a second for five: the rate shown is 10 (since
    the start it would be 670), and the ETA follows it."""
    import nim.takebreak.record as record_module

    class Engine:
        heaps = 0
        largest = (7, 1)

        def __len__(self) -> int:
            return self.heaps

        def rare_heaps(self) -> "list[tuple[int, int]]":
            return [(5, 1)]

    clock = [1000.0]
    monkeypatch.setattr(record_module.time, "monotonic", lambda: clock[0])
    seen: "list[dict[str, Any]]" = []
    shown = record_module._Progress(seen.append, "grundy-game", 10_000_000, 10.0)
    engine = Engine()
    shown.start(0)
    for step in range(90):                   # 600 s at 1,000 heaps a second, 300 s at 10
        clock[0] += 10.0
        engine.heaps += 10_000 if step < 60 else 100
        shown(engine)
    assert len(seen) == 90
    assert seen[59]["heaps_per_second"] == pytest.approx(1_000)
    assert seen[-1]["heaps_per_second"] == pytest.approx(10)
    assert seen[-1]["eta_seconds"] == pytest.approx((10_000_000 - engine.heaps) / 10)
    assert seen[0]["heaps_per_second"] == pytest.approx(1_000)     # younger than two minutes: since the start


@pytest.mark.parametrize("density", [0.0, 0.001, 0.1, 0.16, 0.17, 0.5, 1.0])
def test_a_block_file_is_its_format_written_out_by_hand(tmp_path: Path, density: float) -> None:
    """The block writer (its halves sliced in C) against the format spelled out one heap at a
    time: the low bytes, then the offsets and values of the heaps past 255 (while they are
    fewer than one in six), else two bytes a heap; little-endian; read back the same."""
    import hashlib
    import random
    import struct

    from nim.takebreak.cache import read_block, write_block

    rng = random.Random(int(density * 1000))
    for size in (1, 5, 6, 7, 600, 6001):
        values = array("H", (rng.randrange(256, 65536) if rng.random() < density else rng.randrange(256)
                             for _ in range(size)))
        large = [(i, v) for i, v in enumerate(values) if v > 255]
        if not large:
            expected = bytes(list(values))
        elif 6 * len(large) < size:
            expected = (bytes(v & 0xFF for v in values) + b"".join(struct.pack("<I", i) for i, _ in large)
                        + b"".join(struct.pack("<H", v) for _, v in large))
        else:
            expected = b"".join(struct.pack("<H", v) for v in values)
        path = write_block(tmp_path, "grundy-game", 8192, values)
        header, data = path.read_bytes().split(b"\n", 1)
        meta = json.loads(header)
        assert data == expected and meta["sha256"] == hashlib.sha256(expected).hexdigest(), (density, size)
        assert meta.get("high", 0) == (len(large) if 0 < 6 * len(large) < size else 0)
        assert read_block(path, "grundy-game") == (8192, values)


def test_cli_threads_flag_reaches_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``--threads 1`` and ``--threads 2`` are handed to the record run (the variable was the
    only way to choose); the values are the same; 3 and a run without --record are refused."""
    import nim.takebreak.record as record
    from nim.cli import main

    given: List[Any] = []
    real = record.record_sequence

    def spy(*args: Any, **kwargs: Any) -> Any:
        given.append(kwargs.get("threads"))
        return real(*args, **kwargs)

    monkeypatch.setattr(record, "record_sequence", spy)
    tables = []
    for threads in ("1", "2"):
        folder = tmp_path / threads
        assert main(["octal", "grundy-game", "--record", "--upto", "70000", "--record-dir", str(folder),
                     "--threads", threads, "--json"]) == 0
        tables.append(json.loads(capsys.readouterr().out)["tables"])
    assert given == [1, 2] and tables[0] == tables[1]
    assert main(["octal", "grundy-game", "--record", "--threads", "3"]) == 2
    assert "invalid choice: 3" in capsys.readouterr().err
    assert main(["octal", "grundy-game", "--threads", "1"]) == 2
    assert "--record" in capsys.readouterr().err


def test_a_block_written_on_its_own_thread_that_fails_stops_the_run(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept blocks are written on a thread of their own while the engine goes on: a write
    that fails there (a full disk) is raised by the run, no checkpoint passes the block it
    could not write, and the run resumes from the last checkpoint to the same kept values."""
    import errno

    import nim.takebreak.cache as cache

    original = cache.write_block
    written: List[int] = []

    def slow_then_full(folder: Path, game: str, first: int, values: Any) -> Path:
        time.sleep(0.05)                                    # (still writing as the engine goes on)
        if first == 3 << 16:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(first)
        return original(folder, game, first, values)

    monkeypatch.setattr(cache, "write_block", slow_then_full)
    options: Dict[str, Any] = {"folder": tmp_path, "keep": True, "head": 1 << 14, "window": 1 << 17,
                               "block": 1 << 16, "threads": 1}
    with pytest.raises(OSError, match="No space"):
        record_sequence("grundy-game", 400_000, checkpoint_every=0.0, **options)
    assert written == [0, 1 << 16, 2 << 16]
    found = read_checkpoint(tmp_path, "grundy-game")
    assert found is not None and found[0]["n"] < 4 << 16     # (the block 3 << 16 .. 4 << 16 failed)
    monkeypatch.setattr(cache, "write_block", original)
    resumed = record_sequence("grundy-game", 400_000, **options)
    assert resumed.resumed_from == found[0]["n"] and resumed.stopped is None
    assert read_kept(tmp_path, "grundy-game") == array("H", nim_sequence("grundy-game", 400_000))


def test_a_deep_stop_of_the_scan_is_proven_from_where_the_scan_stopped() -> None:
    """A heap whose scan ran past the head stops (DEEP) with the splits 1 .. the head's end
    marked: ``deep_from`` says so, and marking the rest from there (here from the kept-whole
    engine's values) proves the same value as every split from 1."""
    size, head = 100_000, 1 << 12
    whole = nim_sequence("grundy-game", size)
    wide = array("H", whole).tobytes()

    def run(from_the_engine: bool) -> "tuple[array[int], List[int]]":
        engine = records().RecordSequence((), (), (0,), True, head, 1 << 18, 1)
        starts: List[int] = []
        while len(engine) < size:
            status = engine.run(size, 1 << 40)
            if status == records().OK:
                continue
            assert status == records().DEEP
            n = len(engine)
            m, half = n, (n - 1) // 2
            a = engine.deep_from(m) if from_the_engine else 1
            starts.append(a)
            while a <= half and engine.deep_missing():
                count = min(1 << 12, half - a + 1)
                engine.deep_mark(m, wide[2 * a:2 * (a + count)], wide[2 * (m - a - count + 1):2 * (m - a + 1)])
                a += count
            assert engine.deep_finish() == records().OK
        held = array("H")
        held.frombytes(engine.values(size - (1 << 16), size))
        return held, starts

    from_there, starts = run(True)
    from_one, ones = run(False)
    assert from_there == from_one == array("H", whole[size - (1 << 16):])
    assert len(starts) == len(ones) > 0 and set(ones) == {1}
    assert set(starts) == {head}                 # (every stop here came from the scan)


@pytest.mark.parametrize("threads, min_far", [(1, None), (2, None), (2, 0)])
@pytest.mark.parametrize("name, size", [("grundy-game", 200_000), ("octal=0.161", 150_000)])
def test_a_head_past_the_freeze_holds_the_scans_parts(name: str, size: int, threads: int,
                                                      min_far: Optional[int]) -> None:
    """The mask is kept from ``freeze_at`` on (2**20 by default) even when the head is larger:
    the head then only holds the scan's parts (a DEEP stop rarer). With one thread, two, and
    the helper that prepares far pairings (min_far 0), the values are the kept-whole engine's."""
    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce(name))
    engine = records().RecordSequence(takes_all, leaves, splits, grundy, 1 << 16, 1 << 18, threads)
    assert engine.freeze_at == 1 << 20
    with pytest.raises(ValueError, match="1,024"):
        engine.freeze_at = 1000
    engine.freeze_at = 1 << 13
    if min_far is not None:
        engine.min_far = min_far
    engine.run((1 << 13) + 1, 1 << 40)
    assert engine.frozen and len(engine) == (1 << 13) + 1
    while len(engine) < size:
        assert engine.run(size, 1 << 40) == records().OK
    whole = array("H", nim_sequence(name, size))
    head, tail = array("H"), array("H")
    head.frombytes(engine.values(0, 1 << 16))
    tail.frombytes(engine.values(size - (1 << 17), size))
    assert head == whole[:1 << 16] and tail == whole[size - (1 << 17):]
