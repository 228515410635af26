"""Games kept in SQLite (the standard library's ``sqlite3``): one row per game,
its state as JSON, so a restarted server carries on where it stopped.

The server runs moves in a thread pool, so the store holds one connection
behind a lock (SQLite serialises writers anyway) and commits every change
before the answer goes out: a game the browser saw is a game on disk.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, Optional

__all__ = ["Store", "default_db_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    state   TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated REAL NOT NULL
)
"""


def default_db_path() -> Path:
    """``nimcore/games.sqlite3`` in the user's data folder: ``$XDG_DATA_HOME``
    (else ``~/.local/share``), ``%LOCALAPPDATA%`` on Windows, ``~/Library/Application
    Support`` on macOS."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "nimcore" / "games.sqlite3"


class Store:
    """Game states by id, in one SQLite file (``":memory:"`` for a throw-away store).

    Parameters
    ----------
    path : str or Path
        The database file; its folder is created when missing.
    """

    def __init__(self, path: "str | Path") -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            # WAL: readers never wait for the writer; NORMAL: a commit survives a
            # killed server (only a power cut can lose the last one)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)

    def load(self, game_id: str) -> Optional[Dict[str, Any]]:
        """The state of game ``game_id``, or None when there is no such game."""
        with self._lock:
            row = self._db.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        state: Dict[str, Any] = json.loads(row[0])
        return state

    def save(self, game_id: str, state: Dict[str, Any]) -> None:
        """Write (insert or replace) a game's state and commit."""
        text = json.dumps(state, separators=(",", ":"))
        with self._lock:
            self._db.execute(
                "INSERT INTO games (id, state, version, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET state = excluded.state, version = excluded.version, "
                "updated = excluded.updated",
                (game_id, text, int(state.get("version", 0)), time.time()))

    def count(self) -> int:
        """How many games the store holds."""
        with self._lock:
            row = self._db.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(row[0])

    def close(self) -> None:
        """Close the database (the store cannot be used afterwards)."""
        with self._lock:
            self._db.close()
