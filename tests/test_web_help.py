"""Help reaches only the player to move, and nobody in a class whose teacher switched hints
off, until the game ends (issues 40 item 1, 42 item 3): the hint and the analysis of every
move, through the API as a page or a script would ask."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from nim.web import classroom  # noqa: E402
from nim.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def status(client: TestClient, game_id: str, kind: str, token: object = None) -> int:
    headers = {"X-Seat-Token": token} if isinstance(token, str) else {}
    return client.get(f"/api/games/{game_id}/{kind}", headers=headers).status_code


def play_out(client: TestClient, game: dict, tokens: dict) -> dict:
    while not game["finished"]:
        seat = game["to_move"]
        pile = next(i for i, p in enumerate(game["piles"]) if p)
        answer = client.post(f"/api/games/{game['id']}/move", json={
            "token": tokens[seat], "pile": pile, "count": 1, "version": game["version"]})
        assert answer.status_code == 200, answer.text
        game = answer.json()["game"]
    return game


def test_the_analysis_of_a_game_in_progress_is_for_the_player_to_move_only(tmp_path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        answer = client.post("/api/games", json={"flow": "free", "mode": "hvh", "piles": [3, 4]})
        game, first = answer.json()["game"], answer.json()["token"]
        joined = client.post(f"/api/games/{game['id']}/join", json={"name": "Bo"}).json()
        second = joined["token"]
        assert status(client, game["id"], "analysis") == 403            # a spectator
        assert status(client, game["id"], "analysis", second) == 409    # the opponent, waiting
        assert status(client, game["id"], "analysis", first) == 200     # the player to move
        assert status(client, game["id"], "hint", second) == 409
        game = play_out(client, client.get(f"/api/games/{game['id']}").json()["game"], {0: first, 1: second})
        assert status(client, game["id"], "analysis") == 200            # after the game: everyone


def test_hints_off_in_a_class_means_no_help_during_the_game_and_the_analysis_after(tmp_path) -> None:
    app = create_app(tmp_path / "games.sqlite3")
    cls, teacher = classroom.open_class(app.state.store, "Period 3")
    with TestClient(app) as client:
        ada = client.post(f"/api/join/{cls['id']}", json={"name": "Ada", "flow": "free"}).json()
        bob = client.post(f"/api/join/{cls['id']}", json={"name": "Bob", "flow": "free"}).json()
        game = bob["game"]
        tokens = {ada["seat"]: ada["token"], bob["seat"]: bob["token"]}
        mover = tokens[game["to_move"]]
        assert status(client, game["id"], "hint", mover) == 200
        saved = client.post(f"/api/class/{teacher}/switches", json={"hints": False})
        assert saved.status_code == 200, saved.text
        for kind in ("hint", "analysis"):
            assert status(client, game["id"], kind, mover) == 403
            assert status(client, game["id"], kind) == 403
        shown = client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": mover}).json()
        assert shown["study"]["hints"] is False
        game = play_out(client, client.get(f"/api/games/{game['id']}").json()["game"], tokens)
        assert status(client, game["id"], "analysis") == 200
        assert status(client, game["id"], "hint", mover) == 403
