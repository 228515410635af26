"""Hostile input against the command line and the Python API (SPEC section 6).

A table of cases, each with the outcome the SPEC promises: a clear error
(``nim.NimError``; exit status 2 and one line on the command line), a search
limit (status 3) or a normal answer (status 0). Never a traceback, a hang or
a silently wrong answer.

Run by pytest, every case runs in this process (fast). Run as a script, every
case runs in its own interpreter with a time and memory cap, and the figures
are counted -- tried / clean / traceback / hang / wrong -- so that any
checkout can be measured:

    python tests/test_fuzz.py [PYTHON]      # PYTHON: the interpreter to test

Round three (issue 26: iterators of NumPy ints, names shadowed by submodules,
Ctrl-C against limits, unbounded work, input caps, huge move listings, output
that cannot be written, huge --json) lives in ``tests/fuzz_campaign.py``: each
of its cases runs here in its own interpreter with a time and a memory cap, and
``python tests/fuzz_campaign.py [PYTHON]`` prints its before/after table.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

OK, USAGE, LIMIT = 0, 2, 3

# -- hostile numbers, one per class of mistake --------------------------------------

HUGE = str(2**64)                        # past every C integer the core uses
DIGITS_5000 = "7" * 5000                 # past Python's 4,300-digit int conversion
NUMBERS = {
    "zero": "0",
    "minus one": "-1",
    "2**32-1": "4294967295",
    "11 digits": "99999999999",
    "2**64": HUGE,
    "5000 digits": DIGITS_5000,
    "nan": "nan",
    "inf": "inf",
    "1e400": "1e400",
    "1.5": "1.5",
    "fullwidth 3": "\uff13",
    "arabic-indic 3": "\u0663",
    "underscore": "1_000",
    "hex": "0x10",
    "empty": "",
}

# The values each numeric entry point accepts (every other value is an error).
_ACCEPTED = {
    "--node-limit": {"zero", "2**32-1", "11 digits"},        # 0: no limit
    "--time-limit": {"1.5"},                                  # positive, finite, at most 10**9 s
    "--max-take": set(),                                      # 1 .. 2**32 - 2
    "--tt-mb": set(),                                         # 1 .. 2**20
    "pile": {"zero", "2**32-1", "11 digits", "2**64"},        # any size theory can answer
}


def _number_cases() -> List[Tuple[str, List[str], int]]:
    cases = []
    for flag, accepted in _ACCEPTED.items():
        for label, text in NUMBERS.items():
            status = OK if label in accepted else USAGE
            if flag == "pile":
                argv = ["solve", "3", text, "--json"]
            elif flag == "--tt-mb":
                argv = ["solve", "3", "4", "--misere", "--max-take", "2", flag, text]
            else:
                argv = ["solve", "3", "4", "--misere", "--max-take", "2", f"{flag}={text}"]
            cases.append((f"solve {flag} {label}", argv, status))
    for label, text in NUMBERS.items():
        status = OK if label == "1.5" else USAGE
        cases.append((f"tree-solve --time-limit {label}", ["tree-solve", "{tree}", f"--time-limit={text}"], status))
        status = OK if label in _ACCEPTED["--node-limit"] else USAGE
        cases.append((f"tree-solve --node-limit {label}", ["tree-solve", "{tree}", f"--node-limit={text}"], status))
    return cases


# -- command-line cases: (name, argv, expected status); {name} is a file below ------

CLI_CASES: List[Tuple[str, List[str], int]] = _number_cases() + [
    ("subtract repeated member", ["solve", "7", "--subtract", "1,1"], USAGE),
    ("subtract 0", ["solve", "7", "--subtract", "0,1"], USAGE),
    ("subtract 2**64", ["solve", "7", "--subtract", HUGE], USAGE),
    ("subtract 5000 digits", ["solve", "7", "--subtract", DIGITS_5000], USAGE),
    ("rules max=fullwidth", ["solve", "7", "--rules", "misere,max=\uff13"], USAGE),
    ("rules set repeated", ["solve", "7", "--rules", "normal,set=2;2"], USAGE),
    ("rules max=2**64", ["solve", "7", "--rules", f"normal,max={HUGE}"], USAGE),
    ("piles file /dev/zero", ["solve", "--file", "/dev/zero"], USAGE),
    ("piles file /dev/urandom", ["solve", "--file", "/dev/urandom"], USAGE),
    ("piles file, one huge line", ["solve", "--file", "{huge_line}"], USAGE),
    ("piles file, 5000 digits", ["solve", "--file", "{digits_5000}"], USAGE),
    ("piles file, fullwidth digit", ["solve", "--file", "{fullwidth}"], USAGE),
    ("piles file, binary", ["solve", "--file", "{binary}"], USAGE),
    ("piles file missing", ["solve", "--file", "{missing}"], USAGE),
    ("piles file a directory", ["solve", "--file", "{directory}"], USAGE),
    ("tree /dev/zero", ["tree-solve", "/dev/zero"], USAGE),
    ("tree /dev/urandom", ["tree-solve", "/dev/urandom"], USAGE),
    ("tree, 5000-digit leaf", ["tree-solve", "{tree_digits_5000}"], USAGE),
    ("tree, 2**64 leaf", ["tree-solve", "{tree_huge_leaf}"], USAGE),
    ("tree nested 3000 deep", ["tree-solve", "{tree_deep}"], OK),
    ("tree nested 3000 deep, in an object", ["tree-solve", "{tree_deep_object}"], OK),
    ("tree infinite leaf --json", ["tree-solve", "{tree_infinite}", "--json"], OK),
    ("tree not a tree", ["tree-solve", "{tree_string}"], USAGE),
    ("tree empty list", ["tree-solve", "{tree_empty}"], USAGE),
    ("tree not UTF-8", ["tree-solve", "{binary}"], USAGE),
    ("tree dict cycle", ["tree-solve", "{tree_dict_cycle}"], USAGE),
    ("json: bad pile", ["solve", "x", "--json"], USAGE),
    ("json: bad flag value", ["solve", "3", "--json", "--node-limit", "-1"], USAGE),
    ("json: unknown option", ["solve", "3", "--json", "--bogus"], USAGE),
    ("json: node limit", ["solve", "1", "2", "4", "5", "6", "--misere", "--method", "minimax",
                          "--node-limit", "100", "--json"], LIMIT),
    ("json: bad tree", ["tree-solve", "/dev/zero", "--json"], USAGE),
    ("json: tree node limit", ["tree-solve", "{tree}", "--node-limit", "2", "--json"], LIMIT),
    ("node limit 0 means none", ["solve", "1", "2", "3", "--misere", "--method", "minimax",
                                 "--node-limit", "0"], OK),
    # issue 42, item 17: a record's series nested 5,000 deep; item 18: escapes in seat names
    ("record series nested 5000 deep: replay", ["replay", "{record_series_deep}"], USAGE),
    ("record series nested 5000 deep: play --load", ["play", "--load", "{record_series_deep}"], USAGE),
    ("record series nested in an object", ["replay", "{record_series_deep_object}"], USAGE),
    ("record seat names with ESC and BEL: replay", ["replay", "{record_escapes}", "--record"], OK),
    # issue 42, item 7: a two-pile forejune record (the browser refuses it the same way)
    ("record forejune with two piles: play --load", ["play", "--load", "{record_forejune_two}"], USAGE),
    # issue 41: a component record's shared entries (a graph's edges, once) nested 5,000 deep, or repeated
    ("record shared entries nested 5000 deep: play --load", ["play", "--load", "{record_shared_deep}"], USAGE),
    ("record component repeats a shared entry: play --load", ["play", "--load", "{record_shared_repeated}"], USAGE),
]

# -- Python API cases: (name, code, expected): "ok" or "error" (a NimError) ---------

_PRELUDE = "import nim, math\nfrom nim import *\n"
API_CASES: List[Tuple[str, str, str]] = [
    ("cyclic nested list", "a = [1]; a.append(a); nim.trees.solve_tree(a)", "error"),
    ("cyclic nested list, deeper", "a = [1, [2, 3]]; a[1].append([a]); nim.trees.solve_tree(a)", "error"),
    ("cyclic tuple via list", "a = [1]; t = (a, 2); a.append(t); nim.trees.solve_tree([t])", "error"),
    ("cyclic list, Fraction leaves", "from fractions import Fraction as F\n"
     "a = [F(1)]; a.append(a); nim.trees.solve_tree(a)", "error"),
    ("shared subtree is fine", "x = [1, 2]; assert nim.trees.solve_tree([x, x, [x]]).value == 2", "ok"),
    ("nested list 100000 deep", "t = 1\nfor _ in range(100000): t = [t]\nnim.trees.solve_tree(t)", "ok"),
    ("NimGame pile 2**32-1, node_limit=3",
     "nim.trees.solve_game(nim.trees.NimGame([2**32 - 1], 'misere'), method='Minimax', node_limit=3)", "error"),
    ("Position apply float count", "nim.Position((2**63,)).apply((0, 1.0))", "error"),
    ("Position apply str pile", "nim.Position([]).apply(('0', 1))", "error"),
    ("Position apply None", "nim.Position([1]).apply(None)", "error"),
    ("Position apply 1-tuple", "nim.Position([1]).apply((0,))", "error"),
    ("Position is_legal float", "nim.Position([3]).is_legal((0, 1.5))", "error"),
    ("Rules set of int", "nim.Rules(take='set', subtract=5)", "error"),
    ("Rules set repeated", "nim.Rules(take='set', subtract=(1, 1))", "error"),
    ("Rules misere str", "nim.Rules(misere='false')", "error"),
    ("Rules misere None", "nim.Rules(misere=None)", "error"),
    ("Rules max 2**32-1", "nim.Rules(take='max', k=2**32 - 1)", "error"),
    ("Rules max float", "nim.Rules(take='max', k=3.0)", "error"),
    ("Rules.parse fullwidth", "nim.Rules.parse('misere,max=\uff13')", "error"),
    ("Rules.parse underscore", "nim.Rules.parse('misere,max=1_0')", "error"),
    ("Rules.parse 5000 digits", f"nim.Rules.parse('misere,max={DIGITS_5000}')", "error"),
    ("parse_replay None", "nim.study.parse_replay(None)", "error"),
    ("solve node_limit 0", "nim.solve([3, 4], 'misere,max=2', node_limit=0)", "ok"),
    ("solve node_limit 2**64", "nim.solve([3, 4], 'misere,max=2', node_limit=2**64)", "error"),
    ("solve time_limit inf", "nim.solve([3, 4], 'misere,max=2', time_limit=math.inf)", "error"),
    ("solve_tree node_limit 0", "nim.trees.solve_tree([[1, 2]], node_limit=0)", "ok"),
    ("solve_tree node_limit -1", "nim.trees.solve_tree([[1, 2]], node_limit=-1)", "error"),
    ("solve_tree node_limit 2**64", "nim.trees.solve_tree([[1, 2]], node_limit=2**64)", "error"),
    ("solve_tree node_limit str", "nim.trees.solve_tree([[1, 2]], node_limit='5')", "error"),
    ("solve_tree time_limit 0", "nim.trees.solve_tree([[1, 2]], time_limit=0)", "error"),
    ("solve_tree time_limit nan", "nim.trees.solve_tree([[1, 2]], time_limit=math.nan)", "error"),
    ("solve_tree time_limit 2**64", "nim.trees.solve_tree([[1, 2]], time_limit=2**64)", "error"),
    ("solve_game node_limit 0", "nim.trees.solve_game(nim.trees.NimGame([3]), node_limit=0)", "ok"),
    ("solve_game node_limit -1", "nim.trees.solve_game(nim.trees.NimGame([3]), node_limit=-1)", "error"),
    ("solve_tree None", "nim.trees.solve_tree(None)", "error"),
    ("solve_tree dict of garbage", "nim.trees.solve_tree({'root': 1, 'successors': 2, 'utilities': 3})", "error"),
    ("GameTree.from_dict None", "nim.trees.GameTree.from_dict(None, None, 'A')", "error"),
    ("NimGame bad rules", "nim.trees.NimGame([3], 'bogus')", "error"),
    ("solve_game window of str", "nim.trees.solve_game(nim.trees.NimGame([3]), window=('a', 'b'))", "error"),
    ("solve_game window nan", "nim.trees.solve_game(nim.trees.NimGame([3]), window=(math.nan, 1))", "error"),
    ("solve_game window int", "nim.trees.solve_game(nim.trees.NimGame([3]), window=5)", "error"),
    ("solve_game memo int", "nim.trees.solve_game(nim.trees.NimGame([3]), memo=5)", "error"),
    ("solve_game key int", "nim.trees.solve_game(nim.trees.NimGame([3]), key=5, memo=True)", "error"),
    ("solve_game window (-1, 1)", "nim.trees.solve_game(nim.trees.NimGame([3]), window=(-1, 1))", "ok"),
    ("GameTree.load None", "nim.trees.GameTree.load(None)", "error"),
    ("GameTree.load an int (a file descriptor)", "nim.trees.GameTree.load(0)", "error"),
    ("NimGame bad piles", "nim.trees.NimGame([3, -1])", "error"),
    # issue 41, the course's games part A: hostile positions get a NimError, never a hang
    ("coin row of 10**7", "nim.solve('H' * 10**7, 'mock-turtles')", "error"),
    ("coin head at -1", "nim.solve([-1, 3], 'ruler')", "error"),
    ("grunt head past its table", "nim.solve([10**9], 'grunt')", "error"),
    ("misere coin row of 80", "nim.solve('H' * 80, 'misere,twins')", "error"),
    ("hackenbush edge off the ground", "nim.solve([[0, 1], [5, 6]], 'green-hackenbush')", "error"),
    ("hackenbush vertex None", "nim.solve([[0, None]], 'green-hackenbush')", "error"),
    ("graph edge to nowhere", "nim.solve({'edges': [[0, 9]], 'vertices': [0], 'token': 0}, 'graph')", "error"),
    ("graph of 10**6 + 1 edges", "nim.solve({'edges': [[0, 1]] * (10**6 + 1), 'token': 0}, 'graph')", "error"),
    ("loopy graph misere", "nim.solve({'edges': [[0, 1], [1, 0]], 'token': 0}, 'misere,graph')", "ok"),
    ("loopy graph misere, 10 tokens", "nim.solve({'edges': [[v, (v + 1) % 60] for v in range(60)] + [[0, 30], "
     "[30, 0]], 'tokens': list(range(0, 60, 6))}, 'misere,graph')", "error"),
    ("wythoff pile of 10**1000", "nim.solve([[10**1000, 1]], 'wythoff')", "ok"),
    ("wythoff pile of 10**6000", "nim.solve([[10**6000, 1]], 'wythoff')", "error"),
    ("misere wythoff pair of 10**1000", "nim.solve([[10**1000, 10**1000 + 1]], 'misere,wythoff')", "ok"),
    ("nim_mul negative", "nim.nim_mul(-1, 2)", "error"),
    ("nim_mul of 2**20000", "nim.nim_mul(2**20000, 3)", "error"),
    ("tartan of unknown factors", "nim.Rules.parse('tartan=kayles*ruler')", "error"),
    # the course's exercise gaps (1.5.4(c), 5.5.2, 5.5.5, 5.5.10)
    ("powers of 2, heap of 10**4000", "nim.solve([10**4000, 3], 'misere,set=powers-of-2')", "ok"),
    ("powers of 3 (not a set here)", "nim.Rules.parse('set=powers-of-3')", "error"),
    ("coin-subtraction unknown way", "nim.Rules.parse('coin-subtraction=1;3,three-coins')", "error"),
    ("coin-subtraction two ways", "nim.Rules.parse('coin-subtraction=1;3,exactly-two,one-or-two')", "error"),
    ("tartan of an empty subtraction set", "nim.Rules.parse('tartan=coin-subtraction=*ruler')", "error"),
    ("longest play of a row of 101 coins", "nim.families.coins.Ruler().longest_play('T' * 100 + 'H')", "error"),
]

# issue 41: the course's games, their rule strings and JSON positions
CLI_CASES += [
    ("moore k=0", ["solve", "[1, 2]", "--rules", "moore,k=0"], USAGE),
    ("moore without k", ["solve", "[1, 2]", "--rules", "moore"], USAGE),
    ("dynamic k=0", ["solve", "[5]", "--rules", "dynamic,k=0"], USAGE),
    ("fibonacci limit 0", ["solve", "[[5, 0]]", "--rules", "fibonacci"], USAGE),
    ("game position not JSON", ["solve", "[1, 2", "--rules", "lasker"], USAGE),
    ("game position nested deep", ["solve", "[" * 100_000, "--rules", "moore,k=2"], USAGE),
    ("game position 5000 digits", ["solve", f"[{DIGITS_5000}]", "--rules", "staircase"], USAGE),
    ("game position NaN", ["solve", "[NaN]", "--rules", "nimble", "--json"], USAGE),
    ("sum part misere", ["solve", '[["misere,kayles", 3]]', "--rules", "sum"], USAGE),
    ("sum of a sum", ["solve", '[["sum", []]]', "--rules", "sum"], USAGE),
    ("moore pile 10**1000", ["solve", f"[{'1' + '0' * 1000}, 3]", "--rules", "moore,k=2"], OK),
    ("fibonacci heap 10**1000", ["solve", f"[{'1' + '0' * 1000}]", "--rules", "fibonacci"], OK),
    # free play of a family (issue 41, the terminal): a board too large to play, a bad position, no hooks
    ("play wythoff pile of 10**1000", ["play", "--rules", "wythoff", "--position", f"[[1, {'1' + '0' * 1000}]]",
                                       "--mode", "aivai"], USAGE),
    ("play coin row of 10**5 heads", ["play", "--rules", "turning-turtles", "--position", "H" * 100_000,
                                      "--mode", "aivai"], USAGE),
    ("play hackenbush of 5000 edges", ["play", "--rules", "green-hackenbush", "--position",
                                       json.dumps([[i, i + 1] for i in range(5000)]), "--mode", "aivai"], USAGE),
    ("play position nested deep", ["play", "--rules", "staircase", "--position", "[" * 100_000], USAGE),
    ("play position not a pair", ["play", "--rules", "wythoff", "--position", "[[1, 2, 3]]"], USAGE),
    # (a leading space: a word in braces names one of the files below)
    ("play a graph of 3000 edges", ["play", "--rules", "graph", "--position", " " + json.dumps(
        {"edges": [[i, i + 1] for i in range(3000)], "token": 0})], USAGE),
    ("play a loopy graph to its draw", ["play", "--rules", "graph", "--position", ' {"edges": [[0, 0]], "token": 0}',
                                        "--mode", "aivai"], OK),
    ("play 2-D Nim counter on row 10**13", ["play", "--rules", "two-dimensional-nim", "--position",
                                            f"[[1, {10**13}]]", "--mode", "aivai"], USAGE),
    ("play 2-D Nim counter on row 10**9", ["play", "--rules", "two-dimensional-nim", "--position",
                                           f"[[3, {10**9}], [5, 2]]", "--mode", "aivai", "--ai", "random"], OK),
    ("play a family of pairs from --piles", ["play", "--rules", "wythoff", "--piles", "3", "5"], USAGE),  # lasker plays
]
API_CASES += [
    ("moore pile 10**5000", "nim.solve([10**5000], 'moore,k=2')", "error"),
    ("moore k of a bool", "nim.Rules(take='moore', k=True)", "error"),
    ("fibonacci limit 0", "nim.solve([[5, 0]], 'fibonacci')", "error"),
    ("lasker heap of a float", "nim.solve([1.5], 'lasker')", "error"),
    ("staircase of a dict", "nim.solve({'a': 1}, 'staircase')", "error"),
    ("misere sum past the search", "nim.solve([['wythoff', [[60, 70]]], ['lasker', [40, 41]]], 'misere,sum')",
     "error"),
    ("a sum mixing every family", "assert nim.solve([['wythoff', [[3, 5]]], ['kayles', 7], ['any', [4]], "
     "['moore,k=2', [1, 2, 3]], ['fibonacci', [20]], ['lasker', 10**30]], 'sum').value in (1, -1)", "ok"),
    # free play's typed moves and starts (issue 41): a NimError, never a crash or a hang
    ("free play typed move of 10**6 characters", "from nim.families.wythoff import WythoffGame as W\n"
     "W.play.parse(W(), ((3, 5),), '1 ' * 500_000)", "error"),
    ("free play typed move of a 30-digit number", "from nim.families.wythoff import WythoffGame as W\n"
     "W.play.parse(W(), ((3, 5),), 'pair 1: take ' + '9' * 30 + ' from both')", "error"),
    ("free play typed move with NUL and ESC", "from nim.families.coins import TurningTurtles as T\n"
     "T.play.parse(T(), ((1, 2),), 'turn \\x00\\x1b[2J 2')", "error"),
    ("free play start of 10**1000", "from nim.flows import machine_of\nimport random\n"
     "machine_of('freeplay').setup({'rules': 'wythoff', 'position': [[1, 10**1000]]}, random.Random(1), 1)", "error"),
    ("free play of a sum", "from nim.flows import machine_of\nimport random\n"
     "machine_of('freeplay').setup({'rules': 'sum', 'position': [['any', [3]]]}, random.Random(1), 1)", "ok"),
    ("free play of a graph", "from nim.flows import machine_of\nimport random\n"
     "machine_of('freeplay').setup({'rules': 'graph', 'position': {'edges': [[0, 1]], 'tokens': [0]}}, "
     "random.Random(1), 1)", "ok"),
    ("free play of a graph of 10**6 vertices", "from nim.flows import machine_of\nimport random\n"
     "machine_of('freeplay').setup({'rules': 'graph', 'position': {'edges': [], 'vertices': list(range(10**6)), "
     "'token': 0}}, random.Random(1), 1)", "error"),
    ("free play graph move to a non-successor", "from nim.families.graphs import GraphGame as G\ng = G()\n"
     "G.play.parse(g, g.position_of({'edges': [[0, 1], [1, 2]], 'token': 0}), 'move 0 to 2')", "error"),
    ("free play 2-D Nim counter moved up", "from nim.families.two_dimensional import TwoDimensionalNim as T\n"
     "T.play.parse(T(), (((3, 1),),), 'move 3,1 to 0,2')", "error"),
]

# issue 41, the course's games part C: hostile positions get a NimError (exit 2), never a hang
CLI_CASES += [
    ("chomp past the search", ["solve", "[10, 10, 10, 10, 10, 10, 10, 10, 10]", "--rules", "chomp"], USAGE),
    ("sos row of 14", ["solve", "14", "--rules", "sos"], USAGE),
    ("poker nim without a pool dict", ["solve", "[3, 4]", "--rules", "poker-nim"], USAGE),
    ("misere northcott", ["solve", '["W..B"]', "--rules", "misere,northcott"], USAGE),
    ("empty and divide box of 0", ["solve", "[[0, 3]]", "--rules", "empty-and-divide"], USAGE),
]
API_CASES += [
    ("chomp bar of 10**5 x 10**5", "nim.solve({'rows': 10**5, 'columns': 10**5}, 'chomp')", "ok"),
    ("chomp row longer than the one below", "nim.solve([3, 4], 'chomp')", "error"),
    ("chomp 3 x 10**5 past the search", "nim.solve({'rows': 3, 'columns': 10**5}, 'chomp')", "error"),
    ("sos row of 10**7", "nim.solve('-' * 10**7, 'sos')", "error"),
    ("sos in a sum", "nim.solve([['sos', 'S---'], ['any', [1]]], 'sum')", "error"),
    ("thirty-one fifth six", "nim.solve([6, 6, 6, 6, 6], 'thirty-one')", "error"),
    ("thirty-one list of 10**6 cards", "nim.solve([1] * 10**6, 'thirty-one')", "error"),
    ("poker nim pool of 10**1000", "nim.solve({'piles': [3, 10**1000], 'pool': 10**1000}, 'poker-nim')", "ok"),
    ("poker nim negative pool", "nim.solve({'piles': [3], 'pool': -1}, 'poker-nim')", "error"),
    ("northcott row of 10**6 + 2", "nim.solve(['W' + '.' * 10**6 + 'B'], 'northcott')", "error"),
    ("northcott in a sum", "nim.solve([['northcott', ['W..B']], ['any', [1]]], 'sum')", "error"),
    ("empty and divide box of 10**1000", "nim.solve([[10**1000, 7]], 'empty-and-divide')", "ok"),
    ("two-dimensional nim analyze above the bottom row", "nim.analyze([[1, 1]], 'two-dimensional-nim')", "error"),
    ("two-dimensional nim in a sum", "nim.solve([['two-dimensional-nim', [[1, 1]]], ['any', [1]]], 'sum')",
     "error"),
    ("two-dimensional nim counter of 10**1000", "nim.solve([[10**1000, 10**1000]], 'two-dimensional-nim')", "ok"),
    ("rulerette head of 10**1000", "nim.solve([10**1000], 'rulerette')", "ok"),
]
# issue 41, chapters 3-4 (games-d): presets, pins, code extensions, vertex removal, the limits
CLI_CASES += [
    ("a row of pins with an X", ["solve", "I.IXI", "--rules", "kayles"], USAGE),
    ("a row of pins", ["solve", "I.IIIII", "--rules", "kayles"], OK),
    ("vertex removal of a loop", ["solve", "[[0, 0]]", "--rules", "vertex-removal"], USAGE),
    ("a code repeating in its middle", ["solve", "3", "--rules", "octal=0.3...4"], USAGE),
    ("dim+ of a negative heap", ["solve", "-1", "--rules", "dim+"], USAGE),
    ("a code with an empty group", ["solve", "3", "--rules", "octal=0.1()"], USAGE),
    ("a code with a group in its middle", ["solve", "3", "--rules", "octal=0.(3)1"], USAGE),
    ("a code with an unclosed group", ["solve", "3", "--rules", "octal=0.(30"], USAGE),
    ("a code with a group of 10,000 digits", ["solve", "3", "--rules", "octal=0.(" + "7" * 10_000 + ")"], USAGE),
    ("a code with a group", ["solve", "18", "17", "--rules", "octal=0.1(30)"], OK),
]
API_CASES += [
    ("a Wythoff sum past the time limit", "nim.solve([[3000, 4000], [1, 2]], 'wythoff', time_limit=0.2)", "error"),
    ("a loopy graph of 600,000 vertices past the time limit",
     "n = 600_000\nnim.solve({'edges': [[i, (i + 1) % n] for i in range(n)], 'token': 0}, 'graph', "
     "time_limit=0.1)", "error"),
    ("a row of 10**7 + 1 pins", "nim.solve('I' * 10_000_001, 'kayles')", "error"),
    ("a hexadecimal heap of 10**6", "nim.solve([10**6], 'octal=0.F')", "error"),
    ("vertex removal on K40", "nim.solve([[i, j] for i in range(40) for j in range(i + 1, 40)], 'vertex-removal')",
     "error"),
    ("the divisors of a heap of 10**40", "nim.analyze([10**40], 'dim+')", "error"),
    ("dim+ and aliquot heaps of 10**1000 by the closed form",
     "assert nim.solve([10**1000, 3], 'dim+').method == nim.solve([10**1000], 'aliquot').method == 'theory'", "ok"),
    ("an unequal code with a second modifier", "nim.Rules.parse('octal=0.77,unequal,unequal')", "error"),
    ("a code with two groups", "nim.Rules.parse('octal=0.(1)(2)')", "error"),
    ("a group code's heap past the table", "nim.solve([10**6], 'octal=0.1(30)')", "error"),
    ("a group code's heap of 3000 past the time limit", "nim.solve([3000], 'octal=0.(F0F)', time_limit=0.2)",
     "error"),
]
# issue 41 (cli41): winning moves of millions of coins said by their ends, the row after not made (answered, exit 0)
CLI_CASES += [
    ("a Ruler move of 4,194,304 coins", ["solve", "[[2097152, 4194304]]", "--rules", "ruler"], OK),
    ("a Rugs move of 6,291,456 coins", ["solve", "[[[2097152, 4], [4194304, 4]]]", "--rules", "rugs"], OK),
    ("a Rugs move of 76,824 coins", ["solve", "[[[2048, 2048], [4096, 4096]]]", "--rules", "rugs"], OK),
]

# the course's exercises 3.5.6(c) and 3.5.8 (issue 41): a clear error or an answer within the limits
CLI_CASES += [
    ("impatient without its set", ["solve", "[5]", "--rules", "impatient"], USAGE),
    ("impatient set member 0", ["solve", "[5]", "--rules", "impatient,set=0;2"], USAGE),
    ("impatient set member past the period search", ["solve", "[5]", "--rules", "impatient,set=1;99999"], USAGE),
    ("2-D Nim with adding, a negative row", ["solve", "[[1, -1]]", "--rules", "two-dimensional-nim,adding"], USAGE),
]
API_CASES += [
    ("impatient heap of 10**4000", "nim.solve([10**4000], 'impatient,set=2;3;7')", "ok"),
    ("2-D Nim with adding, column 10**4000", "nim.solve([[10**4000, 0], [3, 2]], 'two-dimensional-nim,adding')", "ok"),
    ("2-D Nim with adding in a sum, a counter above row 0",
     "nim.solve([['two-dimensional-nim,adding', [[3, 1]]], ['kayles', 3]], 'sum')", "error"),
    ("2-D Nim with adding, analyze of infinitely many moves", "nim.analyze([[2, 0]], 'two-dimensional-nim,adding')",
     "error"),
]


# -- the files the command-line cases name ------------------------------------------

_COMPONENT_HEAD = ("# nimcore record: rules normal,graph\n# flow: freeplay\n# seats: Ann (human); Bob (human)\n"
                   "# first: 0\n# seed: 1\n")


def _deep(levels: int) -> str:
    return "[" * levels + "1, 2" + "]" * levels


def make_files(folder: Path) -> Dict[str, str]:
    """Write the input files of CLI_CASES into ``folder``; their paths by name."""
    from_text = {
        "tree": "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
        "digits_5000": "3 " + DIGITS_5000 + "\n",
        "fullwidth": "3 \uff13\n",
        "tree_digits_5000": "[[1, " + DIGITS_5000 + "]]",
        "tree_huge_leaf": f"[[1, {HUGE}]]",
        "tree_deep": _deep(3000),
        "tree_deep_object": '{"tree": ' + _deep(3000) + "}",
        "tree_infinite": "[[Infinity, 1], [2, -Infinity]]",
        "tree_string": '"hello"',
        "tree_empty": "[]",
        "record_series_deep": "# series: " + "[" * 5000 + "]" * 5000 + "\n2\n3\n4\n",
        "record_series_deep_object": '# series: {"game": ' + _deep(5000) + "}\n2\n3\n4\n",
        "record_escapes": ("# rules: normal\n# seat 0: human Ann\x1b[2J\x1b]0;owned\x07\n"
                           "# seat 1: human Bo\x07\x1b[31m\n# first: 0\n2\n3\n4\n0 1\n"),
        "record_forejune_two": ("# rules: normal,half\n# flow: forejune\n# seat 0: ai optimal AI\n"
                                "# seat 1: human You\n# first: 0\n2\n7\n5\n"),
        "record_shared_deep": (_COMPONENT_HEAD + "# shared: " + "[" * 5000 + "]" * 5000 + "\n"
                               + '[{"token": 0}]\n'),
        "record_shared_repeated": (_COMPONENT_HEAD + '# shared: {"edges": [[0, 1]]}\n'
                                   + '[{"token": 0, "edges": [[0, 1]]}]\n'),
        "tree_dict_cycle": json.dumps({"root": "A", "successors": {"A": ["B"], "B": ["A"]},
                                       "utilities": {}}),
    }
    paths = {name: str(folder / f"{name}.txt") for name in from_text}
    for name, text in from_text.items():
        Path(paths[name]).write_text(text, encoding="utf-8")
    paths["binary"] = str(folder / "binary.bin")
    Path(paths["binary"]).write_bytes(bytes(range(256)) * 64)
    paths["huge_line"] = str(folder / "huge_line.txt")
    with open(paths["huge_line"], "wb") as out:       # one line past the input size cap
        block = b"1" * (1 << 20)
        for _ in range(65):
            out.write(block)
    paths["missing"] = str(folder / "no such file")
    paths["directory"] = str(folder)
    return paths


def _argv(argv: List[str], paths: Dict[str, str]) -> List[str]:
    return [paths[word[1:-1]] if word.startswith("{") and word.endswith("}") else word
            for word in argv]


# -- pytest: every case in this process ---------------------------------------------

@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, str]:
    return make_files(tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("name, argv, expected", CLI_CASES, ids=[case[0] for case in CLI_CASES])
def test_cli_case(name: str, argv: List[str], expected: int, paths: Dict[str, str],
                  capsys: pytest.CaptureFixture[str]) -> None:
    from nim.cli import main

    status = main(_argv(argv, paths))
    out, err = capsys.readouterr()
    assert status == expected, (out, err)
    assert "\x1b" not in out + err and "\x07" not in out + err     # no name from a file drives the terminal
    if "--json" in argv:
        data = json.loads(out, parse_constant=_refuse)         # strict JSON: no Infinity/NaN
        assert isinstance(data, dict)
        if expected != OK:
            assert data["status"] == expected and data["error"] and err == ""
    elif expected != OK:
        assert err.startswith("nimcore: error: ") and err.count("\n") == 1, err
        assert out == ""


def _refuse(constant: str) -> None:
    raise AssertionError(f"not JSON: {constant}")


@pytest.mark.parametrize("name, code, expected", API_CASES, ids=[case[0] for case in API_CASES])
def test_api_case(name: str, code: str, expected: str) -> None:
    import nim

    if expected == "ok":
        exec(_PRELUDE + code, {})
    else:
        with pytest.raises(nim.NimError):
            exec(_PRELUDE + code, {})


# -- hypothesis: random command lines from hostile words -----------------------------

_WORDS = [
    "3", "0", "7", "4294967295", HUGE, "-1", "x", "1.5", "\uff13", "1_000", "",
    "--misere", "--half", "--max-take", "--subtract", "--rules", "--method", "--json",
    "--time-limit", "--node-limit", "--file", "--no-depth",
    "1", "2", "1,1", "1,3,4", "0,1", "misere,max=2", "normal,set=1;3", "misere,half",
    "minimax", "alphabeta", "tt", "ida", "grundy", "auto", "bogus", "nan", "inf", "/dev/zero", "-",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(_WORDS), max_size=8))
def test_random_command_lines_end_in_an_answer_or_one_clear_line(
        words: List[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from nim.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("1 2 3\n"))
    # a node limit last (argparse keeps the last one), so that no search runs long
    status = main(["solve", *words, "--node-limit", "5000"])
    out, err = capsys.readouterr()
    assert status in (OK, USAGE, LIMIT)
    if "--json" in words:
        assert err == "" and isinstance(json.loads(out), dict)
    elif status != OK:
        assert err.startswith("nimcore: error: ") and err.count("\n") == 1 and out == ""


# -- script: every case in its own interpreter, counted ------------------------------

_API_RUNNER = """
import sys
{prelude}
try:
    exec(compile(sys.argv[1], "<case>", "exec"))
except nim.NimError as error:
    print("NimError:", str(error)[:200])
    sys.exit(2)
"""


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))   # a runaway read fails, not the machine


def _run(command: List[str], timeout: float) -> Tuple[Optional[int], str, str]:
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout,
                              preexec_fn=_limit_memory, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, "", ""
    return (done.returncode, done.stdout.decode("utf-8", "replace"),
            done.stderr.decode("utf-8", "replace"))


def measure(python: str, timeout: float = 10.0) -> Dict[str, List[str]]:
    """Run every case under ``python``; case names by outcome."""
    outcome: Dict[str, List[str]] = {"clean": [], "traceback": [], "hang": [], "wrong": []}
    with tempfile.TemporaryDirectory() as folder:
        paths = make_files(Path(folder))
        for name, argv, expected in CLI_CASES:
            status, out, err = _run([python, "-m", "nim", *_argv(argv, paths)], timeout)
            if status is None:
                kind = "hang"
            elif "Traceback" in err or status not in (OK, USAGE, LIMIT, 130):
                kind = "traceback"
            elif status != expected:
                kind = "wrong"
            elif "--json" in argv and not _strict_json_object(out, expected):
                kind = "wrong"
            else:
                kind = "clean"
            outcome[kind].append(f"cli: {name}")
        runner = _API_RUNNER.format(prelude=_PRELUDE)
        for name, code, expected in API_CASES:
            status, out, err = _run([python, "-c", runner, code], timeout)
            if status is None:
                kind = "hang"
            elif "Traceback" in err or status not in (0, 2):
                kind = "traceback"
            elif (status == 0) != (expected == "ok"):
                kind = "wrong"
            else:
                kind = "clean"
            outcome[kind].append(f"api: {name}")
    return outcome


def _strict_json_object(out: str, expected: int) -> bool:
    try:
        data = json.loads(out, parse_constant=_refuse)
    except (ValueError, AssertionError):
        return False
    return isinstance(data, dict) and (expected == OK or data.get("status") == expected)


if __name__ == "__main__":
    interpreter = sys.argv[1] if len(sys.argv) > 1 else sys.executable
    figures = measure(interpreter)
    tried = sum(map(len, figures.values()))
    print(f"tried {tried}: " + ", ".join(f"{kind} {len(names)}" for kind, names in figures.items()))
    for kind in ("traceback", "hang", "wrong"):
        for case in figures[kind]:
            print(f"  {kind:9} {case}")


# -- round three (issue 26): every case in its own capped interpreter ------------------

from fuzz_campaign import CASES as ROUND_THREE, make_files as make_round_three_files  # noqa: E402
from fuzz_campaign import run_case  # noqa: E402


@pytest.fixture(scope="module")
def round_three_files(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, str]:
    return make_round_three_files(tmp_path_factory.mktemp("fuzz3"))


@pytest.mark.parametrize("case", ROUND_THREE, ids=[f"{case.item}: {case.name}" for case in ROUND_THREE])
def test_round_three_case(case: Any, round_three_files: Dict[str, str]) -> None:
    """Each case of tests/fuzz_campaign.py ends as promised: no traceback, hang,
    wrong answer or exhausted memory (1 GiB of address space)."""
    outcome, why = run_case(case, sys.executable, round_three_files)
    assert outcome == "clean", f"{outcome}: {why}"


from fuzz_campaign import ROUND_FIVE_QUOTIENT  # noqa: E402


@pytest.mark.parametrize("case", ROUND_FIVE_QUOTIENT, ids=[f"{case.item}: {case.name}" for case in ROUND_FIVE_QUOTIENT])
def test_round_five_quotient_case(case: Any, round_three_files: Dict[str, str], tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42, items 8-16: the quotient's cache under attack and take-and-break solving
    past 64 bits, each case in its own interpreter, its own cache folder."""
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))
    outcome, why = run_case(case, sys.executable, round_three_files)
    assert outcome == "clean", f"{outcome}: {why}"
