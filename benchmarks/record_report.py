"""Print a record run's findings as Markdown, from its checkpoint (for docs/records.md).

    python benchmarks/record_report.py FOLDER [GAME]

The heaps reached, the rare heaps past 82,860 (Grundy's game's last small one),
the frequency table of heaps 1 .. 2**k at every power of two from 2**20 on,
one line a table ("value:count" pairs).
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from nim.takebreak.cache import read_checkpoint


def main() -> None:
    folder = Path(sys.argv[1])
    game = sys.argv[2] if len(sys.argv) > 2 else "grundy-game"
    found = read_checkpoint(folder, game)
    if found is None:
        sys.exit(f"no checkpoint of {game} in {folder}")
    meta, sections = found
    count = len(sections["rare"]) // 8
    heaps = struct.unpack(f"<{count}Q", sections["rare"])
    values = struct.unpack(f"<{count}H", sections["rare_values"])
    print(f"- heaps computed: {meta['n']:,} (0 .. {meta['n'] - 1:,}); mask {meta['mask']:#x}; "
          f"largest value {meta['largest']} (first at heap {meta['largest_at']:,})")
    print(f"- rare heaps (heaps 1 .. n - 1): {count:,}, the last at {heaps[-1]:,}; heaps proven from the "
          f"kept values: {meta['deeps']:,}; window {meta['window']:,} heaps")
    far = [(h, v) for h, v in zip(heaps, values) if h > 82_860]
    print(f"- rare heaps past 82,860 ({len(far)}): " + ", ".join(f"G({h:,}) = {v}" for h, v in far))
    print()
    for k, table in sorted(((int(k), t) for k, t in meta["tables"].items()), key=lambda kt: kt[0]):
        if k < 1 << 20 or k & (k - 1):
            continue
        pairs = " ".join(f"{v}:{c}" for v, c in sorted(((int(v), c) for v, c in table.items())))
        print(f"2**{k.bit_length() - 1} ({k:,} heaps): {pairs}")
        print()


if __name__ == "__main__":
    main()
