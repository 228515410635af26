"""By hand, not in CI: the record engine's speed against today's engine, as ratios in one run.

    python benchmarks/record_speed.py [GRUNDY_HEAPS] [OCTAL_HEAPS]

Each game is computed by nimcore.octal.OctalSequence (the values kept whole, the
scan for rare values from both ends of the splits) and by nimcore.records (head
2**20, window 2**22, the scan from the small parts up), alternately, twice; the
best of each is reported, in CPU seconds of this process (on a shared machine
wall time measures the neighbours) and in wall seconds, with the ratio and the
memory each holds. M. Rogalski's program is not built here: its crates (bitvec,
phf, serde, ...) are not vendored and cargo has no registry offline.
"""

from __future__ import annotations

import functools
import sys
import time
from typing import Any, Callable, Tuple

from nim.kernel import octal, records
from nim.takebreak.sequence import game_places
from nim.rules import Rules


def _timed(work: Callable[[], Any]) -> Tuple[float, float, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    out = work()
    return time.perf_counter() - wall, time.process_time() - cpu, out


def _whole(args: Tuple[Any, ...], heaps: int) -> Any:
    sequence = octal().OctalSequence(*args, True)
    sequence.extend(heaps)
    return sequence


def _record(args: Tuple[Any, ...], heaps: int) -> Any:
    engine = records().RecordSequence(*args, 1 << 20, 1 << 22)
    while len(engine) < heaps:
        if engine.run(heaps, 1 << 40) != records().OK:
            raise RuntimeError(f"the record engine stopped at heap {len(engine):,}")
    return engine


def main() -> None:
    grundy = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 21
    octal_heaps = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 22
    for name, heaps in (("grundy-game", grundy), ("octal=0.167", octal_heaps)):
        _, takes_all, leaves, splits, grundy_game = game_places(Rules.coerce(name))
        args = (takes_all, leaves, splits, grundy_game)
        best = {"whole": (1e9, 1e9), "record": (1e9, 1e9)}
        held = {}
        for _ in range(2):
            for kind, run in (("whole", _whole), ("record", _record)):
                wall, cpu, engine = _timed(functools.partial(run, args, heaps))
                best[kind] = (min(best[kind][0], wall), min(best[kind][1], cpu))
                held[kind] = (engine.memory if kind == "record" else heaps * engine.itemsize)
        (w_wall, w_cpu), (r_wall, r_cpu) = best["whole"], best["record"]
        print(f"{name} to {heaps:,} heaps:")
        print(f"  today's engine  {w_cpu:7.2f} s CPU ({w_cpu / heaps * 1e6:.2f} us a heap), {w_wall:7.2f} s wall, "
              f"{held['whole'] / 2**20:.0f} MiB of values")
        print(f"  record engine   {r_cpu:7.2f} s CPU ({r_cpu / heaps * 1e6:.2f} us a heap), {r_wall:7.2f} s wall, "
              f"{held['record'] / 2**20:.0f} MiB in all")
        print(f"  ratio (today / record): {w_cpu / r_cpu:.2f} CPU, {w_wall / r_wall:.2f} wall")


if __name__ == "__main__":
    main()
