"""nimcore table: single-pile outcomes and Grundy values against brute force."""

from __future__ import annotations

import json
from typing import Dict, List

import pytest

from nim import Rules
from nim.cli import main
from reference import brute_force_value
from nim.solving.tables import pile_outcomes, pile_table

RULE_SETS = [
    f"{convention}{take}"
    for convention in ("normal", "misere")
    for take in ("", ",max=1", ",max=2", ",max=3", ",half", ",set=1;3;4", ",set=2;5", ",set=2;3", ",set=3")
]


def brute_grundy(upto: int, rules: Rules) -> List[int]:
    """mex over the moves, written out independently of the core's DP."""
    values: List[int] = []
    for n in range(upto + 1):
        reachable = {values[n - k] for k in rules.takes(n)}
        g = 0
        while g in reachable:
            g += 1
        values.append(g)
    return values


@pytest.mark.parametrize("text", RULE_SETS)
def test_table_against_brute_force(text: str) -> None:
    rules = Rules.parse(text)
    upto = 40
    rows = pile_table(upto, rules)
    grundy = brute_grundy(upto, rules)
    assert [row.size for row in rows] == list(range(upto + 1))
    for row in rows:
        n = row.size
        assert row.value == brute_force_value([n], rules), n
        assert row.grundy == grundy[n]
        assert row.winning_takes == tuple(sorted(
            k for k in rules.takes(n) if brute_force_value([n - k], rules) < 0))
        assert row.movable == bool(rules.takes(n))
        if not rules.misere:
            assert (row.value > 0) == (row.grundy != 0)  # Sprague-Grundy
    assert pile_outcomes(upto, rules) == [row.value for row in rows]


def test_forejune_half_table() -> None:
    # take 1..floor(n/2), the player left with 1 loses: the losses are 0 and 2^k - 1
    rows = pile_table(200, "normal,half")
    losses = [row.size for row in rows if row.value < 0]
    assert losses == [0, 1, 3, 7, 15, 31, 63, 127]


@pytest.mark.parametrize("text", ["normal", "misere", "normal,half", "misere,max=3"])
def test_large_tables_use_the_closed_forms(text: str) -> None:
    rules = Rules.parse(text)
    rows = pile_table(6000, rules)  # beyond the DP table's range for any/half
    assert [r.grundy for r in rows[:300]] == brute_grundy(299, rules)
    expected = {"normal": lambda n: n, "misere": lambda n: n, "misere,max=3": lambda n: n % 4}
    if text in expected:
        assert all(r.grundy == expected[text](r.size) for r in rows)


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "--half", "--upto", "8"]) == 0
    out = capsys.readouterr().out.splitlines()
    body = out[out.index(next(line for line in out if line.strip().startswith("n "))) + 1:]
    assert len(body) == 9
    assert body[7].split()[:3] == ["7", "loss", "0"]
    assert body[8].split() == ["8", "win", "4", "1"]
    assert "no move" in body[1]


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "--misere", "--max-take", "3", "--upto", "9", "--json"]) == 0
    data: Dict[str, object] = json.loads(capsys.readouterr().out)
    assert data["rules"] == "misere,max=3"
    rows = data["rows"]
    assert isinstance(rows, list) and len(rows) == 10
    assert [r["outcome"] for r in rows] == [
        "win" if brute_force_value([n], "misere,max=3") > 0 else "loss" for n in range(10)]


@pytest.mark.parametrize("argv", [["--upto", "-1"], ["--upto", "99999999"], ["--subtract", "0"],
                                  ["--max-take", "0"], ["--rules", "sideways"]])
def test_cli_errors(argv: List[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nimcore: error:") and err.count("\n") == 1
