"""A class plays a teacher's family and position (issue 41): shared by the free-play tests of
the families whose boards are new (a graph, Two-Dimensional Nim)."""

from __future__ import annotations

from nim.flows import machine_of


def play_class_game(tmp_path, rules: str, position: str) -> None:
    """The teacher sets {rules, position} as the class's game: two students paired play it to the
    end on its board, and a third is seated against NimX."""
    from starlette.testclient import TestClient

    from nim.web import classroom
    from nim.web.app import create_app

    app = create_app(tmp_path / "games.sqlite3")
    cls, teacher = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        answer = client.post(f"/api/class/{teacher}/switches", json={"game": {"rules": rules, "position": position}})
        assert answer.status_code == 200, answer.text
        assert client.get(f"/api/join/{cls['id']}").json()["game"]["rules"] == f"normal,{rules}"
        join = {"flow": "freeplay", "opponent": "student"}
        joined = [client.post(f"/api/join/{cls['id']}", json=dict(join, name=name)).json() for name in ("Ada", "Bob")]
        game = joined[1]["game"]
        assert game["family_board"]["svg"].startswith("<svg")
        tokens = {joined[0]["seat"]: joined[0]["token"], joined[1]["seat"]: joined[1]["token"]}
        flow = machine_of("freeplay")
        for _ in range(100):
            if game["finished"]:
                break
            text = flow.typed_move(game, flow.options(game)[0])
            answer = client.post(f"/api/games/{game['id']}/move", json={
                "token": tokens[game["to_move"]], "text": text, "version": game["version"]})
            assert answer.status_code == 200, answer.text
            game = answer.json()["game"]
        assert game["finished"] and game["winner"] == game["moves"][-1][0]
        answer = client.post(f"/api/join/{cls['id']}", json={"name": "Cy", "flow": "free", "opponent": "nimx"})
        assert answer.status_code == 201 and answer.json()["game"]["seats"][1]["ai"]
