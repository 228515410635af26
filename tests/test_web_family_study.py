"""The browser's "why did the AI move there" and analysis for every family of components
(issue 41: they answered 400 for every family, graph games and Two-dimensional Nim among
them). Every playable family through the real server's API; the values of Wythoff's pairs
and of tokens on a graph with cycles against brute forces written here from the rules."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from graph_oracle import token_outcomes
from nim.flows import machine_of
from test_freeplay import PLAYABLE


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from starlette.testclient import TestClient

    from nim.web.app import create_app

    with TestClient(create_app(tmp_path_factory.mktemp("study") / "games.sqlite3")) as running:
        yield running


def _game(client, rules: str, position=None, mode: str = "hvai"):
    body = {"flow": "freeplay", "rules": rules, "mode": mode, "seed": 3}
    if position is not None:
        body["position"] = json.dumps(position)
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    return made.json()["game"], made.json()["token"]


def _move(client, game, token, which: int = 0):
    flow = machine_of("freeplay")
    text = flow.typed_move(game, flow.options(game)[which])
    reply = client.post(f"/api/games/{game['id']}/move", json={"text": text, "token": token,
                                                               "version": game["version"]})
    assert reply.status_code == 200, reply.text
    return reply.json()["game"]


@pytest.mark.parametrize("rules", PLAYABLE)
def test_why_and_analysis_answer_for_every_family(client, rules):
    """A person's move, NimX's answer: "why" names NimX's move in the family's words and
    the analysis lists both moves and the moves now, each with a value of -1, 0 or 1."""
    game, token = _game(client, rules)
    game = _move(client, game, token)
    headers = {"X-Seat-Token": token}
    why = client.get(f"/api/games/{game['id']}/why", headers=headers)
    analysis = client.get(f"/api/games/{game['id']}/analysis", headers=headers)
    if len(game["moves"]) < 2:                 # the person's move ended the game: NimX never moved
        assert why.status_code == 409 and "has not moved" in why.json()["error"]
    else:
        assert why.status_code == 200, why.text
        said = why.json()
        assert "'s last move: " in said["summary"] and said["move"] == game["moves"][-1][1:]
        assert said["value_before"] in (-1, 0, 1) and said["explain"]["text"]
    if game["finished"]:
        return
    assert analysis.status_code == 200, analysis.text
    data = analysis.json()
    assert [row["move"] for row in data["moves"]] == [entry[1:] for entry in game["moves"]]
    assert data["current"] and all(row["value"] in (-1, 0, 1) and row["words"] for row in data["current"])
    values = [row["value"] for row in data["current"]]
    assert values == sorted(values, reverse=True)                # winning, drawing, losing
    assert data["value"] == max(values)                          # the position's value is its best move's


# ---------------------------------------------------------------- Wythoff's pairs, by brute force

@lru_cache(maxsize=None)
def _wythoff_wins(a: int, b: int) -> bool:
    moves = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    moves += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return any(not _wythoff_wins(*sorted(m)) for m in moves)


@pytest.mark.parametrize("a, b", [(3, 5), (4, 7), (2, 2), (6, 9), (5, 8)])
def test_wythoff_analysis_values_every_move_by_brute_force(client, a, b):
    game, token = _game(client, "wythoff", [[a, b]], mode="hvh")
    data = client.get(f"/api/games/{game['id']}/analysis", headers={"X-Seat-Token": token}).json()
    assert data["value"] == (1 if _wythoff_wins(a, b) else -1)
    everything = {(a - k, b) for k in range(1, a + 1)} | {(a, b - k) for k in range(1, b + 1)}
    everything |= {(a - k, b - k) for k in range(1, min(a, b) + 1)}
    # a move to (0, 0) leaves no pair at all
    listed = {tuple(sorted(row["move"][2][0] if row["move"][2] else (0, 0))): row["value"]
              for row in data["current"]}
    assert set(listed) == {tuple(sorted(p)) for p in everything}
    for pair, value in listed.items():
        assert value == (-1 if _wythoff_wins(*pair) else 1)


def test_the_analysis_marks_a_random_players_slip_with_the_best_move_then(client):
    """Two random players on one Wythoff pair: every value by the brute force, and a slip
    (a won pair left as a won pair to the opponent) marked with the best move then."""
    for seed in range(20):
        made = client.post("/api/games", json={"flow": "freeplay", "rules": "wythoff", "mode": "aivai",
                                               "position": "[[9, 14]]", "seed": seed, "ai": "random"})
        assert made.status_code == 201, made.text
        game = made.json()["game"]
        assert game["finished"]
        data = client.get(f"/api/games/{game['id']}/analysis").json()
        for row in data["moves"]:
            before = tuple(sorted(row["before"][0]))
            after = tuple(sorted(row["after"][0] if row["after"] else (0, 0)))
            assert row["value_before"] == (1 if _wythoff_wins(*before) else -1)
            slip = _wythoff_wins(*before) and _wythoff_wins(*after)
            assert row["throws_away"] == slip
            if slip:
                assert row["best"] and "leaving" in row["best"]
        if any(row["throws_away"] for row in data["moves"]):
            return
    pytest.fail("twenty games of two random players without one slip")


# ---------------------------------------------------------------- tokens on a graph with cycles

@pytest.mark.parametrize("seed", range(8))
def test_graph_analysis_values_every_move_by_retrograde_analysis(client, seed):
    import random

    rng = random.Random(seed)
    n = rng.randint(3, 7)
    edges = sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(n, 2 * n))})
    edges = [e for e in edges if e[0] != e[1]] or [(0, 1)]
    tokens = tuple(sorted(rng.randrange(n) for _ in range(2)))
    oracle = token_outcomes(edges, {v for e in edges for v in e} | set(tokens), len(tokens), misere=False)
    made = client.post("/api/games", json={"flow": "freeplay", "rules": "graph", "mode": "hvh",
                                           "position": json.dumps({"edges": edges, "tokens": list(tokens)})})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["token"]
    data = client.get(f"/api/games/{game['id']}/analysis", headers={"X-Seat-Token": token}).json()
    if game["finished"]:
        return
    assert data["value"] == oracle[tokens]
    for row in data["current"]:
        index, left = row["move"][0], row["move"][2][0]["token"]
        after = tuple(sorted(tokens[:index] + (left,) + tokens[index + 1:]))
        assert row["value"] == -oracle[after], (edges, tokens, row)


# ---------------------------------------------------------------- hostile records

RECORD_HEAD = ("# nimcore record: rules normal,wythoff\n# flow: freeplay\n# seats: Ann (human); NimX (optimal)\n"
               "# first: 0\n# seed: 1\n")


@pytest.mark.parametrize("record, words", [
    (RECORD_HEAD + "[[3, 5]]\n[0, 9, [[3, 4]]]\n", "is not a move of the position"),
    (RECORD_HEAD + "[[3, 5]]\n[0, 1, [[3, 4]]]\n[0, 1, [[3, 3]]]\n[0, 6, []]\n[0, 1, [[0, 0]]]\n", "line 10"),
    (RECORD_HEAD + "[[3, 5]\n", "not JSON"),
    (RECORD_HEAD.replace("normal,wythoff", "normal,chess") + "[[3, 5]]\n", "the record's rules"),
    (RECORD_HEAD.replace("normal,wythoff", "normal") + "[[3, 5]]\n", "a family of components"),
    (RECORD_HEAD + "[[300, 500]]\n", "at most 200"),
    (RECORD_HEAD.replace("Ann (human)", "Ann (chess-engine)") + "[[3, 5]]\n", "the record's AI"),
])
def test_a_hostile_record_gets_a_400_in_words_and_no_game(client, record, words):
    before = client.get("/api/health").json()["games"]
    reply = client.post("/api/games", json={"flow": "freeplay", "record": record})
    assert reply.status_code == 400, reply.text
    assert words in reply.json()["error"], reply.json()["error"]
    assert client.get("/api/health").json()["games"] == before


def test_a_record_past_the_request_size_is_refused_before_it_is_read(client):
    record = RECORD_HEAD + "[[3, 5]]\n" + "[0, 1, [[3, 4]]]\n" * 12_000
    reply = client.post("/api/games", json={"flow": "freeplay", "record": record})
    assert reply.status_code == 413 and "too large" in reply.json()["error"]


def test_a_record_that_ends_the_game_loads_finished(client):
    record = RECORD_HEAD + "[[1, 2]]\n[0, 1, [[1, 1]]]\n[0, 2, []]\n"
    reply = client.post("/api/games", json={"flow": "freeplay", "record": record})
    assert reply.status_code == 201, reply.text
    game = reply.json()["game"]
    assert game["finished"] and game["winner"] == 1 and len(game["moves"]) == 2
