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
    (["octal", "0.8"], "digit 8"),
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
    status, out, _ = run(capsys, "octal", "0.9", "--json")
    assert status == 2 and "digit 9" in json.loads(out)["error"]


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
    time.sleep(2.0)
    process.send_signal(signal.SIGINT)
    started = time.monotonic()
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "interrupted" in err and err.count("\n") == 1
    assert time.monotonic() - started < 5
