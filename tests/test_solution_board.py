"""A Solution shows its board in a notebook: inside an IPython shell a solve
returns a ``PlacedSolution`` (the same five fields, the position beside them),
whose HTML draws the board with the best move marked; outside one, the plain
``Solution``."""

from __future__ import annotations

import pickle
import re
from typing import Iterator

import pytest

import nim
from nim.game.solution import PlacedSolution, Solution

interactiveshell = pytest.importorskip("IPython.core.interactiveshell",
                                       reason="IPython not installed (nimcore[notebook])")


@pytest.fixture
def shell() -> Iterator[object]:
    """A live IPython shell, as a notebook kernel has; cleared afterwards."""
    instance = interactiveshell.InteractiveShell.instance()
    yield instance
    interactiveshell.InteractiveShell.clear_instance()


def _stones(html: str) -> int:
    return len(re.findall(r'<circle[^>]*class="stone', html))


def test_outside_a_shell_a_solve_returns_the_plain_solution() -> None:
    assert type(nim.solve([1, 2, 4, 5], "misere")) is Solution
    assert type(nim.Solver("misere").solve([1, 2, 4, 5])) is Solution


@pytest.mark.parametrize("call", ["nim.solve", "Solver.solve", "Solver.solve general"])
def test_in_a_shell_a_solution_draws_its_board(shell: object, call: str) -> None:
    piles = [1, 2, 4, 5]
    if call == "nim.solve":
        answer = nim.solve(piles, "misere")
    elif call == "Solver.solve":
        answer = nim.Solver("misere").solve(piles)
    else:
        answer = nim.Solver("misere").solve(piles, "minimax")
    plain = nim.solve(piles, "misere", "minimax" if call.endswith("general") else "auto")
    assert isinstance(answer, PlacedSolution)
    assert answer.position == nim.Position(piles, "misere")
    assert answer[:4] == plain[:4] and len(answer) == 5
    value, move, nodes, method, seconds = answer       # unpacks as the five fields
    assert (value, move) == (1, nim.Move(1, 2))
    assert repr(answer).startswith("Solution(value=1, move=Move(pile=1, count=2)")
    html = answer._repr_html_()
    assert _stones(html) == sum(piles) and "ns0" not in html
    assert "take 2 from pile 1" in html and "misere" in html
    formatted, _ = shell.display_formatter.format(answer)  # type: ignore[attr-defined]
    assert formatted["text/html"] == html


def test_a_placed_solution_pickles_with_its_position(shell: object) -> None:
    answer = nim.solve([3, 4, 5], "misere,max=3")
    again = pickle.loads(pickle.dumps(answer))
    assert type(again) is PlacedSolution and again == answer
    assert again.position == answer.position


def test_a_lost_position_draws_without_a_marked_move(shell: object) -> None:
    answer = nim.solve([1, 3, 5, 7], "misere")
    assert answer.value == -1
    html = answer._repr_html_()
    assert _stones(html) == 16 and "every move loses" in html


@pytest.mark.parametrize("call", ["nim.solve", "Solver.solve"])
def test_in_a_shell_a_game_of_components_is_solved_with_limits(shell: object, call: str) -> None:
    """A Wythoff position with a time limit inside a shell: once refused as "pile sizes must be
    whole numbers" because the answer was drawn on a heap board."""
    position = [[3, 5], [1, 2]]
    if call == "nim.solve":
        answer = nim.solve(position, "wythoff", time_limit=5)
    else:
        answer = nim.Solver("wythoff").solve(position, time_limit=5)
    assert answer.value == nim.solve(position, "wythoff").value
    assert type(answer) is Solution
