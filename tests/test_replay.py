"""nimcore replay: Lab 2 test files replayed against NimX (SPEC section 4)."""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

from nim import IllegalMoveError, InputFileError, Move, Rules
from nim.cli import main
from reference import brute_force_value
from nim.study.replay import HUMAN, NIMX, ReplayStep, nimx_move, parse_replay, replay_game

LAB2_WIN = "2\n4\n2\n0 2\n1 2\n"
LAB2_LOSS = "2\n4\n4\n1 1\n1 1\n1 1\n"

RULE_SETS = ["normal", "misere", "normal,max=2", "misere,max=3", "normal,half", "misere,half",
             "normal,set=1;3;4", "misere,set=2;3"]


def moves_of(replay_steps: List[ReplayStep], player: str) -> List[Tuple[int, int]]:
    return [(s.move.pile, s.move.count) for s in replay_steps if s.player == player]


def test_lab2_first_file_is_a_human_win() -> None:
    replay = replay_game(parse_replay(LAB2_WIN), "misere")
    # by hand: human 0 2 -> [2 2], a loss for NimX: every move is equal, so the
    # first pile and the smallest count, 0 1 -> [1 2]; human 1 2 -> [1 0];
    # NimX must take the last object and loses under misère.
    assert moves_of(replay.steps, NIMX) == [(0, 1), (0, 1)]
    assert [s.after for s in replay.steps] == [(2, 2), (1, 2), (1, 0), (0, 0)]
    assert replay.finished and replay.winner == HUMAN
    assert replay.start_value == 1
    assert not any(s.throws_away_win for s in replay.steps)


def test_lab2_second_file_is_a_human_loss() -> None:
    replay = replay_game(parse_replay(LAB2_LOSS), "misere")
    # by hand: [4 3] -> NimX 0 1 (the only winning move) [3 3]; [3 2] -> 0 1 [2 2];
    # [2 1] -> NimX's only winning move is 0 2 -> [0 1]: the human must take the last one.
    assert moves_of(replay.steps, NIMX) == [(0, 1), (0, 1), (0, 2)]
    assert replay.final == (0, 1)
    assert not replay.finished and replay.to_move == HUMAN and replay.winner == NIMX
    assert replay.start_value == -1


def test_lab2_files_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    win, loss = tmp_path / "t1.txt", tmp_path / "t2.txt"
    win.write_text(LAB2_WIN)
    loss.write_text(LAB2_LOSS)
    assert main(["replay", str(win), "--misere"]) == 0
    out = capsys.readouterr().out
    assert "The winner is human." in out
    assert out.count("board [") == 5  # the start and after each of the four moves
    assert "board [0 0]" in out and "??" not in out
    assert main(["replay", str(loss), "--misere"]) == 0
    out = capsys.readouterr().out
    assert "The winner is NimX." in out and "the file ends" in out
    assert out.count("board [") == 7


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.txt"
    path.write_text(LAB2_LOSS)
    assert main(["replay", str(path), "--misere", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] == "NimX" and data["final"] == [0, 1] and data["finished"] is False
    assert [s["line"] for s in data["steps"]] == [4, None, 5, None, 6, None]


def test_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(LAB2_WIN.encode())))
    assert main(["replay", "-", "--misere"]) == 0
    assert "The winner is human." in capsys.readouterr().out


def test_normal_play_reverses_the_first_file() -> None:
    # the same moves in normal play: NimX takes the last object from [1 0] and wins
    replay = replay_game(parse_replay(LAB2_WIN), "normal")
    assert moves_of(replay.steps, NIMX) == [(0, 1), (0, 1)]
    assert replay.finished and replay.final == (0, 0) and replay.winner == NIMX
    assert replay.steps[2].throws_away_win  # 1 2 -> [1 0] hands NimX the win


def test_thrown_away_win_is_marked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # [4 2] misère is won for the human; 0 1 leaves [3 2] (nim-sum 1): a win for NimX
    replay = replay_game(parse_replay("2\n4\n2\n0 1\n"), "misere")
    assert replay.steps[0].throws_away_win
    assert not replay.steps[1].throws_away_win
    path = tmp_path / "t.txt"
    path.write_text("2\n4\n2\n0 1\n")
    main(["replay", str(path), "--misere"])
    lines = capsys.readouterr().out.splitlines()
    assert "throws away the win" in lines[2] and "throws away" not in "".join(lines[3:])


def test_losing_moves_are_not_marked() -> None:
    # from a lost position nothing can be thrown away
    replay = replay_game(parse_replay(LAB2_LOSS), "misere")
    assert not any(s.throws_away_win for s in replay.steps)


def brute_nimx(piles: Tuple[int, ...], rules: Rules) -> Optional[Move]:
    """Lab 2's tie-break, independently: the smallest (pile, count) among the
    winning moves, else among all moves."""
    moves = [Move(i, k) for i, p in enumerate(piles) for k in rules.takes(p)]
    if not moves:
        return None
    def wins(m: Move) -> bool:
        child = list(piles)
        child[m.pile] -= m.count
        return brute_force_value(child, rules) < 0
    winning = [m for m in moves if wins(m)]
    return min(winning or moves)


@pytest.mark.parametrize("text", RULE_SETS)
def test_nimx_tie_break_against_brute_force(text: str) -> None:
    rules = Rules.parse(text)
    for piles in itertools.product(range(6), repeat=2):
        expected = brute_nimx(piles, rules)
        if expected is None:
            with pytest.raises(IllegalMoveError):
                nimx_move(piles, rules)
            continue
        move, value = nimx_move(piles, rules)
        assert move == expected, piles
        assert value == brute_force_value(list(piles), rules)


@pytest.mark.parametrize("text", RULE_SETS)
def test_winner_against_brute_force(text: str) -> None:
    rules = Rules.parse(text)
    for piles in [(3, 2), (2, 2, 1), (5, 1)]:
        replay = replay_game(parse_replay(f"{len(piles)}\n" + "\n".join(map(str, piles)) + "\n"), rules)
        assert replay.steps == [] and replay.final == piles
        human_wins = brute_force_value(list(piles), rules) > 0
        assert replay.winner == (HUMAN if human_wins else NIMX)


@pytest.mark.parametrize("text", RULE_SETS)
def test_every_step_is_nimx_and_its_values_are_brute_force(text: str) -> None:
    rules = Rules.parse(text)
    for piles in itertools.product(range(1, 5), repeat=2):
        first = next((Move(i, t) for i, p in enumerate(piles) for t in sorted(rules.takes(p))), None)
        if first is None:
            continue
        lines = f"2\n{piles[0]}\n{piles[1]}\n{first.pile} {first.count}\n"
        replay = replay_game(parse_replay(lines), rules)
        for step in replay.steps:
            assert step.value_before == brute_force_value(list(step.before), rules), (piles, step)
            assert step.value_after == brute_force_value(list(step.after), rules), (piles, step)
            if step.player == NIMX:
                assert step.move == brute_nimx(step.before, rules), (piles, step)


# ------------------------------------------------------------------ errors

BAD_FILES = [
    ("", InputFileError, "empty"),
    ("\n\n", InputFileError, "empty"),
    ("two\n4\n2\n", InputFileError, "line 1"),
    ("0\n", InputFileError, "line 1"),
    ("-2\n4\n", InputFileError, "line 1"),
    ("2\n4\n", InputFileError, "line 2"),
    ("3\n4\n2\n", InputFileError, "line 3"),
    ("2\n4\nx\n0 1\n", InputFileError, "line 3"),
    ("2\n4\n-1\n0 1\n", InputFileError, "line 3"),
    ("2\n4\n0 2\n1 2\n", InputFileError, "line 3"),
    ("2\n4\n2\n0\n", InputFileError, "line 4"),
    ("2\n4\n2\n0 1 2\n", InputFileError, "line 4"),
    ("2\n4\n2\n\n0 a\n", InputFileError, "line 5"),
    ("2\n4\n2\n2 1\n", IllegalMoveError, "line 4"),
    ("2\n4\n2\n-1 1\n", IllegalMoveError, "line 4"),
    ("2\n4\n2\n0 5\n", IllegalMoveError, "line 4"),
    ("2\n4\n2\n0 0\n", IllegalMoveError, "line 4"),
    ("2\n4\n2\n0 2\n0 3\n", IllegalMoveError, "line 5"),  # [1 2] after NimX: pile 0 holds 1
    ("2\n4\n2\n0 2\n1 2\n0 1\n", IllegalMoveError, "line 6"),  # the game is over
    ("1\n1\n0 1\n0 1\n", IllegalMoveError, "line 4"),  # the human took the last one
]


@pytest.mark.parametrize("text, error, where", BAD_FILES)
def test_malformed_files_name_the_line(text: str, error: type, where: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(error, match=where):
        replay_game(parse_replay(text, "t.txt"), "misere")
    path = tmp_path / "t.txt"
    path.write_text(text)
    assert main(["replay", str(path), "--misere"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nimcore: error: ") and where in err and err.count("\n") == 1


def test_take_rule_errors_say_what_is_allowed() -> None:
    with pytest.raises(IllegalMoveError, match="1 to 3"):
        replay_game(parse_replay("1\n7\n0 4\n"), "misere,max=3")
    with pytest.raises(IllegalMoveError, match="cannot be moved"):
        replay_game(parse_replay("2\n1\n4\n0 1\n"), "normal,half")


def test_unreadable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = tmp_path / "binary.txt"
    path.write_bytes(b"2\n4\n\xff\xfe\n")
    with pytest.raises(InputFileError, match="line 3"):
        from nim.study.replay import read_replay_file
        read_replay_file(str(path))


@pytest.mark.parametrize("text, winner, phrase", [
    ("misere", HUMAN, "human has no move left and wins"),
    ("normal", NIMX, "human has no move left and loses"),
])
def test_a_game_over_before_it_starts(text: str, winner: str, phrase: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.txt"
    path.write_text("2\n0\n0\n")
    assert main(["replay", str(path), "--rules", text]) == 0
    out = capsys.readouterr().out
    assert phrase in out and f"The winner is {winner}." in out and "took the last" not in out


def test_half_rule_game_ends_with_objects_left(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    # forejune's rule: [4] -> human takes 2 -> [2]; NimX takes 1 -> [1]: the human cannot move
    path = tmp_path / "t.txt"
    path.write_text("1\n4\n0 2\n")
    assert main(["replay", str(path), "--half"]) == 0
    out = capsys.readouterr().out
    assert "board [1]" in out and "human has no move left and loses" in out
    assert "The winner is NimX." in out


@pytest.mark.parametrize("text", RULE_SETS)
def test_nimx_tie_break_on_three_piles(text: str) -> None:
    rules = Rules.parse(text)
    for piles in itertools.product(range(5), repeat=3):
        expected = brute_nimx(piles, rules)
        if expected is not None:
            assert nimx_move(piles, rules)[0] == expected, piles


def test_replay_of_huge_piles_answers_by_theory() -> None:
    # NimX's tie-break used to solve every child position: linear in the pile size
    big = 2**32
    replay = replay_game(parse_replay(f"3\n{big}\n5\n{2**62}\n0 1\n2 7\n"), "normal")
    position = [big, 5, 2**62]
    for step in replay.steps:
        if step.player == NIMX:          # Bouton: the first pile that can restore XOR 0
            xor = position[0] ^ position[1] ^ position[2]
            pile = next(i for i, p in enumerate(position) if p ^ xor < p)
            assert (step.move.pile, step.move.count) == (pile, position[pile] - (position[pile] ^ xor))
        position[step.move.pile] -= step.move.count
    assert len(replay.steps) == 4


@pytest.mark.parametrize("limit", [str(2**64), "-1"])
def test_node_limit_out_of_range_is_refused(limit: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(LAB2_WIN)
    assert main(["replay", str(path), "--node-limit", limit]) == 2
    err = capsys.readouterr().err
    assert limit in err and "9,223,372,036,854,775,807" in err


FOREJUNE_YOU = ("# rules: normal,half\n# flow: forejune\n# seat 0: ai optimal AI\n# seat 1: human You\n"
                "# first: {first}\n1\n10\n0 3\n0 2\n0 1\n")


@pytest.mark.parametrize("first", ["0", "1"])
def test_the_seeds_you_is_said_in_the_second_person(first: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 40, item 7: "You take", "you win", never "You wins" or "You moves first"."""
    from nim.cli import main

    path = tmp_path / "fj.txt"
    path.write_text(FOREJUNE_YOU.format(first=first), encoding="utf-8")
    assert main(["replay", str(path), "--record"]) == 0
    out = capsys.readouterr().out
    for wrong in ("You wins", "You loses", "You moves", "You takes", "you wins", "you loses", "is You"):
        assert wrong not in out, (wrong, out)
    assert re.search(r"You \(line \d+\)\s+take \d", out) and re.search(r"AI \(line \d+\)\s+takes \d", out), out
    assert re.search(r"with best play (you win|you lose|AI wins|AI loses)\. The winner is (you|AI)\.", out), out


KAYLES_RECORD = ("# rules: normal,octal=0.77\n# flow: pins\n# seat 0: human You\n# seat 1: ai optimal NimX\n"
                 "# first: 0\n2\n5\n8\n1 1 2 5\n0 2 1 2\n")


def test_a_take_and_break_replay_speaks_of_heaps_from_1_in_columns(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 40, item 3: heaps numbered from 1 as the board shows, the board column apart."""
    from nim.cli import main

    path = tmp_path / "pins.txt"
    path.write_text(KAYLES_RECORD, encoding="utf-8")
    assert main(["replay", str(path), "--record"]) == 0
    out = capsys.readouterr().out
    assert "take 1 from heap 2, leaving heaps of 2 and 5   board [5 2 5]" in out      # file line "1 1 2 5"
    assert "takes 2 from heap 1, leaving heaps of 1 and 2   board [1 2 2 5]" in out   # file line "0 2 1 2"
    assert "pile" not in out and not re.search(r"\d board", out)
