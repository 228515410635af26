"""Sums across families (Ferguson, Part I, chapter 4): a Wythoff pair plus a Kayles heap plus a
Nim pile (and Lasker's, Moore's, Fibonacci Nim's parts) as one position, rule string ``sum``,
held to a brute force over the sum's positions that shares no code with the package."""

from __future__ import annotations

import itertools
import json
from functools import lru_cache
from typing import Any, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, Rules
from nim.solving.family_sums import SumOfGames

Part = Tuple[str, Any]


def part_moves(part: Part) -> List[Tuple[Part, ...]]:
    """What one part can become (its replacement parts), from each game's rules alone."""
    kind, s = part
    if kind == "any":
        return [((kind, s - t),) if s > t else () for t in range(1, s + 1)]
    if kind == "kayles":                     # knock down 1 or 2 adjacent pins of a row of s
        found = set()                         # a move is its take and the two rows left (either order)
        for width in (1, 2):
            for left in range(0, s - width + 1):
                right = s - width - left
                found.add((width,) + tuple(sorted((left, right))))
        return [tuple((kind, h) for h in rows if h) for _, *rows in sorted(found)]
    if kind == "lasker":
        return [((kind, s - t),) if s > t else () for t in range(1, s + 1)] + \
               [((kind, a), (kind, s - a)) for a in range(1, s // 2 + 1)]
    if kind == "wythoff":
        a, b = s
        pairs = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)] + \
                [(a - k, b - k) for k in range(1, min(a, b) + 1)]
        return [((kind, tuple(sorted(p))),) if p != (0, 0) else () for p in pairs]
    raise AssertionError(kind)


def canon(parts: Tuple[Part, ...]) -> Tuple[Part, ...]:
    return tuple(sorted((p for p in parts if part_moves(p)), key=repr))


@lru_cache(maxsize=None)
def wins(parts: Tuple[Part, ...], misere: bool) -> bool:
    children = [canon(parts[:i] + option + parts[i + 1:]) for i, p in enumerate(parts) for option in part_moves(p)]
    if not children:
        return misere
    return any(not wins(child, misere) for child in children)


def as_input(parts: Tuple[Part, ...]) -> List[Any]:
    shown = []
    for kind, s in parts:
        shown.append([kind, [list(s)]] if kind == "wythoff" else [kind, s])
    return shown


def small_sums() -> List[Tuple[Part, ...]]:
    pool: List[Part] = [("any", 1), ("any", 3), ("kayles", 2), ("kayles", 4), ("lasker", 3), ("lasker", 4),
                        ("wythoff", (1, 2)), ("wythoff", (2, 2)), ("wythoff", (1, 3))]
    return [combo for n in (1, 2, 3) for combo in itertools.combinations(pool, n)]


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_sum_and_its_moves_against_the_brute_force(misere: bool) -> None:
    rule = "misere,sum" if misere else "sum"
    for parts in small_sums():
        truth = wins(canon(parts), misere)
        position = as_input(parts)
        solution = nim.solve(position, rule)
        assert (solution.value > 0) == truth, (position, rule)
        rows = nim.analyze(position, rule)
        assert len(rows) == sum(len(part_moves(p)) for p in parts)
        for row in rows:
            move = row.move
            left = tuple((text.split(",")[-1].replace("octal=0.77", "kayles").replace("normal", "any"), p)
                         for text, p in move.left)
            after = canon(parts[:move.pile] + left + parts[move.pile + 1:])
            assert left in [canon(o) or () for o in part_moves(parts[move.pile])] or \
                canon(left) in [canon(o) for o in part_moves(parts[move.pile])], (parts, move)
            assert (row.value > 0) == (not wins(after, misere)), (position, rule, move)
        if truth:
            assert any(row.move == solution.move and row.value > 0 for row in rows), (position, solution.move)


def test_the_normal_value_is_the_xor_of_each_familys_value() -> None:
    position = [["wythoff", [[3, 5], [1, 1]]], ["kayles", [7, 10**30]], ["any", [4]], ["lasker", 10**20 + 3],
                ["moore,k=2", [1, 2, 3]], ["fibonacci", [20]], ["staircase", [3, 1, 2]], ["nimble", [1, 3, 4]]]
    explanation = nim.explain(position, "sum")
    assert "Sprague-Grundy theorem" in explanation.text and "Grundy values:" in explanation.text
    solution = nim.solve(position, "sum")
    assert solution.method == "mex"       # Moore's and Fibonacci's values: the mex, no closed form
    assert nim.solve(position[:4], "sum").method == "theory"      # each part's value by its closed form
    payload = json.dumps(solution.to_dict())            # the move is plain JSON
    assert '"move"' in payload
    # the move leaves X = 0: checked by solving what it leaves
    move = solution.move
    parts = SumOfGames().read_components(position)
    after = parts[:move.pile] + move.left + parts[move.pile + 1:]
    game = SumOfGames()
    assert nim.solve([game.component_value(p) for p in after], "sum").value == -1


def test_bad_sums_in_words() -> None:
    with pytest.raises(InvalidRulesError, match="no parameters"):
        Rules.parse("sum,k=2")
    for bad, words in [([["misere,kayles", 3]], "no convention"), ([["sum", []]], "not another sum"),
                       ([["kayles"]], r"\[rule, position\]"), ("kayles 3", "list of \\[rule, position\\]"),
                       ([["wythoff", [[1, 2, 3]]]], "not a pair"), ([["kayles", -1]], "negative"),
                       ([["any", [1.5]]], "whole number")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "sum")
    with pytest.raises(InvalidRulesError):
        nim.solve([["no-such-game", 3]], "sum")
    with pytest.raises(nim.NimError, match="would look at about"):
        nim.solve([["wythoff", [[60, 70]]], ["lasker", [40, 41]]], "misere,sum")


def test_the_command_line_solves_a_sum_given_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    from nim.cli import main

    position = '[["wythoff", [[3, 5]]], ["kayles", 7], ["any", [4]]]'
    assert main(["solve", position, "--rules", "sum", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["value"] == 1 and payload["move"] == [2, 2, [["normal", 2]]]
    assert main(["solve", position, "--rules", "sum"]) == 0
    assert ("best move  part 3: take 2 (in the any part: take 2 from the heap of 4, leaving 2)"
            in capsys.readouterr().out)
    assert main(["solve", "1", "2", "3", "--rules", "moore,k=2"]) == 0       # numbers alone: a list
    assert "take 3 in all from at most 2 piles: [1, 2, 3] -> [1, 1, 1]" in capsys.readouterr().out
    assert main(["solve", '[["misere,kayles", 3]]', "--rules", "sum"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nimcore: error: a part's rules take no convention") and err.count("\n") == 1
