"""``nimcore serve``: every seed flow as a web page, for one student or a classroom."""

from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import sys
from typing import Any

from nim.commands.common import integer
from nim.errors import NimError

_DESCRIPTION = """\
Serve nimcore's games as web pages: KUET (NimX, Easy and Hard with the
selection step), Rajalakshmi (Human vs AI, Human vs Human, AI vs AI), Lab 2
(misere, levels, replays of test files, the game tree), forejune (one pile,
the DP table) and any rule set. Piles are stones you click; a hint, "why did
NimX move there", undo, the analysis of every move and the record in Lab 2's
file format sit beside the board.

Two people on two browsers play one game through its link: each seat gets a
secret token and the server takes a move only from the seat whose turn it is.
Games are kept in SQLite and survive a restart of the server.

By default only this computer can connect (127.0.0.1). To let a classroom
in, bind every interface with --host 0.0.0.0 (anyone who can reach this
machine on --port can then play).

Needs the web extra: pip install "nimcore[web]".
"""

_EPILOG = """\
examples:
  nimcore serve                           http://127.0.0.1:8000, this computer only
  nimcore serve --open                    and open it in the browser
  nimcore serve --host 0.0.0.0 --port 8080   a classroom on the local network
  nimcore serve --db games.sqlite3        keep the games in this file
  nimcore serve --class --host 0.0.0.0    a class: the teacher's page and the students' join page
  nimcore serve --prune 30                delete the games untouched for 30 days, then stop
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="play and study in the browser (web extra)",
        description=_DESCRIPTION, epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this computer only)")
    parser.add_argument("--port", type=integer, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="SQLite file of the games (default: nimcore/games.sqlite3 in your data folder)")
    parser.add_argument("--open", action="store_true", help="open the page in the web browser")
    parser.add_argument("--class", dest="class_name", nargs="?", const="class", default=None, metavar="NAME",
                        help="run a class: print the teacher's page (its own secret link) and the address "
                             "students open to be paired; the same NAME after a restart keeps the class")
    parser.add_argument("--prune", metavar="DAYS", type=float, default=None,
                        help="delete the games not changed for DAYS days from the database, then stop "
                             "(with --archive, copy them to a file first)")
    parser.add_argument("--archive", metavar="FILE", default=None,
                        help="with --prune: append each deleted game to FILE, one JSON line a game")
    parser.set_defaults(run=run)


def missing_extra() -> bool:
    """True when Starlette or uvicorn is not installed."""
    return any(importlib.util.find_spec(name) is None for name in ("starlette", "uvicorn"))


def who_can_reach(address: str) -> str:
    """The start-up line's second half: who can connect to the bound ``address``."""
    from nim.web.server import every_interface

    if every_interface(address):
        return "every interface: anyone who can reach this computer on the network can connect"
    try:
        if ipaddress.ip_address(address.split("%")[0]).is_loopback:
            return "only this computer can connect"
    except ValueError:
        if address == "localhost":
            return "only this computer can connect"
    return f"anyone who can reach {address} on the network can connect"


def run(args: argparse.Namespace) -> int:
    if missing_extra():
        raise NimError('nimcore serve needs the web extra: pip install "nimcore[web]"')
    if not 0 < args.port < 65536:
        raise NimError(f"--port must be 1 to 65535, not {args.port}")
    if args.archive is not None and args.prune is None:
        raise NimError("--archive goes with --prune DAYS")
    if args.prune is not None:
        return prune(args)
    import signal
    import threading

    from nim.web import server
    from nim.web.app import create_app
    from nim.web.store import default_db_path

    db = args.db or str(default_db_path())
    stopping = threading.Event()
    app = create_app(db, stopping=stopping)       # a database we cannot use: one line, before binding
    try:
        sock = server.bind(args.host, args.port)
    except NimError:
        app.state.store.close()
        raise
    address = str(sock.getsockname()[0])
    urls = server.hosts_shown(address, args.port, sock.family)
    print(f"nimcore serve: {', '.join(urls)} -- {who_can_reach(address)}; games kept in {db}. Ctrl-C stops.",
          file=sys.stderr, flush=True)
    if args.class_name is not None:
        announce_class(app.state.store, args.class_name, address, urls)
    if args.open:
        threading.Timer(1.0, _open_browser, (urls[-1] if server.every_interface(address) else urls[0],)).start()
    caught = server.serve(app, sock, stopping, on_stop=app.state.store.close)
    if caught is None:
        return 0
    if caught == signal.SIGINT:
        server.exit_now(130, "nimcore: error: interrupted")
    server.exit_now(128 + int(caught), "nimcore: error: terminated")
    return 128 + int(caught)


def announce_class(store: Any, name: str, address: str, urls: Any) -> None:
    """Open the class ``name`` and print the teacher's link and the students' addresses:
    for a server on every interface, each of the machine's own addresses but loopback
    (a student's 127.0.0.1 is the student's own computer)."""
    from nim.web import classroom
    from nim.web.server import every_interface

    shared = [url for url in urls if not _loopback_url(url)] if every_interface(address) else list(urls)
    shared = shared or list(urls)
    cls, token = classroom.open_class(store, name, shared)
    teacher_base = next((url for url in urls if _loopback_url(url)), urls[0])
    print(f"nimcore serve: class {cls['name']!r}. Your class page (keep this link to yourself): "
          f"{teacher_base.rstrip('/')}/class/{token}", file=sys.stderr, flush=True)
    for url in shared:
        print(f"nimcore serve: students open {url.rstrip('/')}/join/{cls['id']}", file=sys.stderr, flush=True)


def _loopback_url(url: str) -> bool:
    host = url.split("//", 1)[-1].rsplit(":", 1)[0].strip("[]")
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def prune(args: argparse.Namespace) -> int:
    """``--prune DAYS``: delete (after archiving, with ``--archive``) the old games, then stop."""
    import math
    import time

    from nim.web.store import Store, default_db_path

    days = args.prune
    if not math.isfinite(days) or days < 0:
        raise NimError(f"--prune takes a number of days >= 0, not {days}")
    db = args.db or str(default_db_path())
    if args.archive is not None:
        _refuse_archive_onto_the_database(args.archive, db)    # before anything is deleted
    store = Store(db)
    try:
        before = time.time() - days * 86400
        archived = 0
        if args.archive is not None:
            archived = store.archive(before, args.archive)
        deleted = store.prune(before)
    finally:
        store.close()
    kept = f", {archived} archived to {args.archive} first" if args.archive is not None else ""
    print(f"nimcore serve: deleted {deleted} games not changed for {days:g} days from {db}{kept}.",
          file=sys.stderr, flush=True)
    return 0


def _refuse_archive_onto_the_database(archive: str, db: str) -> None:
    """Refuse an archive that is the database or one of SQLite's companion files (-wal,
    -shm, -journal): writing there would lose the archive and may corrupt the games.

    Raises
    ------
    NimError
        Naming the file.
    """
    import os

    def same(a: str, b: str) -> bool:
        try:
            return os.path.samefile(a, b)
        except OSError:
            return os.path.realpath(a) == os.path.realpath(b)

    for companion in ("", "-wal", "-shm", "-journal"):
        if same(archive, db + companion):
            what = "the database itself" if not companion else f"SQLite's {companion} file of the database"
            raise NimError(f"--archive {archive} is {what} ({db}): name another file; nothing was deleted")


def _open_browser(url: str) -> None:
    import webbrowser

    webbrowser.open(url)
