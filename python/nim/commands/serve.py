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
    if args.open:
        threading.Timer(1.0, _open_browser, (urls[-1] if server.every_interface(address) else urls[0],)).start()
    caught = server.serve(app, sock, stopping, on_stop=app.state.store.close)
    if caught is None:
        return 0
    if caught == signal.SIGINT:
        server.exit_now(130, "nimcore: error: interrupted")
    server.exit_now(128 + int(caught), "nimcore: error: terminated")
    return 128 + int(caught)


def _open_browser(url: str) -> None:
    import webbrowser

    webbrowser.open(url)
