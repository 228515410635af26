"""By hand, not in CI: the record engine's speed as ratios in one run (issue 39).

    python benchmarks/record_speed.py [GRUNDY_HEAPS] [OCTAL_HEAPS] [--old DIR] [--rogalski DIR] [--octal CODE]
        # default 2**22 heaps of Grundy's game, 2**26 of the octal game CODE (default 0.167)

``--old DIR`` also runs the record engine (one thread) of another build of the compiled core
(DIR holds its ``nimcore`` package, e.g. the build before a change) in a child process, right
before this build's, and gives the ratio of their CPU seconds: the two in the same run, on the
same load. Their tables at every 2**k must be equal.

Each game (Grundy's game; the octal game, 0.167 unless ``--octal`` names another) is computed,
one after the other in the same run, by:

- today's engine, nimcore.octal.OctalSequence (every value held, the scan for rare values
  from both ends of the splits);
- the record engine, nimcore.records (head 2**20, window 2**22), on one thread and on two
  (``threads=2``: a helper thread prepares each block's far pairings; the CPU seconds of each
  thread are given: on a machine whose other core is busy the wall time is their sum, on an
  idle one about the larger);
- the yardstick, benchmarks/yardstick/rare_values.c (the rare-values method in plain C, one
  thread, every value held), compiled here with ``cc -O2`` when a C compiler exists;
- with ``--rogalski DIR`` (a copy of M. Rogalski's repository,
  github.com/rogalski-wmii-uni-lodz-pl/octal), for the octal game only: his program (Rust), built
  here in a temporary folder with ``cargo build --release --offline``. His crates are not
  vendored and cargo has no registry here, so it builds against Debian's packaged crates
  (``apt-get install librust-serde-dev librust-serde-derive-dev librust-serde-json-dev
  librust-glob-dev librust-cfg-if-dev``, found in /usr/share/cargo/registry) with two changes
  said in full: the ``bitvec`` crate, which Debian does not package, is replaced by
  benchmarks/yardstick/rogalski_bitvec (the calls his program makes, over packed u64 words), and
  so the one line that takes a prefix, ``self.bits[0..x].to_owned()``, calls the shim's
  ``prefix(x)``; ``phf``, used only by his tests, is dropped, and the versions asked of glob,
  serde and serde_json are relaxed to Debian's. His algorithm is untouched. His program prints
  the frequencies at every N = 2**k; with heap 0 taken out they are compared with the record
  engine's (heaps 1 .. N). (At N = 2**k below the heaps asked for he counts
  heaps 0 .. N; his last table, at the heaps asked for, counts heaps 0 .. N - 1 and is not
  compared.)

Every engine must give the same values: the frequency tables at every 2**k (record engines,
yardstick) and a checksum of every value (today's engine, yardstick: sum of G(i) * (i + 1) mod
2**64) are compared, and the run stops if one differs. Times are wall seconds and CPU seconds
of the process (the yardstick's own clock()); on a shared machine the CPU seconds measure the
engine, the wall seconds the neighbours too.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import numpy as np

from nim.kernel import octal, records
from nim.takebreak.sequence import game_places
from nim.rules import Rules

YARDSTICK = Path(__file__).resolve().parent / "yardstick" / "rare_values.c"
Tables = Dict[int, Dict[int, int]]


def _checksum(values: Any) -> Tuple[int, int]:
    array = np.frombuffer(values, dtype=np.uint8 if values.itemsize == 1 else np.uint16).astype(np.uint64)
    weighted = int((array * np.arange(1, len(array) + 1, dtype=np.uint64)).sum(dtype=np.uint64))
    return weighted, int(array.sum(dtype=np.uint64))


def _whole(args: Tuple[Any, ...], heaps: int) -> Tuple[float, float, Tuple[int, int]]:
    wall, cpu = time.perf_counter(), time.process_time()
    sequence = octal().OctalSequence(*args, True)
    sequence.extend(heaps)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return wall, cpu, _checksum(sequence.values())


def _record(args: Tuple[Any, ...], heaps: int, threads: int) -> Tuple[float, float, Tables, Any, float]:
    """Wall and CPU seconds, the tables, the engine, and the CPU seconds past heap 2**20 (the
    head: two threads from there on)."""
    wall, cpu = time.perf_counter(), time.process_time()
    engine = records().RecordSequence(*args, 1 << 20, 1 << 22, threads)
    tables: Tables = {}
    past_head = cpu
    while len(engine) < heaps:
        n = len(engine)
        end = min(heaps, (1 << (n - 1).bit_length()) + 1) if n else 1
        if engine.run(end, 1 << 40) != records().OK:
            raise RuntimeError(f"the record engine stopped at heap {len(engine):,}")
        n = len(engine)
        if n == (1 << 20) + 1:
            past_head = time.process_time()
        if n >= 2 and (n - 1) & (n - 2) == 0:
            tables[n - 1] = engine.histogram()
    now = time.process_time()
    return time.perf_counter() - wall, now - cpu, tables, engine, now - past_head


def _old_record(old: Path, name: str, heaps: int) -> Tuple[float, float, Tables, float]:
    """``_record`` on one thread with the compiled core in ``old`` (a child process)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(old), *sys.path]))
    out = subprocess.run([sys.executable, __file__, "--record-only", name, str(heaps)], env=env,
                         capture_output=True, text=True, check=True).stdout
    got = json.loads(out)
    tables = {int(k): {int(v): c for v, c in t.items()} for k, t in got["tables"].items()}
    return got["wall"], got["cpu"], tables, got["past"]


def _record_only(name: str, heaps: int) -> None:
    """The child of ``_old_record``: one thread, its figures and tables as JSON."""
    _, takes_all, leaves, splits, grundy_game = game_places(Rules.coerce(name))
    wall, cpu, tables, _, past = _record((takes_all, leaves, splits, grundy_game), heaps, 1)
    print(json.dumps({"wall": wall, "cpu": cpu, "past": past, "tables": tables}))


def _yardstick(binary: Path, game: str, heaps: int) -> Tuple[float, float, Tables, Tuple[int, int]]:
    wall = time.perf_counter()
    out = subprocess.run([str(binary), "grundy" if game == "grundy-game" else game.split("=")[1], str(heaps)],
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - wall
    tables: Tables = {}
    checksum = (0, 0)
    cpu = 0.0
    for line in out.splitlines():
        if line.startswith("table "):
            head, _, rest = line.partition(":")
            tables[int(head.split()[1])] = {int(v): int(c) for v, c in (pair.split(":") for pair in rest.split())}
        elif line.startswith("checksum "):
            parts = line.split()
            checksum = (int(parts[1]), int(parts[3]))
        elif line.startswith("cpu_seconds "):
            cpu = float(line.split()[1])
    return wall, cpu, tables, checksum


def _compile(folder: Path) -> Optional[Path]:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return None
    binary = folder / "rare_values"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(YARDSTICK)], check=True)
    return binary


def _build_rogalski(repository: Path, folder: Path) -> Optional[Path]:
    """M. Rogalski's program built from ``repository`` in ``folder``, or None with the reason
    printed (no cargo, or Debian's crates missing)."""
    if not (repository / "Cargo.toml").is_file() or not (repository / "src" / "octal.rs").is_file():
        print(f"Rogalski's program is left out: {repository} is not a copy of his repository "
              "(no Cargo.toml and src/octal.rs there)")
        return None
    cargo = shutil.which("cargo")
    registry = Path("/usr/share/cargo/registry")
    needed = ("serde-1", "serde_derive-1", "serde_json-1", "glob-0.3", "cfg-if-1")
    missing = [crate for crate in needed if not any(registry.glob(f"{crate}*"))]
    if cargo is None or missing:
        print(f"Rogalski's program is left out: {'no cargo' if cargo is None else ''}"
              f"{' and ' if cargo is None and missing else ''}"
              f"{'Debian crates missing from ' + str(registry) + ': ' + ', '.join(missing) if missing else ''}")
        return None
    source = folder / "octal"
    shutil.copytree(repository, source, ignore=shutil.ignore_patterns(".git", "results", "target"))
    shutil.copytree(YARDSTICK.parent / "rogalski_bitvec", folder / "bitvec")
    manifest = (source / "Cargo.toml").read_text()
    manifest = manifest.replace('bitvec = "1"', 'bitvec = { path = "../bitvec" }')
    manifest = re.sub(r'^phf = .*\n', "", manifest, flags=re.M)
    manifest = re.sub(r'^(glob|serde_json) = "[^"]*"', r'\1 = "*"', manifest, flags=re.M)
    manifest = re.sub(r'^serde = \{ version = "[^"]*"', 'serde = { version = "1"', manifest, flags=re.M)
    (source / "Cargo.toml").write_text(manifest)
    code = source / "src" / "octal.rs"
    text = code.read_text()
    if "self.bits[0..x].to_owned()" not in text:
        print("Rogalski's program is left out: src/octal.rs is not the version this benchmark knows")
        return None
    code.write_text(text.replace("self.bits[0..x].to_owned()", "self.bits.prefix(x)"))
    (source / ".cargo").mkdir()
    (source / ".cargo" / "config.toml").write_text(
        '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n')
    built = subprocess.run([cargo, "build", "--release", "--offline", "--bin", "octal"], cwd=source,
                           capture_output=True, text=True)
    if built.returncode:
        print("Rogalski's program is left out: cargo build failed:\n" + built.stderr[-2000:])
        return None
    return source / "target" / "release" / "octal"


def _rogalski(binary: Path, code: str, heaps: int) -> Tuple[float, float, Tables]:
    """His program on ``code`` to ``heaps`` heaps (every value held): wall and CPU seconds (the
    child's, from the kernel), and his frequency tables (heaps 0 .. N - 1) at every N = 2**k."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:     # he writes no file without a tail; in case
        out = subprocess.run([str(binary), code, str(heaps)], cwd=folder, capture_output=True,
                             text=True, check=True).stdout
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    tables: Tables = {}
    for size, table in re.findall(r"^(\d+) freqs after [^\n]*\n(\[.*?\n\])", out, flags=re.S | re.M):
        tables[int(size)] = {entry["nimber"]: entry["frequency"] for entry in json.loads(table)
                             if entry["frequency"]}
    return wall, cpu, tables


def _without_heap_0(table: Dict[int, int]) -> Dict[int, int]:
    """One of his tables (heaps 0 .. N) as the record engine's (heaps 1 .. N): G(0) = 0 out."""
    moved = dict(table)
    moved[0] -= 1
    return {value: count for value, count in moved.items() if count}


def _line(label: str, wall: float, cpu: float, heaps: int, extra: str = "") -> str:
    return (f"  {label:<26} {wall:8.2f} s wall {cpu:8.2f} s CPU ({cpu / heaps * 1e6:.3f} us a heap){extra}")


def main() -> None:
    args_ = sys.argv[1:]
    if args_[:1] == ["--record-only"]:
        _record_only(args_[1], int(args_[2]))
        return
    old: Optional[Path] = None
    if "--old" in args_:
        at = args_.index("--old")
        old = Path(args_[at + 1]).resolve()
        del args_[at:at + 2]
    code = "0.167"
    if "--octal" in args_:
        at = args_.index("--octal")
        code = args_[at + 1]
        del args_[at:at + 2]
    his: Optional[Path] = None
    if "--rogalski" in args_:
        at = args_.index("--rogalski")
        his = Path(args_[at + 1]).resolve()
        del args_[at:at + 2]
    grundy = int(args_[0]) if len(args_) > 0 else 1 << 22
    octal_heaps = int(args_[1]) if len(args_) > 1 else 1 << 26
    with tempfile.TemporaryDirectory() as folder:
        binary = _compile(Path(folder))
        if binary is None:
            print("no C compiler (cc, gcc, clang): the yardstick is left out")
        rogalski = _build_rogalski(his, Path(folder) / "rogalski") if his is not None else None
        lanes = records().vector_lanes() or "none: one heap at a time"
        print(f"the record engine's small-values blocks use vector lanes: {lanes} (NIMCORE_RECORD_VECTORS)")
        for name, heaps in (("grundy-game", grundy), (f"octal={code}", octal_heaps)):
            _, takes_all, leaves, splits, grundy_game = game_places(Rules.coerce(name))
            args = (takes_all, leaves, splits, grundy_game)
            print(f"{name} to {heaps:,} heaps:")
            w_wall, w_cpu, w_sum = _whole(args, heaps)
            print(_line("today's engine (whole)", w_wall, w_cpu, heaps))
            if old is not None:
                o_wall, o_cpu, o_tables, o_past = _old_record(old, name, heaps)
                print(_line(f"record engine of {old.name}, 1", o_wall, o_cpu, heaps,
                            f"; past 2**20: {o_past:.2f} s of CPU"))
            one_wall, one_cpu, one_tables, _, one_past = _record(args, heaps, 1)
            print(_line("record engine, 1 thread", one_wall, one_cpu, heaps,
                        f"; past 2**20: {one_past:.2f} s of CPU"))
            if old is not None:
                if o_tables != one_tables:
                    sys.exit(f"  the record engines of {old} and of this build DIFFER")
                print(f"  ratios: {old.name} / this build (record engine, 1 thread) {o_cpu / one_cpu:.2f} CPU"
                      + (f", past 2**20 {o_past / one_past:.2f} CPU" if one_past > 0 else "")
                      + "; the same tables at every 2**k")
            two_wall, two_cpu, two_tables, engine, _ = _record(args, heaps, 2)
            finishing, helper = engine.thread_seconds
            if helper > 0:
                print(_line("record engine, 2 threads", two_wall, two_cpu, heaps,
                            f"; past 2**20: finishing thread {finishing:.2f} s, helper {helper:.2f} s of CPU: "
                            f"{one_past / max(finishing, helper):.2f} times one thread there on two free cores"))
            else:
                why = ("with AVX-512 the blocks on one thread are faster" if records().vector_lanes() == "avx512"
                       else "too few rare heaps past the first block to share")
                print(_line("record engine, 2 threads", two_wall, two_cpu, heaps, f" (one thread: {why})"))
            if two_tables != one_tables:
                sys.exit("  the two record engines' tables DIFFER")
            print(f"  ratios: today / record (1 thread) {w_cpu / one_cpu:.2f} CPU, {w_wall / one_wall:.2f} wall; "
                  f"1 thread / 2 threads {one_wall / two_wall:.2f} wall")
            if binary is not None:
                y_wall, y_cpu, y_tables, y_sum = _yardstick(binary, name, heaps)
                print(_line("yardstick (C, 1 thread)", y_wall, y_cpu, heaps))
                same_tables = all(y_tables.get(k) == t for k, t in one_tables.items() if k & (k - 1) == 0)
                if not same_tables or y_sum != w_sum:
                    sys.exit(f"  the yardstick's values DIFFER (tables equal: {same_tables}, checksums "
                             f"{y_sum} and {w_sum})")
                print(f"  same values: the tables at every 2**k and the checksum {w_sum[0]} are equal")
                print(f"  ratios: yardstick / record (1 thread) {y_cpu / one_cpu:.2f} CPU, "
                      f"{y_wall / one_wall:.2f} wall; yardstick / record (2 threads) {y_wall / two_wall:.2f} wall")
            if rogalski is not None and name.startswith("octal="):
                r_wall, r_cpu, r_tables = _rogalski(rogalski, name.split("=")[1], heaps)
                print(_line("Rogalski's program (Rust)", r_wall, r_cpu, heaps))
                compared = [size for size in one_tables if size in r_tables and size < heaps]
                differ = [size for size in compared if _without_heap_0(r_tables[size]) != one_tables[size]]
                if differ or not compared:
                    sys.exit(f"  Rogalski's tables DIFFER at {differ}" if differ else "  no table to compare")
                first, last = min(compared).bit_length() - 1, max(compared).bit_length() - 1
                print(f"  same values: his tables at {len(compared)} powers of 2 (2**{first} .. 2**{last}) "
                      "equal the record engine's")
                print(f"  ratios: Rogalski / record (1 thread) {r_cpu / one_cpu:.2f} CPU, "
                      f"{r_wall / one_wall:.2f} wall; Rogalski / today's engine {r_cpu / w_cpu:.2f} CPU")


if __name__ == "__main__":
    main()
