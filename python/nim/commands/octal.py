"""``nimcore octal``: the nim-sequence of a take-and-break game, its period proven."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence, Tuple

from nim.commands.common import seconds, whole_number
from nim.errors import NimError
from nim.families.octal_codes import GAMES
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

Codes past the finite octal codes are computed in Python, and the period their
values show is reported as seen, not proven (no periodicity theorem covers
them): a repeating last digit or group (0.333... is Nim, 0.1(30)), hexadecimal
digits (bit 8: the rest split into three heaps, 0.F) and ",unequal" (the heaps
left must differ, as in Grundy's game: 0.7,unequal).

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
  nimcore octal "0.1(30)" --upto 3000     a repeating group: values in Python, the period seen

record runs (--record): memory O(head + window), not O(heaps); a checkpoint every minute, at a
stop and at the end, and the next run with --record resumes from it (also after a crash):
  nimcore octal grundy-game --record --keep --upto 1073741824 --progress
      (--keep: the values too, in checksummed blocks; the run proves from them the heaps its
      window cannot -- Grundy's game's rare heaps past 47 million need it)
  nimcore octal 0.167 --record --upto 67108864 --json        the frequency table at every 2**k
"""

#: Heaps of a code played in Python unless --upto says (a hexadecimal code's three-heap
#: splits cost about n**2 a heap: 1,001 heaps in about 3 s, 3,000 in about 70 s).
_PYTHON_HEAPS = 1_001
#: The most heaps --upto allows without --record (and with it: the record engine's limit).
_MOST_HEAPS = (1 << 32) - 1
_MOST_RECORD_HEAPS = 1 << 48


def add_parser(subparsers: Any) -> None:
    from nim.takebreak.sequence import DEFAULT_MAX_HEAPS

    parser = subparsers.add_parser(
        "octal", help="nim-sequence of an octal game (Kayles, 0.16, ...), its period proven",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar="GAME", help="an octal code such as 0.77, or a game name: "
                        + ", ".join(GAMES))
    parser.add_argument("--upto", type=whole_number(1, _MOST_RECORD_HEAPS), default=None,
                        metavar="N", help=f"compute at most N heaps (default {DEFAULT_MAX_HEAPS:,}; at most "
                        f"{_MOST_HEAPS:,} without --record; a code played in Python: default {_PYTHON_HEAPS:,}, "
                        "at most 100,001)")
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
    record = parser.add_argument_group("record runs")
    record.add_argument("--record", action="store_true",
                        help="the record engine: values in a window, checkpointed, resumed by the next "
                             "--record run; reports the frequency table at every 2**k and the rare heaps")
    record.add_argument("--keep", action="store_true",
                        help="with --record: also write the values, in checksummed block files")
    record.add_argument("--record-dir", metavar="DIR", default=None,
                        help="with --record: the folder of the checkpoint and blocks (default: in the "
                             "cache folder, records/GAME)")
    record.add_argument("--fresh", action="store_true",
                        help="with --record: start afresh, replacing the folder's checkpoint")
    record.add_argument("--head", type=whole_number(1024, 1 << 40), default=None, metavar="N",
                        help="with --record: values kept for good, the scan's small parts (default "
                             "16,777,216; the mask is chosen from the first 1,048,576)")
    record.add_argument("--window", type=whole_number(1024, 1 << 40), default=None, metavar="N",
                        help="with --record: values kept behind the frontier (default 4,194,304)")
    record.add_argument("--checkpoint-every", type=seconds, default=60.0, metavar="SECONDS",
                        help="with --record: seconds between checkpoints (default 60)")
    record.add_argument("--progress", action="store_true",
                        help="with --record: a progress line on stderr every 10 s (heaps/s, ETA, the "
                             "last rare heap), also when stderr is not a terminal")
    record.add_argument("--threads", type=int, choices=(1, 2), default=None,
                        help="with --record: 1 or 2 threads (default: NIMCORE_RECORD_THREADS when set, else "
                             "2 when the process may use two cores; 1 computes more heaps a CPU second "
                             "on a machine whose cores are busy; with AVX-512 the second thread pairs "
                             "the far rare heaps of the next 64 heaps while the first finishes those in hand)")
    parser.set_defaults(run=run)


def _rules(text: str) -> Rules:
    word = text.strip()
    if word.lower().startswith("octal="):           # the rule string's own spelling
        word = word[len("octal="):]
    if word and (word[0].isdigit() or word[0] == "."):
        return Rules(octal=word)
    return Rules.game(word)


def run_extended(args: argparse.Namespace, rules: Rules) -> int:
    """A code past the finite octal codes (a repeating digit or group, a hexadecimal digit,
    ``,unequal``): its values in Python, as far as ``--upto`` (at most ``MAX_HEAP + 1``), and the
    period they show -- an observation, since no periodicity theorem covers these codes."""
    from nim.families.code_extensions import MAX_HEAP, ExtendedCode, observed_period
    from nim.takebreak.sequence import nim_sequence

    family = rules.family
    code = str(rules).split("octal=", 1)[-1] if "octal=" in str(rules) else "0.333..."    # ",unequal" kept
    if args.record:
        raise NimError(f"--record computes finite octal codes and Grundy's game; {code} is played in Python "
                       "(drop --record)")
    for flag in ("keep", "record_dir", "fresh", "head", "window", "progress", "threads", "plot"):
        if getattr(args, flag) not in (None, False):
            raise NimError(f"--{flag.replace('_', '-')} is not for the code {code}, which is played in Python")
    if args.method == "plain":
        raise NimError(f"--method plain is the compiled kernel's yardstick; {code} is played in Python")
    heaps = args.upto if args.upto_given else min(args.upto, _PYTHON_HEAPS)
    if heaps > MAX_HEAP + 1:
        raise NimError(f"the code {code} is played in Python: --upto is at most {MAX_HEAP + 1:,} heaps, "
                       f"not {heaps:,}")
    import time

    started = time.perf_counter()
    # Nim (0.333...) reads as take 'any': G(n) = n, no table needed
    values = list(range(heaps)) if not isinstance(family, ExtendedCode) else \
        list(nim_sequence(rules, heaps, time_limit=args.time_limit))
    seconds = time.perf_counter() - started
    seen = observed_period(values)
    largest = max(values)
    if args.json:
        out = {"rules": str(rules), "code": code, "heaps": heaps, "largest": largest,
               "largest_at": values.index(largest), "proven": not isinstance(family, ExtendedCode),
               "observed": None if seen is None else {"start": seen[0], "period": seen[1], "saltus": seen[2]},
               "seconds": seconds, "first": values[:args.show]}
        sys.stdout.write(json.dumps(out) + "\n")
        return 0
    if seen is None:
        shown = f"none seen in {heaps:,} heaps"
    else:
        start, period, saltus = seen
        shown = (f"{period:,} from heap {start:,}" + (f", each period {saltus:+,} (arithmetic-periodic)" if saltus
                                                     else "") + f" (seen in {heaps:,} heaps, not proven)")
    rows = [("heaps computed", f"{heaps:,} (0 .. {heaps - 1:,}), in Python"),
            ("period", shown),
            ("theorem", "Nim: G(n) = n (a heap may go to any smaller one)" if not isinstance(family, ExtendedCode)
             else "none applies: the Octal Game Periodicity Theorem covers finite octal codes"),
            ("largest value", f"{largest:,} at heap {values.index(largest):,}"),
            ("time", f"{seconds:.3f} s")]
    sys.stdout.write(_table(f"octal game {code}: normal-play nim-sequence", rows, values, args.show, heaps))
    return 0


def run(args: argparse.Namespace) -> int:
    from nim.families.code_extensions import ExtendedCode
    from nim.takebreak.sequence import DEFAULT_MAX_HEAPS, octal_period

    rules = _rules(args.game)
    args.upto_given = args.upto is not None
    if args.upto is None:
        args.upto = DEFAULT_MAX_HEAPS
    if isinstance(rules.family, ExtendedCode) or str(rules) == "normal":
        return run_extended(args, rules)          # a code played in Python (or Nim's own, 0.333...)
    if args.record:
        return run_record(args, rules)
    for flag in ("keep", "record_dir", "fresh", "head", "window", "progress", "threads"):
        if getattr(args, flag) not in (None, False):
            raise NimError(f"--{flag.replace('_', '-')} is for record runs: add --record")
    if args.upto > _MOST_HEAPS:
        raise NimError(f"--upto {args.upto:,} is past {_MOST_HEAPS:,} heaps, which are kept in memory: "
                       "--record computes further in a window")
    if args.plot is not None:
        from nim.takebreak.plot import FORMATS

        if not args.plot.lower().endswith(FORMATS):
            raise NimError(f"--plot draws PNG or SVG: give a file ending .png or .svg, not {args.plot!r}")
    result = octal_period(rules, max_heaps=args.upto, method=args.method, time_limit=args.time_limit,
                          partial=True)
    if args.plot is not None:
        from nim.takebreak.plot import plot_sequence

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
    return _table(f"{title}: normal-play nim-sequence", rows, result.values, show, result.heaps)


def _table(title: str, rows: Sequence[Tuple[str, str]], values: Sequence[int] = (), show: int = 0,
           heaps: int = 0) -> str:
    """A report: its title, its rows aligned (name, value), then the first ``show`` values of
    the ``heaps`` computed when asked."""
    width = max(len(name) for name, _ in rows)
    lines = [title, ""] + [f"{name:<{width}}  {value}" for name, value in rows]
    if show:
        lines += ["", f"G(0 .. {min(show, heaps) - 1}): " + " ".join(map(str, values[:show]))]
    return "\n".join(lines) + "\n"


def run_record(args: argparse.Namespace, rules: Rules) -> int:
    """``--record``: the record engine (``nim.takebreak.record``)."""
    from nim.takebreak.record import DEFAULT_HEAD, DEFAULT_WINDOW, record_sequence

    if args.method != "auto" or args.plot is not None:
        raise NimError("--record computes by rare values and draws nothing: drop --method and --plot")
    head = args.head or DEFAULT_HEAD
    window = args.window or DEFAULT_WINDOW
    run = record_sequence(rules, args.upto, folder=args.record_dir, keep=args.keep, fresh=args.fresh,
                          head=head, window=window, block=min(window, 1 << 22), threads=args.threads,
                          checkpoint_every=args.checkpoint_every, progress=True if args.progress else None,
                          time_limit=args.time_limit)
    if args.json:
        out = run.to_dict()
        out["rules"] = str(rules)
        sys.stdout.write(json.dumps(out) + "\n")
    else:
        sys.stdout.write(format_record(run))
    if run.stopped is not None:
        said = {"time": "the time limit", "cancelled": "cancelled"}.get(run.stopped, run.stopped)
        sys.stderr.write(f"nimcore: stopped by {said} after {run.heaps:,} heaps (checkpointed in "
                         f"{run.folder}: the next --record run goes on from them)\n")
        return 3
    return 0


def format_record(run: Any) -> str:
    """A record run's report as text: the numbers, the rare heaps' count, the last frequency table."""
    title = "Grundy's game" if run.game == "grundy-game" else f"octal game {run.game}"
    resumed = f", {run.resumed_from:,} of them from the checkpoint" if run.resumed_from else ""
    rows = [("heaps computed", f"{run.heaps:,} (0 .. {run.heaps - 1:,}){resumed}"),
            ("largest value", f"{run.largest:,} at heap {run.largest_at:,}"),
            ("rare values", f"mask {run.mask:#x}: {len(run.rare):,} heaps rare"
                            + (f", the last at heap {run.rare[-1][0]:,}" if run.rare else "")),
            ("speed", f"{run.rate:,.0f} heaps/s ({run.seconds:.3f} s)"),
            ("memory", f"{run.memory / (1 << 20):.1f} MiB (head, window, rare heaps, tables)"),
            ("folder", str(run.folder) if run.folder is not None else "-")]
    lines = [_table(f"{title}: record run", rows).rstrip("\n")]
    powers = sorted(k for k in run.tables if k & (k - 1) == 0)
    if powers:
        top = powers[-1]
        table = run.tables[top]
        lines += ["", f"frequencies of the values of heaps 1 .. {top:,} (value: heaps):"]
        lines += ["  " + "  ".join(f"{v}:{table[v]}" for v in sorted(table)[i:i + 8])
                  for i in range(0, len(table), 8)]
    return "\n".join(lines) + "\n"
