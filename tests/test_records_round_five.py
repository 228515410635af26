"""Game records under attack, round five (issue 42, items 17 and 18): a series nested 5,000
deep and escape sequences in seat names, through the terminal's --load and replay and the
browser's upload."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import pytest

HEADER = ("# nimcore game record (a Lab 2 test file; lines starting with # are comments)\n"
          "# rules: normal\n# flow: rajalakshmi\n# seat 0: human {name}\n# seat 1: human Bo\n# first: 0\n"
          "# seed: 1\n{series}2\n3\n4\n")


def record(tmp_path: Path, name: str = "Ann", series: str = "") -> Path:
    path = tmp_path / "game.txt"
    path.write_text(HEADER.format(name=name, series=series), encoding="utf-8")
    return path


def run(*argv: str, typed: str = "q\n") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nim", *argv], input=typed, capture_output=True, text=True,
                          timeout=60)


def test_a_series_nested_5000_deep_is_one_clear_line_everywhere(tmp_path: Path) -> None:
    path = record(tmp_path, series="# series: " + "[" * 5000 + "]" * 5000 + "\n")
    for argv in (["play", "--load", str(path)], ["replay", str(path)]):
        done = run(*argv)
        assert done.returncode == 2, (argv, done.stderr[-300:])
        assert "Traceback" not in done.stderr and "nested" in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
        from nim.web.app import create_app

        text = HEADER.format(name="Ann", series="# series: " + "{\"a\":" * 3000 + "1" + "}" * 3000 + "\n")
        with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
            upload = client.post("/api/games", json={"flow": "rajalakshmi", "record": text[:20_000]})
            assert upload.status_code == 400, upload.text
            replayed = client.post("/api/replay", json={"text": text[:20_000]})
            assert replayed.status_code == 400, replayed.text


def test_escape_sequences_in_a_seat_name_never_reach_the_terminal(tmp_path: Path) -> None:
    path = record(tmp_path, name="Eve\x1b]0;pwned\x07\x1b[2J")
    for argv in (["play", "--load", str(path)], ["replay", str(path)], ["replay", str(path), "--record"]):
        done = run(*argv)
        assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stdout + done.stderr, argv
        assert "Eve" in done.stdout, (argv, done.stdout[-300:], done.stderr[-300:])
