"""The web app (Starlette): the pages, the JSON API under ``/api/`` and the live
updates (server-sent events).

Every request under ``/api/`` is answered in JSON, errors included: a malformed
or oversized body, an unknown route, a wrong token, an illegal move. Changes to
a game run one at a time per game (a lock), in the thread pool so that a slow
AI move never stalls the other games, and are committed to SQLite before the
answer goes out; then every browser watching the game is told.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import threading
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Dict, List, Optional, Set, Tuple

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nim.errors import NimError, SearchLimitError
from nim.families import ComponentFamily
from nim.flows import FLOWS, machine_of, page_titles
from nim.rules import Rules
from nim.web import classroom, games, study
from nim.web.budget import Budget
from nim.web.locks import KeyedLocks
from nim.web.games import WebError
from nim.web.store import Store

__all__ = ["MAX_BODY", "MAX_DEPTH", "create_app"]

#: Largest request body accepted (a Lab 2 file of a long game is a few kB).
MAX_BODY = 64 * 1024
#: Deepest nesting of a body's JSON (the API's deepest is 2: an object holding a list).
MAX_DEPTH = 8
#: Seconds a client may take to send a request's body.
BODY_SECONDS = 10.0
#: Seconds one study answer (hint, why, analysis, table) may compute.
COMPUTE_SECONDS = 10.0
#: Seconds between checks that the client of a computation is still there.
POLL_SECONDS = 0.25
#: Most event streams open at once: a stream holds its connection for good, so
#: streams alone must never fill the server's connections (past this, 503: the
#: page asks for the game every 1.5 s instead).
MAX_STREAMS = 500


def max_streams() -> int:
    """MAX_STREAMS, or half the connections the server keeps open when that is fewer
    (``nim.web.server.max_connections``: the files the process may open, less a spare)."""
    from nim.web.server import max_connections

    return max(4, min(MAX_STREAMS, max_connections() // 2))
#: Seconds between keep-alive comments on an event stream.
KEEPALIVE = 15.0
STATIC = Path(__file__).parent / "static"
_SURROGATE = re.compile("[\ud800-\udfff]")
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: The pages: flow and title (the registry's, ``nim.flows``).
PAGES = page_titles()
_SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
}


class Hub:
    """Who is watching which game: one queue per open event stream."""

    def __init__(self) -> None:
        self._watchers: Dict[str, Set["asyncio.Queue[int]"]] = {}
        self.closing = asyncio.Event()

    def watch(self, game_id: str) -> "asyncio.Queue[int]":
        queue: "asyncio.Queue[int]" = asyncio.Queue(maxsize=8)
        self._watchers.setdefault(game_id, set()).add(queue)
        return queue

    def forget(self, game_id: str, queue: "asyncio.Queue[int]") -> None:
        watchers = self._watchers.get(game_id)
        if watchers is not None:
            watchers.discard(queue)
            if not watchers:
                del self._watchers[game_id]

    def watched(self) -> List[str]:
        """The games someone is watching."""
        return list(self._watchers)

    def streams(self) -> int:
        """How many event streams are open."""
        return sum(map(len, self._watchers.values()))

    def tell(self, game_id: str, version: int) -> None:
        for queue in list(self._watchers.get(game_id, ())):
            if queue.full():        # a slow reader only needs the newest state
                queue.get_nowait()
            queue.put_nowait(version)


class Games:
    """The store plus one lock per game: a change is load, check, change, save."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.locks = KeyedLocks()      # one per game while a request changes it, then dropped
        self._people_only: Dict[str, bool] = {}
        self._guard = threading.Lock()

    def load(self, game_id: str) -> Dict[str, Any]:
        if not _GAME_ID.fullmatch(game_id):
            raise WebError(f"no game {game_id[:40]!r}", 404)
        state = self.store.load(game_id)
        if state is None:
            raise WebError(f"no game {game_id!r} (it may have been made on another server)", 404)
        return state

    def people_only(self, game_id: str) -> bool:
        """True when no seat of the game is an AI (remembered: seats never change kind)."""
        known = self._people_only.get(game_id)
        if known is None:
            known = all(seat["ai"] is None for seat in self.load(game_id)["seats"])
            with self._guard:
                self._people_only[game_id] = known
        return known

    def change(self, game_id: str, action: Callable[[Dict[str, Any]], Any]) -> Tuple[Dict[str, Any], Any]:
        """Run ``action`` on the game's state and save it when it returns (not when it raises)."""
        with self.locks.hold(game_id):
            state = self.load(game_id)
            result = action(state)
            self.store.save(game_id, state)
            return state, result


async def _body(request: Request) -> Dict[str, Any]:
    """The request's JSON object, read at most MAX_BODY bytes within BODY_SECONDS.

    Raises
    ------
    WebError
        413 for a larger body, 408 for one sent too slowly, 400 for one that is
        not a JSON object, is nested deeper than MAX_DEPTH or holds a string that
        is not text (a lone surrogate such as ``"\\ud800"``, a NUL).
    """
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise WebError(f"the request body is too large (at most {MAX_BODY:,} bytes)", 413)

    async def read() -> bytes:
        chunks: List[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise WebError(f"the request body is too large (at most {MAX_BODY:,} bytes)", 413)
            chunks.append(chunk)
        return b"".join(chunks)

    try:
        raw = await asyncio.wait_for(read(), BODY_SECONDS)
    except asyncio.TimeoutError:
        raise WebError(f"the request body took more than {BODY_SECONDS:g} seconds to arrive", 408) from None
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise WebError(f"the body is not valid JSON: {str(error)[:80]}", 400) from None
    except RecursionError:
        raise WebError(f"the body is nested too deeply (at most {MAX_DEPTH} levels)", 400) from None
    if not isinstance(data, dict):
        raise WebError(f"the body must be a JSON object, not {type(data).__name__}", 400)
    _check_json(data)
    return data


def _check_json(data: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH and strings that are not text, anywhere in
    ``data`` (checked without recursion: the check must not fail on what it checks).

    Raises
    ------
    WebError
        400, naming the first fault found.
    """
    stack: List[Tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_text(value)
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth > MAX_DEPTH:
            raise WebError(f"the body is nested too deeply (at most {MAX_DEPTH} levels)", 400)
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        else:
            stack.extend((item, depth + 1) for item in value)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise WebError("the body holds a string that is not text (a lone surrogate such as \\ud800)",
                       400) from None
    if "\x00" in text:
        raise WebError("the body holds a string with a NUL character", 400)


class _SafeJSON(JSONResponse):
    """JSON that always encodes: a lone surrogate in a game stored before the door
    checked strings comes out as U+FFFD instead of failing every answer."""

    def render(self, content: Any) -> bytes:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:
            return _SURROGATE.sub("\ufffd", text).encode("utf-8")


def _json(data: Any, status: int = 200) -> JSONResponse:
    return _SafeJSON(data, status_code=status, headers={"Cache-Control": "no-store"})


def create_app(db: "str | Path" = ":memory:", *, stopping: Optional[threading.Event] = None) -> Starlette:
    """The web app, keeping its games in the SQLite file ``db``.

    ``stopping``, once set (the server is stopping), cancels every computation
    running for a request.

    Raises
    ------
    nim.web.store.StoreError
        For a database file that cannot be used (named, with why).
    """
    store = Store(db)
    classroom.retire_teachers(store)     # every start invalidates every earlier teacher's link
    stopping = stopping if stopping is not None else threading.Event()
    stream_cap = max_streams()
    hub_box: List[Hub] = []
    book = Games(store)

    def hub() -> Hub:
        if not hub_box:      # made inside the running loop (its Event belongs to it)
            hub_box.append(Hub())
        return hub_box[0]

    def viewer(state: Dict[str, Any], request: Request) -> Optional[int]:
        return games.seat_of(state, request.headers.get("x-seat-token"))

    async def change(game_id: str, action: Callable[[Dict[str, Any]], Any]) -> Tuple[Dict[str, Any], Any]:
        # a game between people needs no search: its change (well under a
        # millisecond) runs here, sparing the thread pool's hop; a game with an
        # AI seat may search for a while, so it runs in the pool
        if book.people_only(game_id):
            state, result = book.change(game_id, action)
        else:
            state, result = await run_in_threadpool(book.change, game_id, action)
        hub().tell(game_id, state["version"])
        return state, result

    async def compute(request: Request, action: Callable[..., Any], *args: Any) -> Any:
        """``action(*args, budget)`` in the thread pool, cancelled through its budget
        when the client goes away, the server stops or COMPUTE_SECONDS pass."""
        budget = Budget(COMPUTE_SECONDS, stopping)
        job = asyncio.ensure_future(run_in_threadpool(action, *args, budget))
        try:
            while True:
                done, _ = await asyncio.wait({job}, timeout=POLL_SECONDS)
                if done:
                    return job.result()
                if await request.is_disconnected():
                    budget.set()
        finally:
            budget.set()        # cancelled here too (e.g. the server's shutdown): the thread stops

    # ---- pages
    async def index(request: Request) -> Response:
        return _page("index", "nimcore: Nim in the browser")

    async def flow_page(request: Request) -> Response:
        flow = request.url.path.strip("/")
        return _page(flow, page_titles()[flow])

    async def family_page(request: Request) -> Response:
        """``/play/wythoff``: free play of one family, its rules set on the page's form."""
        from nim.families.play import play_hooks

        name = request.path_params["family"]
        try:
            rules = Rules.parse(name)
        except NimError as error:
            raise HTTPException(404, f"no game to play here: {error}") from None
        if not isinstance(rules.family, ComponentFamily):   # heaps: their flows' pages play them
            title = rules.describe().split(":")[0]
            raise HTTPException(404, f"no game to play here: {title} is a game of heaps, played on the flows' "
                                     "pages: /pins (take-and-break games on rows of pins: Kayles, Rayles, Dawson's "
                                     "Kayles, Grundy's game, any octal code) or /rajalakshmi (take rules such as "
                                     "max=3 or set=1;3;4), and in the terminal by nimcore play")
        try:
            play_hooks(rules.family)
        except NimError as error:
            raise HTTPException(404, f"no game to play here: {error}") from None
        title = rules.describe().split(":")[0]
        return _page("freeplay", f"{title}: play it", rules=str(rules))

    async def game_page(request: Request) -> Response:
        return _page("game", "A game of Nim")

    async def theory(request: Request) -> Response:
        text = await run_in_threadpool(_theory_text)
        return HTMLResponse(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>The theory behind nimcore</title>'
            '<link rel="stylesheet" href="/static/style.css"></head><body><main><h1>The theory behind nimcore</h1>'
            f'<pre class="theory">{html.escape(text)}</pre></main></body></html>')

    # ---- the API
    async def health(request: Request) -> Response:
        return _json({"ok": True, "games": await run_in_threadpool(store.count)})

    async def create(request: Request) -> Response:
        options = await _body(request)
        state, token = await run_in_threadpool(games.create_game, options)
        await run_in_threadpool(store.save, state["id"], state)
        you = 0 if token is not None and state["seats"][0]["ai"] is None else (1 if token else None)
        return _json({"game": games.public_state(state, you), "token": token, "seat": you}, 201)

    async def show(request: Request) -> Response:
        state = await run_in_threadpool(book.load, request.path_params["game_id"])
        offered = await run_in_threadpool(classroom.switches, store, state)
        return _json({"game": games.public_state(state, viewer(state, request)), "study": offered})

    async def join(request: Request) -> Response:
        options = await _body(request)
        state, (seat, token) = await change(request.path_params["game_id"],
                                            lambda s: games.join_game(s, options.get("name")))
        return _json({"game": games.public_state(state, seat), "seat": seat, "token": token})

    async def move(request: Request) -> Response:
        options = await _body(request)
        token = options.get("token")
        state, _ = await change(request.path_params["game_id"], lambda s: games.play_move(
            s, token, options.get("pile"), options.get("count"), options.get("version"), options.get("split"),
            options.get("text")))
        return _json({"game": games.public_state(state, games.seat_of(state, token))})

    def token_action(action: Callable[[Dict[str, Any], Any], None]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            options = await _body(request)
            token = options.get("token")
            state, _ = await change(request.path_params["game_id"], lambda s: action(s, token))
            return _json({"game": games.public_state(state, games.seat_of(state, token))})
        return endpoint

    def study_view(action: Callable[[Dict[str, Any], Any], Dict[str, Any]], kind: str = "") -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            game_id = request.path_params["game_id"]
            state = await run_in_threadpool(book.load, game_id)
            # a hint only for the player to move, and the class's switches
            await run_in_threadpool(classroom.check_study, store, state, kind, viewer(state, request))
            return _json(await compute(request, action, state))
        return endpoint

    def hints_off_games() -> List[Dict[str, Any]]:
        """The games in progress of the classes whose teacher switched hints off."""
        found = []
        for class_id in store.class_ids():
            cls = store.load_class(class_id, by="id")
            if cls is None or cls.get("hints", True):
                continue
            for game_id in cls.get("games", []):
                state = store.load(game_id)
                if state is not None and not state["finished"]:
                    found.append(state)
        return found

    def no_back_door(rules: Any, piles: Optional[List[int]] = None, upto: Optional[int] = None) -> None:
        """A study tool asked without a game (only a position) is refused when its answer would
        help a class game in progress whose hints are off (issue 40: no back door)."""
        if study.guarded_by(hints_off_games(), rules, piles, upto) is not None:
            raise WebError("Hints (the game tree, the DP table and replays included) are switched off by a "
                           "teacher for a class game in progress under these rules, from this position: "
                           "this tool answers again when the game ends", 403)

    async def tools_allowed(request: Request, game_id: Any) -> Any:
        """A study tool asked from a game's page (``game=ID`` in the query, ``"game"`` in
        a body): refused while the game's class has hints off and the game goes on. Asked
        without a game, the tool checks its position against the classes' games (the
        guard returned, ``no_back_door``)."""
        if game_id is None:
            return no_back_door
        if not isinstance(game_id, str):
            raise WebError(f"game must be a game's id, not {str(game_id)[:40]!r}")
        state = await run_in_threadpool(book.load, game_id)
        await run_in_threadpool(classroom.check_study, store, state, "tools", viewer(state, request))
        return None

    async def record(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        state = await run_in_threadpool(book.load, game_id)
        # a name stored before the door checked strings may hold a lone surrogate: U+FFFD in the file
        text = _SURROGATE.sub("\ufffd", study.record_text(state))
        return PlainTextResponse(text, headers={
            "Content-Disposition": f'attachment; filename="nimcore-{game_id}.txt"', "Cache-Control": "no-store"})

    async def replay(request: Request) -> Response:
        options = await _body(request)
        guard = await tools_allowed(request, options.get("game"))
        return _json(await compute(request, study.replay, options.get("text"), options.get("rules"), guard))

    async def tree(request: Request) -> Response:
        q = request.query_params
        guard = await tools_allowed(request, q.get("game"))
        return _json(await compute(request, study.tree, q.get("piles"), q.get("rules"), q.get("method"), guard))

    async def table(request: Request) -> Response:
        q = request.query_params
        guard = await tools_allowed(request, q.get("game"))
        return _json(await compute(request, study.table, q.get("upto"), q.get("rules"), guard))

    async def events(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        await run_in_threadpool(book.load, game_id)       # 404 before the stream starts
        the_hub = hub()
        if the_hub.streams() >= stream_cap:
            raise WebError("too many live updates are open on this server: the page asks for the game "
                           "every 1.5 s instead", 503)
        queue = the_hub.watch(game_id)

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"          # the browser reconnects after a second
                last: Any = None
                while not the_hub.closing.is_set() and not stopping.is_set():
                    state = await run_in_threadpool(store.load, game_id)
                    # the class's switches travel with the state: a teacher's "hints off"
                    # reaches every open page at once, without a reload
                    offered = await run_in_threadpool(classroom.switches, store, state) if state else None
                    if state is not None and (state["version"], offered) != last:
                        last = (state["version"], offered)
                        data = json.dumps(dict(games.public_state(state), study=offered), separators=(",", ":"))
                        yield f"event: state\nid: {state['version']}\ndata: {data}\n\n"
                    try:
                        await asyncio.wait_for(queue.get(), KEEPALIVE)
                    except asyncio.TimeoutError:
                        if await request.is_disconnected():
                            break
                        yield ": keep-alive\n\n"
            finally:
                the_hub.forget(game_id, queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def unknown_api(request: Request) -> Response:
        raise WebError(f"no API route {request.method} {request.url.path}", 404)

    # ---- errors: JSON under /api/, a short page elsewhere
    async def web_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, WebError)
        return _json({"error": str(exc), "status": exc.status}, exc.status)

    async def nim_error(request: Request, exc: Exception) -> Response:
        if isinstance(exc, SearchLimitError):       # the budget ran out: the server is busy, not the input bad
            return _json({"error": f"this answer needs more than the server gives one request "
                                   f"({COMPUTE_SECONDS:g} seconds): {str(exc)[:200]}", "status": 503}, 503)
        return _json({"error": str(exc), "status": 400}, 400)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            return _json({"error": f"{exc.detail}: {request.method} {request.url.path}",
                          "status": exc.status_code}, exc.status_code)
        return PlainTextResponse(f"{exc.status_code} {exc.detail}", exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        return _json({"error": "internal error: the request was not carried out", "status": 500}, 500)

    game = "/api/games/{game_id}"
    routes = [
        Route("/", index),
        *[Route(f"/{flow}", flow_page) for flow in page_titles()],
        Route("/g/{game_id}", game_page),
        Route("/play/{family}", family_page),
        Route("/theory", theory),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        Route("/api/health", health),
        Route("/api/games", create, methods=["POST"]),
        Route(game, show),
        Route(f"{game}/join", join, methods=["POST"]),
        Route(f"{game}/move", move, methods=["POST"]),
        Route(f"{game}/undo", token_action(games.undo), methods=["POST"]),
        Route(f"{game}/next", token_action(games.next_game), methods=["POST"]),
        Route(f"{game}/hint", study_view(study.hint, "hint")),
        Route(f"{game}/why", study_view(study.why, "why")),
        Route(f"{game}/analysis", study_view(study.analysis, "analysis")),
        Route(f"{game}/record", record),
        Route(f"{game}/events", events),
        *classroom.routes(store, book.change, lambda game_id, version: hub().tell(game_id, version), _body, _json),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/api/tree", tree),
        Route("/api/table", table),
        Route("/api/{rest:path}", unknown_api,
              methods=["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]),
    ]

    def stop_streams() -> None:
        """End the event streams (browsers reconnect to the next server); in the loop."""
        the_hub = hub()
        the_hub.closing.set()
        for game_id in list(the_hub.watched()):
            the_hub.tell(game_id, -1)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub()
        yield
        stop_streams()
        store.close()

    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)],
                    exception_handlers={WebError: web_error, NimError: nim_error, HTTPException: http_error,
                                        Exception: server_error})
    app.state.store = store
    app.state.games = book       # its per-game locks, which tests count
    app.state.stop_streams = stop_streams
    return app


class SecurityHeaders:
    """Adds _SECURITY's headers to every HTTP answer (plain ASGI: streams pass untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {key.lower() for key, _ in headers}
                for key, value in _SECURITY.items():
                    if key.lower().encode() not in present:
                        headers.append((key.lower().encode(), value.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _theory_text() -> str:
    """The theory the answers rest on: the copy installed with the package (nim/theory.md),
    else a source tree's docs/theory.md."""
    import nim

    here = Path(nim.__file__).parent
    for path in (here / "theory.md", here.parent.parent / "docs" / "theory.md"):
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return "The theory document is not installed with this copy of nimcore."


def _page(flow: str, title: str, rules: str = "") -> Response:
    template = (STATIC / "page.html").read_text(encoding="utf-8")
    # a flow written as a machine says its page's lines itself (the script holds none of them)
    info = FLOWS.get(flow)
    machine = machine_of(flow) if info is not None and info.machine is not None else None
    intro = machine.intro() if machine is not None else []
    words = machine.form_words() if machine is not None else {}
    panels = list(info.panels) if info is not None else []
    return HTMLResponse(template.replace("{{flow}}", flow).replace("{{title}}", title)
                        .replace("{{titles}}", html.escape(json.dumps(page_titles()), quote=True))
                        .replace("{{intro}}", html.escape(json.dumps(intro), quote=True))
                        .replace("{{panels}}", html.escape(json.dumps(panels), quote=True))
                        .replace("{{words}}", html.escape(json.dumps(words), quote=True))
                        .replace("{{rules}}", html.escape(rules, quote=True)))
