"""By hand, not in CI: prove the period of the octal game 0.1777.

    python benchmarks/octal_0_1777.py [MAX_HEAPS]

0.1777 has period 60,620,715 after a pre-period of about 1.6 * 10**8
(Flammenkamp's tables), so the theorem needs about 2 * 1.6e8 + 2 * 6.1e7 + 4
= 4.4 * 10**8 heaps: one byte each, with the period looked for in constant
memory past nimcore.octal.HASHED_FROM heaps. Progress is shown on stderr;
the peak resident size is printed at the end (target: under 10 minutes, 1 GB).
"""

from __future__ import annotations

import resource
import sys
import time

import nim


def main() -> None:
    max_heaps = int(sys.argv[1]) if len(sys.argv) > 1 else 600_000_000
    started = time.monotonic()
    found = nim.octal.octal_period("octal=0.1777", max_heaps=max_heaps, progress=True)
    seconds = time.monotonic() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(found)
    for key, value in found.to_dict().items():
        print(f"{key:>15}: {value}")
    print(f"{'wall seconds':>15}: {seconds:.1f}")
    print(f"{'peak MB':>15}: {peak_mb:.0f}  ({peak_mb * 2**20 / found.heaps:.2f} bytes a heap)")


if __name__ == "__main__":
    main()
