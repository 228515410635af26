"""By hand, not in CI: the record engine's two threads against one, by block and horizon.

    python benchmarks/record_threads.py [BLOCK,HORIZON ...]     # default 4096,2048 (the engine's)

Grundy's game from heap 2**20 + 8 (the mask kept: two threads from there) for 600,000 heaps,
from one exported state: on one thread, and on two for each BLOCK,HORIZON, twice, alternately.
Reported in CPU seconds of each thread (``time.thread_time``; ``RecordSequence.thread_seconds``
for the two): on a machine whose cores are busy the wall time measures the neighbours, and on
two free cores the two threads' wall time is about the larger of their CPU times. "ideal" is
one thread's CPU time over that larger one (the best of the two rounds); "CPU sum" is the two
threads' total over one thread's (the price of sharing).
"""

from __future__ import annotations

import sys
import time
from typing import Any, Dict, List, Tuple

from nim.kernel import records

FIRST = (1 << 20) + 8
HEAPS = 600_000


def _engine(threads: int) -> Any:
    return records().RecordSequence((), (), (0,), True, 1 << 20, 1 << 22, threads)


def main() -> None:
    configs = [tuple(int(x) for x in arg.split(",")) for arg in sys.argv[1:]] or [(4096, 2048)]
    start = _engine(1)
    while len(start) < FIRST:
        start.run(FIRST, 1 << 40)
    state = start.export()
    end = FIRST + HEAPS
    one: List[float] = []
    two: Dict[Tuple[int, ...], List[Tuple[float, float]]] = {config: [] for config in configs}
    for _ in range(2):
        engine = _engine(1)
        engine.restore(state)
        cpu = time.thread_time()
        while len(engine) < end:
            engine.run(end, 1 << 28)
        one.append(time.thread_time() - cpu)
        for config in configs:
            engine = _engine(2)
            engine.restore(state)
            engine.block, engine.horizon = config
            while len(engine) < end:
                engine.run(end, 1 << 28)
            two[config].append(engine.thread_seconds)
    alone = min(one)
    print(f"grundy-game, heaps {FIRST:,} .. {end - 1:,}: one thread {', '.join(f'{x:.3f}' for x in one)} s of CPU")
    for config, rounds in two.items():
        finishing, helper = min(rounds, key=max)
        shown = ", ".join(f"{f:.3f} + {h:.3f}" for f, h in rounds)
        print(f"  block {config[0]:,}, horizon {config[1]:,}: finishing + helper {shown} s; "
              f"ideal {alone / max(finishing, helper):.2f} times one thread, CPU sum "
              f"{(finishing + helper) / alone:.2f} times")


if __name__ == "__main__":
    main()
