"""A class as people use it (issue 32, item 3): a real ``nimcore serve --class``
on a loopback port and headless Chromium through Playwright (as
tests/test_web_browser.py, whose browser fixtures are reused): the teacher's
page, students joining by name and landing on their games, NimX after a wait,
the hint switched off by the teacher; screenshots checked (elements visible,
no JavaScript errors).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator, Optional, Tuple

import pytest

import test_web_browser as _browser_tests
from test_web_browser import Watched, free_port, take_first_stone

# the browser tests' fixtures: one Chromium for the module, watched pages, the screenshots' folder
browser = _browser_tests.browser
people = _browser_tests.people
shots = _browser_tests.shots


class ClassServer:
    """``nimcore serve --class 5B`` in a child process, its teacher's and students' links."""

    def __init__(self, db: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = db.with_suffix(".log")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "nim", "serve", "--class", "5B", "--port",
                                             str(self.port), "--db", str(db)], stdout=log, stderr=subprocess.STDOUT)
        self.teacher, self.join = self._links()

    def _links(self) -> Tuple[str, str]:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()}")
            text = self.log.read_text()
            teacher = re.search(r"(http://\S+/class/\S+)", text)
            join = re.search(r"students open (http://\S+/join/\S+)", text)
            if teacher and join:
                try:
                    with urllib.request.urlopen(f"{self.url}/api/health", timeout=2) as answer:
                        if json.load(answer)["ok"]:
                            return teacher.group(1), join.group(1)
                except OSError:
                    pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not print its class links: {self.log.read_text()}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture()
def room(tmp_path) -> Iterator[ClassServer]:
    server = ClassServer(tmp_path / "games.sqlite3")
    yield server
    server.stop()


def join_as(student: Watched, url: str, name: str, flow: str, opponent: str) -> None:
    page = student.page
    page.goto(url)
    page.wait_for_selector("#join-form")
    page.fill("#student-name", name)
    page.select_option("#student-flow", flow)
    page.check(f"#against-{opponent}")
    assert page.is_visible("#kuet-level") == (flow == "kuet")
    page.click("#join-class")


def landed(student: Watched) -> Optional[str]:
    """The game id the student's page landed on, with its seat's token kept by the page."""
    page = student.page
    page.wait_for_url(re.compile(r".*/g/[A-Za-z0-9_-]+$"))
    page.wait_for_selector(".stone")
    game_id = page.url.rsplit("/", 1)[1]
    assert page.evaluate(f"() => JSON.parse(localStorage.getItem('nimcore:seat:{game_id}')).token")
    return game_id


def test_a_class_pairs_students_and_the_teacher_sees_every_game(room, people, shots):
    teacher = people()
    teacher.page.goto(room.teacher)
    teacher.page.wait_for_selector("#join-links a")
    assert teacher.page.is_visible("#switches") and teacher.page.is_visible("#csv")
    assert teacher.page.get_attribute("#join-links a", "href") == room.join
    teacher.page.screenshot(path=str(shots / "class-empty.png"), full_page=True)

    ada, bob, cy = people(), people(), people()
    join_as(ada, room.join, "Ada", "free", "student")
    ada.page.wait_for_selector("#waiting:not([hidden])")
    assert "Waiting for another student" in ada.page.inner_text("#waiting")
    ada.page.screenshot(path=str(shots / "class-waiting.png"), full_page=True)
    join_as(bob, room.join, "Bob", "free", "student")
    game_id = landed(bob)
    assert landed(ada) == game_id                     # Ada's page saw Bob join and opened the game
    ada.page.wait_for_function("() => mine && mine.seat === 0")
    ada.page.wait_for_selector("#status:has-text('Your turn, Ada.')")
    take_first_stone(ada.page, ada.state())
    bob.page.wait_for_function("() => game && game.moves.length === 1")
    bob.page.wait_for_selector("#status:has-text('Your turn, Bob.')")
    # help is for the player to move: Bob is offered a hint and the analysis, Ada (waiting) neither
    assert bob.page.is_visible("#hint") and bob.page.is_visible("#analysis")
    ada.page.wait_for_selector("#hint", state="hidden")
    assert not ada.page.is_visible("#analysis")

    join_as(cy, room.join, "Cy", "rajalakshmi", "nimx")
    cy_game = landed(cy)
    assert cy.state()["seats"][1]["ai"]

    teacher.page.wait_for_function("() => document.querySelectorAll('tr.class-game').length === 2")
    rows = teacher.page.locator("tr.class-game")
    assert "Ada vs Bob" in rows.nth(1).inner_text() and "in progress" in rows.nth(1).inner_text()
    assert "Cy vs" in rows.nth(0).inner_text()
    assert rows.nth(1).locator("a").get_attribute("href") == f"/g/{game_id}"
    assert rows.nth(0).locator("a").get_attribute("href") == f"/g/{cy_game}"
    assert teacher.page.is_visible("tr.class-game")
    teacher.page.screenshot(path=str(shots / "class-games.png"), full_page=True)
    assert (shots / "class-games.png").stat().st_size > 1000

    # the teacher switches hints off: the Hint and analysis buttons go from every open page at
    # once, without a reload, and the API refuses them (no token, a spectator, the player to move)
    bob.page.wait_for_selector("#hint", state="visible")
    teacher.page.uncheck("#switch-hints")
    teacher.page.click("#save-switches")
    teacher.page.wait_for_selector("#saved:has-text('Saved.')")
    bob.page.wait_for_selector("#hint", state="hidden")
    assert not bob.page.is_visible("#analysis")
    token = bob.page.evaluate(f"() => JSON.parse(localStorage.getItem('nimcore:seat:{game_id}')).token")
    for headers in ({}, {"X-Seat-Token": token}):
        request = urllib.request.Request(f"{room.url}/api/games/{game_id}/analysis", headers=headers)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 403
    cy.page.reload()                              # a page opened now offers no hint either
    cy.page.wait_for_selector(".stone")
    assert not cy.page.is_visible("#hint") and cy.page.is_visible("#why")
    for person in (teacher, ada, bob, cy):
        assert person.errors == []


def test_a_student_left_waiting_plays_nimx_after_the_wait(room, people, shots):
    teacher = people()
    teacher.page.goto(room.teacher)
    teacher.page.wait_for_selector("#switch-wait")
    teacher.page.fill("#switch-wait", "2")
    teacher.page.click("#save-switches")
    teacher.page.wait_for_selector("#saved:has-text('Saved.')")
    dee = people()
    join_as(dee, room.join, "Dee", "lab2", "student")
    dee.page.wait_for_selector("#waiting:not([hidden])")
    landed(dee)
    state = dee.state()
    assert state["flow"] == "lab2" and state["seats"][1]["ai"] and dee.page.evaluate("() => mine.seat") == 0
    dee.page.screenshot(path=str(shots / "class-nimx-after-wait.png"), full_page=True)
    teacher.page.wait_for_function("() => document.querySelectorAll('tr.class-game').length === 1")
    assert "Dee vs" in teacher.page.inner_text("tr.class-game")
    assert dee.errors == [] and teacher.errors == []


def test_the_teacher_chooses_kayles_and_paired_students_play_it(room, people, shots):
    """The class's own game is the teacher's (issue 40, item 9): the join page says what
    will be played; paired students see no "send this link", and the hint is offered
    only to the player to move (item 1, item 10)."""
    teacher = people()
    teacher.page.goto(room.teacher)
    teacher.page.wait_for_selector("#game-rules")
    teacher.page.fill("#game-rules", "misere,kayles")
    teacher.page.fill("#game-piles", "4 5")
    teacher.page.click("#save-switches")
    teacher.page.wait_for_selector("#saved:has-text('Saved.')")
    assert "Kayles" in teacher.page.inner_text("#game-words")

    ada, bob = people(), people()
    ada.page.goto(room.join)
    ada.page.wait_for_selector("#join-form")
    ada.page.select_option("#student-flow", "free")
    words = ada.page.inner_text("#what-is-played")
    assert "misere,octal=0.77 on 4 5" in words and "Kayles" in words
    ada.page.select_option("#student-flow", "kuet")
    assert "take 1 to 3" in ada.page.inner_text("#what-is-played")
    join_as(ada, room.join, "Ada", "free", "student")
    ada.page.wait_for_selector("#waiting:not([hidden])")
    join_as(bob, room.join, "Bob", "free", "student")
    bob.page.wait_for_url(re.compile(r".*/g/[A-Za-z0-9_-]+$"))
    bob.page.wait_for_selector(".pin")
    ada.page.wait_for_url(re.compile(r".*/g/[A-Za-z0-9_-]+$"))
    ada.page.wait_for_selector("#status:has-text('Your turn, Ada.')")
    state = ada.state()
    assert state["rules"] == "misere,octal=0.77" and state["start"] == [4, 5]
    assert ada.page.locator(".pin").count() == 9
    # paired: nobody to send the link to; the hint is Ada's (to move), not Bob's (waiting)
    assert not ada.page.is_visible("#share") and not bob.page.is_visible("#share")
    assert ada.page.is_visible("#hint") and ada.page.is_visible("#analysis")
    assert not bob.page.is_visible("#hint") and not bob.page.is_visible("#analysis")
    ada.page.screenshot(path=str(shots / "class-kayles.png"), full_page=True)
    # Ada knocks down one pin; now the hint is Bob's
    ada.page.click(".pin[data-pile='0'][data-index='0']")
    ada.page.click("#confirm")
    bob.page.wait_for_selector("#status:has-text('Your turn, Bob.')")
    bob.page.wait_for_selector("#hint", state="visible")
    assert not ada.page.is_visible("#hint")
    # the teacher switches hints off: Bob's button goes, without a reload
    teacher.page.uncheck("#switch-hints")
    teacher.page.click("#save-switches")
    bob.page.wait_for_selector("#hint", state="hidden")
    assert not bob.page.is_visible("#analysis") and not bob.page.is_visible("#extras")
    # piles drawn for each pairing: the teacher's page says so, and so does the join page
    teacher.page.check("#game-draw")
    teacher.page.fill("#game-count", "2")
    teacher.page.fill("#game-low", "3")
    teacher.page.fill("#game-high", "5")
    teacher.page.click("#save-switches")
    teacher.page.wait_for_selector("#game-words:has-text('drawn for each pairing')")
    assert "2 heaps of 3 to 5" in teacher.page.inner_text("#game-words")
    cy = people()
    cy.page.goto(room.join)
    cy.page.wait_for_selector("#join-form")
    cy.page.select_option("#student-flow", "free")
    assert "2 heaps of 3 to 5, drawn for each pairing" in cy.page.inner_text("#what-is-played")
    join_as(cy, room.join, "Cy", "free", "nimx")
    cy.page.wait_for_url(re.compile(r".*/g/[A-Za-z0-9_-]+$"))
    cy.page.wait_for_selector(".pin")
    start = cy.state()["start"]
    assert len(start) == 2 and all(3 <= heap <= 5 for heap in start)
    assert cy.errors == []
    # the home page's card and /free's intro name the take-and-break games (item 9)
    ada.page.goto(f"{room.url}/")
    ada.page.wait_for_selector(".card")
    assert "Kayles" in ada.page.inner_text("a[href='/free'] + p")
    ada.page.goto(f"{room.url}/free")
    ada.page.wait_for_selector("#rules")
    assert "kayles" in ada.page.inner_text("#setup") and "octal=CODE" in ada.page.inner_text("#setup")
    for person in (teacher, ada, bob):
        assert person.errors == []
