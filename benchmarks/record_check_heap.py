"""Check heaps of a Grundy's game record run by the definition, from its kept block files.

    python benchmarks/record_check_heap.py FOLDER HEAP [HEAP ...]
    python benchmarks/record_check_heap.py FOLDER --largest

FOLDER is a run's ``--record-dir`` (the run kept its values: ``--keep``). ``--largest`` takes the
heap where the run's largest value first came, from its checkpoint's header line. For each HEAP the
script reads every kept value below it and computes

    G(n) = mex { G(a) ^ G(n - a) : 1 <= a < n - a }

over all the splits, then compares it with the value the run stored for n. It shares no code
with nimcore: the block files are parsed here with NumPy from the format that
``nim.takebreak.cache.write_block`` documents (a JSON header line, then one byte a heap, the
offsets and values of the heaps past 255 after them, or two bytes a heap; little-endian), and
each file's SHA-256 is checked. A split is one NumPy XOR; G(21,544,358,589), 10,772,179,294
splits, took 148 s on the 2-core machine of docs/records.md.

Exit status 0 when every heap agrees, 1 when one disagrees or a block is missing or damaged.
Only Grundy's game: an octal game has other moves (take and leave one heap) this mex leaves out.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections import OrderedDict
from pathlib import Path

import numpy as np

_FORMAT = "nimcore-block-1"
_HELD = 8                      # blocks held at once (8 MiB each at 4,194,304 heaps)


class Blocks:
    """The kept values of one run, read block by block (a few held) and checked."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / "blocks"
        first = sorted(self.folder.glob("*.nimblk"))
        if not first:
            raise SystemExit(f"no kept blocks in {self.folder} (was the run started with --keep?)")
        meta = self._header(first[0])
        self.size = int(meta["heaps"])
        self._held: "OrderedDict[int, np.ndarray]" = OrderedDict()

    @staticmethod
    def _header(path: Path) -> "dict[str, object]":
        with open(path, "rb") as stored:
            meta = json.loads(stored.readline())
        if meta.get("format") != _FORMAT or meta.get("game") != "grundy-game":
            raise SystemExit(f"{path}: not a kept block of Grundy's game ({meta.get('format')}, {meta.get('game')})")
        return dict(meta)

    def block(self, first: int) -> np.ndarray:
        """G(first .. first + size - 1) as uint16 (fewer in a run's last block), from the block
        file at ``first``."""
        if first in self._held:
            self._held.move_to_end(first)
            return self._held[first]
        path = self.folder / f"{first:015d}.nimblk"
        if not path.exists():
            raise LookupError(f"the kept block at heap {first:,} is missing ({path})")
        with open(path, "rb") as stored:
            meta = json.loads(stored.readline())
            data = stored.read()
        if hashlib.sha256(data).hexdigest() != meta["sha256"]:
            raise LookupError(f"{path} fails its SHA-256")
        if meta["first"] != first or not 0 < meta["heaps"] <= self.size:     # the last may be short
            raise LookupError(f"{path} holds heaps {meta['first']:,} + {meta['heaps']:,}, "
                              f"not {first:,} + {self.size:,}")
        heaps, high = int(meta["heaps"]), int(meta.get("high", 0))
        if meta["itemsize"] == 2:
            values = np.frombuffer(data, dtype="<u2").astype(np.uint16)
        else:
            values = np.frombuffer(data[:heaps], dtype=np.uint8).astype(np.uint16)
            if high:
                offsets = np.frombuffer(data[heaps:heaps + 4 * high], dtype="<u4")
                wide = np.frombuffer(data[heaps + 4 * high:], dtype="<u2")
                if np.any(wide & 0xFF != values[offsets]):
                    raise LookupError(f"{path}: a wide value's low byte is not the one kept")
                values[offsets] = wide
        if len(values) != heaps:
            raise LookupError(f"{path} holds {len(values):,} values, not {heaps:,}")
        self._held[first] = values
        if len(self._held) > _HELD:
            self._held.popitem(last=False)
        return values

    def values(self, x: int, y: int) -> np.ndarray:
        """G(x .. y - 1), across block boundaries."""
        parts = []
        while x < y:
            first = x - x % self.size
            upto = min(y, first + self.size)
            block = self.block(first)
            if upto - first > len(block):
                raise LookupError(f"heap {first + len(block):,} is past the kept values")
            parts.append(block[x - first:upto - first])
            x = upto
        return parts[0] if len(parts) == 1 else np.concatenate(parts)


def grundy_by_definition(blocks: Blocks, n: int) -> "tuple[int, int]":
    """(mex over every split of heap n into two unequal heaps, the number of splits)."""
    seen = np.zeros((1 << 16) + 1, dtype=bool)   # XORs of two values below 2**16; the last never set
    half = (n - 1) // 2                          # the largest smaller part
    a = 1
    while a <= half:
        upto = min(half + 1, a - a % blocks.size + blocks.size)
        low = blocks.values(a, upto)                         # G(a .. upto - 1)
        high = blocks.values(n - upto + 1, n - a + 1)[::-1]  # G(n - a), G(n - a - 1), ...
        seen[low ^ high] = True
        a = upto
    return int(np.argmin(seen)), max(half, 0)


def main(argv: "list[str]") -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    if argv[1:] == ["--largest"]:
        try:
            with open(Path(argv[0]) / "checkpoint.nimrec", "rb") as stored:
                header = json.loads(stored.readline())
            argv = [argv[0], str(int(header["largest_at"]))]
        except (OSError, ValueError, KeyError) as error:
            print(f"no checkpoint header with the largest value's heap in {argv[0]}: {error}", file=sys.stderr)
            return 2
    try:
        heaps = [int(text.replace(",", "").replace("_", "")) for text in argv[1:]]
    except ValueError:
        print(f"a heap is a whole number (1,000 and 1_000 are read too), not {argv[1:]}", file=sys.stderr)
        return 2
    if min(heaps) < 0:
        print("a heap is 0 or more", file=sys.stderr)
        return 2
    blocks = Blocks(Path(argv[0]))
    status = 0
    for n in heaps:
        start = time.perf_counter()
        try:
            stored = int(blocks.values(n, n + 1)[0])
            value, splits = grundy_by_definition(blocks, n)
        except LookupError as error:
            print(f"G({n:,}): cannot check: {error}")
            status = 1
            continue
        verdict = "agrees with" if value == stored else "DISAGREES with"
        print(f"G({n:,}) = {value} by the definition over {splits:,} splits; {verdict} the stored "
              f"{stored} ({time.perf_counter() - start:.1f} s)")
        status |= value != stored
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
