"""Free play of a game on a directed graph (issue 41): the graph kept in the game's state, moves
typed as ``move U to V``, the hint (the XOR of Grundy values, or a graph's infinite values and
its draws) and the AI checked against a retrograde analysis that shares no code with the
engines, the draw by a third repetition on a graph with cycles, the terminal and the browser's
API, and bad input refused in words.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from typing import Dict, List, Tuple

import pytest

from nim.errors import NimError
from class_game import play_class_game
from nim.flows import machine_of
from nim.flows.base import Refusal
from nim.flows.freeplay import components_of
from nim.play.machine import ai_turn

Edges = List[Tuple[int, int]]
Position = Tuple[int, ...]

WIN, LOSS, DRAW = 1, -1, 0


def _outcomes(edges: Edges, start: Position) -> Dict[Position, int]:
    """Win, loss or draw of every position reachable from ``start`` (the tokens' vertices as a
    sorted tuple) for the player to move, by retrograde analysis: no move is a loss, a move to a
    loss is a win, every move to a win is a loss, and what is never settled is a draw."""
    follow: Dict[int, List[int]] = {}
    for u, v in edges:
        follow.setdefault(u, []).append(v)

    def moves(p: Position) -> List[Position]:
        return [tuple(sorted(p[:i] + (w,) + p[i + 1:])) for i, u in enumerate(p) for w in follow.get(u, [])]

    seen = {start}
    todo = [start]
    while todo:
        for q in moves(todo.pop()):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    value: Dict[Position, int] = {}
    changed = True
    while changed:
        changed = False
        for p in seen:
            if p in value:
                continue
            after = [value.get(q) for q in moves(p)]
            if LOSS in after:
                value[p] = WIN
            elif all(a == WIN for a in after):
                value[p] = LOSS
            else:
                continue
            changed = True
    return {p: value.get(p, DRAW) for p in seen}


def _random_graph(rng: random.Random, n: int) -> Edges:
    return sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(n, 2 * n + 2))})


def _state(position: object, mode: str = "hvh", ai: Tuple[str, ...] = ()) -> dict:
    flow = machine_of("freeplay")
    answers = {"rules": "graph", "position": position, "mode": mode, "ai": list(ai)}
    return flow.setup(answers, random.Random(0), 0)


def _tokens(state: dict) -> Position:
    return tuple(sorted(int(t) for t in components_of(state)))


def _named_move(hint: str) -> Tuple[int, int]:
    found = re.match(r"Hint: move (-?\d+) to (-?\d+)", hint)
    assert found, hint
    return int(found.group(1)), int(found.group(2))


@pytest.mark.parametrize("seed", range(60))
def test_every_hint_agrees_with_the_retrograde_analysis(seed):
    """On small random graphs (with cycles and loops, one or two tokens): a won position's hint
    names a move to a lost one, a drawn position's hint a move that keeps the draw (said as a
    draw), and a lost position's hint says every move loses."""
    rng = random.Random(seed)
    n = rng.randrange(2, 7)
    edges = _random_graph(rng, n)
    vertices = sorted({v for e in edges for v in e})
    tokens = tuple(sorted(rng.choice(vertices) for _ in range(rng.randrange(1, 3))))
    truth = _outcomes(edges, tokens)
    state = _state({"edges": [list(e) for e in edges], "tokens": list(tokens)})
    if state["finished"]:
        assert truth[tokens] == LOSS
        return
    flow = machine_of("freeplay")
    hint = flow.hint(state)
    if truth[tokens] == LOSS:
        assert hint.startswith("Hint: every move loses against best play"), (edges, tokens, hint)
        return
    u, v = _named_move(hint)
    after = list(tokens)
    after[after.index(u)] = v
    moved = tuple(sorted(after))
    assert (u, v) in edges
    if truth[tokens] == WIN:
        assert truth[moved] == LOSS and "lost position" in hint, (edges, tokens, hint)
    else:
        assert truth[moved] == DRAW and "draw" in hint, (edges, tokens, hint)
    if any(not isinstance(t.graph.values()[t.vertex], int) for t in components_of(state)):
        assert "infinity(" in hint                     # an infinite value is named as such
    else:
        assert "the XOR of the Grundy values" in hint or "every move loses" in hint


@pytest.mark.parametrize("seed", range(40))
def test_the_ai_wins_every_won_position_against_a_random_player_without_going_round(seed):
    """NimX on a won position of a graph with cycles wins it (moving to any lost position could go
    round a cycle for ever, a draw by repetition; NimX moves to the earliest-valued one)."""
    rng = random.Random(1000 + seed)
    n = rng.randrange(3, 8)
    edges = _random_graph(rng, n)
    vertices = sorted({v for e in edges for v in e})
    tokens = tuple(sorted(rng.choice(vertices) for _ in range(rng.randrange(1, 3))))
    truth = _outcomes(edges, tokens)
    if truth[tokens] != WIN:
        return
    flow = machine_of("freeplay")
    state = _state({"edges": [list(e) for e in edges], "tokens": list(tokens)}, "aivai", ("optimal", "random"))
    state["seed"] = seed
    for _ in range(400):
        if state["finished"]:
            break
        move, _ = ai_turn(flow, state)
        assert truth[_tokens(state)] != DRAW
        state, _ = flow.apply(state, state["to_move"], move)
    assert state["finished"] and state["winner"] == 0, (edges, tokens, state["log"] if "log" in state else "")


def test_a_loopy_graph_played_by_two_ais_ends_in_a_draw_by_repetition():
    """Two tokens on a graph with two 2-cycles: a draw with best play; the third time the same
    position comes up with the same player to move, the game ends, drawn, nobody winning."""
    flow = machine_of("freeplay")
    state = _state({"edges": [[0, 1], [1, 0], [1, 2], [2, 1]], "tokens": [0, 2]}, "aivai")
    assert _outcomes([(0, 1), (1, 0), (1, 2), (2, 1)], (0, 2))[(0, 2)] == DRAW
    lines: List[str] = []
    for _ in range(50):
        if state["finished"]:
            break
        move, _ = ai_turn(flow, state)
        state, said = flow.apply(state, state["to_move"], move)
        lines += said
    assert state["finished"] and state["winner"] is None
    assert lines[-1].startswith("The same position has come up 3 times with Player")
    assert "a draw" in lines[-1]
    assert len(state["moves"]) <= 8


def test_the_graph_is_kept_in_the_state_and_read_back():
    """A token's state keeps its graph (edges, isolated vertices): JSON and back is the same game."""
    position = {"edges": [[3, 1], [1, 2]], "vertices": [1, 2, 3, 9], "tokens": [3, 9]}
    state = _state(position)
    saved = json.loads(json.dumps(state))
    assert saved["start"][0] == {"edges": [[3, 1], [1, 2]], "token": 3, "vertices": [1, 2, 3, 9]}
    assert components_of(saved) == components_of(state)
    flow = machine_of("freeplay")
    after, said = flow.apply(saved, 0, flow.parse(saved, "move 3 to 1"))
    assert said == ["Player 1: move the token from vertex 3 to vertex 1."]
    assert _tokens(json.loads(json.dumps(after))) == (1, 9)


@pytest.mark.parametrize("typed, reason", [
    ("move 0 to 2", "there is no edge from vertex 0 to vertex 2: from 0 a token moves to 1"),
    ("move 5 to 1", "there is no token on vertex 5: the tokens are on 0, 2"),
    ("move 2 to 0", "vertex 2 has no edge out: its token cannot move"),
    ("move 0", "say the vertex of a token and the vertex it moves to"),
    ("graph 2: move 0 to 1", "there is no graph 2"),
    ("move 0 to 1" + "0" * 20, "too large"),
])
def test_bad_moves_are_refused_in_words(typed, reason):
    flow = machine_of("freeplay")
    state = _state({"edges": [[0, 1], [1, 2]], "tokens": [0, 2]})
    with pytest.raises(Refusal, match=re.escape(reason)):
        flow.parse(state, typed)


def test_a_graph_too_large_to_play_is_refused_before_it_is_read():
    """A position of 10**6 vertices (or edges) is for nimcore solve, not a board: said in words."""
    for position in ({"edges": [], "vertices": list(range(10**6)), "token": 0},
                     {"edges": [[i, i + 1] for i in range(10**6)], "token": 0},
                     {"edges": [[0, 1]], "tokens": [0] * 60}):
        with pytest.raises(NimError, match="too large to play move by move"):
            _state(position)


def test_several_graphs_name_theirs():
    """Tokens on two graphs that share vertex names: a move says which graph."""
    flow = machine_of("freeplay")
    state = _state([{"edges": [[0, 1]], "token": 0}, {"edges": [[0, 1], [1, 2]], "token": 0}])
    with pytest.raises(Refusal, match="has a token in several graphs"):
        flow.parse(state, "move 0 to 1")
    move = flow.parse(state, "graph 2: move 0 to 1")
    assert move.pile == 1
    assert flow.typed_move(state, move) == "graph 2: move 0 to 1"


# ---------------------------------------------------------------- the command line

def _play(*args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "nim", "play", "--rules", "graph", *args, "--color", "never"],
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_a_game_typed_in_the_terminal_to_the_end(tmp_path):
    """Hint, a refused move, a move, undo, the move again and on to the end; the saved record keeps
    the graph."""
    path = tmp_path / "game.txt"
    edges = [[0, 1], [1, 2], [2, 3]]
    moves = f"hint\nmove 0 to 2\nmove 0 to 1\nundo\nmove 0 to 1\nsave {path}\nmove 2 to 3\n"
    done = _play("--position", json.dumps({"edges": edges, "token": 0}), "--seed", "3", stdin=moves)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "A move: move U to V: the token on vertex U along an edge to vertex V" in out
    assert "Hint: move 0 to 1 (move the token from vertex 0 to vertex 1): the XOR of the Grundy values" in out
    assert "there is no edge from vertex 0 to vertex 2: from 0 a token moves to 1" in out
    assert "Undone: 2 moves taken back." in out
    assert "Player 1 made the last move: Player 1 wins (normal play" in out
    record = path.read_text().splitlines()       # the graph once, then the tokens
    assert record[5] == f"# shared: {json.dumps({'edges': edges})}"
    assert json.loads(record[7]) == [{"token": 0}]
    assert json.loads(record[8]) == [0, 1, [{"token": 1}]]


def test_the_terminal_draws_a_loopy_game_by_repetition():
    done = _play("--position", '{"edges": [[0, 1], [1, 0]], "token": 0}', "--mode", "aivai", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "The same position has come up 3 times with Player 1 to move: a draw" in done.stdout


def test_a_huge_graph_exits_2_in_one_line():
    big = json.dumps({"edges": [[i, i + 1] for i in range(2500)], "token": 0})
    done = _play("--position", big)
    assert done.returncode == 2 and "too large to play move by move" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


# ---------------------------------------------------------------- the browser's API

@pytest.fixture()
def client(tmp_path):
    from starlette.testclient import TestClient

    from nim.web.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3")) as running:
        yield running


def test_a_game_in_the_browser_against_nimx_to_the_end(client):
    page = client.get("/play/graph")
    assert page.status_code == 200
    position = json.dumps({"edges": [[0, 1], [1, 2], [2, 3], [3, 1], [1, 4], [4, 5], [2, 5]], "tokens": [0, 3]})
    made = client.post("/api/games", json={"flow": "freeplay", "rules": "graph", "position": position}).json()
    game, token = made["game"], made["token"]
    board = game["family_board"]
    assert board["shape"] == "TokensPlay" and 'aria-label="a directed graph with its tokens"' in board["svg"]
    assert 'data-first="move 0 to"' in board["svg"] and 'data-more="5"' in board["svg"]
    hint = client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": token}).json()
    assert hint["summary"].startswith("Hint: ")
    refused = client.post(f"/api/games/{game['id']}/move",
                          json={"text": "move 0 to 5", "token": token, "version": game["version"]})
    assert refused.status_code == 400 and "there is no edge from vertex 0 to vertex 5" in refused.json()["error"]
    flow = machine_of("freeplay")
    for _ in range(60):
        if game["finished"]:
            break
        text = flow.typed_move(game, flow.options(game)[0])
        reply = client.post(f"/api/games/{game['id']}/move", json={"text": text, "token": token,
                                                                   "version": game["version"]})
        assert reply.status_code == 200, reply.text
        game = reply.json()["game"]
    assert game["finished"] and " wins (" in game["log"][-1]
    record = client.get(f"/api/games/{game['id']}/record").text
    assert '"edges": [[0, 1], [1, 2]' in record


def test_a_drawn_game_in_the_browser_has_no_winner(client):
    """NimX against NimX on a 2-cycle: the server plays it to the draw by repetition."""
    made = client.post("/api/games", json={"flow": "freeplay", "rules": "graph", "mode": "aivai",
                                           "position": '{"edges": [[0, 1], [1, 0]], "token": 0}'}).json()
    game = made["game"]
    assert game["finished"] and game["winner"] is None and len(game["moves"]) == 4
    assert game["log"][-1].startswith("The same position has come up 3 times") and "a draw" in game["log"][-1]


def test_the_browser_refuses_a_graph_of_a_million_vertices(client):
    position = json.dumps({"edges": [], "vertices": list(range(10**6)), "token": 0})
    reply = client.post("/api/games", json={"flow": "freeplay", "rules": "graph", "position": position})
    assert reply.status_code == 413                     # the request itself is too large for the server
    for small, words in [(json.dumps({"edges": [[i, i + 1] for i in range(2500)], "token": 0}), "at most 2,000 char"),
                         (json.dumps({"edges": [[0, 1]], "tokens": [0] * 60}), "too large to play move by move")]:
        reply = client.post("/api/games", json={"flow": "freeplay", "rules": "graph", "position": small})
        assert reply.status_code == 400 and words in reply.json()["error"]



def test_a_class_plays_it_in_pairs_and_against_nimx(tmp_path):
    play_class_game(tmp_path, "graph", '{"edges": [[0, 1], [1, 2], [0, 2], [2, 3]], "tokens": [0, 1]}')


def test_a_sum_with_a_graph_part_keeps_the_graph_in_the_browser(client):
    """The state of a browser game is JSON: a graph part of a sum keeps its graph, and its move is said."""
    position = json.dumps([["graph", {"edges": [[0, 1], [0, 2], [2, 0]], "token": 0}], ["any", [2]]])
    made = client.post("/api/games", json={"flow": "freeplay", "rules": "sum", "mode": "hvh",
                                           "position": position}).json()
    game = made["game"]
    assert game["start"][0] == ["graph", [{"edges": [[0, 1], [0, 2], [2, 0]], "token": 0}]]
    reply = client.post(f"/api/games/{game['id']}/move", json={"text": "part 1: move 0 to 1", "token": made["token"],
                                                               "version": game["version"]})
    assert reply.status_code == 200, reply.text
    said = "Player 1: part 1: in the graph part: move the token from vertex 0 to vertex 1."
    assert reply.json()["game"]["log"][-1] == said


def test_a_vertex_name_too_long_to_type_is_refused():
    with pytest.raises(NimError, match="at most 12 digits"):
        _state({"edges": [[0, 10**15]], "token": 0})
