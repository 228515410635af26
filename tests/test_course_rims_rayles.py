"""Ferguson, Part I, exercises 4.5.8 (Rims) and 4.5.9 (Rayles), held to a brute force written
from the text's rules alone, sharing no code with nimcore.

The text: a Rims position is a finite set of dots in the plane, perhaps separated by closed
loops that do not cross; a move draws a closed loop through at least one dot, touching no
other loop. In Rayles the loop passes through exactly one or two dots. A loop lies in one
region (the dots no loop separates), and the dots of that region that it misses end up inside
it or outside it, in any split the drawer likes; loops already drawn only fence regions off.
So a position is the list of the regions' dot counts, and a move picks a region of n dots,
puts k of them on the loop and leaves a inside and b outside, a + b = n - k.

Part (b) of both exercises asks for a winning move in the text's Figure 4.2, a drawing that
the text's words do not describe (see docs/course/ch4.md): the positions checked here are
every position of few dots, and the page's example.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

import pytest

import nim

Regions = Tuple[int, ...]


def moves(regions: Regions, loop_sizes: Optional[Sequence[int]]) -> List[Regions]:
    """Every position one loop can leave (``loop_sizes`` None: any number of dots on the loop)."""
    found = set()
    for i, n in enumerate(regions):
        rest = regions[:i] + regions[i + 1:]
        for k in (range(1, n + 1) if loop_sizes is None else [k for k in loop_sizes if k <= n]):
            for inside in range(n - k + 1):
                outside = n - k - inside
                found.add(tuple(sorted(r for r in rest + (inside, outside) if r)))
    return sorted(found)


@lru_cache(maxsize=None)
def wins(regions: Regions, rayles: bool, misere: bool) -> bool:
    children = moves(regions, (1, 2) if rayles else None)
    if not children:
        return misere
    return any(not wins(child, rayles, misere) for child in children)


def after(regions: Regions, move: object) -> Regions:
    """The regions a solver's move leaves (its pile index, count taken and what is left)."""
    pile, count = move.pile, move.count  # type: ignore[attr-defined]
    left = getattr(move, "left", None)
    split = move.split  # type: ignore[attr-defined]
    parts = tuple(split) if split is not None else tuple(left) if left is not None else (regions[pile] - count,)
    return tuple(sorted(r for r in regions[:pile] + parts + regions[pile + 1:] if r))


def positions(total: int) -> List[Regions]:
    """Every multiset of regions with at most ``total`` dots in all."""
    found = set()
    for size in range(1, 5):
        for regions in itertools.combinations_with_replacement(range(1, total + 1), size):
            if sum(regions) <= total:
                found.add(regions)
    return sorted(found)


@pytest.mark.parametrize("game", ["rims", "rayles"])
@pytest.mark.parametrize("misere", [False, True])
def test_every_small_drawing_against_the_text_rules(game: str, misere: bool) -> None:
    rayles = game == "rayles"
    rule = ("misere," if misere else "") + game
    for regions in positions(9 if not rayles else 11):
        truth = wins(regions, rayles, misere)
        solution = nim.solve(list(regions), rule)
        assert (solution.value > 0) == truth, (regions, rule)
        if truth:
            left = after(regions, solution.move)
            assert left in moves(regions, (1, 2) if rayles else None), (regions, solution.move)
            assert not wins(left, rayles, misere), (regions, rule, solution.move)


def test_the_pages_example_and_the_disguises() -> None:
    # (a) of both exercises: a region of n dots is a Nim heap of n in Rims, a Kayles row in Rayles
    kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]       # Ferguson's Table 4.1, first line
    for n in range(12):
        assert wins((n,) if n else (), True, False) == (kayles[n] != 0)
        assert wins((n,) if n else (), False, False) == (n != 0)
    for n, m in itertools.combinations(range(1, 12), 2):  # two regions of equal Kayles value: lost
        same = kayles[n] == kayles[m]
        assert (nim.solve([n, m], "rayles").value < 0) == same == (not wins((n, m), True, False)), (n, m)
    # the page's position: regions of 3, 5 and 7 dots (an illustration, not the text's figure)
    rims = nim.solve([3, 5, 7], "rims")
    assert rims.value > 0 and after((3, 5, 7), rims.move) == (2, 5, 7)
    rayles = nim.solve([3, 5, 7], "rayles")
    assert rayles.value > 0 and not wins(after((3, 5, 7), rayles.move), True, False)
