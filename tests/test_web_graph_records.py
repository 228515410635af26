"""A graph game's record in the browser (issue 41): the record wrote the whole graph again for
every token and every move, and the page bounded an uploaded start as that long text, so the
page refused a record of a game it had made itself. Now the record writes the edges once (a
``# shared:`` line), then the tokens; the reader puts them back and still reads the old form; the
page counts a position as its record writes it. Through the real server's API."""

from __future__ import annotations

import json
import random

import pytest

from nim.flows import machine_of
from nim.play.saved import read_component_record
from nim.web.games import MAX_POSITION_CHARS

pytest.importorskip("starlette")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from starlette.testclient import TestClient

    from nim.web.app import create_app

    with TestClient(create_app(tmp_path_factory.mktemp("graph-records") / "games.sqlite3")) as running:
        yield running


def _graph(edges: int, vertices: int, seed: int):
    """A random graph without cycles (each edge goes up), as many edges as asked."""
    rng = random.Random(seed)
    found = set()
    while len(found) < edges:
        a, b = sorted(rng.sample(range(vertices), 2))
        found.add((a, b))
    return [list(edge) for edge in sorted(found, key=lambda e: rng.random())]


def _play(client, game, token, moves: int):
    flow = machine_of("freeplay")
    for which in range(moves):
        options = flow.options(game)
        text = flow.typed_move(game, options[which % len(options)])
        reply = client.post(f"/api/games/{game['id']}/move", json={"text": text, "token": token,
                                                                   "version": game["version"]})
        assert reply.status_code == 200, reply.text
        game = reply.json()["game"]
    return game


def _largest_graph_the_page_takes(client, tokens):
    """The graph game with the most edges (of 40 vertices) the page makes, and its record."""
    for edges in range(260, 100, -10):
        position = {"edges": _graph(edges, 40, edges), "tokens": tokens}
        made = client.post("/api/games", json={"flow": "freeplay", "rules": "graph", "mode": "hvai",
                                               "seed": 3, "position": json.dumps(position)})
        if made.status_code == 201:
            return position, made.json()
        assert "at most 2,000 characters" in made.json()["error"]
    raise AssertionError("the page took no graph of 100 edges or more")


def test_a_graph_game_the_page_made_and_saved_is_read_back_by_the_page(client):
    tokens = [0, 1, 2, 3, 0]
    position, made = _largest_graph_the_page_takes(client, tokens)
    assert len(position["edges"]) >= 150            # ~190 edges of two-digit vertices in 2,000 characters
    game = _play(client, made["game"], made["token"], 2)
    assert len(game["moves"]) >= 3                  # the person's moves and NimX's answers
    record = client.get(f"/api/games/{game['id']}/record").text
    assert record.count('"edges"') == 1             # the graph once, not once a token and a move
    assert len(record) < 2 * len(json.dumps(position["edges"]))
    uploaded = client.post("/api/games", json={"flow": "freeplay", "record": record})
    assert uploaded.status_code == 201, uploaded.text
    again = uploaded.json()["game"]
    assert again["start"] == game["start"] and again["piles"] == game["piles"]
    assert [m[1:] for m in again["moves"]] == [m[1:] for m in game["moves"]]
    assert len(json.dumps(game["start"])) > MAX_POSITION_CHARS     # the start in full is past the bound


def test_the_old_form_of_a_record_is_still_read(client):
    edges = [[0, 1], [1, 2], [2, 3], [0, 3]]
    old = ("# nimcore record: rules normal,graph\n# flow: freeplay\n# seats: Ann (human); Bob (human)\n# first: 0\n"
           "# seed: 1\n# start, then each move as [component from 0, count, components left]\n"
           + json.dumps([{"edges": edges, "token": 0}, {"edges": edges, "token": 1}]) + "\n"
           + json.dumps([1, 1, [{"edges": edges, "token": 2}]]) + "\n")
    saved = read_component_record(old, "old")
    assert len(saved.moves) == 1
    reply = client.post("/api/games", json={"flow": "freeplay", "record": old})
    assert reply.status_code == 201, reply.text
    game = reply.json()["game"]
    assert [value["token"] for value in game["piles"]] == [0, 2] and len(game["moves"]) == 1
    new = client.get(f"/api/games/{game['id']}/record").text
    assert f"# shared: {json.dumps({'edges': edges})}" in new.splitlines()
    assert read_component_record(new, "new").moves == saved.moves


HEAD = ("# nimcore record: rules normal,graph\n# flow: freeplay\n# seats: Ann (human); Bob (human)\n# first: 0\n"
        "# seed: 1\n")


@pytest.mark.parametrize("record, words", [
    # a graph too large to draw, its edges written once: refused in words, as the page refuses it typed
    (HEAD + f"# shared: {json.dumps({'edges': [[i, i + 1] for i in range(150)] * 5})}\n"
     + json.dumps([{"token": t} for t in range(40)]) + "\n", "at most 2,000 characters"),
    (HEAD + "# shared: [[0, 1]]\n" + '[{"token": 0}]\n', "shared entries are a JSON object"),
    (HEAD + "# shared: {\"edges\": [[0, 1]]\n" + '[{"token": 0}]\n', "shared entries are a JSON object"),
    (HEAD + '# shared: {"edges": [[0, 1]]}\n[{"token": 0, "edges": [[0, 1]]}]\n', "repeats the shared entry"),
    (HEAD + '# shared: {"edges": [[0, 1]]}\n[3]\n', "that the shared entries complete"),
    (HEAD + '# shared: {"edges": [[0, 1]]}\n[{"token": 0}]\n[0, 1, [7]]\n', "line 8"),
])
def test_a_hostile_record_is_refused_in_words_and_makes_no_game(client, record, words):
    before = client.get("/api/health").json()["games"]
    reply = client.post("/api/games", json={"flow": "freeplay", "record": record})
    assert reply.status_code == 400, reply.text
    assert words in reply.json()["error"], reply.json()["error"]
    assert client.get("/api/health").json()["games"] == before


def test_a_typed_position_is_bounded_as_before(client):
    for position, words in [("x" * 3000, "at most 2,000"),
                            (json.dumps({"edges": [[i, i + 1] for i in range(400)], "tokens": [0]}), "at most 2,000")]:
        reply = client.post("/api/games", json={"flow": "freeplay", "rules": "graph", "position": position})
        assert reply.status_code == 400 and words in reply.json()["error"], reply.text
