"""The survey of misère quotients in docs/theory.md ("Misère quotients", issue 30
item 3): each code given at most SECONDS, heaps until its period is proven or a
limit stops it, printed as the docs' markdown table.

    nice python benchmarks/quotient_survey.py                 # the 20 codes, 60 s each
    python benchmarks/quotient_survey.py 0.75 0.34 0.15       # some codes
    python benchmarks/quotient_survey.py --seconds 10 --max-order 1000000 0.26

Nothing is read from or written to the quotient cache (every row is computed).
The seconds are wall time on whatever else the machine runs: say so next to
the table. Progress shows on stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from typing import List, Optional, Sequence

from nim.octal import QuotientError, misere_quotient
from nim.takebreak.quotient import DEFAULT_MAX_ORDER
from nim.progress import quotient_progress

#: The 20 codes of issue 30, in the docs' order.
CODES = ("0.77", "0.07", "0.137", "0.75", "0.15", "0.115", "0.152", "0.72", "0.26", "0.51",
         "4.07", "0.16", "0.6", "4.7", "0.54", "0.37", "0.3122", "0.644", "0.35", "0.34")

#: The names the table gives some codes.
NAMES = {"0.77": "Kayles", "0.07": "Dawson's Kayles", "0.137": "Dawson's chess"}

HEADER = ("| code | heaps done | order | P | period (from heap) | proven | stopped by | next heap's order at least "
          "| seconds |\n|---|---:|---:|---:|---|---|---|---:|---:|")

_STOPPED = re.compile(r"stopped on its (\w+) limit at heap (\d+) \(heaps up to \d+ done, order [\d,]+; (.*?)\)(;|$)")


def stopped_by(message: Optional[str]) -> str:
    """The "stopped by" cell from a quotient's ``stopped`` message: "size, at heap 34:
    the candidate had 2,000,000 elements"; "-" when it ran to its proven period."""
    if not message:
        return "-"
    found = _STOPPED.search(message)
    if found is None:
        return message
    reason, heap, where, _ = found.groups()
    return f"{reason}, at heap {int(heap):,}: {where}"


def row(code: str, seconds: float, max_order: int) -> str:
    """One line of the table for ``code`` (computed now, without the cache)."""
    label = f"{code} ({NAMES[code]})" if code in NAMES else code
    display = quotient_progress(code, None)
    started = time.monotonic()
    try:
        q = misere_quotient(code, seconds=seconds, max_order=max_order, cache=False, progress=display)
    except QuotientError as error:           # a limit before heap 1 was done
        return f"| {label} | 0 | - | - | - | no | {stopped_by(str(error))} | - | {time.monotonic() - started:.2f} |"
    finally:
        if display is not None:
            display.close()
    spent = time.monotonic() - started
    period = f"{q.period[1]} (from {q.period[0]})" if q.proven and q.period else "-"
    at_least = f"{q.next_order_at_least:,}" if q.next_order_at_least else "-"
    return (f"| {label} | {q.bound:,} | {q.order:,} | {len(q.p_portion):,} | {period} | "
            f"{'yes' if q.proven else 'no'} | {stopped_by(q.stopped)} | {at_least} | {spent:.2f} |")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("codes", nargs="*", metavar="CODE", help="octal codes (default: the 20 of the survey)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit of each code (default 60)")
    parser.add_argument("--max-order", type=int, default=DEFAULT_MAX_ORDER,
                        help=f"most elements of a trial monoid (default {DEFAULT_MAX_ORDER:,}, the engine's)")
    args = parser.parse_args(argv)
    codes: List[str] = args.codes or list(CODES)
    print(f"<!-- benchmarks/quotient_survey.py --seconds {args.seconds:g} --max-order {args.max_order} -->")
    print(HEADER)
    for code in codes:
        print(row(code, args.seconds, args.max_order), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
