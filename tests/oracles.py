"""Independent oracles for the tests: written from SPEC section 2 alone, sharing
no code with the package (their own move rules, brute force and closed forms)."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator, List, Tuple

#: One rule string per take rule and convention, as the package parses them.
RULE_STRINGS = [
    "normal", "misere",
    "normal,max=2", "misere,max=3",
    "normal,half", "misere,half",
    "normal,set=1;3;4", "misere,set=2;3",
]


def parse(rule: str) -> Tuple[bool, str, Tuple[int, ...]]:
    convention, _, take = rule.partition(",")
    misere = convention == "misere"
    if not take:
        return misere, "any", ()
    if take == "half":
        return misere, "half", ()
    name, _, value = take.partition("=")
    if name == "max":
        return misere, "max", (int(value),)
    return misere, "set", tuple(int(v) for v in value.split(";"))


def takes(rule: str, n: int) -> List[int]:
    """Legal takes from a pile of n, largest first (SPEC 2 and 3.1)."""
    _, take, args = parse(rule)
    if take == "any":
        allowed = range(1, n + 1)
    elif take == "max":
        allowed = range(1, min(args[0], n) + 1)
    elif take == "half":
        allowed = range(1, n // 2 + 1)
    else:
        allowed = [s for s in args if s <= n]
    return sorted(allowed, reverse=True)


def moves(rule: str, piles: Tuple[int, ...]) -> Iterator[Tuple[Tuple[int, int], Tuple[int, ...]]]:
    for i, p in enumerate(piles):
        for t in takes(rule, p):
            yield (i, t), piles[:i] + (p - t,) + piles[i + 1:]


@lru_cache(maxsize=None)
def _value(rule: str, key: Tuple[int, ...]) -> int:
    results = [-_value(rule, tuple(sorted(child))) for _, child in moves(rule, key)]
    if not results:
        return 1 if parse(rule)[0] else -1
    return max(results)


def value(rule: str, piles) -> int:
    """+1 if the mover wins, by memoised brute force."""
    return _value(rule, tuple(sorted(piles)))


@lru_cache(maxsize=None)
def grundy(rule: str, n: int) -> int:
    """Single-pile Grundy value by the mex definition (normal play)."""
    seen = {grundy(rule, n - t) for t in takes(rule, n)}
    g = 0
    while g in seen:
        g += 1
    return g


def bouton_misere_wins(piles) -> bool:
    """Bouton's misère rule, `any` take rule."""
    if all(p <= 1 for p in piles):
        return sum(piles) % 2 == 0
    x = 0
    for p in piles:
        x ^= p
    return x != 0


def closed_form_grundy(rule: str, n: int) -> int:
    """SPEC 2's closed forms (not for `set`)."""
    _, take, args = parse(rule)
    if take == "any":
        return n
    if take == "max":
        return n % (args[0] + 1)
    if take == "half":
        while n % 2 == 1:
            n //= 2
        return n // 2
    raise ValueError(rule)


def grundy_sequence(rule: str, upto: int) -> List[int]:
    """Grundy values 0..upto by an iterative mex DP (no recursion limit)."""
    g: List[int] = []
    for n in range(upto + 1):
        seen = {g[n - t] for t in takes(rule, n)}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


# ------------------------------------------------- subtraction sets of any size

def mex_table(members, upto: int, known=None):
    """Grundy values 0 .. upto under `set members` by the mex definition, as a
    NumPy array (a C loop per pile: sets of thousands of members stay quick);
    ``known``: the values of 0 .. len(known) - 1, already computed."""
    import numpy as np

    s = np.array(sorted(members), dtype=np.int64)
    g = np.zeros(upto + 1, dtype=np.int64)
    done = 1
    if known is not None:
        done = max(1, min(len(known), upto + 1))
        g[:done] = known[:done]
    mark = np.zeros(len(s) + 2, dtype=np.int64)      # mark[v] == n + 1: v is an option's value
    for n in range(done, upto + 1):
        options = s[: np.searchsorted(s, n, side="right")]
        if len(options):
            mark[g[n - options]] = n + 1
            g[n] = int(np.argmax(mark != n + 1))   # the first value not marked
    return g


class SetOracle:
    """The Grundy sequence of `set S` -- its own DP and its own period search, no
    code shared with the package -- for piles of any size.

    G(n) depends only on the max(S) values before n, so once a window of max(S)
    values repeats at distance p the sequence is p-periodic from there on; the
    least period of that tail divides p and repeats the last window too, so the
    smallest such p is the least period. The start is pushed back while the
    values still agree.
    """

    def __init__(self, members, limit: int = 1 << 22):
        import math

        import numpy as np

        self.members = tuple(sorted(members))
        self.scale = math.gcd(*self.members)
        self.reduced = tuple(m // self.scale for m in self.members)
        window = self.reduced[-1]
        size = max(4096, 6 * window)
        g = None
        while True:
            g = mex_table(self.reduced, size - 1, g)
            tail = g[size - window:]
            found = None
            # earlier window starts i whose first values match the last window's, latest first
            last = size - window - 1
            match = np.ones(last + 1, dtype=bool)
            for j in range(min(window, 8)):
                match &= g[j: j + last + 1] == tail[j]
            for i in np.flatnonzero(match)[::-1]:
                if np.array_equal(g[i: i + window], tail):
                    found = size - window - int(i)
                    break
            if found is not None:
                break
            if size >= limit:
                raise OverflowError(f"no period for {self.members} within {limit} values")
            size *= 2
        start = size - window - found
        while start > 0 and g[start - 1] == g[start - 1 + found]:
            start -= 1
        self.table = [int(v) for v in g]
        self.period = found
        self.start = start

    def reduced_grundy(self, m: int) -> int:
        if m >= len(self.table):
            m = self.start + (m - self.start) % self.period
        return self.table[m]

    def grundy(self, n: int) -> int:
        """g(n) = G(n // gcd(S)): a move never changes n mod gcd(S)."""
        return self.reduced_grundy(n // self.scale)

    def tame(self) -> bool:
        """Condition (C) over one window (beyond it everything repeats with the period)."""
        end = self.start + self.reduced[-1] + 2 * self.period
        for n in range(self.reduced[0], end):
            if self.reduced_grundy(n) == 0 and not any(
                    s <= n and self.reduced_grundy(n - s) == 1 for s in self.reduced):
                return False
        return True


def grundy_rule_value(misere: bool, grundies) -> int:
    """+1 when the mover wins a sum of piles of these Grundy values: Sprague-Grundy
    (normal play), or the tame misère rule (docs/theory.md: exact under condition (C))."""
    x = 0
    big = 0
    for g in grundies:
        x ^= g
        big += g >= 2
    if not misere:
        return 1 if x else -1
    if big == 0:
        return -1 if x == 1 else 1
    return -1 if x == 0 else 1
