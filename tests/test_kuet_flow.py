"""KUET as one state machine (issue 38, item 2): the report's words said once, in
``nim.flows.kuet``; its series and the genetic algorithm's selection step played by the
machine itself (the terminal and the browser only render it: ``test_flow_conformance``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import List, Tuple

import pytest

import nim
from nim.flows import machine_of
from nim.flows.kuet import kuet_board
from nim.play.board import render_kuet_board
from nim.position import Move

#: Lines of the report (KUET's seed) that only its flow may say.
SEED_LINES = ["Hello!!! I am NimX", "Do you want to play with me???", "If you want then press 'y'",
              "1. Easy (NimX uses IDA*)", "After NimX's turn,,,", "NimX removes", "Genetic algorithm is not applicable",
              "1 represents wins and 0 represents lose", "Selected Chromosome", "chromosome (wins)",
              "From which pile you want to remove stones", "How many stones do you want to remove"]


def test_the_reports_lines_are_said_in_the_flow_only() -> None:
    package = Path(nim.__file__).parent
    holders = {str(path.relative_to(package)) for path in package.rglob("*")
               if path.suffix in (".py", ".js", ".html") and any(line in path.read_text(encoding="utf-8")
                                                                 for line in SEED_LINES)}
    assert holders == {"flows/kuet.py"}


@pytest.mark.parametrize("piles", [(3, 5, 3), (0, 1), (15, 16), (40,), (6, 0, 2)])
def test_the_flows_board_is_the_terminals_without_colour(piles: Tuple[int, ...]) -> None:
    assert kuet_board(piles) == render_kuet_board(piles)
    assert kuet_board(piles).piles == piles


def _series(difficulty: int, wins: List[int]) -> Tuple[dict, List[str]]:
    """A series in which NimX wins exactly the games of ``wins`` (1), played move by move on
    a board of one pile of 2: the human takes 2 (NimX loses) or 1 (NimX takes the last)."""
    flow = machine_of("kuet")
    state = flow.setup({"name": "Ada", "difficulty": difficulty, "piles": (2,)}, random.Random(1), 1)
    lines: List[str] = []
    for index, won in enumerate(wins):
        if index:
            state, said = flow.next_game(state)
            lines += said
        state, said = flow.apply(state, 0, Move(0, 1 if won else 2))
        lines += said
        if won:
            state, said = flow.apply(state, 1, Move(0, 1))
            lines += said
        assert state["finished"] and state["series"]["results"] == wins[:index + 1]
    return state, lines


def test_hard_selects_the_fitter_algorithm_in_the_reports_words() -> None:
    wins = [1, 0, 0, 1, 0, 1]             # Minimax plays games 1, 3, 5; Alpha-Beta 2, 4, 6
    state, lines = _series(2, wins)
    minimax, alphabeta = wins[0::2], wins[1::2]
    assert state["series"]["done"] and state["series"]["selected"] == "Alpha_Beta"
    assert lines[-11:-1] == [
        f"Minimax chromosome (wins): {minimax}", f"Alpha-Beta chromosome (wins): {alphabeta}", "",
        "1 represents wins and 0 represents lose", "", f"Algorithm: Minimax, Fitness: {sum(minimax) / 3}", "",
        f"Algorithm: Alpha_Beta, Fitness: {sum(alphabeta) / 3}", "",
        f"Selected Chromosome: {alphabeta} with algorithm: Alpha_Beta"]
    assert lines[-1] == "Thanks for playing, Ada!"
    # games 2 to 6 (game 1's opening is said by the renderer)
    assert [line for line in lines if line.startswith("NimX is playing using")] == [
        "NimX is playing using Alpha-Beta.....", "NimX is playing using Minimax....."] * 2 + [
        "NimX is playing using Alpha-Beta....."]


def test_a_tie_selects_the_first_as_the_report_sorts() -> None:
    state, lines = _series(2, [1, 1, 0, 0, 1, 1])
    assert state["series"]["fitness"] == {"Minimax": 2 / 3, "Alpha-Beta": 2 / 3}
    assert lines[-2] == "Selected Chromosome: [1, 0, 1] with algorithm: Minimax"


def test_easy_says_the_wins_array_and_who_took_the_last_stone() -> None:
    state, lines = _series(1, [0, 1, 0])
    assert "Ada took the last stone: Ada wins this game (whoever takes the last stone wins)." in lines
    assert "NimX took the last stone: NimX wins this game (whoever takes the last stone wins)." in lines
    assert lines[-3:] == ["IDA* wins: [0, 1, 0]", "Genetic algorithm is not applicable in Easy mode.",
                          "Thanks for playing, Ada!"]
    with pytest.raises(nim.NimError, match="series is over"):
        machine_of("kuet").next_game(state)


def test_a_bad_difficulty_is_refused() -> None:
    with pytest.raises(nim.NimError, match="1 \\(Easy\\) or 2 \\(Hard\\), not 3"):
        machine_of("kuet").setup({"difficulty": 3}, random.Random(1), 1)


def test_an_answer_of_5000_digits_is_refused_in_plain_words() -> None:
    """Hostile input: before, Python's own "Exceeds the limit (4300 digits)" was shown."""
    import io

    from nim.play.console import Console
    from nim.play.flows import run_style
    from nim.play.session import PlayOptions

    big = "9" * 5000
    screen = io.StringIO()
    console = Console(io.StringIO("\n".join([big, "1", big, "1", "1"]) + "\n"), screen, color=False)
    assert run_style(PlayOptions(style="kuet", name="Al", difficulty=1, piles=(1, 1), games=1, seed=1),
                     console) == 0
    out = screen.getvalue()
    assert "there is no pile with a number of 5000 digits: the piles are numbered 1 to 2" in out
    assert "a count of 5000 digits is too large: take 1 to 1" in out
    assert "IDA* wins: [1]" in out
    assert "Exceeds the limit" not in out and "int_max_str_digits" not in out


def test_an_empty_board_in_the_browser_ends_each_game_and_the_series(tmp_path) -> None:
    """Hostile input: before, a KUET game on piles 0 0 was never over (and the series stuck);
    any machine flow's game with no move at all is over at once, with its winner."""
    from starlette.testclient import TestClient

    from nim.web.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        answer = client.post("/api/games", json={"flow": "kuet", "name": "Al", "piles": [0, 0]}).json()
        game, token = answer["game"], answer["token"]
        assert game["finished"] and game["winner"] == 1 and game["series"]["results"] == [1]
        for _ in range(2):
            game = client.post(f"/api/games/{game['id']}/next", json={"token": token}).json()["game"]
        assert game["series"]["done"] and game["series"]["results"] == [1, 1, 1]
        assert game["log"][-3:] == ["IDA* wins: [1, 1, 1]", "Genetic algorithm is not applicable in Easy mode.",
                                    "Thanks for playing, Al!"]
        assert client.post(f"/api/games/{game['id']}/next", json={"token": token}).status_code == 409
        other = client.post("/api/games", json={"flow": "rajalakshmi", "piles": "0 0"}).json()["game"]
        assert other["finished"] and other["winner"] == 1 and other["log"][-1] == "Game over. Player 1 wins!"
