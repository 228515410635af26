"""The pins flow as one state machine (issue 38, item 2): its words said once, in
``nim.flows.pins``; the terminal (``nim.play.pins``) and the browser (``/pins``) render it
(the same lines and record in both: ``test_flow_conformance``). The numbers shown beside
its board come from the game's nim-sequence, checked here against a brute force that
shares no code with the engines (``takebreak_oracle``)."""

from __future__ import annotations

import random
from functools import reduce
from pathlib import Path
from typing import List

import pytest
from starlette.testclient import TestClient

import nim
import takebreak_oracle
from nim.flows import machine_of
from nim.position import Move
from nim.web.app import create_app

#: Lines of the pins flow that only its module may say.
PIN_LINES = ["Type a move as HEAP TAKE", "the exact player: it works out who wins", "Heaps (pin counts",
             "Which game? kayles, dawson-kayles", "Misère play -- whoever makes the last move loses?"]


def test_the_flows_lines_are_said_in_its_module_only() -> None:
    package = Path(nim.__file__).parent
    holders = {str(path.relative_to(package)) for path in package.rglob("*")
               if path.suffix in (".py", ".js", ".html") and any(line in path.read_text(encoding="utf-8")
                                                                 for line in PIN_LINES)}
    assert holders == {"flows/pins.py"}


def test_a_split_and_grundys_game_are_said_in_the_flows_words() -> None:
    flow = machine_of("pins")
    state = flow.setup({"rules": "kayles", "piles": [7]}, random.Random(1), 1)
    after, lines = flow.apply(state, 0, flow.parse(state, "1 1 3"))
    assert after["piles"] == [3, 3] and lines == ["You take 1 from heap 1, leaving heaps of 3 and 3."]
    grundy = flow.setup({"rules": "grundy-game", "piles": [7], "name": "Ann"}, random.Random(1), 1)
    after, lines = flow.apply(grundy, 0, flow.parse(grundy, "1 2"))
    assert after["piles"] == [2, 5] and lines == ["Ann splits heap 1 into heaps of 2 and 5."]
    six = flow.setup({"rules": "grundy-game", "piles": [6]}, random.Random(1), 1)
    with pytest.raises(ValueError, match="the two heaps must differ"):
        flow.parse(six, "1 3")


@pytest.mark.parametrize("answers, why", [({"rules": "normal,max=3"}, "not normal,max=3"),
                                          ({"rules": "kayles", "ai": ["ida"]}, "cannot play moves that split")])
def test_what_the_flow_cannot_play_is_refused(answers, why) -> None:
    with pytest.raises(nim.NimError, match=why):
        machine_of("pins").setup(answers, random.Random(1), 1)


@pytest.mark.parametrize("game, name", [("0.77", "kayles"), ("0.07", "dawson-kayles"), ("0.137", "0.137")])
def test_the_number_beside_the_board_is_the_xor_of_the_nim_sequence(tmp_path, game: str, name: str) -> None:
    """Normal play: the XOR of the heaps' Grundy values, named as such (never Bouton's nim-sum
    of the raw heaps); misère play: no such number."""
    piles: List[int] = [5, 7, 9]
    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        normal = client.post("/api/games", json={"flow": "pins", "rules": name, "misere": False,
                                                  "piles": piles}).json()["game"]
        misere = client.post("/api/games", json={"flow": "pins", "rules": name, "misere": True,
                                                  "piles": piles}).json()["game"]
    expected = reduce(lambda x, y: x ^ y, (takebreak_oracle.grundy(game, p) for p in piles))
    assert normal["grundy_sum"]["value"] == expected and normal["grundy_sum"]["name"] == "Grundy sum"
    assert normal["nim_sum"] is None
    assert misere["grundy_sum"] is None and misere["nim_sum"] is None


def test_kuets_number_is_the_grundy_sum_of_take_at_most_three(tmp_path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        game = client.post("/api/games", json={"flow": "kuet", "name": "Ann", "piles": [4, 5, 6]}).json()["game"]
    assert game["nim_sum"] is None                                   # 4 ^ 5 ^ 6 = 7 would be Bouton's
    assert game["grundy_sum"]["value"] == (4 % 4) ^ (5 % 4) ^ (6 % 4) and game["grundy_sum"]["name"] == "Grundy sum"


def test_an_undo_takes_back_a_split_and_its_answer() -> None:
    flow = machine_of("pins")
    state = flow.setup({"rules": "kayles", "piles": [5, 7]}, random.Random(1), 1)
    state, _ = flow.apply(state, 0, Move(0, 1, split=(1, 3)))
    state, _ = flow.apply(state, 1, Move(1, 1))
    undone, lines = flow.undo(state, 0)
    assert undone["piles"] == [5, 7] and undone["moves"] == [] and lines == []
