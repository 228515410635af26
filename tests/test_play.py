"""`nimcore play`: every flow driven through stdin as a user would, bad input included."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from typing import List, Optional, Tuple

import pytest

from nim import Move, Position, Rules
from nim.board import STONE, render_board
from nim.cli import main
from nim.play import Console, PlayOptions, format_score_table, run_style, score_table
from nim.theory import grundy_value

BOARD_LINE = re.compile(r"^Pile\s+(\d+) \| .*?\s(\d+)$")


class User(io.StringIO):
    """A user at the keyboard: types the scripted answers, then plays moves read off the board
    (take 1 from the first non-empty pile), and ends the input after ``moves`` moves."""

    def __init__(self, script: List[str], screen: io.StringIO, moves: int = 200,
                 take: int = 1) -> None:
        super().__init__()
        self.script = list(script)
        self.screen = screen
        self.moves = moves
        self.take = take

    def readline(self, size: Optional[int] = -1) -> str:  # type: ignore[override]
        if self.script:
            return self.script.pop(0) + "\n"
        if self.moves <= 0:
            return ""
        self.moves -= 1
        return self._move_from_board() + "\n"

    def _move_from_board(self) -> str:
        lines = self.screen.getvalue().splitlines()
        piles: List[int] = []
        for line in reversed(lines):
            match = BOARD_LINE.match(line)
            if match:
                piles.insert(0, int(match.group(2)))
                if match.group(1) == "1":
                    break
            elif piles:
                break
        pile = next(i for i, p in enumerate(piles) if p >= 2 or (p == 1 and self.take == 1))
        return f"{pile + 1} {min(self.take, piles[pile])}"


def drive(options: PlayOptions, script: List[str], moves: int = 200, take: int = 1) -> Tuple[int, str]:
    screen = io.StringIO()
    user = User(script, screen, moves, take)
    status = run_style(options, Console(user, screen))
    return status, screen.getvalue()


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: List[str],
         typed: str = "") -> Tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(["play", *argv])
    out, err = capsys.readouterr()
    return status, out, err


# -- AI vs AI -------------------------------------------------------------------------------


def test_aivai_plays_a_whole_game_without_input(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, ["--mode", "aivai", "--piles", "3", "4", "5", "--seed", "1"])
    assert status == 0 and err == ""
    assert out.rstrip().endswith("AI 1 (Optimal) wins!")    # 3 4 5 is won for the first
    assert "?" not in out and "\033[" not in out                   # no question, no colour
    position = Position((3, 4, 5))                                 # the moves shown replay legally
    for count, pile in re.findall(r"takes (\d+) from pile (\d+)\.", out):
        position = position.apply(Move(int(pile) - 1, int(count)))
    assert position.piles == (0, 0, 0)


def test_aivai_same_seed_same_game(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--mode", "aivai", "--ai", "random,random", "--piles", "5", "6", "7", "--seed", "9",
            "--games", "3"]
    first = play(monkeypatch, capsys, argv)
    assert first == play(monkeypatch, capsys, argv)
    assert "Score: AI 1 (Random)" in first[1]


# -- KUET -------------------------------------------------------------------------------------


def test_kuet_easy_with_bad_input_at_every_prompt(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    typed = "\n".join(["", "Ada", "maybe", "y", "7", "1",          # name, y/n, difficulty
                       "x", "9 1", "1 4", "0 1", "1 1",            # game 1: bad moves, then one
                       "1 1", "1 1"]) + "\n"                        # games 2 and 3
    status, out, err = play(monkeypatch, capsys, ["--style", "kuet", "--piles", "1", "1", "--seed", "1"],
                            typed)
    assert status == 0 and err == ""
    assert "Hello! I am NimX" in out
    for reason in ["a name cannot be empty", "answer y or n, not 'maybe'",
                   "the difficulty must be one of 1, 2, not '7'", "'x' is not a move",
                   "there is no pile 9", "you cannot take 4 from pile 1 (it has 1): take 1",
                   "there is no pile 0"]:
        assert reason in out
    assert out.count("please try again") == 7
    assert "IDA* wins: [1, 1, 1]" in out           # 1 1, human first: NimX takes the last
    assert "Thanks for playing, Ada!" in out
    assert out.count(STONE) > 0


def test_kuet_easy_on_random_boards() -> None:
    status, out = drive(PlayOptions(style="kuet", seed=4), ["Bo", "y", "1"])
    assert status == 0
    boards = out.count("=== Game")
    assert boards == 3
    match = re.search(r"IDA\* wins: \[(\d), (\d), (\d)\]", out)
    assert match
    assert sum(map(int, match.groups())) == out.count("NimX wins!")
    first_boards = re.findall(r"=== Game \d of 3.*?===\n\n((?:Pile.*\n)+)", out)
    for board in first_boards:      # 2 to 3 piles of 1 to 6
        sizes = [int(line.split()[-1]) for line in board.splitlines()]
        assert 2 <= len(sizes) <= 3 and all(1 <= s <= 6 for s in sizes)


def test_kuet_hard_selection_step() -> None:
    status, out = drive(PlayOptions(style="kuet", seed=2), ["Cy", "yes", "2"])
    assert status == 0
    assert out.count("=== Game") == 6
    assert [m for m in re.findall(r"NimX plays (\S+)\)", out)] == ["Minimax", "Alpha-Beta"] * 3
    chromosomes = dict(re.findall(r"^(Minimax|Alpha-Beta) chromosome: (\[.*\])$", out, re.M))
    genes = {k: eval(v) for k, v in chromosomes.items()}
    assert set(genes) == {"Minimax", "Alpha-Beta"} and all(len(g) == 3 for g in genes.values())
    assert sum(map(sum, genes.values())) == out.count("NimX wins!")
    for name, g in genes.items():
        assert f"{name} fitness: {sum(g) / 3:.2f}" in out
    best = "Minimax" if sum(genes["Minimax"]) >= sum(genes["Alpha-Beta"]) else "Alpha-Beta"
    assert f"Selected algorithm: {best}" in out
    assert f"Selected chromosome: {genes[best]}" in out


def test_kuet_human_can_win_and_max_three_is_enforced() -> None:
    # a single pile of 3, human first: taking all 3 wins; 4 is refused
    status, out = drive(PlayOptions(style="kuet", piles=(3,), name="Di", difficulty=1),
                        ["1 4", "1 3", "1 3", "1 3"])
    assert status == 0 and "take 1 to 3" in out
    assert "IDA* wins: [0, 0, 0]" in out and out.count("Di wins!") == 3


def test_kuet_no_thanks(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--style", "kuet"], "Ed\nn\n")
    assert status == 0 and "Maybe next time, Ed. Goodbye!" in out and "Pile" not in out


# -- Rajalakshmi -----------------------------------------------------------------------------


def test_rajalakshmi_menu_mode_and_piles_prompts() -> None:
    status, out = drive(PlayOptions(seed=1), ["9", "2", "4", "1", "abc", "-1", "1 2 x", ""])
    assert status == 0
    for reason in ["the game must be one of 1, 2, 3, 4, not '9'", "the mode must be one of",
                   "'abc' is not a whole number", "pile sizes must be at least 1, not -1",
                   "'x' is not a whole number"]:
        assert reason in out
    assert "Pile 1 | /*\\ /*\\ /*\\ " in out              # the default 3 4 5
    assert re.search(r"(Human|AI \(Optimal\)) wins!", out)
    assert "AI (Optimal) wins!" in out         # 3 4 5: the human's 1-stone moves lose


def test_rajalakshmi_human_wins(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--mode", "hvai", "--piles", "2", "--name", "Flo"], "1 2\n")
    assert status == 0 and "Flo takes 2 from pile 1." in out and "Flo wins!" in out


def test_rajalakshmi_ai_first(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--mode", "hvai", "--piles", "3", "--first", "ai"])
    assert status == 0 and "AI (Optimal) takes 3 from pile 1." in out
    assert "Human cannot move" in out


def test_human_vs_human() -> None:
    status, out = drive(PlayOptions(style="rajalakshmi", mode="hvh", piles=(2, 1)), [])
    assert status == 0
    # moves 1 1, 1 1, 2 1: player 1 takes the last stone
    assert "Player 2 cannot move. Player 1 wins!" in out


# -- Lab 2 ------------------------------------------------------------------------------------


def test_lab2_misere_and_levels() -> None:
    status, out = drive(PlayOptions(style="lab2", seed=3), ["perhaps", "y", "0", "hard", "", ])
    assert status == 0
    assert "answer y or n, not 'perhaps'" in out and "the difficulty must be one of 1, 2, 3" in out
    assert "Rules: misere." in out
    assert "AI (Depth-limited alpha-beta (depth 4))" in out
    assert out.count("Pile 4 |") >= 1                     # the default 1 3 5 7


def test_lab2_flags(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--misere", "--difficulty", "1", "--mode", "aivai",
                                                 "--piles", "1", "3", "5", "7", "--seed", "1"])
    assert status == 0 and "Rules: misere." in out and "depth 1" in out and "wins!" in out


# -- forejune ---------------------------------------------------------------------------------


def test_forejune_table_and_ai_first(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--style", "forejune", "--piles", "20", "--table",
                                                 "--seed", "1"], "1 1\n" * 20)
    assert status == 0
    first_move = re.search(r"^(.*) takes \d+ from pile 1\.$", out, re.M)
    assert first_move and first_move.group(1).startswith("AI")
    assert "W: the player to move wins" in out
    rules = Rules(take="half")
    marks = re.findall(r"^    ((?:\s+[WL])+)$", out, re.M)
    table = "".join(marks).split()
    assert table == ["W" if grundy_value(n, rules) else "L" for n in range(1, 21)]
    assert re.search(r"cannot move\. .* wins!", out)


def test_forejune_pile_prompt_and_bad_moves() -> None:
    status, out = drive(PlayOptions(style="forejune", seed=5), ["x", "3 4", "0", "6", "3", "1 9"],
                        take=1)
    assert status == 0
    assert "'x' is not a whole number" in out and "type one pile size, not 2" in out
    assert "pile sizes must be at least 1, not 0" in out
    assert "you cannot take 3 from pile 1" in out   # half of what is left


def test_score_table_is_the_grundy_table() -> None:
    for rules in [Rules(take="half"), Rules(take="max", k=3), Rules(misere=True, take="half")]:
        table = score_table(30, rules)
        if not rules.misere:
            assert table == [grundy_value(n, rules) != 0 for n in range(31)]
        assert "n" in format_score_table(30, rules)
    assert score_table(1, Rules(misere=True, take="half")) == [True, True]


# -- end of input, Ctrl-C, quit, bad flags -----------------------------------------------------


@pytest.mark.parametrize("argv,typed", [
    ([], ""),                                           # the game menu
    (["--style", "kuet"], ""),                          # name
    (["--style", "kuet"], "Al\n"),                      # y/n
    (["--style", "kuet"], "Al\ny\n"),                   # difficulty
    (["--style", "kuet", "--piles", "4"], "Al\ny\n1\n"),  # a move
    (["--style", "rajalakshmi"], ""),                   # mode
    (["--style", "rajalakshmi", "--mode", "hvh"], ""),  # piles
    (["--style", "lab2"], "y\n"),                       # difficulty
    (["--style", "forejune"], ""),                      # pile size
])
def test_end_of_input_at_any_prompt_ends_cleanly(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str],
                                                 argv: List[str], typed: str) -> None:
    status, out, err = play(monkeypatch, capsys, argv, typed)
    assert status == 0 and err == ""
    assert out.rstrip().endswith("End of input: goodbye.")


def test_ctrl_c_and_quit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class CtrlC(io.StringIO):
        def readline(self, size: Optional[int] = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", CtrlC())
    assert main(["play", "--style", "kuet"]) == 130
    out, err = capsys.readouterr()
    assert "Interrupted" in out and "Traceback" not in out + err
    status, out, _ = play(monkeypatch, capsys, ["--mode", "hvh", "--piles", "3"], "q\n")
    assert status == 0 and out.rstrip().endswith("Goodbye.")


@pytest.mark.parametrize("argv,message", [
    (["--style", "kuet", "--difficulty", "3"], "--difficulty '3'"),
    (["--difficulty", "hardest"], "level number"),
    (["--piles", "3", "x"], "'x'"),
    (["--piles", "3", "-1"], "non-negative"),
    (["--piles", "0", "0"], "at least one stone"),
    (["--ai", "nope"], "unknown strategy 'nope'"),
    (["--games", "0"], "--games must be at least 1"),
    (["--style", "forejune", "--piles", "3", "4"], "one pile"),
    (["--misere", "--normal"], "not both"),
])
def test_bad_flags_are_one_line_errors(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str],
                                       argv: List[str], message: str) -> None:
    status, out, err = play(monkeypatch, capsys, argv)
    assert status == 2
    assert err.startswith("nimcore: error:") and message in err and err.count("\n") == 1


def test_piped_stdin_in_a_real_process() -> None:
    command = [sys.executable, "-m", "nim", "play", "--style", "kuet", "--piles", "1", "1"]
    done = subprocess.run(command, input="Gus\ny\n1\n1 1\n", capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert "NimX wins!" in done.stdout and "End of input: goodbye." in done.stdout
    assert "\033[" not in done.stdout
    done = subprocess.run([sys.executable, "-m", "nim", "play", "--mode", "aivai", "--piles", "3",
                           "4", "5", "--seed", "1"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "wins!" in done.stdout


# -- the board --------------------------------------------------------------------------------


def test_board_stones_and_colour() -> None:
    text = render_board((3, 0, 6))
    assert [line.count(STONE) for line in text.splitlines()] == [3, 0, 6]
    assert "\033[" not in text and "\033[" in render_board((3, 0, 6), color=True)
    plain = io.StringIO()
    Console(io.StringIO(), plain).board((1, 2))
    assert "\033[" not in plain.getvalue()
    coloured = io.StringIO()
    Console(io.StringIO(), coloured, color=True).board((1, 2))
    assert "\033[" in coloured.getvalue()


def test_colour_follows_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Console(io.StringIO(), Terminal()).color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Console(io.StringIO(), Terminal()).color
    assert not Console(io.StringIO(), io.StringIO()).color


def test_easy_mode_with_another_ai_names_it() -> None:
    status, out = drive(PlayOptions(style="kuet", name="Hal", difficulty=1, piles=(1, 1), ai=["random"],
                                    games=2), [])
    assert status == 0 and "Random wins: [1, 1]" in out
