"""Two-dimensional Nim in a real headless Chromium (issue 41): its page, the server's SVG of the
quarter plane with the counters, moves made by clicks (a counter types ``move X,Y to``, a square
then adds ``X2,Y2``), a counter moved up refused with the reason, to the end against NimX. The
server and the browser are ``tests/test_web_browser.py``'s (skipped without Chromium and
Playwright unless NIMCORE_REQUIRE_BROWSER is set).
"""

from __future__ import annotations

import test_web_browser as real

from nim.flows import machine_of

server, browser, people, shots = real.server, real.browser, real.people, real.shots
wait_version_above = real.wait_version_above


def test_two_dimensional_nim_played_by_clicks_to_the_end(server, people, shots):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/play/two-dimensional-nim")
    assert page.input_value("#rules") == "normal,two-dimensional-nim"
    page.fill("#position", "[[2, 2], [1, 1], [3, 0]]")
    page.click("#start")
    page.wait_for_selector("#board svg.family-board")
    label = page.get_attribute("#board svg", "aria-label")
    assert label == "Two-dimensional Nim: counters on a quarter plane, row 0 at the bottom"
    page.screenshot(path=str(shots / "freeplay-two-dimensional-nim.png"), full_page=True)
    page.fill("#typed-count", "move 3,0 to 1,1")
    page.click("#typed-button")
    page.wait_for_selector("#selection.error")
    assert "a counter never moves up" in page.inner_text("#selection")
    flow = machine_of("freeplay")
    for _ in range(40):
        game = ann.state()
        if game["finished"]:
            break
        typed = flow.typed_move(game, flow.options(game)[-1])       # "move X,Y to X2,Y2"
        start, end = typed.split()[1], typed.split()[3]
        page.fill("#typed-count", "")
        page.locator(f'#board g.counter[data-first="move {start} to"]').first.click()
        page.locator(f'#board g[data-more="{end}"]').first.click()
        assert page.input_value("#typed-count") == f"move {start} to {end}"
        page.click("#typed-button")
        wait_version_above(page, game["version"])
    game = ann.state()
    assert game["finished"] and " wins (" in game["log"][-1]
    assert page.inner_text("#status").startswith("Game over")
    assert not ann.errors
