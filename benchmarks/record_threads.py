"""By hand, not in CI: the record engine's two threads against one, by block and horizon.

    python benchmarks/record_threads.py [BLOCK,HORIZON ...]     # default 4096,512 (the engine's)
    python benchmarks/record_threads.py --checkpoint DIR [BLOCK,HORIZON ...]

Grundy's game from heap 2**20 + 8 (the mask kept: two threads from there) for 600,000 heaps,
from one exported state: on one thread, and on two for each BLOCK,HORIZON, twice, alternately.
With ``--checkpoint DIR`` the state is the last checkpoint of a record run of Grundy's game in
DIR (read only), to measure the split at the run's own depth; the heaps measured end before
the first one that needs the run's kept values (a DEEP heap), the same end for every round.
Reported in CPU seconds of each thread (``time.thread_time``; ``RecordSequence.thread_seconds``
for the two): on a machine whose cores are busy the wall time measures the neighbours, and on
two free cores the two threads' wall time is about the larger of their CPU times. "ideal" is
one thread's CPU time over that larger one (the best of the two rounds); "CPU sum" is the two
threads' total over one thread's (the price of sharing). The wall times are printed too: with
both cores free they are what a run gains; at record depth the two threads slow each other,
and the wall time gains much less than "ideal" says.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

from nim.kernel import records
from nim.takebreak.cache import read_checkpoint
from nim.takebreak.record import checkpoint_state

FIRST = (1 << 20) + 8
HEAPS = 600_000


def _engine(threads: int, head: int = 1 << 20, window: int = 1 << 22) -> Any:
    return records().RecordSequence((), (), (0,), True, head, window, threads)


def _from_checkpoint(folder: str) -> Tuple[Dict[str, Any], int]:
    """A record run's last state and the end of the heaps to measure from it (before a DEEP)."""
    found = read_checkpoint(Path(folder), "grundy-game")
    if found is None:
        sys.exit(f"no checkpoint of grundy-game in {folder}")
    meta, sections = found
    state = checkpoint_state(meta, sections)
    probe = _engine(1, state["head"], state["window"])
    probe.restore(state)
    end = state["n"] + HEAPS
    while len(probe) < end:
        if probe.run(end, 1 << 28) == records().DEEP:
            end = len(probe)
    return state, end


def main() -> None:
    args = sys.argv[1:]
    folder = None
    if args[:1] == ["--checkpoint"] and len(args) >= 2:
        folder, args = args[1], args[2:]
    configs = [tuple(int(x) for x in arg.split(",")) for arg in args] or [(4096, 512)]
    if folder is None:
        start = _engine(1)
        while len(start) < FIRST:
            start.run(FIRST, 1 << 40)
        state = start.export()
        end = FIRST + HEAPS
    else:
        state, end = _from_checkpoint(folder)
    first = state["n"]
    head, window = state["head"], state["window"]
    one: List[float] = []
    one_wall: List[float] = []
    two: Dict[Tuple[int, ...], List[Tuple[float, float]]] = {config: [] for config in configs}
    two_wall: Dict[Tuple[int, ...], List[float]] = {config: [] for config in configs}
    for _ in range(2):
        engine = _engine(1, head, window)
        engine.restore(state)
        cpu, wall = time.thread_time(), time.perf_counter()
        while len(engine) < end:
            engine.run(end, 1 << 28)
        one.append(time.thread_time() - cpu)
        one_wall.append(time.perf_counter() - wall)
        for config in configs:
            engine = _engine(2, head, window)
            engine.restore(state)
            engine.block, engine.horizon = config
            wall = time.perf_counter()
            while len(engine) < end:
                engine.run(end, 1 << 28)
            two_wall[config].append(time.perf_counter() - wall)
            two[config].append(engine.thread_seconds)
    alone = min(one)
    print(f"grundy-game, heaps {first:,} .. {end - 1:,}: one thread {', '.join(f'{x:.3f}' for x in one)} s of CPU, "
          f"{', '.join(f'{x:.3f}' for x in one_wall)} s of wall time")
    for config, rounds in two.items():
        finishing, helper = min(rounds, key=max)
        if not helper:
            print(f"  block {config[0]:,}, horizon {config[1]:,}: one thread only (too few rare heaps "
                  f"past the first block for the helper)")
            continue
        shown = ", ".join(f"{f:.3f} + {h:.3f}" for f, h in rounds)
        print(f"  block {config[0]:,}, horizon {config[1]:,}: finishing + helper {shown} s; "
              f"ideal {alone / max(finishing, helper):.2f} times one thread, CPU sum "
              f"{(finishing + helper) / alone:.2f} times; wall "
              f"{', '.join(f'{x:.3f}' for x in two_wall[config])} s, "
              f"{min(one_wall) / min(two_wall[config]):.2f} times one thread's")


if __name__ == "__main__":
    main()
