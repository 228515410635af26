"""The number a student is shown is the XOR of Grundy values, named with its rule, or
nothing (issue 40, item 2): in the terminal's hint and glossary, the browser's JSON, and
the AI's name; checked against a brute-force Grundy value per pile (tests/oracles.py)."""

from __future__ import annotations

import itertools
import subprocess
import sys
import warnings

import pytest

import oracles
from nim.solving.invariant import grundy_sum

RULES = ["normal", "misere", "normal,max=3", "misere,max=2", "normal,half", "misere,half", "normal,set=1;3;4"]


@pytest.mark.parametrize("rule", RULES)
def test_the_number_is_the_xor_of_brute_force_grundy_values(rule: str) -> None:
    for piles in itertools.product(range(9), repeat=2):
        shown = grundy_sum(piles, rule)
        assert shown is not None
        x = 0
        for pile in piles:
            x ^= oracles.grundy(rule, pile)
        assert shown.value == x, (rule, piles)
        assert (shown.name == "nim-sum") == (rule in ("normal", "misere"))


def test_nothing_is_shown_where_no_xor_decides() -> None:
    from hooks import assume_untame

    with assume_untame("misere,set=2;3"):                                # condition (C) fails
        assert grundy_sum([3, 4], "misere,set=2;3") is None
    assert grundy_sum([3, 4], "misere,kayles") is None
    kayles = grundy_sum([3, 4], "kayles")
    assert kayles is not None and kayles.value == 3 ^ 1 and "nim-sequence" in kayles.words


def test_the_terminal_hint_under_max_3_says_what_x_is() -> None:
    done = subprocess.run([sys.executable, "-m", "nim", "play", "--mode", "hvai", "--piles", "1", "6",
                           "--max-take", "3"], input="hint\nq\n", capture_output=True, text=True, timeout=60)
    out = done.stdout
    assert "Hint: take 1 from pile 1: it leaves X = 0" in out                 # 1 and 5: n mod 4 = 1, 1
    assert "X is the XOR of the Grundy values, not of the sizes: n mod 4 under take at most 3" in out
    assert "X is the nim-sum" not in out and "the AI (Nim-sum)" not in out and "the AI (Optimal)" in out


def test_the_browser_json_names_the_sum_and_gives_no_nim_sum_under_max_3(tmp_path) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
        from nim.web.app import create_app

        with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
            game = client.post("/api/games", json={"flow": "free", "rules": "normal,max=3", "piles": [1, 5],
                                                   "mode": "hvh"}).json()["game"]
            assert game["nim_sum"] is None
            assert game["grundy_sum"] == {"value": 0, "name": "Grundy sum", "words":
                                          "the XOR of the piles' Grundy values (n mod 4 under take at most 3)"}
            plain = client.post("/api/games", json={"flow": "free", "rules": "normal", "piles": [1, 5],
                                                    "mode": "hvh"}).json()["game"]
            assert plain["nim_sum"] == 4 and plain["grundy_sum"]["name"] == "nim-sum"
