"""Exactness of every fast path at every Grundy value (issue 20).

The theory once computed a `set S` rule's mex in a 64-bit bit set, so wherever
the Grundy sequence reached 64 its answers were wrong. These tests draw sets
whose sequences reach 64 and beyond and hold the package's answers against
oracles written here, sharing no code with it: a mex DP over the set, and a
brute force over positions as sorted tuples.
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

import pytest

import nim


def mex_dp(members: Sequence[int], upto: int) -> List[int]:
    """Grundy values of single piles 0 .. upto under `set members`, by the mex definition."""
    g: List[int] = []
    for n in range(upto + 1):
        seen = {g[n - s] for s in members if s <= n}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def rule_string(members: Sequence[int], misere: bool) -> str:
    return ("misere" if misere else "normal") + ",set=" + ";".join(map(str, members))


def brute_force(members: Sequence[int], misere: bool):
    """value(piles): +1 when the mover wins, by memoised search over sorted tuples."""
    memo: Dict[Tuple[int, ...], int] = {}

    def value(piles: Tuple[int, ...]) -> int:
        key = tuple(sorted(piles))
        if key not in memo:
            children = [key[:i] + (p - s,) + key[i + 1:]
                        for i, p in enumerate(key) for s in members if s <= p]
            if not children:
                memo[key] = 1 if misere else -1      # no move: the mover wins only in misère
            else:
                memo[key] = 1 if any(value(c) == -1 for c in children) else -1
        return memo[key]

    return value


@pytest.mark.parametrize("misere", [False, True])
def test_a_pile_of_65_under_1_to_64_is_lost(misere):
    # every take leaves 1 .. 64 objects, which the opponent takes whole (normal
    # play); in misère the mover takes 64 and leaves 1, which the opponent must take
    rule = rule_string(range(1, 65), misere)
    solution = nim.solve([65], rule)
    assert solution.value == (1 if misere else -1)
    if misere:
        assert solution.move == nim.Move(0, 64)


@pytest.mark.parametrize("n", [63, 64, 65, 128])
@pytest.mark.parametrize("misere", [False, True])
def test_consecutive_sets_against_the_dp(n, misere):
    members = list(range(1, n + 1))
    rule = rule_string(members, misere)
    upto = 3 * (n + 1)
    expected = mex_dp(members, upto)
    assert max(expected) == n                   # the sequence reaches n
    assert nim.solving.grundy_table(upto, rule) == expected
    assert [nim.solving.grundy_value(p, rule) for p in range(upto + 1)] == expected
    assert [row.grundy for row in nim.solving.pile_table(upto, rule)] == expected
    value = brute_force(members, misere)
    solver = nim.Solver(rule)
    positions = [(x, y) for x in range(4) for y in range(upto + 1)]
    assert list(solver.values([list(p) for p in positions])) == [value(p) for p in positions]
    for piles in positions[:: 7]:
        solution = nim.solve(list(piles), rule)
        assert solution.value == value(piles)
        if solution.value > 0 and any(piles):
            after = list(piles)
            after[solution.move.pile] -= solution.move.count
            assert solution.move.count in members and value(tuple(after)) == -1
    assert f"period {n + 1} from 0" in nim.explain([n + 1], rule).text
