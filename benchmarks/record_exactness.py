"""By hand, not in CI: the record engine's exactness at scale (issue 39).

    python benchmarks/record_exactness.py verify  [HEAPS]   # Grundy's game, NumPy verifier
    python benchmarks/record_exactness.py compare [HEAPS]   # record engine vs nimcore.octal
    python benchmarks/record_exactness.py rogalski DIR [HEAPS] [CODES]   # vs Rogalski's results/
    python benchmarks/record_exactness.py kept DIR [HEAPS]       # a run's kept values vs nimcore.octal
    python benchmarks/record_exactness.py plain [HEAPS] [OUTPUT]  # Grundy's game by the definition, in C

``verify``: the values of Grundy's game (nimcore.octal) checked heap by heap by the
independent NumPy verifier of tests/sequence_oracle_numpy.py (no shared code):
every value below G(n) is an option, G(n) is not (default 2**22 heaps).

``compare``: the record engine (head 2**20, window 2**22: the values leave memory
from 2**23 on; the values kept in a temporary folder, which Grundy's game's rare heaps
past 47 million need) against the kept-whole engine: the frequency table at every 2**k,
the rare heaps, and the values of the last window (default 2**26 heaps).

``kept``: the values a record run kept on disk (``--keep``, its folder DIR, e.g. the
background run of docs/records.md) against the kept-whole engine, value by value, block
by block (default 2**28 heaps): the record engine's own values, not a second run of it.

``plain``: Grundy's game by the definition, the plain mex over every split
(benchmarks/yardstick/plain_mex.c, no rare values, no code shared with nimcore; compiled here
with ``cc -O3 -march=native``), against nimcore.octal: the checksum of every value and the
frequency table at every 2**k (default 2**22 heaps: about five minutes of one core here; the
work grows as the square of the heaps). OUTPUT, when given, is a finished run's output, read
rather than run again.

``rogalski``: the record engine's frequency tables of 0.014, 0.034, 0.161, 0.167,
0.172 at every 2**k against M. Rogalski's published tables (his repository's
results/ folder, DIR/<code>/<2**k>, lines "value count", counts of heaps 1 .. 2**k);
CODES, comma-separated (e.g. 0.167), checks those only.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Dict, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def verify(heaps: int) -> None:
    import importlib

    oracle = importlib.import_module("sequence_oracle_numpy")     # tests/, put on the path above
    GRUNDY, check = oracle.GRUNDY, oracle.verify

    from nim.octal import nim_sequence

    started = time.monotonic()
    values = nim_sequence("grundy-game", heaps)
    computed = time.monotonic() - started
    bad = check(GRUNDY, values, 254)
    said = "every value holds" if bad is None else f"heap {bad:,} FAILS"
    print(f"grundy-game: {heaps:,} heaps computed in {computed:.1f} s, verified by NumPy in "
          f"{time.monotonic() - started - computed:.1f} s: {said}")


def compare(heaps: int) -> None:
    from nim.kernel import octal
    from nim.takebreak.record import record_sequence

    for game, args in (("grundy-game", ((), (), (0,), True, True)),):
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:    # kept values: heaps past 47 million need them
            run = record_sequence(game, heaps, folder=folder, keep=True)
        record_seconds = time.monotonic() - started
        whole = octal().OctalSequence(*args)
        started = time.monotonic()
        whole.extend(heaps)
        whole_seconds = time.monotonic() - started
        values = whole.values()
        counts: Counter[int] = Counter()
        ok = True
        k = 0
        for power in sorted(p for p in run.tables if p & (p - 1) == 0):
            counts.update(values[k + 1:power + 1])
            k = power
            ok &= run.tables[power] == dict(counts)
        mask = run.mask
        rare = [(a, values[a]) for a in range(1, heaps) if bin(values[a] & mask).count("1") % 2 == 0]
        print(f"{game}: {heaps:,} heaps; record engine {record_seconds:.1f} s, whole {whole_seconds:.1f} s; "
              f"tables at every 2**k {'equal' if ok else 'DIFFER'}; rare heaps "
              f"{'equal' if rare == run.rare else 'DIFFER'} ({len(rare):,}); memory {run.memory / 2**20:.1f} MiB "
              f"against {heaps * values.itemsize / 2**20:.0f} MiB")


def kept(folder: Path, heaps: int) -> None:
    from nim.kernel import octal
    from nim.takebreak import cache

    started = time.monotonic()
    whole = octal().OctalSequence((), (), (0,), True, True)     # Grundy's game, kept whole
    whole.extend(heaps)
    values = whole.values()
    whole_seconds = time.monotonic() - started
    compared = 0
    for path in sorted((folder / "blocks").glob("*.nimblk")):
        found = cache.read_block(path, "grundy-game")
        if found is None:
            raise SystemExit(f"{path}: the block fails its checks")
        first, block = found
        if first != compared:
            raise SystemExit(f"{path}: starts at heap {first:,}, not {compared:,}")
        end = min(first + len(block), heaps)
        if end <= first:
            break
        mine = list(block[:end - first])
        theirs = list(values[first:end])
        if mine != theirs:
            bad = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
            raise SystemExit(f"heap {first + bad:,}: kept {mine[bad]}, whole engine {theirs[bad]}: DIFFER")
        compared = end
        if compared >= heaps:
            break
    print(f"grundy-game: {compared:,} kept values of {folder} equal the kept-whole engine's "
          f"(whole engine {whole_seconds:.0f} s, compared in {time.monotonic() - started - whole_seconds:.0f} s)")


def plain(heaps: int, output: Optional[Path]) -> None:
    import subprocess

    import numpy as np

    from nim.octal import nim_sequence

    started = time.monotonic()
    if output is None:
        source = Path(__file__).resolve().parent / "yardstick" / "plain_mex.c"
        with tempfile.TemporaryDirectory() as folder:
            binary = Path(folder) / "plain_mex"
            subprocess.run(["cc", "-O3", "-march=native", "-o", str(binary), str(source)], check=True)
            text = subprocess.run([str(binary), str(heaps)], capture_output=True, text=True, check=True).stdout
    else:
        text = output.read_text()
    tables: Dict[int, Dict[int, int]] = {}
    said: Dict[str, str] = {}
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        if key == "table":
            size, _, pairs = rest.partition(":")
            tables[int(size)] = {int(v): int(c) for v, c in (pair.split(":") for pair in pairs.split())}
        else:
            said[key] = rest
    if int(said["heaps"]) != heaps:
        raise SystemExit(f"{output} is a run of {said['heaps']} heaps, not {heaps:,}")
    theirs = (int(said["checksum"].split()[0]), int(said["checksum"].split()[2]))
    plain_seconds = float(said["cpu_seconds"])
    values = nim_sequence("grundy-game", heaps)
    array = np.frombuffer(values, dtype=np.uint8 if values.itemsize == 1 else np.uint16).astype(np.uint64)
    mine = (int((array * np.arange(1, heaps + 1, dtype=np.uint64)).sum(dtype=np.uint64)),
            int(array.sum(dtype=np.uint64)))
    differ = [size for size, table in tables.items()
              if {v: int(c) for v, c in enumerate(np.bincount(array[1:size + 1])) if c} != table]
    if mine != theirs or differ:
        raise SystemExit(f"grundy-game to {heaps:,}: the plain mex DIFFERS (checksums {theirs} and {mine}; "
                         f"tables differ at {differ})")
    print(f"grundy-game: {heaps:,} heaps by the plain mex ({plain_seconds:.0f} s of CPU) equal nimcore.octal's: "
          f"the checksum {mine[0]:,} and the tables at {len(tables)} powers of 2 "
          f"(in {time.monotonic() - started:.0f} s of wall time)")


_OPEN_GAMES = ("0.014", "0.034", "0.161", "0.167", "0.172")


def rogalski(folder: Path, heaps: int, codes: "tuple[str, ...]" = _OPEN_GAMES) -> None:
    """Each game's frequency table at every 2**k up to ``heaps`` against his, printed as each
    is reached: the run goes on a power of 2 at a time, resumed from its checkpoint in a
    scratch folder."""
    import tempfile

    from nim.takebreak.record import record_sequence

    for code in codes:
        started = time.monotonic()
        same = differ = 0
        compared: "set[int]" = set()
        with tempfile.TemporaryDirectory() as scratch:
            reach = 1 << 20
            while True:
                reach = min(reach, heaps)
                run = record_sequence(f"octal={code}", reach + 1, folder=scratch)
                for power, table in sorted(run.tables.items()):
                    path = folder / code / str(power)
                    if power in compared or power & (power - 1) or not path.exists():
                        continue
                    compared.add(power)
                    theirs: Dict[int, int] = {}
                    for line in path.read_text().split("\n"):
                        if line.strip():
                            value, count = line.split()
                            if int(count):
                                theirs[int(value)] = int(count)
                    if theirs == table:
                        same += 1
                    else:
                        differ += 1
                    if power >= 1 << 20:
                        print(f"  {code} at 2**{power.bit_length() - 1}: "
                              f"{'equal' if theirs == table else 'DIFFERS'} "
                              f"({time.monotonic() - started:.0f} s)", flush=True)
                if reach >= heaps:
                    break
                reach *= 2
        print(f"{code}: {heaps:,} heaps in {time.monotonic() - started:.1f} s; {same} of {same + differ} "
              f"published tables up to 2**{heaps.bit_length() - 1} equal", flush=True)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "verify"
    if what == "verify":
        verify(int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 22)
    elif what == "compare":
        compare(int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 26)
    elif what == "kept":
        kept(Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1 << 28)
    elif what == "plain":
        plain(int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 22, Path(sys.argv[3]) if len(sys.argv) > 3 else None)
    elif what == "rogalski":
        rogalski(Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1 << 24,
                 *([tuple(sys.argv[4].split(","))] if len(sys.argv) > 4 else []))
    else:
        sys.exit(f"unknown check {what!r}: verify, compare, kept, plain or rogalski")
