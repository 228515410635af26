"""Free play of Two-dimensional Nim (issue 41): a counter above the bottom row has infinitely many
moves, so the free-play machine checks a typed move against the rule and never lists the moves;
the hint (the ordinal nim-sum, omega*y + x) checked against a memoised brute force on a board
2**k columns wide (where the P-positions agree, see two_dimensional.py) that shares no code with
the family; the terminal, the browser's API and bad input refused in words.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
from functools import lru_cache
from typing import Tuple

import pytest

from nim.errors import NimError
from class_game import play_class_game
from nim.flows import machine_of
from nim.flows.base import Refusal
from nim.flows.freeplay import components_of
from nim.play.machine import ai_turn

Board = Tuple[Tuple[int, int], ...]
WIDTH = 8                   # a power of two: the P-positions of the quarter plane, in a strip


def _after(board: Board, i: int, to: Tuple[int, int]) -> Board:
    return tuple(sorted(s for s in board[:i] + (to,) + board[i + 1:] if s != (0, 0)))


def _children(board: Board) -> set:
    out = set()
    for i, (x, y) in enumerate(board):
        out |= {_after(board, i, (c, y)) for c in range(x)}
        out |= {_after(board, i, (c, r)) for r in range(y) for c in range(WIDTH)}
    return out


@lru_cache(maxsize=None)
def _wins(board: Board, misere: bool) -> bool:
    """Whether the player to move wins on the strip of WIDTH columns (memoised recursion)."""
    children = _children(board)
    if not children:
        return misere
    return any(not _wins(child, misere) for child in children)


def _board(state: dict) -> Board:
    return tuple(components_of(state)[0])


def _state(position: object, rules: str = "two-dimensional-nim", mode: str = "hvh", ai: Tuple[str, ...] = ()):
    flow = machine_of("freeplay")
    return flow.setup({"rules": rules, "position": position, "mode": mode, "ai": list(ai)}, random.Random(0), 0)


SMALL = [tuple(sorted(b)) for n in (1, 2, 3) for b in itertools.combinations_with_replacement(
    [(x, y) for x in range(WIDTH) for y in range(3) if (x, y) != (0, 0)], n)]


@pytest.mark.parametrize("misere", [False, True])
def test_every_hint_agrees_with_the_brute_force(misere):
    """Every board of 1 to 3 counters on rows 0-2 (a sample of 400 each way): a lost board's hint
    says every move loses, a won board's hint names a legal move to a lost board, typed as a
    player types it, with the ordinal nim-sum (normal play) or Bouton's misère rule named."""
    flow = machine_of("freeplay")
    rules = ("misere," if misere else "") + "two-dimensional-nim"
    for board in random.Random(5).sample(SMALL, 400):
        state = _state([list(s) for s in board], rules)
        hint = flow.hint(state)
        if not _wins(board, misere):
            assert hint.startswith("Hint: every move loses against best play"), (board, hint)
            continue
        found = re.match(r"Hint: move (\d+),(\d+) to (\d+),(\d+) ", hint)
        assert found, (board, hint)
        x, y, x2, y2 = map(int, found.groups())
        after = _after(board, board.index((x, y)), (x2, y2))
        assert after in _children(board) and not _wins(after, misere), (board, hint)
        assert flow.is_legal(state, flow.parse(state, found.group(0)[6:].strip()))
        assert ("Bouton's misère rule" if misere else "the nim-sum of the counters' values") in hint


def test_the_hint_names_the_ordinal_nim_sum():
    hint = machine_of("freeplay").hint(_state([[3, 1], [1, 2], [4, 0]]))
    assert hint.startswith("Hint: move 1,2 to 7,1 (move the counter on [1, 2] down to [7, 1])")
    assert "the nim-sum of the counters' values (omega*y + x each: the Sprague-Grundy ordinals) is omega*3 + 6" in hint


@pytest.mark.parametrize("seed", range(12))
def test_nimx_against_the_random_player_to_the_end(seed):
    """Each move of either AI is legal by the rule; the random player picks among moves near each
    counter (never an infinite list); NimX wins every board it starts on won."""
    flow = machine_of("freeplay")
    rng = random.Random(seed)
    board = sorted((rng.randrange(6), rng.randrange(4)) for _ in range(rng.randrange(1, 4)))
    state = _state([list(s) for s in board], mode="aivai", ai=("optimal", "random"))
    state["seed"] = seed
    won = state["finished"] is False and _wins(_board(state), False) if max(x for x, _ in board) < WIDTH else None
    for _ in range(400):
        if state["finished"]:
            break
        move, _ = ai_turn(flow, state)
        assert flow.is_legal(state, move)
        assert move.left[0] in _children(_board(state)) or max(x for s in move.left[0] for x in s) >= WIDTH
        state, _ = flow.apply(state, state["to_move"], move)
    assert state["finished"]
    if won:
        assert state["winner"] == 0


@pytest.mark.parametrize("typed, reason", [
    ("move 3,1 to 4,1", "along its row a counter moves left: from 3,1 to a column below 3, not 4"),
    ("move 4,0 to 2,1", "a counter never moves up: 4,0 is on row 0, and row 1 is above it"),
    ("move 3,1 to 3,1", "the counter is on 3,1 already"),
    ("move 9,9 to 1,1", "there is no counter on 9,9: the counters are on 1,2 3,1 4,0"),
    ("move 3,1", "say the counter's square and the square it goes to"),
    ("move 3,1 to 1234567890123,0", "too large"),
])
def test_bad_moves_are_refused_in_words(typed, reason):
    flow = machine_of("freeplay")
    state = _state([[3, 1], [1, 2], [4, 0]])
    with pytest.raises(Refusal, match=re.escape(reason)):
        flow.parse(state, typed)


def test_a_move_far_down_the_rows_is_checked_not_looked_for():
    """A counter on row 10**9 moves to column 10**11 of row 0: checked by the rule at once (the
    options of that counter are infinite)."""
    flow = machine_of("freeplay")
    state = _state([[0, 10**9]])
    move = flow.parse(state, f"move 0,{10**9} to {10**11},0")
    assert flow.is_legal(state, move) and move.count == 10**9
    after, said = flow.apply(state, 0, move)
    assert said[0] == f"Player 1: move the counter on [0, {10**9}] down to [{10**11}, 0]."
    assert components_of(after)[0] == ((10**11, 0),)


def test_boards_too_large_to_play_are_refused():
    for position, words in [([[1, 1]] * 1001, "at most 1,000"), ([[10**13, 0]], "columns and rows up to"),
                            ([[1, -1]], "cannot be negative")]:
        with pytest.raises(NimError, match=words):
            _state(position)


# ---------------------------------------------------------------- the command line

def _play(*args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "nim", "play", *args, "--color", "never"],
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_a_game_typed_in_the_terminal_to_the_end():
    """Hint, a counter moved right (refused), the hint's move, then on to the end against NimX."""
    moves = "hint\nmove 2,1 to 3,1\nmove 2,1 to 1,0\nundo\nmove 2,1 to 1,0\nmove 1,0 to 0,0\n"
    done = _play("--rules", "two-dimensional-nim", "--position", "[[2, 1], [1, 0]]", "--seed", "2", stdin=moves)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "A move: move X,Y to X2,Y2: a counter left along its row, or to any square of a lower row" in out
    assert "row  1 | . . o .\nrow  0 | . o . .\n" in out
    assert "Hint: move 2,1 to 1,0 (move the counter on [2, 1] down to [1, 0]): the nim-sum of the counters' " \
           "values (omega*y + x each: the Sprague-Grundy ordinals) is omega + 3" in out
    assert "along its row a counter moves left" in out
    assert "Undone: 2 moves taken back." in out
    assert "Player 1 made the last move: Player 1 wins (normal play" in out


def test_the_ai_plays_a_counter_above_the_bottom_row_in_the_terminal():
    done = _play("--rules", "misere,two-dimensional-nim", "--position", "[[3, 2], [5, 1]]", "--mode", "aivai",
                 "--ai", "optimal,random", "--seed", "4")
    assert done.returncode == 0, done.stderr
    assert "wins (misère play" in done.stdout


# ---------------------------------------------------------------- the browser's API

@pytest.fixture()
def client(tmp_path):
    from starlette.testclient import TestClient

    from nim.web.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3")) as running:
        yield running


def test_a_game_in_the_browser_against_nimx_to_the_end(client):
    assert client.get("/play/two-dimensional-nim").status_code == 200
    made = client.post("/api/games", json={"flow": "freeplay", "rules": "two-dimensional-nim",
                                           "position": "[[2, 2], [1, 1], [3, 0]]"}).json()
    game, token = made["game"], made["token"]
    board = game["family_board"]
    assert board["shape"] == "QuarterPlay" and 'data-first="move 2,2 to"' in board["svg"]
    assert 'data-more="0,1"' in board["svg"]
    hint = client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": token}).json()
    assert "(omega*y + x each: the Sprague-Grundy ordinals) is omega*3;" in hint["summary"]
    refused = client.post(f"/api/games/{game['id']}/move",
                          json={"text": "move 3,0 to 1,1", "token": token, "version": game["version"]})
    assert refused.status_code == 400 and "never moves up" in refused.json()["error"]
    flow = machine_of("freeplay")
    for _ in range(60):
        if game["finished"]:
            break
        text = flow.typed_move(game, flow.options(game)[-1])
        reply = client.post(f"/api/games/{game['id']}/move", json={"text": text, "token": token,
                                                                   "version": game["version"]})
        assert reply.status_code == 200, reply.text
        game = reply.json()["game"]
    assert game["finished"] and " wins (" in game["log"][-1]
    assert json.loads(client.get(f"/api/games/{game['id']}/record").text.splitlines()[6]) == [[[1, 1], [2, 2], [3, 0]]]



def test_a_class_plays_it_in_pairs_and_against_nimx(tmp_path):
    play_class_game(tmp_path, "two-dimensional-nim", '[[2, 1], [1, 2]]')
