"""Free play of the course's families in a real headless Chromium, as a person plays it (issue 41:
a page per family with its own board, playable against NimX and by two students): the family's
page, its SVG board drawn by the server, moves typed in the family's words (one refused with its
reason), to the end of the game. The server and the browser are ``tests/test_web_browser.py``'s
(skipped without Chromium and Playwright unless NIMCORE_REQUIRE_BROWSER is set).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pytest

import test_web_browser as real

from nim.flows import machine_of

# the real server, browser and people of tests/test_web_browser.py
server, browser, people, shots = real.server, real.browser, real.people, real.shots
wait_version_above = real.wait_version_above


def _any_move(game: Any) -> str:
    """The first legal move of the position the page shows, as a person would type it."""
    flow = machine_of("freeplay")
    return str(flow.typed_move(game, flow.options(game)[0]))


def _type(page: Any, text: str) -> None:
    page.fill("#typed-count", text)
    page.click("#typed-button")


def _start(server: Any, page: Any, family: str, position: str, mode: Optional[str] = None) -> None:
    """Open the family's page, type its position (and the mode) and start: its board drawn."""
    page.goto(f"{server.url}/play/{family}")
    page.fill("#position", position)
    if mode is not None:
        page.select_option("#mode", mode)
    page.click("#start")
    if mode != "hvh":
        page.wait_for_selector("#board svg.family-board")


def _play_out(person: Any, turns: int, move: Callable[[Any], None]) -> Any:
    """Play the game on ``person``'s page to its end, ``move(game)`` making each of this person's
    moves (NimX answers), at most ``turns`` of them; check that it ended with a winner, and return
    its last state."""
    for _ in range(turns):
        game = person.state()
        if game["finished"]:
            break
        move(game)
        wait_version_above(person.page, game["version"])
    game = person.state()
    assert game["finished"] and " wins (" in game["log"][-1]
    return game


@pytest.mark.parametrize("family, position, shape, illegal, reason", [
    ("wythoff", "[[3, 5], [2, 2]]", "Wythoff's pairs", "pair 1: take 9 from both", "you cannot take 9"),
    ("turning-turtles", "THHTTHH", "a row of coins", "turn 1", "must be a head"),
    ("green-hackenbush", "", "a Green Hackenbush drawing", "graph 1: cut edge 99", "there is no edge 99"),
    ("chomp", "[4, 4, 3]", "a bar of chocolate, the poison at the bottom left", "eat 1 1", "the poison"),
    ("northcott", '["W...B", ".B.W."]', "Northcott's board: a white and a black checker a row", "row 1: to 5",
     "never moves onto or over"),
    ("rims", "[5, 8]", "the piles", "heap 1: take 1 leaving 3 3", "taking 1 leaves 4"),
    ("sum", '[["wythoff", [[3, 5]]], ["kayles", 4]]', "a sum of games, each part on its own board", "part 9: take 1",
     "there is no part 9"),
])
def test_a_family_played_to_the_end_against_nimx(server, people, shots, family, position, shape, illegal, reason):
    ann = people()
    page = ann.page
    _start(server, page, family, position)
    assert page.input_value("#rules") == f"normal,{family}"
    assert page.get_attribute("#board svg", "aria-label") == shape
    page.screenshot(path=str(shots / f"freeplay-{family}.png"), full_page=True)
    _type(page, illegal)
    page.wait_for_selector("#selection.error")
    assert reason in page.inner_text("#selection")
    _play_out(ann, 60, lambda game: _type(page, _any_move(game)))
    assert page.inner_text("#status").startswith("Game over")
    assert not ann.errors


def test_two_students_play_turning_turtles_in_two_browsers(server, people):
    ann, bob = people(), people()
    _start(server, ann.page, "turning-turtles", "THTHH", mode="hvh")
    ann.page.wait_for_selector("#share:not([hidden])")
    real.join_by_link(ann, bob, "Bob")
    # each move is read from Ann's page and typed on the mover's with its page's version: both
    # pages must hold the newest state first (a move on an older version is refused, 409)
    for page in (ann.page, bob.page):
        page.wait_for_function("() => game && game.seats[1].taken")
    for _ in range(40):
        game = ann.state()
        if game["finished"]:
            break
        mover = ann if game["to_move"] == 0 else bob
        mover.page.wait_for_selector("#typed:not([hidden])")
        _type(mover.page, _any_move(mover.state()))
        for page in (ann.page, bob.page):
            wait_version_above(page, game["version"])
    game = ann.state()
    assert game["finished"] and " wins (" in game["log"][-1]
    assert "Bob" in [seat["name"] for seat in game["seats"]]
    assert not ann.errors and not bob.errors


def test_turning_turtles_and_hackenbush_played_by_clicks(server, people, shots):
    """A click on a piece types what the server wrote on it: the right-most head of the row (turn
    it alone), or an edge of the drawing; the Move button plays it."""
    ann = people()
    page = ann.page

    def turn_the_last_head(game: Any) -> None:
        last = max(game["piles"][0])                  # the heads' places, from 1
        page.locator("#board g.pick").nth(last - 1).click()
        assert page.input_value("#typed-count") == f"turn {last}"
        page.click("#typed-button")

    def cut_edge_1(game: Any) -> None:
        page.locator("#board circle.pick").first.click()      # the label of edge 1 (a line has no area)
        assert page.input_value("#typed-count") == "cut edge 1"
        page.click("#typed-button")

    _start(server, page, "turning-turtles", "HTHHTH")
    _play_out(ann, 30, turn_the_last_head)
    _start(server, page, "green-hackenbush", "[[0, 1], [1, 2], [1, 3], [3, 4]]")
    _play_out(ann, 30, cut_edge_1)
    page.screenshot(path=str(shots / "freeplay-clicks.png"), full_page=True)
    assert not ann.errors


def test_chomp_played_by_clicks_on_its_squares(server, people, shots):
    """A click on a square of the bar types ``eat R C`` (the poison has none); the Move button eats it."""
    ann = people()
    page = ann.page

    def eat_the_top_rows_last_square(game: Any) -> None:
        page.locator("#board rect.pick").last.click()          # the top row's last square
        rows = game["piles"][0]
        assert page.input_value("#typed-count") == f"eat {len(rows)} {rows[-1]}"
        page.click("#typed-button")

    _start(server, page, "chomp", "[3, 3, 2]")
    _play_out(ann, 20, eat_the_top_rows_last_square)
    page.screenshot(path=str(shots / "freeplay-chomp.png"), full_page=True)
    assert not ann.errors
