"""Northcott's game (Ferguson, Part I, ch. 2): held to a retrograde analysis of every board of
one or two rows up to five squares wide, written from the rules alone. The game can loop
(checkers go back and forth), so the oracle labels wins, losses and draws the way a loopy
game needs (a position is lost when every move reaches a won one, won when some move
reaches a lost one, drawn when neither is ever settled): no draw appears, and a position is
lost exactly when the gaps XOR to 0."""

from __future__ import annotations

import itertools
from typing import Dict, List, Tuple

import pytest

import nim
from nim import InvalidPositionError, NimError

Row = Tuple[int, int, int]                # width, white square, black square
State = Tuple[Tuple[Row, ...], str]       # rows, the player to move


def moves(state: State) -> List[State]:
    rows, mover = state
    found = []
    for i, (width, white, black) in enumerate(rows):
        mine, theirs = (white, black) if mover == "W" else (black, white)
        for square in range(width):
            between = min(mine, theirs) < square < max(mine, theirs)
            beyond_mine = (square < mine) if mine < theirs else (square > mine)
            if square != mine and (between or beyond_mine):
                row = (width, square, black) if mover == "W" else (width, white, square)
                found.append((rows[:i] + (row,) + rows[i + 1:], "B" if mover == "W" else "W"))
    return found


def retrograde(states: List[State]) -> Dict[State, int]:
    """+1 won, -1 lost, 0 drawn for the player to move, over a closed set of states."""
    label: Dict[State, int] = {}
    follow = {s: moves(s) for s in states}
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in label:
                continue
            outcomes = [label.get(t) for t in follow[s]]
            if any(o == -1 for o in outcomes):
                label[s] = 1
                changed = True
            elif all(o == 1 for o in outcomes):       # every move reaches a won position (or no move)
                label[s] = -1
                changed = True
    return {s: label.get(s, 0) for s in states}


def boards(widths: Tuple[int, ...]) -> List[State]:
    per_row = [[(w, a, b) for a in range(w) for b in range(w) if a != b] for w in widths]
    return [(rows, mover) for rows in itertools.product(*per_row) for mover in "WB"]


def drawn(row: Row) -> str:
    cells = ["."] * row[0]
    cells[row[1]], cells[row[2]] = "W", "B"
    return "".join(cells)


@pytest.mark.parametrize("widths", [(2,), (5,), (3, 4), (5, 4)])
def test_every_small_board_against_the_retrograde_analysis(widths: Tuple[int, ...]) -> None:
    states = boards(widths)
    truth = retrograde(states)
    for (rows, mover), outcome in truth.items():
        x = 0
        for _, white, black in rows:
            x ^= abs(white - black) - 1
        assert outcome == (1 if x else -1), (rows, mover)          # never a draw: Nim on the gaps
        position = {"rows": [drawn(r) for r in rows], "to_move": "white" if mover == "W" else "black"}
        solution = nim.solve(position, "northcott")
        assert solution.value == outcome, position
        if outcome == 1:
            after = solution.move.left[0]
            assert after in moves((rows, mover)) and truth[after] == -1, (position, after)
        rows_seen = nim.analyze(position, "northcott")
        assert sorted(r.move.left[0] for r in rows_seen) == sorted(moves((rows, mover)))
        for r in rows_seen:
            assert r.value == -truth[r.move.left[0]]


def test_large_boards_and_explain_says_why() -> None:
    wide = "W" + "." * 999_990 + "B"
    solution = nim.solve([wide, "B..W"], "northcott")
    assert solution.value == 1 and solution.method == "theory"
    text = nim.explain(["W...B", ".B.W."], "northcott").text
    assert "this is Nim on the gaps" in text and "reversible" in text and "their XOR is 2" in text


def test_bad_input_in_words() -> None:
    for bad, words in [(["W..W"], "one W, one B"), (["WB", 3], "string of W, B"), ("W..B", "a list of rows"),
                       ({"rows": ["WB"], "to_move": "red"}, "white"), (["W" + "." * 10**6 + "B"], "at most")]:
        with pytest.raises(InvalidPositionError, match=words):
            nim.solve(bad, "northcott")
    with pytest.raises(NimError, match="misère Northcott"):
        nim.solve(["W..B"], "misere,northcott")
    with pytest.raises(NimError, match="partizan"):
        nim.solve([["northcott", ["W..B"]], ["any", [2]]], "sum")
