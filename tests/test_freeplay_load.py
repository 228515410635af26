"""A saved free-play game of a family continues with ``nimcore play --load FILE`` (issue 41's
follow-up): each flow reads its own records (``Flow.read_record`` through the flow registry), a
family's record its start and moves as JSON, each move checked against the family's options."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, List

import pytest

import nim
from nim.flows import machine_of
from nim.play.saved import read_saved_game
from nim.errors import InputFileError
from nim.position import ComponentMove


def _play(*args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "nim", "play", *args, "--color", "never"], input=stdin,
                          capture_output=True, text=True, timeout=120)


#: Three families whose positions are of different kinds: pairs, a coin row given as one
#: string, a whole position (Moore's Nim_k: the piles are one component); each with a first
#: move typed as free play reads it.
CASES = [("wythoff", "[[3, 5], [4, 6]]", "pair 1: take 1 from first"),
         ("turning-turtles", "THHTTHTHH", "row 1: turn 2"),
         ("moore,k=2", "[3, 4, 5, 6]", "1 1")]


def _save_wythoff(record: Path) -> None:
    """A game of Wythoff's pair (3, 5) saved after the human's first move and the AI's answer."""
    done = _play("--rules", "wythoff", "--position", "[[3, 5]]", "--seed", "1",
                 stdin=f"pair 1: take 1 from first\nsave {record}\n")
    assert done.returncode == 0, done.stderr


def _moves(record: str) -> List[Any]:
    body = [line for line in record.splitlines() if line and not line.startswith("#")]
    return [json.loads(line) for line in body[1:]]


@pytest.mark.parametrize("rules, position, first", CASES, ids=[c[0] for c in CASES])
def test_a_saved_family_game_loads_and_goes_on(tmp_path: Path, rules: str, position: str, first: str) -> None:
    saved, again = tmp_path / "game.txt", tmp_path / "again.txt"
    done = _play("--rules", rules, "--position", position, "--seed", "5", stdin=f"{first}\nsave {saved}\nquit\n")
    assert done.returncode == 0, done.stderr
    record = saved.read_text()
    assert len(_moves(record)) == 2                     # the human's move and the AI's answer
    # loaded: the same rules, players and moves; saved again at once, the same record
    done = _play("--load", str(saved), stdin=f"save {again}\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "The saved game's 2 moves are played" in done.stdout
    assert again.read_text() == record
    # and it goes on: the hint's move is typed and the AI answers, a record of 4 legal moves
    loaded = read_saved_game(record, "game.txt")
    flow = machine_of("freeplay")
    state = flow.setup({"rules": rules, "position": loaded.start, "mode": "hvai"}, random.Random(0), 5)
    for move in loaded.moves:
        state, _ = flow.apply(state, state["to_move"], move)
    if state["finished"]:
        return
    typed = flow.typed_move(state, flow.options(state)[0])
    done = _play("--load", str(saved), stdin=f"{typed}\nsave {again}\nquit\n")
    assert done.returncode == 0, done.stderr
    moves = _moves(again.read_text())
    assert moves[:2] == _moves(record) and len(moves) in (3, 4)
    # every move of the record is one of the family's options, checked apart from the reader
    family = nim.Rules.parse(rules).family
    start = json.loads(again.read_text().splitlines()[6])          # the start: a list of components
    components = [family.read_component(value) for value in start]  # type: ignore[attr-defined]
    for index, count, left in moves:
        parts = tuple(family.read_component(v) for v in left)  # type: ignore[attr-defined]
        assert (count, parts) in list(family.options(components[index]))  # type: ignore[attr-defined]
        components[index:index + 1] = parts


def test_the_reader_goes_through_the_flow_registry(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    _save_wythoff(record)
    saved = read_saved_game(record.read_text(), "game.txt")
    assert saved.replay is None and saved.header is not None and str(saved.header.rules) == "normal,wythoff"
    assert saved.start == [[3, 5]] and saved.moves[0] == ComponentMove(0, 1, ((2, 5),))
    assert saved.header.seats[0].ai is None and saved.header.seats[1].ai == "optimal"
    lab2 = read_saved_game("# flow: lab2\n2\n1\n3\n1 2\n", "lab2.txt")       # a flow's Lab 2 file, as before
    assert lab2.replay is not None and lab2.start == (1, 3) and len(lab2.moves) == 1


@pytest.mark.parametrize("change, words", [
    (lambda lines: lines[:7] + ["[0, 9, [[0, 0]]]"], "line 8: [0, 9, [[0, 0]]] is not a move"),
    (lambda lines: lines[:7] + ["[0, 1"], "line 8: not JSON"),
    (lambda lines: lines[:6] + ["[[1, 2, 3]]"], "line 7: the start: "),
    (lambda lines: ["# nimcore record: rules normal,no-such-game"] + lines[1:], "line 1: the record's rules"),
    (lambda lines: lines[:2] + ["# seats: just one"] + lines[3:], "line 3: a seat is"),
])
def test_a_broken_family_record_is_refused_in_one_line(tmp_path: Path, change: Any, words: str) -> None:
    record = tmp_path / "game.txt"
    _save_wythoff(record)
    lines = record.read_text().splitlines()
    record.write_text("\n".join(change(lines)) + "\n")
    with pytest.raises(InputFileError, match=words.replace("[", r"\[")):
        read_saved_game(record.read_text(), "game.txt")
    done = _play("--load", str(record))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr


def test_load_refuses_flags_that_contradict_a_family_record(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    _save_wythoff(record)
    for args, words in [(["--rules", "lasker"], "played under normal,wythoff"),
                        (["--position", "[[1, 1]]"], "drop --position")]:
        done = _play("--load", str(record), *args)
        assert done.returncode == 2 and words in done.stderr, done.stderr


def test_a_kuet_save_still_loads(tmp_path: Path) -> None:
    """KUET's records are Lab 2 files with its series: read by its flow through the same door."""
    record = tmp_path / "kuet.txt"
    done = _play("--style", "kuet", "--name", "Ada", "--difficulty", "1", "--piles", "3", "5", "--games", "2",
                 "--seed", "2", stdin=f"1\n1\nsave {record}\nquit\n")
    assert done.returncode == 0, done.stderr
    saved = read_saved_game(record.read_text(), "kuet.txt")
    assert saved.replay is not None and saved.header is not None and saved.header.flow == "kuet"
    assert saved.start == (3, 5) and len(saved.moves) == 2
    assert saved.flags == {"difficulty": "1", "games": 2}       # KUET's reader: what its series answers
    again = tmp_path / "again.txt"
    done = _play("--load", str(record), stdin=f"save {again}\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "The saved game's 2 moves are played" in done.stdout and "Game 1 of 2" in done.stdout
    assert again.read_text() == record.read_text()


#: Families whose components carry more than a value (a graph with its token) or whose moves are
#: never listed (Two-Dimensional Nim: a counter above the bottom row has infinitely many).
UNLISTED = [("graph", '{"edges": [[0, 1], [1, 2], [0, 2], [2, 3]], "tokens": [0, 2]}', "move 0 to 1"),
            ("two-dimensional-nim", "[[3, 1], [2, 2]]", "move 3,1 to 1,0")]


@pytest.mark.parametrize("rules, position, first", UNLISTED, ids=[c[0] for c in UNLISTED])
def test_a_saved_game_of_a_graph_or_of_unlisted_moves_loads(tmp_path: Path, rules: str, position: str,
                                                           first: str) -> None:
    saved, again = tmp_path / "game.txt", tmp_path / "again.txt"
    done = _play("--rules", rules, "--position", position, "--seed", "1", stdin=f"{first}\nsave {saved}\nquit\n")
    assert done.returncode == 0, done.stderr
    record = saved.read_text()
    assert len(_moves(record)) == 2
    done = _play("--load", str(saved), stdin=f"save {again}\nquit\n")
    assert done.returncode == 0, done.stderr
    assert again.read_text() == record
    # a move the rule forbids (the token left where it is; a counter moved up), written into the
    # record by hand, is refused with its line
    lines = record.splitlines()
    body = [n for n, line in enumerate(lines) if line and not line.startswith("#")]
    start = json.loads(lines[body[0]])
    bad = [0, 1, [start[0]]] if rules == "graph" else [0, 1, [[[3, 1], [5, 3]]]]
    lines[body[1]] = json.dumps(bad)
    broken = tmp_path / "broken.txt"
    broken.write_text("\n".join(lines[:body[1] + 1]) + "\n")
    done = _play("--load", str(broken), stdin="quit\n")
    assert done.returncode == 2 and f"line {body[1] + 1}" in done.stderr and "is not a move" in done.stderr
