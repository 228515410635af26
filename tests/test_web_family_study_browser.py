"""A game of components' study tools and record in a real headless Chromium (issue 41): "why
did the AI move there" and the analysis of a Two-dimensional Nim game clicked open as a
student would, and a graph game's downloaded record pasted into the page's "Play on from a
record" panel, which plays every move again and goes on. The server and the browser are
``tests/test_web_browser.py``'s (skipped without Chromium and Playwright unless
NIMCORE_REQUIRE_BROWSER is set).
"""

from __future__ import annotations

import json
import urllib.request

import test_web_browser as real

from nim.flows import machine_of

server, browser, people, shots = real.server, real.browser, real.people, real.shots
wait_version_above = real.wait_version_above


def _type_move(page, game) -> None:
    flow = machine_of("freeplay")
    page.fill("#typed-count", flow.typed_move(game, flow.options(game)[-1]))
    page.click("#typed-button")
    wait_version_above(page, game["version"])


def test_why_and_the_analysis_of_a_two_dimensional_nim_game_are_clicked_open(server, people, shots):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/play/two-dimensional-nim")
    page.fill("#position", "[[2, 2], [1, 1], [3, 0]]")
    page.click("#start")
    page.wait_for_selector("#board svg.family-board")
    _type_move(page, ann.state())
    page.wait_for_function("() => game && game.moves.length >= 2")     # NimX has answered
    page.click("#why")
    page.wait_for_selector("#why-summary")
    said = page.inner_text("#why-summary")
    assert "last move: move the counter on" in said and ("wins" in said or "loses" in said), said
    page.click("#analysis")
    page.wait_for_selector("#analysis-table")
    rows = page.locator("#analysis-table tr")
    assert rows.count() == 1 + len(ann.state()["moves"])                 # the header, then each move
    assert page.locator("#analysis-table td", has_text="move the counter on").count() >= 2
    page.screenshot(path=str(shots / "freeplay-two-dimensional-nim-analysis.png"), full_page=True)
    assert not ann.errors


def test_a_graph_games_record_is_played_on_from_the_record_panel(server, people, shots):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/play/graph")
    page.fill("#position", json.dumps({"edges": [[0, 1], [1, 2], [2, 3], [3, 1], [1, 4], [4, 5], [2, 5]],
                                       "tokens": [0, 3]}))
    page.click("#start")
    page.wait_for_selector("#board svg.family-board")
    _type_move(page, ann.state())
    page.wait_for_function("() => game && game.moves.length >= 2")
    played = ann.state()
    with urllib.request.urlopen(f"{server.url}/api/games/{played['id']}/record") as reply:
        record = reply.read().decode()
    assert record.startswith("# nimcore record: rules normal,graph")

    bob = people()
    page = bob.page
    page.goto(f"{server.url}/play/graph")
    page.fill("#record-text", record)
    page.click("#record-load")
    page.wait_for_selector("#board svg.family-board")
    again = bob.state()
    assert again["id"] != played["id"]
    assert again["moves"] == played["moves"] and again["piles"] == played["piles"]
    assert again["finished"] == played["finished"]
    page.screenshot(path=str(shots / "freeplay-graph-from-a-record.png"), full_page=True)

    page.goto(f"{server.url}/play/graph")
    page.fill("#record-text", record.replace('"token": 1}]]', '"token": 5}]]', 1))
    page.click("#record-load")
    page.wait_for_function("() => document.querySelector('#setup-error').textContent.length > 0")
    assert "is not a move of the position" in page.inner_text("#setup-error")
    assert not ann.errors and not bob.errors
