"""Round four of the hostile-input campaign (issue 31), the grader and the Python
API: items 8-11 (``nimcore grade`` / ``nim.study.grade``), 20 (raw exceptions of
the API) and 21 (Ctrl-C on ``solve --batch --workers 2``). Every case runs in its
own interpreter with a time and a memory cap, in the ``Case`` style of
``tests/fuzz_campaign.py`` (whose runner and table it uses).

    python tests/fuzz_round_four_api.py [PYTHON]      # the table for the interpreter PYTHON
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_campaign import OK, USAGE, INTERRUPTED, Case, _one_line_error, report  # noqa: E402
from fuzz_campaign import campaign as run_campaign  # noqa: E402


def make_files(folder: Path) -> Dict[str, str]:
    """Write the cases' Q-tables into ``folder``; their paths by name."""
    start = "1,3,5,7"
    texts = {
        "q_empty": "{}",
        "q_string": json.dumps({start: {"0,1": "abc"}}),
        "q_null": json.dumps({start: {"0,1": None}}),
        "q_list": json.dumps({start: {"0,1": [1, 2]}}),
        "q_row_of_strings": json.dumps({start: ["x", 1]}),
        "q_too_large": '{"' + start + '": {"0,1": 1' + "0" * 400 + "}}",
        "q_nan": '{"' + start + '": {"0,1": NaN}}',
        "q_key_digits": json.dumps({"1,3,5," + "7" * 5000: {"0,1": 1}}),
        "q_action_digits": json.dumps({start: {"0," + "1" * 5000: 1}}),
        "q_deep": "[" * 100_000 + "]" * 100_000,
        "q_deep_object": '{"a": ' * 50_000 + "1" + "}" * 50_000,
        "q_record_state_int": json.dumps([{"state": 5, "action": [0, 1], "value": 1}]),
        "q_record_action_dict": json.dumps([{"state": [1, 3, 5, 7], "action": {"a": 1}, "value": 1}]),
        "q_record_nested_state": json.dumps([{"state": [[1], 3], "action": [0, 1], "value": 1}]),
        "q_record_value_string": json.dumps([{"state": [1, 3, 5, 7], "action": [0, 1], "value": "x"}]),
        "q_record_not_object": json.dumps([[1, 3, 5, 7]]),
        "q_nul": '{"1,3,5,7": {"0,1": 1}}\0',
    }
    paths = {name: str(folder / f"{name}.json") for name in texts}
    for name, text in texts.items():
        Path(paths[name]).write_text(text, encoding="utf-8")
    for name, target in (("zero_json", "/dev/zero"), ("zero_pickle", "/dev/zero")):
        link = folder / (f"{name}.json" if name.endswith("json") else f"{name}.pkl")
        if not link.exists():
            link.symlink_to(target)
        paths[name] = str(link)
    batch = "".join(" ".join(map(str, [28, 28, 2, 3, 3, 12, 27, 6, 24, 26 + k])) + "\n" for k in range(64))
    paths["batch_slow"] = str(folder / "batch_slow.txt")
    Path(paths["batch_slow"]).write_text(batch, encoding="utf-8")
    return paths


def _json_error(out: bytes, err: bytes) -> Optional[str]:
    """--json: one JSON object {"error": ..., "status": 2} on stdout, nothing on stderr."""
    try:
        data = json.loads(out)
    except ValueError:
        return f"stdout is not one JSON object: {out[:200]!r}"
    if not isinstance(data, dict) or data.get("status") != USAGE or not data.get("error") or err.strip():
        return f"not a JSON error: {out[:200]!r} {err[:200]!r}"
    return None


def _grade_cli(item: int, name: str, table_name: str, *extra: str, expected: int = USAGE,
               timeout: float = 20.0, json_too: bool = True) -> List[Case]:
    """The case, and (``json_too``) the same with --json."""
    argv = ["grade", "{" + table_name + "}", *extra]
    error = expected == USAGE
    cases = [Case(item, name, "cli", argv, expected, timeout, check=_one_line_error if error else None)]
    if json_too:
        cases.append(Case(item, name + " (--json)", "cli", argv + ["--json"], expected, timeout,
                          check=_json_error if error else None))
    return cases


# -- item 11: a MemoryError under a cap (the cap set inside the case, just above what it uses) ---

_UNDER_A_MEMORY_CAP = """
import resource
import numpy
import nim.study.grade
import nim.solving.solver
try:
    import nimcore.grade
except ImportError:
    pass
def address_space():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
limit = address_space() + (48 << 20)
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
nim.study.grade.grade({}, "normal,max=1", (1,) * 22)          # 4,194,304 positions: more than 48 MiB
"""

# -- item 21: Ctrl-C while the workers compute, the main thread slow between two steps -----

_POOL_DRIVER = """
import os, signal, sys, threading, time
import concurrent.futures.process as process

failures = []
threading.excepthook = lambda args: failures.append(f"{args.exc_type.__name__}: {args.exc_value}")
real_shutdown = process.ProcessPoolExecutor.shutdown

def late_shutdown(self, *args, **kwargs):
    time.sleep(0.5)          # a loaded machine: the main thread late between two steps of its clean-up
    return real_shutdown(self, *args, **kwargs)

process.ProcessPoolExecutor.shutdown = late_shutdown

def children():
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.append(int(entry))
    return found

def interrupt():
    for _ in range(100):
        time.sleep(0.1)
        if len(children()) >= 2:
            break
    time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=interrupt, daemon=True).start()
from nim.cli import main
sys.stdout = open(os.devnull, "w")
status = main(["solve", "--batch", "{batch_slow}", "--misere", "--max-take", "3", "--method", "tt",
               "--workers", "2"])
time.sleep(1.5)              # the pool's manager thread sees its workers gone
if failures:
    print("a thread of the pool failed:", failures[0], file=sys.stderr); sys.exit(5)
if status != 130:
    print("status", status, file=sys.stderr); sys.exit(1)
"""


CASES: List[Case] = [
    # item 8: malformed Q-tables, with and without --json
    *_grade_cli(8, "a Q-value that is a string", "q_string"),
    *_grade_cli(8, "a Q-value that is null", "q_null", json_too=False),
    *_grade_cli(8, "a Q-value that is a list", "q_list", json_too=False),
    *_grade_cli(8, "a row of Q-values holding a string", "q_row_of_strings", json_too=False),
    *_grade_cli(8, "a Q-value too large for a float", "q_too_large"),
    *_grade_cli(8, "a Q-value that is NaN", "q_nan", json_too=False),
    *_grade_cli(8, "a state key of 5,000 digits", "q_key_digits"),
    *_grade_cli(8, "an action key of 5,000 digits", "q_action_digits", json_too=False),
    *_grade_cli(8, "JSON nested 100,000 deep", "q_deep"),
    *_grade_cli(8, "JSON objects nested 50,000 deep", "q_deep_object", json_too=False),
    *_grade_cli(8, "a record whose state is a number", "q_record_state_int"),
    *_grade_cli(8, "a record whose action is an object", "q_record_action_dict", json_too=False),
    *_grade_cli(8, "a record whose state holds a list", "q_record_nested_state", json_too=False),
    *_grade_cli(8, "a record whose value is a string", "q_record_value_string", json_too=False),
    *_grade_cli(8, "a record that is a list", "q_record_not_object", json_too=False),
    Case(8, "API: a Q-value that is a string", "api",
         "nim.study.grade.grade({((1, 3), (0, 1)): 'abc'}, None, (1, 3))", "error"),
    Case(8, "API: a Q-value too large for a float", "api",
         "nim.study.grade.grade({((1, 3), (0, 1)): 10**400}, None, (1, 3))", "error"),
    Case(8, "API: a state key of 5,000 digits", "api",
         "nim.study.grade.grade({'1,' + '3' * 5000: {'0,1': 1.0}}, None, (1, 3))", "error"),
    # item 9: the Q-table file read with the cap and the NUL check
    *_grade_cli(9, "a .json name for /dev/zero", "zero_json"),
    *_grade_cli(9, "a pickle name for /dev/zero", "zero_pickle", json_too=False),
    *_grade_cli(9, "a JSON Q-table holding a NUL byte", "q_nul", json_too=False),
    # item 10: a large single pile is fast, a larger one refused in words
    Case(10, "grade --piles 4000", "cli", ["grade", "{q_empty}", "--piles", "4000"], OK, 20.0),
    Case(10, "grade --piles 1000 --json", "cli", ["grade", "{q_empty}", "--piles", "1000", "--json"], OK, 20.0),
    Case(10, "grade --piles 4999999: refused", "cli", ["grade", "{q_empty}", "--piles", "4999999"], USAGE,
         20.0, check=_one_line_error),
    Case(10, "API: one pile of 4,000, every count checked", "api",
         "r = nim.study.grade.grade(lambda piles: (0, 1), None, (4000,))\n"
         "assert r.positions == 4000 and r.won == 4000 and r.kept == 1 and r.lost == 0, r.to_dict()",
         "ok", 20.0),
    # item 11: a MemoryError under a memory cap
    Case(11, "API: grade under a memory cap", "api", _UNDER_A_MEMORY_CAP, "error", 30.0),
    # item 20: raw exceptions of the Python API, and their siblings
    Case(20, "Move(0, 1, split=(1, 2, 3))", "api", "nim.Move(0, 1, split=(1, 2, 3))", "error"),
    Case(20, "Move(0, 1, split=5)", "api", "nim.Move(0, 1, split=5)", "error"),
    Case(20, "Move('a', 1)", "api", "nim.Move('a', 1).pile", "error"),
    Case(20, "Move(0, 1.5)", "api", "nim.Move(0, 1.5).count", "error"),
    Case(20, "Move(0, 1, split=('a', 2))", "api", "str(nim.Move(0, 1, split=('a', 2)))", "error"),
    Case(20, "Move of NumPy integers is a Move of ints", "api",
         "import numpy\nm = nim.Move(numpy.int64(1), numpy.int8(2), split=(numpy.uint8(1), 3))\n"
         "assert m == (1, 2, (1, 3)) and all(type(x) is int for x in (m.pile, m.count, *m.split)), repr(m)", "ok"),
    Case(20, "NimEnv kayles step(inf)", "api",
         "from nim.interop.envs import NimEnv\ne = NimEnv((3, 4, 5), 'kayles')\ne.reset(seed=1)\n"
         "e.step(float('inf'))", "error"),
    Case(20, "NimEnv step(-inf)", "api",
         "from nim.interop.envs import NimEnv\ne = NimEnv((3, 4, 5))\ne.reset(seed=1)\ne.step(float('-inf'))",
         "error"),
    Case(20, "NimEnv step(2.5)", "api",
         "from nim.interop.envs import NimEnv\ne = NimEnv((3, 4, 5))\ne.reset(seed=1)\ne.step(2.5)", "error"),
    Case(20, "NimEnv is_winning(inf)", "api",
         "from nim.interop.envs import NimEnv\ne = NimEnv((3, 4, 5))\ne.reset(seed=1)\ne.is_winning(float('inf'))",
         "error"),
    Case(20, "PettingZoo nim_v0 step(inf)", "api",
         "from nim.interop.envs import nim_v0\ne = nim_v0.raw_env()\ne.reset(seed=1)\ne.step(float('inf'))",
         "error"),
    Case(20, "grade(worst=2.5) refused before grading", "api",
         "calls = []\ntry:\n    nim.study.grade.grade(lambda piles: calls.append(piles), 'misere', (1, 3, 5, 7),"
         " worst=2.5)\n"
         "finally:\n    assert not calls, f'graded {len(calls)} positions first'", "error"),
    Case(20, "grade(sample=2.5) refused before grading", "api",
         "calls = []\ntry:\n    nim.study.grade.grade(lambda piles: calls.append(piles), 'misere', (1, 3, 5, 7),"
         " sample=2.5)\n"
         "finally:\n    assert not calls, f'graded {len(calls)} positions first'", "error"),
    Case(20, "grade(max_pile=2.5)", "api", "nim.study.grade.grade({}, 'misere', (1, 3), max_pile=2.5)", "error"),
    Case(20, "grade(positions=5)", "api", "nim.study.grade.grade({}, 'misere', 5)", "error"),
    Case(20, "grade(numpy.array([1, 3, 5])) graded like (1, 3, 5)", "api",
         "import numpy\nagent = lambda piles: (piles.index(max(piles)), 1)\n"
         "a = nim.study.grade.grade(agent, 'misere', numpy.array([1, 3, 5])).to_dict()\n"
         "b = nim.study.grade.grade(agent, 'misere', (1, 3, 5)).to_dict()\n"
         "a.pop('seconds'); b.pop('seconds')\nassert a == b and a['positions'] == 47, (a, b)", "ok"),
    Case(20, "grade(a 2-D NumPy array of positions)", "api",
         "import numpy\nr = nim.study.grade.grade(lambda piles: (0, 1), None, numpy.array([[1, 3], [2, 2]]))\n"
         "assert (r.positions, r.won, r.kept, r.lost, r.delayed) == (2, 1, 0, 1, 1), r.to_dict()", "ok"),
    Case(20, "an agent answering (0, inf) is graded illegal", "api",
         "r = nim.study.grade.grade(lambda piles: (0, float('inf')), None, (1, 3))\n"
         "assert r.illegal == r.positions == 7, r.to_dict()", "ok"),
    Case(20, "grade(positions=[[]])", "api", "nim.study.grade.grade({}, 'misere', [[]])", "error"),
    Case(20, "NimEnv reset(seed=inf)", "api",
         "from nim.interop.envs import NimEnv\nNimEnv((3, 4, 5)).reset(seed=float('inf'))", "error"),
    Case(20, "NimEnv reset(seed=2.5)", "api", "from nim.interop.envs import NimEnv\nNimEnv((3, 4, 5)).reset(seed=2.5)",
         "error"),
    Case(20, "as_agent(max_pile=2.5)", "api", "nim.study.grade.as_agent(lambda p: 3, None, 2.5)((1, 3))", "error"),
    # item 21: Ctrl-C on solve --batch --workers 2, the clean-up's steps spread out
    Case(21, "solve --batch --workers 2: SIGINT with a late shutdown", "driver", _POOL_DRIVER, None, 40.0),
]


def campaign(python: str, only: Optional[Callable[[Case], bool]] = None) -> List[Tuple[Case, str, str]]:
    """Every case of this file (or those ``only`` keeps) under ``python``: (case, outcome, why)."""
    return run_campaign(python, only, CASES, make_files)


__all__ = ["CASES", "INTERRUPTED", "campaign", "make_files"]

if __name__ == "__main__":
    report(campaign)
