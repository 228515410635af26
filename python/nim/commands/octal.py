"""``nimcore octal``: the nim-sequence of a take-and-break game, its period proven."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nim.commands.common import seconds, whole_number
from nim.errors import NimError
from nim.octal_codes import GAMES
from nim.rules import Rules

_DESCRIPTION = """\
The normal-play Grundy values G(0), G(1), ... of a take-and-break heap game,
computed as far as the Octal Game Periodicity Theorem needs to prove their
period (Guy and Smith 1956: if G(n + p) = G(n) for n0 <= n < 2 n0 + p + t,
t the last place of the code, then for every n >= n0), or to --upto heaps.

GAME is an octal code d0.d1d2...: digit d_k says how a move may take k objects
from one heap -- bit 1: from a heap of exactly k; bit 2: leaving one heap;
bit 4: leaving two heaps (the rest split in two). Or a name: kayles (0.77),
dawson-kayles (0.07), dawson-chess (0.137), grundy-game (split a heap into two
unequal heaps; not octal, so no period is proven for it).

The values come from the rare-values ("sparse space") method: under a mask M a
value is rare when popcount(value & M) is even; few heaps are rare, and each
new heap costs about one pairing per rare heap. The report gives the mask, how
many heaps are rare and the last of them.
"""

_EPILOG = """\
examples:
  nimcore octal 0.16                      pre-period 105,351, period 149,459
  nimcore octal kayles --json
  nimcore octal grundy-game --upto 1048576 --plot grundy.png
  nimcore octal grundy-game --upto 4294967295 --time-limit 60   as far as a minute gets
  nimcore table --octal 0.77 --upto 100   who wins a lone heap, and how
"""

#: The most heaps --upto allows.
_MOST_HEAPS = (1 << 32) - 1


def add_parser(subparsers: Any) -> None:
    from nim.octal.sequence import DEFAULT_MAX_HEAPS

    parser = subparsers.add_parser(
        "octal", help="nim-sequence of an octal game (Kayles, 0.16, ...), its period proven",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar="GAME", help="an octal code such as 0.77, or a game name: "
                        + ", ".join(GAMES))
    parser.add_argument("--upto", type=whole_number(1, _MOST_HEAPS), default=DEFAULT_MAX_HEAPS, metavar="N",
                        help=f"compute at most N heaps (default {DEFAULT_MAX_HEAPS:,})")
    parser.add_argument("--method", choices=("auto", "rare", "plain"), default="auto",
                        help="rare values (auto) or the plain mex over every option (slow; a yardstick)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--time-limit", type=seconds, default=None, metavar="SECONDS",
                        help="stop computing after SECONDS and report the heaps computed by then "
                             "(exit status 3); they are stored, and the next run goes on from them")
    parser.add_argument("--plot", metavar="FILE",
                        help="draw the sequence to FILE (.png or .svg; needs pip install 'nimcore[plot]')")
    parser.add_argument("--show", type=whole_number(0, 10_000), default=40, metavar="K",
                        help="print the first K values (default 40)")
    parser.set_defaults(run=run)


def _rules(text: str) -> Rules:
    word = text.strip()
    if word and (word[0].isdigit() or word[0] == "."):
        return Rules(octal=word)
    return Rules.game(word)


def run(args: argparse.Namespace) -> int:
    from nim.octal.sequence import octal_period

    rules = _rules(args.game)
    if args.plot is not None:
        from nim.octal.plot import FORMATS

        if not args.plot.lower().endswith(FORMATS):
            raise NimError(f"--plot draws PNG or SVG: give a file ending .png or .svg, not {args.plot!r}")
    result = octal_period(rules, max_heaps=args.upto, method=args.method, time_limit=args.time_limit,
                          partial=True)
    if args.plot is not None:
        from nim.octal.plot import plot_sequence

        plot_sequence(result, args.plot)
    if args.json:
        out = result.to_dict()
        out["rules"] = str(rules)
        out["first"] = result.values[:args.show].tolist()
        sys.stdout.write(json.dumps(out) + "\n")
    else:
        sys.stdout.write(format_report(result, args.show))
    if result.stopped is not None:
        said = "the time limit" if result.stopped == "time" else "cancelled"
        kept = " (stored: the next run goes on from them)" if result.stored else ""
        sys.stderr.write(f"nimcore: stopped by {said} after {result.heaps:,} heaps{kept}\n")
        return 3
    return 0


def format_report(result: Any, show: int) -> str:
    """The report as text."""
    title = "Grundy's game" if result.code == "grundy-game" else f"octal game {result.code}"
    lines = [f"{title}: normal-play nim-sequence", ""]
    rows = [("heaps computed", f"{result.heaps:,} (0 .. {result.heaps - 1:,})"
                               + (f", {result.cached:,} of them read from the cache" if result.cached else ""))]
    if result.proven:
        rows += [("pre-period", f"{result.preperiod:,}"),
                 ("period", f"{result.period:,}  (proven: checked to heap {result.bound - 1:,} = "
                            f"2 n0 + 2 p + t - 1)")]
    elif result.code == "grundy-game":
        rows += [("period", "none proven (Grundy's game is not octal: the theorem does not apply)")]
    else:
        rows += [("period", f"none proven within {result.heaps:,} heaps (raise --upto)")]
    rows.append(("largest value", f"{result.largest:,} at heap {result.largest_at:,}"))
    if result.mask is not None:
        last = f", the last at heap {result.rare_last:,}" if result.rare_count else ""
        dense = "" if result.sparse else " (too many: no sparse space, the plain mex computed)"
        kind = " (by value and the heap's parity, Flammenkamp's kind)" if result.position_type else ""
        rows.append(("rare values", f"mask {result.mask:#x}{kind}: {result.rare_count:,} heaps rare{last}{dense}"))
    else:
        rows.append(("rare values", "- (no move splits a heap)" if result.method == "rare" else "- (plain mex)"))
    rows.append(("storage", f"{result.values.itemsize} byte{'s' if result.values.itemsize > 1 else ''} a heap"))
    rows.append(("time", f"{result.seconds:.3f} s ({result.method})"))
    width = max(len(name) for name, _ in rows)
    lines += [f"{name:<{width}}  {value}" for name, value in rows]
    if show:
        lines += ["", f"G(0 .. {min(show, result.heaps) - 1}): " + " ".join(map(str, result.values[:show]))]
    return "\n".join(lines) + "\n"
