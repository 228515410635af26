"""nimcore against easyAI 2.0.12, the fastest installable peer, on the issue's positions.

easyAI's solver is `solve_with_depth_first_search` (a depth-first proof search)
with its `TranspositionTable`, on its own `Nim` game (misère: whoever takes the
last piece loses) and on a normal-play subclass. nimcore runs `nim.solve` with
`method="tt"` (the search) and with `method="auto"` (what a user gets: theory
where it applies -- every position here -- else tt).

Each solve is timed alone in a fresh process (so per-call overhead and first-
call costs count; imports do not), REPEAT times; the median is reported.

easyAI is not a dependency of nimcore: ``pip install easyAI==2.0.12`` first.

    python benchmarks/compare_easyai.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from typing import List, Tuple

POSITIONS: List[Tuple[str, List[int]]] = [
    ("misere", [1, 3, 5]),
    ("misere", [1, 2, 4, 5]),
    ("misere", [2, 3, 4, 5]),
    ("misere", [1, 3, 5, 7]),
    ("misere", [3, 4, 5, 6]),
    ("normal", [1, 3, 5, 7]),
    ("normal", [2, 3, 4, 5]),
    ("normal", [3, 4, 5, 6, 7]),
]

EASYAI = """
import time
from easyAI import solve_with_depth_first_search
from easyAI.AI import TranspositionTable
from easyAI.games.Nim import Nim

class NormalNim(Nim):
    def scoring(self):                 # normal play: the player left without a move loses
        return -100 if self.win() else 0

game = (Nim if {misere} else NormalNim)(piles={piles})
started = time.perf_counter()
value = solve_with_depth_first_search(game, win_score=80, tt=TranspositionTable())
print(time.perf_counter() - started, value)
"""

NIMCORE = """
import time
import nim
started = time.perf_counter()
value = nim.solve({piles}, {rules!r}, method={method!r}).value
print(time.perf_counter() - started, value)
"""


def run(code: str) -> Tuple[float, int]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds, value = out.stdout.split()
    return float(seconds), int(value)


def median_time(code: str, repeat: int) -> Tuple[float, int]:
    results = [run(code) for _ in range(repeat)]
    values = {value for _, value in results}
    assert len(values) == 1, values
    return statistics.median(seconds for seconds, _ in results), values.pop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh processes per solve (median)")
    args = parser.parse_args()
    print(f"{'position':28} {'easyAI df+tt':>13} {'nimcore tt':>11} {'ratio':>7} "
          f"{'nimcore auto':>13} {'ratio':>7}")
    met = {"tt": 0, "auto": 0}
    for rules, piles in POSITIONS:
        easy, v_easy = median_time(EASYAI.format(misere=rules == "misere", piles=piles), args.repeat)
        ours, v_ours = median_time(NIMCORE.format(piles=piles, rules=rules, method="tt"), args.repeat)
        auto, v_auto = median_time(NIMCORE.format(piles=piles, rules=rules, method="auto"), args.repeat)
        assert v_easy == v_ours == v_auto, (rules, piles, v_easy, v_ours, v_auto)
        label = f"{rules} {piles}"
        print(f"{label:28} {easy * 1e3:10.3f} ms {ours * 1e6:8.1f} us {easy / ours:6.0f}x "
              f"{auto * 1e6:10.1f} us {easy / auto:6.0f}x")
        met["tt"] += easy / ours >= 100
        met["auto"] += easy / auto >= 100
    print(f"at least 100x: tt on {met['tt']} of {len(POSITIONS)}, "
          f"auto on {met['auto']} of {len(POSITIONS)}")


if __name__ == "__main__":
    main()
