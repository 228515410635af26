"""``nimcore serve`` under a classroom's load: 1,000 concurrent games on loopback.

    pytest benchmarks/test_web_load.py --benchmark-only -s

A real server (uvicorn, one process, SQLite on disk) is started on a free
loopback port; 1,000 Human vs Human games are opened (both seats joined), then
all of them are played at once, each player "thinking" a random 1 to 3 seconds
between moves (about 500 moves a second in all), 10 moves a game. Each move's
latency is timed from the request to the answer, which comes after the move is
checked, committed to SQLite and sent to the watchers. The figures go in
``extra_info``: median and 99th-percentile move latency, the move rate, and as
the yardstick of the same run, the median latency of the same move request on
an idle server (``idle_median_ms``) with the ratio p99 / idle median.
Target: p99 under 50 ms on a 2-core machine. The run is bounded: about 30 s.

A class (``nimcore serve --class``, issue 32 item 3), same target: 30 students
join the class through its join API and are paired into 15 Human vs Human games,
and 15 of them also play NimX (15 games), all at once, each student thinking
0.5 to 1.5 s between moves, every game played to its end; a move against NimX
is timed with NimX's answer (the optimal player on 3 4 5).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

GAMES = 1000
MOVES_PER_GAME = 10
THINK = (1.0, 3.0)
TARGET_P99_MS = 50.0
PILES = [6, 7, 8, 9]          # 30 objects: every game lasts past MOVES_PER_GAME moves


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(db: Path, port: int) -> "subprocess.Popen[bytes]":
    process = subprocess.Popen([sys.executable, "-m", "nim", "serve", "--port", str(port), "--db", str(db)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2) as answer:
                if json.load(answer)["ok"]:
                    return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


class Connection:
    """One keep-alive HTTP/1.1 connection, spoken directly: a general client's
    connection pool would cost more than the server and blur what is measured."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: Any = None
        self.writer: Any = None

    async def request(self, method: str, path: str, body: Any = None) -> Tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n\r\n")
        self.writer.write(head.encode() + data)
        lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = next(int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:"))
        return status, json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def _open_game(port: int) -> Dict[str, Any]:
    connection = Connection(port)
    status, made = await connection.request("POST", "/api/games", {"flow": "free", "mode": "hvh", "piles": PILES})
    assert status == 201, made
    status, joined = await connection.request("POST", f"/api/games/{made['game']['id']}/join", {})
    return {"id": made["game"]["id"], "tokens": [made["token"], joined["token"]], "connection": connection,
            "version": joined["game"]["version"], "piles": list(PILES), "to_move": 0}


async def _move(game: Dict[str, Any]) -> float:
    pile = max(range(len(game["piles"])), key=lambda i: game["piles"][i])
    body = {"token": game["tokens"][game["to_move"]], "pile": pile, "count": 1, "version": game["version"]}
    started = time.perf_counter()
    status, answer = await game["connection"].request("POST", f"/api/games/{game['id']}/move", body)
    seconds = time.perf_counter() - started
    assert status == 200, answer
    state = answer["game"]
    game.update(version=state["version"], piles=state["piles"], to_move=state["to_move"])
    return seconds


async def _play(game: Dict[str, Any], rng: random.Random, latencies: List[float]) -> None:
    await asyncio.sleep(rng.uniform(0, THINK[1]))          # the class does not start in step
    for _ in range(MOVES_PER_GAME):
        latencies.append(await _move(game))
        await asyncio.sleep(rng.uniform(*THINK))


async def _load(port: int) -> Tuple[List[float], List[float], float]:
    games: List[Dict[str, Any]] = []
    try:
        for start in range(0, GAMES, 50):                   # opened 50 at a time (not timed)
            games += await asyncio.gather(*(_open_game(port) for _ in range(min(50, GAMES - start))))
        idle: List[float] = []
        probe = await _open_game(port)
        games.append(probe)
        for _ in range(20):                                  # the yardstick: one move at a time
            idle.append(await _move(probe))
        rng = random.Random(7)
        latencies: List[float] = []
        started = time.perf_counter()
        await asyncio.gather(*(_play(game, random.Random(rng.random()), latencies) for game in games[:GAMES]))
        return latencies, idle, time.perf_counter() - started
    finally:
        for game in games:
            game["connection"].close()


def _percentile(values: List[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@pytest.mark.benchmark(group="web")
def test_a_thousand_concurrent_games_move_latency(benchmark: Any, tmp_path: Path) -> None:
    port = _free_port()
    server = _start(tmp_path / "load.sqlite3", port)
    figures: Dict[str, Any] = {}
    try:
        def run() -> None:
            latencies, idle, seconds = asyncio.run(_load(port))
            figures.update(moves=len(latencies), seconds=seconds, latencies=latencies, idle=idle)

        benchmark.pedantic(run, rounds=1, iterations=1)
    finally:
        server.terminate()
        server.wait(10)
    latencies = figures["latencies"]
    assert len(latencies) == GAMES * MOVES_PER_GAME
    median_ms = statistics.median(latencies) * 1000
    p99_ms = _percentile(latencies, 0.99) * 1000
    idle_ms = statistics.median(figures["idle"]) * 1000
    benchmark.extra_info.update({
        "games": GAMES, "moves": len(latencies), "moves_per_second": round(len(latencies) / figures["seconds"]),
        "median_ms": round(median_ms, 2), "p99_ms": round(p99_ms, 2), "max_ms": round(max(latencies) * 1000, 2),
        "idle_median_ms": round(idle_ms, 2), "p99_over_idle_median": round(p99_ms / idle_ms, 1),
        "target_p99_ms": TARGET_P99_MS})
    print(f"\n{GAMES} concurrent games, {len(latencies)} moves in {figures['seconds']:.1f} s "
          f"({len(latencies) / figures['seconds']:.0f} moves/s): median {median_ms:.1f} ms, "
          f"p99 {p99_ms:.1f} ms (target < {TARGET_P99_MS:.0f} ms), max {max(latencies) * 1000:.1f} ms; "
          f"idle median {idle_ms:.1f} ms")
    if benchmark.enabled:      # a target, not a check: --benchmark-disable runs the load once
        assert p99_ms < TARGET_P99_MS, f"p99 move latency {p99_ms:.1f} ms, target {TARGET_P99_MS:.0f} ms"


# ---------------------------------------------------------------- a class of 30

STUDENTS = 30
CLASS_THINK = (0.5, 1.5)


def _start_class(db: Path, port: int) -> "Tuple[subprocess.Popen[bytes], str]":
    """``nimcore serve --class`` and its class id (read from the students' link it prints)."""
    log = db.with_suffix(".log")
    with open(log, "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "nim", "serve", "--class", "load", "--port", str(port),
                                    "--db", str(db)], stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"students open http://\S+/join/(\S+)", log.read_text())
        if found:
            _wait_healthy(port)
            return process, found.group(1)
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the class server did not start: {log.read_text()}")


def _wait_healthy(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2) as answer:
                if json.load(answer)["ok"]:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the class server does not answer")


async def _join(port: int, class_id: str, name: str, opponent: str) -> Dict[str, Any]:
    connection = Connection(port)
    status, joined = await connection.request("POST", f"/api/join/{class_id}",
                                              {"name": name, "flow": "free", "opponent": opponent})
    assert status == 201, joined
    return {"connection": connection, "token": joined["token"], "seat": joined["seat"], "game": joined["game"]}


async def _student_move(player: Dict[str, Any], game_id: str, version: int, piles: List[int]) -> Tuple[float, Any]:
    pile = max(range(len(piles)), key=lambda i: piles[i])
    body = {"token": player["token"], "pile": pile, "count": 1, "version": version}
    started = time.perf_counter()
    status, answer = await player["connection"].request("POST", f"/api/games/{game_id}/move", body)
    seconds = time.perf_counter() - started
    assert status == 200, answer
    return seconds, answer["game"]


async def _play_pair(players: List[Dict[str, Any]], rng: random.Random, latencies: List[float]) -> None:
    """Two students in one game, each moving on their turn (the state passes between them
    as a watcher's would: through the answers)."""
    game = players[0]["game"]
    await asyncio.sleep(rng.uniform(0, CLASS_THINK[1]))
    while not game["finished"]:
        mover = next(p for p in players if p["seat"] == game["to_move"])
        seconds, game = await _student_move(mover, game["id"], game["version"], game["piles"])
        latencies.append(seconds)
        await asyncio.sleep(rng.uniform(*CLASS_THINK))


async def _play_nimx(player: Dict[str, Any], rng: random.Random, latencies: List[float]) -> None:
    game = player["game"]
    await asyncio.sleep(rng.uniform(0, CLASS_THINK[1]))
    while not game["finished"]:
        seconds, game = await _student_move(player, game["id"], game["version"], game["piles"])
        latencies.append(seconds)
        await asyncio.sleep(rng.uniform(*CLASS_THINK))


async def _class_load(port: int, class_id: str) -> Tuple[List[float], List[float], List[float], int]:
    opened: List[Dict[str, Any]] = []
    try:
        for index in range(STUDENTS):           # joined in turn: each second student completes a pair
            opened.append(await _join(port, class_id, f"Student {index + 1}", "student"))
        pairs = [opened[i:i + 2] for i in range(0, STUDENTS, 2)]
        for first, second in pairs:
            assert first["game"]["id"] == second["game"]["id"], "the class did not pair two students in turn"
            first["game"] = second["game"]
        solo = [await _join(port, class_id, f"Student {index + 1}", "nimx") for index in range(STUDENTS // 2)]
        opened += solo
        idle: List[float] = []
        probe = await _join(port, class_id, "Probe", "nimx")
        opened.append(probe)
        for _ in range(3):                         # the yardstick: a move against NimX on an idle server
            seconds, probe["game"] = await _student_move(probe, probe["game"]["id"], probe["game"]["version"],
                                                         probe["game"]["piles"])
            idle.append(seconds)
        rng = random.Random(11)
        pair_latencies: List[float] = []
        nimx_latencies: List[float] = []
        await asyncio.gather(*(_play_pair(pair, random.Random(rng.random()), pair_latencies) for pair in pairs),
                             *(_play_nimx(p, random.Random(rng.random()), nimx_latencies) for p in solo))
        return pair_latencies, nimx_latencies, idle, len(pairs) + len(solo)
    finally:
        for player in opened:
            player["connection"].close()


@pytest.mark.benchmark(group="web")
def test_a_class_of_thirty_move_latency(benchmark: Any, tmp_path: Path) -> None:
    port = _free_port()
    server, class_id = _start_class(tmp_path / "class.sqlite3", port)
    figures: Dict[str, Any] = {}
    try:
        def run() -> None:
            pair, nimx, idle, games = asyncio.run(_class_load(port, class_id))
            figures.update(pair=pair, nimx=nimx, idle=idle, games=games)

        benchmark.pedantic(run, rounds=1, iterations=1)
    finally:
        server.terminate()
        server.wait(10)
    latencies = figures["pair"] + figures["nimx"]
    assert figures["games"] == STUDENTS
    p99_ms = _percentile(latencies, 0.99) * 1000
    idle_ms = statistics.median(figures["idle"]) * 1000
    benchmark.extra_info.update({
        "games": figures["games"], "moves": len(latencies),
        "median_ms": round(statistics.median(latencies) * 1000, 2), "p99_ms": round(p99_ms, 2),
        "p99_hvh_ms": round(_percentile(figures["pair"], 0.99) * 1000, 2),
        "p99_nimx_ms": round(_percentile(figures["nimx"], 0.99) * 1000, 2),
        "max_ms": round(max(latencies) * 1000, 2), "idle_nimx_median_ms": round(idle_ms, 2),
        "target_p99_ms": TARGET_P99_MS})
    print(f"\nclass of {STUDENTS}: {figures['games']} games, {len(latencies)} moves: median "
          f"{statistics.median(latencies) * 1000:.1f} ms, p99 {p99_ms:.1f} ms (Human vs Human "
          f"{_percentile(figures['pair'], 0.99) * 1000:.1f} ms, against NimX "
          f"{_percentile(figures['nimx'], 0.99) * 1000:.1f} ms; target < {TARGET_P99_MS:.0f} ms), "
          f"max {max(latencies) * 1000:.1f} ms; idle move against NimX {idle_ms:.1f} ms")
    if benchmark.enabled:      # a target, not a check: --benchmark-disable runs the load once
        assert p99_ms < TARGET_P99_MS, f"p99 move latency {p99_ms:.1f} ms, target {TARGET_P99_MS:.0f} ms"
