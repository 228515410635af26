"""Independent NumPy oracles for nim-sequences (issue 39): they share no code with nimcore.

``plain_mex(game, n)`` computes G(0 .. n - 1) by the definition: the mex of every
option, every split of every heap (O(n**2) work: to about 2**16 heaps in a test).

``verify(game, values, mask)`` checks a claimed sequence heap by heap, in O(rare
heaps) vectorised work a heap, so it reaches 2**22 heaps and more:

- every value below G(n) is an option: a witness is found among the first
  splits, else among all of them;
- G(n) itself is not an option. Parity of popcount is additive under XOR, so
  with any mask M a split's value x = G(a) ^ G(b) has parity(x & M) =
  parity(G(a) & M) ^ parity(G(b) & M): when parity(G(n) & M) is odd, only a
  split with exactly one part of even parity can reach G(n), and those are
  checked by pairing every such heap a with m - a. When it is even, every
  split is checked.

A game is ``(takes_all, leaves, splits, unequal)``: the places of bits 1, 2, 4 of an
octal code, and True for Grundy's game (the two parts must differ).
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

import numpy as np

Game = Tuple[Sequence[int], Sequence[int], Sequence[int], bool]

GRUNDY: Game = ((), (), (0,), True)


def octal_game(code: str) -> Game:
    """The game of an octal code '0.d1d2...' (read here, not by nim): digit d_k's bit 1 takes
    k from a heap of k, bit 2 takes k and leaves one heap, bit 4 leaves two."""
    assert code.startswith("0."), code
    digits = [int(c) for c in code[2:]]
    takes_all = [k + 1 for k, d in enumerate(digits) if d & 1]
    leaves = [k + 1 for k, d in enumerate(digits) if d & 2]
    splits = [k + 1 for k, d in enumerate(digits) if d & 4]
    return takes_all, leaves, splits, False


def _split_values(g: np.ndarray, m: int, unequal: bool) -> np.ndarray:
    """Every G(a) ^ G(m - a), 1 <= a <= m - a (a < m - a when unequal)."""
    half = (m - 1) // 2 if unequal else m // 2
    if half < 1:
        return np.empty(0, dtype=np.int64)
    values: np.ndarray = (g[1:half + 1] ^ g[m - 1:m - half - 1:-1]).astype(np.int64)
    return values


def _options(g: np.ndarray, n: int, game: Game) -> np.ndarray:
    takes_all, leaves, splits, unequal = game
    parts = [np.array([0 for k in takes_all if k == n], dtype=np.int64),
             np.array([g[n - k] for k in leaves if n > k], dtype=np.int64)]
    parts += [_split_values(g, n - k, unequal) for k in splits if n - k >= 2]
    return np.concatenate(parts)


def _mex(options: np.ndarray) -> int:
    if options.size == 0:
        return 0
    seen = np.zeros(int(options.max()) + 2, dtype=bool)
    seen[options] = True
    return int(np.argmin(seen))


def plain_mex(game: Game, count: int) -> np.ndarray:
    """G(0 .. count - 1) by the definition."""
    g = np.zeros(count, dtype=np.int64)
    for n in range(count):
        g[n] = _mex(_options(g, n, game))
    return g


def verify(game: Game, values: Sequence[int], mask: int) -> Optional[int]:
    """The first heap whose claimed value is not the mex of its options, or None when all are."""
    takes_all, leaves, splits, unequal = game
    g = np.asarray(values, dtype=np.int64)
    parity = np.zeros(g.size, dtype=np.int64)
    bits = g & mask
    while bits.any():
        parity ^= bits & 1
        bits >>= 1
    even = np.flatnonzero(parity == 0)
    even = even[even >= 1]
    for n in range(g.size):
        v = int(g[n])
        # every value below v is an option: witnesses among the first 4,096 splits, then the
        # first 65,536, then all of them
        present = np.zeros(v + 1, dtype=bool)
        for first in (4096, 65536, None):
            small = [np.array([0 for k in takes_all if k == n], dtype=np.int64),
                     np.array([g[n - k] for k in leaves if n > k], dtype=np.int64)]
            for k in splits:
                m = n - k
                if m < 2:
                    continue
                half = (m - 1) // 2 if unequal else m // 2
                if first is not None:
                    half = min(half, first)
                small.append(g[1:half + 1] ^ g[m - 1:m - half - 1:-1])
            found = np.concatenate(small)
            present[found[found <= v]] = True
            if not v or present[:v].all():
                break
        if v and not present[:v].all():
            return n
        # v itself is not an option
        if v in [0 for k in takes_all if k == n] or any(n > k and g[n - k] == v for k in leaves):
            return n
        if parity[n] == 1:
            for k in splits:
                m = n - k
                if m < 2:
                    continue
                a = even[even < m]
                if unequal:
                    a = a[2 * a != m]
                if a.size and ((g[a] ^ g[m - a]) == v).any():
                    return n
        elif (_options(g, n, game) == v).any():
            return n
    return None
