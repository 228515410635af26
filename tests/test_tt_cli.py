"""`nimcore solve` with the tt engine: --method tt, --all-moves, --json, --tt-mb."""

from __future__ import annotations

import json

import pytest

import nim
from nim.cli import main


def test_solve_with_tt(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "3", "4", "5", "--misere", "--max-take", "3", "--method", "tt"]) == 0
    out = capsys.readouterr().out
    expected = nim.solve([3, 4, 5], "misere,max=3", method="alphabeta")
    assert f"value      {expected.value:+d}" in out
    assert "engine     tt," in out


def test_all_moves_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1", "3", "5", "--misere", "--all-moves"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("move"))
    assert lines[header].split() == ["move", "position", "after", "value", "depth"]
    rows = lines[header + 1: header + 10]
    assert rows[6].split() == ["take", "3", "from", "pile", "2", "1", "3", "2", "+1", "wins", "5"]
    assert sum("wins" in row for row in rows) == 1
    assert lines[header + 10].startswith("9 moves, 1 winning")


def test_all_moves_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "2", "3", "--max-take", "2", "--all-moves", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    expected = [row.to_dict() for row in nim.analyze([2, 3], "normal,max=2")]
    assert payload["moves"] == expected
    assert {"value", "move", "nodes", "method", "seconds"} <= payload.keys()


def test_all_moves_without_depth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1", "13", "14", "20", "1", "15", "9", "8", "--misere", "--max-take", "3",
                 "--all-moves", "--no-depth", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert all(row["depth"] is None for row in payload["moves"])
    assert len(payload["moves"]) == 1 + 3 + 3 + 3 + 1 + 3 + 3 + 3


def test_all_moves_of_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "0", "0", "--all-moves"]) == 0
    assert "no legal move" in capsys.readouterr().out


def test_all_moves_over_the_limit_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "9", "9", "9", "9", "--misere", "--max-take", "3", "--all-moves",
                 "--node-limit", "1000"]) == 3
    assert "analysis" in capsys.readouterr().err
