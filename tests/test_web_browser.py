"""``nimcore serve`` as people use it: a real headless Chromium (Debian's
``chromium``, driven by Playwright) against a real server on a free loopback
port, started by the test.

Covered: a whole KUET Easy series played by clicking stones; Human vs Human in
two browser contexts, the second player trying to move out of turn; a browser
without server-sent events kept up to date by polling; a server restart in the
middle of a game; the Lab 2 replay upload; a screenshot of each
page (saved under the test's temporary folder, or NIMCORE_SCREENSHOTS).

The tests skip when Chromium or Playwright is missing, unless
NIMCORE_REQUIRE_BROWSER is set (CI sets it): then they fail instead.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

REQUIRED = bool(os.environ.get("NIMCORE_REQUIRE_BROWSER"))


def _chromium() -> Optional[str]:
    for name in (os.environ.get("NIMCORE_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def _missing() -> Optional[str]:
    try:
        import playwright.sync_api  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed (pip install '.[test]')"
    if _chromium() is None:
        return "no chromium on PATH (apt-get install chromium)"
    return None


_WHY = _missing()
if _WHY is not None:
    if REQUIRED:
        raise RuntimeError(f"NIMCORE_REQUIRE_BROWSER is set but {_WHY}")
    pytest.skip(_WHY, allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

TIMEOUT_MS = 20_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``nimcore serve`` in a child process, on a loopback port, with its own database."""

    def __init__(self, db: Path, port: Optional[int] = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: Optional[subprocess.Popen[bytes]] = None
        self.log = db.with_suffix(f".{self.port}.log")

    def start(self) -> "Server":
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "nim", "serve", "--port", str(self.port), "--db", str(self.db)],
                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/health", timeout=2) as answer:
                    if json.load(answer)["ok"]:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log.read_text()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("NIMCORE_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web") / "games.sqlite3").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=_chromium(), headless=True,
                                          args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield launched
        launched.close()


class Watched:
    """A browser context and page whose JavaScript errors are collected."""

    def __init__(self, browser: Browser) -> None:
        self.context: BrowserContext = browser.new_context(viewport={"width": 1100, "height": 850})
        self.context.set_default_timeout(TIMEOUT_MS)
        self.page: Page = self.context.new_page()
        self.errors: List[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        # the browser logs every refused request ("Failed to load resource: ... 409"):
        # those are the tests' own hostile moves and the restart's dropped streams
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if message.type == "error" and not message.text.startswith("Failed to load resource")
                     else None)

    def state(self) -> Any:
        return self.page.evaluate("() => game")

    def close(self) -> None:
        self.context.close()


@pytest.fixture()
def people(browser) -> Iterator[Any]:
    opened: List[Watched] = []

    def open_one() -> Watched:
        watched = Watched(browser)
        opened.append(watched)
        return watched

    yield open_one
    for watched in opened:
        watched.close()


def take_first_stone(page: Page, game: Any, last_stone: bool = True) -> None:
    """Click the last stone of the first pile that can move (take 1), then confirm."""
    pile = next(i for i, takes in enumerate(game["takes"]) if takes)
    size = game["piles"][pile]
    index = size - min(game["takes"][pile]) if last_stone else 0
    page.click(f".stone[data-pile='{pile}'][data-index='{index}']")
    page.click("#confirm")


def wait_version_above(page: Page, version: int) -> None:
    page.wait_for_function(f"() => game && game.version > {version}")


def game_for_two(url: str, host: Watched, guest: Watched, fields: Dict[str, str], name: Optional[str] = None) -> str:
    """``host`` opens the page at ``url``, fills its form's ``fields`` (selector: value), chooses two
    people in two browsers and starts; ``guest`` joins by the share link (``join_by_link``).
    Returns the link."""
    host.page.goto(url)
    for selector, value in fields.items():
        host.page.fill(selector, value)
    host.page.select_option("#mode", "hvh")
    host.page.click("#start")
    return join_by_link(host, guest, name)


def join_by_link(host: Watched, guest: Watched, name: Optional[str] = None) -> str:
    """The game ``host`` just started for two people: ``guest`` opens its share link and takes the
    second seat (as ``name``, when given). Returns the link."""
    host.page.wait_for_selector("#share-link")
    link = host.page.inner_text("#share-link")
    guest.page.goto(link)
    guest.page.wait_for_selector("#join-button")
    if name is not None:
        guest.page.fill("#join-name", name)
    guest.page.click("#join-button")
    return link


def open_why_and_analysis(page: Page, player: str) -> None:
    """Open the finished game's two study panels: why the AI played as it did (its summary naming
    ``player`` first) and the analysis of every move."""
    page.click("#why")
    page.wait_for_selector("#why-summary")
    assert page.inner_text("#why-summary").startswith(player)
    page.click("#analysis")
    page.wait_for_selector("#analysis-table")


# ---------------------------------------------------------------- the tests

def test_a_whole_kuet_easy_series_by_clicking_stones(server, people, shots):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/kuet")
    assert page.inner_text("#setup").startswith("Hello!!! I am NimX...")
    page.fill("#name", "Ann")
    page.click("#yes")
    assert "1. Easy (NimX uses IDA*)" in page.inner_text("#difficulty")
    page.screenshot(path=str(shots / "kuet-setup.png"), full_page=True)
    page.click("#easy")
    page.wait_for_selector(".stone")
    games_seen = 0
    for _ in range(200):
        game = ann.state()
        if game["series"]["done"]:
            break
        if game["finished"]:
            games_seen += 1
            page.click("#next")
            wait_version_above(page, game["version"])
            continue
        assert page.inner_text("#status") == "Your turn, Ann."
        # a refused take first: four stones are more than KUET allows
        big = next((i for i, p in enumerate(game["piles"]) if p >= 4), None)
        if big is not None:
            page.click(f".stone[data-pile='{big}'][data-index='{game['piles'][big] - 4}']")
            assert page.is_disabled("#confirm")
            assert "take 1 to 3" in page.inner_text("#selection")
        if len(game["moves"]) % 4 == 2:             # now and then typed, as in the terminal
            pile = next(i for i, takes in enumerate(game["takes"]) if takes)
            assert page.inner_text("#typed").startswith("From which pile you want to remove stones, Ann??:")
            page.fill("#typed-pile", str(pile + 1))
            page.fill("#typed-count", "1")
            page.click("#typed-button")
        else:
            take_first_stone(page, game)
        wait_version_above(page, game["version"])
    game = ann.state()
    assert game["series"]["done"] and len(game["series"]["results"]) == 3
    log = page.inner_text("#log")
    assert f"IDA* wins: {game['series']['results']}" in log
    assert "Genetic algorithm is not applicable in Easy mode." in log
    assert log.count("NimX is playing using IDA*.....") == 3
    assert page.is_visible("#again") and not page.is_visible("#next")
    open_why_and_analysis(page, "NimX (IDA*) played")
    page.screenshot(path=str(shots / "kuet-series-over.png"), full_page=True)
    assert ann.errors == []


def test_human_vs_human_in_two_browsers_refuses_the_move_out_of_turn(server, people, shots):
    ann, bo = people(), people()
    link = game_for_two(f"{server.url}/rajalakshmi", ann, bo, {"#piles": "3 4 5"}, "Bo")
    assert link.startswith(server.url + "/g/")
    bo.page.wait_for_function("() => game.seats[1].name === 'Bo' && !document.querySelector('#join').offsetParent")
    assert bo.page.inner_text("#status").startswith("Waiting for Player 0")
    # out of turn: the stones are disabled, and a move forced through the API is refused
    assert bo.page.is_disabled(".stone[data-pile='0'][data-index='0']")
    refused = bo.page.evaluate("""async () => {
        const mine = JSON.parse(localStorage.getItem(`nimcore:seat:${game.id}`));
        const answer = await fetch(`/api/games/${game.id}/move`, {method: "POST",
          headers: {"Content-Type": "application/json"},
          body: JSON.stringify({token: mine.token, pile: 0, count: 1, version: game.version})});
        return [answer.status, await answer.json()];
    }""")
    assert refused[0] == 409 and "not your turn" in refused[1]["error"]
    assert ann.state()["moves"] == [] and bo.state()["moves"] == []

    # Ann moves; Bo's board follows at once (server-sent events), then Bo answers. Her page must
    # hold Bo's join first: a move on the version before it is refused (409)
    ann.page.wait_for_function("() => game.seats[1].name === 'Bo'")
    version = ann.state()["version"]
    ann.page.click(".stone[data-pile='2'][data-index='3']")      # take 2 from pile [2]
    ann.page.click("#confirm")
    bo.page.wait_for_function(f"() => game.version > {version} && game.piles[2] === 3")
    assert bo.page.inner_text("#status").startswith("Your turn, Bo")
    assert "Player 0 removes 2 from pile [2]." in bo.page.inner_text("#log")
    version = bo.state()["version"]
    # the flow's own prompt between two people, as the terminal asks it (nim.flows.rajalakshmi)
    assert "Bo, enter 'pile_index remove_count' (e.g. '1 3'):" in bo.page.inner_text("#typed")
    bo.page.fill("#typed-pile", "7")                              # a typed move on no pile
    bo.page.fill("#typed-count", "1")
    bo.page.click("#typed-button")
    bo.page.wait_for_function("() => document.querySelector('#selection').textContent.includes('no pile 7')")
    assert bo.state()["version"] == version
    bo.page.click(".stone[data-pile='0'][data-index='0']")       # take all 3 of pile [0]
    bo.page.click("#confirm")
    ann.page.wait_for_function(f"() => game.version > {version} && game.piles[0] === 0")
    assert "Nim-sum: " in ann.page.inner_text("#status")         # the server's words, normal Nim

    watcher = people()
    watcher.page.goto(link)
    watcher.page.wait_for_selector(".stone")
    assert "You are watching." in watcher.page.inner_text("#status")
    assert watcher.page.is_hidden("#join")
    ann.page.screenshot(path=str(shots / "rajalakshmi-player-0.png"), full_page=True)
    bo.page.screenshot(path=str(shots / "rajalakshmi-player-1.png"), full_page=True)
    assert ann.errors == [] and bo.errors == [] and watcher.errors == []


def test_without_server_sent_events_the_polling_fallback_keeps_the_game_going(server, browser):
    ann, bo = Watched(browser), Watched(browser)
    bo.context.add_init_script("delete window.EventSource;")      # a browser or proxy without SSE
    try:
        game_for_two(f"{server.url}/free", ann, bo, {})
        bo.page.wait_for_function("() => game.seats[1].taken")
        ann.page.wait_for_function("() => game.seats[1].taken")      # Ann hears of it by SSE
        version = ann.state()["version"]
        take_first_stone(ann.page, ann.state())
        bo.page.wait_for_function(f"() => game.version > {version}")  # Bo, by polling
        assert bo.page.evaluate("() => typeof window.EventSource") == "undefined"
        assert bo.page.inner_text("#status").startswith("Your turn")
        assert ann.errors == [] and bo.errors == []
    finally:
        ann.close()
        bo.close()


def test_a_server_restart_in_the_middle_of_a_game(browser, tmp_path, shots):
    server = Server(tmp_path / "restart.sqlite3").start()
    ann, bo = Watched(browser), Watched(browser)
    try:
        game_for_two(f"{server.url}/free", ann, bo, {"#piles": "4 5 6"})
        # both pages must have Bo's join: Ann's move carries her page's version, and one from
        # before the join is refused (409), after which Bo's join alone would pass a wait on
        # "a newer version" and the restart would find Ann, not Bo, to move
        for page in (ann.page, bo.page):
            page.wait_for_function("() => game.seats[1].taken")
        take_first_stone(ann.page, ann.state())
        bo.page.wait_for_function("() => game.moves.length === 1")
        before = bo.state()

        server.stop()                                  # mid-game: Bo is to move
        server.start()                                 # same port, same database

        bo.page.wait_for_function("() => document.querySelector('#connection').textContent === 'live'")
        take_first_stone(bo.page, bo.state())
        bo.page.wait_for_function(f"() => game.version > {before['version']}")
        ann.page.wait_for_function(f"() => game.version > {before['version']}", timeout=30_000)
        after = ann.state()
        assert after["moves"][:1] == before["moves"] and len(after["moves"]) == 2
        assert ann.page.inner_text("#status").startswith("Your turn")
        ann.page.reload()                              # a reload keeps the seat (its token is stored)
        ann.page.wait_for_selector(".stone")
        assert ann.page.inner_text("#status").startswith("Your turn")
        ann.page.screenshot(path=str(shots / "after-restart.png"), full_page=True)
        assert [e for e in ann.errors + bo.errors if "ERR_CONNECTION_REFUSED" not in e] == []
    finally:
        ann.close()
        bo.close()
        server.stop()


def test_the_lab2_replay_upload_and_game_tree(server, people, shots, tmp_path):
    student = people()
    page = student.page
    page.goto(f"{server.url}/lab2")
    test_file = tmp_path / "lab2.txt"
    test_file.write_text("2\n4\n2\n0 2\n1 2\n")
    page.set_input_files("#replay-file", str(test_file))
    page.wait_for_function("() => document.querySelector('#replay-text').value.startsWith('2')")
    page.click("#replay-button")
    page.wait_for_selector("#replay-result")
    text = page.inner_text("#replay-result")
    assert "human (line 4)" in text and "The winner is human." in text
    page.wait_for_selector("#replay-out svg")
    page.fill("#tree-piles", "1 2")
    page.click("#tree-button")
    page.wait_for_selector("#tree-out svg")
    page.screenshot(path=str(shots / "lab2-replay.png"), full_page=True)
    # a file that is not a Lab 2 test file: one clear line, nothing breaks
    page.fill("#replay-text", "2\n4\n2\n0 9\n")
    page.click("#replay-button")
    page.wait_for_selector("#replay-out .error")
    assert "line 4" in page.inner_text("#replay-out .error")
    assert student.errors == []


@pytest.mark.parametrize("flow", ["index", "kuet", "rajalakshmi", "lab2", "forejune", "free"])
def test_every_page_renders_and_starts_a_game(server, people, shots, flow):
    visitor = people()
    page = visitor.page
    page.goto(f"{server.url}/" if flow == "index" else f"{server.url}/{flow}")
    page.screenshot(path=str(shots / f"{flow}.png"), full_page=True)
    assert (shots / f"{flow}.png").stat().st_size > 1000
    from nim.flows import page_titles

    if flow == "index":
        assert page.locator(".card").count() == 7          # the five seed pages, pins, free play of every family
        # each card named as the server's flow registry names its page, in its order
        assert page.locator(".card a").all_inner_texts() == list(page_titles().values())
    elif flow == "kuet":
        page.click("#yes")
        page.click("#hard")
    else:
        page.click("#start")
    if flow != "index":
        page.wait_for_selector(".stone")
        # the game's heading: its page's title as the server gave it, then the game's rules
        assert page.inner_text("#title").startswith(page_titles()[flow] + " (")
        game = visitor.state()
        assert page.locator(".stone").count() == sum(game["piles"])
        if not game["finished"] and game["you"] == game["to_move"]:
            page.click("#hint")
            page.wait_for_selector("#hint-summary")
            assert page.inner_text("#hint-summary").startswith("Hint: take")
        if flow == "forejune":
            page.wait_for_selector("#dp-table td")
            assert game["moves"][0][0] == 0               # the AI moved first
        page.screenshot(path=str(shots / f"{flow}-game.png"), full_page=True)
    assert visitor.errors == []


# ---------------------------------------------------------------- the pages, true to the seeds (issue 32, 4)

def _dp_scores(upto: int) -> List[int]:
    """forejune's S[n] by its own recursion (testNimdp.cpp), n = 1..upto: 1 a win for the
    player to move, -1 a loss (left with 1: lost)."""
    score = [0] * (upto + 1)
    for n in range(1, upto + 1):
        score[n] = 1 if any(score[n - i] == -1 for i in range(1, n // 2 + 1)) else -1
    return score[1:]


def test_forejune_speaks_the_seeds_lines_and_shows_its_score_table(server, people, shots):
    player = people()
    page = player.page
    page.goto(f"{server.url}/forejune")
    page.fill("#pile", "20")
    page.click("#start")
    page.wait_for_selector("#dp-scores[data-upto='20']")    # the game's table, not the page's first (30)
    assert page.inner_text("#dp-scores") == "score: " + ", ".join(map(str, _dp_scores(20)))
    assert page.inner_text("#dp-scores").startswith("score: -1, 1, -1, 1, 1, 1, -1")   # the seed's row
    log = page.inner_text("#log")
    assert "AI moves first. Starting with n = 20" in log
    game = player.state()
    count = game["moves"][0][2]
    assert f"AI takes {count}, {20 - count} remain" in log
    while not game["finished"]:
        assert page.is_visible("#typed")
        assert page.inner_text("#typed").startswith(f"Your turn. Enter number (1-{game['piles'][0] // 2}):")
        page.fill("#typed-count", "1")
        page.click("#typed-button")
        wait_version_above(page, game["version"])
        game = player.state()
    log = page.inner_text("#log")
    assert log.rstrip().endswith("AI lost; you won!" if game["winner"] == 1 else "You lost!")
    assert not page.is_visible("#typed")          # the game is over: no typed move
    page.screenshot(path=str(shots / "forejune-seed-lines.png"), full_page=True)
    assert player.errors == []


def test_a_finished_game_disables_undo_and_hides_the_typed_form_from_everyone(server, people, shots):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/kuet")
    assert "`" not in page.inner_text("body")
    page.fill("#name", "Ann")
    page.click("#yes")
    page.click("#easy")
    page.wait_for_selector(".stone")
    assert "`" not in page.inner_text("body")
    game = ann.state()
    watcher = people()                         # a spectator of the same game: no typed move
    watcher.page.goto(f"{server.url}/g/{game['id']}")
    watcher.page.wait_for_selector(".stone")
    assert not watcher.page.is_visible("#typed")
    while not game["finished"]:
        take_first_stone(page, game)
        wait_version_above(page, game["version"])
        game = ann.state()
    assert page.is_disabled("#undo") and not page.is_visible("#typed")
    page.click("#why")
    page.wait_for_selector("#why-summary")
    assert page.get_attribute("#why-theory", "href") == "/theory"
    page.screenshot(path=str(shots / "kuet-finished.png"), full_page=True)
    assert ann.errors == [] and watcher.errors == []


def test_lab2s_four_four_minimax_tree_opens_on_its_root(server, people, shots):
    student = people()
    page = student.page
    page.goto(f"{server.url}/lab2")
    page.wait_for_selector("#tree-button")
    text = page.inner_text("body")
    import re

    named = re.findall(r"(?:^|\s)--[a-z][a-z-]*|nimcore (?:play|replay|solve|serve|tree|table|grade)\b", text)
    assert named == [], named                 # the page names no command line
    page.fill("#tree-piles", "4 4")
    page.select_option("#tree-method", "minimax")
    page.click("#tree-button")
    page.wait_for_selector(".tree svg")
    assert "1,920 nodes searched below the root" in page.inner_text("#tree-out")    # 1,921 with the root
    assert page.locator(".tree g.node").count() == 1921
    page.wait_for_function("() => document.querySelector('.tree').scrollLeft > 0")
    inside = page.evaluate("""() => {
        const box = document.querySelector('.tree').getBoundingClientRect();
        const root = document.querySelector('.tree [data-depth="0"]').getBoundingClientRect();
        return root.left >= box.left && root.right <= box.right && root.top >= box.top && root.bottom <= box.bottom;
    }""")
    assert inside, "the root of the tree is not in view"
    page.locator(".tree").screenshot(path=str(shots / "lab2-tree-4-4.png"))
    assert student.errors == []


# ---------------------------------------------------------------- take-and-break games as pins (issue 32, 2)

import takebreak_oracle  # noqa: E402


def _knock_to_the_end(person: Watched, game: Any, start: List[int]) -> Any:
    """Knock down pins (``_knock``'s move) until the game of Kayles from ``start`` ends, NimX
    answering; check every move against the take-and-break oracle and that none is left at the
    end, and return the last state."""
    for _ in range(30):
        if game["finished"]:
            break
        _knock(person.page, game)
        wait_version_above(person.page, game["version"])
        game = person.state()
    assert game["finished"]
    final = _check_moves("0.77", start, game["moves"])
    assert not any(True for _ in takebreak_oracle.children("0.77", tuple(sorted(final))))
    return game


def _check_moves(code: str, start: List[int], moves: List[List[int]]) -> Tuple[int, ...]:
    """Replay the stored moves by the independent oracle: each legal; the heaps after them."""
    from nim.position import Move

    heaps: Tuple[int, ...] = tuple(start)
    for entry in moves:
        move = Move(entry[1], entry[2], split=(entry[3], entry[4]) if len(entry) == 5 else None)
        assert takebreak_oracle.is_option(code, heaps, move), (heaps, entry)
        heaps = takebreak_oracle.apply(heaps, move)
    return heaps


def _knock(page: Page, game: Any) -> None:
    """Knock down one pin: the second of the first heap of 3 or more (a split), else the
    first pin of the first heap; then confirm."""
    heaps = game["piles"]
    pile = next((i for i, size in enumerate(heaps) if size >= 3), None)
    if pile is not None:
        page.click(f".pin[data-pile='{pile}'][data-index='1']")
        assert "leaving two heaps, 1 and" in page.inner_text("#selection")
    else:
        pile = next(i for i, size in enumerate(heaps) if size)
        page.click(f".pin[data-pile='{pile}'][data-index='0']")
    assert page.is_enabled("#confirm")
    page.click("#confirm")


def test_a_whole_game_of_kayles_against_nimx_by_knocking_down_pins(server, people, shots):
    ann = people()
    page = ann.page
    page.goto(f"{server.url}/free")
    page.fill("#name", "Ann")
    page.fill("#rules", "normal,kayles")
    page.fill("#piles", "6 4")
    page.click("#start")
    page.wait_for_selector(".pin")
    game = ann.state()
    assert page.locator(".pin").count() == 10 and page.locator(".stone").count() == 0
    assert not page.is_visible("#typed")
    # two pins that are not next to each other are no move: the page says so before anything is sent
    page.click(".pin[data-pile='0'][data-index='0']")
    page.click(".pin[data-pile='0'][data-index='3']")
    assert page.is_enabled("#confirm")                       # a new run was started at pin 4
    page.click(".pin[data-pile='0'][data-index='4']")        # pins 4 and 5: two next to each other
    assert "Knocking down 2 pins of heap 1, leaving two heaps, 3 and 1." in page.inner_text("#selection")
    page.click("#clear")
    _knock(page, game)
    wait_version_above(page, game["version"])
    game = ann.state()
    assert len(game["moves"]) == 2 and game["moves"][0][1:] == [0, 1, 1, 4]
    page.click("#undo")                                     # back to the start, NimX's answer too
    page.wait_for_function("() => game.moves.length === 0")
    game = ann.state()
    page.click("#hint")
    page.wait_for_selector("#hint-summary")
    assert page.inner_text("#hint-summary").startswith("Hint: take")
    game = _knock_to_the_end(ann, game, [6, 4])
    last_mover = game["moves"][-1][0]
    assert game["winner"] == last_mover                     # normal play: the last move wins
    assert page.is_disabled("#undo")
    open_why_and_analysis(page, "Player 2 (Optimal)")     # the name as given, its player after
    record = page.evaluate("async () => (await fetch(`/api/games/${game.id}/record`)).text()")
    assert "# rules: normal,octal=0.77" in record.split("\n")             # the record's facts, as comments
    lines = [line for line in record.split("\n") if not line.startswith("#")]
    assert lines[:3] == ["2", "6", "4"]
    assert lines[3:3 + len(game["moves"])] == [" ".join(map(str, entry[1:])) for entry in game["moves"]]
    page.screenshot(path=str(shots / "kayles-against-nimx.png"), full_page=True)
    assert ann.errors == []


def test_grundys_game_misere_between_two_people_in_two_browsers(server, people, shots):
    ann, bo = people(), people()
    game_for_two(f"{server.url}/free", ann, bo, {"#name": "Ann", "#rules": "misere,grundy-game", "#piles": "9"}, "Bo")
    for watched in (ann, bo):      # both pages hold Bo's join: a move on an older version is refused
        watched.page.wait_for_function("() => game.seats[1].name === 'Bo'")
    assert bo.page.is_disabled(".pin[data-pile='0'][data-index='0']")      # not Bo's turn
    players = [ann, bo]
    game = ann.state()
    for _ in range(20):
        if game["finished"]:
            break
        player = players[game["to_move"]]
        page = player.page
        page.wait_for_function(f"() => game.version === {game['version']}")
        pile = next(i for i, size in enumerate(game["piles"]) if size >= 3)
        page.click(f".pin[data-pile='{pile}'][data-index='0']")       # cut after the first pin
        assert f"Splitting heap {pile + 1}, leaving two heaps, 1 and {game['piles'][pile] - 1}." in \
            page.inner_text("#selection")
        page.click("#confirm")
        other = players[1 - game["to_move"]]
        other.page.wait_for_function(f"() => game.version > {game['version']}")
        game = other.state()
    assert game["finished"]
    final = _check_moves("grundy-game", [9], game["moves"])
    assert all(size <= 2 for size in final)
    assert game["winner"] == game["to_move"]             # misère: the player left without a move wins
    names = {0: "Ann", 1: "Bo"}
    for watched in players:
        watched.page.wait_for_function(f"() => game.version === {game['version']}")
        assert f"{names[game['winner']]}" in watched.page.inner_text("#status")
    ann.page.screenshot(path=str(shots / "grundy-ann.png"), full_page=True)
    bo.page.screenshot(path=str(shots / "grundy-bo.png"), full_page=True)
    assert ann.errors == [] and bo.errors == []


def test_the_number_beside_the_board_is_true_under_every_rule(server, people):
    """Issue 40, item 2: under take at most 3 the page shows the Grundy sum the server says
    (1 and 5: n mod 4 gives 1 and 1, XOR 0), named with its rule, never the raw sizes' XOR (4)."""
    ann = people()
    page = ann.page
    for rules, piles, expected, absent in [
            ("normal,max=3", "1 5", "Grundy sum: 0 (0 in binary), the XOR of the piles' Grundy values "
                                    "(n mod 4 under take at most 3).", "Nim-sum"),
            ("normal", "1 5", "Nim-sum: 4 (100 in binary)", "Grundy sum")]:
        page.goto(f"{server.url}/free")
        page.fill("#rules", rules)
        page.fill("#piles", piles)
        page.select_option("#mode", "hvh")
        page.click("#start")
        page.wait_for_selector(".stone")
        status = page.inner_text("#status")
        assert expected in status and absent not in status, status
    page.goto(f"{server.url}/free")              # no XOR rule decides misère Kayles: nothing shown
    page.fill("#rules", "misere,kayles")
    page.fill("#piles", "1 5")
    page.select_option("#mode", "hvh")
    page.click("#start")
    page.wait_for_selector(".pin, .stone, .heap")
    assert "in binary" not in page.inner_text("#status")
    assert ann.errors == []


def test_the_pins_page_plays_misere_kayles_against_nimx_in_the_flows_words(server, people, shots):
    """The pins flow's own page (issue 38, item 2): its questions and lines are the flow's
    (``nim.flows.pins``), said as the terminal says them; the pins are knocked down by clicking."""
    from nim.flows.pins import EXACT_PLAYER, GAME_PROMPT, HEAPS_PROMPT, intro_words
    from nim.rules import Rules

    ann = people()
    page = ann.page
    page.goto(f"{server.url}/pins")
    setup = page.inner_text("#setup")
    assert GAME_PROMPT.strip() in setup and HEAPS_PROMPT.strip() in setup
    page.fill("#name", "Ann")
    page.select_option("#misere", "y")
    page.fill("#piles", "5 3")
    page.click("#start")
    page.wait_for_selector(".pin")
    game = ann.state()
    assert game["flow"] == "pins" and game["rules"] == "misere,octal=0.77"
    assert page.locator(".pin").count() == 8 and not page.is_visible("#typed")
    log = page.inner_text("#log")
    assert log.startswith(intro_words(Rules.parse("misere,kayles")))
    assert f"NimX: {EXACT_PLAYER}." in log
    game = _knock_to_the_end(ann, game, [5, 3])
    assert game["winner"] != game["moves"][-1][0]            # misère: the last move loses
    assert "(misère play: whoever makes the last move loses)" in page.inner_text("#log") \
        or "(misère play: whoever takes the last pin loses)" in page.inner_text("#log")
    page.screenshot(path=str(shots / "pins-misere-kayles.png"), full_page=True)
    assert ann.errors == []
