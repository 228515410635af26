"""``nimcore quotient``: the misère quotient of a take-and-break game, verified."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, List

from nim.commands.common import whole_number
from nim.errors import NimError
from nim.families.octal_codes import GAMES

_DESCRIPTION = """\
The misère quotient of a take-and-break heap game (Plambeck; Plambeck and
Siegel): a finite commutative monoid Q, a subset P of it and a map from heap
sizes to Q such that a sum of heaps is lost for the player to move, in misère
play, exactly when the product of its heaps' elements is in P. Once known, any
position is one table look-up a heap.

The quotient is computed heap by heap and every candidate is verified (a
finite walk over words of heaps); it is "proven" for every heap size once the
heap map repeats long enough (the octal periodicity bound), otherwise it is
exact for heaps up to the bound reached. Some games' quotients are very large
or infinite (Dawson's Kayles is an open problem): --time-limit bounds the work,
and the quotient of the heaps done is printed. A long computation shows its
progress (the heap reached, the candidate's size) on stderr when that is a
terminal.

GAME is an octal code (0.77) or a name: kayles, dawson-kayles, dawson-chess,
grundy-game. Results are cached in the user's cache folder (re-verified when read).
"""

_EPILOG = """\
examples:
  nimcore quotient kayles                 order 40, P-portion 9, period 12 from heap 71, proven
  nimcore quotient 0.75                   Plambeck's R8: <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>
  nimcore quotient dawson-kayles --upto 26  exact for every sum of heaps up to 26 (order 144)
  nimcore quotient 0.16 --time-limit 5    stops on its limit: the heaps done, and where it stopped
  nimcore quotient 0.34 --json            one JSON object (the table too)
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "quotient", help="misère quotient of a take-and-break game (Kayles, 0.75, ...), verified",
        description=_DESCRIPTION, epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", help="an octal code such as 0.77, or a game name: "
                        + ", ".join(GAMES))
    parser.add_argument("--upto", type=whole_number(1, 100_000), default=None, metavar="N",
                        help="heaps up to N (default: until the period is proven or a limit stops it)")
    parser.add_argument("--time-limit", type=float, default=60.0, metavar="S",
                        help="stop after S seconds (default 60)")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def _rules(text: str) -> str:
    word = text.strip()
    return f"octal={word}" if word[:1].isdigit() or word[:1] == "." else word


def run(args: argparse.Namespace) -> int:
    from nim.takebreak.quotient import misere_quotient
    from nim.progress import quotient_progress

    if not 0 < args.time_limit <= 1e9:
        raise NimError(f"--time-limit must be a positive number of seconds: {args.time_limit}")
    # as the searches do: progress on stderr when it is a terminal, after half a second
    display = quotient_progress(args.game.strip(), None)
    try:
        quotient = misere_quotient(_rules(args.game), args.upto, seconds=args.time_limit,
                                   progress=display, cache=not args.no_cache)
    finally:
        if display is not None:
            display.close()
    wanted = args.upto
    stopped = not quotient.proven and (wanted is None or quotient.bound < wanted)
    if stopped:
        why = quotient.stopped or f"the computation stopped on its limit after heap {quotient.bound}"
        sys.stderr.write(f"nimcore: {why}; what follows is exact for heaps up to {quotient.bound}\n")
    if args.json:
        out = quotient.to_json()
        out["element_names"] = [quotient.element_name(x) for x in range(quotient.order)]
        out["stopped"] = quotient.stopped if stopped else None
        out["next_order_at_least"] = quotient.next_order_at_least if stopped else None
        sys.stdout.write(json.dumps(out) + "\n")
    else:
        sys.stdout.write(format_report(quotient))
    return 0


def format_report(q: Any) -> str:
    """The quotient as the papers print it: presentation, P-portion, heap map."""
    lines: List[str] = [f"misère quotient of {q.game}", ""]
    gens = ", ".join(name for name, _ in q.generators)
    lines.append(f"Q = < {gens} | {', '.join(q.relations)} >" if q.generators else "Q = 1 (trivial)")
    lines.append("generators: " + (", ".join(f"{name} = heap {heap}" for name, heap in q.generators) or "-"))
    lines.append(f"order |Q| = {q.order}")
    lines.append(f"P = {{{', '.join(q.element_name(x) for x in sorted(q.p_portion, key=q.element_name))}}}"
                 f"  ({len(q.p_portion)} elements)")
    if q.proven and q.period:
        pre, per = q.period
        lines.append(f"heap map: periodic, period {per} from heap {pre} (proven: checked to heap {q.bound})")
        lines.append("exact for: every heap size")
    else:
        lines.append(f"exact for: heaps 0 .. {q.bound} (no period proven)")
    lines.append("growth: " + ", ".join(f"heap {h} -> {o}" for h, o in q.growth))
    lines.append("")
    lines.append("heap  element")
    shown = min(q.bound, (q.period[0] + 2 * q.period[1]) if q.period else q.bound)
    for heap in range(0, shown + 1):
        lines.append(f"{heap:>4}  {q.element_name(q.element(heap))}")
    if shown < q.bound:
        lines.append(f"  ...  (period {q.period[1]})")
    return "\n".join(lines) + "\n"
