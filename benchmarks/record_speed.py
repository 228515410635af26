"""By hand, not in CI: the record engine's speed as ratios in one run (issue 39).

    python benchmarks/record_speed.py [GRUNDY_HEAPS] [OCTAL_HEAPS] [--old DIR]   # default 2**22, 2**26

``--old DIR`` also runs the record engine (one thread) of another build of the compiled core
(DIR holds its ``nimcore`` package, e.g. the build before a change) in a child process, right
before this build's, and gives the ratio of their CPU seconds: the two in the same run, on the
same load. Their tables at every 2**k must be equal.

Each game (Grundy's game, 0.167) is computed, one after the other in the same run, by:

- today's engine, nimcore.octal.OctalSequence (every value held, the scan for rare values
  from both ends of the splits);
- the record engine, nimcore.records (head 2**20, window 2**22), on one thread and on two
  (``threads=2``: a helper thread prepares each block's far pairings; the CPU seconds of each
  thread are given: on a machine whose other core is busy the wall time is their sum, on an
  idle one about the larger);
- the yardstick, benchmarks/yardstick/rare_values.c (the rare-values method in plain C, one
  thread, every value held), compiled here with ``cc -O2`` when a C compiler exists. It
  stands in for M. Rogalski's program (Rust), whose crates (bitvec, phf, serde, ...) are not
  vendored in his repository: cargo cannot fetch them without a registry.

Every engine must give the same values: the frequency tables at every 2**k (record engines,
yardstick) and a checksum of every value (today's engine, yardstick: sum of G(i) * (i + 1) mod
2**64) are compared, and the run stops if one differs. Times are wall seconds and CPU seconds
of the process (the yardstick's own clock()); on a shared machine the CPU seconds measure the
engine, the wall seconds the neighbours too.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import numpy as np

from nim.kernel import octal, records
from nim.takebreak.sequence import game_places
from nim.rules import Rules

YARDSTICK = Path(__file__).resolve().parent / "yardstick" / "rare_values.c"
Tables = Dict[int, Dict[int, int]]


def _checksum(values: Any) -> Tuple[int, int]:
    array = np.frombuffer(values, dtype=np.uint8 if values.itemsize == 1 else np.uint16).astype(np.uint64)
    weighted = int((array * np.arange(1, len(array) + 1, dtype=np.uint64)).sum(dtype=np.uint64))
    return weighted, int(array.sum(dtype=np.uint64))


def _whole(args: Tuple[Any, ...], heaps: int) -> Tuple[float, float, Tuple[int, int]]:
    wall, cpu = time.perf_counter(), time.process_time()
    sequence = octal().OctalSequence(*args, True)
    sequence.extend(heaps)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return wall, cpu, _checksum(sequence.values())


def _record(args: Tuple[Any, ...], heaps: int, threads: int) -> Tuple[float, float, Tables, Any, float]:
    """Wall and CPU seconds, the tables, the engine, and the CPU seconds past heap 2**20 (the
    head: two threads from there on)."""
    wall, cpu = time.perf_counter(), time.process_time()
    engine = records().RecordSequence(*args, 1 << 20, 1 << 22, threads)
    tables: Tables = {}
    past_head = cpu
    while len(engine) < heaps:
        n = len(engine)
        end = min(heaps, (1 << (n - 1).bit_length()) + 1) if n else 1
        if engine.run(end, 1 << 40) != records().OK:
            raise RuntimeError(f"the record engine stopped at heap {len(engine):,}")
        n = len(engine)
        if n == (1 << 20) + 1:
            past_head = time.process_time()
        if n >= 2 and (n - 1) & (n - 2) == 0:
            tables[n - 1] = engine.histogram()
    now = time.process_time()
    return time.perf_counter() - wall, now - cpu, tables, engine, now - past_head


def _old_record(old: Path, name: str, heaps: int) -> Tuple[float, float, Tables, float]:
    """``_record`` on one thread with the compiled core in ``old`` (a child process)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(old), *sys.path]))
    out = subprocess.run([sys.executable, __file__, "--record-only", name, str(heaps)], env=env,
                         capture_output=True, text=True, check=True).stdout
    got = json.loads(out)
    tables = {int(k): {int(v): c for v, c in t.items()} for k, t in got["tables"].items()}
    return got["wall"], got["cpu"], tables, got["past"]


def _record_only(name: str, heaps: int) -> None:
    """The child of ``_old_record``: one thread, its figures and tables as JSON."""
    _, takes_all, leaves, splits, grundy_game = game_places(Rules.coerce(name))
    wall, cpu, tables, _, past = _record((takes_all, leaves, splits, grundy_game), heaps, 1)
    print(json.dumps({"wall": wall, "cpu": cpu, "past": past, "tables": tables}))


def _yardstick(binary: Path, game: str, heaps: int) -> Tuple[float, float, Tables, Tuple[int, int]]:
    wall = time.perf_counter()
    out = subprocess.run([str(binary), "grundy" if game == "grundy-game" else game.split("=")[1], str(heaps)],
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - wall
    tables: Tables = {}
    checksum = (0, 0)
    cpu = 0.0
    for line in out.splitlines():
        if line.startswith("table "):
            head, _, rest = line.partition(":")
            tables[int(head.split()[1])] = {int(v): int(c) for v, c in (pair.split(":") for pair in rest.split())}
        elif line.startswith("checksum "):
            parts = line.split()
            checksum = (int(parts[1]), int(parts[3]))
        elif line.startswith("cpu_seconds "):
            cpu = float(line.split()[1])
    return wall, cpu, tables, checksum


def _compile(folder: Path) -> Optional[Path]:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return None
    binary = folder / "rare_values"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(YARDSTICK)], check=True)
    return binary


def _line(label: str, wall: float, cpu: float, heaps: int, extra: str = "") -> str:
    return (f"  {label:<26} {wall:8.2f} s wall {cpu:8.2f} s CPU ({cpu / heaps * 1e6:.3f} us a heap){extra}")


def main() -> None:
    args_ = sys.argv[1:]
    if args_[:1] == ["--record-only"]:
        _record_only(args_[1], int(args_[2]))
        return
    old: Optional[Path] = None
    if "--old" in args_:
        at = args_.index("--old")
        old = Path(args_[at + 1]).resolve()
        del args_[at:at + 2]
    grundy = int(args_[0]) if len(args_) > 0 else 1 << 22
    octal_heaps = int(args_[1]) if len(args_) > 1 else 1 << 26
    with tempfile.TemporaryDirectory() as folder:
        binary = _compile(Path(folder))
        if binary is None:
            print("no C compiler (cc, gcc, clang): the yardstick is left out")
        for name, heaps in (("grundy-game", grundy), ("octal=0.167", octal_heaps)):
            _, takes_all, leaves, splits, grundy_game = game_places(Rules.coerce(name))
            args = (takes_all, leaves, splits, grundy_game)
            print(f"{name} to {heaps:,} heaps:")
            w_wall, w_cpu, w_sum = _whole(args, heaps)
            print(_line("today's engine (whole)", w_wall, w_cpu, heaps))
            if old is not None:
                o_wall, o_cpu, o_tables, o_past = _old_record(old, name, heaps)
                print(_line(f"record engine of {old.name}, 1", o_wall, o_cpu, heaps,
                            f"; past 2**20: {o_past:.2f} s of CPU"))
            one_wall, one_cpu, one_tables, _, one_past = _record(args, heaps, 1)
            print(_line("record engine, 1 thread", one_wall, one_cpu, heaps,
                        f"; past 2**20: {one_past:.2f} s of CPU"))
            if old is not None:
                if o_tables != one_tables:
                    sys.exit(f"  the record engines of {old} and of this build DIFFER")
                print(f"  ratios: {old.name} / this build (record engine, 1 thread) {o_cpu / one_cpu:.2f} CPU"
                      + (f", past 2**20 {o_past / one_past:.2f} CPU" if one_past > 0 else "")
                      + "; the same tables at every 2**k")
            two_wall, two_cpu, two_tables, engine, _ = _record(args, heaps, 2)
            finishing, helper = engine.thread_seconds
            if helper > 0:
                print(_line("record engine, 2 threads", two_wall, two_cpu, heaps,
                            f"; past 2**20: finishing thread {finishing:.2f} s, helper {helper:.2f} s of CPU: "
                            f"{one_past / max(finishing, helper):.2f} times one thread there on two free cores"))
            else:
                print(_line("record engine, 2 threads", two_wall, two_cpu, heaps,
                            " (one thread: too few rare heaps past the first block to share)"))
            if two_tables != one_tables:
                sys.exit("  the two record engines' tables DIFFER")
            print(f"  ratios: today / record (1 thread) {w_cpu / one_cpu:.2f} CPU, {w_wall / one_wall:.2f} wall; "
                  f"1 thread / 2 threads {one_wall / two_wall:.2f} wall")
            if binary is not None:
                y_wall, y_cpu, y_tables, y_sum = _yardstick(binary, name, heaps)
                print(_line("yardstick (C, 1 thread)", y_wall, y_cpu, heaps))
                same_tables = all(y_tables.get(k) == t for k, t in one_tables.items() if k & (k - 1) == 0)
                if not same_tables or y_sum != w_sum:
                    sys.exit(f"  the yardstick's values DIFFER (tables equal: {same_tables}, checksums "
                             f"{y_sum} and {w_sum})")
                print(f"  same values: the tables at every 2**k and the checksum {w_sum[0]} are equal")
                print(f"  ratios: yardstick / record (1 thread) {y_cpu / one_cpu:.2f} CPU, "
                      f"{y_wall / one_wall:.2f} wall; yardstick / record (2 threads) {y_wall / two_wall:.2f} wall")


if __name__ == "__main__":
    main()
