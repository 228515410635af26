"""benchmarks/record_check_heap.py, the check by the definition of a record run's kept values
(docs/records.md quotes it for the run's largest values): it agrees with a run of the record
engine and with the plain sequence, and it catches a wrong value, a damaged block and a
missing one."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Tuple

import pytest

from nim.octal import nim_sequence
from nim.takebreak.record import record_sequence

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "record_check_heap.py"
HEAPS = 100_000          # past 82,860, Grundy's game's last small rare heap
BLOCK = 8_192

pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("grundy-kept")
    record_sequence("grundy-game", HEAPS, folder=folder, keep=True, block=BLOCK)
    return folder


def _check(folder: Path, *heaps: object) -> Tuple[int, str]:
    done = subprocess.run([sys.executable, str(SCRIPT), str(folder), *map(str, heaps)],
                          capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


def _rewrite(path: Path, change: "dict[int, int]", *, keep_checksum: bool = False) -> None:
    """Set the values at the given offsets of a one-byte block (values below 256)."""
    header, data = path.read_bytes().split(b"\n", 1)
    meta = json.loads(header)
    assert meta["itemsize"] == 1 and not meta.get("high")
    raw = bytearray(data)
    for offset, value in change.items():
        raw[offset] = value
    if not keep_checksum:
        meta["sha256"] = hashlib.sha256(bytes(raw)).hexdigest()
    path.write_bytes(json.dumps(meta).encode() + b"\n" + bytes(raw))


def test_the_definition_agrees_with_the_run_and_the_plain_sequence(kept: Path) -> None:
    values = nim_sequence("grundy-game", HEAPS)
    heaps = [3, 4, 5, 8_191, 8_192, 8_193, 16_385, 82_860, 99_999]
    status, out = _check(kept, *heaps)
    assert status == 0, out
    for n in heaps:
        assert f"G({n:,}) = {values[n]} by the definition over {(n - 1) // 2:,} splits; agrees with the stored" in out


def test_a_wrong_stored_value_is_caught(tmp_path: Path, kept: Path) -> None:
    import shutil

    folder = tmp_path / "run"
    shutil.copytree(kept, folder)
    n = 90_000
    true = nim_sequence("grundy-game", n + 1)[n]
    first = n - n % BLOCK
    wrong = (true + 1) % 256
    _rewrite(folder / "blocks" / f"{first:015d}.nimblk", {n - first: wrong})
    status, out = _check(folder, n)
    assert status == 1 and f"G({n:,}) = {true} by the definition" in out
    assert f"DISAGREES with the stored {wrong}" in out


def test_a_damaged_or_missing_block_is_reported(tmp_path: Path, kept: Path) -> None:
    import shutil

    folder = tmp_path / "run"
    shutil.copytree(kept, folder)
    damaged = folder / "blocks" / f"{2 * BLOCK:015d}.nimblk"
    _rewrite(damaged, {5: damaged.read_bytes().split(b"\n", 1)[1][5] ^ 1}, keep_checksum=True)
    status, out = _check(folder, 3 * BLOCK + 10)
    assert status == 1 and "fails its SHA-256" in out, out
    (folder / "blocks" / f"{2 * BLOCK:015d}.nimblk").unlink()
    status, out = _check(folder, 3 * BLOCK + 10)
    assert status == 1 and f"the kept block at heap {2 * BLOCK:,} is missing" in out, out


def test_the_largest_value_is_taken_from_the_checkpoint(kept: Path) -> None:
    values = nim_sequence("grundy-game", HEAPS)
    at = max(range(1, HEAPS), key=lambda n: (values[n], -n))        # where the largest first came
    status, out = _check(kept, "--largest")
    assert status == 0 and out.startswith(f"G({at:,}) = {values[at]} by the definition"), out
