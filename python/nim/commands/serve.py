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


def who_can_reach(host: str) -> str:
    """The start-up line's second half: who can connect to ``host``."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if host == "localhost":
            return "only this computer can connect"
        return f"anyone who can reach {host} on the network can connect"
    if address.is_loopback:
        return "only this computer can connect"
    if address.is_unspecified:
        return "anyone who can reach this computer on the network can connect (every interface)"
    return f"anyone who can reach {host} on the network can connect"


def run(args: argparse.Namespace) -> int:
    if missing_extra():
        raise NimError('nimcore serve needs the web extra: pip install "nimcore[web]"')
    if not 0 < args.port < 65536:
        raise NimError(f"--port must be 1 to 65535, not {args.port}")
    import uvicorn

    from nim.web.app import create_app
    from nim.web.store import default_db_path

    db = args.db or str(default_db_path())
    app = create_app(db)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else shown}:{args.port}/"
    print(f"nimcore serve: {url} -- {who_can_reach(args.host)}; games kept in {db}. Ctrl-C stops.",
          file=sys.stderr, flush=True)
    if args.open:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning", access_log=False,
                    timeout_graceful_shutdown=2)
    except OSError as error:
        raise NimError(f"cannot serve on {args.host}:{args.port}: {error.strerror or error}") from None
    return 0
