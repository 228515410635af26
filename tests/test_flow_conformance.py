"""Every flow written as a state machine, rendered twice (issue 38, item 2): the same script
of inputs gives the same lines and the same record in the terminal (in process, through
stdin) and through the web API (Starlette TestClient), the AI's randomness included.

The flows checked are every registered machine (``nim.flows.FLOWS``) and a toy flow
registered from a test file (``tests/toy_flow.py``): the two files a new flow touches.
"""

from __future__ import annotations

import io
from typing import Any, Dict, Iterator, List, Tuple

import pytest
from starlette.testclient import TestClient

from nim.flows import FLOWS, machine_of, unregister
from nim.flows.base import Flow
from nim.flows.freeplay import component_record, is_component
from nim.play.console import Console, EndOfInput
from nim.play.flows import run_style
from nim.play.machine import game_header
from nim.play.record import record_text
from nim.play.session import PlayOptions
from nim.position import Move
from nim.rules import Rules
from nim.web.app import create_app


def first_take(piles: List[int], base: int) -> str:
    """The script's word FIRST: take one from the first pile that has one."""
    index = next(i for i, p in enumerate(piles) if p)
    return f"{index + base} 1"


def any_move(machine: Any, game: Dict[str, Any]) -> str:
    """The script's word ANY in free play under a family of components: the first legal move,
    as a player types it (the family's grammar, read back by its parse)."""
    return str(machine.typed_move(game, machine.options(game)[0]))


class Answers(io.StringIO):
    """The script, one answer a line; FIRST is read off the position asked about. A flow
    that asks a move in two questions (KUET) gets a move's two numbers one at a time."""

    def __init__(self, answers: List[str], twice: bool = False) -> None:
        super().__init__()
        self.answers = list(answers)
        self.console: Any = None
        self.twice = twice
        self.pending: List[str] = []

    def readline(self, size: Any = -1) -> str:
        if self.pending:
            return self.pending.pop(0) + "\n"
        if not self.answers:
            return ""
        answer = self.answers.pop(0)
        if answer == "FIRST":
            commands = self.console.commands
            answer = first_take(list(commands.position.piles), commands.base)
        if answer == "ANY":                # a family's game: its first legal move, typed in its words
            commands = self.console.commands
            answer = any_move(commands.flow, commands.state)
        words = answer.split()
        if self.twice and len(words) == 2 and all(word.isdigit() for word in words):
            answer, self.pending = words[0], words[1:]
        return answer + "\n"


class Recorder(Console):
    """A console that keeps the lines said, not the prompts, the echoed answers or the boards."""

    def __init__(self, answers: List[str], twice: bool = False) -> None:
        stdin = Answers(answers, twice)
        super().__init__(stdin=stdin, stdout=io.StringIO(), color=False)
        stdin.console = self
        self.lines: List[str] = []
        self._asking = False
        self._drawing = False

    def say(self, text: str = "") -> None:
        if not self._asking and not self._drawing:
            self.lines.extend(text.split("\n"))
        super().say(text)

    def show(self, drawing: str) -> None:
        self._drawing = True
        try:
            super().show(drawing)
        finally:
            self._drawing = False

    def _answer(self, prompt: str) -> str:
        self._asking = True
        try:
            return super()._answer(prompt)
        finally:
            self._asking = False


@pytest.fixture()
def toy() -> Iterator[str]:
    import toy_flow

    if toy_flow.NAME not in FLOWS:         # registered on import; again after an earlier test's teardown
        from nim.flows import register

        register(toy_flow.FlowInfo(toy_flow.NAME, "Countdown", title="Countdown: take one or two",
                                   menu="Countdown (a toy)", fixed_rules=toy_flow.Rules(take="set", subtract=(1, 2)),
                                   default_piles=(4, 5), default_ai="optimal", machine="toy_flow:Countdown"))
    yield toy_flow.NAME
    unregister(toy_flow.NAME)


#: Lab 2: take one from the first pile that has one, whatever the AI did (piles from 0).
LAB2_MOVES = ["FIRST"] * 20
#: KUET: a whole series (3 or 6 games), one stone at a time from the first pile that has one.
KUET_MOVES = ["FIRST"] * 120

# (flow, the terminal's flags as PlayOptions fields, the page's form, the inputs typed)
SCRIPTS: List[Tuple[str, Dict[str, Any], Dict[str, Any], List[str]]] = [
    # the AI first, losing from 20 (it plays at random: the seed's generator in both)
    ("forejune", {"piles": (20,)}, {"pile": 20}, ["1"] * 20),
    ("forejune", {"piles": (11,)}, {"pile": 11}, ["1", "undo"] + ["1"] * 12),   # undo shows what remains
    ("forejune", {"piles": (24,)}, {"pile": 24}, ["2", "1"] + ["1"] * 20),
    # Lab 2 at each level (level 1 slips at random: the seed's generator in both), misère and normal
    ("lab2", {"rules": Rules(misere=True), "difficulty": 1, "piles": (1, 3, 5, 7)},
     {"misere": True, "level": 1, "piles": [1, 3, 5, 7]}, LAB2_MOVES),
    ("lab2", {"rules": Rules(misere=True), "difficulty": 2, "piles": (1, 3, 5, 7)},
     {"misere": True, "level": 2, "piles": [1, 3, 5, 7]}, ["3 1", "undo"] + LAB2_MOVES),
    ("lab2", {"rules": Rules(), "difficulty": 3, "piles": (2, 3, 4)},
     {"misere": False, "level": 3, "piles": [2, 3, 4]}, LAB2_MOVES),
    # Rajalakshmi: the nim-sum AI, its board and "Game over.", a bad pile answer's fallback on the page
    ("rajalakshmi", {"mode": "hvai", "piles": (3, 4, 5)}, {"mode": "hvai", "piles": [3, 4, 5]}, LAB2_MOVES),
    ("rajalakshmi", {"mode": "hvai", "piles": (2, 5, 6, 1)}, {"mode": "hvai", "piles": "2 5 6 1"},
     ["0 1", "undo"] + LAB2_MOVES),
    ("rajalakshmi", {"mode": "aivai", "piles": (1, 2, 3, 5)}, {"mode": "aivai", "piles": [1, 2, 3, 5]}, []),
    ("rajalakshmi", {"mode": "hvai", "ai": ["random"], "piles": (4, 6, 7)},
     {"mode": "hvai", "piles": [4, 6, 7], "ai": "random"}, LAB2_MOVES),
    # KUET: a whole series through the web's "next game", its boards drawn from the seed in both;
    # Easy's wins array, Hard's chromosomes and selection step; a board given for every game
    ("kuet", {"name": "Ann", "difficulty": 1}, {"name": "Ann", "difficulty": 1}, KUET_MOVES),
    ("kuet", {"name": "Bo", "difficulty": 2}, {"name": "Bo", "difficulty": 2}, KUET_MOVES),
    ("kuet", {"name": "Cy", "difficulty": 1, "piles": (4, 5)}, {"name": "Cy", "difficulty": 1, "piles": [4, 5]},
     ["2 3", "undo"] + KUET_MOVES),
    # pins: a split typed and undone, misère Kayles, two random AIs at Dawson's Kayles
    ("pins", {"rules": Rules.game("kayles"), "piles": (5, 7)}, {"rules": "kayles", "misere": False, "piles": [5, 7]},
     ["1 1 1", "undo", "2 2 2"] + LAB2_MOVES),
    ("pins", {"rules": Rules.game("kayles").with_convention(True), "piles": (3, 4, 6)},
     {"rules": "kayles", "misere": True, "piles": [3, 4, 6]}, LAB2_MOVES),
    ("pins", {"mode": "aivai", "ai": ["random"], "rules": Rules.game("dawson-kayles"), "piles": (6, 9)},
     {"mode": "aivai", "ai": "random", "rules": "dawson-kayles", "misere": False, "piles": [6, 9]}, []),
    ("countdown", {"piles": (4, 5)}, {"piles": [4, 5]}, ["2 2"] * 2 + ["1 1"] * 9),
    ("countdown", {"piles": (3, 6, 2)}, {"piles": [3, 6, 2]}, ["2 1", "undo"] + ["2 1"] * 6),
    # free play (issue 41): Nim under its heap words, then the families of components, each in its
    # own grammar (the web's form leaves the position empty: the family's own start)
    ("freeplay", {"piles": (3, 4, 5)}, {"piles": [3, 4, 5]}, LAB2_MOVES),
    ("freeplay", {"rules": Rules.parse("misere,max=3"), "piles": (2, 5)}, {"rules": "misere,max=3", "piles": "2 5"},
     ["1 1", "undo"] + LAB2_MOVES),
    ("freeplay", {"rules": Rules.parse("wythoff"), "position": [[3, 5], [4, 6]]}, {"rules": "wythoff"},
     ["ANY"] * 40),
    ("freeplay", {"rules": Rules.parse("turning-turtles"), "position": "THHTTHH"},
     {"rules": "turning-turtles", "position": "THHTTHH"}, ["ANY", "undo"] + ["ANY"] * 30),
    ("freeplay", {"rules": Rules.parse("green-hackenbush"), "position": [[[0, 1], [1, 2], [1, 3]], [[0, 1], [1, 0]]]},
     {"rules": "green-hackenbush", "position": "[[[0, 1], [1, 2], [1, 3]], [[0, 1], [1, 0]]]"}, ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("misere,staircase"), "position": [2, 1, 2]},
     {"rules": "misere,staircase", "position": "[2, 1, 2]"}, ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("moore,k=2"), "position": [1, 2, 3]},
     {"rules": "moore,k=2", "position": [1, 2, 3]}, ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("fibonacci"), "position": [10]}, {"rules": "fibonacci", "position": "[10]"},
     ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("turning-corners"), "position": ["THTH", "TTHT", "HTTH"]},
     {"rules": "turning-corners"}, ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("rims"), "position": [5, 8]}, {"rules": "rims", "position": "[5, 8]"},
     ["ANY", "undo"] + ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("chomp"), "position": [4, 4, 3]}, {"rules": "chomp", "position": "[4, 4, 3]"},
     ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("misere,poker-nim"), "position": {"piles": [2, 3], "pool": 2}},
     {"rules": "misere,poker-nim", "position": '{"piles": [2, 3], "pool": 2}'}, ["ANY"] * 20),
    ("freeplay", {"rules": Rules.parse("northcott"), "position": ["W...B", ".B.W."]},
     {"rules": "northcott", "position": '["W...B", ".B.W."]'}, ["ANY"] * 20),
    ("freeplay", {"mode": "aivai", "rules": Rules.parse("thirty-one"), "ai": ["random"], "position": [5, 6]},
     {"mode": "aivai", "rules": "thirty-one", "ai": "random", "position": "[5, 6]"}, []),
    ("freeplay", {"rules": Rules.parse("sos"), "position": 5}, {"rules": "sos", "position": "5"}, ["ANY"] * 10),
    ("freeplay", {"mode": "aivai", "rules": Rules.parse("sos"), "position": "-----"},
     {"mode": "aivai", "rules": "sos", "position": '"-----"'}, []),
    ("freeplay", {"mode": "aivai", "rules": Rules.parse("lasker"), "ai": ["random"], "position": [3, 5, 7]},
     {"mode": "aivai", "rules": "lasker", "ai": "random"}, []),
    # the "Any rule set" page is the same machine: heaps, a take-and-break game, a family
    ("free", {"piles": (2, 5, 6), "ai": ["nimsum"]}, {"piles": "2 5 6", "ai": "nimsum"}, ["1 1", "undo"] + LAB2_MOVES),
    ("free", {"rules": Rules.parse("misere,kayles"), "piles": (4, 5)}, {"rules": "misere,kayles", "piles": [4, 5]},
     LAB2_MOVES),
    ("free", {"rules": Rules.parse("wythoff"), "position": [[2, 7]]}, {"rules": "wythoff", "position": "[[2, 7]]"},
     ["ANY"] * 20),
]


def split_lines(lines: List[str]) -> List[str]:
    """The lines, each line of a board apart, without blank ones."""
    return [part.strip() for line in lines for part in line.split("\n") if part.strip()]


def terminal(flow: str, flags: Dict[str, Any], answers: List[str], seed: int) -> Tuple[List[str], List[str]]:
    """The lines the terminal says and the record of each of its games (a series has several)."""
    results: List[Any] = []
    machine = machine_of(flow)
    console = Recorder(answers, twice=type(machine).questions is not Flow.questions)
    options = PlayOptions(style=flow, seed=seed, results=results, **flags)
    try:
        assert run_style(options, console) == 0
    except EndOfInput:                     # pragma: no cover - a script too short says so
        raise AssertionError(f"the script ran out: {console.lines[-5:]}") from None
    assert results
    records = []
    for game in results:
        if is_component(Rules.parse(game["rules"])):
            records.append(component_record(game))
            continue
        moves = [Move(e[1], e[2], split=(e[3], e[4]) if len(e) == 5 else None) for e in game["moves"]]
        records.append(record_text(game["start"], moves, game_header(options, game, machine.series_record(game))))
    return split_lines(console.lines), records


def web(client: TestClient, flow: str, form: Dict[str, Any], answers: List[str],
        seed: int) -> Tuple[List[str], List[str]]:
    """The lines the browser's log shows and the record the page downloads after each game,
    the inputs sent as the page sends them: a typed move read by the flow's machine, undo,
    and the next game of a series."""
    answer = client.post("/api/games", json=dict(form, flow=flow, seed=seed))
    assert answer.status_code == 201, answer.text
    game, token = answer.json()["game"], answer.json()["token"]
    machine = machine_of(flow)
    script = list(answers)
    records = []
    while True:
        while not game["finished"] and script:
            text = script.pop(0)
            if text == "undo":
                reply = client.post(f"/api/games/{game['id']}/undo", json={"token": token})
            elif "family_board" in game:     # a family's game: the typed line, read by the server's machine
                text = any_move(machine, game) if text == "ANY" else text
                reply = client.post(f"/api/games/{game['id']}/move", json={
                    "token": token, "text": text, "version": game["version"]})
            else:
                if text == "FIRST":
                    text = first_take(game["piles"], game["base"])
                move = machine.parse(game, text)
                reply = client.post(f"/api/games/{game['id']}/move", json={
                    "token": token, "pile": move.pile, "count": move.count, "version": game["version"],
                    "split": list(move.split) if move.split is not None else None})
            assert reply.status_code == 200, reply.text
            game = reply.json()["game"]
        assert game["finished"]
        records.append(client.get(f"/api/games/{game['id']}/record").text)
        if not game["series"] or game["series"]["done"]:
            break
        reply = client.post(f"/api/games/{game['id']}/next", json={"token": token})
        assert reply.status_code == 200, reply.text
        game = reply.json()["game"]
    return split_lines(game["log"]), records


@pytest.mark.parametrize("script", range(len(SCRIPTS)))
@pytest.mark.parametrize("seed", [1, 2, 77])
def test_the_terminal_and_the_web_say_and_record_the_same(tmp_path, toy, script, seed):
    flow, flags, form, answers = SCRIPTS[script]
    said, record = terminal(flow, flags, answers, seed)
    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        logged, downloaded = web(client, flow, form, answers, seed)
    assert said == logged
    assert record == downloaded
    assert said[-1].startswith(("You lost!", "AI lost", "Midnight.", "Game over.", "Thanks for playing")) \
        or " wins (" in said[-1] or said[-1].endswith(": a draw.")       # SOS: a full row
    if "undo" in answers:
        assert any(line.startswith("Undone: 2 moves taken back.") for line in said)
    if flow == "kuet":                     # the whole series, and the selection step of Hard
        assert len(record) == (3 if form["difficulty"] == 1 else 6)
        assert ("Genetic algorithm is not applicable in Easy mode." in said if form["difficulty"] == 1
                else any(line.startswith("Selected Chromosome: [") for line in said))


def test_every_machine_flow_has_a_conformance_script(toy):
    """A flow written as a machine is checked here (a new one needs its script)."""
    machines = {name for name, info in FLOWS.items() if info.machine is not None}
    assert machines == {flow for flow, *_ in SCRIPTS}


def test_the_toy_flow_plays_in_both_renderers_without_a_line_of_theirs(tmp_path, toy):
    """The toy's page, its menu entry, its words: all from its one registration."""
    from nim.flows import menu_prompt, terminal_styles, web_flows

    assert toy in terminal_styles() and toy in web_flows() and "Countdown (a toy)" in menu_prompt()
    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        page = client.get(f"/{toy}")
        assert page.status_code == 200 and "Countdown: take one or two" in page.text
        assert "take one or two stones, and be the one who takes the last" in page.text   # its intro
        game = client.post("/api/games", json={"flow": toy, "piles": [2]}).json()["game"]
        assert game["prompt"] == "Walker, which pile and how many (1 or 2)?"
    unregister(toy)
    with TestClient(create_app(tmp_path / "other.sqlite3")) as client:
        assert client.post("/api/games", json={"flow": toy}).status_code == 400
