"""The JSON API of ``nimcore serve`` through Starlette's TestClient: every route,
the seed flows' words, and hostile input (wrong tokens, out of turn, replayed
moves, 1 MB bodies, malformed JSON, unknown routes, 10,000 random requests).

Values are checked against tests/oracles.py (brute force written from SPEC 2),
never against the package's own solver.
"""

from __future__ import annotations

import json
import random
import warnings
from typing import Any, Dict, Iterator, List, Tuple

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():     # Starlette asks for httpx2, which is not needed here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

import oracles  # noqa: E402
from nim.web.app import MAX_BODY, create_app  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.fixture()
def client(tmp_path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as test_client:
        yield test_client


def create(client: TestClient, **options: Any) -> Tuple[Dict[str, Any], str]:
    answer = client.post("/api/games", json=options)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["game"], body["token"]


def move(client: TestClient, game: Dict[str, Any], token: Any, pile: Any, count: Any,
         version: Any = None) -> Any:
    return client.post(f"/api/games/{game['id']}/move", json={
        "token": token, "pile": pile, "count": count,
        "version": game["version"] if version is None else version})


def replay_moves(start: List[int], moves: List[List[int]], rule: str) -> Tuple[int, ...]:
    """The piles after the moves, each checked legal by the oracle's own move rule."""
    piles = tuple(start)
    for _seat, pile, count in moves:
        assert count in oracles.takes(rule, piles[pile]), (piles, pile, count, rule)
        piles = piles[:pile] + (piles[pile] - count,) + piles[pile + 1:]
    return piles


def assert_consistent(game: Dict[str, Any]) -> None:
    """Piles, turn and end agree with the moves, by the oracle's rules."""
    rule = game["rules"]
    piles = replay_moves(game["start"], game["moves"], rule)
    assert tuple(game["piles"]) == piles
    seats = [seat for seat, _p, _c in game["moves"]]
    assert all(a != b for a, b in zip(seats, seats[1:])), "a seat moved twice in a row"
    finished = not any(True for _ in oracles.moves(rule, piles))
    assert game["finished"] == finished
    if finished:
        loser_moves = game["to_move"]        # the player with no move
        winner = loser_moves if oracles.parse(rule)[0] else 1 - loser_moves
        assert game["winner"] == winner


def first_legal(game: Dict[str, Any]) -> Tuple[int, int]:
    for pile, size in enumerate(game["piles"]):
        takes = oracles.takes(game["rules"], size)
        if takes:
            return pile, min(takes)
    raise AssertionError("no legal move")


# ---------------------------------------------------------------- pages and routes

@pytest.mark.parametrize("path", ["/", "/kuet", "/rajalakshmi", "/lab2", "/forejune", "/pins", "/free", "/g/abc"])
def test_pages_are_html_that_load_the_script_and_style(client, path):
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert '<script src="/static/app.js">' in answer.text and "/static/style.css" in answer.text
    assert "https://" not in answer.text and "http://" not in answer.text   # no internet needed
    assert answer.headers["content-security-policy"].startswith("default-src 'self'")


@pytest.mark.parametrize("name", ["app.js", "style.css", "stone.svg", "page.html"])
def test_static_files_are_served_from_the_package(client, name):
    answer = client.get(f"/static/{name}")
    assert answer.status_code == 200 and len(answer.content) > 100


def test_health_counts_the_games(client):
    assert client.get("/api/health").json() == {"ok": True, "games": 0}
    create(client, flow="free")
    assert client.get("/api/health").json()["games"] == 1


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("path", ["/api/nothing", "/api/games/x/y/z", "/api/", "/api/games/abc/fly"])
def test_unknown_api_routes_answer_in_json(client, method, path):
    answer = client.request(method, path)
    assert answer.status_code == 404
    assert answer.headers["content-type"] == "application/json"
    assert "error" in answer.json()


def test_a_missing_game_is_a_json_404(client):
    for path in ["/api/games/nosuchgame", "/api/games/nosuchgame/hint", "/api/games/nosuchgame/record",
                 "/api/games/" + "x" * 300, "/api/games/..%2F..%2Fetc"]:
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert "error" in answer.json()


# ---------------------------------------------------------------- the seed flows

def play_kuet_series(client: TestClient, difficulty: int, seed: int) -> Dict[str, Any]:
    game, token = create(client, flow="kuet", name="Ann", difficulty=difficulty, seed=seed)
    while True:
        while not game["finished"]:
            pile, count = first_legal(game)
            answer = move(client, game, token, pile, count)
            assert answer.status_code == 200, answer.text
            game = answer.json()["game"]
            assert_consistent(game)
        if game["series"]["done"]:
            return game
        answer = client.post(f"/api/games/{game['id']}/next", json={"token": token})
        assert answer.status_code == 200, answer.text
        game = answer.json()["game"]


def test_kuet_easy_says_the_reports_lines_and_the_ida_wins_array(client):
    game = play_kuet_series(client, 1, seed=5)
    log = game["log"]
    assert log[0] == "Hello!!! I am NimX..."
    assert log.count("NimX is playing using IDA*.....") == 3
    assert "Let's see how the board is looking right now..." in log
    assert any("\nPile_no 1: /*\\" in line for line in log)
    results = game["series"]["results"]
    assert len(results) == 3 and set(results) <= {0, 1}
    assert f"IDA* wins: {results}" in log
    assert "Genetic algorithm is not applicable in Easy mode." in log
    for board in game["series"]["boards"]:
        assert 2 <= len(board) <= 3 and all(1 <= p <= 6 for p in board)


def test_kuet_hard_plays_six_games_and_selects_by_fitness(client):
    game = play_kuet_series(client, 2, seed=9)
    series, log = game["series"], game["log"]
    assert series["labels"] == ["Minimax", "Alpha-Beta"] * 3
    minimax, alphabeta = series["results"][0::2], series["results"][1::2]
    assert f"Minimax chromosome (wins): {minimax}" in log
    assert f"Alpha-Beta chromosome (wins): {alphabeta}" in log
    assert f"Algorithm: Minimax, Fitness: {sum(minimax) / 3}" in log
    assert f"Algorithm: Alpha_Beta, Fitness: {sum(alphabeta) / 3}" in log
    chosen = ("Minimax", minimax) if sum(minimax) >= sum(alphabeta) else ("Alpha_Beta", alphabeta)
    assert f"Selected Chromosome: {chosen[1]} with algorithm: {chosen[0]}" in log
    # the Hard AIs play perfectly: from a won position NimX never lets the human win
    boards = series["boards"]
    for board, nimx_won in zip(boards, series["results"]):
        if oracles.value("normal,max=3", board) < 0:     # the human, moving first, is lost
            assert nimx_won == 1


def test_kuet_refuses_more_than_three_stones_in_its_words(client):
    game, token = create(client, flow="kuet", name="Bo", difficulty=1, piles=[6, 5])
    answer = move(client, game, token, 0, 4)
    assert answer.status_code == 400
    assert answer.json()["error"] == "you cannot take 4 from pile 1 (it has 6): take 1 to 3"


@pytest.mark.parametrize("piles", ["3 4 5", "1 2 3 4", "7"])
def test_rajalakshmi_ai_vs_ai_plays_the_nim_sum_move_to_the_end(client, piles):
    game, token = create(client, flow="rajalakshmi", mode="aivai", piles=piles)
    assert token is None and game["finished"]
    assert_consistent(game)
    start = tuple(int(p) for p in piles.split())
    # the nim-sum player wins exactly the won positions (Bouton, by brute force here)
    assert game["winner"] == (0 if oracles.value("normal", start) > 0 else 1)
    assert game["log"][-1] == f"Game over. Player {game['winner']} wins!"
    assert "Starting piles:" in game["log"] and "Piles: " + " ".join(
        f"[{i}]:{p}" for i, p in enumerate(start)) in game["log"]


def test_rajalakshmi_falls_back_to_3_4_5_in_the_reports_words(client):
    game, _ = create(client, flow="rajalakshmi", mode="hvai", piles="3 x 5")
    assert game["start"] == [3, 4, 5]
    assert "Invalid piles input: Invalid integer in piles: 'x'. Using default [3,4,5]." in game["log"]
    assert game["nim_sum"] == 3 ^ 4 ^ 5


def test_rajalakshmi_human_vs_ai_the_ai_answers_every_move(client):
    game, token = create(client, flow="rajalakshmi", mode="hvai", piles="3 4 5")
    answer = move(client, game, token, 0, 3)     # to 0 4 5: nim-sum 1, the AI must restore 0
    game = answer.json()["game"]
    assert len(game["moves"]) == 2 and game["to_move"] == 0
    x = 0
    for p in game["piles"]:
        x ^= p
    assert x == 0
    assert any(line.startswith("Player 1 removes") for line in game["log"])


@pytest.mark.parametrize("level", [1, 2, 3])
def test_lab2_levels_play_misere_legally(client, level):
    game, token = create(client, flow="lab2", misere=True, level=level, piles=[1, 3, 5], seed=level)
    assert game["rules"] == "misere"
    # the level said as the terminal says it (the flow's one machine, nim.flows.lab2)
    assert any(line.startswith(f"(In plain words: at level {level} the AI looks") for line in game["log"])
    while not game["finished"]:
        game = move(client, game, token, *first_legal(game)).json()["game"]
        assert_consistent(game)


def test_forejune_the_ai_moves_first_and_wins_a_won_pile(client):
    for pile in range(2, 25):
        game, token = create(client, flow="forejune", pile=pile, seed=pile)
        assert game["seats"][0]["ai"] and len(game["moves"]) >= 1 and game["moves"][0][0] == 0
        while not game["finished"]:
            game = move(client, game, token, *first_legal(game)).json()["game"]
        assert_consistent(game)
        if oracles.value("normal,half", (pile,)) > 0:
            assert game["winner"] == 0, pile


def test_forejune_dp_table_matches_brute_force(client):
    rows = client.get("/api/table", params={"upto": 60, "rules": "normal,half"}).json()["rows"]
    assert [row["value"] for row in rows[1:]] == [oracles.value("normal,half", (n,)) for n in range(1, 61)]


@pytest.mark.parametrize("rule", ["normal", "misere", "normal,max=2", "misere,half", "normal,set=1;3;4"])
def test_free_games_under_every_rule_set_stay_consistent(client, rule):
    game, token = create(client, flow="free", rules=rule, piles=[4, 5, 6], ai="optimal")
    while not game["finished"]:
        game = move(client, game, token, *first_legal(game)).json()["game"]
        assert_consistent(game)


# ---------------------------------------------------------------- study beside play

@pytest.mark.parametrize("rule,piles", [("normal", [3, 4, 5]), ("misere", [1, 3, 5]),
                                        ("normal,max=3", [4, 6]), ("misere,half", [9, 4])])
def test_the_hint_is_a_winning_move_by_brute_force(client, rule, piles):
    game, token = create(client, flow="free", rules=rule, piles=piles)
    hint = client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": token}).json()
    value = oracles.value(rule, tuple(piles))
    assert hint["value"] == value
    pile, count = hint["move"]
    after = tuple(piles[:pile] + [piles[pile] - count] + piles[pile + 1:])
    assert count in oracles.takes(rule, piles[pile])
    if value > 0:
        assert oracles.value(rule, after) < 0
    assert "XOR" in hint["explain"]["text"] or "Grundy" in hint["explain"]["text"]


def test_why_judges_the_ai_move_by_brute_force(client):
    game, token = create(client, flow="kuet", name="Cy", difficulty=1, piles=[5, 6], seed=1)
    assert client.get(f"/api/games/{game['id']}/why").status_code == 409      # NimX has not moved
    game = move(client, game, token, 0, 1).json()["game"]
    why = client.get(f"/api/games/{game['id']}/why").json()
    _seat, pile, count = game["moves"][1]
    before = (4, 6)
    after = tuple(p - (count if i == pile else 0) for i, p in enumerate(before))
    assert why["move"] == [pile, count]
    assert why["summary"].startswith(f"NimX (IDA*) played take {count} from pile {pile + 1} on 4 6.")
    if oracles.value("normal,max=3", before) < 0:
        assert "Every move loses" in why["summary"]
    elif oracles.value("normal,max=3", after) < 0:
        assert "That move wins" in why["summary"]
    else:
        assert "throws the win away" in why["summary"]


def test_analysis_marks_every_thrown_away_win(client):
    game, token = create(client, flow="free", rules="misere", piles=[2, 3, 4], ai="random", seed=4)
    while not game["finished"]:
        game = move(client, game, token, *first_legal(game)).json()["game"]
    rows = client.get(f"/api/games/{game['id']}/analysis").json()["moves"]
    piles = tuple(game["start"])
    assert len(rows) == len(game["moves"])
    for row, (_seat, pile, count) in zip(rows, game["moves"]):
        after = piles[:pile] + (piles[pile] - count,) + piles[pile + 1:]
        before_value = oracles.value("misere", piles)
        assert row["value_before"] == before_value
        assert row["throws_away_win"] == (before_value > 0 and oracles.value("misere", after) > 0)
        piles = after


def test_analysis_scores_every_move_from_the_current_position(client):
    game, token = create(client, flow="free", rules="normal,max=3", piles=[3, 5])
    # during the game the analysis is the player to move's (a spectator's ask is refused)
    assert client.get(f"/api/games/{game['id']}/analysis").status_code == 403
    current = client.get(f"/api/games/{game['id']}/analysis", headers={"X-Seat-Token": token}).json()["current"]
    assert sorted(tuple(row["move"]) for row in current) == sorted(
        (i, t) for i, p in enumerate([3, 5]) for t in oracles.takes("normal,max=3", p))
    for row in current:
        pile, count = row["move"]
        after = tuple(p - (count if i == pile else 0) for i, p in enumerate([3, 5]))
        assert row["value"] == -oracles.value("normal,max=3", after)


def test_undo_takes_back_the_move_and_the_ai_answer(client):
    game, token = create(client, flow="free", rules="normal", piles=[3, 4, 5])
    before = game["piles"]
    game = move(client, game, token, 2, 1).json()["game"]
    assert len(game["moves"]) == 2
    answer = client.post(f"/api/games/{game['id']}/undo", json={"token": token})
    assert answer.status_code == 200
    assert answer.json()["game"]["piles"] == before and answer.json()["game"]["moves"] == []
    assert client.post(f"/api/games/{game['id']}/undo", json={"token": token}).status_code == 409
    assert client.post(f"/api/games/{game['id']}/undo", json={"token": "nope"}).status_code == 403


def test_undo_is_refused_once_the_game_has_ended_and_the_kuet_result_stays(client):
    game, token = create(client, flow="kuet", name="Ada", piles="2 3")
    while not game["finished"]:        # the human plays first legal moves; NimX answers
        game = move(client, game, token, *first_legal(game)).json()["game"]
    results = list(game["series"]["results"])
    assert len(results) == 1
    answer = client.post(f"/api/games/{game['id']}/undo", json={"token": token})
    assert answer.status_code == 409 and "over" in answer.json()["error"]
    after = client.get(f"/api/games/{game['id']}").json()["game"]
    assert after["finished"] and after["series"]["results"] == results and after["moves"] == game["moves"]


def test_undo_is_refused_between_two_people(client):
    game, token = create(client, flow="free", mode="hvh", piles=[3, 4])
    move(client, game, token, 0, 1)
    assert client.post(f"/api/games/{game['id']}/undo", json={"token": token}).status_code == 409


def test_the_record_is_lab2_format_and_loads_back_to_the_same_game(client):
    game, token = create(client, flow="lab2", misere=True, level=3, piles=[2, 3, 4], seed=2)
    for _ in range(2):
        game = move(client, game, token, *first_legal(game)).json()["game"]
    answer = client.get(f"/api/games/{game['id']}/record")
    assert answer.headers["content-type"].startswith("text/plain")
    assert "attachment" in answer.headers["content-disposition"]
    body = [line for line in answer.text.splitlines() if not line.startswith("#")]   # the facts: comments
    assert body[:4] == ["3", "2", "3", "4"]
    assert [list(map(int, line.split())) for line in body[4:]] == [[p, c] for _s, p, c in game["moves"]]
    loaded, _ = create(client, flow="lab2", misere=True, mode="hvh", record=answer.text)
    assert loaded["piles"] == game["piles"] and loaded["to_move"] == game["to_move"]
    assert [m[1:] for m in loaded["moves"]] == [m[1:] for m in game["moves"]]


def test_a_record_with_an_illegal_move_is_refused_naming_its_line(client):
    answer = client.post("/api/games", json={"flow": "lab2", "record": "2\n4\n2\n0 9\n"})
    assert answer.status_code == 400
    assert "line 4" in answer.json()["error"]


def test_replay_upload_annotates_the_lab2_example(client):
    answer = client.post("/api/replay", json={"text": "2\n4\n2\n0 2\n1 2\n", "rules": "misere"})
    body = answer.json()
    assert answer.status_code == 200
    assert body["start"] == [4, 2] and body["start_value"] == oracles.value("misere", (4, 2))
    assert body["text"].startswith("replay of the uploaded file")
    assert body["tree"]["svg"].startswith("<svg")
    for text in ["", "2\n4\n", "x\n", "2\n4\n2\n0 9\n", 17, None]:
        bad = client.post("/api/replay", json={"text": text, "rules": "misere"})
        assert bad.status_code == 400 and "error" in bad.json(), text


def test_the_tree_value_is_the_brute_force_value(client):
    for piles, rule in [((1, 2), "misere"), ((1, 3, 5), "misere"), ((2, 2), "normal")]:
        answer = client.get("/api/tree", params={"piles": ",".join(map(str, piles)), "rules": rule,
                                                 "method": "alphabeta"}).json()
        assert answer["value"] == oracles.value(rule, piles)
        assert answer["svg"].startswith("<svg")
    too_big = client.get("/api/tree", params={"piles": "7 7 7 7", "rules": "misere"}).json()
    assert too_big["svg"] is None and "too many" in too_big["reason"]
    assert client.get("/api/tree", params={"piles": "a b"}).status_code == 400


# ---------------------------------------------------------------- two seats

def test_two_seats_join_and_a_third_browser_only_watches(client):
    game, first = create(client, flow="rajalakshmi", mode="hvh", piles="3 4 5")
    joined = client.post(f"/api/games/{game['id']}/join", json={"name": "Dee"}).json()
    assert joined["seat"] == 1 and joined["token"] and joined["token"] != first
    assert joined["game"]["seats"][1]["name"] == "Dee"
    watcher = client.post(f"/api/games/{game['id']}/join", json={}).json()
    assert watcher["seat"] is None and watcher["token"] is None
    second = joined["token"]
    game = joined["game"]
    # out of turn: the second seat first
    answer = move(client, game, second, 0, 1)
    assert answer.status_code == 409 and "not your turn" in answer.json()["error"]
    game = move(client, game, first, 0, 1).json()["game"]
    game = move(client, game, second, 1, 1).json()["game"]
    assert [m[0] for m in game["moves"]] == [0, 1]
    shown = client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": second}).json()["game"]
    assert shown["you"] == 1
    assert "token" not in json.dumps(shown["seats"])


def test_hostile_moves_change_nothing(client):
    game, token = create(client, flow="free", mode="hvh", piles=[3, 4, 5])
    joined = client.post(f"/api/games/{game['id']}/join", json={}).json()
    game = joined["game"]
    snapshot = client.get(f"/api/games/{game['id']}").json()["game"]
    hostile = [
        ({"token": "wrong", "pile": 0, "count": 1}, 403),
        ({"token": None, "pile": 0, "count": 1}, 403),
        ({"token": ["x"], "pile": 0, "count": 1}, 403),
        ({"token": "x" * 5000, "pile": 0, "count": 1}, 403),
        ({"token": joined["token"], "pile": 0, "count": 1}, 409),      # out of turn
        ({"token": token, "pile": 0, "count": 4}, 400),
        ({"token": token, "pile": 3, "count": 1}, 400),
        ({"token": token, "pile": -1, "count": 1}, 400),
        ({"token": token, "pile": 0, "count": 0}, 400),
        ({"token": token, "pile": 0, "count": -2}, 400),
        ({"token": token, "pile": 0, "count": 10**30}, 400),
        ({"token": token, "pile": "0", "count": 1}, 400),
        ({"token": token, "pile": 0, "count": 1.0}, 400),
        ({"token": token, "pile": 0, "count": True}, 400),
        ({"token": token, "pile": 0, "count": None}, 400),
        ({"token": token, "pile": 0, "count": 1, "version": 99}, 409),
        ({"token": token, "pile": 0, "count": 1, "version": "0"}, 400),
    ]
    for body, status in hostile:
        body.setdefault("version", game["version"])
        answer = client.post(f"/api/games/{game['id']}/move", json=body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.headers["content-type"] == "application/json" and answer.json()["error"]
    assert client.get(f"/api/games/{game['id']}").json()["game"] == snapshot


def test_a_replayed_old_move_is_refused(client):
    game, token = create(client, flow="free", mode="hvh", piles=[3, 4, 5])
    body = {"token": token, "pile": 0, "count": 1, "version": game["version"]}
    assert client.post(f"/api/games/{game['id']}/move", json=body).status_code == 200
    again = client.post(f"/api/games/{game['id']}/move", json=body)
    assert again.status_code == 409 and "version" in again.json()["error"]
    assert client.get(f"/api/games/{game['id']}").json()["game"]["piles"] == [2, 4, 5]


def test_moves_after_the_end_are_refused(client):
    game, token = create(client, flow="free", mode="hvh", piles=[1])
    game = move(client, game, token, 0, 1).json()["game"]
    assert game["finished"]
    other = client.post(f"/api/games/{game['id']}/join", json={}).json()["token"]
    for seat_token in (token, other):
        assert move(client, game, seat_token, 0, 1).status_code == 409


# ---------------------------------------------------------------- malformed requests

def test_a_one_megabyte_body_is_refused_with_json(client):
    game, token = create(client, flow="free")
    big = b'{"token": "' + b"a" * (1 << 20) + b'"}'
    for path in ["/api/games", f"/api/games/{game['id']}/move", "/api/replay", f"/api/games/{game['id']}/join"]:
        answer = client.post(path, content=big, headers={"Content-Type": "application/json"})
        assert answer.status_code == 413 and "too large" in answer.json()["error"]

    def chunks() -> Iterator[bytes]:          # no Content-Length: counted as it arrives
        for _ in range(16):
            yield b" " * (1 << 16)

    answer = client.post("/api/games", content=chunks())
    assert answer.status_code == 413
    assert client.post("/api/games", content=b"{}",
                       headers={"Content-Length": "abc"}).status_code in (400, 413)
    assert MAX_BODY < (1 << 20)


@pytest.mark.parametrize("body", [b"{", b"[1, 2]", b"null", b"\xff\xfe", b'"text"', b"{'a': 1}", b"1e999999"])
def test_malformed_json_is_a_json_400(client, body):
    answer = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert "error" in answer.json()


@pytest.mark.parametrize("options", [
    {"flow": "chess"}, {"flow": 3}, {"flow": "free", "piles": [1] * 13}, {"flow": "free", "piles": [61]},
    {"flow": "free", "piles": [-1]}, {"flow": "free", "piles": "a b"}, {"flow": "free", "rules": "misere,max=x"},
    {"flow": "free", "mode": "hvx"}, {"flow": "free", "ai": "deep-blue"}, {"flow": "kuet", "difficulty": 3},
    {"flow": "forejune", "pile": 1}, {"flow": "lab2", "misere": "yes"}, {"flow": "lab2", "level": 9},
    {"flow": "free", "name": "x" * 500}, {"flow": "free", "seed": -1},
])
def test_bad_game_options_are_refused_in_one_line(client, options):
    answer = client.post("/api/games", json=options)
    assert answer.status_code == 400, answer.text
    message = answer.json()["error"]
    assert message and "\n" not in message and "Traceback" not in message


def test_bad_table_and_tree_queries(client):
    for params in [{"upto": "0"}, {"upto": "x"}, {"upto": "100000"}, {"upto": "10", "rules": "wat"}]:
        assert client.get("/api/table", params=params).status_code == 400
    for params in [{"piles": ""}, {"piles": "1 2 3 4 5 6 7"}, {"piles": "1", "method": "mcts"}]:
        assert client.get("/api/tree", params=params).status_code == 400


# ---------------------------------------------------------------- a bounded random fuzz

def test_ten_thousand_random_requests_get_json_answers_and_keep_games_consistent(client):
    rng = random.Random(2024)
    ids: List[str] = []
    tokens: List[Any] = ["nope", None, "", 5]
    for flow, extra in [("free", {"mode": "hvh", "piles": [3, 4, 5]}), ("kuet", {"difficulty": 1}),
                        ("lab2", {"piles": [1, 2, 3]}), ("rajalakshmi", {"mode": "hvai"}), ("forejune", {})]:
        game, token = create(client, flow=flow, seed=1, **extra)
        ids.append(game["id"])
        tokens.append(token)
    joined = client.post(f"/api/games/{ids[0]}/join", json={}).json()["token"]
    tokens.append(joined)
    values: List[Any] = [0, 1, 2, 3, -1, 10**20, "1", None, True, 1.5, [], {}, "x" * 50]
    statuses = set()
    for _ in range(10_000):
        game_id = rng.choice(ids + ["missing", "a" * 50])
        kind = rng.randrange(10)
        if kind < 5:
            answer = client.post(f"/api/games/{game_id}/move", json={
                "token": rng.choice(tokens),
                "pile": rng.choice(values[:5]) if rng.random() < 0.8 else rng.choice(values),
                "count": rng.choice(values[:5]) if rng.random() < 0.8 else rng.choice(values),
                "version": rng.randrange(40) if rng.random() < 0.9 else rng.choice(values)})
        elif kind == 5:
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
            answer = client.post(rng.choice(["/api/games", f"/api/games/{game_id}/move", "/api/replay"]),
                                 content=raw)
        elif kind == 6:
            answer = client.request(rng.choice(["GET", "POST", "PUT", "DELETE"]),
                                    rng.choice(["/api/x", f"/api/games/{game_id}/zz", "/api/games/", "/api"]))
        elif kind == 7:
            answer = client.post(f"/api/games/{game_id}/{rng.choice(['undo', 'next', 'join'])}",
                                 json={"token": rng.choice(tokens)})
        elif kind == 8:
            answer = client.get(f"/api/games/{game_id}" + rng.choice(["", "/hint", "/why", "/record"]))
        else:
            answer = client.post("/api/games", json={"flow": rng.choice(["free", "kuet", "x", 1]),
                                                     "piles": rng.choice(values + [[1, 2], "2 2"]),
                                                     "mode": rng.choice(["hvh", "hvai", "aivai", 4])})
        statuses.add(answer.status_code)
        assert answer.status_code < 500, answer.text
        if answer.request.url.path.startswith("/api") and not answer.request.url.path.endswith("/record"):
            assert answer.headers["content-type"] == "application/json", answer.request.url
            json.loads(answer.text)
        elif answer.status_code == 200:
            assert answer.headers["content-type"].startswith("text/plain")
    assert {200, 400, 403, 404, 409} <= statuses
    for game_id in ids:
        assert_consistent(client.get(f"/api/games/{game_id}").json()["game"])


# ---------------------------------------------------------------- the command and the store

def test_serve_without_the_web_extra_says_what_to_install(monkeypatch, capsys):
    import importlib.util

    from nim.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name in ("starlette", "uvicorn") else real(name, *args))
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'pip install "nimcore[web]"' in err


@pytest.mark.parametrize("host, words", [("127.0.0.1", "only this computer"), ("localhost", "only this computer"),
                                         ("::1", "only this computer"), ("0.0.0.0", "every interface"),
                                         ("192.168.1.5", "anyone who can reach 192.168.1.5")])
def test_the_start_up_line_says_who_can_connect(host, words):
    from nim.commands.serve import who_can_reach

    assert words in who_can_reach(host)


def test_serve_refuses_a_bad_port(capsys):
    from nim.cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be 1 to 65535" in capsys.readouterr().err


def test_the_default_database_is_in_the_users_data_folder(monkeypatch, tmp_path):
    import sys

    from nim.web.store import default_db_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert default_db_path() == tmp_path / "nimcore" / "games.sqlite3"


def test_games_survive_a_new_app_on_the_same_file(tmp_path):
    db = tmp_path / "kept.sqlite3"
    with TestClient(create_app(db)) as first:
        game, token = create(first, flow="free", mode="hvh", piles=[3, 4, 5])
        game = move(first, game, token, 0, 2).json()["game"]
    with TestClient(create_app(db)) as second:
        again = second.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": token}).json()["game"]
        assert again["piles"] == [1, 4, 5] and again["you"] == 0
        joined = second.post(f"/api/games/{game['id']}/join", json={}).json()
        assert move(second, joined["game"], joined["token"], 1, 1).status_code == 200


def test_the_event_stream_of_a_missing_game_is_a_json_404(client):
    answer = client.get("/api/games/missing/events")
    assert answer.status_code == 404 and "error" in answer.json()


def test_ai_vs_ai_with_slow_searchers_on_a_big_board_is_bounded(client, monkeypatch):
    import time

    from nim.web import games

    monkeypatch.setattr(games, "AI_SECONDS", 0.5)
    started = time.monotonic()
    game, _ = create(client, flow="free", mode="aivai", ai="minimax", piles=[60, 60], rules="misere")
    assert time.monotonic() - started < 20
    assert game["finished"]
    assert_consistent(game)
    assert any("the exact solver plays the remaining ones" in line for line in game["log"])


def test_forejune_says_the_seeds_lines_from_start_to_end(client):
    """testNimdp.cpp's words: "AI moves first. Starting with n = 20", "AI takes K, N
    remain", "You take K, N remain", then "You lost!" or "AI lost; you won!"."""
    game, token = create(client, flow="forejune", pile=20, seed=4)
    assert "AI moves first. Starting with n = 20" in game["log"]
    size = 20
    while not game["finished"]:
        game = move(client, game, token, 0, 1).json()["game"]
    lines = [line for line in game["log"] if " remain" in line]
    assert len(lines) == len(game["moves"])
    for (seat, _pile, count), line in zip(game["moves"], lines):
        size -= count
        who = "AI takes" if seat == 0 else "You take"
        assert line == f"{who} {count}, {size} remain"
    assert count in oracles.takes("normal,half", size + count)
    human_won = game["winner"] == 1
    assert human_won == (game["to_move"] == 0)         # whoever is left with 1 (no move) has lost
    assert game["log"][-1] == ("AI lost; you won!" if human_won else "You lost!")


def test_why_speaks_to_a_student_with_one_numbering_and_a_theory_link(client):
    """The move in the heading and in the theory's text carry the same pile number
    (KUET counts from 1), no file path, no Python or command-line advice; the
    linked theory page is served here."""
    import re

    game, token = create(client, flow="kuet", name="Ada", piles="3 5", seed=1)
    game = move(client, game, token, 0, 1).json()["game"]
    seat, pile, count = game["moves"][-1]
    assert seat == 1
    answer = client.get(f"/api/games/{game['id']}/why").json()
    assert f"take {count} from pile {pile + 1}" in answer["summary"]
    text = answer["explain"]["text"]
    for banned in ("docs/", ".md", "nim.", "nimcore", "--", "`"):
        assert banned not in text, (banned, text)
    numbers = {int(n) for n in re.findall(r"\bpile (\d+)", text)}
    assert numbers and numbers <= {1, 2}, text          # two piles, numbered 1 and 2 as on the board
    page = client.get(answer["theory"])
    assert page.status_code == 200 and "Grundy" in page.text


@pytest.mark.parametrize("flow", ["rajalakshmi", "lab2", "free"])
def test_the_creator_of_a_human_vs_human_game_gives_a_name(client, flow):
    game, token = create(client, flow=flow, mode="hvh", name="Ann")
    assert game["seats"][0]["name"] == "Ann"
    joined = client.post(f"/api/games/{game['id']}/join", json={"name": "Bo"}).json()
    assert [seat["name"] for seat in joined["game"]["seats"]] == ["Ann", "Bo"]


def test_a_kayles_game_says_heap_from_1_in_every_panel(client):
    """Issue 40, item 3: the log, the hint, the explanation's table, the analysis and the
    ending of a take-and-break game say heap (numbered from 1, as the board) and pin."""
    game, token = create(client, flow="free", rules="normal,kayles", piles=[5, 3], mode="hvh")
    hint = client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": token}).json()
    assert hint["summary"].startswith("Hint: take 2 from heap 1")         # 5 -> 3: 3 xor 3 = 0
    assert "heap  size -> grundy: 1: 5 -> 4, 2: 3 -> 3" in hint["explain"]["text"]
    assert "pile" not in hint["explain"]["text"] and "(a heap of 5," in hint["explain"]["text"]
    rows = client.get(f"/api/games/{game['id']}/analysis", headers={"X-Seat-Token": token}).json()["current"]
    assert rows and all(row["words"].startswith("take ") and " heap " in row["words"] for row in rows)
    assert any(", leaving heaps of " in row["words"] for row in rows)
    joined = client.post(f"/api/games/{game['id']}/join", json={"name": "Bo"}).json()
    tokens = [token, joined["token"]]
    game = joined["game"]
    while not game["finished"]:
        heap = next(i for i, moves in enumerate(game["heap_moves"]) if moves)
        count, a, b = game["heap_moves"][heap][0]
        body = {"token": tokens[game["to_move"]], "pile": heap, "count": count, "version": game["version"]}
        if a or b:
            body["split"] = [a, b]
        answer = client.post(f"/api/games/{game['id']}/move", json=body)
        assert answer.status_code == 200, answer.text
        game = answer.json()["game"]
    log = "\n".join(game["log"])
    assert " from heap 1." in log and "Heaps: " in log and "took the last pin" in log
    assert " pile" not in log.split("Rules:")[1].split("\n", 1)[1]


@pytest.mark.parametrize("flow, options, first", [
    ("free", {"rules": "misere,max=3", "piles": [4, 5, 6]}, (0, 1)),
    ("forejune", {"pile": 20}, (0, 1)),
    ("lab2", {"piles": [1, 3, 5, 7], "misere": True, "level": 2}, (3, 1)),
])
def test_a_move_request_parses_its_rules_once(client, monkeypatch, flow, options, first):
    """Issue 38: a web move rebuilt its Rules from their string 7 times (the move, the
    rebuild, the words, the AI's answer, the answer's state); now once, at the surface."""
    from nim.flows.base import rules_of
    from nim.rules import Rules

    game, token = create(client, flow=flow, **options)
    rules_of.cache_clear()              # a request that finds the string parsed already parses nothing
    calls = []
    parse = Rules.parse.__func__

    def counted(cls, text):
        calls.append(text)
        return parse(cls, text)

    monkeypatch.setattr(Rules, "parse", classmethod(counted))
    answer = move(client, game, token, *first)
    assert answer.status_code == 200, answer.text
    assert len(answer.json()["game"]["moves"]) == len(game["moves"]) + 2       # the AI answered
    assert calls == [game["rules"]]
