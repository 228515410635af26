"""Moore's Nim_k (Ferguson, Part I, 2.5): the first family whose moves span several piles
(``WholePositionFamily``), held to a brute force over sorted tuples of piles that shares no
code with the package; Moore's theorems checked on every small position, then used past it."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import List, Tuple

import pytest

import nim
from nim import InvalidPositionError, InvalidRulesError, NimError, Rules
from nim.families import MooreNim

Piles = Tuple[int, ...]


def children(piles: Piles, k: int) -> List[Piles]:
    """Every position one move of Nim_k reaches, from the rules alone: lower 1..k piles."""
    found = set()
    for size in range(1, k + 1):
        for chosen in itertools.combinations(range(len(piles)), size):
            for lowered in itertools.product(*(range(piles[i]) for i in chosen)):
                after = list(piles)
                for i, new in zip(chosen, lowered):
                    after[i] = new
                found.add(tuple(sorted(p for p in after if p)))
    return sorted(found)


@lru_cache(maxsize=None)
def wins(piles: Piles, k: int, misere: bool) -> bool:
    moves = children(piles, k)
    if not moves:
        return misere
    return any(not wins(child, k, misere) for child in moves)


def small(largest: int, count: int) -> List[Piles]:
    return [p for n in range(count + 1) for p in itertools.combinations_with_replacement(range(1, largest + 1), n)]


def column_rule(piles: Piles, k: int) -> bool:
    """Moore's condition written out digit by digit from strings (not shifts)."""
    width = max((len(bin(p)) for p in piles), default=3) - 2
    rows = [bin(p)[2:].zfill(width) for p in piles]
    return all(sum(row[i] == "1" for row in rows) % (k + 1) == 0 for i in range(width))


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moores_theorems_on_every_small_position(k: int) -> None:
    game = MooreNim(k)
    for piles in small(5, 4):
        normal_lost = not wins(piles, k, False)
        assert game.is_lost(piles) == normal_lost == column_rule(piles, k), (piles, k)
        misere_lost = not wins(piles, k, True)
        if max(piles, default=0) >= 2:
            assert misere_lost == normal_lost, (piles, k)
        else:
            assert misere_lost == (len(piles) % (k + 1) == 1), (piles, k)
        assert game.misere_is_lost(piles) == misere_lost


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("k", [1, 2, 3])
def test_solve_and_every_winning_move_against_the_brute_force(k: int, misere: bool) -> None:
    rule = f"{'misere' if misere else 'normal'},moore,k={k}"
    for piles in small(4, 4):
        truth = wins(piles, k, misere)
        solution = nim.solve(list(piles), rule)
        assert (solution.value > 0) == truth, (piles, rule)
        if solution.move is None:
            assert not children(piles, k)
            continue
        (after,) = solution.move.left
        assert after in children(piles, k), (piles, solution.move)
        assert solution.move.count == sum(piles) - sum(after)
        if truth:
            assert not wins(after, k, misere), (piles, rule, after)
        rows = nim.analyze(list(piles), rule)
        winning = {row.move.left[0] for row in rows if row.value > 0}
        assert winning == {c for c in children(piles, k) if not wins(c, k, misere)}, (piles, rule)


def test_the_winning_move_is_built_at_any_size() -> None:
    game = MooreNim(2)
    for piles in [(10**30, 3 * 10**29 + 7, 5), (2**100 - 1, 2**99, 2**98 + 3, 12345), (10**1000, 10**999, 7)]:
        rule_lost = column_rule(tuple(sorted(piles)), 2)
        solution = nim.solve(list(piles), "moore,k=2")
        assert solution.method == "theory" and (solution.value < 0) == rule_lost
        if not rule_lost:
            (after,) = solution.move.left
            before = sorted(piles)
            changed = sum(1 for x, y in zip(before, sorted(after + (0,) * (len(before) - len(after)))) if x != y)
            assert column_rule(after, 2) and changed >= 1
            # the move lowers at most 2 piles, each strictly: compare as multisets
            lowered = list(before)
            for pile in after:
                if pile in lowered:
                    lowered.remove(pile)
            assert len(lowered) <= 2 and game.option_count(tuple(before)) > 0
        misere = nim.solve(list(piles), "misere,moore,k=2")
        assert misere.value == solution.value


def test_explain_names_the_theorem_and_says_what_the_game_is() -> None:
    text = nim.explain([1, 2, 3], "moore,k=2").text
    assert "Moore's theorem" in text and "sums to 0 mod 3" in text and "up to 2 piles at once" in text
    assert "Winning move: take 3 in all" in text
    assert "Misère play: decided by the theorem" in nim.explain([1, 1, 1], "misere,moore,k=2").text


def test_rule_strings_fields_and_pickles() -> None:
    import pickle

    rules = Rules.parse("misere,moore,k=2")
    assert str(rules) == "misere,moore,k=2" and Rules.parse(str(rules)) == rules
    assert Rules.parse("moore,k=2") == Rules(take="moore", k=2) and rules.k == 2
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert nim.Solver("moore,k=3").solve([1, 2, 4]).value == (1 if not column_rule((1, 2, 4), 3) else -1)


@pytest.mark.parametrize("text, words", [("moore,k=0", "from 1 to"), ("moore", "written 'moore,k=K'"),
                                         ("moore,k=-1", "from 1 to"), ("moore,k=99999999999", "from 1 to"),
                                         ("moore,j=2", "written"), ("misere,moore,k=two", "from 1 to")])
def test_bad_rules_are_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(InvalidRulesError, match=words):
        Rules.parse(text)


def test_bad_positions_are_refused_in_words() -> None:
    for bad, words in [([1, -2], "cannot be negative"), ([1.5], "whole number"), ("1 2", "a list of piles"),
                       ([True], "whole number"), ([10**5000], "binary digits"), ([[1, 2]], "whole number")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "moore,k=2")
    with pytest.raises(NimError, match="more than analyze lists"):   # counted, not listed
        nim.analyze([10**6] * 3, "moore,k=2")
    assert len(nim.Solver("moore,k=2").analyze([50, 60, 70])) == 50 + 60 + 70 + 50 * 60 + 50 * 70 + 60 * 70


def test_the_command_line_takes_the_position_as_json() -> None:
    src = str(Path(nim.__file__).resolve().parents[1])
    env_path = [src] + [p for p in sys.path if p]

    def run(*words: str) -> subprocess.CompletedProcess[str]:
        import os

        env = dict(os.environ, PYTHONPATH=":".join(env_path))
        return subprocess.run([sys.executable, "-m", "nim", "solve", *words], capture_output=True, text=True,
                              env=env, timeout=60)

    done = run("[1, 2, 3]", "--rules", "moore,k=2", "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["value"] == 1 and payload["move"] == [0, 3, [[1, 1, 1]]]
    for words, message in [(("[1, 2", "--rules", "moore,k=2"), "is JSON"),
                           (("[1, 2]", "--rules", "moore,k=0"), "from 1 to"),
                           (("--rules", "moore,k=2"), "no position given")]:
        done = run(*words)
        assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
