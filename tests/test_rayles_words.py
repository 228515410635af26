"""Rayles (Ferguson, Part I, exercise 4.5.9) in its own words (issue 41): it was read as the code
0.77 and then told as Kayles ("knocks over one pin", "octal=0.77"). It is the same game as Kayles
(equal rules, the same engines and answers), but its rules and its moves are now said as the
text says them: a loop drawn through one or two dots of a region, the region's other dots left
inside or outside it. The words are checked against the moves of the rules, enumerated here."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

import nim
from nim.families.takebreak import Rayles
from nim.flows.pins import intro_words, parse_game

ROOT = Path(__file__).resolve().parent.parent


def loops(dots: int) -> List[Tuple[int, int, int]]:
    """Every loop through 1 or 2 of a region's dots: (on the loop, inside, outside), inside <= outside."""
    return [(k, a, dots - k - a) for k in (1, 2) if k <= dots for a in range((dots - k) // 2 + 1)]


def test_rayles_is_kayles_under_its_own_name() -> None:
    rayles, kayles = nim.Rules.parse("rayles"), nim.Rules.parse("kayles")
    assert rayles == kayles and hash(rayles) == hash(kayles)              # one game
    assert str(rayles) == "normal,rayles" and str(nim.Rules.parse("misere,rayles")) == "misere,rayles"
    for rules in (rayles, nim.Rules.parse("misere,rayles"), nim.Rules.game("rayles")):
        assert str(nim.Rules.parse(str(rules))) == str(rules)
        assert str(pickle.loads(pickle.dumps(rules))) == str(rules)       # the name survives a pickle
    assert str(nim.Rules.game("rayles", misere=True)) == "misere,rayles"
    assert str(kayles) == "normal,octal=0.77"                              # Kayles unchanged
    assert nim.solve([3, 5, 7], "rayles").move == nim.solve([3, 5, 7], "kayles").move


def test_rayles_rules_are_told_as_loops_through_dots() -> None:
    for text in (nim.Rules.parse("rayles").describe(), intro_words(parse_game("rayles"))):
        assert "loop through one or two dots" in text and "region" in text
        assert "pin" not in text and "knock" not in text
    assert "knocks over" in nim.Rules.parse("kayles").describe()


@pytest.mark.parametrize("dots", range(1, 10))
def test_every_move_is_said_as_the_loop_the_rules_draw(dots: int) -> None:
    rules = nim.Rules.parse("rayles")
    moves = list(rules.heap_moves(dots))
    said = set()
    for count, split in moves:
        words = Rayles().heap_move_words(dots, count, split)
        assert words is not None
        inside, outside = split if split is not None else (0, dots - count)
        if split is not None:
            assert words.endswith(f", with {inside} inside it and {outside} outside")
        else:
            assert words.endswith(f", leaving {outside}")
        assert words.startswith(f"draw a loop through {count} of the {dots} dots" if dots > 1
                                else "draw a loop through the 1 dot")
        said.add((count, inside, outside))
    # the loops the rules allow, each said once (a loop with every other dot on one side: no split)
    assert said == {(k, a, b) for k, a, b in loops(dots)}
    assert len(said) == len(moves)


def test_explain_and_solve_say_rayles_moves_in_its_words() -> None:
    text = nim.explain([3, 5, 7], "rayles").text
    assert text.startswith("normal,rayles: Rayles: ")
    assert "Winning move: take 1 from pile 1 (draw a loop through 1 of the 5 dots, leaving 4)" in text
    lost = nim.explain([1, 1], "rayles").text
    assert "Shown: take 1 from pile 0 (draw a loop through the 1 dot, leaving 0)" in lost
    misere = nim.explain([2, 6, 9], "misere,rayles").text
    assert "draw a loop through" in misere and "knock" not in misere
    assert "draw a loop" not in nim.explain([3, 5, 7], "kayles").text


def test_the_command_line_says_rayles() -> None:
    env = {"PYTHONPATH": ":".join(sys.path)}
    run = subprocess.run([sys.executable, "-m", "nim", "solve", "3", "5", "7", "--rules", "rayles"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "(normal,rayles)" in run.stdout
    assert "best move  take 1 from pile 1 (draw a loop through 1 of the 5 dots, leaving 4) -> 3 4 7" in run.stdout


def test_a_misere_rayles_solve_leaves_kayles_explained_by_its_quotient() -> None:
    """The quotient memo is kept by the game, not its name: a solve of misère Rayles (the same
    game as misère Kayles) then an explanation of misère Kayles finds the quotient it used."""
    from nim.takebreak.quotient_memo import forget_quotients

    forget_quotients()
    nim.solve([2, 6, 9], "misere,rayles")
    last = nim.explain([5, 6], "misere,kayles").text.splitlines()[-1]
    assert last.startswith("Winning move: take 2 from pile 0 (heap 5). It leaves a position the opponent loses")
