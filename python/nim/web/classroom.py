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

The class's own game ("Any rules", the flow ``free``) is the teacher's choice:
any rule string the terminal accepts, take-and-break games included, on piles
the teacher gives (the same for every pairing) or drawn afresh for each pairing.

A class is a row of the store (``Store.save_class``) with the hash of the
teacher's token, never the token itself; its games are ordinary games carrying
``extra.class``, so every rule of a game (turns, tokens, versions) still holds.
Each start of the server gives the teacher a new link and ends every earlier one
(``end_teacher_links``). One student (a name, a browser, an address) can open only
so many of the class's games (``MAX_STUDENT_GAMES``), so no member can close the
class by filling it; the teacher's page lists who was refused.
"""

from __future__ import annotations

import csv
import io
import random
import secrets
import time
from pathlib import Path
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from nim.errors import NimError
from nim.rules import Rules
from nim.web import games
from nim.web.games import MAX_PILE, MAX_PILES, WebError, token_hash
from nim.web.locks import KeyedLocks
from nim.web.store import Store

__all__ = ["CLASS_FLOWS", "PAIR_FLOWS", "WAIT_SECONDS", "MAX_CLASS_GAMES", "MAX_STUDENT_GAMES",
           "MAX_ADDRESS_GAMES", "open_class", "end_teacher_links", "class_of_teacher", "join", "nimx_instead",
           "offer", "overview", "overview_csv", "set_switches", "switches", "check_study", "result_words",
           "spreadsheet_cell", "routes"]

STATIC = Path(__file__).parent / "static"
#: The flows a class may offer (every page's flow).
CLASS_FLOWS = ("free", "rajalakshmi", "lab2", "kuet", "forejune")
#: The flows with a Human vs Human mode (the others are played against NimX only).
PAIR_FLOWS = ("free", "rajalakshmi", "lab2")
#: Seconds a student waits for a partner before the join page offers NimX (the class may change it).
WAIT_SECONDS = 30
#: Most games a class lists (a room of 30 plays far fewer in a lesson).
MAX_CLASS_GAMES = 2000

#: Most games of a class one student may have in its list: by name, and by browser
#: (a cookie the join page keeps). A lesson's worth; the teacher's prune frees them.
MAX_STUDENT_GAMES = 100
#: Most games of a class opened from one network address (a student changing names
#: and clearing cookies; a few students may share a computer).
MAX_ADDRESS_GAMES = 400
#: Most refused students the teacher's page lists (the most recent kept).
MAX_REFUSED = 100
#: The class's own game when the teacher has chosen none: normal Nim on 3 4 5.
DEFAULT_GAME: Dict[str, Any] = {"rules": "normal", "piles": [3, 4, 5], "draw": None}
#: The cookie that names a browser to the class (random; only its count is kept).
BROWSER_COOKIE = "nimcore-browser"

# one lock per class, held while a join or a switch changes it; dropped when nobody
# holds it (never kept for an id sent by a client: issue 42, item 1)
_LOCKS = KeyedLocks()
_OPENING = KeyedLocks()


def open_class(store: Store, name: str = "class", links: Optional[List[str]] = None) -> Tuple[Dict[str, Any], str]:
    """The class called ``name`` (made when new) with a fresh teacher token: (class, token).

    A restarted server keeps the class's id (the students' join link), games and
    switches; only the teacher's link changes (the store keeps no token, only its hash).
    ``links`` are the join page's addresses as the server printed them.
    """
    name = name.strip()[:60] or "class"
    token = secrets.token_urlsafe(18)
    with _OPENING.hold("open"):
        state = store.load_class(name, by="name")
        if state is None:
            state = {"id": secrets.token_urlsafe(6), "name": name, "hints": True, "why": True,
                     "flows": list(CLASS_FLOWS), "wait": WAIT_SECONDS, "games": [], "waiting": {},
                     "created": time.time()}
        state.setdefault("game", dict(DEFAULT_GAME))
        state["teacher"] = token_hash(token)
        state["links"] = list(links or [])
        # games pruned since the last start (nimcore serve --prune) leave the class's list,
        # and the students' counts are those of the games kept
        kept = [(game_id, store.load(game_id)) for game_id in state["games"]]
        state["games"] = [game_id for game_id, game in kept if game is not None]
        state["opened"] = {}
        for _game_id, game in kept:
            if game is not None:
                _count(state, game.get("extra", {}).get("student"), +1)
        state.setdefault("refused", [])
        state["waiting"] = {flow: game_id for flow, game_id in state["waiting"].items()
                            if game_id in state["games"]}
        store.save_class(state)
    return state, token


def end_teacher_links(store: Store) -> int:
    """End the teacher's link of every class in the store (each start of the server
    does, before it opens its own class): how many classes there were."""
    return store.revoke_teachers()


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
        raise WebError(f"no class {str(class_id)[:40]!r} on this server", 404)
    state.setdefault("game", dict(DEFAULT_GAME))        # a class made before the teacher chose games
    state.setdefault("opened", {})
    state.setdefault("refused", [])
    return state


def offer(store: Store, class_id: str) -> Dict[str, Any]:
    """What the join page shows: the class's name, flows and wait, and the class's
    own game (``game``: its rules, their description and the piles or how they are drawn)."""
    state = _class(store, class_id)
    return {"id": state["id"], "name": state["name"], "flows": state["flows"],
            "pair_flows": [f for f in state["flows"] if f in PAIR_FLOWS], "wait": state["wait"],
            "game": game_view(state["game"])}


# ---------------------------------------------------------------- the class's own game

def game_view(game: Dict[str, Any]) -> Dict[str, Any]:
    """The class's game as the pages show it: rules, their words, piles or draw, and
    ``words``, one line saying what will be played."""
    rules = Rules.parse(game["rules"])
    draw = game.get("draw")
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
    unknown = set(value) - {"rules", "piles", "draw"}
    if unknown:
        raise WebError(f"game takes rules, piles and draw, not {sorted(unknown)[0][:20]!r}")
    text = value.get("rules", "normal")
    if not isinstance(text, str) or not text.strip() or len(text) > 60:
        raise WebError(f"game rules must be a rule string such as 'misere,kayles', not {str(text)[:40]!r}")
    try:
        rules = Rules.parse(text.strip())
    except NimError as error:
        raise WebError(f"game rules: {error}") from None
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


# ---------------------------------------------------------------- who a student is

def _identity(name: str, who: Optional[Dict[str, Any]]) -> Dict[str, str]:
    """The keys a student's games are counted under: the name (case and spacing
    folded), the browser's cookie (hashed) and the network address, when known."""
    keys = {"name": "name:" + " ".join(name.casefold().split())}
    browser = (who or {}).get("browser")
    if isinstance(browser, str) and browser:
        keys["browser"] = "browser:" + token_hash(browser)[:32]
    address = (who or {}).get("address")
    if isinstance(address, str) and address:
        keys["address"] = "address:" + address[:64]
    return keys


def _count(cls: Dict[str, Any], keys: Optional[Dict[str, str]], step: int) -> None:
    """Add ``step`` to the games counted under each of a student's ``keys``."""
    opened = cls.setdefault("opened", {})
    for key in (keys or {}).values():
        left = opened.get(key, 0) + step
        if left > 0:
            opened[key] = left
        else:
            opened.pop(key, None)


def _check_student(cls: Dict[str, Any], name: str, keys: Dict[str, str]) -> None:
    """Refuse a new game to a student who has opened as many as one student may
    (by name, by browser, by address), and note who tried for the teacher.

    Raises
    ------
    WebError
        429 saying which limit and what to do.
    """
    opened = cls.get("opened", {})
    for kind, most in (("name", MAX_STUDENT_GAMES), ("browser", MAX_STUDENT_GAMES),
                       ("address", MAX_ADDRESS_GAMES)):
        key = keys.get(kind)
        if key is None or opened.get(key, 0) < most:
            continue
        by = {"name": f"the name {name!r}", "browser": "this browser",
              "address": "this computer's network address"}[kind]
        refused = cls.setdefault("refused", [])
        entry = next((e for e in refused if e["name"] == name and e["by"] == kind), None)
        if entry is None:
            entry = {"name": name, "by": kind, "times": 0}
            refused.append(entry)
        entry["times"] += 1
        entry["last"] = time.time()
        refused.sort(key=lambda e: e["last"])
        del refused[:-MAX_REFUSED]
        raise WebError(f"{by} has opened {opened[key]:,} games of this class, the most one student may: "
                       "finish or carry on a game you have, or ask the teacher", 429)


# ---------------------------------------------------------------- pairing

Change = Callable[[str, Callable[[Dict[str, Any]], Any]], Tuple[Dict[str, Any], Any]]


def _name(options: Dict[str, Any]) -> str:
    name = options.get("name")
    if not isinstance(name, str) or not name.strip():
        raise WebError("give your name to join the class")
    if len(name) > 40:
        raise WebError(f"a name is at most 40 characters, not {len(name)}")
    return " ".join(name.split())


def _new_game(store: Store, cls: Dict[str, Any], flow: str, name: str, mode: str,
              difficulty: Any = None, keys: Optional[Dict[str, str]] = None) -> Tuple[Dict[str, Any], str]:
    """A class game of ``flow`` for the student ``name``: (state, the student's token);
    ``difficulty`` is KUET's (1 Easy, 2 Hard), ``keys`` the student's (counted)."""
    if len(cls["games"]) >= MAX_CLASS_GAMES:
        raise WebError(f"this class has {MAX_CLASS_GAMES:,} games: the teacher prunes old ones first", 409)
    if keys is not None:
        _check_student(cls, name, keys)
    options: Dict[str, Any] = {"flow": flow, "name": name, "mode": mode}
    if flow == "kuet" and difficulty is not None:
        options["difficulty"] = difficulty
    if flow == "free":                  # the class's own game, as the teacher chose it
        options["rules"] = cls["game"]["rules"]
        options["piles"] = _start_piles(cls["game"])
    state, token = games.create_game(options)
    assert token is not None            # every class game seats the student
    mine = games.seat_of(state, token)
    assert mine is not None
    state["seats"][mine]["name"] = name
    state["extra"]["class"] = cls["id"]
    if keys is not None:
        state["extra"]["student"] = keys
    store.save(state["id"], state)
    cls["games"].append(state["id"])
    _count(cls, keys, +1)
    return state, token


def join(store: Store, change: Change, class_id: str, options: Dict[str, Any],
         who: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """A student joins: ``name``, ``flow``, ``opponent`` (``student`` or ``nimx``) and
    for KUET ``difficulty`` (1 Easy, 2 Hard); ``who`` is the request's ``browser``
    (cookie) and ``address``, counted with the name against MAX_STUDENT_GAMES.

    Against a student, the student joins the game of the one waiting for this flow,
    or waits with a new game. Answers ``{game, seat, token, paired}`` (``paired``
    false while waiting for a partner).

    Raises
    ------
    WebError
        For an unknown class, a missing name, a flow the class does not offer, a
        student past MAX_STUDENT_GAMES (429).
    """
    _class(store, class_id)             # an unknown class: 404 before any lock is taken
    name = _name(options)
    keys = _identity(name, who)
    opponent = options.get("opponent", "student")
    if opponent not in ("student", "nimx"):
        raise WebError(f"opponent is student or nimx, not {str(opponent)[:20]!r}")
    with _LOCKS.hold(class_id):
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
                state, (seat, token) = change(waiting, lambda s: games.join_game(s, name))
                if token is not None:
                    answer = {"game": games.public_state(state, seat), "seat": seat, "token": token,
                              "paired": True}
            if answer is None:
                try:
                    state, token = _new_game(store, cls, flow, name, "hvh", keys=keys)
                except WebError:
                    store.save_class(cls)       # the refusal is noted for the teacher
                    raise
                cls["waiting"][flow] = state["id"]
                answer = {"game": games.public_state(state, 0), "seat": 0, "token": token, "paired": False}
        else:
            try:
                state, token = _new_game(store, cls, flow, name, "hvai", options.get("difficulty"), keys)
            except WebError:
                store.save_class(cls)
                raise
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
    _class(store, class_id)
    with _LOCKS.hold(class_id):
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
        keys = state.get("extra", {}).get("student")
        _count(cls, keys, -1)           # the waiting game makes way for this one: the same count
        new, new_token = _new_game(store, cls, state["flow"], state["seats"][0]["name"], "hvai", keys=None)
        new["extra"]["student"] = keys
        store.save(new["id"], new)
        _count(cls, keys, +1)
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
    with _LOCKS.hold(cls["id"]):
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
            if game != cls["game"]:
                cls["game"] = game
                # a student waiting for a partner waits in a game of the old rules: the next
                # student starts a new game of the new ones
                cls["waiting"].pop("free", None)
        store.save_class(cls)
    return _class_view(cls)


def _class_view(cls: Dict[str, Any]) -> Dict[str, Any]:
    view = {key: cls[key] for key in ("id", "name", "hints", "why", "flows", "wait", "links")}
    view["game"] = game_view(cls.get("game", DEFAULT_GAME))
    view["refused"] = [dict(entry) for entry in reversed(cls.get("refused", []))]
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
    """A seat as the class page lists it: a student's name; an AI's name with its
    label, once ("Player 2 (AI, Optimal)" names it already)."""
    if seat["ai"] is None:
        return str(seat["name"])
    label = seat["label"] or seat["ai"]
    return seat["name"] if label in seat["name"] else f"{seat['name']} (AI: {label})"


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
    return {"class": _class_view(cls), "games": rows, "join": f"/join/{cls['id']}"}


CSV_COLUMNS = ("game", "flow", "rules", "player 1", "player 2", "status", "moves", "winner", "result", "watch")
#: What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list, and
#: the fullwidth signs some spreadsheets fold into them).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def spreadsheet_cell(value: Any) -> str:
    """A CSV cell no spreadsheet runs as a formula: text starting with one of
    ``= + - @``, a tab or a carriage return gets a leading apostrophe (OWASP's advice;
    the text stays readable, and the spreadsheet shows it without the apostrophe)."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def overview_csv(store: Store, teacher: str, base: str = "") -> str:
    """Every game of the class as CSV, one row a game (the class page's export); the
    watch links absolute, from the first address students open (else ``base``, the
    address the teacher asked at)."""
    data = overview(store, teacher)
    links = data["class"]["links"]
    root = (links[0] if links else base).rstrip("/")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in data["games"]:
        writer.writerow([spreadsheet_cell(cell) for cell in (
            row["id"], row["flow"], row["rules"], row["players"][0], row["players"][1], row["status"],
            row["moves"], row["winner"] or "", row["result"], root + row["watch"])])
    return out.getvalue()


# ---------------------------------------------------------------- hints and "why"

def switches(store: Store, state: Dict[str, Any]) -> Dict[str, bool]:
    """Whether the game's page offers a hint and "why": its class's switches (both on
    for a game outside a class)."""
    class_id = state.get("extra", {}).get("class")
    cls = store.load_class(class_id, by="id") if class_id is not None else None
    return {"hints": bool(cls["hints"]) if cls else True, "why": bool(cls["why"]) if cls else True}


def check_study(store: Store, state: Dict[str, Any], kind: str, seat: Optional[int]) -> None:
    """Refuse help the viewer may not have. ``kind`` is ``hint``, ``why``, ``analysis``
    or ``tools`` (the game tree, the DP table, a replay, asked from the game's page).

    In every game, a hint is for the player to move (the seat's token), and so is the
    analysis of a game in progress that has a human player (it lists every move's
    value: it is a hint); once the game is over, the analysis is for everyone. In a
    class whose teacher switched hints off, no hint, analysis or tool reaches anyone
    while the game is in progress; "why" follows its own switch.

    Raises
    ------
    WebError
        403 for help without the seat's token or switched off, 409 for a hint or an
        analysis asked by the player who is not to move.
    """
    if kind not in ("hint", "why", "analysis", "tools"):
        raise ValueError(f"no study kind {kind!r}")
    live = not state["finished"]
    people = any(s["ai"] is None for s in state["seats"])
    if kind == "hint" or (kind == "analysis" and live and people):
        what = "a hint" if kind == "hint" else "the analysis of a game in progress"
        if seat is None:
            raise WebError(f"{what} is for the player to move (send the seat's token): "
                           "a spectator gets none" + ("" if kind == "hint" else " until the game is over"), 403)
        if live and seat != state["to_move"]:
            raise WebError(f"{what} is for the player to move: wait for your turn", 409)
    class_id = state.get("extra", {}).get("class")
    if class_id is None:
        return
    cls = store.load_class(class_id, by="id")
    if cls is None:
        return
    if kind == "why":
        if not cls["why"]:
            raise WebError('"Why did NimX move there?" is switched off for this class by the teacher', 403)
        return
    if not cls["hints"] and (kind == "hint" or live):
        what = {"hint": "Hints are", "analysis": "The analysis is", "tools": "The study tools are"}[kind]
        after = "" if kind == "hint" else " until the game is over"
        raise WebError(f"{what} switched off for this class by the teacher{after}", 403)


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
        # every open page of the class's games learns the switches at once (its Hint button)
        cls = await run_in_threadpool(_class, store, view["id"])
        for game_id in cls["games"]:
            tell(game_id, -2)
        return respond(view)

    async def offered(request: Request) -> Response:
        return respond(await run_in_threadpool(offer, store, request.path_params["class_id"]))

    def joining(action: Callable[..., Dict[str, Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            options = await body(request)
            class_id = request.path_params["class_id"]
            if action is join:
                # the student's browser (a cookie of its own) and address, counted with the name
                browser = request.cookies.get(BROWSER_COOKIE, "")
                if not (16 <= len(browser) <= 64 and browser.replace("-", "").replace("_", "").isalnum()):
                    browser = secrets.token_urlsafe(24)
                who = {"browser": browser, "address": request.client.host if request.client else ""}
                answer = await run_in_threadpool(join, store, change, class_id, options, who)
            else:
                answer = await run_in_threadpool(action, store, change, class_id, options)
                browser = ""
            tell(answer["game"]["id"], answer["game"]["version"])
            response = respond(answer, 201)
            if browser and browser != request.cookies.get(BROWSER_COOKIE):
                response.set_cookie(BROWSER_COOKIE, browser, max_age=365 * 86400, path="/", httponly=True,
                                    samesite="strict")
            return response
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
