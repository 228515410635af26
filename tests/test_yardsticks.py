"""The C oracles of benchmarks/yardstick (issue 39) give the values the tests' own oracle does:
they are compiled here and run on short sequences, so that the figures the benchmarks print
from them at record scale rest on programs that are checked."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import takebreak_oracle
from nim.octal import nim_sequence

YARDSTICK = Path(__file__).resolve().parent.parent / "benchmarks" / "yardstick"
COMPILER = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")

pytestmark = pytest.mark.skipif(COMPILER is None, reason="no C compiler")


def _run(tmp_path: Path, source: str, *args: str) -> Tuple[Dict[int, Dict[int, int]], Tuple[int, int]]:
    """Compile and run a yardstick: its tables at every 2**k from 2 on, and its checksum."""
    binary = tmp_path / source.removesuffix(".c")
    subprocess.run([str(COMPILER), "-O2", "-o", str(binary), str(YARDSTICK / source)], check=True)
    out = subprocess.run([str(binary), *args], capture_output=True, text=True, check=True).stdout
    tables: Dict[int, Dict[int, int]] = {}
    checksum = (-1, -1)
    for line in out.splitlines():
        if line.startswith("table "):
            head, _, rest = line.partition(":")
            tables[int(head.split()[1])] = {int(v): int(c) for v, c in (p.split(":") for p in rest.split())}
        elif line.startswith("checksum "):
            parts = line.split()
            checksum = (int(parts[1]), int(parts[3]))
    return {size: table for size, table in tables.items() if size >= 2}, checksum


def _expected(values: List[int]) -> Tuple[Dict[int, Dict[int, int]], Tuple[int, int]]:
    tables = {}
    size = 2
    while size < len(values):
        tables[size] = dict(Counter(values[1:size + 1]))
        size *= 2
    weighted = sum(v * (i + 1) for i, v in enumerate(values)) % (1 << 64)
    return tables, (weighted, sum(values))


def test_plain_mex_is_grundys_game_by_the_tests_oracle(tmp_path: Path) -> None:
    heaps = 1 << 11
    want = takebreak_oracle.sequence(takebreak_oracle.GRUNDY_GAME, heaps)
    tables, checksum = _run(tmp_path, "plain_mex.c", str(heaps))
    assert (tables, checksum) == _expected(want)
    assert sum(tables[1024].values()) == 1024        # heaps 1 .. 1024: heap 0 is not counted


def test_plain_mex_equals_the_package_past_the_rare_heaps(tmp_path: Path) -> None:
    """To 2**17: past the last rare heap (82,860), where the package's rare-values method has
    proved every value from the rare heaps alone for tens of thousands of heaps."""
    heaps = 1 << 17
    tables, checksum = _run(tmp_path, "plain_mex.c", str(heaps))
    assert (tables, checksum) == _expected(list(nim_sequence("grundy-game", heaps)))


def test_rare_values_yardstick_equals_the_tests_oracle(tmp_path: Path) -> None:
    heaps = 1 << 11
    for code, name in ((takebreak_oracle.GRUNDY_GAME, "grundy"), ("0.167", "0.167")):
        want = takebreak_oracle.sequence(code, heaps)
        tables, checksum = _run(tmp_path, "rare_values.c", name, str(heaps))
        assert (tables, checksum) == _expected(want), name


@pytest.mark.parametrize("args, said", [
    ([], "usage"),
    (["1"], "HEAPS: 2 .. 2**32"),
    (["99999999999999"], "HEAPS: 2 .. 2**32"),
])
def test_plain_mex_refuses_bad_arguments_in_words(tmp_path: Path, args: List[str], said: str) -> None:
    binary = tmp_path / "plain_mex"
    subprocess.run([str(COMPILER), "-O2", "-o", str(binary), str(YARDSTICK / "plain_mex.c")], check=True)
    run = subprocess.run([str(binary), *args], capture_output=True, text=True)
    assert run.returncode == 2 and said in run.stderr
