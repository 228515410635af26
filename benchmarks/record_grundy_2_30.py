"""By hand, not in CI: issue 39's target for Grundy's game as a ratio in one run.

    python benchmarks/record_grundy_2_30.py [--heaps N] [--old DIR] [--filed PYTHON]

The issue asks for Grundy's game at 10 times "today's" rate a heap (about 1.7 µs when it was
filed: `nimcore octal grundy-game` from 2**20 to 2**22), that is 2**30 heaps in under 3
minutes, on this 2-core machine. A machine shared with others changes speed from hour to hour,
so this measures both in one run, one right after the other:

1. today's rate: the kept-whole engine (``nimcore.octal.OctalSequence``, every value held)
   from heap 2**20 to 2**22, its wall seconds a heap;
2. the record engine on two threads, Grundy's game from heap 0 to N (default 2**30):
   ``python -m nim octal grundy-game --record --keep --upto N --threads 2`` in a child
   process, into a temporary folder (about 1.1 GB at 2**30, removed after), its wall seconds;
3. with ``--old DIR`` (a folder holding another build's ``nimcore`` package), the same run
   with that build right after, and the ratio between the two builds; their tables at every
   2**k must be equal.

With ``--filed PYTHON`` (the interpreter of an environment where nimcore is installed as it
was when the issue was filed, e.g. ``pip install`` of commit 8c6acb6 in a fresh venv), the
issue's own command is timed with it too, before the record run: ``nimcore octal grundy-game
--upto 1048576``, then ``--upto 4194304`` continuing from its cache (a fresh one), the second
command's wall seconds a heap past 2**20 (1.7 µs when the issue was filed).

It prints each figure and the ratio of today's rate to the record engine's (the issue asks
for 10).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, Optional, Tuple

from nim.kernel import octal
from nim.rules import Rules
from nim.takebreak.cache import read_checkpoint
from nim.takebreak.sequence import game_places


def todays_rate() -> float:
    """Wall seconds a heap of the kept-whole engine from heap 2**20 to 2**22."""
    _, takes_all, leaves, splits, grundy_game = game_places(Rules.coerce("grundy-game"))
    sequence = octal().OctalSequence(takes_all, leaves, splits, grundy_game, True)
    sequence.extend(1 << 20)
    wall = time.perf_counter()
    sequence.extend(1 << 22)
    return (time.perf_counter() - wall) / ((1 << 22) - (1 << 20))


def filed_rate(python: str) -> float:
    """Wall seconds a heap of the issue's own command, ``nimcore octal grundy-game`` to 2**20
    and then to 2**22 (the second timed), run by ``python`` with a fresh cache."""
    cache = Path(tempfile.mkdtemp(prefix="nimcore-filed-"))
    env = dict(os.environ, NIMCORE_CACHE_DIR=str(cache))
    env.pop("PYTHONPATH", None)                  # (that environment's own nimcore)
    try:
        for upto in (1 << 20, 1 << 22):
            wall = time.perf_counter()
            subprocess.run([python, "-m", "nim", "octal", "grundy-game", "--upto", str(upto)], env=env,
                           check=True, stdout=subprocess.DEVNULL, cwd=cache)
            wall = time.perf_counter() - wall
        return wall / ((1 << 22) - (1 << 20))
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def record_run(heaps: int, core: Optional[Path]) -> Tuple[float, Dict[str, Dict[str, int]]]:
    """Wall seconds of the record run to ``heaps`` on two threads (with the compiled core in
    ``core``, if given), and its tables at every 2**k."""
    env = dict(os.environ)
    if core is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(core), *sys.path])
    folder = Path(tempfile.mkdtemp(prefix="nimcore-grundy-"))
    try:
        wall = time.perf_counter()
        subprocess.run([sys.executable, "-m", "nim", "octal", "grundy-game", "--record", "--keep",
                        "--upto", str(heaps), "--threads", "2", "--record-dir", str(folder)],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - wall
        meta, _ = read_checkpoint(folder, "grundy-game")
        return wall, meta["tables"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    args = sys.argv[1:]
    heaps = 1 << 30
    old: Optional[Path] = None
    filed: Optional[str] = None
    while args:
        flag = args.pop(0)
        if flag == "--heaps":
            heaps = int(args.pop(0))
        elif flag == "--old":
            old = Path(args.pop(0)).resolve()
        elif flag == "--filed":
            filed = args.pop(0)
        else:
            sys.exit(__doc__)
    rate = todays_rate()
    print(f"today's engine, heaps 2**20 .. 2**22: {rate * 1e6:.3f} µs a heap (wall)", flush=True)
    filed_wall = 0.0
    if filed is not None:
        filed_wall = filed_rate(filed)
        print(f"the issue's command with the engine as filed ({filed}): {filed_wall * 1e6:.3f} µs a heap "
              f"(1.7 µs when the issue was filed)", flush=True)
    wall, tables = record_run(heaps, None)
    print(f"record engine, two threads, heaps 0 .. {heaps - 1:,}: {wall:.1f} s, "
          f"{wall / heaps * 1e9:.1f} ns a heap", flush=True)
    print(f"today's rate / the record engine's: {rate * heaps / wall:.2f} times (the issue asks for 10; "
          f"at today's rate the run would take {rate * heaps:.0f} s)", flush=True)
    if filed is not None:
        print(f"the engine as filed / the record engine's: {filed_wall * heaps / wall:.2f} times", flush=True)
    if old is not None:
        old_wall, old_tables = record_run(heaps, old)
        common = set(tables) & set(old_tables)
        if any(tables[k] != old_tables[k] for k in common):
            sys.exit("the two builds' tables differ")
        print(f"the build in {old}: {old_wall:.1f} s; it / this build: {old_wall / wall:.2f} times "
              f"({len(common)} tables equal)")


if __name__ == "__main__":
    main()
