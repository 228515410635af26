"""`nimcore play`: every flow driven through stdin as a user would, bad input included."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

from nim import Move, Position, Rules
from nim.play.board import STONE, render_board
from nim.cli import main
from nim.play.console import Console
from nim.play.flows import run_style
from nim.play.session import PlayOptions
from nim.play.forejune import format_score_table, score_table
from nim.solving.theory import grundy_value

STONE_LINE = re.compile(r"^Pile\s+(\d+) \| .*?\s(\d+)$")       # Lab 2, forejune
KUET_LINE = re.compile(r"^Pile_no (\d+):\s*(.*)$")
RAJALAKSHMI_LINE = re.compile(r"^Piles: (.*)$")


def board_on(screen: str) -> List[int]:
    """The piles of the last board drawn on the screen, whatever the style."""
    lines = screen.splitlines()
    for at in range(len(lines) - 1, -1, -1):
        line = lines[at]
        match = RAJALAKSHMI_LINE.match(line)
        if match:
            return [int(cell.split(":")[1]) for cell in match.group(1).split()]
        if KUET_LINE.match(line) or STONE_LINE.match(line):
            block = []
            while at >= 0 and (KUET_LINE.match(lines[at]) or STONE_LINE.match(lines[at])):
                block.insert(0, lines[at])
                at -= 1
            piles = []
            for row in block:
                stone = STONE_LINE.match(row)
                if stone:
                    piles.append(int(stone.group(2)))
                else:
                    kuet = KUET_LINE.match(row)
                    assert kuet is not None
                    piles.append(kuet.group(2).count(STONE))
            return piles
    raise AssertionError("no board on the screen")


class User(io.StringIO):
    """A user at the keyboard: types the scripted answers, then answers each move
    question from the board on the screen (take ``take`` from the first pile that
    can give it), and ends the input after ``moves`` moves."""

    def __init__(self, script: List[str], screen: io.StringIO, moves: int = 200,
                 take: int = 1) -> None:
        super().__init__()
        self.script = list(script)
        self.screen = screen
        self.moves = moves
        self.take = take
        self._count = 1

    def readline(self, size: Optional[int] = -1) -> str:  # type: ignore[override]
        if self.script:
            return self.script.pop(0) + "\n"
        text = self.screen.getvalue()
        prompt = text.splitlines()[-1] if text else ""
        if "How many stones" in prompt:          # KUET's second question
            return f"{self._count}\n"
        if self.moves <= 0:
            return ""
        self.moves -= 1
        piles = board_on(text)
        pile = next(i for i, p in enumerate(piles) if p >= 2 or (p == 1 and self.take == 1))
        self._count = min(self.take, piles[pile])
        if "From which pile" in prompt:          # KUET: piles from 1, count asked next
            return f"{pile + 1}\n"
        if "how many do you take" in prompt:    # forejune: one pile
            return f"{self._count}\n"
        base = 0 if ("pile_index" in prompt) else 1
        return f"{pile + base} {self._count}\n"


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


# -- AI vs AI ------------------------------------------------------------------------------


def test_aivai_plays_a_whole_game_without_input(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, ["--mode", "aivai", "--piles", "3", "4", "5", "--seed", "1"])
    assert status == 0 and err == ""
    assert "Player 0: the AI (Nim-sum); Player 1: the AI (Nim-sum)." in out   # distinct names
    assert out.rstrip().endswith("Game over. Player 0 wins!")     # 3 4 5 is won for the first
    assert "Player 0 took the last object: Player 0 wins (normal play" in out
    assert "?" not in out and "\033[" not in out                   # no question, no colour
    position = Position((3, 4, 5))                                 # the moves shown replay legally
    for count, pile in re.findall(r"removes (\d+) from pile \[(\d+)\]\.", out):
        position = position.apply(Move(int(pile), int(count)))
    assert position.piles == (0, 0, 0)


def test_aivai_same_seed_same_game(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--mode", "aivai", "--ai", "random,random", "--piles", "5", "6", "7", "--seed", "9",
            "--games", "3"]
    first = play(monkeypatch, capsys, argv)
    assert first == play(monkeypatch, capsys, argv)
    assert "Score: Player 0 " in first[1]


# -- KUET: the report's lines verbatim ----------------------------------------------------------

KUET_OPENING = [
    "Hello!!! I am NimX...",
    "What is your name??? Fiza",
    "Do you want to play with me???",
    "If you want then press 'y' otherwise press 'n' y",
    "Choose difficulty level:",
    "1. Easy (NimX uses IDA*)",
    "2. Hard (NimX uses Minimax and Alpha-Beta)",
    "Enter 1 or 2: 1",
]


def test_kuet_easy_transcript_as_the_report() -> None:
    # the report's demo: piles 3 5 3, Fiza takes 3 from pile 1, NimX (IDA*) takes 1 from pile 2
    status, out = drive(PlayOptions(style="kuet", piles=(3, 5, 3), games=1, seed=1),
                        ["Fiza", "y", "1", "1", "3"], take=3)
    assert status == 0
    lines = out.splitlines()
    assert lines[:8] == KUET_OPENING
    at = lines.index("Let's see how the board is looking right now...")
    assert lines[at + 1:at + 6] == ["-----", "Pile_no 1: " + STONE * 3, "Pile_no 2: " + STONE * 5,
                                    "Pile_no 3: " + STONE * 3, "-----"]
    assert lines[at + 6:at + 10] == [
        "NimX is playing using IDA*.....",
        "->->->->->->->->->->->->->->->->->->->",
        "From which pile you want to remove stones, Fiza??: 1",
        "How many stones do you want to remove (maximum 3)??: 3",
    ]
    assert lines[at + 10:at + 19] == [
        "NimX removes 1 stones from pile 2.", "", "After NimX's turn,,,",
        "Let's see how the board is looking right now...", "-----", "Pile_no 1:",
        "Pile_no 2: " + STONE * 4, "Pile_no 3: " + STONE * 3, "-----",
    ]
    assert re.search(r"^IDA\* wins: \[[01]\]$", out, re.M)
    assert "Genetic algorithm is not applicable in Easy mode." in lines
    assert re.search(r"^(Fiza|NimX) took the last stone: \1 wins this game \(whoever takes the "
                     r"last stone wins\)\.$", out, re.M)


def test_kuet_easy_with_bad_input_at_every_prompt(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    typed = "\n".join(["", "Ada", "maybe", "y", "7", "1",           # name, y/n, difficulty
                       "x", "9", "1", "4", "0", "1", "1",             # game 1: bad answers, then 1 1
                       "1", "1", "1", "1"]) + "\n"                     # games 2 and 3
    status, out, err = play(monkeypatch, capsys, ["--style", "kuet", "--piles", "1", "1", "--seed", "1"],
                            typed)
    assert status == 0 and err == ""
    assert "Hello!!! I am NimX..." in out
    for reason in ["a name cannot be empty", "answer y or n, not 'maybe'",
                   "the difficulty must be one of 1, 2, not '7'", "'x' is not a pile number",
                   "there is no pile 9", "you cannot take 4 from pile 1 (it has 1): take 1 to 1",
                   "there is no pile 0"]:
        assert reason in out
    assert out.count("please try again") == 7
    assert "IDA* wins: [1, 1, 1]" in out           # 1 1, human first: NimX takes the last
    assert "Thanks for playing, Ada!" in out


def test_kuet_easy_on_random_boards() -> None:
    status, out = drive(PlayOptions(style="kuet", seed=4), ["Bo", "y", "1"])
    assert status == 0
    assert out.count("NimX is playing using IDA*.....") == 3
    match = re.search(r"IDA\* wins: \[(\d), (\d), (\d)\]", out)
    assert match
    assert sum(map(int, match.groups())) == out.count("NimX took the last stone")
    first_boards = re.findall(r"Game \d of 3\nLet's see.*\n-----\n((?:Pile_no.*\n)+)-----", out)
    assert len(first_boards) == 3
    for board in first_boards:      # 2 to 3 piles of 1 to 6
        sizes = [line.count(STONE) for line in board.splitlines()]
        assert 2 <= len(sizes) <= 3 and all(1 <= s <= 6 for s in sizes)


def test_kuet_hard_selection_step() -> None:
    status, out = drive(PlayOptions(style="kuet", seed=2), ["Cy", "yes", "2"])
    assert status == 0
    assert re.findall(r"NimX is playing using (\S+)\.\.\.\.\.", out) == ["Minimax", "Alpha-Beta"] * 3
    chromosomes = dict(re.findall(r"^(Minimax|Alpha-Beta) chromosome \(wins\): (\[.*\])$", out, re.M))
    genes = {k: eval(v) for k, v in chromosomes.items()}
    assert set(genes) == {"Minimax", "Alpha-Beta"} and all(len(g) == 3 for g in genes.values())
    assert sum(map(sum, genes.values())) == out.count("NimX took the last stone")
    assert "1 represents wins and 0 represents lose" in out
    assert f"Algorithm: Minimax, Fitness: {sum(genes['Minimax']) / 3}" in out
    assert f"Algorithm: Alpha_Beta, Fitness: {sum(genes['Alpha-Beta']) / 3}" in out
    best = "Minimax" if sum(genes["Minimax"]) >= sum(genes["Alpha-Beta"]) else "Alpha-Beta"
    shown = {"Minimax": "Minimax", "Alpha-Beta": "Alpha_Beta"}[best]
    assert f"Selected Chromosome: {genes[best]} with algorithm: {shown}" in out


def test_kuet_hard_never_stops_on_large_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    # the prompts accept these boards; a search past its budget hands over to the exact solver
    import nim.play.players as players

    monkeypatch.setattr(players, "MINIMAX_NODE_LIMIT", 5000)
    monkeypatch.setattr(players, "SEARCH_NODE_LIMIT", 5000)
    status, out = drive(PlayOptions(style="kuet", piles=(15, 15, 15), games=2, name="Di",
                                    difficulty=2), [], take=3)
    assert status == 0
    assert "the exact solver (theory) chose the move" in out
    assert "Selected Chromosome" in out and "Raise the" not in out


def test_kuet_human_can_win_and_max_three_is_enforced() -> None:
    # a single pile of 3, human first: taking all 3 wins; 4 is refused
    status, out = drive(PlayOptions(style="kuet", piles=(3,), name="Di", difficulty=1),
                        ["1", "4", "1", "3", "1", "3", "1", "3"])
    assert status == 0 and "take 1 to 3" in out
    assert "IDA* wins: [0, 0, 0]" in out
    assert out.count("Di took the last stone: Di wins this game") == 3


def test_kuet_no_thanks(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--style", "kuet"], "Ed\nn\n")
    assert status == 0 and "Maybe next time, Ed. Goodbye!" in out and "Pile" not in out


# -- Rajalakshmi: the report's transcript ---------------------------------------------------------

RAJALAKSHMI_TRANSCRIPT = [    # the report's OUTPUT, in order (our extra lines in between)
    "Mode (1=H vs AI, 2=H vs H, 3=AI vs AI) [default 1]: 1",
    "Enter piles as space-separated integers (press Enter for default 3 4 5): 3 4 5",
    "Starting piles:",
    "Piles: [0]:3 [1]:4 [2]:5",
    "Piles: [0]:3 [1]:4 [2]:5",
    "Enter 'pile_index remove_count' (e.g. '1 3'): 2 5",
    "Piles: [0]:3 [1]:3 [2]:0",
    "Enter 'pile_index remove_count' (e.g. '1 3'): 1 4",
    "Pile 1 only has 3 stones.",
    "Piles: [0]:3 [1]:3 [2]:0",                 # the board again after a refused move
    "Enter 'pile_index remove_count' (e.g. '1 3'): 0 3",
    "Game over. Player 1 wins!",
]


def test_rajalakshmi_transcript_as_the_report(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, ["--style", "rajalakshmi"], "1\n3 4 5\n2 5\n1 4\n0 3\n")
    assert status == 0 and err == ""
    lines = out.splitlines()
    at = 0
    for expected in RAJALAKSHMI_TRANSCRIPT:
        at = lines.index(expected, at) + 1
    assert "Player 1 took the last object: Player 1 wins (normal play" in out


def test_rajalakshmi_defaults_and_fallbacks() -> None:
    # Enter at the mode prompt: mode 1; bad piles: the report's message and 3 4 5; zeros allowed
    status, out = drive(PlayOptions(style="rajalakshmi"), ["", "3 x 5"])
    assert status == 0
    assert "Invalid piles input: Invalid integer in piles: 'x'. Using default [3,4,5]." in out
    assert "Player 0: you; Player 1: the AI (Nim-sum)." in out
    status, out = drive(PlayOptions(style="rajalakshmi"), ["2", "-1 2"])
    assert "Invalid piles input: Pile sizes must be non-negative. Using default [3,4,5]." in out
    status, out = drive(PlayOptions(style="rajalakshmi"), ["3", "0 2 0"])
    assert "Starting piles:\nPiles: [0]:0 [1]:2 [2]:0" in out and "Game over. Player 0 wins!" in out
    status, out = drive(PlayOptions(style="rajalakshmi"), ["3", "0 0"])
    assert "No move is possible: Player 0 cannot move, so Player 1 wins" in out


def test_rajalakshmi_refusals_in_the_reports_words() -> None:
    status, out = drive(PlayOptions(style="rajalakshmi", mode="hvh", piles=(3,)),
                        ["", "1", "x y", "1 1", "0 0", "0 9", "0 3"])
    assert status == 0
    for reason in ["Empty input — try again.", "Enter exactly two integers.",
                   "Invalid input. Use two integers like: 1 2", "Invalid pile index. Try again.",
                   "You must remove at least 1.", "Pile 0 only has 3 stones."]:
        assert reason + "\n" in out
    assert "Game over. Player 0 wins!" in out


def test_rajalakshmi_ai_plays_the_reports_rule() -> None:
    # x = 0: one object from the largest pile; else the first pile with p ^ x < p
    status, out = drive(PlayOptions(style="rajalakshmi", mode="aivai", piles=(1, 2, 3, 5)), [])
    assert status == 0
    first = re.findall(r"^(Player \d) removes (\d+) from pile \[(\d)\]\.$", out, re.M)[:2]
    assert first[0] == ("Player 0", "5", "3")      # x = 5: 1^5, 2^5, 3^5 > pile; 5^5 = 0
    assert first[1] == ("Player 1", "1", "2")      # [1, 2, 3, 0]: x = 0, the largest pile is 2


def test_rajalakshmi_human_wins(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--mode", "hvai", "--piles", "2", "--name", "Flo"], "0 2\n")
    assert status == 0 and "Flo removes 2 from pile [0]." in out and "Game over. Flo wins!" in out


def test_rajalakshmi_ai_first(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--mode", "hvai", "--piles", "3", "--first", "ai"])
    assert status == 0 and "Player 1 removes 3 from pile [0]." in out
    assert "Player 1 took the last object: Player 1 wins" in out
    assert "cannot move. " not in out


def test_human_vs_human() -> None:
    status, out = drive(PlayOptions(style="rajalakshmi", mode="hvh", piles=(2, 1)), [])
    assert status == 0
    # moves 0 1, 0 1, 1 1: player 0 takes the last stone
    assert "Player 0 took the last object: Player 0 wins (normal play" in out


# -- Lab 2 ------------------------------------------------------------------------------------


def test_lab2_misere_and_levels() -> None:
    status, out = drive(PlayOptions(style="lab2", seed=3), ["perhaps", "y", "0", "hard", "", ])
    assert status == 0
    assert "answer y or n, not 'perhaps'" in out and "the difficulty must be one of 1, 2, 3" in out
    assert "Rules: misere." in out and "Piles are numbered from 0" in out
    assert "Player 0: you; Player 1: the AI (Depth-limited alpha-beta (depth 4))." in out
    assert out.count("Depth-limited") == 1                # named once; the move lines use "Player 1"
    assert out.count("Pile 3 |") >= 1 and "Pile 4 |" not in out        # the default 1 3 5 7, from 0
    assert re.search(r"took the last object: .* wins \(misère play: whoever takes the last object "
                     r"loses\)\.", out)


def test_lab2_flags(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--misere", "--difficulty", "1", "--mode", "aivai",
                                                 "--piles", "1", "3", "5", "7", "--seed", "1"])
    assert status == 0 and "Rules: misere." in out and "depth 1, 30% slips" in out and "wins (" in out


def test_lab2_moves_are_numbered_from_zero() -> None:
    status, out = drive(PlayOptions(style="lab2", rules=Rules(misere=True), difficulty=3,
                                    piles=(2, 2)), ["1 1"])
    assert "Player 0 takes 1 from pile 1." in out
    assert "Pile 0 | /*\\ /*\\   2\nPile 1 | /*\\       1" in out


# -- forejune ---------------------------------------------------------------------------------


def _half_scores(upto: int) -> List[int]:
    """The seed's DP by memoised recursion: 1 when the mover wins a pile of n (take 1 to n // 2;
    the player left with 1 loses), else -1."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def score(n: int) -> int:
        return 1 if any(score(n - k) == -1 for k in range(1, n // 2 + 1)) else -1

    return [score(n) for n in range(1, upto + 1)]


FOREJUNE_AI = re.compile(r"^AI takes (\d+), (\d+) remain$")
FOREJUNE_YOU = re.compile(r"^You take (\d+), (\d+) remain$")
FOREJUNE_ASK = re.compile(r"^Your turn\. Enter number \(1-(\d+)\): (.*)$")


def check_forejune_game(out: str, start: int, ai_first: bool = True) -> None:
    """Every line of a forejune game is one of the seed's, and the arithmetic holds:
    the prompt's range is 1 to n // 2, each "remain" is right, a winning AI leaves a
    lost pile, and the ending names the player left with 1."""
    scores = _half_scores(start)
    lines = out.splitlines()
    opening = "AI moves first." if ai_first else "You move first."
    assert f"{opening} Starting with n = {start}" in lines
    n = start
    last = ""
    for line in lines[lines.index(f"{opening} Starting with n = {start}") + 1:]:
        ai, you, ask = FOREJUNE_AI.match(line), FOREJUNE_YOU.match(line), FOREJUNE_ASK.match(line)
        if ask:
            assert int(ask.group(1)) == n // 2
        elif ai or you:
            match = ai or you
            assert match is not None
            take, left = int(match.group(1)), int(match.group(2))
            assert 1 <= take <= n // 2 and left == n - take
            if ai and scores[n - 1] == 1:
                assert scores[left - 1] == -1, f"the AI threw away the win at n = {n}"
            n, last = left, "AI" if ai else "You"
        elif line in ("You lost!", "AI lost; you won!"):
            assert n == 1
            assert line == ("You lost!" if last == "AI" else "AI lost; you won!")
            return
        else:
            assert line.startswith(("Invalid move; try again: ", "Hint: ", "  ", "While a game")), line
    raise AssertionError("the game has no ending line")


def test_forejune_speaks_its_seeds_lines(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, ["--style", "forejune", "--table", "--seed", "1"],
                          "20\n" + "1\n" * 20)
    assert status == 0
    assert out.startswith("Enter number of blocks you want to start (2 to 10000): 20\n")
    scores = [int(v) for row in re.findall(r"^score: (.*)$", out, re.M) for v in row.split(",")]
    assert scores == _half_scores(20)               # the seed's "score: -1, 1, -1, 1, 1, 1, -1" line
    assert "score: " + ", ".join(f"{v:>3}" for v in _half_scores(7)) in out
    check_forejune_game(out, 20)
    for word in ("Player", "how many do you take", "Pile size", " W ", "The AI moves first"):
        assert word not in out


@pytest.mark.parametrize("seed", range(6))
def test_forejune_games_against_the_seed_lines(seed: int) -> None:
    start = 5 + 7 * seed
    status, out = drive(PlayOptions(style="forejune", piles=(start,), seed=seed), ["1"] * 60)
    assert status == 0
    check_forejune_game(out, start)


def test_forejune_first_human_and_two_humans() -> None:
    status, out = drive(PlayOptions(style="forejune", piles=(9,), first="human", seed=2), ["1"] * 20)
    assert status == 0 and "AI moves first" not in out
    check_forejune_game(out, 9, ai_first=False)
    status, out = drive(PlayOptions(style="forejune", piles=(6,), mode="hvh"), ["1"] * 20)
    assert status == 0 and "AI" not in out
    assert "Player 1 moves first. Starting with n = 6" in out
    assert "Player 1, your turn. Enter number (1-3): 1" in out and "Player 2 takes 1, 4 remain" in out
    assert out.rstrip().endswith("Player 2 lost; Player 1 won!")   # 6 5 4 3 2 1: Player 2 is left with 1


def test_forejune_pile_prompt_and_bad_moves() -> None:
    status, out = drive(PlayOptions(style="forejune", seed=5, first="human"),
                        ["x", "3 4", "0", "1", "9", "5", "0", "1" + "0" * 40, "2,", "1"] + ["1"] * 10)
    assert status == 0
    assert "'x' is not a whole number" in out and "type one pile size, not 2" in out
    assert "pile sizes must be at least 1, not 0" in out
    assert "the pile needs at least 2 objects" in out
    assert "Your turn. Enter number (1-4): 5\nInvalid move; try again: take 1 to 4 (half of 9), not 5" in out
    assert "Invalid move; try again: take 1 to 4 (half of 9), not 0" in out
    assert "Invalid move; try again: a number of 41 digits is too large (at most 4)" in out
    assert "Invalid move; try again: type a whole number from 1 to 4, not '2,'" in out
    check_forejune_game(out, 9, ai_first=False)


def test_forejune_random_pile_on_enter() -> None:
    status, out = drive(PlayOptions(style="forejune", seed=4), [""] + ["1"] * 30)
    match = re.search(r"AI moves first\. Starting with n = (\d+)", out)
    assert status == 0 and match and 10 <= int(match.group(1)) <= 30
    check_forejune_game(out, int(match.group(1)))


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
    (["--style", "lab2", "--piles", "0", "0"], "at least one stone"),
    (["--ai", "nope"], "unknown strategy 'nope'"),
    (["--games", "0"], "--games must be from 1 to 10,000, not 0"),
    (["--style", "forejune", "--piles", "3", "4"], "one pile"),
    (["--misere", "--normal"], "not both"),
    (["--style", "kuet", "--misere"], "the KUET game has fixed rules"),              # a style's own rules
    (["--style", "forejune", "--max-take", "5"], "the forejune game has fixed rules"),
    (["--style", "kuet", "--mode", "aivai"], "you against NimX, not --mode aivai"),
    (["--mode", "hvh", "--ai", "optimal"], "--mode hvh has none"),
    (["--mode", "hvh", "--difficulty", "2", "--piles", "3"], "--mode hvh has no AI"),
    (["--style", "lab2", "--table"], "--style lab2 has none"),
    (["--style", "forejune", "--piles", "1"], "a pile of 2 to 10,000, not 1"),
    (["--mode", "aivai", "--piles", str(2**64)], "at most 1,000,000 in a game"),   # numbers range-checked
    (["--style", "forejune", "--piles", str(2**64)], "at most 1,000,000 in a game"),
    (["--mode", "aivai", "--piles", "3", "--games", str(2**64)], "from 1 to 10,000"),
    (["--mode", "aivai", "--ai", "depth:99999999999"], "from 1 to 10,000"),
    (["--mode", "aivai", "--ai", "depth:10001"], "from 1 to 10,000, not 10001"),
])
def test_bad_flags_are_one_line_errors(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str],
                                       argv: List[str], message: str) -> None:
    status, out, err = play(monkeypatch, capsys, argv)
    assert status == 2
    assert err.startswith("nimcore: error:") and message in err and err.count("\n") == 1


def test_piped_stdin_in_a_real_process() -> None:
    command = [sys.executable, "-m", "nim", "play", "--style", "kuet", "--piles", "1", "1"]
    done = subprocess.run(command, input="Gus\ny\n1\n1\n1\n", capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert "NimX took the last stone" in done.stdout and "End of input: goodbye." in done.stdout
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


def test_terminal_wraps_long_lines_and_dumb_terminals_get_no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.delenv("NO_COLOR", raising=False)
    screen = Terminal()
    console = Console(io.StringIO(), screen, color=False)
    console.say("  " + "word " * 30)
    lines = screen.getvalue().splitlines()
    assert len(lines) > 3 and all(len(line) <= 40 and line.startswith("  ") for line in lines)
    assert " ".join(screen.getvalue().split()) == " ".join(["word"] * 30)
    monkeypatch.setenv("TERM", "dumb")
    assert not Console(io.StringIO(), Terminal()).color
    monkeypatch.setenv("TERM", "xterm")
    assert Console(io.StringIO(), Terminal()).color


def _in_a_terminal(argv: List[str], typed: str, env: dict[str, str]) -> str:
    """Run ``nimcore play`` on a pseudo-terminal, type ``typed``, return the screen."""
    import os

    from terminal import read_until_closed, start

    process, controller = start(["play", *argv], env)
    os.write(controller, typed.encode())
    screen, _ = read_until_closed(process, controller)
    return screen.decode(errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_kuet_in_a_real_terminal_colour_unless_dumb() -> None:
    typed = "Zed\ny\n1\n1\n1\nq\n"
    coloured = _in_a_terminal(["--style", "kuet", "--piles", "2", "2"], typed,
                              {"TERM": "xterm", "NO_COLOR": ""})
    assert "Hello!!! I am NimX..." in coloured and "Pile_no" in coloured
    assert "\033[" in coloured and "Goodbye." in coloured
    dumb = _in_a_terminal(["--style", "kuet", "--piles", "2", "2"], typed, {"TERM": "dumb", "NO_COLOR": ""})
    assert "NimX removes 1 stones from pile 1." in dumb and "\033[" not in dumb


def _kuet_boards(monkeypatch: pytest.MonkeyPatch, argv: List[str], script: List[str]) -> List[List[int]]:
    """Each game's first board in a KUET series played from the command line by a User."""
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", User(script, screen))
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["play", *argv, "--color", "never"]) == 0
    boards = []
    for part in re.split(r"\nGame \d+ of \d+\n", screen.getvalue())[1:]:
        boards.append(board_on(part.split("NimX is playing using")[0]))
    return boards


@pytest.mark.parametrize("difficulty, seed, games", [("1", "5", 3), ("2", "3", 6)])
def test_a_loaded_kuet_series_goes_on_with_the_boards_it_would_have_had(
        difficulty: str, seed: str, games: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40, item 5: saved at game 1 and loaded, games 2, 3... draw the uninterrupted series' boards."""
    argv = ["--style", "kuet", "--name", "A", "--difficulty", difficulty, "--seed", seed]
    straight = _kuet_boards(monkeypatch, argv, [])
    assert len(straight) == games and len({tuple(b) for b in straight}) > 1
    record = tmp_path / "series.txt"
    _kuet_boards(monkeypatch, argv, [f"save {record}", "q"])
    loaded = _kuet_boards(monkeypatch, ["--load", str(record)], [])
    assert loaded == straight          # game 1 from the file, then the same draws


# -- issue 40, item 8 ------------------------------------------------------------------------


def test_undo_after_load_reaches_the_loaded_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "fj.txt"      # forejune from 12: the AI took 5, you took 2; 5 remain
    record.write_text("# rules: normal,half\n# flow: forejune\n# seat 0: ai optimal AI\n# seat 1: human You\n"
                      "# first: 0\n1\n12\n0 5\n0 2\n", encoding="utf-8")
    status, out, err = play(monkeypatch, capsys, ["--load", str(record)], "undo\nundo\nq\n")
    assert status == 0, err
    assert "(The saved game's 2 moves are played; 5 remain.)" in out and "goes on from" not in out
    first, second = out.split("undo", 2)[1:3]
    assert "Undone: 2 moves taken back." in first          # the AI's answer and your loaded 2: back to 7
    assert "Enter number (1-3)" in first                     # a pile of 7 takes 1 to 3
    assert "Nothing to undo" not in first
    # a Nim game loaded with two moves: undo takes back the loaded pair as well
    record.write_text("# rules: normal\n# flow: rajalakshmi\n# seat 0: human Ann\n# seat 1: ai nimsum Player 1\n"
                      "# first: 0\n3\n3\n4\n5\n0 1\n1 2\n", encoding="utf-8")
    status, out, err = play(monkeypatch, capsys, ["--load", str(record)], "undo\nq\n")
    assert status == 0, err
    assert "Undone: 2 moves taken back." in out and out.rstrip().splitlines()[-3].endswith("[0]:3 [1]:4 [2]:5")


def test_rajalakshmi_between_two_people_names_no_ai_and_draws_the_board_once(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, ["--style", "rajalakshmi"], "2\n3 4 5\n")
    assert "The AI" not in out and "nim-sum" not in out
    assert out.count("Piles: [0]:3 [1]:4 [2]:5") == 1
    status, out, err = play(monkeypatch, capsys, ["--style", "rajalakshmi"], "1\n3 4 5\n")
    assert "The AI plays the nim-sum optimal move." in out
    assert out.count("Piles: [0]:3 [1]:4 [2]:5") == 2        # the report's own transcript


def test_the_web_rajalakshmi_between_two_people_names_no_ai() -> None:
    from nim.web.games import create_game
    state, _ = create_game({"flow": "rajalakshmi", "mode": "hvh"})
    assert not any("The AI" in line for line in state["log"])
    state, _ = create_game({"flow": "rajalakshmi", "mode": "hvai"})
    assert any("The AI plays the nim-sum optimal move" in line for line in state["log"])


def test_a_tournament_tie_says_equal_fitness_only_when_it_is() -> None:
    from nim.play.selection import Population
    from nim.play.tournament import Tournament, format_tournament

    def said(genes: dict) -> str:
        population = Population(genes)
        for name, results in genes.items():
            for won in results:
                population.record(name, won)
        other = {"a": "b", "b": "a"}
        wins = {n: {n: 0, other[n]: sum(r)} for n, r in genes.items()}
        games = {n: {n: 0, other[n]: len(r)} for n, r in genes.items()}
        return format_tournament(Tournament(population, wins, games))

    close = said({"a": [1] * 5 + [0], "b": [1] * 4 + [0]})      # 0.833 against 0.800: within the interval
    assert "a tie" in close and "equal fitness" not in close and "Kept: a, the fittest." in close
    level = said({"a": [1, 0], "b": [0, 1]})
    assert "a tie" in level and "(equal fitness: the first listed)" in level
