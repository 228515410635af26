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
