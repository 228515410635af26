"""``nimcore play`` as a person uses it: in a real terminal (tmux) 40 columns wide,
typing at the prompts and reading the screen.

Each test runs the game in a tmux session of its own (on a socket of its own,
so other tmux users are untouched), types what a player types, and reads the
screen tmux shows: a board row never wraps in the middle, the pins game asks
about misère play and says heap everywhere, Grundy's game is typed HEAP PART,
and a game saved there continues under its rules.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Iterator, List

import pytest

if shutil.which("tmux") is None and os.environ.get("NIMCORE_REQUIRE_TMUX"):
    # CI installs tmux and sets this (.ci/run): there a missing tmux fails instead of skipping
    raise RuntimeError("NIMCORE_REQUIRE_TMUX is set but tmux is not installed")
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

COLUMNS = 40


def flat(screen: str) -> str:
    """The screen's words on one line (a question wraps between words at 40 columns)."""
    return " ".join(screen.split())


class Screen:
    """A tmux session running ``python -m nim ARGV`` in a window COLUMNS wide."""

    def __init__(self, argv: List[str], cwd: Path) -> None:
        self.socket = f"nimcore-test-{uuid.uuid4().hex[:12]}"
        command = " ".join(shlex.quote(word) for word in [sys.executable, "-m", "nim", *argv])
        # the shell stays after the game, so its last screen can be read
        self.tmux("new-session", "-d", "-x", str(COLUMNS), "-y", "50", "-c", str(cwd),
                  f"env -u COLUMNS -u LINES NO_COLOR=1 {command}; echo '[exit '$?']'; sleep 600")

    def tmux(self, *words: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, "-f", os.devnull, *words], check=True,
                              capture_output=True, text=True, timeout=30).stdout

    def text(self) -> str:
        """The whole screen and its scroll-back, as displayed (a wrapped line is two lines)."""
        return self.tmux("capture-pane", "-p", "-S", "-2000")

    def wait_for(self, pattern: str, seconds: float = 60) -> str:
        """The screen once ``pattern`` (a regular expression) is on it."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            screen = self.text()
            if re.search(pattern, screen, re.M) or re.search(pattern, flat(screen)):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never showed; the screen:\n{self.text()}")

    def type(self, line: str, then: str) -> str:
        """Type a line and Enter, and wait for ``then``."""
        self.tmux("send-keys", "-l", line)
        self.tmux("send-keys", "Enter")
        return self.wait_for(then)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=30)
        # the server is gone; its socket file is left behind by tmux
        folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
        (folder / self.socket).unlink(missing_ok=True)


@pytest.fixture()
def screens(tmp_path: Path) -> Iterator[List[Screen]]:
    opened: List[Screen] = []
    yield opened
    for screen in opened:
        screen.close()


def start(screens: List[Screen], argv: List[str], cwd: Path) -> Screen:
    screen = Screen(argv, cwd)
    screens.append(screen)
    return screen


def assert_rows_whole(screen: str, label: str) -> None:
    """Every board row (``label N ...``) fits on its line and ends with its count;
    no line of the screen is a row's wrapped tail."""
    lines = screen.splitlines()
    rows = [line for line in lines if line.startswith(label)]
    assert rows, screen
    for row in rows:
        assert len(row) <= COLUMNS and re.search(r"\s\d+$", row), row
    for line in lines:
        assert len(line) <= COLUMNS
        assert not re.match(r"^(/\*\\|\| )", line), f"a wrapped board row: {line!r}\n{screen}"


def test_the_pins_game_from_the_menu_at_40_columns(screens: List[Screen], tmp_path: Path) -> None:
    screen = start(screens, ["play"], tmp_path)
    shown = screen.wait_for(r"\(pins\):$")
    assert "5 Kayles and other take-and-break games (pins):" in flat(shown)
    screen.type("5", r"\(Enter: kayles\):$")
    shown = screen.type("kayles", r"move wins\)$")
    assert "Misère play -- whoever makes the last move loses? (y/n" in flat(shown)
    screen.type("y", r"random row\):$")
    shown = screen.type("45 6", r"help for more\):$")
    assert "the player who cannot move wins" in flat(shown)   # misère Kayles, as chosen
    assert "HEAP TAKE" in shown and "PILE" not in shown
    assert_rows_whole(shown, "Heap ")
    shown = screen.type("help", r"q +quit")
    help_text = flat(shown).split("for more): help")[-1]
    assert "heap" in help_text and "pile" not in help_text.lower()
    # the help's example is a legal Kayles move: 1 1 1 on a heap of 3 leaves 1 and 1
    assert "'1 1 1' on a heap of 3 leaves heaps of 1 and 1" in help_text
    shown = screen.type("2 1 2", r"NimX (takes|splits)[\s\S]*help for more\):$")
    assert "You take 1 from heap 2, leaving heaps of 2 and 3." in flat(shown)
    assert_rows_whole(shown, "Heap ")
    screen.type("q", r"\[exit 0\]")


def test_grundys_game_is_typed_heap_part(screens: List[Screen], tmp_path: Path) -> None:
    screen = start(screens, ["play", "--style", "pins", "--misere", "--piles", "7"], tmp_path)
    screen.wait_for(r"\(Enter: kayles\):$")
    shown = screen.type("grundy-game", r"help for more\):$")
    assert "(y/n" not in shown                                   # --misere answered it
    assert "Type a move as HEAP PART" in flat(shown) and "TAKE" not in shown
    shown = screen.type("1 3", r"You split[\s\S]*help for more\):$")   # 7 -> 3 and 4 (unequal)
    assert "You split heap 1 into heaps of 3 and 4." in flat(shown)
    screen.type("q", r"\[exit 0\]")


def test_boards_fit_40_columns_in_every_flow(screens: List[Screen], tmp_path: Path) -> None:
    lab2 = start(screens, ["play", "--style", "lab2", "--misere", "--difficulty", "3", "--piles", "30", "3",
                           "12"], tmp_path)
    assert_rows_whole(lab2.wait_for(r"piles from 0\):$"), "Pile ")
    kuet = start(screens, ["play", "--style", "kuet", "--name", "Ada", "--difficulty", "1", "--piles", "14",
                           "2"], tmp_path)
    shown = kuet.wait_for(r"Ada\?\?:$")
    for line in shown.splitlines():
        assert len(line) <= COLUMNS
    rows = [line for line in shown.splitlines() if line.startswith("Pile_no")]
    assert rows[0].endswith("(14 stones)") and rows[1] == "Pile_no 2: /*\\/*\\"


def test_a_game_saved_in_the_terminal_goes_on_under_its_rules(screens: List[Screen], tmp_path: Path) -> None:
    screen = start(screens, ["play", "--game", "dawson-kayles", "--misere", "--piles", "8"], tmp_path)
    screen.wait_for(r"help for more\):$")
    before = screen.type("1 2 3", r"NimX (takes|splits)[\s\S]*help for more\):$")   # 8 -> 3 and 3
    rows = [line for line in before.split("NimX takes")[-1].splitlines() if line.startswith("Heap ")]
    screen.type("save game.txt", r"Saved 2 moves to game.txt")
    screen.type("q", r"\[exit 0\]")
    again = start(screens, ["play", "--load", "game.txt"], tmp_path)
    shown = again.wait_for(r"help for more\):$")
    assert "Dawson's Kayles" in flat(shown) and "the player who cannot move wins" in flat(shown)
    assert "the game goes on from [" in flat(shown) and "(y/n" not in shown
    assert rows and [line for line in shown.splitlines() if line.startswith("Heap ")] == rows


def test_the_hint_under_take_at_most_3_names_the_grundy_rule(screens: List[Screen], tmp_path: Path) -> None:
    """Issue 40, item 2, as a student reads it: 1 and 5 under max 3 leave X = 0 (n mod 4)."""
    screen = start(screens, ["play", "--mode", "hvai", "--piles", "1", "6", "--max-take", "3"], tmp_path)
    shown = screen.wait_for(r"'1 3'\): ?$")
    assert "the AI (Optimal)" in flat(shown) and "Nim-sum" not in shown
    shown = flat(screen.type("hint", r"more\)\.\)[\s\S]*'1 3'\): ?$"))
    assert "take 1 from pile 1: it leaves X = 0" in shown
    assert "n mod 4 under take at most 3" in shown and "pile sizes combined by XOR" not in shown
    screen.type("q", r"\[exit 0\]")


def test_a_records_escape_sequences_stay_on_the_screen_as_text(screens: List[Screen], tmp_path: Path) -> None:
    """Issue 42, item 18: a record's name cannot clear the screen or retitle the terminal."""
    record = tmp_path / "names.txt"
    record.write_text("# rules: normal\n# flow: rajalakshmi\n# seat 0: human Ann\x1b[2J\x1b]2;owned\x07\n"
                      "# seat 1: human Bo\n# first: 0\n2\n3\n4\n0 1\n", encoding="utf-8")
    screen = start(screens, ["replay", str(record), "--record"], tmp_path)
    shown = screen.wait_for(r"\[exit 0\]")
    assert "Ann\\x1b[2J\\x1b]2;owned\\x07" in flat(shown) and "replay of" in shown     # nothing cleared
    title = screen.tmux("display-message", "-p", "#{pane_title}")
    assert "owned" not in title
