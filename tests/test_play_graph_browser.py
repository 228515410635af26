"""A game on a directed graph in a real headless Chromium (issue 41): its page, the server's SVG of
the graph (vertices, arrows, tokens), moves made by clicks (a token's vertex types ``move U to``,
a vertex then adds ``V``), a refused move said with its reason, played to the end against NimX;
and a graph with cycles drawn to a draw by repetition. The server and the browser are
``tests/test_web_browser.py``'s (skipped without Chromium and Playwright unless
NIMCORE_REQUIRE_BROWSER is set).
"""

from __future__ import annotations

import test_web_browser as real

from nim.flows import machine_of

server, browser, people, shots = real.server, real.browser, real.people, real.shots
wait_version_above = real.wait_version_above


def test_a_graph_game_played_by_clicks_to_the_end(server, people, shots):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/play/graph")
    assert page.input_value("#rules") == "normal,graph"
    page.fill("#position", '{"edges": [[0, 1], [1, 2], [2, 3], [3, 1], [1, 4], [4, 5], [2, 5]], "tokens": [0, 3]}')
    page.click("#start")
    page.wait_for_selector("#board svg.family-board")
    assert page.get_attribute("#board svg", "aria-label") == "a directed graph with its tokens"
    page.screenshot(path=str(shots / "freeplay-graph.png"), full_page=True)
    page.fill("#typed-count", "move 0 to 5")
    page.click("#typed-button")
    page.wait_for_selector("#selection.error")
    assert "there is no edge from vertex 0 to vertex 5" in page.inner_text("#selection")
    flow = machine_of("freeplay")
    for _ in range(40):
        game = ann.state()
        if game["finished"]:
            break
        move = flow.options(game)[0]
        typed = flow.typed_move(game, move)                        # "move U to V"
        u, v = typed.split()[1], typed.split()[3]
        page.fill("#typed-count", "")
        page.locator(f'#board g.token[data-first="move {u} to"]').first.click()
        page.locator(f'#board g[data-more="{v}"]').first.click()
        assert page.input_value("#typed-count") == f"move {u} to {v}"
        page.click("#typed-button")
        wait_version_above(page, game["version"])
    game = ann.state()
    assert game["finished"] and " wins (" in game["log"][-1]
    assert page.inner_text("#status").startswith("Game over")
    assert not ann.errors


def test_a_loopy_graph_between_two_ais_is_a_draw_in_the_browser(server, people):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/play/graph")
    page.fill("#position", '{"edges": [[0, 1], [1, 0]], "token": 0}')
    page.select_option("#mode", "aivai")
    page.click("#start")
    page.wait_for_function("() => game && game.finished")
    game = ann.state()
    assert game["winner"] is None and "a draw" in game["log"][-1]
    assert page.inner_text("#status").startswith("Game over")
    assert not ann.errors
