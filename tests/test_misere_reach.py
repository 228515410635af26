"""Misère sums of components (nim.solving.components): which searches are answered and which
are refused, against a brute force that shares no code with the package (each game's moves
written from its rules, misère play by memoised recursion over sorted tuples of parts).

The gap this closes (issue 41): the search was refused when the product of each component's
bound on its mex's *work* passed 20,000,000 moves, so a Wythoff pair (2, 3) plus a Kayles heap
of 3 plus a Nim pile of 120 (5,444 positions) and a Turning Turtles row plus a Nim pile of 6
(1,533) were refused; now each component's positions are counted and multiplied, and a refusal
says how many positions the search would visit."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import Any, FrozenSet, Iterator, List, Tuple, Union, cast

import pytest

import nim
from nim import NimError
from nim.position import ComponentMove

Part = Tuple[str, Union[int, Tuple[int, int], FrozenSet[int]]]


def part_moves(part: Part) -> Iterator[Tuple[Part, ...]]:
    """Every move of one part, as the parts it leaves (a Kayles heap may leave two)."""
    kind, value = part
    if kind == "wythoff":
        a, b = cast(Tuple[int, int], value)
        for k in range(1, a + 1):
            yield (("wythoff", (min(a - k, b), max(a - k, b))),)
            yield (("wythoff", (a - k, b - k)),)
        for k in range(1, b + 1):
            yield (("wythoff", (min(a, b - k), max(a, b - k))),)
    elif kind == "kayles":                       # knock down one pin or two adjacent ones
        n = cast(int, value)
        for take in (1, 2):
            for left in range(n - take + 1):
                yield tuple(("kayles", h) for h in (left, n - take - left) if h)
    elif kind == "nim":
        n = cast(int, value)
        yield from ((("nim", n - k),) if n - k else () for k in range(1, n + 1))
    elif kind == "turtles":                      # a head to tails and, if you like, one coin left of it
        heads = cast(FrozenSet[int], value)
        for n in heads:
            yield (("turtles", heads - {n}),)
            for a in range(1, n):
                yield (("turtles", (heads - {n}) ^ {a}),)
    else:
        raise AssertionError(kind)


def key(parts: Tuple[Part, ...]) -> Tuple[Part, ...]:
    """The parts that can still move, sorted (a pair (0, 0) or a row of tails is no game)."""
    return tuple(sorted((p for p in parts if p[1] not in ((0, 0), frozenset())), key=repr))


@lru_cache(maxsize=None)
def misere_wins(parts: Tuple[Part, ...]) -> bool:
    """The player to move wins misère play (the last to move loses): by every move."""
    any_move = False
    for i, part in enumerate(parts):
        for left in part_moves(part):
            any_move = True
            if not misere_wins(key(parts[:i] + left + parts[i + 1:])):
                return True
    return not any_move


def as_given(parts: Tuple[Part, ...]) -> List[List[Any]]:
    """The sum as nim.solve reads it."""
    out: List[List[Any]] = []
    for kind, value in parts:
        if kind == "wythoff":
            out.append(["wythoff", [list(cast(Tuple[int, int], value))]])
        elif kind == "kayles":
            out.append(["kayles", value])
        elif kind == "nim":
            out.append(["any", [value]])
        else:
            heads = cast(FrozenSet[int], value)
            out.append(["turning-turtles", sorted(heads)])
    return out


def check(parts: Tuple[Part, ...]) -> None:
    truth = misere_wins(key(parts))
    solution = nim.solve(cast(Any, as_given(parts)), "misere,sum")
    assert (solution.value == 1) == truth, parts
    if truth:                                    # the move leaves a loss for the other player
        move = cast(ComponentMove, solution.move)
        chosen = parts[move.pile]
        options = {key(left) for left in part_moves(chosen)}
        left = key(tuple(read_back(p) for p in move.left))
        assert left in options, (parts, move)
        assert not misere_wins(key(parts[:move.pile] + left + parts[move.pile + 1:])), (parts, move)


def read_back(part: Any) -> Part:
    """A part of the sum's move, as the brute force writes it."""
    rules, value = part
    if "wythoff" in rules:
        return ("wythoff", tuple(sorted(value)))
    if "octal=0.77" in rules:
        return ("kayles", value)
    if "turning-turtles" in rules:
        return ("turtles", frozenset(value))
    return ("nim", value)


def test_small_sums_of_a_wythoff_pair_a_kayles_heap_and_a_nim_pile() -> None:
    for a, b, k, n in itertools.product(range(4), range(4), range(5), range(4)):
        parts: List[Part] = []
        if a or b:
            parts.append(("wythoff", (min(a, b), max(a, b))))
        if k:
            parts.append(("kayles", k))
        if n:
            parts.append(("nim", n))
        if len(parts) >= 2:
            check(tuple(parts))


def test_small_sums_of_a_turning_turtles_row_and_nim_piles() -> None:
    rng = random.Random(41)
    for _ in range(60):
        heads = frozenset(rng.sample(range(1, 8), rng.randint(1, 3)))
        piles = [("nim", rng.randint(1, 4)) for _ in range(rng.randint(1, 2))]
        check((("turtles", heads),) + tuple(cast(List[Part], piles)))


@pytest.mark.parametrize("parts", [
    (("wythoff", (2, 3)), ("kayles", 3), ("nim", 120)),
    (("turtles", frozenset({2, 9, 14})), ("nim", 6)),
    (("turtles", frozenset({1, 4, 13})), ("nim", 5), ("nim", 3)),
    (("turtles", frozenset({16})), ("nim", 9)),
])
def test_sums_the_old_estimate_refused_are_answered(parts: Tuple[Part, ...]) -> None:
    check(parts)


def test_a_refusal_says_how_big_the_search_would_be_and_the_node_limit_is_the_limit() -> None:
    with pytest.raises(NimError, match=r"would look at about [\d,]+ positions .*memory may hold"):
        nim.solve(cast(Any, [["kayles", 30], ["kayles", 30], ["any", [3]]]), "misere,sum")
    given: Any = [["wythoff", [[2, 4]]], ["kayles", 3], ["any", [37]]]
    with pytest.raises(NimError, match="past the node limit: raise node_limit"):
        nim.solve(given, "misere,sum", node_limit=100)
    solution = nim.solve(given, "misere,sum")                # within the default limits: answered
    assert solution.nodes > 100
    assert solution.value == (1 if misere_wins(key((("wythoff", (2, 4)), ("kayles", 3), ("nim", 37)))) else -1)
    # a row of 60 heads: its positions each have thousands of moves, refused at once
    with pytest.raises(NimError, match=r"would look at about [\d,]+ moves or more"):
        nim.solve(cast(Any, "H" * 60), "misere,mock-turtles")


def test_one_big_component_is_refused_before_its_walk_runs_long() -> None:
    """A Wythoff pair of (200, 300) in a misère sum: its walk counted 20 million moves before
    refusing (minutes); it now stops at MAX_MISERE_MOVES, well inside a 10 s time limit (a walk
    that ran long would end in the time limit's error, not this refusal)."""
    from nim.solving.components import MAX_MISERE_MOVES

    with pytest.raises(NimError, match=rf"moves or more .* past the {MAX_MISERE_MOVES:,} it may look at"):
        nim.solve(cast(Any, [["wythoff", [[200, 300]]], ["kayles", 3]]), "misere,sum", time_limit=10)
