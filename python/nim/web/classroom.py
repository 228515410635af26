"""A class in the browser (``nimcore serve --class``): one teacher, a room of students.

The teacher's page (``/class/<teacher token>``) lists every game of the class,
in progress and finished (who plays whom, the flow, the result: KUET's wins
arrays and fitness, the winner), links to watch each live, exports them as CSV
and sets the class's switches: hints and "why" on or off, which flows are
offered, how long a student waits for a partner before NimX steps in.

A student opens the class's join page (``/join/<class id>``), gives a name and
chooses a flow and an opponent: the next waiting student (the first of two
waits; the second joins that game) or NimX. Nobody copies a link by hand: the
page keeps the seat's token and opens the game.

A class is a row of the store (``Store.save_class``) with the hash of the
teacher's token, never the token itself; its games are ordinary games carrying
``extra.class``, so every rule of a game (turns, tokens, versions) still holds.

The class's own game ("Any rules", the flow ``free``) is the teacher's choice:
any rule string the terminal accepts, take-and-break games included, on piles
the teacher gives (the same for every pairing) or drawn afresh for each pairing.
"""

from __future__ import annotations

import csv
from urllib.parse import urlsplit
import io
import json
import random
import secrets
import threading
import time
from pathlib import Path
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from nim.errors import NimError
from nim.inputs import printable
from nim.families.base import ComponentFamily
from nim.flows.freeplay import is_component
from nim.rules import Rules
from nim.web.locks import KeyedLocks
from nim.web import games
from nim.flows import class_flows, flow_games, flow_labels, pair_flows
from nim.web.games import MAX_PILE, MAX_PILES, WebError, token_hash
from nim.web.store import Store

__all__ = ["CLASS_FLOWS", "PAIR_FLOWS", "WAIT_SECONDS", "open_class", "class_of_teacher", "join", "retire_teachers",
           "nimx_instead", "offer", "overview", "overview_csv", "set_switches", "switches", "check_study",
           "result_words", "game_view", "routes"]

STATIC = Path(__file__).parent / "static"
#: The flows a class may offer, and those with a Human vs Human mode (the others are played
#: against NimX only): the registry's (``nim.flows``).
CLASS_FLOWS = class_flows()
PAIR_FLOWS = pair_flows()
#: Seconds a student waits for a partner before the join page offers NimX (the class may change it).
WAIT_SECONDS = 30
#: Most games a class lists (a room of 30 plays far fewer in a lesson).
MAX_CLASS_GAMES = 2000

#: Games one student (one name, any case) may have in progress in a class at once, and in all:
#: one student looping joins cannot fill the class's MAX_CLASS_GAMES and close it to the others.
MAX_OPEN_PER_STUDENT = 3
MAX_GAMES_PER_STUDENT = 200

#: The class's own game when the teacher has chosen none: normal Nim on 3 4 5.
DEFAULT_GAME: Dict[str, Any] = {"rules": "normal", "piles": [3, 4, 5], "draw": None}

#: One lock per class while a request changes it (dropped after: an unknown id keeps nothing).
_locks = KeyedLocks()
_guard = threading.Lock()


def open_class(store: Store, name: str = "class", links: Optional[List[str]] = None) -> Tuple[Dict[str, Any], str]:
    """The class called ``name`` (made when new) with a fresh teacher token: (class, token).

    A restarted server keeps the class's id (the students' join link), games and
    switches; only the teacher's link changes (the store keeps no token, only its hash).
    ``links`` are the join page's addresses as the server printed them.
    """
    name = name.strip()[:60] or "class"
    token = secrets.token_urlsafe(18)
    with _guard:
        state = store.load_class(name, by="name")
        if state is None:
            state = {"id": secrets.token_urlsafe(6), "name": name, "hints": True, "why": True,
                     "flows": list(CLASS_FLOWS), "wait": WAIT_SECONDS, "games": [], "waiting": {},
                     "created": time.time()}
        state["teacher"] = token_hash(token)
        state["links"] = list(links or [])
        # games pruned since the last start (nimcore serve --prune) leave the class's list
        state["games"] = [game_id for game_id in state["games"] if store.load(game_id) is not None]
        state["waiting"] = {flow: game_id for flow, game_id in state["waiting"].items()
                            if game_id in state["games"]}
        store.save_class(state)
    return state, token


def retire_teachers(store: Store) -> int:
    """Make every teacher's link of every class kept unusable (a server start does this
    before it opens its class, if any: the docs promise a new link at each start, so
    Monday's link must not serve Tuesday's server). Returns how many were retired."""
    retired = 0
    with _guard:
        for class_id in store.class_ids():
            state = store.load_class(class_id, by="id")
            if state is not None:
                state["teacher"] = token_hash(secrets.token_urlsafe(18))   # nobody holds this token
                store.save_class(state)
                retired += 1
    return retired


def class_of_teacher(store: Store, token: str) -> Dict[str, Any]:
    """The class whose teacher holds ``token``.

    Raises
    ------
    WebError
        404 for a token that is no class's teacher's.
    """
    if not isinstance(token, str) or not 8 <= len(token) <= 100:
        raise WebError("no class has this teacher's link (it changes each time the server starts)", 404)
    state = store.load_class(token_hash(token), by="teacher")
    if state is None:
        raise WebError("no class has this teacher's link (it changes each time the server starts)", 404)
    return state


def _class(store: Store, class_id: str) -> Dict[str, Any]:
    state = store.load_class(class_id, by="id") if isinstance(class_id, str) and len(class_id) <= 40 else None
    if state is None:
        raise WebError(f"no class {class_id[:40]!r} on this server", 404)
    return state


def offer(store: Store, class_id: str) -> Dict[str, Any]:
    """What the join page shows: the class's name, flows and wait, and the class's
    own game (``game``: its rules, their description and the piles or how they are drawn)."""
    state = _class(store, class_id)
    return {"id": state["id"], "name": state["name"], "flows": state["flows"],
            "flow_names": flow_labels(), "flow_games": flow_games(),
            "pair_flows": [f for f in state["flows"] if f in PAIR_FLOWS], "wait": state["wait"],
            "game": game_view(state.get("game") or DEFAULT_GAME)}


# ---------------------------------------------------------------- the class's own game

def game_view(game: Dict[str, Any]) -> Dict[str, Any]:
    """The class's game as the pages show it: rules, their words, piles or draw, and
    ``words``, one line saying what will be played."""
    rules = Rules.parse(game["rules"])
    draw = game.get("draw")
    if is_component(rules):         # a family of the course: its position, drawn by the family's board
        shown = json.dumps(game.get("position")) if game.get("position") is not None else "its own start"
        return {"rules": str(rules), "describe": rules.describe(), "piles": None, "draw": None, "splits": False,
                "position": game.get("position"), "words": f"{rules} on {shown}. {rules.describe()}"}
    if draw:
        on = (f"{draw['count']} {'heaps' if rules.splits else 'piles'} of {draw['low']} to {draw['high']}, "
              "drawn for each pairing")
    else:
        on = " ".join(map(str, game["piles"]))
    return {"rules": str(rules), "describe": rules.describe(), "piles": None if draw else list(game["piles"]),
            "draw": dict(draw) if draw else None, "splits": rules.splits,
            "words": f"{rules} on {on}. {rules.describe()}"}


def _class_game(value: Any) -> Dict[str, Any]:
    """The teacher's choice of the class's game, checked: ``{"rules": RULE STRING, "piles":
    [sizes] or "3 4 5"}`` (the same piles for every pairing) or ``{"rules": ..., "draw":
    {"count": N, "low": A, "high": B}}`` (N piles of A to B drawn for each pairing).

    Raises
    ------
    WebError
        400 naming what is wrong.
    """
    if not isinstance(value, dict):
        raise WebError('game must be {"rules": ..., "piles": [...]} or {"rules": ..., "draw": {...}}')
    unknown = set(value) - {"rules", "piles", "draw", "position"}
    if unknown:
        raise WebError(f"game takes rules, piles, draw and position, not {sorted(unknown)[0][:20]!r}")
    text = value.get("rules", "normal")
    if not isinstance(text, str) or not text.strip() or len(text) > 60:
        raise WebError(f"game rules must be a rule string such as 'misere,kayles', not {str(text)[:40]!r}")
    try:
        rules = Rules.parse(text.strip())
    except NimError as error:
        raise WebError(f"game rules: {error}") from None
    if is_component(rules):         # a family of the course (Wythoff, a coin row, Hackenbush): a position
        from nim.families.play import play_hooks
        from nim.solving.components import read_position

        try:
            family = rules.family
            assert isinstance(family, ComponentFamily)
            play_hooks(family)
            position = games.family_position(value.get("position"), rules)
            read_position(family, position if position is not None else play_hooks(family).start(family))
        except NimError as error:
            raise WebError(f"game: {error}") from None
        return {"rules": str(rules), "piles": None, "draw": None, "position": position}
    if value.get("position") is not None:
        raise WebError(f"game position is for a family of the course (wythoff, turning-turtles, ...); "
                       f"{rules} takes piles")
    draw = value.get("draw")
    if draw is not None:
        if not isinstance(draw, dict) or set(draw) != {"count", "low", "high"} or not all(
                isinstance(draw[k], int) and not isinstance(draw[k], bool) for k in draw):
            raise WebError('draw must be {"count": N, "low": A, "high": B}, whole numbers')
        if not 1 <= draw["count"] <= MAX_PILES or not 1 <= draw["low"] <= draw["high"] <= MAX_PILE:
            raise WebError(f"draw 1 to {MAX_PILES} piles of sizes from 1 to {MAX_PILE} (low <= high), "
                           f"not {draw['count']} of {draw['low']} to {draw['high']}")
        return {"rules": str(rules), "piles": None, "draw": dict(draw)}
    piles = _piles(value.get("piles"))
    if not any(piles):
        raise WebError(f"game piles: every pile is empty ({list(piles)}): nobody could move")
    return {"rules": str(rules), "piles": list(piles), "draw": None}


def _piles(value: Any) -> List[int]:
    """The teacher's piles: a list of whole numbers or a string of them ("3 4 5", "3,4,5")."""
    if isinstance(value, str) and len(value) <= 200:
        words = value.replace(",", " ").split()
        if all(w.isascii() and w.isdigit() and len(w) <= 3 for w in words):
            value = [int(w) for w in words]
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise WebError(f"game piles must be whole numbers such as 3 4 5, not {str(value)[:40]!r}")
    if not 1 <= len(value) <= MAX_PILES or not all(0 <= v <= MAX_PILE for v in value):
        raise WebError(f"game piles: 1 to {MAX_PILES} piles of 0 to {MAX_PILE} (every stone is drawn), "
                       f"not {str(value)[:60]}")
    return list(value)


def _start_piles(game: Dict[str, Any]) -> List[int]:
    """The piles of a new game of the class's own game: the teacher's, or drawn."""
    draw = game.get("draw")
    if not draw:
        return list(game["piles"])
    rng = random.Random(secrets.randbits(64))
    return [rng.randint(draw["low"], draw["high"]) for _ in range(draw["count"])]




# ---------------------------------------------------------------- pairing

Change = Callable[[str, Callable[[Dict[str, Any]], Any]], Tuple[Dict[str, Any], Any]]


def _name(options: Dict[str, Any]) -> str:
    name = options.get("name")
    if not isinstance(name, str) or not name.strip():
        raise WebError("give your name to join the class")
    if len(name) > 40:
        raise WebError(f"a name is at most 40 characters, not {len(name)}")
    name = " ".join(printable(name).split())     # no control character reaches a page or the CSV
    if not name:
        raise WebError("give your name to join the class")
    return name


def _student_key(name: str) -> str:
    return name.casefold()


def _browser_key(options: Dict[str, Any]) -> Optional[str]:
    """The join page's id of the browser (kept in its storage), or None when none is sent."""
    browser = options.get("browser")
    if isinstance(browser, str) and 8 <= len(browser) <= 64 and browser.isalnum():
        return "browser:" + browser
    return None


def _check_student(store: Store, cls: Dict[str, Any], name: str, browser: Optional[str] = None) -> None:
    """Refuse a student a new game past their share (MAX_OPEN_PER_STUDENT in progress,
    MAX_GAMES_PER_STUDENT in all), counted by name and by browser, so a new name typed in
    the same browser gets no new share; the refusal is counted for the teacher's page.

    Raises
    ------
    WebError
        429, saying what to do.
    """
    if browser is not None:
        _check_share(store, cls, name, browser)
    _check_share(store, cls, name, _student_key(name))


def _check_share(store: Store, cls: Dict[str, Any], name: str, key: str) -> None:
    mine = [game_id for game_id in cls.setdefault("by_student", {}).get(key, []) if game_id in cls["games"]]
    cls["by_student"][key] = mine
    open_games = [game_id for game_id in mine if not (store.load(game_id) or {"finished": True})["finished"]]
    if len(open_games) < MAX_OPEN_PER_STUDENT and len(mine) < MAX_GAMES_PER_STUDENT:
        return
    refused = cls.setdefault("refused", {})
    refused[name] = refused.get(name, 0) + 1
    store.save_class(cls)
    if len(mine) >= MAX_GAMES_PER_STUDENT:
        raise WebError(f"{name} has played {len(mine)} games in this class, the most one student may: "
                       "ask the teacher", 429)
    raise WebError(f"{name} already has {len(open_games)} games in progress in this class: finish one "
                   "first (your games are listed on the class page)", 429)


def _new_game(store: Store, cls: Dict[str, Any], flow: str, name: str, mode: str,
              difficulty: Any = None, browser: Optional[str] = None) -> Tuple[Dict[str, Any], str]:
    """A class game of ``flow`` for the student ``name``: (state, the student's token);
    ``difficulty`` is KUET's (1 Easy, 2 Hard)."""
    _check_student(store, cls, name, browser)
    if len(cls["games"]) >= MAX_CLASS_GAMES:
        raise WebError(f"this class has {MAX_CLASS_GAMES:,} games: the teacher prunes old ones first", 409)
    options: Dict[str, Any] = {"flow": flow, "name": name, "mode": mode}
    if flow == "kuet" and difficulty is not None:
        options["difficulty"] = difficulty
    if flow in ("free", "freeplay"):    # the class's own game, as the teacher chose it
        game = cls.get("game") or DEFAULT_GAME
        options["rules"] = game["rules"]
        if is_component(Rules.parse(game["rules"])):   # a family's game is free play's (its board)
            options["flow"], options["position"] = "freeplay", game.get("position")
        else:
            options["piles"] = _start_piles(game)
    state, token = games.create_game(options)
    assert token is not None            # every class game seats the student
    mine = games.seat_of(state, token)
    assert mine is not None
    state["seats"][mine]["name"] = name
    state["extra"]["class"] = cls["id"]
    store.save(state["id"], state)
    cls["games"].append(state["id"])
    _count_game(cls, state["id"], name, browser)
    return state, token


def _count_game(cls: Dict[str, Any], game_id: str, name: str, browser: Optional[str]) -> None:
    """Count a class game against its student's share: by name, and by browser when known."""
    shares = cls.setdefault("by_student", {})
    for key in (_student_key(name), browser):
        if key is not None:
            shares.setdefault(key, []).append(game_id)


def join(store: Store, change: Change, class_id: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """A student joins: ``name``, ``flow``, ``opponent`` (``student`` or ``nimx``) and
    for KUET ``difficulty`` (1 Easy, 2 Hard).

    Against a student, the student joins the game of the one waiting for this flow,
    or waits with a new game. Answers ``{game, seat, token, paired}`` (``paired``
    false while waiting for a partner).

    Raises
    ------
    WebError
        For an unknown class, a missing name, a flow the class does not offer.
    """
    name = _name(options)
    browser = _browser_key(options)
    opponent = options.get("opponent", "student")
    if opponent not in ("student", "nimx"):
        raise WebError(f"opponent is student or nimx, not {str(opponent)[:20]!r}")
    with _locks.hold(class_id):
        cls = _class(store, class_id)
        flow = options.get("flow") or (cls["flows"][0] if cls["flows"] else "")
        if flow not in cls["flows"]:
            raise WebError(f"this class does not offer {str(flow)[:20]!r}: it offers "
                           f"{', '.join(cls['flows']) or 'no flow (ask the teacher)'}")
        if opponent == "student" and flow not in PAIR_FLOWS:
            raise WebError(f"{flow} is played against NimX only: choose NimX, or one of "
                           f"{', '.join(PAIR_FLOWS)} to play another student")
        answer: Optional[Dict[str, Any]] = None
        if opponent == "student":
            waiting = cls["waiting"].pop(flow, None)
            if waiting is not None and store.load(waiting) is not None:
                _check_student(store, cls, name, browser)
                state, (seat, token) = change(waiting, lambda s: games.join_game(s, name))
                if token is not None:
                    _count_game(cls, state["id"], name, browser)
                    answer = {"game": games.public_state(state, seat), "seat": seat, "token": token,
                              "paired": True}
            if answer is None:
                state, token = _new_game(store, cls, flow, name, "hvh", browser=browser)
                cls["waiting"][flow] = state["id"]
                answer = {"game": games.public_state(state, 0), "seat": 0, "token": token, "paired": False}
        else:
            state, token = _new_game(store, cls, flow, name, "hvai", options.get("difficulty"), browser)
            seat = games.seat_of(state, token)
            answer = {"game": games.public_state(state, seat), "seat": seat, "token": token, "paired": True}
        store.save_class(cls)
        return answer


def nimx_instead(store: Store, change: Change, class_id: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """The waiting student (``game`` and its ``token``) plays NimX instead: the waiting
    game is withdrawn and a game against NimX of the same flow starts. When a partner
    joined in the meantime, that game is the answer (``paired`` true, same seat).

    Raises
    ------
    WebError
        403 for a token that is not the waiting seat's, 404 for an unknown class or game.
    """
    game_id = options.get("game")
    token = options.get("token")
    if not isinstance(game_id, str):
        raise WebError("game must be the id of the game you wait in")
    with _locks.hold(class_id):
        cls = _class(store, class_id)
        if game_id not in cls["games"]:
            raise WebError(f"no game {game_id[:40]!r} in this class", 404)
        state = store.load(game_id)
        if state is None:
            raise WebError(f"no game {game_id[:40]!r} (it was pruned)", 404)
        seat = games.seat_of(state, token)
        if seat != 0:
            raise WebError("only the student waiting in this game can stop waiting", 403)
        if all(s["token"] is not None for s in state["seats"]):
            return {"game": games.public_state(state, 0), "seat": 0, "token": token, "paired": True}
        for flow, waiting in list(cls["waiting"].items()):
            if waiting == game_id:
                del cls["waiting"][flow]
        cls["games"].remove(game_id)
        new, new_token = _new_game(store, cls, state["flow"], state["seats"][0]["name"], "hvai")
        store.save_class(cls)
    mine = games.seat_of(new, new_token)
    return {"game": games.public_state(new, mine), "seat": mine, "token": new_token, "paired": True}


# ---------------------------------------------------------------- the teacher

def set_switches(store: Store, teacher: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """Change the class's switches: ``hints``, ``why`` (true or false), ``flows`` (a
    list of CLASS_FLOWS), ``wait`` (seconds, 0 to 600), ``game`` (the class's own game:
    ``{"rules", "piles"}`` or ``{"rules", "draw": {"count", "low", "high"}}``). Nothing
    changes when one is bad. Returns the class's view.

    Raises
    ------
    WebError
        400 naming the first bad switch.
    """
    cls = class_of_teacher(store, teacher)
    with _locks.hold(cls["id"]):
        cls = class_of_teacher(store, teacher)
        for key in ("hints", "why"):
            if key in options:
                if not isinstance(options[key], bool):
                    raise WebError(f"{key} must be true or false, not {str(options[key])[:20]!r}")
                cls[key] = options[key]
        if "flows" in options:
            flows = options["flows"]
            if not isinstance(flows, list) or not all(isinstance(f, str) and f in CLASS_FLOWS for f in flows):
                raise WebError(f"flows must be a list of {', '.join(CLASS_FLOWS)}")
            cls["flows"] = [f for f in CLASS_FLOWS if f in flows]
            cls["waiting"] = {f: g for f, g in cls["waiting"].items() if f in cls["flows"]}
        if "wait" in options:
            wait = options["wait"]
            if isinstance(wait, bool) or not isinstance(wait, int) or not 0 <= wait <= 600:
                raise WebError(f"wait must be a whole number of seconds from 0 to 600, not {str(wait)[:20]!r}")
            cls["wait"] = wait
        if "game" in options:
            game = _class_game(options["game"])
            if game != cls.get("game", DEFAULT_GAME):
                cls["game"] = game
                # a student waiting for a partner waits in a game of the old rules: the next
                # student starts a new game of the new ones
                cls["waiting"].pop("free", None)
        store.save_class(cls)
    return _class_view(cls)


def _class_view(cls: Dict[str, Any]) -> Dict[str, Any]:
    view = {key: cls[key] for key in ("id", "name", "hints", "why", "flows", "wait", "links")}
    view["game"] = game_view(cls.get("game") or DEFAULT_GAME)
    view["flow_names"] = flow_labels()      # the registry's words: the page holds none
    return view


def result_words(state: Dict[str, Any]) -> str:
    """A game's result as the class page says it: KUET's wins array (Easy) or the
    chromosomes' fitness and the selected algorithm (Hard), else the winner."""
    series = state.get("series")
    if state["flow"] == "kuet" and series:
        results = series["results"]
        if not series.get("done"):
            return f"game {len(results) + (0 if state['finished'] else 1)} of {series['games']}; NimX wins: {results}"
        if series["difficulty"] == 1:
            return f"IDA* wins: {results}"
        fitness = ", ".join(f"{name} fitness {value}" for name, value in series.get("fitness", {}).items())
        return f"{fitness}; selected: {series.get('selected')}"
    if not state["finished"]:
        return ""
    if state["winner"] is None:
        return "no winner"
    return f"{state['seats'][state['winner']]['name']} wins"


def _status(state: Dict[str, Any]) -> str:
    series = state.get("series")
    if state["finished"] and (not series or series.get("done")):
        return "finished"
    if any(seat["ai"] is None and seat["token"] is None for seat in state["seats"]):
        return "waiting for a partner"
    return "in progress"


def _player(seat: Dict[str, Any]) -> str:
    """A seat as the class page lists it: a student's name; an AI's name with its label,
    once (a game stored before names were kept plain says "Player 2 (AI, Optimal)")."""
    if seat["ai"] is None:
        return str(seat["name"])
    label = seat["label"] or seat["ai"]
    return str(seat["name"]) if label in seat["name"] else f"{seat['name']} (AI: {label})"


def _row(state: Dict[str, Any]) -> Dict[str, Any]:
    series = state.get("series")
    return {
        "id": state["id"], "flow": state["flow"], "rules": state["rules"], "mode": state["mode"],
        "players": [_player(seat) for seat in state["seats"]],
        "status": _status(state), "moves": len(state["moves"]), "piles": state["piles"],
        "to_move": None if state["finished"] else state["seats"][state["to_move"]]["name"],
        "winner": None if state["winner"] is None else state["seats"][state["winner"]]["name"],
        "result": result_words(state),
        "wins": list(series["results"]) if series else None,
        "fitness": series.get("fitness") if series else None,
        "watch": f"/g/{state['id']}", "created": state.get("created"),
    }


def overview(store: Store, teacher: str) -> Dict[str, Any]:
    """The class page's data: the class and a row per game (newest first)."""
    cls = class_of_teacher(store, teacher)
    rows = []
    for game_id in reversed(cls["games"]):
        state = store.load(game_id)
        if state is not None:           # a pruned game is no longer listed
            rows.append(_row(state))
    # who was refused a game past their share, and how often: the teacher sees who tried
    return {"class": _class_view(cls), "games": rows, "join": f"/join/{cls['id']}",
            "refused": dict(cls.get("refused", {}))}


CSV_COLUMNS = ("game", "flow", "rules", "player 1", "player 2", "status", "moves", "winner", "result", "watch")


#: The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: a string starting like a formula gets a leading
    apostrophe (OWASP's advice; the name stays readable), other values pass."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def overview_csv(store: Store, teacher: str, base: str = "") -> str:
    """Every game of the class as CSV, one row a game (the class page's export): names
    neutralised against formulas, the watch links absolute (from the address students
    open; else ``base``, the address the teacher asked at), so a spreadsheet can follow them."""
    data = overview(store, teacher)
    cls = class_of_teacher(store, teacher)
    origin = _origin(cls.get("links") or []) or _origin([base])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in data["games"]:
        writer.writerow([csv_cell(cell) for cell in (
            row["id"], row["flow"], row["rules"], row["players"][0], row["players"][1], row["status"],
            row["moves"], row["winner"] or "", row["result"], origin + row["watch"])])
    return out.getvalue()


def _origin(links: List[str]) -> str:
    """``scheme://host:port`` of the first join address the server printed ('' when none)."""
    for link in links:
        parts = urlsplit(link)
        if parts.scheme in ("http", "https") and parts.netloc:
            return f"{parts.scheme}://{parts.netloc}"
    return ""


# ---------------------------------------------------------------- hints and "why"

def switches(store: Store, state: Dict[str, Any]) -> Dict[str, bool]:
    """Whether the game's page offers a hint and "why": its class's switches (both on
    for a game outside a class)."""
    class_id = state.get("extra", {}).get("class")
    cls = store.load_class(class_id, by="id") if class_id is not None else None
    return {"hints": bool(cls["hints"]) if cls else True, "why": bool(cls["why"]) if cls else True}


def check_study(store: Store, state: Dict[str, Any], kind: str, seat: Optional[int]) -> None:
    """Refuse help that would reach the wrong person: a hint to anyone but the player to
    move (every game); the analysis of every move while the game goes on to anyone but
    the player to move (after the game it is for everyone); a hint, or an analysis or a
    study tool (``tools``: the game tree, the DP table, a replay, asked from the game's
    page) during the game, in a class whose teacher switched hints off; a "why" switched off.

    Raises
    ------
    WebError
        403 for help without the seat's token or switched off, 409 for help asked by
        the player who is not to move.
    """
    during = not state["finished"]
    if kind == "hint" or (kind == "analysis" and during):
        what = "a hint" if kind == "hint" else "the analysis of every move, during the game,"
        if seat is None:
            raise WebError(f"{what} is for the player to move (send the seat's token): a spectator gets none"
                           + ("; after the game the analysis is for everyone" if kind == "analysis" else ""), 403)
        if during and seat != state["to_move"]:
            raise WebError(f"{what} is for the player to move: wait for your turn", 409)
    class_id = state.get("extra", {}).get("class")
    after = kind in ("analysis", "tools")          # help that is everyone's once the game is over
    if class_id is None or kind not in ("hint", "why", "analysis", "tools") or (after and not during):
        return
    cls = store.load_class(class_id, by="id")
    switch = {"hint": "hints", "analysis": "hints", "tools": "hints", "why": "why"}[kind]
    if cls is not None and not cls[switch]:
        what = {"hint": "Hints are", "analysis": "Hints (the analysis of every move included) are",
                "tools": "Hints (the game tree, the DP table and replays included) are",
                "why": '"Why did NimX move there?" is'}[kind]
        raise WebError(f"{what} switched off for this class by the teacher"
                       + (" until the game ends" if after else ""), 403)


# ---------------------------------------------------------------- the routes

def routes(store: Store, change: Change, tell: Callable[[str, int], None],
           body: Callable[[Request], Awaitable[Dict[str, Any]]],
           respond: Callable[..., Response]) -> List[BaseRoute]:
    """The class's pages and API, for ``nim.web.app.create_app``: ``change`` is its
    locked load-change-save of a game, ``tell`` tells a game's watchers, ``body``
    reads a request's JSON and ``respond`` answers JSON."""

    async def class_page(request: Request) -> Response:
        return _page("class", "The class")

    async def join_page(request: Request) -> Response:
        return _page("join", "Join the class")

    async def teacher_view(request: Request) -> Response:
        return respond(await run_in_threadpool(overview, store, request.path_params["teacher"]))

    async def teacher_csv(request: Request) -> Response:
        text = await run_in_threadpool(overview_csv, store, request.path_params["teacher"], str(request.base_url))
        return PlainTextResponse(text, media_type="text/csv", headers={
            "Content-Disposition": 'attachment; filename="nimcore-class.csv"', "Cache-Control": "no-store"})

    async def switches(request: Request) -> Response:
        options = await body(request)
        view = await run_in_threadpool(set_switches, store, request.path_params["teacher"], options)
        cls = await run_in_threadpool(class_of_teacher, store, request.path_params["teacher"])
        for game_id in cls["games"]:         # every open page of the class hears the new switches
            tell(game_id, -1)
        return respond(view)

    async def offered(request: Request) -> Response:
        return respond(await run_in_threadpool(offer, store, request.path_params["class_id"]))

    def joining(action: Callable[..., Dict[str, Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            options = await body(request)
            answer = await run_in_threadpool(action, store, change, request.path_params["class_id"], options)
            tell(answer["game"]["id"], answer["game"]["version"])
            return respond(answer, 201)
        return endpoint

    return [
        Route("/class/{teacher}", class_page),
        Route("/join/{class_id}", join_page),
        Route("/api/class/{teacher}", teacher_view),
        Route("/api/class/{teacher}/games.csv", teacher_csv),
        Route("/api/class/{teacher}/switches", switches, methods=["POST"]),
        Route("/api/join/{class_id}", offered),
        Route("/api/join/{class_id}", joining(join), methods=["POST"]),
        Route("/api/join/{class_id}/nimx", joining(nimx_instead), methods=["POST"]),
    ]


def _page(page: str, title: str) -> Response:
    template = (STATIC / "classroom.html").read_text(encoding="utf-8")
    return HTMLResponse(template.replace("{{page}}", page).replace("{{title}}", title))
