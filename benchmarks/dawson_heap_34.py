"""How large the misère quotient of Dawson's Kayles for heaps up to 34 must be
(docs/theory.md, "Misère quotients"; issue 30).

Heap 34 does not converge: the candidates climb a ladder of least failures
25 + k x 30 + k x 34. Every candidate predicts right each sum below its least
failure, so every sum with fewer copies of heap 34 than that failure. Sums of
heaps up to 33 that such sums tell apart are different elements of the true
quotient Q_34: their number (``told_apart``) is a proven lower bound. This
prints it each time the ladder passes one more copy of heap 34, with the
candidate's size and the time.

    nice python benchmarks/dawson_heap_34.py                       # the defaults, 600 s
    nice python benchmarks/dawson_heap_34.py --table-cap 30        # class tables up to 2**30 entries

Nothing is read from or written to the quotient cache.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, List, Optional, Sequence

from nim.octal import QuotientError, misere_quotient
from nim.takebreak import quotient as engine


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=600.0, help="time limit (default 600)")
    parser.add_argument("--table-cap", type=int, default=engine.MAX_TABLE.bit_length() - 1,
                        help="log2 of the most entries of a candidate's class table "
                             f"(default {engine.MAX_TABLE.bit_length() - 1}, the engine's)")
    parser.add_argument("--code", default="0.07", help="the game (default 0.07, Dawson's Kayles)")
    parser.add_argument("--heap", type=int, default=34, help="the heap that does not converge (default 34)")
    args = parser.parse_args(argv)
    if not 10 <= args.table_cap <= 34:
        parser.error("--table-cap is a power of two between 10 and 34")
    engine.MAX_TABLE = 1 << args.table_cap
    started = time.monotonic()
    rows: List[str] = []
    told = engine._told_apart

    def report(candidate: Any, failure: Sequence[int], n: int, deadline: Optional[float], cancel: Any) -> None:
        before = getattr(cancel, "told", (-1, 0))
        told(candidate, failure, n, deadline, cancel)
        after = getattr(cancel, "told", (-1, 0))
        if n == args.heap and after != before:
            rows.append(f"| {after[0]} | {after[1]:,} | {candidate.order:,} | {time.monotonic() - started:.1f} |")
            print(rows[-1], flush=True)

    engine._told_apart = report
    print(f"<!-- benchmarks/dawson_heap_34.py --code {args.code} --heap {args.heap} --seconds {args.seconds:g} "
          f"--table-cap {args.table_cap} -->")
    print(f"| heaps of {args.heap} added (at most) | quotient at least | candidate | seconds |\n|---:|---:|---:|---:|",
          flush=True)
    try:
        q = misere_quotient(args.code, args.heap, seconds=args.seconds, cache=False)
    except QuotientError as error:
        print(f"\n{error}")
        return 1
    finally:
        engine._told_apart = told
    print(f"\n{q.stopped or f'the quotient of heaps up to {q.bound} has {q.order:,} elements'} "
          f"({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
