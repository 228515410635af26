"""`nimcore octal` and `nimcore table --octal` as a researcher runs them; the commands
that solve or play refuse a take-and-break game with one line and exit status 2."""

from __future__ import annotations

import json
import sys

import pytest

from nim.cli import main
from takebreak_oracle import sequence


def run(capsys, *argv: str):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_report(capsys):
    status, out, err = run(capsys, "octal", "0.16")
    assert status == 0 and err == ""
    assert "pre-period      105,351" in out and "period          149,459" in out
    assert "largest value   23 at heap 229,790" in out
    assert "rare values     mask" in out and "time" in out


def test_json_keys(capsys):
    status, out, _ = run(capsys, "octal", "kayles", "--json")
    data = json.loads(out)
    assert status == 0
    assert (data["code"], data["preperiod"], data["period"], data["proven"]) == ("0.77", 71, 12, True)
    for key in ("heaps", "largest", "largest_at", "rare_count", "seconds"):
        assert key in data
    assert data["first"] == sequence("0.77", 40)
    assert data["largest"] == 8 and data["largest_at"] == 27


def test_no_period_within_upto(capsys):
    status, out, _ = run(capsys, "octal", "grundy-game", "--upto", "3000", "--json")
    data = json.loads(out)
    assert status == 0 and data["proven"] is False and data["period"] is None and data["preperiod"] is None
    assert data["heaps"] == 3000
    status, out, _ = run(capsys, "octal", "0.6", "--upto", "2000")
    assert status == 0 and "none proven within 2,000 heaps (raise --upto)" in out


def test_plain_method_is_the_same(capsys):
    _, fast, _ = run(capsys, "octal", "0.137", "--json", "--show", "200")
    _, plain, _ = run(capsys, "octal", "0.137", "--json", "--show", "200", "--method", "plain")
    fast_data, plain_data = json.loads(fast), json.loads(plain)
    assert fast_data["first"] == plain_data["first"] == sequence("0.137", 200)
    assert (fast_data["preperiod"], fast_data["period"]) == (plain_data["preperiod"], plain_data["period"]) == (52, 34)


@pytest.mark.parametrize("argv, message", [
    (["octal", "0.8", "--record"], "0.8 is played in Python"),
    (["octal", "."], "no digit"),
    (["octal", "0.000"], "no move"),
    (["octal", "chess"], "unknown game"),
    (["octal", "0.77", "--upto", "0"], "--upto"),
    (["octal", "0.77", "--plot", "out.gif"], "PNG or SVG"),
    (["tree", "2", "2", "--octal", "0.77", "--method", "depth"], "draw method 'minimax' or 'alphabeta'"),
    (["tournament", "--octal", "0.77", "--strategies", "random,ida", "--games", "1"],
     "cannot make the split moves"),
    (["play", "--game", "grundy-game", "--style", "lab2"], "plays take rules"),
    (["replay", "missing.txt", "--game", "kayles"], ""),
])
def test_errors_are_one_line_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("nimcore")
    assert message in err


def test_json_error(capsys):
    status, out, _ = run(capsys, "octal", "0.G", "--json")
    assert status == 2 and "0.G" in json.loads(out)["error"]


def test_table_octal(capsys):
    status, out, err = run(capsys, "table", "--octal", "0.77", "--upto", "100", "--json")
    data = json.loads(out)
    assert status == 0 and data["rules"] == "normal,octal=0.77"
    values = sequence("0.77", 101)
    assert [row["grundy"] for row in data["rows"]] == values
    assert [row["outcome"] for row in data["rows"]] == ["win" if g else "loss" for g in values]
    # a winning take k leaves (a heap or two heaps of) value 0
    for row in data["rows"]:
        n = row["n"]
        for k in row["winning_takes"]:
            rest = n - k
            assert rest == 0 or any(values[a] == values[rest - a] for a in range(1, rest // 2 + 1))
        assert row["movable"] == (n >= 1)
    status, out, _ = run(capsys, "table", "--game", "dawson-chess", "--upto", "20")
    assert status == 0 and "octal=0.137" in out


def test_plot_png_and_svg(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    for suffix in ("png", "svg"):
        path = tmp_path / f"kayles.{suffix}"
        status, _, err = run(capsys, "octal", "kayles", "--plot", str(path))
        assert status == 0 and err == ""
        head = path.read_bytes()[:200]
        assert head.startswith(b"\x89PNG") if suffix == "png" else b"<svg" in path.read_bytes()[:2000]


def test_plot_without_matplotlib_says_what_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # import matplotlib fails
    status, out, err = run(capsys, "octal", "kayles", "--plot", str(tmp_path / "k.png"))
    assert status == 2 and "pip install 'nimcore[plot]'" in err and err.count("\n") == 1


def test_help_teaches(capsys):
    status, out, _ = run(capsys, "octal", "--help")
    assert status == 0
    for words in ("bit 4", "Periodicity Theorem", "--upto", "--json", "--plot", "rare"):
        assert words in out


def test_ctrl_c_stops_a_long_run():
    """SIGINT during a long computation: exit status 130 and one line, promptly."""
    import signal
    import subprocess
    import time

    process = subprocess.Popen([sys.executable, "-m", "nim", "octal", "grundy-game", "--upto", "400000000"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2.0)
        process.send_signal(signal.SIGINT)
        started = time.monotonic()
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()          # a run the signal did not stop is not left behind
        process.wait()
    assert process.returncode == 130 and "interrupted" in err and err.count("\n") == 1
    assert time.monotonic() - started < 5


# ---------------------------------------------------------------- codes played in Python (issue 41)

def _brute(digit, n: int, unequal: bool = False):
    """G(0 .. n-1) of a code given by ``digit(k)``, by the mex over every option written from
    the digits' bits: 1 takes a whole heap of k, 2 leaves one heap, 4 two, 8 three (each
    non-empty; ``unequal``: the heaps left differ)."""
    g = []
    for heap in range(n):
        seen = set()
        for k in range(1, heap + 1):
            d, rest = digit(k), heap - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1) if not (unequal and 2 * a == rest))
            if d & 8:
                seen.update(g[a] ^ g[b] ^ g[rest - a - b] for a in range(1, rest) for b in range(a, rest - a)
                            if rest - a - b >= b)
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


@pytest.mark.parametrize("code, digit, unequal", [
    ("0.1(30)", lambda k: 1 if k == 1 else (3 if k % 2 == 0 else 0), False),
    ("octal=0.(012)", lambda k: (0, 1, 2)[(k - 1) % 3], False),
    ("0.17...", lambda k: 1 if k == 1 else 7, False),
    ("0.7,unequal", lambda k: 7 if k == 1 else 0, True),
    ("0.F", lambda k: 15 if k == 1 else 0, False),
    ("0.333...", lambda k: 3, False),
])
def test_a_code_played_in_python_by_the_octal_command(capsys, code, digit, unequal):
    """``nimcore octal`` answers every code the families read (it refused these before): the
    values against a brute force, the period as seen and said unproven (Nim's: its theorem)."""
    status, out, err = run(capsys, "octal", code, "--upto", "120", "--json", "--show", "120")
    assert status == 0, err
    data = json.loads(out)
    assert data["first"] == _brute(digit, 120, unequal)
    assert data["proven"] == (code == "0.333...")
    status, out, err = run(capsys, "octal", code, "--upto", "120")
    assert status == 0 and "heaps computed  120 (0 .. 119), in Python" in out
    assert ("Nim: G(n) = n" if code == "0.333..." else "none applies") in out


@pytest.mark.parametrize("argv, message", [
    (["0.1(30)", "--record"], "--record computes finite octal codes and Grundy's game; 0.1(30) is played in Python"),
    (["0.1(30)", "--upto", "200000"], "--upto is at most 100,001 heaps, not 200,000"),
    (["0.F", "--plot", "x.png"], "--plot is not for the code 0.F"),
    (["0.7,unequal", "--method", "plain"], "--method plain is the compiled kernel's yardstick"),
])
def test_a_code_played_in_python_refuses_what_it_cannot_do_in_one_line(capsys, argv, message):
    status, out, err = run(capsys, "octal", *argv)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
