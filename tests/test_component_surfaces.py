"""What the surfaces say of a game of components (issue 41's follow-ups): the refusal of a path
that plays only take rules is true of the family (Lasker's Nim is a game of heaps), ``nimcore
solve --all-moves`` says each move in the words free play says it with, and ``Solution.method``
says what decided an answer (the family's theorem, the mex over options, the exact search)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any, Callable, List, Tuple

import pytest

import nim
from nim.errors import InvalidRulesError, NimError
from nim.families.play import play_hooks
from nim.solving.components import read_position

import toy_component_family  # noqa: F401  (registers counter-pairs: no closed form, values by the mex)

#: One family of each kind of component: heaps with moves of their own, pairs, a whole position,
#: coin rows (a whole position given as one string).
RULES = ["normal,lasker", "misere,fibonacci", "wythoff", "moore,k=2", "turning-turtles"]


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Tuple[int, str, str]:
    from nim.cli import main

    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _refusals(rules: nim.Rules) -> List[Tuple[str, Callable[[], Any]]]:
    """Every path of ``Rules`` that plays only take rules and take-and-break games."""
    return [("min_take", lambda: rules.min_take), ("takes", lambda: rules.takes(3)),
            ("heap_moves", lambda: rules.heap_moves(3)), ("core", lambda: rules.core),
            ("refuse_splits", rules.refuse_splits), ("moves", lambda: list(nim.Position([3, 4], rules).moves()))]


@pytest.mark.parametrize("text", RULES)
def test_a_refusal_says_what_the_game_is_and_what_takes_it(text: str) -> None:
    """Each refusal names the family truly (never "a game of heaps, not of heaps", never "split
    heaps" of a game that does not), and the position it offers is one every entry it names solves."""
    rules = nim.Rules.parse(text)
    family = rules.family
    name = family.describe(rules.misere).split(":")[0]
    for what, call in _refusals(rules):
        with pytest.raises(InvalidRulesError) as caught:
            call()
        words = str(caught.value)
        assert "heaps, not of heaps" not in words and "split heaps" not in words, (what, words)
        assert f"({name})" in words and "Rules.heap_moves" not in words, (what, words)
        example = json.loads(re.search(r"e\.g\. (.*)$", words).group(1))      # type: ignore[union-attr]
        solution = nim.solve(example, rules)
        assert solution.value in (-1, 0, 1)
        assert nim.Solver(rules).solve(example)[:2] == solution[:2]
        assert nim.solve_many([example], rules)[0].value == solution.value
        assert len(nim.analyze(example, rules)) > 0 and nim.explain(example, rules).text


def test_heap_noun_families_are_heaps_with_moves_of_their_own() -> None:
    lasker = "a game of heaps with moves of its own (Lasker's Nim), not a take rule"
    assert nim.Rules.parse("lasker").game_kind() == lasker
    assert nim.Rules.parse("wythoff").game_kind() == "a game of pairs (Wythoff's game), not of heaps"
    assert nim.Rules.parse("normal,max=3").game_kind() == "a take rule"
    assert nim.Rules.parse("kayles").game_kind() == "a take-and-break game"


@pytest.mark.parametrize("argv", [["tournament", "--rules", "lasker"], ["grade", "--rules", "lasker", "q.json"],
                                  ["tree", "3", "4", "--rules", "lasker"]])
def test_commands_refuse_a_game_of_heaps_in_true_words(capsys: pytest.CaptureFixture[str], argv: List[str]) -> None:
    status, _, err = _cli(capsys, *argv)
    assert status == 2 and len(err.strip().splitlines()) == 1, err
    assert "heaps, not of heaps" not in err and "is a game of heaps, which" not in err and "split heaps" not in err
    assert "Lasker's Nim" in err, err


def _play(*args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "nim", "play", *args, "--color", "never"], input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("rules, piles", [("lasker", ["3", "4"]), ("moore,k=2", ["1", "2", "3"])])
def test_play_piles_start_a_game_whose_position_is_piles(rules: str, piles: List[str]) -> None:
    """``--piles`` is the position of a game of heaps with moves of its own, or of piles moved together."""
    done = _play("--rules", rules, "--piles", *piles, "--mode", "aivai", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert " wins (" in done.stdout
    board = [line.split() for line in done.stdout.splitlines() if re.match(r"(heap \d+: +)?\d+ +o", line)]
    if rules == "lasker":       # the heaps as given, one a row
        assert [row[-2] for row in board[:len(piles)]] == piles, done.stdout


def test_play_piles_of_a_game_of_pairs_says_why_not() -> None:
    done = _play("--rules", "wythoff", "--piles", "3", "5")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "a game of pairs (Wythoff's game)" in done.stderr and "3 is not a pair" in done.stderr


@pytest.mark.parametrize("rules, position", [("lasker", "[3, 4]"), ("wythoff", "[[3, 5], [4, 6]]"),
                                             ("turning-turtles", "THHTH"), ("moore,k=2", "[1, 2, 3]"),
                                             ("misere,counter-pairs", "[[1, 2], [2, 2]]"),
                                             ("green-hackenbush", "[[[0, 1], [1, 2]], [[0, 1]]]"),
                                             ("graph", json.dumps([{"edges": [[0, 1], [1, 2]], "tokens": [0]},
                                                                   {"edges": [[0, 1], [1, 2]], "tokens": [1]}]))])
def test_all_moves_says_each_move_as_free_play_does(capsys: pytest.CaptureFixture[str], rules: str,
                                                    position: str) -> None:
    """One line a move of ``nim.analyze``, in order, each as free play's hint says a move (typed as
    a player types it, which plays that very move, then in the family's words); the best move too."""
    status, out, _ = _cli(capsys, "solve", position, "--rules", rules, "--all-moves")
    assert status == 0
    parsed = nim.Rules.parse(rules)
    family = parsed.family
    value = json.loads(position) if position.startswith("[") else position
    components = read_position(family, value)  # type: ignore[arg-type]
    rows = nim.analyze(value, parsed)
    lines = out.splitlines()
    listed, counted = lines[4:-1], lines[-1]
    assert len(listed) == len(rows)
    counts = [sum(1 for row in rows if row.value == v) for v in (1, 0, -1)]
    assert counted == (f"{len(rows)} moves, {counts[0]} winning" + (f", {counts[1]} drawing" if counts[1] else "")
                       + f", {counts[2]} losing")
    for line, row in zip(listed, rows):
        said = _words(family, components, row.move)
        assert line.startswith(said + " ") and "component" not in line, (line, said)
        assert line.rstrip().endswith({1: "wins", -1: "loses", 0: "draws"}[row.value])
    best = nim.solve(value, parsed).move
    assert lines[2] == "best move  " + _words(family, components, best)
    if len(components) > 1 and (family.play is None or not play_hooks(family).whole):
        noun = play_hooks(family).noun if family.play is not None else family.component_noun
        assert all(re.match(rf"{noun} \d+: ", line) for line in listed), listed


def _words(family: Any, components: Any, move: Any) -> str:
    """How free play says a move (its hint): typed as a player types it -- checked here to read back
    to this very move -- then the family's words; a family with no play hooks: its words, numbered."""
    if family.play is None:
        said = family.move_words(components[move.pile], move.count, move.left)
        return said if len(components) == 1 else f"{family.component_noun} {move.pile + 1}: {said}"
    hooks = play_hooks(family)
    typed = hooks.typed(family, components, (move.pile, move.count, move.left))
    assert tuple(hooks.parse(family, components, typed)) == (move.pile, move.count, move.left)
    return f"{typed} ({hooks.describe(family, components[move.pile], move.count, move.left)})"


def test_method_says_what_decided_a_component_game() -> None:
    """"theory" for the family's closed forms, "mex" where a Grundy value was the mex over
    options (also on a second call, when the value is remembered), "search" for the misère search."""
    toy = [[1, 2], [2, 3]]
    for _ in range(2):
        assert nim.solve(toy, "counter-pairs").method == "mex"
        assert nim.analyze(toy, "counter-pairs").method == "mex"
    assert nim.solve(toy, "misere,counter-pairs").method == "search"
    assert nim.analyze(toy, "misere,counter-pairs").method == "search"
    assert nim.solve([[3, 5], [4, 6]], "wythoff").method == "theory"           # the closed forms
    assert nim.analyze([[3, 5], [4, 6]], "wythoff").method == "theory"
    assert nim.solve([3, 4], "lasker").method == "theory"
    lost = nim.solve([[1, 1], [1, 1]], "counter-pairs")                         # X = 0, still by the mex
    assert lost.value == -1 and lost.method == "mex"
    assert nim.explain(toy, "counter-pairs").method == "mex"


def test_method_is_in_the_json_of_nimcore_solve(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "solve", "[[1, 2], [2, 3]]", "--rules", "counter-pairs", "--json")
    assert status == 0 and json.loads(out)["method"] == "mex"
    with pytest.raises(NimError):
        nim.solve([[1, 2]], "counter-pairs", method="minimax")


def test_batch_says_the_best_move_as_free_play_does(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    """``nimcore solve --batch``: each row's move in the same words as ``solve``."""
    path = tmp_path / "positions.txt"
    path.write_text("[3, 4]\n[5]\n")
    status, out, _ = _cli(capsys, "solve", "--batch", str(path), "--rules", "lasker")
    assert status == 0
    rows = [line.split("\t") for line in out.splitlines()[1:]]
    family = nim.Rules.parse("lasker").family
    for row, position in zip(rows, ([3, 4], [5])):
        best = nim.solve(position, "lasker").move
        assert row[3] == _words(family, read_position(family, position), best)  # type: ignore[arg-type]
    assert rows[0][3] == "heap 1: split 1 2 (split the heap of 3 into 1 and 2)"
