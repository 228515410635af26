"""The class server under hostile input, round five (issue 42): locks kept only while a request
holds them (item 1), the CSV export safe in a spreadsheet (item 4), teacher links (item 5)."""
from __future__ import annotations

import secrets
import threading
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from nim.web import classroom  # noqa: E402
from nim.web.app import create_app  # noqa: E402
from nim.web.locks import KeyedLocks  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_joins_to_unknown_classes_with_huge_ids_keep_no_lock(tmp_path) -> None:
    app = create_app(tmp_path / "games.sqlite3")
    with TestClient(app) as client:
        for _ in range(300):
            class_id = secrets.token_hex(15_000)             # a 30 kB id
            answer = client.post(f"/api/join/{class_id}", json={"name": "Eve", "flow": "free"})
            assert answer.status_code in (404, 414), answer.status_code
        assert len(classroom._locks) == 0


def test_a_real_class_and_its_games_keep_no_lock_after_their_requests(tmp_path) -> None:
    app = create_app(tmp_path / "games.sqlite3")
    cls, _ = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        for n in range(20):
            answer = client.post(f"/api/join/{cls['id']}", json={"name": f"S{n}", "flow": "free",
                                                                  "opponent": "nimx"})
            assert answer.status_code == 201, answer.text
            body = answer.json()
            game = body["game"]
            pile = next(i for i, p in enumerate(game["piles"]) if p)
            moved = client.post(f"/api/games/{game['id']}/move", json={
                "token": body["token"], "pile": pile, "count": 1, "version": game["version"]})
            assert moved.status_code in (200, 409), moved.text
        assert len(classroom._locks) == 0
        assert len(app.state.games.locks) == 0


def test_keyed_locks_exclude_each_other_and_are_dropped_after() -> None:
    locks = KeyedLocks()
    inside = []
    overlap = []

    def work() -> None:
        for _ in range(200):
            with locks.hold("k"):
                inside.append(1)
                if len(inside) > 1:
                    overlap.append(1)
                inside.pop()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not overlap and len(locks) == 0


def test_the_csv_neutralises_formulas_and_links_absolutely(tmp_path) -> None:
    """Issue 42 item 4 (OWASP CSV injection) and issue 40 item 10 (watch links a spreadsheet follows)."""
    import csv
    import io

    app = create_app(tmp_path / "games.sqlite3")
    cls, teacher = classroom.open_class(app.state.store, "5B", links=["http://192.168.1.5:8000/join/x"])
    names = ['=HYPERLINK("http://evil","click")', "+1+cmd|' /C calc'!A0", "-2", "@SUM(A1)", "\tTab", "Ann"]
    with TestClient(app) as client:
        for name in names:
            answer = client.post(f"/api/join/{cls['id']}", json={"name": name, "flow": "free", "opponent": "nimx"})
            assert answer.status_code == 201, answer.text
        rows = list(csv.reader(io.StringIO(client.get(f"/api/class/{teacher}/games.csv").text)))
    players = {row[3] for row in rows[1:]}
    for name in names:
        kept = name.strip() if name.strip() else name
        assert (("'" + kept) if kept[:1] in "=+-@\t\r" else kept) in players or ("'" + name) in players, (name, players)
    for row in rows[1:]:
        assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in row), row
        assert row[-1].startswith("http://192.168.1.5:8000/g/"), row[-1]


def test_every_start_invalidates_every_earlier_teacher_link(tmp_path) -> None:
    """Issue 42 item 5: Monday's teacher link stops working when the server restarts with
    another class or none, not only when the same class is reopened."""
    db = tmp_path / "games.sqlite3"
    app = create_app(db)
    monday, teacher = classroom.open_class(app.state.store, "Monday")
    with TestClient(app) as client:
        assert client.get(f"/api/class/{teacher}").status_code == 200
    app.state.store.close()
    for reopen in (None, "Tuesday"):
        app = create_app(db)                              # a restart, with another class or none
        if reopen:
            classroom.open_class(app.state.store, reopen)
        with TestClient(app) as client:
            assert client.get(f"/api/class/{teacher}").status_code == 404
            assert client.get(f"/api/class/{teacher}/games.csv").status_code == 404
            assert client.get(f"/api/join/{monday['id']}").status_code == 200     # the join link stays
        app.state.store.close()


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_prune_refuses_an_archive_onto_the_database_before_deleting(tmp_path, suffix: str) -> None:
    """Issue 42 item 6: --archive naming the database or its -wal/-shm file is refused, exit 2,
    and every game is still there."""
    import subprocess
    import sys

    from nim.web.store import Store

    db = tmp_path / "games.sqlite3"
    app = create_app(db)
    with TestClient(app) as client:
        for _ in range(3):
            assert client.post("/api/games", json={"flow": "free"}).status_code == 201
    app.state.store.close()
    done = subprocess.run([sys.executable, "-m", "nim", "serve", "--db", str(db), "--prune", "0",
                           "--archive", str(db) + suffix], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "nothing was deleted" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    store = Store(db)
    try:
        assert store.count() == 3
    finally:
        store.close()


def test_one_student_looping_joins_cannot_close_the_class(tmp_path) -> None:
    """Issue 42 item 2: a student's games in progress are bounded; the others still join,
    and the teacher sees who tried."""
    app = create_app(tmp_path / "games.sqlite3")
    cls, teacher = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        codes = [client.post(f"/api/join/{cls['id']}", json={"name": "Mallory", "flow": "free",
                                                              "opponent": "nimx"}).status_code for _ in range(50)]
        assert codes.count(201) == classroom.MAX_OPEN_PER_STUDENT and codes.count(429) == 50 - codes.count(201)
        assert client.post(f"/api/join/{cls['id']}", json={"name": "MALLORY", "flow": "free",
                                                           "opponent": "nimx"}).status_code == 429
        assert client.post(f"/api/join/{cls['id']}", json={"name": "Ann", "flow": "free",
                                                           "opponent": "nimx"}).status_code == 201
        view = client.get(f"/api/class/{teacher}").json()
        assert view["refused"]["Mallory"] == 47 and view["refused"]["MALLORY"] == 1


def test_a_new_name_in_the_same_browser_gets_no_new_share(tmp_path) -> None:
    """Issue 42 item 2, one browser: the join page sends its browser's id; new names typed in
    it share the browser's bound."""
    app = create_app(tmp_path / "games.sqlite3")
    cls, _ = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        codes = [client.post(f"/api/join/{cls['id']}", json={"name": f"Name {n}", "flow": "free", "opponent": "nimx",
                                                              "browser": "a1b2c3d4e5f6"}).status_code
                 for n in range(10)]
        assert codes.count(201) == classroom.MAX_OPEN_PER_STUDENT, codes
        other = client.post(f"/api/join/{cls['id']}", json={"name": "Name 99", "flow": "free", "opponent": "nimx",
                                                             "browser": "ffffeeeeddddcccc"})
        assert other.status_code == 201
