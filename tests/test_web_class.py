"""A class on ``nimcore serve --class`` (issue 32, item 3), through its API
(Starlette's TestClient) and a real server on loopback: pairing, the teacher's
page and CSV, the hint's seat token and the class's switches, pruning, restarts.

Results are checked against facts independent of the web package: under normal
play whoever took the last stone wins (the mover of the game's last move), and
KUET's wins array is 1 for each game NimX ended.
"""

from __future__ import annotations

import csv
import io
import json
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():     # Starlette asks for httpx2, which is not needed here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

import oracles  # noqa: E402
from nim.web import classroom  # noqa: E402
from nim.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.fixture()
def db(tmp_path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture()
def room(db) -> Iterator[Tuple[TestClient, Dict[str, Any], str]]:
    """A TestClient, the class and its teacher's token."""
    app = create_app(db)
    cls, teacher = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        yield client, cls, teacher


def join(client: TestClient, cls: Dict[str, Any], name: str, flow: str = "free",
         opponent: str = "student", status: int = 201) -> Dict[str, Any]:
    answer = client.post(f"/api/join/{cls['id']}", json={"name": name, "flow": flow, "opponent": opponent})
    assert answer.status_code == status, answer.text
    body: Dict[str, Any] = answer.json()
    return body


def move(client: TestClient, game: Dict[str, Any], token: str, pile: int, count: int) -> Dict[str, Any]:
    answer = client.post(f"/api/games/{game['id']}/move",
                         json={"token": token, "pile": pile, "count": count, "version": game["version"]})
    assert answer.status_code == 200, answer.text
    state: Dict[str, Any] = answer.json()["game"]
    return state


def first_take(game: Dict[str, Any]) -> Tuple[int, int]:
    """The smallest legal take of the first pile that has one, by the oracle's move rule."""
    rule = "normal,max=3" if game["flow"] == "kuet" else game["rules"]
    for pile, size in enumerate(game["piles"]):
        takes = sorted(oracles.takes(rule, size))
        if takes:
            return pile, takes[0]
    raise AssertionError(f"no move in {game['piles']}")


def overview(client: TestClient, teacher: str) -> Dict[str, Any]:
    answer = client.get(f"/api/class/{teacher}")
    assert answer.status_code == 200, answer.text
    data: Dict[str, Any] = answer.json()
    return data


def test_two_students_are_paired_into_one_game_and_the_third_waits(room):
    client, cls, teacher = room
    ada = join(client, cls, "Ada")
    assert ada["paired"] is False and ada["seat"] == 0
    bob = join(client, cls, "Bob")
    assert bob["paired"] is True and bob["seat"] == 1
    assert bob["game"]["id"] == ada["game"]["id"]
    assert [seat["name"] for seat in bob["game"]["seats"]] == ["Ada", "Bob"]
    cy = join(client, cls, "Cy")
    assert cy["paired"] is False and cy["game"]["id"] != ada["game"]["id"]
    rows = overview(client, teacher)["games"]
    assert {row["id"]: row["status"] for row in rows} == {
        ada["game"]["id"]: "in progress", cy["game"]["id"]: "waiting for a partner"}
    assert rows[1]["players"] == ["Ada", "Bob"] and rows[1]["watch"] == f"/g/{ada['game']['id']}"
    # the paired students' tokens move their own seats, in turn
    game = move(client, bob["game"], ada["token"], *first_take(bob["game"]))
    refused = client.post(f"/api/games/{game['id']}/move", json={
        "token": ada["token"], "pile": 0, "count": 1, "version": game["version"]})
    assert refused.status_code == 409


def test_a_game_against_nimx_played_to_the_end_shows_its_winner(room):
    client, cls, teacher = room
    joined = join(client, cls, "Dee", flow="rajalakshmi", opponent="nimx")
    assert joined["paired"] is True
    game, token = joined["game"], joined["token"]
    assert game["seats"][joined["seat"]]["name"] == "Dee"
    assert game["seats"][1 - joined["seat"]]["ai"]
    while not game["finished"]:
        game = move(client, game, token, *first_take(game))
    last_mover = game["moves"][-1][0]          # normal play: whoever took the last stone wins
    row = overview(client, teacher)["games"][0]
    assert row["status"] == "finished"
    assert row["winner"] == game["seats"][last_mover]["name"]
    assert row["result"] == f"{game['seats'][last_mover]['name']} wins"


def test_a_kuet_easy_series_shows_its_wins_array(room):
    client, cls, teacher = room
    joined = join(client, cls, "Eve", flow="kuet", opponent="nimx")
    game, token = joined["game"], joined["token"]
    ended: List[int] = []
    while True:
        while not game["finished"]:
            game = move(client, game, token, *first_take(game))
        ended.append(1 if game["moves"][-1][0] == 1 else 0)      # NimX (seat 1) took the last stone
        if len(ended) == 3:
            break
        row = overview(client, teacher)["games"][0]
        assert row["status"] == "in progress" and row["wins"] == ended
        answer = client.post(f"/api/games/{game['id']}/next", json={"token": token})
        assert answer.status_code == 200, answer.text
        game = answer.json()["game"]
    row = overview(client, teacher)["games"][0]
    assert row["status"] == "finished" and row["wins"] == ended
    assert row["result"] == f"IDA* wins: {ended}"


def test_a_kuet_hard_series_shows_each_algorithms_fitness(room):
    client, cls, teacher = room
    answer = client.post(f"/api/join/{cls['id']}", json={"name": "Ivy", "flow": "kuet", "opponent": "nimx",
                                                         "difficulty": 2})
    assert answer.status_code == 201, answer.text
    game, token = answer.json()["game"], answer.json()["token"]
    wins: Dict[str, List[int]] = {"Minimax": [], "Alpha-Beta": []}
    for number in range(6):                   # the seed's Hard: Minimax, then Alpha-Beta, in turn
        while not game["finished"]:
            game = move(client, game, token, *first_take(game))
        wins["Minimax" if number % 2 == 0 else "Alpha-Beta"].append(1 if game["moves"][-1][0] == 1 else 0)
        if number < 5:
            game = client.post(f"/api/games/{game['id']}/next", json={"token": token}).json()["game"]
    fitness = {name: sum(genes) / 3 for name, genes in wins.items()}
    row = overview(client, teacher)["games"][0]
    assert row["status"] == "finished" and row["fitness"] == fitness
    assert f"Minimax fitness {fitness['Minimax']}" in row["result"]
    assert f"Alpha-Beta fitness {fitness['Alpha-Beta']}" in row["result"]
    best = "Alpha_Beta" if fitness["Alpha-Beta"] > fitness["Minimax"] else "Minimax"      # ties: the first
    assert row["result"].endswith(f"selected: {best}")


def test_the_csv_export_has_a_row_per_game(room):
    client, cls, teacher = room
    join(client, cls, "Ada")
    join(client, cls, "Bob, the \"second\"")
    join(client, cls, "Cy", flow="lab2", opponent="nimx")
    answer = client.get(f"/api/class/{teacher}/games.csv")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.text)))
    assert tuple(rows[0]) == classroom.CSV_COLUMNS
    listed = overview(client, teacher)["games"]
    # an id starting with "-" is written "'-..." (a spreadsheet would read it as a formula)
    assert [row[0].lstrip("'") for row in rows[1:]] == [game["id"] for game in listed]
    by_id = {row[0].lstrip("'"): dict(zip(rows[0], row)) for row in rows[1:]}
    paired = next(game for game in listed if game["flow"] == "free")
    assert (by_id[paired["id"]]["player 1"], by_id[paired["id"]]["player 2"]) == ("Ada", 'Bob, the "second"')
    assert by_id[paired["id"]]["status"] == "in progress"
    # no address printed (a class opened through the API): the one the teacher's page was asked at
    assert {row["watch"] for row in by_id.values()} == {f"http://testserver/g/{game['id']}" for game in listed}


def test_a_hint_needs_the_seat_token_of_the_player_to_move_in_every_game(room):
    client, cls, teacher = room
    # an ordinary Human vs Human game, not a class's
    created = client.post("/api/games", json={"flow": "free", "mode": "hvh", "piles": [3, 4, 5]}).json()
    game, first = created["game"], created["token"]
    second = client.post(f"/api/games/{game['id']}/join", json={"name": "B"}).json()["token"]
    hint = f"/api/games/{game['id']}/hint"
    assert client.get(hint).status_code == 403                                         # a spectator
    assert client.get(hint, headers={"X-Seat-Token": "not-a-seat"}).status_code == 403
    assert client.get(hint, headers={"X-Seat-Token": second}).status_code == 409       # not to move
    answer = client.get(hint, headers={"X-Seat-Token": first})
    assert answer.status_code == 200
    pile, count = answer.json()["move"]
    after = [3, 4, 5]
    after[pile] -= count
    assert oracles.value("normal", tuple(after)) < 0            # the hint wins, by brute force


def test_the_class_switches_hints_and_why_off_and_on(room):
    client, cls, teacher = room
    joined = join(client, cls, "Flo", flow="free", opponent="nimx")
    game, token = joined["game"], joined["token"]
    game = move(client, game, token, *first_take(game))          # NimX answers: why has a move to explain
    seat = {"X-Seat-Token": token}
    assert client.get(f"/api/games/{game['id']}/hint", headers=seat).status_code == 200
    assert client.get(f"/api/games/{game['id']}/why").status_code == 200
    answer = client.post(f"/api/class/{teacher}/switches", json={"hints": False, "why": False})
    assert answer.status_code == 200 and answer.json()["hints"] is False
    refused = client.get(f"/api/games/{game['id']}/hint", headers=seat)
    assert refused.status_code == 403 and "switched off" in refused.json()["error"]
    assert client.get(f"/api/games/{game['id']}/why").status_code == 403
    assert client.get(f"/api/games/{game['id']}").json()["study"] == {"hints": False, "why": False}
    client.post(f"/api/class/{teacher}/switches", json={"hints": True})
    assert client.get(f"/api/games/{game['id']}").json()["study"] == {"hints": True, "why": False}
    assert client.get(f"/api/games/{game['id']}/hint", headers=seat).status_code == 200
    assert client.get(f"/api/games/{game['id']}/why").status_code == 403
    for bad in ({"hints": "yes"}, {"flows": ["chess"]}, {"flows": "free"}, {"wait": -1}, {"wait": True}):
        answer = client.post(f"/api/class/{teacher}/switches", json=bad)
        assert answer.status_code == 400, bad
        assert answer.json()["error"]


def test_the_flows_offered_are_the_only_ones_a_student_can_join(room):
    client, cls, teacher = room
    client.post(f"/api/class/{teacher}/switches", json={"flows": ["kuet", "lab2"]})
    offer = client.get(f"/api/join/{cls['id']}").json()
    assert offer["flows"] == ["lab2", "kuet"] and offer["pair_flows"] == ["lab2"]
    assert "does not offer" in join(client, cls, "Gus", flow="free", status=400)["error"]
    assert "NimX only" in join(client, cls, "Gus", flow="kuet", status=400)["error"]
    assert join(client, cls, "Gus", flow="lab2")["game"]["flow"] == "lab2"
    for bad in ({"name": ""}, {"name": "x" * 41}, {"name": 3}, {"name": "Hal", "opponent": "robot"}):
        answer = client.post(f"/api/join/{cls['id']}", json=bad)
        assert answer.status_code == 400 and answer.json()["error"]
    assert client.post("/api/join/nosuchclass", json={"name": "Hal"}).status_code == 404


def test_a_waiting_student_plays_nimx_instead(room):
    client, cls, teacher = room
    ada = join(client, cls, "Ada")
    wrong = client.post(f"/api/join/{cls['id']}/nimx", json={"game": ada["game"]["id"], "token": "nope"})
    assert wrong.status_code == 403
    instead = client.post(f"/api/join/{cls['id']}/nimx", json={"game": ada["game"]["id"], "token": ada["token"]})
    assert instead.status_code == 201, instead.text
    game = instead.json()["game"]
    assert game["id"] != ada["game"]["id"] and game["seats"][1]["ai"] and game["seats"][0]["name"] == "Ada"
    listed = [row["id"] for row in overview(client, teacher)["games"]]
    assert listed == [game["id"]]                     # the withdrawn game is not the class's any more
    bob = join(client, cls, "Bob")
    assert bob["paired"] is False                     # nobody waits: Bob waits in a new game
    # a partner who joined just before the wait ran out: the waiting student keeps that game
    cy = join(client, cls, "Cy")
    assert cy["game"]["id"] == bob["game"]["id"]
    kept = client.post(f"/api/join/{cls['id']}/nimx", json={"game": bob["game"]["id"], "token": bob["token"]})
    assert kept.json()["game"]["id"] == bob["game"]["id"] and kept.json()["paired"] is True


def test_the_teachers_token_guards_the_class_page(room):
    client, cls, teacher = room
    for path in ("/api/class/not-the-teacher", "/api/class/not-the-teacher/games.csv", f"/api/class/{cls['id']}"):
        answer = client.get(path)
        assert answer.status_code == 404 and "teacher" in answer.json()["error"]
    assert client.post("/api/class/not-the-teacher/switches", json={"hints": False}).status_code == 404
    page = client.get(f"/class/{teacher}")
    assert page.status_code == 200 and 'data-page="class"' in page.text
    assert 'data-page="join"' in client.get(f"/join/{cls['id']}").text
    assert teacher not in json.dumps(overview(client, teacher))       # the token is never sent back


def test_a_restart_keeps_the_class_and_its_games_with_a_new_teacher_link(db):
    app = create_app(db)
    cls, teacher = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        joined = join(client, cls, "Ada", opponent="nimx")
    again = create_app(db)
    cls2, teacher2 = classroom.open_class(again.state.store, "5B")
    assert cls2["id"] == cls["id"] and teacher2 != teacher
    with TestClient(again) as client:
        assert client.get(f"/api/class/{teacher}").status_code == 404
        assert [row["id"] for row in overview(client, teacher2)["games"]] == [joined["game"]["id"]]


def _nimcore(*args: str, timeout: float = 60) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "nim", *args], capture_output=True, text=True, timeout=timeout)


def test_prune_archives_and_deletes_the_old_games_only(db, tmp_path):
    app = create_app(db)
    cls, teacher = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        ids = [join(client, cls, name, opponent="nimx")["game"]["id"] for name in ("Ada", "Bob", "Cy")]
    app.state.store.close()
    with sqlite3.connect(db) as raw:           # Ada's and Bob's games were last changed 40 days ago
        raw.execute("UPDATE games SET updated = ? WHERE id IN (?, ?)", (time.time() - 40 * 86400, ids[0], ids[1]))
    archive = tmp_path / "old.jsonl"
    done = _nimcore("serve", "--db", str(db), "--prune", "30", "--archive", str(archive))
    assert done.returncode == 0, done.stderr
    assert "deleted 2 games" in done.stderr
    archived = [json.loads(line) for line in archive.read_text().splitlines()]
    assert sorted(entry["id"] for entry in archived) == sorted(ids[:2])
    assert all(entry["state"]["id"] == entry["id"] for entry in archived)
    again = create_app(db)
    kept, teacher2 = classroom.open_class(again.state.store, "5B")
    assert kept["games"] == [ids[2]]                  # the pruned games left the class's list
    with TestClient(again) as client:
        assert [row["id"] for row in overview(client, teacher2)["games"]] == [ids[2]]
    for bad in (["--prune", "-1"], ["--prune", "nan"], ["--archive", str(archive)]):
        done = _nimcore("serve", "--db", str(db), *bad)
        assert done.returncode == 2, bad
        assert done.stderr.strip().startswith("nimcore: error:") and "Traceback" not in done.stderr


def test_the_student_addresses_of_a_server_on_every_interface_are_not_loopback(db, capsys):
    from nim.commands.serve import announce_class
    from nim.web.store import Store

    store = Store(db)
    urls = ["http://192.168.1.20:8000/", "http://10.0.0.5:8000/", "http://127.0.0.1:8000/"]
    announce_class(store, "5B", "0.0.0.0", urls)
    lines = capsys.readouterr().err.splitlines()
    students = [line.split("students open ")[1] for line in lines if "students open" in line]
    cls = store.load_class("5B", by="name")
    assert cls is not None
    assert students == [f"http://192.168.1.20:8000/join/{cls['id']}", f"http://10.0.0.5:8000/join/{cls['id']}"]
    assert cls["links"] == urls[:2]
    assert any("/class/" in line and "127.0.0.1" in line for line in lines)
    store.close()


def _read_until(stream: Any, pattern: str, deadline: float) -> Optional[str]:
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            return None
        if re.search(pattern, line):
            return str(line)
    return None


def _class_server(db: Path) -> "Tuple[subprocess.Popen[str], int, str, str]":
    """``nimcore serve --class 5B`` on a free loopback port: the process, the port and
    the teacher's and students' links it printed."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    process = subprocess.Popen([sys.executable, "-m", "nim", "serve", "--class", "5B", "--port", str(port),
                                "--db", str(db)], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 30
    assert process.stderr is not None
    teacher_line = _read_until(process.stderr, r"/class/", deadline)
    student_line = _read_until(process.stderr, r"students open", deadline)
    if not (teacher_line and student_line):
        process.kill()
        raise AssertionError("the server printed no class links")
    teacher_url = re.search(r"(http://\S+/class/\S+)", teacher_line)
    join_url = re.search(r"(http://\S+/join/\S+)", student_line)
    assert teacher_url and join_url
    return process, port, teacher_url.group(1), join_url.group(1)


def test_a_real_server_with_class_prints_the_links_that_work_and_survives_a_kill(db):
    process, port, teacher, joining = _class_server(db)
    try:
        assert joining.startswith(f"http://127.0.0.1:{port}/join/")
        class_id = joining.rsplit("/", 1)[1]
        api = teacher.replace("/class/", "/api/class/")
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/join/{class_id}", method="POST",
                                         data=json.dumps({"name": "Ada", "opponent": "nimx"}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            game_id = json.load(answer)["game"]["id"]
        with urllib.request.urlopen(api, timeout=10) as answer:
            data = json.load(answer)
        assert data["class"]["name"] == "5B" and [row["id"] for row in data["games"]] == [game_id]
        with urllib.request.urlopen(joining, timeout=10) as answer:
            assert b'data-page="join"' in answer.read()
    finally:
        process.kill()                  # no shutdown: the class and its game were committed already
        process.wait(10)
    process, port, teacher2, joining2 = _class_server(db)
    try:
        assert joining2.rsplit("/", 1)[1] == class_id and teacher2 != teacher
        with urllib.request.urlopen(teacher2.replace("/class/", "/api/class/"), timeout=10) as answer:
            assert [row["id"] for row in json.load(answer)["games"]] == [game_id]
    finally:
        process.terminate()
        process.wait(10)



# ---------------------------------------------------------------- issue 40 (items 1, 9, 10), issue 42 (5, 6)

def test_the_class_plays_the_teachers_game(room):
    """"Any rules" was always normal Nim on 3 4 5 (issue 40, item 9): the teacher picks
    any rule string, take-and-break included, on given piles or piles drawn for each
    pairing, and the join page says what will be played."""
    client, cls, teacher = room
    assert client.get(f"/api/join/{cls['id']}").json()["game"]["rules"] == "normal"
    answer = client.post(f"/api/class/{teacher}/switches", json={"game": {"rules": "misere,kayles", "piles": "4 5"}})
    assert answer.status_code == 200, answer.text
    assert answer.json()["game"]["rules"] == "misere,octal=0.77"
    offer = client.get(f"/api/join/{cls['id']}").json()["game"]
    assert offer["rules"] == "misere,octal=0.77" and offer["piles"] == [4, 5] and offer["splits"] is True
    assert "Kayles" in offer["words"] and "4 5" in offer["words"]
    # a pairing plays it to the end: in misère play whoever makes the last move loses
    ada, bob = join(client, cls, "Ada"), join(client, cls, "Bob")
    game = bob["game"]
    assert game["rules"] == "misere,octal=0.77" and game["start"] == [4, 5] and game["splits"]
    tokens = [ada["token"], bob["token"]]
    while not game["finished"]:
        pile = next(i for i, moves in enumerate(game["heap_moves"]) if moves)
        count, a, b = game["heap_moves"][pile][0]
        body = {"token": tokens[game["to_move"]], "pile": pile, "count": count, "version": game["version"]}
        if a or b:
            body["split"] = [a, b]
        answer = client.post(f"/api/games/{game['id']}/move", json=body)
        assert answer.status_code == 200, answer.text
        game = answer.json()["game"]
    assert game["winner"] == 1 - game["moves"][-1][0]
    # against NimX, with piles drawn for each pairing
    drawn = {"rules": "normal,dawson-kayles", "draw": {"count": 3, "low": 2, "high": 9}}
    assert client.post(f"/api/class/{teacher}/switches", json={"game": drawn}).status_code == 200
    starts = []
    for name in ("Cy", "Dee", "Eli", "Flo", "Gus"):
        game = join(client, cls, name, opponent="nimx")["game"]
        assert game["rules"] == "normal,octal=0.07"
        starts.append(tuple(game["start"]))
        assert len(game["start"]) == 3 and all(2 <= p <= 9 for p in game["start"])
    assert len(set(starts)) > 1
    before = client.get(f"/api/join/{cls['id']}").json()["game"]
    for bad in ({"rules": "chess"}, {"rules": "normal", "piles": "61"}, {"rules": "normal", "piles": "0 0"},
                {"rules": "normal", "draw": {"count": 0, "low": 1, "high": 3}},
                {"rules": "normal", "draw": {"count": 3, "low": 5, "high": 3}}, {"rules": 3}, "kayles",
                {"rules": "normal", "piles": "3", "colour": "red"}):
        answer = client.post(f"/api/class/{teacher}/switches", json={"game": bad, "hints": False})
        assert answer.status_code == 400 and answer.json()["error"], bad
    assert client.get(f"/api/join/{cls['id']}").json()["game"] == before
    assert overview(client, teacher)["class"]["hints"] is True           # nothing changed


def test_no_tree_table_or_replay_from_a_class_game_while_hints_are_off(room):
    """Hints off means off (issue 40, item 1): the study tools asked from a class game's
    page are refused during the game, with the seat's token or without, and open after."""
    client, cls, teacher = room
    ada, bob = join(client, cls, "Ada"), join(client, cls, "Bob")
    game = bob["game"]
    tools = [("GET", f"/api/table?upto=10&game={game['id']}", None),
             ("GET", f"/api/tree?piles=3%204&game={game['id']}", None),
             ("POST", "/api/replay", {"text": "2\n4\n2\n0 2\n", "game": game["id"]})]
    for method, url, body in tools:                         # hints on: the tools answer
        assert client.request(method, url, json=body).status_code == 200, url
    client.post(f"/api/class/{teacher}/switches", json={"hints": False})
    for token in (None, ada["token"], bob["token"]):
        headers = {"X-Seat-Token": token} if token else {}
        for method, url, body in tools:
            answer = client.request(method, url, json=body, headers=headers)
            assert answer.status_code == 403 and "switched off" in answer.json()["error"], url
    assert client.get("/api/table?upto=10&game=" + "x" * 41).status_code == 404
    tokens = [ada["token"], bob["token"]]
    while not game["finished"]:
        game = move(client, game, tokens[game["to_move"]], *first_take(game))
    for method, url, body in tools:                         # after the game: open again
        assert client.request(method, url, json=body).status_code == 200, url


def test_an_ai_is_listed_with_its_label_once(room):
    """"Player 2 (AI, Optimal) (AI: Optimal)" on the class page and in the CSV (issue 40,
    item 10), also for a game stored with the decorated name."""
    client, cls, teacher = room
    flo = join(client, cls, "Flo", opponent="nimx")
    eve = join(client, cls, "Eve", flow="kuet", opponent="nimx")
    rows = {row["id"]: row for row in overview(client, teacher)["games"]}
    assert rows[flo["game"]["id"]]["players"] == ["Flo", "Player 2 (AI: Optimal)"]
    assert rows[eve["game"]["id"]]["players"] == ["Eve", "NimX (AI: IDA*)"]
    store = client.app.state.store                  # type: ignore[attr-defined]
    old = store.load(flo["game"]["id"])
    old["seats"][1]["name"] = "Player 2 (AI, Optimal)"      # as games were stored before names were plain
    store.save(old["id"], old)
    row = next(r for r in overview(client, teacher)["games"] if r["id"] == old["id"])
    assert row["players"] == ["Flo", "Player 2 (AI, Optimal)"]
    assert "(AI: Optimal)" not in client.get(f"/api/class/{teacher}/games.csv").text.split(old["id"])[1].split("\n")[0]


def _plain_server(db: Path) -> "Tuple[subprocess.Popen[str], int]":
    """``nimcore serve`` without a class on a free loopback port, once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    process = subprocess.Popen([sys.executable, "-m", "nim", "serve", "--port", str(port), "--db", str(db)],
                               stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2):
                return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not answer")


def _status(url: str) -> int:
    import urllib.error

    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_a_real_restart_with_no_class_or_the_same_class_ends_the_teachers_link(db):
    """Issue 42, item 5, as a teacher meets it: ``nimcore serve --class`` started, stopped,
    started again without a class, then with the class: Monday's link answers 404 each time."""
    process, port, monday, _joining = _class_server(db)
    path = monday.split("/class/", 1)[1]
    try:
        assert _status(f"http://127.0.0.1:{port}/api/class/{path}") == 200
    finally:
        process.terminate()
        process.wait(10)
    plain, port = _plain_server(db)
    try:
        assert [_status(f"http://127.0.0.1:{port}/api/class/{path}{end}") for end in ("", "/games.csv")] == [404, 404]
    finally:
        plain.terminate()
        plain.wait(10)
    process, port, tuesday, _joining = _class_server(db)
    try:
        assert _status(f"http://127.0.0.1:{port}/api/class/{path}") == 404
        assert _status(tuesday.replace("/class/", "/api/class/")) == 200
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.parametrize("target", ["-journal", "relative", "symlink", "hardlink"])
def test_prune_refuses_an_archive_in_the_databases_files_by_any_name(db, tmp_path, target):
    """Issue 42, item 6, by the other names of the same files: a relative path, a symbolic
    or hard link to the database, its -journal."""
    app = create_app(db)
    cls, _teacher = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        join(client, cls, "Ada", opponent="nimx")
    app.state.store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET updated = ?", (time.time() - 40 * 86400,))
    archive = {"-journal": f"{db}-journal", "relative": f"{db.parent}/../{db.parent.name}/{db.name}",
               "symlink": str(tmp_path / "link.jsonl"), "hardlink": str(tmp_path / "hard.jsonl")}[target]
    if target == "symlink":
        Path(archive).symlink_to(db)
    elif target == "hardlink":
        Path(archive).hardlink_to(db)
    done = _nimcore("serve", "--db", str(db), "--prune", "30", "--archive", archive)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "nothing was deleted" in done.stderr
    with sqlite3.connect(db) as raw:                     # nothing deleted, the database intact
        assert raw.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_the_study_tools_without_a_game_are_no_back_door(room):
    """Issue 40: the tree, the DP table and a replay asked with only a position (no game=)
    are refused while a class game under those rules, reachable from that position, goes
    on with hints off; another game's position is answered, and after the game all are."""
    from urllib.parse import quote

    client, cls, teacher = room
    ada, bob = join(client, cls, "Ada"), join(client, cls, "Bob")
    game = bob["game"]
    rules, start = quote(game["rules"]), game["piles"]
    body = "\n".join([str(len(start)), *map(str, start), "0 1"]) + "\n"
    tools = [("GET", f"/api/tree?piles={'%20'.join(map(str, start))}&rules={rules}", None),   # its start
             ("GET", f"/api/table?upto={max(start)}&rules={rules}", None),                  # its piles' values
             ("POST", "/api/replay", {"text": body, "rules": game["rules"]})]
    for method, url, payload in tools:                      # hints on: the tools answer
        assert client.request(method, url, json=payload).status_code == 200, url
    client.post(f"/api/class/{teacher}/switches", json={"hints": False})
    for token in (None, ada["token"], bob["token"]):
        headers = {"X-Seat-Token": token} if token else {}
        for method, url, payload in tools:
            answer = client.request(method, url, json=payload, headers=headers)
            assert answer.status_code == 403 and "switched off" in answer.json()["error"], url
    other = "misere,max=2" if game["rules"] != "misere,max=2" else "normal,max=2"
    # other rules, or a position that cannot come to the game's: no help to it, answered
    assert client.get(f"/api/tree?piles={'%20'.join(map(str, start))}&rules={quote(other)}").status_code == 200
    assert client.get(f"/api/tree?piles=1&rules={rules}").status_code == 200 or max(start) <= 1
    tokens = [ada["token"], bob["token"]]
    while not game["finished"]:
        game = move(client, game, tokens[game["to_move"]], *first_take(game))
    for method, url, payload in tools:                      # after the game: open again
        assert client.request(method, url, json=payload).status_code == 200, url
