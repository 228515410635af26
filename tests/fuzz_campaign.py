"""Round three of the hostile-input campaign (issue 26): every case in its own
interpreter, with a time and a memory cap, classified by what happened.

Each case is one of

* ``cli``: ``python -m nim ARGV`` (stdout to a pipe, or to a file such as
  ``/dev/full``), with the exit status it must end with and, optionally, a
  check of what it wrote;
* ``api``: Python code run after ``import nim``; "ok" when it must run to
  its end (its own asserts check the answers), "error" when it must raise a
  ``nim.NimError``;
* ``driver``: Python code that starts and watches processes itself (signals,
  pseudo-terminals, worker processes) and exits 0 when they behaved, 1 with a
  message when they did not, 3 when one of them hung.

An outcome is one of clean / traceback / hang / wrong / memory: ``memory``
when the process ran out of its memory cap (a ``MemoryError`` or killed for
it), ``hang`` when it passed its time cap, ``wrong`` when it ended without a
traceback but not as promised (a wrong answer or exit status).

    python tests/fuzz_campaign.py [PYTHON]      # the table for the interpreter PYTHON
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

OK, USAGE, LIMIT, OUTPUT, INTERRUPTED = 0, 2, 3, 74, 130
MEMORY_CAP = 1 << 30          # bytes of address space per case
KINDS = ("clean", "traceback", "hang", "wrong", "memory")

#: A check of a cli case's output: (stdout, stderr) -> a complaint, or None when fine.
Check = Callable[[bytes, bytes], Optional[str]]


class Case(NamedTuple):
    item: int                  # the item number
    name: str
    kind: str                  # "cli", "api" or "driver"
    payload: object            # argv (cli) or code (api, driver)
    expected: object = None    # exit status (cli) or "ok"/"error" (api); unused for driver
    timeout: float = 10.0
    stdout: Optional[str] = None          # cli: a file to write stdout to (e.g. /dev/full)
    check: Optional[Check] = None         # cli: a check of stdout and stderr


# -- the files the cases read ({name} in an argv or code) ---------------------------

#: The start of a web case: Starlette's TestClient on a fresh database.
_WEB_CASE = ("import tempfile, warnings\nfrom pathlib import Path\n"
             "with warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n"
             "    from starlette.testclient import TestClient\n"
             "from nim.web.app import create_app\nDB = Path(tempfile.mkdtemp()) / 'games.sqlite3'\n")
#: A class on the web case's database, its teacher's token and a student's join (the body of a ``with``).
_CLASS_CASE = ("from nim.web import classroom\n"
               "def join(client, name, opponent='nimx', **extra):\n"
               "    return client.post(f\"/api/join/{cls['id']}\", json={'name': name, 'opponent': opponent,\n"
               "                                                          'flow': 'free', **extra})\n"
               "app = create_app(DB)\ncls, teacher = classroom.open_class(app.state.store, 'P3')\n"
               "with TestClient(app) as client:\n")


def make_files(folder: Path) -> Dict[str, str]:
    """Write the cases' input files into ``folder``; their paths by name."""
    texts = {
        "ones_20000": "1 " * 20_000,
        "ones_1e6": "1\n" * 10**6,
        "ones_2e6": "1\n" * (2 * 10**6),
        "replay_fullwidth": "2\n\uff13\n4\n0 1\n",
        "replay_arabic": "1\n\u0663\n",
        "replay_huge_pile": "1\n" + "7" * 4000 + "\n0 1\n",
        "replay_huge_half": "1\n" + "7" * 4000 + "\n0 " + "7" * 4000 + "\n",
        "replay_ok": "2\n4\n2\n0 2\n1 2\n",
        "record_series_deep": "# series: " + "[" * 5000 + "]" * 5000 + "\n2\n3\n4\n",
        "record_escapes": ("# rules: normal\n# seat 0: human Ann\x1b[2J\x1b]0;owned\x07\n"
                           "# seat 1: human Bo\x07\n# first: 0\n2\n3\n4\n0 1\n"),
        "tree": "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
        "batch_digits_5000": "1 2\n3 " + "7" * 5000 + "\n",
        "batch_slow": "".join(f"{' '.join(map(str, [28, 28, 2, 3, 3, 12, 27, 6, 24, 26 + k]))}\n"
                              for k in range(64)),
    }
    paths = {name: str(folder / f"{name}.txt") for name in texts}
    for name, text in texts.items():
        Path(paths[name]).write_text(text, encoding="utf-8")
    paths["folder"] = str(folder)
    paths["subtract_20000"] = ",".join(map(str, range(1, 20_001))) + ",20000"   # an argument is at most 128 KiB
    return paths


def _fill(value: object, paths: Dict[str, str]) -> object:
    if isinstance(value, str):
        for name, path in paths.items():
            value = value.replace("{" + name + "}", path)
        return value
    if isinstance(value, list):
        return [_fill(word, paths) for word in value]
    return value


# -- checks ---------------------------------------------------------------------------

def _one_line_error(out: bytes, err: bytes) -> Optional[str]:
    if not err.startswith(b"nimcore: error: ") or err.count(b"\n") != 1:
        return f"stderr is not one error line: {err[:300]!r}"
    return None


def _no_control_characters(out: bytes, err: bytes) -> Optional[str]:
    if b"\x1b" in out + err or b"\x07" in out + err:
        return "a name's ESC or BEL reached the terminal"
    return None


def _small_json(out: bytes, err: bytes) -> Optional[str]:
    import json

    if len(out) > 4096:
        return f"--json wrote {len(out):,} bytes"
    data = json.loads(out)
    if data.get("piles_count") != 10**6 or not data.get("piles_digest"):
        return f"--json lacks the pile count and digest: {sorted(data)}"
    return None


# -- the cases --------------------------------------------------------------------------

_NUMPY_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "intc", "intp", "uintp", "longlong", "ulonglong")

_KI_AFTER_LIMIT = """
import nim.solving.engines as engines
real = engines._minimax_search
def search_then_ctrl_c(search, alphabeta):
    answer = real(search, alphabeta)
    if search.stop_reason is not None:   # stopped on a limit: Ctrl-C lands right now
        raise KeyboardInterrupt
    return answer
engines._minimax_search = search_then_ctrl_c
"""

_SIGNAL_DRIVER = """
import os, signal, subprocess, sys, time
def run(argv, sig, after, within, ok=(130,)):
    child = subprocess.Popen([sys.executable, "-m", "nim", *argv], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    time.sleep(after)
    child.send_signal(sig)
    start = time.monotonic()
    try:
        child.wait(timeout=within)
    except subprocess.TimeoutExpired:
        child.kill(); child.wait()
        print("still running", within, "s after the signal"); sys.exit(3)
    err = child.stderr.read().decode()
    if "Traceback" in err:
        print(err[-600:]); sys.exit(5)
    if child.returncode not in ok:
        print("status", child.returncode, err[-300:]); sys.exit(1)
    return time.monotonic() - start
"""

_WORKERS_DRIVER = _SIGNAL_DRIVER + """
def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found
import tempfile
log = tempfile.TemporaryFile()        # not a pipe: an orphaned worker would hold it open
child = subprocess.Popen([sys.executable, "-m", "nim", "solve", "--batch", "{batch_slow}", "--misere",
                          "--max-take", "3", "--method", "tt", "--workers", "2"],
                         stdout=subprocess.DEVNULL, stderr=log, stdin=subprocess.DEVNULL)
for _ in range(100):
    time.sleep(0.1)
    workers = children(child.pid)
    if len(workers) >= 2:
        break
time.sleep(0.5)
workers = children(child.pid)
child.send_signal(SIGNAL)
try:
    child.wait(timeout=4)
except subprocess.TimeoutExpired:
    child.kill(); child.wait()
    for pid in workers:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    sys.exit(3)
log.seek(0)
err = log.read().decode()
time.sleep(1.0)
alive = [pid for pid in workers if os.path.exists(f"/proc/{pid}")
         and open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"]
for pid in alive:
    os.kill(pid, signal.SIGKILL)
if "Traceback" in err:
    print(err[-800:]); sys.exit(5)
if alive:
    print("orphaned workers:", alive); sys.exit(1)
if child.returncode not in EXPECTED:
    print("status", child.returncode, err[-300:]); sys.exit(1)
"""

_EIO_DRIVER = """
import os, pty, subprocess, sys
controller, terminal = pty.openpty()
child = subprocess.Popen([sys.executable, "-m", "nim", *ARGV], stdout=terminal,
                         stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
os.close(terminal)
os.close(controller)           # the terminal hangs up: every write to it gives EIO
try:
    child.wait(timeout=20)
except subprocess.TimeoutExpired:
    child.kill(); sys.exit(3)
err = child.stderr.read().decode()
if "Traceback" in err:
    print(err[-600:]); sys.exit(5)
if child.returncode != 74 or err.count("\\n") != 1 or not err.startswith("nimcore: error: "):
    print("status", child.returncode, repr(err[-300:])); sys.exit(1)
"""

CASES: List[Case] = [
    # 1: an iterator of piles that are not plain ints
    Case(1, "Position of a generator of np.int64", "api",
         "import numpy as np\nassert nim.Position(np.int64(p) for p in [1, 2, 4]).piles == (1, 2, 4)", "ok"),
    Case(1, "solve a generator of every NumPy integer type", "api",
         "import numpy as np\n"
         f"for name in {_NUMPY_DTYPES!r}:\n"
         "    kind = getattr(np, name)\n"
         "    assert nim.Position(kind(p) for p in [1, 2, 4]).piles == (1, 2, 4), name\n"
         "    assert nim.solve(nim.Position(kind(p) for p in [1, 2, 4])).move == nim.solve([1, 2, 4]).move, name\n"
         "    assert nim.Position(iter(np.array([1, 2, 4], dtype=kind))).piles == (1, 2, 4), name\n",
         "ok"),
    Case(1, "Position of a generator of an int subclass", "api",
         "class Size(int): pass\nassert nim.Position(Size(p) for p in [3, 5]).piles == (3, 5)", "ok"),
    Case(1, "Position of an iterator with a bad item", "api", "nim.Position(iter([1, 'a', 3]))", "error"),
    Case(1, "Position of an iterator with a bool", "api", "nim.Position(iter([1, True]))", "error"),
    Case(1, "Position of an iterator with a negative NumPy int", "api",
         "import numpy as np\nnim.Position(iter(np.array([1, -2])))", "error"),
    Case(1, "Position of an iterator with a NumPy bool", "api",
         "import numpy as np\nnim.Position(iter(np.array([True, False])))", "error"),
    Case(1, "ida, depth_limited, explain of a NumPy generator", "api",
         "import numpy as np\n"
         "g = lambda: (np.int32(p) for p in [1, 3, 5])\n"
         "assert nim.solving.ida(g()).move == nim.solving.ida([1, 3, 5]).move\n"
         "assert nim.solving.depth_limited(g(), depth=2).value == nim.solving.depth_limited([1, 3, 5], depth=2).value\n"
         "assert nim.explain(g()).text == nim.explain([1, 3, 5]).text\n"
         "assert nim.trees.NimGame(g()).initial == nim.trees.NimGame([1, 3, 5]).initial\n"
         "assert nim.analyze(g()) == nim.analyze([1, 3, 5])\n"
         "assert nim.Solver().values([g()]).tolist() == [nim.solve([1, 3, 5]).value]\n"
         "assert nim.solve_many([g()])[0].move == nim.solve([1, 3, 5]).move\n"
         "g = lambda: (np.int32(p) for p in [1, 2, 2])\n"
         "assert nim.study.build_game_tree(g()).visited == nim.study.build_game_tree([1, 2, 2]).visited\n", "ok"),
    Case(1, "OpenSpiel helpers of a NumPy generator", "api",
         "import numpy as np\nfrom nim.interop.openspiel import game_string, load_game\n"
         "g = lambda: (np.uint8(p) for p in [1, 3, 5])\n"
         "assert game_string(g()) == game_string([1, 3, 5])\n"
         "assert str(load_game(g()).new_initial_state()) == str(load_game([1, 3, 5]).new_initial_state())\n",
         "ok"),
    # 2: nim.explain is the function, whatever was imported first
    Case(2, "nim.explain after nim.solving.Explanation", "api",
         "nim.solving.Explanation\nassert callable(nim.explain), nim.explain", "ok"),
    Case(2, "from nim.solving import Explanation; from nim import explain", "api",
         "from nim.solving import Explanation\nfrom nim import explain as e\nassert callable(e), e\n"
         "assert callable(nim.explain)", "ok"),
    Case(2, "nim.explain after import nim.solving.explain (its module)", "api",
         "import nim.solving.explain as module\nfrom nim.solving.explain import Explanation\n"
         "assert callable(nim.explain), nim.explain\nassert nim.explain([1, 2]).text", "ok"),
    Case(2, "no public name of any nim package is a module", "api",
         "import importlib, pkgutil, types\n"
         "packages = [nim] + [importlib.import_module(m.name) for m in pkgutil.walk_packages(nim.__path__, 'nim.')\n"
         "            if m.ispkg and m.name != 'nim.interop.envs']\n"
         "for m in list(pkgutil.walk_packages(nim.__path__, 'nim.')):\n"
         "    if not m.name.startswith('nim.interop.'): importlib.import_module(m.name)\n"
         "for package in packages:\n"
         "    for name in getattr(package, '__all__', []):\n"
         "        value = getattr(package, name)\n"
         "        assert not isinstance(value, types.ModuleType), (package.__name__, name)\n", "ok"),
    # 3: Ctrl-C just before a search stops on a limit
    Case(3, "solve: Ctrl-C as the search stops on its node limit", "api",
         _KI_AFTER_LIMIT + "try:\n    nim.solve([1, 2, 3, 4, 5, 6], 'misere', 'minimax', node_limit=100)\n"
         "except KeyboardInterrupt:\n    pass\nelse:\n    raise AssertionError('no KeyboardInterrupt')\n", "ok"),
    Case(3, "cli solve: Ctrl-C as the search stops on its node limit", "driver",
         _KI_AFTER_LIMIT + "from nim.cli import main\n"
         "status = main(['solve', '1', '2', '3', '4', '5', '6', '--misere', '--method', 'minimax',"
         " '--node-limit', '100'])\n"
         "assert status == 130, status\n"),
    Case(3, "tournament: Ctrl-C as a player's search stops on its budget", "driver",
         _KI_AFTER_LIMIT + "import nim.play.players as players\nplayers.MINIMAX_NODE_LIMIT = 5\n"
         "from nim.cli import main\n"
         "status = main(['tournament', '--strategies', 'minimax,random', '--games', '4', '--seed', '1'])\n"
         "assert status == 130, status\n"),
    Case(3, "play aivai: Ctrl-C as a player's search stops on its budget", "driver",
         _KI_AFTER_LIMIT + "import nim.play.players as players\nplayers.MINIMAX_NODE_LIMIT = 5\n"
         "from nim.cli import main\n"
         "status = main(['play', '--mode', 'aivai', '--piles', '3', '4', '5', '--seed', '1', '--ai', 'minimax'])\n"
         "assert status == 130, status\n"),
    Case(3, "tournament: real SIGINT ends it with 130", "driver",
         _SIGNAL_DRIVER + "run(['tournament', '--strategies', 'minimax,alphabeta,optimal,random', '--games',"
         " '10000', '--seed', '1'], signal.SIGINT, 1.5, 3)\n", None, 15),
    # 4: unbounded work outside the limits
    Case(4, "solve 20,000 piles of 1 --all-moves --time-limit 1", "cli",
         ["solve", *["1"] * 20_000, "--all-moves", "--time-limit", "1"], OK, 15),
    Case(4, "solve 20,000 piles of 1 --all-moves --max-take 3 --time-limit 1", "cli",
         ["solve", "--file", "{ones_20000}", "--all-moves", "--max-take", "3", "--time-limit", "1"], OK, 15),
    # its one child search is O(piles) a node: the limits stop it, in bounded memory
    Case(4, "analyze [1] * 10**6, time_limit=2", "api",
         "try:\n    nim.analyze([1] * 10**6, time_limit=2)\nexcept nim.SearchLimitError:\n    pass", "ok", 20),
    Case(4, "analyze [1] * 10**6 misere max 3, node_limit=1000", "api",
         "try:\n    nim.analyze([1] * 10**6, 'misere,max=3', node_limit=1000)\n"
         "except nim.SearchLimitError:\n    pass", "ok", 20),
    Case(4, "analyze [1] * 300 + [2] misere max 3: every move, right", "api",
         "rows = nim.analyze([1] * 300 + [2], 'misere,max=3')\n"
         "assert len(rows) == 302 and rows[0].value == -1 and rows[-1].value == 1, rows[-2:]\n"
         "assert rows[-1].move == (300, 1) and rows[0].depth == 300 and rows[-1].depth == 301", "ok", 20),
    Case(4, "analyze [2] * 30000 + [3] under set 1;2, time_limit=1", "api",
         "try:\n    nim.analyze([2] * 30000 + [3], 'normal,set=1;2', time_limit=1)\n"
         "except nim.SearchLimitError:\n    pass\n", "ok", 15),
    Case(4, "IDA* on 200,000 piles of 1, time_limit=1: the path, or the limit", "api",
         "try:\n    result = nim.solving.ida([1] * 200000, time_limit=1)\nexcept nim.SearchLimitError:\n    pass\n"
         "else:\n    assert result.move == (0, 1) and result.path_length == result.nodes == 200000, result\n",
         "ok", 10),
    Case(4, "IDA* on 2,000,000 piles of 1: SIGINT ends it at once", "driver",
         _SIGNAL_DRIVER + "run(['solve', '--file', '{ones_2e6}', '--method', 'ida'], signal.SIGINT, 2.5, 2,"
         " ok=(0, 130))\n", None, 20),
    Case(4, "alphabeta on 200,000 piles of 1, time_limit=1", "api",
         "nim.solve([1] * 200000, method='alphabeta', time_limit=1)", "error", 10),
    Case(4, "depth_limited on 200,000 piles of 1, time_limit=1", "api",
         "nim.solving.depth_limited([1] * 200000, depth=100000, time_limit=1)", "error", 10),
    Case(4, "nested list of 2**31 shared nodes, node_limit=10", "api",
         "t = 1\nfor _ in range(30):\n    t = [t, t]\nnim.trees.solve_tree(t, node_limit=10)", "error"),
    Case(4, "nested tuple of 2**31 shared nodes, Fraction leaf", "api",
         "from fractions import Fraction\nt = Fraction(1)\nfor _ in range(30):\n    t = (t, t)\n"
         "nim.trees.solve_tree(t, node_limit=10)", "error"),
    Case(4, "shared sub-lists: the answer and node counts of the unfolded copy", "api",
         "import random\nrandom.seed(5)\n"
         "for _ in range(40):\n"
         "    pool = [random.randint(-9, 9) for _ in range(3)]\n"
         "    for _ in range(8):\n"
         "        pool.append([random.choice(pool) for _ in range(random.randint(1, 3))])\n"
         "    tree = pool[-1] if isinstance(pool[-1], list) else [pool[-1]]\n"
         "    for method in ('Minimax', 'AlphaBeta'):\n"
         "        shared = nim.trees.solve_tree(tree, method)\n"
         "        unfolded = nim.trees.solve_tree(eval(repr(tree)), method)\n"
         "        fields = lambda s: (s.value, s.best_index, s.nodes, s.best_nodes)\n"
         "        assert fields(shared) == fields(unfolded), (tree, shared, unfolded)\n",
         "ok"),
    Case(4, "subtraction set of 40,001 members, the last repeated", "api",
         "nim.Rules(take='set', subtract=list(range(1, 40001)) + [40000])", "error"),
    Case(4, "cli: --subtract of 20,001 members, the last repeated", "cli",
         ["solve", "7", "--subtract", "{subtract_20000}"], USAGE),
    Case(4, "solve --batch --workers 2: SIGINT", "driver",
         _WORKERS_DRIVER.replace("SIGNAL", "signal.SIGINT").replace("EXPECTED", "(130,)"), None, 20),
    Case(4, "solve --batch --workers 2: SIGTERM", "driver",
         _WORKERS_DRIVER.replace("SIGNAL", "signal.SIGTERM").replace("EXPECTED", "(-15, 143)"), None, 20),
    # 5: input caps everywhere
    Case(5, "replay /dev/zero", "cli", ["replay", "/dev/zero"], USAGE),
    # issue 42, items 17 and 18: a record's series nested 5,000 deep; ESC and BEL in its names
    Case(17, "replay a record whose series is nested 5000 deep", "cli", ["replay", "{record_series_deep}"],
         USAGE, 10, None, _one_line_error),
    Case(17, "play --load a record whose series is nested 5000 deep", "cli",
         ["play", "--load", "{record_series_deep}"], USAGE, 10, None, _one_line_error),
    Case(18, "replay --record a record with ESC and BEL in its names", "cli",
         ["replay", "{record_escapes}", "--record"], OK, 10, None, _no_control_characters),
    Case(5, "replay a file of fullwidth digits", "cli", ["replay", "{replay_fullwidth}"], USAGE),
    Case(5, "replay a file of Arabic-Indic digits", "cli", ["replay", "{replay_arabic}"], USAGE),
    Case(5, "replay --node-limit fullwidth", "cli", ["replay", "{replay_ok}", "--node-limit", "\uff13"], USAGE),
    Case(5, "replay --node-limit 1_000", "cli", ["replay", "{replay_ok}", "--node-limit", "1_000"], USAGE),
    Case(5, "parse_replay with fullwidth digits", "api", "nim.study.parse_replay('2\\n\\uff13\\n4\\n')", "error"),
    Case(5, "solve --batch with a 5000-digit pile", "cli", ["solve", "--batch", "{batch_digits_5000}"], USAGE),
    Case(5, "solve --batch of a folder", "cli", ["solve", "--batch", "{folder}"], USAGE),
    Case(5, "solve --batch /dev/zero", "cli", ["solve", "--batch", "/dev/zero"], USAGE),
    Case(5, "play (hvh) with stdin /dev/zero", "driver",
         "import subprocess, sys\n"
         "for argv in (['play', '--mode', 'hvh', '--piles', '3', '4', '5'],\n"
         "             ['play', '--style', 'forejune', '--piles', '20']):\n"
         "    done = subprocess.run([sys.executable, '-m', 'nim', *argv], stdin=open('/dev/zero', 'rb'),\n"
         "                          capture_output=True, timeout=8)\n"
         "    err = done.stderr.decode()\n"
         "    if 'Traceback' in err: print(err[-500:]); sys.exit(5)\n"
         "    assert done.returncode == 2 and err.startswith('nimcore: error: ') and err.count('\\n') == 1, err\n",
         None, 20),
    # 6: huge piles in move listings
    Case(6, "solve 2**63 --all-moves --no-depth", "cli",
         ["solve", str(2**63), "--all-moves", "--no-depth"], USAGE, 10, None, _one_line_error),
    Case(6, "solve 2**64 --all-moves --no-depth", "cli",
         ["solve", str(2**64), "--all-moves", "--no-depth"], USAGE, 10, None, _one_line_error),
    Case(6, "solve 3999999 --all-moves --no-depth: past the listing bound", "cli",
         ["solve", "3999999", "--all-moves", "--no-depth"], USAGE, 20, None, _one_line_error),
    Case(6, "solve 300000 --all-moves --no-depth: listed within the memory cap", "cli",
         ["solve", "300000", "--all-moves", "--no-depth"], OK, 30),
    Case(6, "analyze [2**64], depth=False", "api", "nim.analyze([2**64], depth=False)", "error"),
    Case(6, "analyze [2**64] under max 3: answered by theory (three moves, each a loss)", "api",
         "assert [(a.move.count, a.value) for a in nim.analyze([2**64], 'normal,max=3', depth=False)]"
         " == [(3, -1), (2, -1), (1, -1)]", "ok"),
    Case(6, "replay: a 4000-digit pile", "cli", ["replay", "{replay_huge_pile}"], OK),
    Case(6, "replay: a 4000-digit pile under max 3, an illegal move", "cli",
         ["replay", "{replay_huge_pile}", "--max-take", "3", "--misere"], OK),
    Case(6, "replay: a 4000-digit pile under half, an illegal move", "cli",
         ["replay", "{replay_huge_half}", "--half"], USAGE, 10, None, _one_line_error),
    Case(6, "a player's move on a pile of 2**64", "api",
         "from nim.play.strategies import make_strategy\nimport random\n"
         "for name in ('random', 'optimal', 'alphabeta', 'minimax', 'ida', 'level:2', 'nimsum'):\n"
         "    try:\n"
         "        move = make_strategy(name).choose_move((2**64, 3), 'normal', random.Random(1))\n"
         "    except nim.NimError:       # a search engine's clear refusal\n"
         "        assert name in ('alphabeta', 'minimax', 'ida', 'level:2'), name\n"
         "        continue\n"
         "    assert nim.Position((2**64, 3)).is_legal(move), (name, move)\n"
         "assert make_strategy('random').choose_move((5, 3), 'normal', random.Random(7)) == "
         "random.Random(7).choice(list(nim.Position((5, 3)).moves()))\n", "ok"),
    # 7: output that cannot be written
    *[Case(7, f"{' '.join(argv[:2])} > /dev/full", "cli", argv, OUTPUT, 10, "/dev/full", _one_line_error)
      for argv in (["solve", "1", "2", "3"], ["solve", "1", "2", "3", "--json"],
                   ["solve", "1", "3", "5", "--all-moves"], ["table", "--upto", "100"],
                   ["tree", "1", "2"], ["tree-solve", "{tree}"], ["replay", "{replay_ok}"],
                   ["tournament", "--strategies", "random,optimal", "--games", "2", "--seed", "1"],
                   ["play", "--mode", "aivai", "--piles", "3", "4", "5", "--seed", "1"],
                   ["solve", "--batch", "{replay_ok}"], ["--help"], ["solve", "--help"])],
    Case(7, "solve with stdout a hung-up terminal (EIO)", "driver",
         "ARGV = ['table', '--upto', '100000']\n" + _EIO_DRIVER, None, 25),
    # 8: --json of a huge position
    Case(8, "solve --file (10**6 piles) --json", "cli", ["solve", "--file", "{ones_1e6}", "--json"], OK, 10,
         None, _small_json),
    # round five (issue 42), item 1: joins to unknown classes keep no lock; item 3: no help mid-game
    Case(1, "round five: 500 joins with random 30 kB class ids keep no lock", "api",
         _WEB_CASE + "import secrets\nfrom nim.web import classroom\n"
         "with TestClient(create_app(DB)) as client:\n"
         "    for _ in range(500):\n"
         "        answer = client.post('/api/join/' + secrets.token_hex(15000), json={'name': 'E'})\n"
         "        assert answer.status_code in (404, 414), answer.status_code\n"
         "assert len(classroom._locks) == 0, len(classroom._locks)\n", "ok", 60),
    Case(3, "round five: the analysis of a class game mid-game with hints off, with and without a token",
         "api", _WEB_CASE + "from nim.web import classroom\n"
         "app = create_app(DB)\ncls, teacher = classroom.open_class(app.state.store, 'P3')\n"
         "with TestClient(app) as client:\n"
         "    ada = client.post(f\"/api/join/{cls['id']}\", json={'name': 'Ada'}).json()\n"
         "    bob = client.post(f\"/api/join/{cls['id']}\", json={'name': 'Bob'}).json()\n"
         "    client.post(f'/api/class/{teacher}/switches', json={'hints': False})\n"
         "    for token in (None, ada['token'], bob['token'], 'forged'):\n"
         "        headers = {'X-Seat-Token': token} if token else {}\n"
         "        code = client.get(f\"/api/games/{bob['game']['id']}/analysis\", headers=headers).status_code\n"
         "        assert code in (403, 409), (token, code)\n", "ok", 60),
    # round five (issue 42), items 2, 4, 5, 6 and (issue 40) 1 and 9: the class against its members
    Case(2, "round five: one name loops 60 joins against NimX, new names from its browser, then another student",
         "api", _WEB_CASE + _CLASS_CASE +
         "    codes = [join(client, 'Mal').status_code for _ in range(60)]\n"
         "    most = classroom.MAX_OPEN_PER_STUDENT\n"
         "    assert codes == [201] * most + [429] * (60 - most), codes\n"
         "    codes = [join(client, f'M{k}', browser='abcdef123456').status_code for k in range(10)]\n"
         "    assert codes == [201] * most + [429] * (10 - most), codes\n"
         "    assert join(client, 'Ann').status_code == 201\n"
         "    assert 'Mal' in client.get(f'/api/class/{teacher}').json()['refused']\n", "ok", 60),
    Case(4, "round five: names =HYPERLINK, =cmd|, +, -, @ in the class CSV are not formulas", "api",
         _WEB_CASE + _CLASS_CASE +
         "    import csv, io\n"
         "    names = ['=HYPERLINK(\"http://x.example\",\"x\")', \"=cmd|' /C calc'!A0\", '+1+1', '-2', '@SUM(A1)']\n"
         "    for name in names:\n"
         "        assert join(client, name).status_code == 201\n"
         "    rows = list(csv.reader(io.StringIO(client.get(f'/api/class/{teacher}/games.csv').text)))\n"
         "    bad = [c for row in rows[1:] for c in row if c[:1] in ('=', '+', '-', '@', '\\t', '\\r')]\n"
         "    assert not bad, bad\n"
         "    assert sorted(row[3] for row in rows[1:]) == sorted(\"'\" + n for n in names), rows\n"
         "    assert all(row[9].startswith('http') for row in rows[1:]), rows\n", "ok", 60),
    Case(5, "round five: Monday's teacher link after restarts with no class, another class, the same class",
         "api", _WEB_CASE + _CLASS_CASE +
         "    assert client.get(f'/api/class/{teacher}').status_code == 200\n"
         "app.state.store.close()\n"
         "for again in (None, 'Other', 'P3'):\n"
         "    app = create_app(DB)\n"
         "    if again:\n"
         "        classroom.open_class(app.state.store, again)\n"
         "    with TestClient(app) as client:\n"
         "        for path in ('', '/games.csv'):\n"
         "            code = client.get(f'/api/class/{teacher}{path}').status_code\n"
         "            assert code == 404, (again, path, code)\n"
         "    app.state.store.close()\n", "ok", 60),
    Case(6, "round five: serve --prune --archive onto the database, its -wal, -shm, a link, a relative name",
         "api", _WEB_CASE + _CLASS_CASE +
         "    assert join(client, 'Ada').status_code == 201\n"
         "app.state.store.close()\n"
         "import os, sqlite3, subprocess, sys\n"
         "link = DB.parent / 'link.jsonl'\nlink.symlink_to(DB)\n"
         "for archive in (DB, f'{DB}-wal', f'{DB}-shm', link, DB.parent / '.' / DB.name):\n"
         "    done = subprocess.run([sys.executable, '-m', 'nim', 'serve', '--db', str(DB), '--prune', '0',\n"
         "                           '--archive', str(archive)], capture_output=True, text=True, timeout=30)\n"
         "    assert 'Traceback' not in done.stderr, done.stderr[-400:]\n"
         "    assert done.returncode == 2 and done.stderr.count('\\n') == 1, (archive, done.returncode, done.stderr)\n"
         "    with sqlite3.connect(DB) as raw:\n"
         "        assert raw.execute('SELECT COUNT(*) FROM games').fetchone()[0] == 1, archive\n", "ok", 90),
    Case(1, "round five (40.1): tree, table and replay from a class game while hints are off", "api",
         _WEB_CASE + _CLASS_CASE +
         "    ada, bob = join(client, 'Ada', 'student').json(), join(client, 'Bob', 'student').json()\n"
         "    game = bob['game']['id']\n"
         "    client.post(f'/api/class/{teacher}/switches', json={'hints': False})\n"
         "    for token in (None, ada['token'], bob['token'], 'forged'):\n"
         "        headers = {'X-Seat-Token': token} if token else {}\n"
         "        for method, url, body in (('GET', f'/api/table?upto=9&game={game}', None),\n"
         "                                  ('GET', f'/api/tree?piles=3&game={game}', None),\n"
         "                                  ('POST', '/api/replay', {'text': '1\\n3\\n0 1\\n', 'game': game})):\n"
         "            code = client.request(method, url, json=body, headers=headers).status_code\n"
         "            assert code == 403, (url, token, code)\n"
         "    for bad in (['x'], 3, {'a': 1}, 'x' * 41, '\\u202e'):\n"
         "        code = client.post('/api/replay', json={'text': '1\\n3\\n', 'game': bad}).status_code\n"
         "        assert code in (400, 404), (bad, code)\n", "ok", 60),
    Case(9, "round five (40.9): the class's game set to hostile rules, piles and draws", "api",
         _WEB_CASE + _CLASS_CASE +
         "    before = client.get(f\"/api/join/{cls['id']}\").json()['game']\n"
         "    for game in ({'rules': 'normal,octal=0.' + '7' * 5000},\n"
         "                 {'rules': 'misere,kayles', 'piles': '9' * 5000},\n"
         "                 {'rules': 'normal', 'piles': [10 ** 100]}, {'rules': 'normal', 'piles': [3] * 13},\n"
         "                 {'rules': 'normal', 'piles': [-1]}, {'rules': 'normal', 'piles': [True]},\n"
         "                 {'rules': 'normal', 'draw': {'count': 10 ** 9, 'low': 1, 'high': 2}},\n"
         "                 {'rules': 'normal', 'draw': {'count': 2, 'low': 0, 'high': 61}},\n"
         "                 {'rules': 'normal', 'draw': [1, 2, 3]}, {'rules': None}, {'rules': '\\u0000'},\n"
         "                 {'rules': 'normal', 'piles': {'a': 1}}, [], 'kayles', None):\n"
         "        answer = client.post(f'/api/class/{teacher}/switches', json={'game': game})\n"
         "        assert answer.status_code == 400 and answer.json()['error'], (game, answer.status_code)\n"
         "    assert client.get(f\"/api/join/{cls['id']}\").json()['game'] == before\n"
         "    assert join(client, 'Ada').status_code == 201\n", "ok", 60),
]


# -- round five (issue 42, items 8-16; issue 40, item 12): the quotient engine's cache and
# take-and-break solving. Each case runs with a cache folder of its own (the api cases make
# one; tests/test_fuzz.py sets NIMCORE_CACHE_DIR for the cli cases). An api case's own
# asserts check the answers.

_OWN_CACHE = ("import os, json, tempfile\nos.environ['NIMCORE_CACHE_DIR'] = tempfile.mkdtemp()\n"
              "from nim.takebreak import misere_quotient, quotient_cache, cache\n")
_FORGE = _OWN_CACHE + ("misere_quotient('kayles')\np = quotient_cache.cache_path('0.77', None)\n"
                       "d = json.loads(p.read_text())\n{forge}\np.write_text(json.dumps(d))\n")
_IN_PLACE = _OWN_CACHE + ("folder = quotient_cache.cache_dir(); folder.mkdir(parents=True)\n"
                          "for p in (quotient_cache.cache_path('0.77', None), quotient_cache.partial_path('0.77'),"
                          " cache.cache_path('0.77')):\n    {make}\n"
                          "assert cache.load_values('0.77') is None\n"
                          "q = misere_quotient('kayles'); assert q.proven and q.order == 40\n")
_SEQUENCE_HEADER = _OWN_CACHE + ("p = cache.cache_path('0.07'); p.parent.mkdir(parents=True, exist_ok=True)\n"
                                 "p.write_bytes({header} + b'\\n' + bytes(10))\n"
                                 "assert cache.load_values('0.07') is None\n"
                                 "assert nim.solve([40, 41], 'dawson-kayles').value in (-1, 1)\n")
_K = "q = misere_quotient('kayles')\n"

ROUND_FIVE_QUOTIENT: List[Case] = [
    Case(8, "quotient file: order Infinity", "api",
         _FORGE.format(forge="d['order'] = float('inf')") + "assert misere_quotient('kayles').order == 40", "ok"),
    Case(8, "quotient file: a table entry 2**40, then a misère Kayles solve", "api",
         _FORGE.format(forge="d['table'][3][3] = 2**40")
         + "assert nim.solve([5, 7], 'misere,kayles').method == 'quotient'", "ok"),
    Case(8, "quotient file: bound 1e308", "api",
         _FORGE.format(forge="d['bound'] = 1e308") + "assert misere_quotient('kayles').proven", "ok"),
    Case(8, "quotient file: growth forged but self-consistent", "api",
         _FORGE.format(forge="d['growth'] = [[1, 2], [3, 40]]")
         + "from nim.takebreak import quotient as e\ne._PARTIALS.clear()\n"
         + "assert (3, 40) not in misere_quotient('kayles').growth", "ok"),
    Case(9, "a named pipe in place of each cache file", "api", _IN_PLACE.format(make="os.mkfifo(p)"), "ok", 30),
    Case(9, "a link to /dev/zero in place of each cache file", "api",
         _IN_PLACE.format(make="p.symlink_to('/dev/zero')"), "ok", 30),
    Case(9, "a quotient file of 190 MB (under the cap) whose numbers fill 1 GiB as objects", "api", _OWN_CACHE + (
        "folder = quotient_cache.cache_dir(); folder.mkdir(parents=True)\n"
        "row = b'[' + b'1000,' * 9999 + b'1000]'\n"
        "with open(quotient_cache.cache_path('0.77', None), 'wb') as out:\n"
        "    out.write(b'{\"game\":\"0.77\",\"order\":10000,\"table\":[' + b','.join([row] * 4000) + b']}')\n"
        "q = misere_quotient('kayles'); assert q.proven and q.order == 40\n"), "ok", 60),
    Case(9, "a .nimseq header nested 5,000 deep", "api", _SEQUENCE_HEADER.format(header="b'[' * 5000"), "ok"),
    Case(9, "a .nimseq header claiming 2**40 heaps", "api", _SEQUENCE_HEADER.format(
        header="json.dumps({'format': 'nimcore-sequence-1', 'game': '0.07', 'heaps': 2**40, 'itemsize': 2,"
               " 'sha256': 'x'}).encode()"), "ok"),
    Case(11, "a forged wall's at_least is not passed on", "api", _OWN_CACHE + (
        "from nim.takebreak import quotient as e\nmisere_quotient('0.16', seconds=1)\n"
        "p = quotient_cache.partial_path('0.16'); d = json.loads(p.read_text())\n"
        "d['wall'].update(at_least=10**9, message='FORGED')\n"
        "p.write_text(json.dumps(d)); e._WALLS_PROVEN_HERE.clear(); e._PARTIALS.clear()\n"
        "q = misere_quotient('0.16', seconds=1)\n"
        "assert q.next_order_at_least != 10**9 and 'FORGED' not in (q.stopped or '')\n"), "ok", 30),
    Case(13, "misere_quotient with NumPy integers", "api",
         "import numpy as np\nfrom nim.octal import misere_quotient\n"
         "assert misere_quotient('kayles', np.int64(10), cache=False).bound == 10", "ok"),
    *[Case(13, f"q.{call}", "api", "from nim.octal import misere_quotient\n" + _K + f"q.{call}", "error")
      for call in ("is_lost(5)", "element_name(1.5)", "element_name(None)", "winning_move(5)",
                   "element(None)", "product(['3'])")],
    Case(12, "quotient 0.3", "cli", ["quotient", "0.3"], OK),
    Case(12, "quotient 0.33 --json", "cli", ["quotient", "0.33", "--json"], OK),
    Case(12, "quotient misere,max=2 (a take rule): one line", "cli", ["quotient", "misere,max=2"], USAGE),
    Case(14, "solve 2**63 5 --game kayles --misere", "cli",
         ["solve", str(2**63), "5", "--game", "kayles", "--misere"], OK),
    Case(14, "solve 2**64 --game kayles --misere --explain", "cli",
         ["solve", str(2**64), "--game", "kayles", "--misere", "--explain"], OK),
    Case(14, "nim.solve and nim.explain of misère Kayles past 2**63", "api",
         "assert nim.solve([2**63, 2**64 + 1], 'misere,kayles').method == 'quotient'\n"
         "assert nim.explain([2**63, 5], 'misere,kayles').rule == 'quotient'", "ok"),
    *[Case(15, f"solve {n} --game kayles --misere --explain", "cli",
           ["solve", str(n), "--game", "kayles", "--misere", "--explain"], OK, 30) for n in (1000, 2000, 5000)],
    Case(16, "table --game kayles --misere --upto 200000", "cli",
         ["table", "--game", "kayles", "--misere", "--upto", "200000"], OK, 60),
]


# -- running a case ---------------------------------------------------------------------

_API_RUNNER = """
import sys
import nim
try:
    exec(compile(sys.argv[1], "<case>", "exec"), {"nim": nim, "__name__": "__case__"})
except nim.NimError as error:
    print("NimError:", str(error)[:200])
    sys.exit(2)
"""


def _cap_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_case(case: Case, python: str, paths: Dict[str, str]) -> Tuple[str, str]:
    """Run one case in its own interpreter: (its outcome, a line saying why)."""
    payload = _fill(case.payload, paths)
    if case.kind == "cli":
        assert isinstance(payload, list)
        command = [python, "-m", "nim", *payload]
    elif case.kind == "api":
        command = [python, "-c", _API_RUNNER, str(payload)]
    else:
        command = [python, "-c", str(payload)]
    out_file = open(case.stdout, "wb") if case.stdout else None
    try:
        done = subprocess.run(command, stdout=out_file or subprocess.PIPE, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, timeout=case.timeout, preexec_fn=_cap_memory)
    except subprocess.TimeoutExpired:
        return "hang", f"passed {case.timeout:g} s"
    finally:
        if out_file is not None:
            out_file.close()
    out, err = done.stdout or b"", done.stderr
    status = done.returncode
    text = err.decode("utf-8", "replace")
    if "MemoryError" in text or status in (-9, 137) or "std::bad_alloc" in text:
        return "memory", _last_line(text)
    if case.kind == "driver":
        said = _last_line(out.decode("utf-8", "replace") + text)
        if status == 0:
            return "clean", ""
        if status == 3:
            return "hang", said
        if status == 5 or "Traceback" in text and "AssertionError" not in text:
            return "traceback", said
        return "wrong", said
    if "Traceback" in text:
        kind = "wrong" if "AssertionError" in text else "traceback"
        return kind, _last_line(text)
    if case.kind == "api":
        if status not in (0, 2):
            return "traceback", f"status {status}"
        if (status == 0) != (case.expected == "ok"):
            return "wrong", f"status {status}, expected {case.expected}: {_last_line(out.decode())}"
        return "clean", ""
    if status != case.expected:
        return "wrong", f"status {status}, expected {case.expected}: {_last_line(text)}"
    if case.check is not None:
        complaint = case.check(out, err)
        if complaint:
            return "wrong", complaint
    return "clean", ""


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:160] if lines else ""


def campaign(python: str, only: Optional[Callable[[Case], bool]] = None,
             cases: Optional[List[Case]] = None,
             files: Optional[Callable[[Path], Dict[str, str]]] = None,
             prepare: Optional[Callable[[Case, Dict[str, str]], Case]] = None) -> List[Tuple[Case, str, str]]:
    """Every case (or those ``only`` keeps) under ``python``: (case, outcome, why). A later
    round passes its own ``cases``, the ``files`` they read and a ``prepare`` step that
    fills a case in from those files' paths; this round's by default."""
    results = []
    with tempfile.TemporaryDirectory() as folder:
        paths = (files or make_files)(Path(folder))
        for case in CASES if cases is None else cases:
            if only is None or only(case):
                ready = case if prepare is None else prepare(case, paths)
                results.append((case, *run_case(ready, python, paths)))
    return results


def table(results: List[Tuple[Case, str, str]]) -> str:
    """The before/after table: per item, tried / clean / traceback / hang / wrong / memory."""
    lines = ["| item | tried | " + " | ".join(KINDS) + " |", "|---" * (len(KINDS) + 2) + "|"]
    items = sorted({case.item for case, _, _ in results})
    for item in items + [0]:
        rows = [outcome for case, outcome, _ in results if item in (0, case.item)]
        label = str(item) if item else "all"
        lines.append(f"| {label} | {len(rows)} | " + " | ".join(str(rows.count(k)) for k in KINDS) + " |")
    return "\n".join(lines)


def report(run: Callable[[str], List[Tuple[Case, str, str]]],
           tabulate: Callable[[List[Tuple[Case, str, str]]], str] = table) -> None:
    """A round's campaign run from the command line: ``python tests/FILE.py [PYTHON]``
    prints each case's outcome, then the table (for the interpreter PYTHON)."""
    interpreter = sys.argv[1] if len(sys.argv) > 1 else sys.executable
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    found = run(interpreter)
    for case, outcome, why in found:
        print(f"{case.item} {outcome:9} {case.name}" + (f"  -- {why}" if why and outcome != "clean" else ""))
    print(tabulate(found))


if __name__ == "__main__":
    report(campaign)
