"""Round four of the hostile-input campaign (issue 31), the web server: every case
is a driver that starts a real ``nimcore serve`` on a free port of 127.0.0.1 in
its own process (with ``fuzz_campaign``'s time and memory cap), attacks it, and
stops it. Only loopback addresses are targets; every request loop is bounded.

A driver exits 0 when the server behaved, 1 with a message when it answered
wrongly, 3 when something hung, 5 when the server wrote a traceback (a 500, an
exception at shutdown). ``security`` counts the cases that stand for a promise
to people on the network (a game others can no longer use, a server others can
no longer reach).

    python tests/fuzz_round_four_web.py [PYTHON]    # the table for the interpreter PYTHON
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).parent))

from fuzz_campaign import KINDS, Case, report  # noqa: E402
from fuzz_campaign import campaign as run_campaign  # noqa: E402

#: The items whose cases are about other people on the network (counted as security).
SECURITY = {1, 2, 4, 6}

# -- what every driver starts with: a server, requests, and the verdict -----------------
_SERVER = r'''
import http.client, json, os, signal, socket, sqlite3, subprocess, sys, tempfile, threading, time
FOLDER = tempfile.mkdtemp()
DB = os.path.join(FOLDER, "games.sqlite3")
RUNNING = []

def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]

def start(*extra, db=None, nofile=None, port=None, wait=True):
    port = port or free_port()
    log = tempfile.TemporaryFile()
    argv = [sys.executable, "-m", "nim", "serve", "--port", str(port), "--db", db or DB, *extra]
    def limit():
        if nofile:
            import resource
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=log, stdin=subprocess.DEVNULL,
                             preexec_fn=limit)
    child.port, child.log = port, log
    RUNNING.append(child)
    while wait:
        if child.poll() is not None:
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.05)
    return child

def call(child, method, path, body=None, raw=None, timeout=20):
    conn = http.client.HTTPConnection("127.0.0.1", child.port, timeout=timeout)
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
    answer = conn.getresponse()
    text = answer.read()
    conn.close()
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    return answer.status, parsed, text

def log_of(child):
    child.log.seek(0)
    return child.log.read().decode("utf-8", "replace")

def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def stop(child, sig=signal.SIGINT, within=5.0):
    if child.poll() is None:
        child.send_signal(sig)
        try:
            child.wait(timeout=within)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
            print("the server did not stop within", within, "s:", log_of(child)[-300:])
            sys.exit(3)
    text = log_of(child)
    if "Traceback" in text:
        print(text[-900:])
        sys.exit(5)
    return text

def fail(*message):
    for child in RUNNING:
        if child.poll() is None:
            child.kill()
            child.wait()
    print(*message)
    sys.exit(1)

def check(condition, *message):
    if not condition:
        fail(*message)

def create(child, **options):
    status, body, text = call(child, "POST", "/api/games", options)
    check(status == 201, "create", options, status, text[:300])
    return body["game"], body["token"]
'''

_SURROGATE_DOOR = _SERVER + r'''
server = start()
game, token = create(server, flow="free", mode="hvh")
gid = game["id"]
bad = "\ud800"
attempts = [
    ("POST", "/api/games", {"flow": "free", "mode": "hvh", "name": bad}),
    ("POST", "/api/games", {"flow": "kuet", "name": "a" + bad}),
    ("POST", "/api/games", {"flow": "rajalakshmi", "mode": "hvh", "name": bad}),
    ("POST", "/api/games", {"flow": "free", "rules": bad}),
    ("POST", "/api/games", {"flow": "lab2", "piles": "1 2" + bad}),
    ("POST", "/api/games", {"flow": "lab2", "record": "1\n3\n" + bad}),
    ("POST", "/api/games", {"flow": "free", bad: 1}),
    ("POST", f"/api/games/{gid}/join", {"name": bad}),
    ("POST", f"/api/games/{gid}/move", {"token": bad, "pile": 0, "count": 1, "version": 0}),
    ("POST", "/api/replay", {"text": "1\n3\n" + bad}),
]
for method, path, body in attempts:
    status, answer, text = call(server, method, path, body)
    check(400 <= status < 500 and isinstance(answer, dict) and "error" in answer,
          path, repr(body)[:60], "->", status, text[:200])
status, answer, text = call(server, "GET", f"/api/games/{gid}")
check(status == 200, "the game no longer answers:", status, text[:200])
check(all(seat["name"] != bad for seat in answer["game"]["seats"]), "a lone surrogate was stored")
stop(server)
'''

_SURROGATE_STORED = _SERVER + r'''
server = start()
game, token = create(server, flow="free", mode="hvai", ai="optimal")
gid = game["id"]
stop(server)
# a game stored by an older server, before the door checked strings: a lone surrogate in a name
db = sqlite3.connect(DB)
state = json.loads(db.execute("SELECT state FROM games WHERE id = ?", (gid,)).fetchone()[0])
state["seats"][0]["name"] = "Bad \ud800 name"
state["log"].append("Bad \ud800 name joined.")
db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), gid))
db.commit()
db.close()
server = start()
status, answer, text = call(server, "GET", f"/api/games/{gid}")
check(status == 200, "a stored game with a lone surrogate does not load:", status, text[:200])
pile = next(i for i, p in enumerate(answer["game"]["piles"]) if p)
status, answer, text = call(server, "POST", f"/api/games/{gid}/move",
                            {"token": token, "pile": pile, "count": 1, "version": answer["game"]["version"]})
check(status == 200, "a move on it:", status, text[:200])
for route in ("hint", "why", "analysis", "record"):
    status, _answer, text = call(server, "GET", f"/api/games/{gid}/{route}")
    # a hint, and the analysis of a game in progress, asked without the seat's token are
    # refused (403): they are the player's to move
    check(status in (200, 409) or (route in ("hint", "analysis") and status == 403), route, status, text[:200])
stop(server)
'''

_DEEP = _SERVER + r'''
server = start()
game, token = create(server, flow="free", mode="hvai")
gid = game["id"]
bodies = [b"[" * 3000, b'{"a":' * 3000, b"[" * 100000,
          json.dumps({"flow": "free", "piles": [[[[[[[[[[[1]]]]]]]]]]]}).encode(),
          ('{"flow": "free", "name": ' + "[" * 900 + "]" * 900 + "}").encode(),
          ('{"flow": ' + "[" * 900 + "]" * 900 + "}").encode()]
routes = ["/api/games", f"/api/games/{gid}/join", f"/api/games/{gid}/move", f"/api/games/{gid}/undo",
          f"/api/games/{gid}/next", "/api/replay"]
for route in routes:
    for raw in bodies:
        status, answer, text = call(server, "POST", route, raw=raw)
        check(400 <= status < 500 and isinstance(answer, dict) and answer.get("status") == status,
              route, raw[:30], "->", status, text[:200])
status, _answer, _text = call(server, "GET", f"/api/games/{gid}")
check(status == 200, "the game after the deep bodies:", status)
stop(server)
'''

_TAKE_AND_BREAK = _SERVER + r'''
sys.path.insert(0, TESTS)
import takebreak_oracle
from nim.position import Move

def replayed(code, start, moves):     # the stored moves, each legal by the independent oracle
    heaps = tuple(start)
    for entry in moves:
        move = Move(entry[1], entry[2], split=(entry[3], entry[4]) if len(entry) == 5 else None)
        check(takebreak_oracle.is_option(code, heaps, move), "an illegal move stored:", heaps, entry)
        heaps = takebreak_oracle.apply(heaps, move)
    return list(heaps)

server = start()
for rules, code in (("normal,kayles", "0.77"), ("misere,kayles", "0.77"), ("normal,octal=0.07", "0.07"),
                    ("normal,grundy-game", "grundy-game")):
    game, token = create(server, flow="free", rules=rules, piles="7 5", ai="optimal")
    while not game["finished"]:
        moves = game["heap_moves"]
        pile = next(i for i, listed in enumerate(moves) if listed)
        splits = [m for m in moves[pile] if m[1]]
        count, a, b = (splits or moves[pile])[0]
        status, answer, text = call(server, "POST", f"/api/games/{game['id']}/move",
                                    {"token": token, "pile": pile, "count": count, "version": game["version"],
                                     "split": [a, b] if a else None})
        check(status == 200, rules, "move", pile, count, a, b, "->", status, text[:200])
        game = answer["game"]
        check(game["piles"] == replayed(code, [7, 5], game["moves"]), rules, game["piles"], game["moves"])
    status, again, _text = call(server, "GET", f"/api/games/{game['id']}")
    check(status == 200 and again["game"]["moves"] == game["moves"], rules, "the stored game differs")
    status, _answer, text = call(server, "GET", f"/api/games/{game['id']}/record")
    lines = [line for line in text.decode().split("\n") if not line.startswith("#")]  # the record's facts
    check(lines[3:3 + len(game["moves"])] == [" ".join(map(str, e[1:])) for e in game["moves"]],
          rules, "the record", lines)
    status, answer, text = call(server, "POST", "/api/games",
                                {"flow": "free", "rules": rules, "mode": "hvh", "record": text.decode()})
    check(status == 201 and answer["game"]["moves"] == [[i % 2, *e[1:]] for i, e in enumerate(game["moves"])],
          rules, "the record loads back as another game:", status, text[:300])
# a split the rules do not allow, a malformed split: refused, nothing changed
game, token = create(server, flow="free", rules="normal,kayles", piles="7", mode="hvh")
for body in ({"pile": 0, "count": 1, "split": [1, 1]}, {"pile": 0, "count": 3, "split": [2, 2]},
             {"pile": 0, "count": 1, "split": [1, "5"]}, {"pile": 0, "count": 1, "split": [3]},
             {"pile": 0, "count": 1, "split": 7}, {"pile": 0, "count": 0, "split": [3, 4]}):
    status, answer, text = call(server, "POST", f"/api/games/{game['id']}/move",
                                {"token": token, "version": game["version"], **body})
    check(status == 400 and "error" in answer, body, status, text[:200])
status, answer, _text = call(server, "GET", f"/api/games/{game['id']}")
check(answer["game"]["moves"] == [] and answer["game"]["piles"] == [7], answer["game"]["moves"])
stop(server)
'''.replace("TESTS", repr(str(Path(__file__).parent)))

_TABLE_BOUNDED = _SERVER + r'''
from functools import lru_cache
@lru_cache(maxsize=None)
def mover_wins(rows):      # misère Kayles by brute force: knock down 1 or 2 adjacent pins of a row
    children = set()
    for index, row in enumerate(rows):
        rest = rows[:index] + rows[index + 1:]
        for take in (1, 2):
            for left in range(row - take + 1):
                right = row - take - left
                children.add(tuple(sorted(r for r in rest + (left, right) if r)))
    return not children or any(not mover_wins(child) for child in children)
server = start()
started = time.monotonic()
status, answer, text = call(server, "GET", "/api/table?rules=misere,kayles&upto=60", timeout=40)
took = time.monotonic() - started
check(400 <= status < 500 or status in (200, 503), "table:", status, text[:200])
check(took < 15, f"GET /api/table?rules=misere,kayles&upto=60 took {took:.1f} s")
if status == 200:   # an answer must also be right
    rows = answer["rows"]
    for n in range(1, 11):
        check((rows[n]["value"] > 0) == mover_wins((n,)), "heap", n, rows[n])
status, answer, text = call(server, "GET", "/api/table?rules=misere,kayles&upto=20", timeout=40)
check(status == 200, "a table the browser can show:", status, text[:200])
for n in range(1, 11):
    check((answer["rows"][n]["value"] > 0) == mover_wins((n,)), "heap", n, answer["rows"][n])
stop(server)
'''

_LONG = "/api/table?rules=misere,octal=0.777&upto=30"

_CANCEL = r'''
import time
from nim.web import games, study
from nim.web.budget import Budget
state, _ = games.create_game({"flow": "free", "rules": "misere,set=2;3;7", "mode": "hvh",
                              "piles": [59, 60, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49]})
gone = Budget(60.0)
gone.set()                     # what the server does when the client disconnects
started = time.monotonic()
try:
    study.analysis(state, gone)
except nim.SearchLimitError as error:
    assert error.reason == "cancelled", error.reason
else:
    raise AssertionError("a cancelled analysis ran to its end")
assert time.monotonic() - started < 1.0, time.monotonic() - started
assert Budget(0.0).is_set() and not Budget(60.0).is_set()      # the deadline
try:                           # not cancelled: the same analysis searches until its node limit
    study.analysis(state, Budget(60.0))
except nim.SearchLimitError as error:
    assert error.reason == "nodes", error.reason
'''

_BUSY_HEALTH = _SERVER + r'''
server = start()
results, tables = [], []
def ask():
    try:
        status, answer, _text = call(server, "GET", "LONG", timeout=40)
        results.append(status)
        if status == 200:
            tables.append(answer["rows"])
    except Exception as error:
        results.append(repr(error))
workers = [threading.Thread(target=ask) for _ in range(6)]
for worker in workers:
    worker.start()
time.sleep(0.5)
started = time.monotonic()
status, _answer, _text = call(server, "GET", "/api/health", timeout=30)
took = time.monotonic() - started
check(status == 200 and took < 5, f"health took {took:.1f} s while six tables computed")
for worker in workers:
    worker.join(30)
check(len(results) == 6 and all(r in (200, 503) for r in results), results)
check(all(rows == tables[0] for rows in tables), "six tables computed at once differ")
stop(server)
'''.replace("LONG", _LONG)

_SIGNAL_BUSY = _SERVER + r'''
for sig, expected in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
    server = start()
    game, token = create(server, flow="kuet", name="Ada")
    events = socket.create_connection(("127.0.0.1", server.port))      # a browser watching the game
    events.sendall(f"GET /api/games/{game['id']}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    busy = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]   # long computations
    for sock in busy:
        sock.sendall(b"GET LONG HTTP/1.1\r\nHost: x\r\n\r\n")
    time.sleep(0.5)
    sent = time.monotonic()
    text = stop(server, sig, within=5)
    took = time.monotonic() - sent
    for sock in [events, *busy]:
        sock.close()
    check(took < 1.0, f"{signal.Signals(sig).name}: stopped after {took:.2f} s")
    check(server.returncode == expected, f"{signal.Signals(sig).name}: exit {server.returncode}, not {expected}")
    lines = [line for line in text.splitlines() if line.strip()]
    check(len(lines) == 2 and lines[0].startswith("nimcore serve: ") and lines[1].startswith("nimcore: error: "),
          f"{signal.Signals(sig).name}: stderr is not the start-up line and one line:", lines[-6:])
'''.replace("LONG", _LONG)

_SIGNAL_IDLE = _SERVER + r'''
server = start()
status, _a, _t = call(server, "GET", "/api/health")
check(status == 200, status)
sent = time.monotonic()
text = stop(server, signal.SIGINT)
took = time.monotonic() - sent
check(server.returncode == 130, f"Ctrl-C on an idle server: exit {server.returncode}, not 130")
check(took < 1.0, f"stopped after {took:.2f} s")
lines = [line for line in text.splitlines() if line.strip()]
check(len(lines) == 2 and lines[1] == "nimcore: error: interrupted", lines)
'''

_PARTIAL_CONNECTIONS = _SERVER + r'''
import resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
server = start(nofile=1024)            # a common default: 1,024 open files
held = []
for _ in range(1100):
    try:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=2)
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")   # and then nothing
        held.append(sock)
    except OSError:
        pass
time.sleep(0.5)
started = time.monotonic()
try:
    status, answer, _text = call(server, "GET", "/api/health", timeout=8)
except OSError as error:
    status, answer = repr(error), None
took = time.monotonic() - started
check(status == 200, f"with 1,100 partial connections open, another client got {status} after {took:.1f} s")
for sock in held:
    sock.close()
stop(server)
'''

_STREAMS = _SERVER + r'''
import resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
server = start(nofile=256)            # at most 96 event streams, 192 connections
game, token = create(server, flow="free", mode="hvh", piles="3 4")
streams = []
for _ in range(180):                  # complete requests that hold their connection for good
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
    sock.sendall(f"GET /api/games/{game['id']}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    streams.append(sock)
refused = 0
for sock in streams:
    try:
        head = sock.recv(200)
    except OSError as error:
        fail("an event stream got no answer:", repr(error))
    refused += b" 503 " in head.split(b"\r\n")[0]
check(refused >= 180 - 96, f"only {refused} of 180 event streams were refused")
status, _answer, text = call(server, "POST", f"/api/games/{game['id']}/move",
                            {"token": token, "pile": 0, "count": 1, "version": game["version"]})
check(status == 200, "a move with 180 event streams open:", status, text[:200])
for sock in streams:
    sock.close()
stop(server)
'''

_HEADER_TIMEOUT = _SERVER + r'''
server = start()
slow = socket.create_connection(("127.0.0.1", server.port))
slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")              # the headers never end
idle = socket.create_connection(("127.0.0.1", server.port))          # a keep-alive connection then half a request
idle.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
idle.settimeout(5)
first = idle.recv(65536)
check(b" 200 " in first.split(b"\r\n")[0], first[:80])
idle.sendall(b"GET /api/health HTTP/1.1\r\nHo")
slow.settimeout(20)
idle.settimeout(20)
started = time.monotonic()
for sock, name in ((slow, "a connection with half its headers"), (idle, "a keep-alive connection then half a request")):
    try:
        data = sock.recv(65536)
    except socket.timeout:
        fail(f"{name} was kept open for 20 s")
    check(data in (b"",) or b" 408 " in data.split(b"\r\n")[0], name, data[:80])
took = time.monotonic() - started
check(took < 15, f"closed after {took:.1f} s")
stop(server)
'''

_SLOW_BODY = _SERVER + r'''
server = start()
sock = socket.create_connection(("127.0.0.1", server.port))
sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
sock.settimeout(20)
started = time.monotonic()
try:
    data = sock.recv(65536)
except socket.timeout:
    fail("a body that never ends was waited for 20 s")
check(b" 408 " in data.split(b"\r\n")[0], data[:120])
stop(server)
'''

_DB_DRIVER = _SERVER + r'''
def refused(db, why, before=None):
    child = start(db=db, wait=False)
    try:
        child.wait(timeout=15)
    except subprocess.TimeoutExpired:
        child.kill(); child.wait(); print("serve --db", db, "hung"); sys.exit(3)
    text = log_of(child)
    if "Traceback" in text:
        print(text[-600:]); sys.exit(5)
    check(child.returncode == 2, "--db", db, "exit", child.returncode, text[-200:])
    check(text.count("\n") == 1 and text.startswith("nimcore: error: ") and db in text and why in text,
          "--db", db, repr(text[-300:]))
    if before is not None:
        with open(db, "rb") as handle:
            check(handle.read() == before, "--db", db, "was changed")
text_file = os.path.join(FOLDER, "notes.txt")
with open(text_file, "wb") as handle:
    handle.write(b"my notes, not a database\n" * 40)
refused(text_file, "not an SQLite database", open(text_file, "rb").read())
other = os.path.join(FOLDER, "other.sqlite3")
connection = sqlite3.connect(other)
connection.execute("CREATE TABLE marks (student TEXT, mark INTEGER)")
connection.execute("INSERT INTO marks VALUES ('Ada', 20)")
connection.commit(); connection.close()
refused(other, "another program", open(other, "rb").read())
refused(FOLDER, "folder")
refused("/dev/null", "not a regular file")
refused(os.path.join(text_file, "games.sqlite3"), "cannot")
ours = start()
stop(ours)
'''

_BIND_DRIVER = _SERVER + r'''
blocker = socket.socket()
blocker.bind(("127.0.0.1", 0))
blocker.listen(1)
port = blocker.getsockname()[1]
for argv, where in ((["--host", "127.0.0.1", "--port", str(port)], f"127.0.0.1:{port}"),
                    (["--host", "no-such-host.invalid"], "no-such-host.invalid:")):
    child = subprocess.Popen([sys.executable, "-m", "nim", "serve", "--db", DB, *argv],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        _out, err = child.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        child.kill(); child.wait(); sys.exit(3)
    err = err.decode()
    if "Traceback" in err:
        print(err[-600:]); sys.exit(5)
    check(child.returncode == 2, argv, "exit", child.returncode, err[-200:])
    check(err.count("\n") == 1 and err.startswith(f"nimcore: error: cannot serve on {where}"), argv, repr(err))
blocker.close()
'''

_EVERY_INTERFACE = _SERVER + r'''
for host in ("", "0", "0.0.0.0"):
    server = start("--host", host)
    time.sleep(0.3)
    line = log_of(server).splitlines()[0] if log_of(server) else ""
    status, _a, _t = call(server, "GET", "/api/health")
    check(status == 200, host, status)
    text = stop(server)
    check("every interface" in line, f"--host {host!r}:", line)
    check(f"http://127.0.0.1:{server.port}/" in line, f"--host {host!r}: the addresses are not listed:", line)
    check("reach  on" not in line and "reach 0 " not in line, line)
'''

CASES: List[Case] = [
    Case(1, "serve: a lone surrogate in any string of any route is refused at the door", "driver",
         _SURROGATE_DOOR, None, 40),
    Case(1, "serve: a game stored with a lone surrogate still loads and plays", "driver",
         _SURROGATE_STORED, None, 40),
    Case(2, "serve: bodies nested 3,000 / 100,000 deep, or deep inside a field, on every POST route", "driver",
         _DEEP, None, 40),
    Case(3, "serve: take-and-break games keep NimX's splits exactly (replayed, reloaded, recorded); bad splits refused",
         "driver",
         _TAKE_AND_BREAK, None, 30),
    Case(4, "serve: GET /api/table?rules=misere,kayles&upto=60 answers right or refuses within 15 s", "driver",
         _TABLE_BOUNDED, None, 60),
    Case(4, "the cancel handle of a request whose client left stops its search", "api", _CANCEL, "ok", 40),
    Case(4, "serve: six long tables at once leave the server answering", "driver", _BUSY_HEALTH, None, 60),
    Case(5, "serve: SIGINT and SIGTERM while computing with a game watched: < 1 s, one line, 130 / 143",
         "driver", _SIGNAL_BUSY, None, 60),
    Case(6, "serve: 1,100 partial connections (1,024 files) and another client is served", "driver",
         _PARTIAL_CONNECTIONS, None, 60),
    Case(6, "serve: 180 event streams (256 files): the excess refused, a move still served", "driver",
         _STREAMS, None, 40),
    Case(6, "serve: half-sent headers, also after a keep-alive request, are closed by a timeout", "driver",
         _HEADER_TIMEOUT, None, 40),
    Case(6, "serve: a body that never ends is answered 408", "driver", _SLOW_BODY, None, 40),
    Case(7, "serve --db: a text file, another program's SQLite, a folder, a device, an impossible path",
         "driver", _DB_DRIVER, None, 60),
    Case(17, "serve on a port in use or an unresolvable host: one line, exit 2, nothing announced", "driver",
         _BIND_DRIVER, None, 50),
    Case(18, "serve --host '' / 0 / 0.0.0.0: says every interface and lists the addresses", "driver",
         _EVERY_INTERFACE, None, 40),
    Case(19, "serve: Ctrl-C on an idle server exits 130 with one line, in under a second", "driver",
         _SIGNAL_IDLE, None, 30),
]


def campaign(python: str, only: Optional[Callable[[Case], bool]] = None) -> List[Tuple[Case, str, str]]:
    """Every case of this file (or those ``only`` keeps) under ``python``: (case, outcome, why);
    the cases start their own servers and read no files."""
    return run_campaign(python, only, CASES, lambda folder: {})


def table(results: List[Tuple[Case, str, str]]) -> str:
    """The before/after table: per item, tried / clean / traceback / hang / wrong / memory / security
    (security: the cases not clean among those about other people on the network)."""
    kinds = (*KINDS, "security")
    lines = ["| item | tried | " + " | ".join(kinds) + " |", "|---" * (len(kinds) + 2) + "|"]
    for item in sorted({case.item for case, _, _ in results}) + [0]:
        rows = [(case, outcome) for case, outcome, _ in results if item in (0, case.item)]
        counts = [sum(1 for _c, o in rows if o == kind) for kind in KINDS]
        counts.append(sum(1 for c, o in rows if o != "clean" and c.item in SECURITY))
        lines.append(f"| {item or 'all'} | {len(rows)} | " + " | ".join(map(str, counts)) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    report(campaign, table)
