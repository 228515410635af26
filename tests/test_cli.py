"""`nimcore solve` as a user runs it: output, JSON, files, errors and exit status."""

import hashlib
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
    # past JSON_PILES piles the JSON carries their count and digest, not the piles (issue 26)
    digest = hashlib.sha256(b"".join(p.to_bytes(8, "little") for p in piles)).hexdigest()
    assert "piles" not in data and data["piles_count"] == len(piles)
    assert data["piles_digest"] == f"sha256:{digest}"
    status, out, _ = run(capsys, "solve", *map(str, piles[:1000]), "--json")
    assert json.loads(out)["piles"] == piles[:1000] and json.loads(out)["piles_count"] == 1000
    huge = [2**64] + piles[:1000]
    status, out, _ = run(capsys, "solve", *map(str, huge), "--json")
    text = hashlib.sha256(" ".join(map(str, huge)).encode()).hexdigest()
    assert json.loads(out)["piles_digest"] == f"sha256-text:{text}"


@pytest.mark.parametrize("argv, message", [
    (["solve", "1", "-3", "5"], "non-negative"),
    (["solve", "1", "x"], "whole numbers, not 'x'"),
    (["solve"], "no piles given"),
    (["solve", "1", "--method", "bogus"], "unknown method 'bogus'"),
    (["solve", "1", "--rules", "misere,frob"], "unknown take rule"),
    (["solve", "1", "--max-take", "0"], "'0' is not in 1 .. 4,294,967,294"),
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
    try:
        time.sleep(1.0)  # let the search start
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()          # a search the signal did not stop is not left behind
        process.wait()
    assert process.returncode == 130
    assert err == "nimcore: error: interrupted\n"


def test_ida_value_is_not_presented_as_the_game_value(capsys):
    # [1, 2] is won for the mover, but IDA*'s path (take everything from pile 0) loses
    status, out, _ = run(capsys, "solve", "1", "2", "--method", "ida")
    assert status == 0
    assert "not the game value" in out and "IDA* move" in out
    assert "best move" not in out


@pytest.mark.parametrize("argv, status, message", [
    (["solve", "x"], 2, "whole numbers, not 'x'"),
    (["solve", "1", "--bogus"], 2, "unrecognized arguments: --bogus"),
    (["solve", "1", "--node-limit", "-1"], 2, "argument --node-limit"),
    (["solve", "--file", "/nonexistent/piles.txt"], 2, "cannot read"),
    (["solve", "1", "2", "4", "5", "6", "--misere", "--method", "minimax", "--node-limit", "50"], 3,
     "node limit"),
])
def test_json_errors_are_json_on_stdout_with_the_same_status(capsys, argv, status, message):
    assert run(capsys, *argv)[0] == status                       # the plain form: one line
    got, out, err = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert got == status and err == ""
    assert data == {"error": data["error"], "status": status} and message in data["error"]


def test_node_limit_zero_means_no_limit_on_the_command_line_and_in_python(capsys):
    import nim

    status, out, _ = run(capsys, "solve", "1", "2", "4", "--misere", "--max-take", "2",
                         "--method", "minimax", "--node-limit", "0", "--json")
    from_python = nim.solve([1, 2, 4], "misere,max=2", "minimax", node_limit=0)
    assert status == 0 and json.loads(out)["nodes"] == from_python.nodes
    assert from_python == nim.solve([1, 2, 4], "misere,max=2", "minimax", node_limit=None)._replace(
        seconds=from_python.seconds)


@pytest.mark.parametrize("word", ["\uff13", "\u0663", "1_000", "0x10", "+3", " ", "1e3"])
def test_piles_are_ascii_digits_only(capsys, word):
    status, _, err = run(capsys, "solve", "1", word)
    assert status == 2 and "digits 0-9" in err


@pytest.mark.parametrize("flags, message", [
    (["--max-take", "4294967295"], "1 .. 4,294,967,294"),
    (["--max-take", "99999999999"], "1 .. 4,294,967,294"),
    (["--node-limit", str(2**64)], "0 .. 9,223,372,036,854,775,807"),
    (["--time-limit", "0"], "(0, 1e+09]"),
    (["--time-limit", "nan"], "(0, 1e+09]"),
    (["--time-limit", "inf"], "(0, 1e+09]"),
    (["--tt-mb", "0"], "1 .. 1,048,576"),
    (["--subtract", "1,1"], "1 is given twice"),
    (["--subtract", str(2**32)], "1 .. 4,294,967,295"),
])
def test_numbers_out_of_range_name_the_range(capsys, flags, message):
    status, _, err = run(capsys, "solve", "3", "4", "--misere", *flags)
    assert status == 2 and message in err and err.count("\n") == 1


def test_a_piles_file_past_the_size_cap_is_refused(tmp_path, capsys, monkeypatch):
    import nim.inputs

    path = tmp_path / "piles.txt"
    path.write_text("1 2 3 " * 100)
    monkeypatch.setattr(nim.inputs, "MAX_INPUT_BYTES", 64)
    status, _, err = run(capsys, "solve", "--file", str(path))
    assert status == 2 and "larger than 64 bytes" in err


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_endless_binary_input_fails_at_once(capsys, path):
    status, _, err = run(capsys, "solve", "--file", path)
    assert status == 2 and "not a text file" in err


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_ctrl_c_clears_the_progress_line_before_its_message() -> None:
    """On a terminal a long search shows a progress line; Ctrl-C erases it, then says why it stopped."""
    import os
    import select
    import signal
    import time

    from terminal import read_until_closed, start

    # about ten seconds of minimax: interrupted long before
    process, controller = start(["solve", "1", "2", "3", "4", "5", "--misere", "--max-take", "9",
                                 "--method", "minimax", "--node-limit", "0"])
    screen = b""
    deadline = time.monotonic() + 30
    while b"nodes" not in screen and time.monotonic() < deadline:     # the progress line is up
        if select.select([controller], [], [], 1)[0]:
            screen += os.read(controller, 65536)
    process.send_signal(signal.SIGINT)
    screen, status = read_until_closed(process, controller, screen, quiet=10)
    text = screen.decode(errors="replace")
    assert status == 130 and b"nodes" in screen
    before, message = text.rstrip("\r\n").rsplit("\r", 1)
    assert message.strip() == "nimcore: error: interrupted"
    assert before.rsplit("\r", 1)[-1].strip() == ""       # the progress line was overwritten by blanks


@pytest.mark.parametrize("argv", [
    ["play", "--mode", "aivai", "--piles", "3", "4", "--games", "\uff12"],
    ["tournament", "--strategies", "random,optimal", "--games", "1_0"],
    ["table", "--upto", "\u0663"],
    ["tree", "1", "2", "--max-nodes", "+9"],
    ["tree", "1", "2", "--method", "depth", "--depth", " 2"],
    ["serve", "--port", "\uff18\uff10\uff10\uff10"],
])
def test_every_number_flag_takes_ascii_digits_only(capsys, argv):
    """docs/reference/command-line.md: numbers are written with the digits 0-9 only (int() takes the others)."""
    status, _, err = run(capsys, *argv)
    assert status == 2 and "is not a whole number (digits 0-9)" in err
