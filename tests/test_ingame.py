"""The in-game commands (help, hint, undo, save FILE), ``play --load``, ``replay``'s
--ai/--level/--record and its rules note, and the answers every flow refuses in words."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

from nim import Position, Rules
from nim.cli import main
from nim.play.console import Console, EndOfInput, choice_parser
from nim.play.flows import run_style
from nim.play.game import move_parser
from nim.play.session import MODE_WORDS, PlayOptions

from oracles import takes as oracle_takes
from oracles import value as oracle_value

HINT = re.compile(r"^Hint: take (\d+)(?: from pile (\d+))?: (.+)$", re.M)


def run(options: PlayOptions, typed: List[str]) -> str:
    """A flow driven by the typed lines (the input ends after them)."""
    screen = io.StringIO()
    with pytest.raises(EndOfInput):
        run_style(options, Console(io.StringIO("".join(line + "\n" for line in typed)), screen))
    return screen.getvalue()


def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: List[str],
        typed: str = "") -> Tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


# -- hint ---------------------------------------------------------------------------------


@pytest.mark.parametrize("piles,misere", [((2, 3), True), ((1, 3, 5, 7), True), ((3, 4, 5), False),
                                          ((1, 1, 2), True), ((2, 2), False), ((1, 2, 3), False)])
def test_hint_is_a_best_move_with_its_reason(piles: Tuple[int, ...], misere: bool) -> None:
    out = run(PlayOptions(style="lab2", rules=Rules(misere=misere), difficulty=3, piles=piles), ["hint"])
    match = HINT.search(out)
    assert match, out
    count, pile = int(match.group(1)), int(match.group(2))      # lab2: piles from 0
    rule = "misere" if misere else "normal"
    assert 0 <= pile < len(piles) and 1 <= count <= piles[pile]
    after = list(piles)
    after[pile] -= count
    if oracle_value(rule, piles) > 0:
        assert oracle_value(rule, after) < 0, "the hint throws the win away"
        assert "lost for the opponent" in match.group(3)
    else:
        assert "every move loses against best play" in match.group(3)


def test_hint_in_the_kuet_and_forejune_flows() -> None:
    out = run(PlayOptions(style="kuet", name="Ada", difficulty=1, piles=(3, 5)), ["hint"])
    match = HINT.search(out)
    assert match and int(match.group(2)) in (1, 2)                # KUET: piles from 1
    after = [3, 5]
    after[int(match.group(2)) - 1] -= int(match.group(1))
    assert oracle_value("normal,max=3", after) < 0
    out = run(PlayOptions(style="forejune", piles=(10,), first="human"), ["hint"])
    match = HINT.search(out)
    assert match and match.group(2) is None                      # one pile: no pile number
    assert oracle_value("normal,half", (10 - int(match.group(1)),)) < 0


# -- help, undo ---------------------------------------------------------------------------


def test_help_lists_the_commands_and_the_question_comes_again() -> None:
    out = run(PlayOptions(style="lab2", rules=Rules(misere=True), difficulty=1, piles=(2, 2)), ["help"])
    for word in ("hint", "undo", "save FILE", "q "):
        assert word in out
    assert out.count("your move (pile_index count") == 2


def test_undo_takes_back_your_move_and_the_ais_answer() -> None:
    options = PlayOptions(style="lab2", rules=Rules(misere=True), difficulty=3, piles=(2, 3))
    out = run(options, ["undo", "0 1", "undo", "hint"])
    assert "Nothing to undo" in out                              # before any move
    assert "Undone: 2 moves taken back." in out
    after_undo = out.split("Undone: 2 moves taken back.")[1]
    assert "Pile 0 | /*\\ /*\\       2\nPile 1 | /*\\ /*\\ /*\\   3" in after_undo   # the start again
    assert HINT.search(after_undo)


def test_undo_is_refused_between_two_humans() -> None:
    out = run(PlayOptions(style="rajalakshmi", mode="hvh", piles=(3, 4)), ["0 1", "undo"])
    assert "Nothing to undo" in out


def test_undo_in_the_kuet_flow() -> None:
    out = run(PlayOptions(style="kuet", name="Ada", difficulty=1, piles=(3, 5), games=1),
              ["1", "1", "undo"])
    assert "Undone: 2 moves taken back." in out
    assert out.split("Undone: 2 moves taken back.")[1].count("/*\\") == 8     # 3 + 5 stones again


# -- save, --load, replay --record ---------------------------------------------------------


def test_save_load_and_replay_a_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.txt"
    status, out, _ = cli(monkeypatch, capsys,
                         ["play", "--style", "lab2", "--misere", "--difficulty", "3", "--piles", "1", "3", "5",
                          "7"], f"save\n3 2\nsave {record}\n")
    assert status == 0 and "save needs a file name" in out and f"Saved 2 moves to {record}" in out
    ai = re.search(r"^Player 1 takes (\d+) from pile (\d+)\.$", out, re.M)
    assert ai
    text = record.read_text()
    comments = [line for line in text.split("\n") if line.startswith("#")]
    assert {"# rules: misere", "# flow: lab2", "# seat 0: human Player 0",
            "# seat 1: ai level:3 Player 1", "# first: 0"} <= set(comments)
    lines = [line for line in text.split("\n") if not line.startswith("#")]
    assert lines[:5] == ["4", "1", "3", "5", "7"] and lines[5] == "3 2"
    assert lines[6] == f"{ai.group(2)} {ai.group(1)}" and lines[7:] == [""]
    # --load plays the saved moves and the game goes on from there
    status, out, _ = cli(monkeypatch, capsys, ["play", "--style", "lab2", "--misere", "--difficulty", "3",
                                               "--load", str(record)], "")
    assert status == 0 and "The saved game's 2 moves are played; the game goes on from" in out
    after = [1, 3, 5, 5]
    after[int(ai.group(2))] -= int(ai.group(1))
    for pile, size in enumerate(after):
        assert re.search(rf"^Pile {pile} \|.*\s{size}$", out, re.M)
    # replay --record annotates both players' moves; nobody answers
    status, out, _ = cli(monkeypatch, capsys, ["replay", str(record), "--misere", "--record", "--json"])
    data = json.loads(out)
    assert status == 0 and [step["player"] for step in data["steps"]] == ["Player 0", "Player 1"]
    assert data["final"] == after and data["ai"] == "" and data["rules_assumed"] is False
    assert data["steps"][0]["throws_away_win"] == (oracle_value("misere", (1, 3, 5, 7)) > 0
                                                   and oracle_value("misere", (1, 3, 5, 5)) > 0)


def test_load_refuses_bad_files_in_a_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("2\n3\n4\n0 9\n")
    status, _, err = cli(monkeypatch, capsys, ["play", "--style", "lab2", "--misere", "--load", str(bad)])
    assert status == 2 and "move 1 (0 9) is illegal on [3, 4]" in err and err.count("\n") == 1
    status, _, err = cli(monkeypatch, capsys, ["play", "--load", str(tmp_path / "none.txt")])
    assert status == 2 and "cannot read" in err
    status, _, err = cli(monkeypatch, capsys, ["play", "--load", str(bad), "--piles", "3"])
    assert status == 2 and "drop --piles" in err


# -- replay --ai / --level and the rules note ----------------------------------------------


def test_replay_names_its_rules_and_takes_another_ai(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "lab2.txt"
    game.write_text("4\n1\n3\n5\n7\n0 1\n1 1\n")
    status, out, _ = cli(monkeypatch, capsys, ["replay", str(game)])
    assert status == 0 and out.startswith("(No rule flag given: assuming normal play;")
    assert "NimX answers: NimX (optimal, Lab 2's tie-break)" in out
    status, out, _ = cli(monkeypatch, capsys, ["replay", str(game), "--misere"])
    assert "assuming" not in out
    status, out, _ = cli(monkeypatch, capsys, ["replay", str(game), "--misere", "--level", "1", "--seed", "2"])
    assert status == 0 and "NimX answers: Depth-limited alpha-beta (depth 1, 30% slips)" in out
    one_move = tmp_path / "one.txt"       # a random answer could make a later file move illegal
    one_move.write_text("4\n1\n3\n5\n7\n0 1\n")
    status, out, _ = cli(monkeypatch, capsys, ["replay", str(one_move), "--misere", "--ai", "random", "--json"])
    data = json.loads(out)
    assert status == 0 and data["ai"] == "Random" and len(data["steps"]) == 2
    position = Position((1, 3, 5, 7), "misere")        # every answer is legal, every value right
    for step in data["steps"]:
        assert step["value_before"] == oracle_value("misere", position.piles)
        position = position.apply(tuple(step["move"]))   # type: ignore[arg-type]
        assert list(position.piles) == step["after"]
    for argv, message in [(["--ai", "random", "--level", "1"], "not both"),
                          (["--record", "--level", "2"], "do not apply"),
                          (["--ai", "nope"], "unknown strategy 'nope'")]:
        status, _, err = cli(monkeypatch, capsys, ["replay", str(game), *argv])
        assert status == 2 and message in err


# -- answers refused in words (issue item 2) ------------------------------------------------


def test_a_number_too_long_is_too_large_with_the_limit() -> None:
    parse = move_parser(Position((3, 4, 5)), base=1)
    with pytest.raises(ValueError, match="a count of 40 digits is too large: at most 5 here"):
        parse("1 " + "9" * 40)
    with pytest.raises(ValueError, match="a pile number of 31 digits is too large: at most 3 here"):
        parse("1" * 31 + " 1")
    with pytest.raises(ValueError, match="separate the numbers with a space"):
        parse("0,2")
    assert tuple(parse("1 2")) == (0, 2)


def test_the_mode_prompt_lists_no_empty_option() -> None:
    parse = choice_parser({"": "hvai", **MODE_WORDS}, "the mode")
    with pytest.raises(ValueError) as refused:
        parse("9")
    assert str(refused.value) == "the mode must be one of 1, 2, 3, not '9'"
    out = run(PlayOptions(style="rajalakshmi"), ["9"])
    assert "the mode must be one of 1, 2, 3, not '9'" in out


def test_a_hint_past_the_search_budget_does_not_stop_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from nim.errors import SearchLimitError
    from nim.play.ingame import hint_line

    def too_big(*args: object, **kwargs: object) -> None:
        raise SearchLimitError("the search passed its node limit", reason="nodes")

    # the modules themselves (``nim.explain`` as an attribute is the lazily loaded function)
    monkeypatch.setattr(importlib.import_module("nim.solving.explain"), "explain", too_big)
    monkeypatch.setattr(importlib.import_module("nim.solving.defaults"), "solve", too_big)
    assert hint_line(Position((3, 4, 5))) == "Hint: none this time (the search passed its node limit)"


def test_numbers_too_long_are_too_large_in_every_prompt() -> None:
    from nim.play.console import piles_parser
    from nim.play.rajalakshmi import parse_rajalakshmi_piles, rajalakshmi_move_parser

    huge = "7" * 5000                      # past int()'s digit limit, too
    with pytest.raises(ValueError, match="a pile size of 5000 digits is too large: at most 1,000"):
        piles_parser(None)(huge)
    with pytest.raises(ValueError, match="not a number of 5000 digits"):
        parse_rajalakshmi_piles(f"3 {huge}")
    with pytest.raises(ValueError, match="A number of 5000 digits is too large: pile indices are 0 to 2"):
        rajalakshmi_move_parser(Position((3, 4, 5)))(f"1 {huge}")
    out = run(PlayOptions(style="lab2", rules=Rules(misere=True), difficulty=1), [huge])
    assert "a pile size of 5000 digits is too large" in out and huge not in out.replace(huge, "", 1)


@pytest.mark.parametrize("word", ["３", "٣", "1_0", "+3", "0x10", "3.0"])
def test_pile_prompt_takes_ascii_digits_only(word: str) -> None:
    """The pile-size prompt reads numbers as every other input does (docs/reference/command-line.md: ASCII digits
    0-9 only); int() alone would take the Unicode digits and the underscore."""
    from nim.play.console import piles_parser
    with pytest.raises(ValueError, match="is not a whole number"):
        piles_parser(None)(f"3 {word} 5")
    assert piles_parser(None)("3 4 5") == (3, 4, 5)


# -- the examples a prompt suggests are legal moves -----------------------------------------


@pytest.mark.parametrize("rule", ["normal", "misere,max=2", "normal,half", "misere,set=2;3", "normal,set=3;4"])
@pytest.mark.parametrize("piles", [(1, 4), (0, 5, 2), (7,), (2, 2, 9)])
def test_the_example_a_refusal_suggests_is_a_legal_move(rule: str, piles: Tuple[int, ...]) -> None:
    from nim.play.game import example_move

    position = Position(piles, rule)
    if position.is_terminal():
        return
    example = example_move(position, base=0)
    pile, count = map(int, example.split())
    assert count in oracle_takes(rule, piles[pile]), (rule, piles, example)
    said = f"e.g. {count}" if len(piles) == 1 else f"e.g. '{example}'"    # one pile: the count alone
    with pytest.raises(ValueError, match=re.escape(said)):
        move_parser(position, 0)("x y z")


@pytest.mark.parametrize("game, code", [("kayles", "0.77"), ("dawson-kayles", "0.07"), ("dawson-chess", "0.137"),
                                        ("grundy-game", "grundy-game")])
def test_the_pins_help_example_is_a_legal_move(game: str, code: str) -> None:
    from nim.play.ingame import split_moves_help
    from takebreak_oracle import options

    text = split_moves_help(1, "heap", Rules.game(game))
    found = re.search(r"'1 (\d+)(?: (\d+))?' on a heap of (\d+) leaves heaps of (\d+) and (\d+)", text)
    assert found, text
    numbers = [int(n) if n is not None else None for n in found.groups()]
    size, a, b = numbers[2], numbers[3], numbers[4]
    assert a is not None and b is not None and size is not None
    if code == "grundy-game":     # Grundy's game: HEAP PART, nothing taken
        assert numbers[1] is None and numbers[0] == a
    else:
        assert numbers[1] == a and numbers[0] == size - a - b
    assert tuple(sorted((a, b))) in options(code, size)


def test_a_hint_says_its_expert_terms_in_plain_words_once() -> None:
    out = run(PlayOptions(style="lab2", rules=Rules(misere=False), difficulty=3, piles=(3, 4, 5)),
              ["hint", "hint"])
    assert out.count("Hint: take 2 from pile 0: it leaves X = 0") == 2          # 3 ^ 4 ^ 5 = 2: pile 0 to 1
    assert out.count("(X is the nim-sum: the pile sizes combined by XOR") == 1
    assert "add each column without carrying" in out
    out = run(PlayOptions(style="pins", rules=Rules.game("kayles"), piles=(4, 6)), ["hint"])
    assert "X is the XOR of the Grundy values, not of the sizes: each heap's value in the nim-sequence" in out
    assert "X is the nim-sum" not in out and "g is one heap's Grundy value" in out and "mex:" in out


def test_misere_and_pins_jargon_comes_after_the_words() -> None:
    """Issue 40, item 4: the quotient's hint and the pins intro say in words what they mean
    before the algebra; Dawson's genus speaks of nim-heaps of 2."""
    import nim

    out = run(PlayOptions(style="pins", rules=Rules.game("kayles", misere=True), piles=(5, 6)), ["hint"])
    hint = next(line for line in out.splitlines() if line.startswith("Hint:"))
    assert hint.index("the opponent loses against best play") < hint.index("product")
    assert "(the product: misère play sorts positions" in out
    intro = out.splitlines()[0]
    assert intro.index("knocks over") < intro.index("bit 1") and "(The code, for reference:" in intro
    out = run(PlayOptions(style="pins", rules=Rules(octal="0.137"), piles=(5, 6)), [])
    intro = out.splitlines()[0]
    # 0.137: 1 pin only as a whole row; 2 as a whole row or from an end; 3 every way
    assert intro.startswith("A move knocks over 1 pin (a row of just 1) or 2 adjacent pins (a row of just 2, "
                            "from the end of a longer row) or 3 adjacent pins (a row of just 3, from the end "
                            "of a longer row, from inside a row, splitting it in two).")
    text = nim.explain([5, 6], Rules.game("dawson-kayles", misere=True)).text
    assert "nim-heaps of 2" in text and "... heaps of 2" not in text
