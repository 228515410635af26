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
import stat
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

from nim.errors import NimError

__all__ = ["Store", "StoreError", "default_db_path"]

#: The first 16 bytes of every SQLite 3 database file.
_SQLITE_HEADER = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    state   TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS classes (
    id      TEXT PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE,
    teacher TEXT NOT NULL UNIQUE,
    state   TEXT NOT NULL
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


class StoreError(NimError):
    """A database file the store cannot use: it names the file and says why."""


def _check_path(path: Path) -> None:
    """Refuse what must not be opened as the games database: a folder, a device,
    a file that is not SQLite, another program's SQLite database (never written to).

    Raises
    ------
    StoreError
        Naming the file and why.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise StoreError(f"cannot use the database {path}: {error.strerror or error}") from None
    if stat.S_ISDIR(info.st_mode):
        raise StoreError(f"cannot use the database {path}: it is a folder (name a file in it)")
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(f"cannot use the database {path}: it is not a regular file (a device, a pipe?)")
    if info.st_size == 0:
        return                      # an empty file: SQLite makes it a database
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_SQLITE_HEADER))
    except OSError as error:
        raise StoreError(f"cannot use the database {path}: {error.strerror or error}") from None
    if head != _SQLITE_HEADER:
        raise StoreError(f"cannot use the database {path}: it is not an SQLite database "
                         "(left untouched; name another file)")


def _check_tables(db: sqlite3.Connection, path: str) -> None:
    """Refuse an SQLite database that holds tables but not ours."""
    tables = {row[0]: row[1] for row in db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        return
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")} if "games" in tables else set()
    if not {"id", "state", "version", "updated"} <= columns:
        raise StoreError(f"cannot use the database {path}: it is another program's SQLite database "
                         "(no nimcore games table; left untouched)")


class Store:
    """Game states by id, in one SQLite file (``":memory:"`` for a throw-away store).

    Parameters
    ----------
    path : str or Path
        The database file; its folder is created when missing.

    Raises
    ------
    StoreError
        For a path that cannot be a games database (a folder, a device, a file
        that is not SQLite or is another program's, a folder that cannot be
        made, a file that cannot be written): one line naming it and why.
    """

    def __init__(self, path: "str | Path") -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        if self.path != ":memory:":
            _check_path(Path(self.path))
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(f"cannot use the database {self.path}: cannot make its folder "
                                 f"{Path(self.path).parent}: {error.strerror or error}") from None
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"cannot use the database {self.path}: {error}") from None
        try:
            if self.path != ":memory:":
                _check_tables(self._db, self.path)
                # WAL: readers never wait for the writer; NORMAL: a commit survives a
                # killed server (only a power cut can lose the last one)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            self._db.execute("BEGIN IMMEDIATE")          # can we write? (a read-only file says so now)
            self._db.execute("ROLLBACK")
        except (sqlite3.Error, StoreError) as error:
            self._db.close()
            if isinstance(error, StoreError):
                raise
            raise StoreError(f"cannot use the database {self.path}: {error}") from None

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

    # ---- classes (nim.web.classroom): one row per class, found by id, name or teacher token's hash

    def load_class(self, key: str, by: str = "id") -> Optional[Dict[str, Any]]:
        """The class whose ``by`` column (id, name or teacher) is ``key``, or None."""
        if by not in ("id", "name", "teacher"):
            raise ValueError(f"a class is found by id, name or teacher, not {by!r}")
        with self._lock:
            row = self._db.execute(f"SELECT state FROM classes WHERE {by} = ?", (key,)).fetchone()
        if row is None:
            return None
        state: Dict[str, Any] = json.loads(row[0])
        return state

    def class_ids(self) -> List[str]:
        """The id of every class kept."""
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT id FROM classes ORDER BY id")]

    def save_class(self, state: Dict[str, Any]) -> None:
        """Write (insert or replace) a class and commit."""
        text = json.dumps(state, separators=(",", ":"))
        with self._lock:
            self._db.execute(
                "INSERT INTO classes (id, name, teacher, state) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET name = excluded.name, teacher = excluded.teacher, "
                "state = excluded.state", (state["id"], state["name"], state["teacher"], text))

    def prune(self, before: float) -> int:
        """Delete the games last changed before ``before`` (seconds since the epoch), in
        one transaction (a crash leaves all of them or none); how many were deleted."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute("DELETE FROM games WHERE updated < ?", (before,))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return int(cursor.rowcount)

    def archive(self, before: float, path: str) -> int:
        """Append the games last changed before ``before`` to the file ``path``, one JSON
        line a game (``{"id", "updated", "state"}``), flushed to disk; how many.

        Raises
        ------
        StoreError
            For a file that cannot be written (nothing is deleted then).
        """
        with self._lock:
            rows = self._db.execute("SELECT id, updated, state FROM games WHERE updated < ?", (before,)).fetchall()
        try:
            with open(path, "a", encoding="utf-8") as out:
                for game_id, updated, state in rows:
                    out.write(json.dumps({"id": game_id, "updated": updated, "state": json.loads(state)},
                                         separators=(",", ":")) + "\n")
                out.flush()
                os.fsync(out.fileno())
        except OSError as error:
            raise StoreError(f"cannot archive to {path}: {error.strerror or error}") from None
        return len(rows)

    def close(self) -> None:
        """Close the database (the store cannot be used afterwards)."""
        with self._lock:
            self._db.close()
