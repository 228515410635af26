"""`nimcore solve` as a user runs it: output, JSON, files, errors and exit status."""

import json
import subprocess
import sys

import pytest

from nim.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_reports_value_move_and_engine(capsys):
    status, out, err = run(capsys, "solve", "1", "3", "5", "7", "--misere")
    assert status == 0 and err == ""
    assert "-1: the player to move loses" in out
    assert "engine     theory" in out


def test_solve_json(capsys):
    status, out, _ = run(capsys, "solve", "1", "2", "4", "5", "--misere", "--method", "minimax", "--json")
    data = json.loads(out)
    assert status == 0
    assert data["value"] == 1 and data["move"] == [1, 2]
    assert data["nodes"] == 2_284_401 and data["method"] == "minimax"
    assert data["seconds"] >= 0 and data["rules"] == "misere"


@pytest.mark.parametrize("flags, rules", [
    (["--max-take", "3"], "normal,max=3"),
    (["--half", "--misere"], "misere,half"),
    (["--subtract", "1,3,4"], "normal,set=1;3;4"),
    (["--rules", "misere,max=2"], "misere,max=2"),
])
def test_rule_flags(capsys, flags, rules):
    status, out, _ = run(capsys, "solve", "3", "4", "5", "--json", *flags)
    assert status == 0 and json.loads(out)["rules"] == rules


def test_solve_file(tmp_path, capsys):
    path = tmp_path / "piles.txt"
    path.write_text("1 3\n5\t7\n")
    status, out, _ = run(capsys, "solve", "--file", str(path), "--misere", "--json")
    assert status == 0 and json.loads(out)["value"] == -1


def test_large_file_uses_the_closed_form(tmp_path, capsys):
    piles = [(i * 7919) % 1000 for i in range(200_000)]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(map(str, piles)))
    status, out, _ = run(capsys, "solve", "--file", str(path), "--json")
    x = 0
    for p in piles:
        x ^= p
    data = json.loads(out)
    assert status == 0 and data["value"] == (1 if x else -1) and data["method"] == "theory"
    assert data["piles"] is None  # too many to echo


@pytest.mark.parametrize("argv, message", [
    (["solve", "1", "-3", "5"], "non-negative"),
    (["solve", "1", "x"], "whole numbers, not 'x'"),
    (["solve"], "no piles given"),
    (["solve", "1", "--method", "bogus"], "unknown method 'bogus'"),
    (["solve", "1", "--rules", "misere,frob"], "unknown take rule"),
    (["solve", "1", "--max-take", "0"], "at least 1"),
    (["solve", "1", "--subtract", "1,x"], "'x'"),
    (["solve", "--file", "/nonexistent/piles.txt"], "cannot read /nonexistent/piles.txt"),
    (["solve", "4", "--misere", "--max-take", "2", "--method", "grundy"], "no closed form"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_file_names_the_line(tmp_path, capsys):
    path = tmp_path / "piles.txt"
    path.write_text("1 2\n3 four\n")
    status, _, err = run(capsys, "solve", "--file", str(path))
    assert status == 2 and "line 2: 'four' is not a whole number >= 0" in err


def test_usage_errors_exit_2(capsys):
    status, _, err = run(capsys, "solve", "1", "--max-take", "2", "--half")
    assert status == 2 and "not allowed with" in err


def test_node_limit_exits_3_and_suggests_auto(capsys):
    status, _, err = run(capsys, "solve", "1", "3", "5", "7", "9", "--misere", "--method", "minimax",
                         "--node-limit", "1000000")
    assert status == 3
    assert "1,000,000 nodes" in err and "'auto'" in err


def test_help_teaches(capsys):
    status, out, _ = run(capsys, "solve", "--help")
    assert status == 0
    for word in ["--misere", "--max-take", "--half", "--subtract", "--method", "--json", "--file",
                 "--node-limit", "examples:"]:
        assert word in out


def test_no_command_prints_help(capsys):
    status, _, err = run(capsys)
    assert status == 2 and "solve" in err


@pytest.mark.parametrize("command", [["nimcore"], [sys.executable, "-m", "nim"]])
def test_installed_entry_points(command):
    if command == ["nimcore"]:
        command = [str(__import__("pathlib").Path(sys.executable).with_name("nimcore"))]
    result = subprocess.run(command + ["solve", "1", "3", "5", "7", "--misere", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["value"] == -1
    bad = subprocess.run(command + ["solve", "1", "-2"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


@pytest.mark.parametrize("text, expected", [
    ("1 2 3", [1, 2, 3]),
    ("1\r\n2\r\n\r\n3\n", [1, 2, 3]),
    ("\t 0 0\f7\v", [0, 0, 7]),
    (str(2**64) + " " + str(2**64 - 1) + " " + str(10**30), [2**64, 2**64 - 1, 10**30]),
])
def test_pile_file_parsing(text, expected):
    from nimcore.piles import parse_piles

    assert parse_piles(text.encode()) == expected


@pytest.mark.parametrize("text, line, word", [
    ("1 2\n-3", 2, "-3"), ("1 2x 3", 1, "2x"), ("\n\n1.5", 3, "1.5"), ("7 +4", 1, "+4"),
    ("1 ٣", 1, "٣"),
])
def test_pile_file_errors(tmp_path, capsys, text, line, word):
    path = tmp_path / "piles.txt"
    path.write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "solve", "--file", str(path))
    assert status == 2 and f"line {line}: {word!r} is not a whole number" in err


def test_empty_file(tmp_path, capsys):
    path = tmp_path / "piles.txt"
    path.write_text(" \n")
    status, _, err = run(capsys, "solve", "--file", str(path))
    assert status == 2 and "holds no pile sizes" in err


def test_ctrl_c_stops_a_long_search_cleanly():
    import signal
    import time
    from pathlib import Path

    nimcore = str(Path(sys.executable).with_name("nimcore"))
    process = subprocess.Popen(
        [nimcore, "solve", "1", "3", "5", "7", "9", "11", "--misere", "--method", "minimax",
         "--node-limit", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(1.0)  # let the search start
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err == "nimcore: error: interrupted\n"


def test_ida_value_is_not_presented_as_the_game_value(capsys):
    # [1, 2] is won for the mover, but IDA*'s path (take everything from pile 0) loses
    status, out, _ = run(capsys, "solve", "1", "2", "--method", "ida")
    assert status == 0
    assert "not the game value" in out and "IDA* move" in out
    assert "best move" not in out
