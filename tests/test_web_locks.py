"""The server keeps a lock only while a request holds or waits for it (issue 42, item 1):
joins to unknown classes and moves on many games leave nothing behind."""

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
