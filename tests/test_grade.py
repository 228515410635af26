"""``nim.study.grade.grade`` and ``nimcore grade``: every count checked against an independent
brute force (values and game lengths by memoised recursion over sorted tuples)."""

from __future__ import annotations

import io
import json
import pickle
import random
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest

np = pytest.importorskip("numpy")

import nim  # noqa: E402
from nim.cli import main  # noqa: E402
from nim.study.grade import _reachable  # noqa: E402
from nim.study.grade_heaps import heap_oracle  # noqa: E402

import oracles  # noqa: E402
import takebreak_oracle as takebreak  # noqa: E402

Piles = Tuple[int, ...]


@lru_cache(maxsize=None)
def _length(rule: str, key: Piles) -> int:
    """Moves to the end with best play: the winner hurries, the loser delays."""
    children = [tuple(sorted(child)) for _, child in oracles.moves(rule, key)]
    if not children:
        return 0
    if oracles.value(rule, key) > 0:
        return 1 + min(_length(rule, c) for c in children if oracles.value(rule, c) < 0)
    return 1 + max(_length(rule, c) for c in children)


def length(rule: str, piles: Piles) -> int:
    return _length(rule, tuple(sorted(piles)))


def reachable(rule: str, start: Piles) -> List[Piles]:
    """Every position reachable from start, by search over moves (not the grader's per-pile sets)."""
    seen = {start}
    frontier = [start]
    while frontier:
        piles = frontier.pop()
        for _, child in oracles.moves(rule, piles):
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return sorted(seen)


def expected(rule: str, start: Piles, agent: Callable[[Piles], Any]) -> Dict[str, Any]:
    """The grade's counts, by brute force."""
    counts = {"won": 0, "kept": 0, "lost": 0, "delayed": 0, "illegal": 0}
    by_objects: Dict[int, List[int]] = {}
    for piles in reachable(rule, start):
        children = dict(oracles.moves(rule, piles))
        if not children:
            continue
        row = by_objects.setdefault(sum(piles), [0, 0, 0, 0])
        move = agent(piles)
        move = tuple(move) if move is not None else None
        won = oracles.value(rule, piles) > 0
        counts["won" if won else "lost"] += 1
        row[0 if won else 2] += 1
        if move not in children:
            counts["illegal"] += 1
            continue
        after = children[move]
        if won and oracles.value(rule, after) < 0:
            counts["kept"] += 1
            row[1] += 1
        if not won and length(rule, after) == max(length(rule, c) for c in children.values()):
            counts["delayed"] += 1
            row[3] += 1
    counts["by_objects"] = by_objects
    return counts


def perfect(rule: str) -> Callable[[Piles], Tuple[int, int]]:
    """Keeps every win, delays every loss longest (brute force)."""
    def play(piles: Piles) -> Tuple[int, int]:
        children = dict(oracles.moves(rule, piles))
        if oracles.value(rule, piles) > 0:
            return next(m for m, c in children.items() if oracles.value(rule, c) < 0)
        return max(children, key=lambda m: length(rule, children[m]))
    return play


def random_agent(seed: int, rule: str) -> Callable[[Piles], Tuple[int, int]]:
    chosen: Dict[Piles, Tuple[int, int]] = {}
    rng = random.Random(seed)

    def play(piles: Piles) -> Tuple[int, int]:
        if piles not in chosen:
            chosen[piles] = rng.choice(sorted(m for m, _ in oracles.moves(rule, piles)))
        return chosen[piles]
    return play


def check(report: nim.study.grade.Grade, want: Dict[str, Any]) -> None:
    assert (report.won, report.kept, report.lost, report.delayed, report.illegal) == \
        (want["won"], want["kept"], want["lost"], want["delayed"], want["illegal"])
    assert report.positions == want["won"] + want["lost"]
    assert report.by_objects == want["by_objects"]


RULES = [("misere", "misere", (1, 3, 5, 7)), ("normal", "normal", (2, 3, 4)),
         ("misere,max=3", "misere,max=3", (2, 4, 5)), ("normal,half", "normal,half", (6, 9)),
         ("misere,set=2;3", "misere,set=2;3", (4, 5, 6))]


@pytest.mark.parametrize("rule,rules,start", RULES)
def test_a_perfect_agent_scores_full_marks(rule: str, rules: str, start: Piles) -> None:
    report = nim.study.grade.grade(perfect(rule), rules, start)
    check(report, expected(rule, start, perfect(rule)))
    assert report.keep_rate == 1.0 and report.delay_rate == 1.0 and not report.blunders


@pytest.mark.parametrize("rule,rules,start", RULES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_agent_is_counted_as_the_brute_force_counts(rule: str, rules: str, start: Piles,
                                                             seed: int) -> None:
    agent = random_agent(seed, rule)
    report = nim.study.grade.grade(agent, rules, start, worst=1000)
    check(report, expected(rule, start, agent))
    # the blunders: exactly the thrown-away wins, the most objects left first, each with a right move
    thrown = [p for p in reachable(rule, start) if dict(oracles.moves(rule, p))
              and oracles.value(rule, p) > 0 and oracles.value(rule, dict(oracles.moves(rule, p))[agent(p)]) > 0]
    assert sorted(b.piles for b in report.blunders) == sorted(thrown)
    sizes = [sum(b.piles) for b in report.blunders]
    assert sizes == sorted(sizes, reverse=True)
    for blunder in report.blunders:
        assert blunder.played == agent(blunder.piles)
        after = dict(oracles.moves(rule, blunder.piles))[tuple(blunder.right)]
        assert oracles.value(rule, after) < 0


def test_the_reachable_positions_of_1_to_13() -> None:
    sizes = _reachable((1, 3, 5, 7, 9, 11, 13), nim.Rules.coerce("misere"))
    count = 1
    for options in sizes:
        count *= len(options)
    assert count == 645_120 == 2 * 4 * 6 * 8 * 10 * 12 * 14
    assert sorted(reachable("normal,half", (9,))) == [(n,) for n in _reachable((9,), nim.Rules(take="half"))[0][::-1]]


def test_q_table_layouts_give_one_grade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    rule, start = "misere", (1, 3, 5)
    rng = random.Random(5)
    values = {(piles, move): rng.choice([-1.0, -0.5, 0.0, 0.25, 1.0])
              for piles in reachable(rule, start) for move, _ in oracles.moves(rule, piles)
              if rng.random() < 0.7}                  # some entries missing: they count 0

    def greedy(piles: Piles) -> Tuple[int, int]:        # the documented rule, written plainly
        moves = sorted(m for m, _ in oracles.moves(rule, piles))
        return max(moves, key=lambda m: (values.get((piles, m), 0.0), [-x for x in m]))

    want = expected(rule, start, greedy)
    max_pile = 5
    layouts = [
        values,
        {piles: {m: q for (p, m), q in values.items() if p == piles} for piles, _ in values},
        {(p, m[0] * max_pile + m[1] - 1): q for (p, m), q in values.items()},
    ]
    by_id: Dict[Piles, Any] = {}
    for (p, m), q in values.items():
        row = by_id.setdefault(p, np.zeros(3 * max_pile))
        row[m[0] * max_pile + m[1] - 1] = q
    layouts.append(by_id)
    for layout in layouts:
        check(nim.study.grade.grade(layout, rule, start), want)
    # JSON and pickle through the command line
    as_json = {",".join(map(str, p)): {} for p, _ in values}
    for (p, m), q in values.items():
        as_json[",".join(map(str, p))][f"({m[0]}, {m[1]})"] = q
    (tmp_path / "q.json").write_text(json.dumps(as_json))
    records = [{"state": list(p), "action": list(m), "value": q} for (p, m), q in values.items()]
    (tmp_path / "records.json").write_text(json.dumps(records))
    (tmp_path / "q.pkl").write_bytes(pickle.dumps(values))
    for name in ("q.json", "records.json", "q.pkl"):
        assert main(["grade", str(tmp_path / name), "--piles", "1", "3", "5", "--misere", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert (data["won"], data["kept"], data["lost"], data["delayed"]) == \
            (want["won"], want["kept"], want["lost"], want["delayed"])
    assert main(["grade", str(tmp_path / "q.pkl"), "--piles", "1", "3", "5", "--misere"]) == 0
    text = capsys.readouterr().out
    assert f"keeps the win:    {want['kept']} of {want['won']}" in text
    assert "objects left" in text and "Worst blunders" in text


def test_the_classic_layout_in_every_form_of_its_numbers() -> None:
    """The classic layout read in bulk (tuples of ints, float values) and in every other form
    of its numbers (NumPy ints and huge values, NumPy ints and strings in the keys), which is
    read the general way: one grade, the documented greedy rule's, written plainly. A NaN
    value, a string or None is an error that names the entry."""
    rule, start = "misere", (1, 3, 5)
    rng = random.Random(11)
    values = {(piles, move): rng.choice([-2, -1, 0, 1, 3])
              for piles in reachable(rule, start) for move, _ in oracles.moves(rule, piles)
              if rng.random() < 0.7}

    def greedy(piles: Piles) -> Tuple[int, int]:
        moves = sorted(m for m, _ in oracles.moves(rule, piles))
        return max(moves, key=lambda m: (values.get((piles, m), 0), [-x for x in m]))

    want = expected(rule, start, greedy)
    forms = [
        {key: float(q) for key, q in values.items()},                    # the bulk form
        dict(values),                                                    # int values: bulk too
        {key: np.float64(q) for key, q in values.items()},              # a float subclass: bulk
        {key: np.int64(q) for key, q in values.items()},                # NumPy ints: general
        {key: q * 2**70 for key, q in values.items()},                  # past 64 bits: general
        {(tuple(np.int64(p) for p in piles), move): q for (piles, move), q in values.items()},
        {(",".join(map(str, piles)), move): q for (piles, move), q in values.items()},   # JSON-style
    ]
    for form in forms:
        check(nim.study.grade.grade(form, rule, start), want)
    mixed = {key: (float(q) if n % 2 else q) for n, (key, q) in enumerate(values.items())}
    check(nim.study.grade.grade(mixed, rule, start), want)
    last = list(values)[-1]
    for bad, problem in ((float("nan"), "is NaN"), ("1", "is not a number"), (None, "is not a number")):
        with pytest.raises(nim.NimError, match=problem):
            nim.study.grade.grade({**values, last: bad}, rule, start)


def test_a_gymnasium_style_policy_and_illegal_answers() -> None:
    class Policy:
        """Predicts action ids (pile * max_pile + count - 1) from an observation array."""

        def predict(self, observation: Any, deterministic: bool = True) -> Tuple[int, None]:
            assert isinstance(observation, np.ndarray)
            pile = int(np.argmax(observation))
            return pile * 7 + 0, None           # take 1 from the largest pile

    rule, start = "misere", (1, 3, 5, 7)
    want = expected(rule, start, lambda p: (max(range(len(p)), key=lambda i: (p[i], -i)), 1))
    check(nim.study.grade.grade(Policy(), rule, start), want)

    def sloppy(piles: Piles) -> Optional[Tuple[int, int]]:
        if sum(piles) == 16:
            raise RuntimeError("not trained here")
        return (0, 1) if piles[0] else None      # illegal or none once pile 0 is empty

    report = nim.study.grade.grade(sloppy, rule, start)
    empty_first = sum(1 for p in reachable(rule, start) if dict(oracles.moves(rule, p)) and not p[0])
    assert report.illegal == empty_first + 1
    assert report.blunders[0].illegal and report.blunders[0].piles == (1, 3, 5, 7)
    assert "RuntimeError: not trained here" in report.blunders[0].answer
    assert all(b.illegal for b in report.blunders)


def test_sample_and_listed_positions() -> None:
    rule = "misere"
    agent = random_agent(3, rule)
    whole = nim.study.grade.grade(agent, rule, (1, 3, 5, 7))
    part = nim.study.grade.grade(agent, rule, (1, 3, 5, 7), sample=50, seed=1)
    assert part.positions == 50 and part.won + part.lost == 50
    again = nim.study.grade.grade(agent, rule, (1, 3, 5, 7), sample=50, seed=1)
    assert {**part.to_dict(), "seconds": 0} == {**again.to_dict(), "seconds": 0}   # same seed, same sample
    listed = [(1, 3, 5, 7), (0, 2, 2, 0), (1, 1, 0, 0), (0, 0, 0, 0)]
    report = nim.study.grade.grade(agent, rule, listed)
    assert report.positions == 3                      # the empty board has no move to grade
    want = sum(1 for p in listed[:3] if oracles.value(rule, p) > 0)
    assert report.won == want and whole.positions == 383


@pytest.mark.parametrize("call,message", [
    (lambda: nim.study.grade.grade(42, "misere"), "an agent is a callable"),
    (lambda: nim.study.grade.grade({"x": 1.0}, "misere"), "unknown Q-table layout"),
    (lambda: nim.study.grade.grade(lambda p: (0, 1), "misere", (200, 200, 200, 200)), "at most 5,000,000"),
    (lambda: nim.study.grade.grade(lambda p: (0, 1), "misere", [(1, 2), (1, 2, 3)]), "one number of piles"),
    (lambda: nim.study.grade.grade(lambda p: (0, 1), "misere", sample=0), "sample must be"),
])
def test_bad_input_is_a_nim_error(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(nim.NimError, match=message):
        call()


def test_cli_errors_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.json").write_text("[1")
    (tmp_path / "list.json").write_text("[1, 2]")
    for argv, message in [([str(tmp_path / "none.json")], "cannot read"),
                          ([str(tmp_path / "bad.json")], "is not a JSON Q-table"),
                          ([str(tmp_path / "list.json")], "record 0 is not"),
                          ([str(tmp_path / "bad.json"), "--piles", "99", "99", "99", "99"], "at most 5,000,000"),
                          ([str(tmp_path / "bad.json"), "--sample", "0"], "--sample")]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        assert main(["grade", *argv]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err


# -- the compiled oracle (issue 33 item 4) -------------------------------------------------


def _python_oracle(box: Piles, rules: str) -> Tuple[Any, Any, Any]:
    """The grader's earlier oracle, kept here as a second reference: values from
    ``Solver.values`` (the theory's batch), depths by a NumPy pass per level."""
    from nim.solving.solver import Solver

    axes = np.meshgrid(*[np.arange(p + 1, dtype=np.int64) for p in box], indexing="ij")
    grid = np.stack([axis.ravel() for axis in axes], axis=1)
    ruleset = nim.Rules.coerce(rules)
    values = np.asarray(Solver(ruleset).values(grid), dtype=np.int8)
    strides = [int(np.prod([p + 1 for p in box[i + 1:]])) for i in range(len(box))]
    totals = grid.sum(axis=1)
    depth = np.zeros(len(grid), dtype=np.int64)
    longest = np.full(len(grid), -1, dtype=np.int64)
    for level in range(1, int(totals.max()) + 1):
        idx = np.flatnonzero(totals == level)
        win_best = np.full(len(idx), np.iinfo(np.int64).max)
        lose_best = np.full(len(idx), -1)
        for i, top in enumerate(box):
            for take in range(1, top + 1):
                ok = np.array([take in ruleset.takes(int(size)) for size in grid[idx, i]], dtype=bool)
                if not ok.any():
                    continue
                child = idx[ok] - take * strides[i]
                d = depth[child]
                win_best[ok] = np.where(values[child] < 0, np.minimum(win_best[ok], d), win_best[ok])
                lose_best[ok] = np.maximum(lose_best[ok], d)
        won = values[idx] > 0
        depth[idx] = np.where(lose_best < 0, 0, np.where(won, win_best, lose_best) + 1)
        longest[idx] = lose_best
    return values, depth, longest


ORACLE_GRIDS = [("normal", (3, 4, 5)), ("misere", (1, 3, 5, 7)), ("normal,max=2", (5, 6)),
                ("misere,max=3", (2, 4, 5)), ("normal,half", (6, 9)), ("misere,half", (7, 3)),
                ("normal,set=1;3;4", (9, 7)), ("misere,set=2;3", (4, 5, 6)), ("misere", (11,))]


@pytest.mark.parametrize("rule,box", ORACLE_GRIDS)
def test_the_compiled_oracle_is_the_brute_force_and_the_python_one(rule: str, box: Piles) -> None:
    values, depth, longest = nim.study.grade.grid_oracle(box, rule)
    grid = list(np.ndindex(*[p + 1 for p in box]))
    assert len(values) == len(grid)
    for at, piles in enumerate(grid):
        children = [c for _, c in oracles.moves(rule, piles)]
        if children:
            assert values[at] == oracles.value(rule, piles), piles
            assert longest[at] == max(length(rule, c) for c in children), piles
        else:       # no move: normal play lost, misère won (the player who cannot move wins)
            assert values[at] == (1 if rule.startswith("misere") else -1) and longest[at] == -1, piles
        assert depth[at] == length(rule, piles), piles
    old_values, old_depth, old_longest = _python_oracle(box, rule)
    assert values.tolist() == old_values.tolist()
    assert depth.tolist() == old_depth.tolist() and longest.tolist() == old_longest.tolist()


def test_one_large_pile_is_graded_and_a_larger_one_refused_in_words() -> None:
    """Issue 31 item 10: the depth pass is one sweep of the legal takes (a pile of 4,000:
    eight million), not (largest pile)^3; past MAX_WORK takes, a NimError."""
    report = nim.study.grade.grade(lambda piles: (0, 1), "misere", (4000,))
    # misère, one pile: lost only at 1 (taking the last one); taking 1 keeps the win only from 2
    assert (report.positions, report.won, report.kept, report.lost) == (4000, 3999, 1, 1)
    values, depth, _ = nim.study.grade.grid_oracle((4000,), "normal")
    assert values[0] == -1 and (values[1:] == 1).all() and (depth[1:] == 1).all()
    with pytest.raises(nim.NimError, match="more than the 1,000,000,000 grade looks at"):
        nim.study.grade.grade({}, "normal", (4_000_000,))


@pytest.mark.parametrize("rule,rules,start", RULES)
def test_a_q_table_is_graded_as_its_greedy_agent_one_call_per_position(rule: str, rules: str,
                                                                      start: Piles) -> None:
    """The Q-table path (no Python call per position) against ``as_agent``'s greedy
    agent asked per position, on tables that know some states, some moves, ties and
    negative values."""
    rng = random.Random(7)
    positions = reachable(rule, start)
    table: Dict[Any, Any] = {}
    for piles in rng.sample(positions, len(positions) // 2):
        for move, _ in oracles.moves(rule, piles):
            if rng.random() < 0.6:
                table[(piles, move)] = rng.choice([-1.0, 0.0, 0.5, 0.5, 2.0])
    table[((99,) * len(start), (0, 1))] = 5.0           # a state outside the grid: ignored
    width = max(start)
    arrays = {piles: np.array([rng.choice([-1.0, 0.0, 0.25, 3.0])
                               for _ in range(rng.randrange(len(piles) * width + 3))])
              for piles in rng.sample(positions, len(positions) // 2)}      # short rows: the rest count 0
    for layout in (table, arrays):
        per_position = nim.study.grade.as_agent(layout, rules, width)
        fast = nim.study.grade.grade(layout, rules, start)
        slow = nim.study.grade.grade(per_position, rules, start)
        assert {**fast.to_dict(), "seconds": 0} == {**slow.to_dict(), "seconds": 0}
        check(fast, expected(rule, start, per_position))


# -- a policy in either form, a failing agent, and take-and-break games (issue 40, item 11) ---------


def test_a_policy_with_predict_obs_and_one_with_stable_baselines_predict_grade_alike() -> None:
    """The tutorial's ``predict(obs)`` (an action id back) and Stable-Baselines3's
    ``predict(obs, deterministic=True)`` (``(action array, None)`` back) are the same agent:
    each is graded as the brute force grades its move rule, no call failing."""
    rule, start = "misere", (1, 3, 5, 7)

    def largest_first(piles: Piles) -> Tuple[int, int]:
        return max(range(len(piles)), key=lambda i: (piles[i], -i)), 1

    want = expected(rule, start, largest_first)

    class Tutorial:
        def predict(self, observation: Any) -> int:
            pile, _ = largest_first(tuple(int(n) for n in observation))
            return pile * 7                              # action id: take 1

    class StableBaselines:
        def __init__(self) -> None:
            self.deterministic: List[bool] = []

        def predict(self, observation: Any, state: Any = None, episode_start: Any = None,
                    deterministic: bool = False) -> Tuple[Any, None]:
            self.deterministic.append(deterministic)
            pile, _ = largest_first(tuple(int(n) for n in observation))
            return np.array(pile * 7), None

    class Acting:
        def act(self, observation: Any) -> Tuple[int, int]:
            return largest_first(tuple(int(n) for n in observation))

    sb3 = StableBaselines()
    for agent in (Tutorial(), sb3, Acting()):
        report = nim.study.grade.grade(agent, rule, start)
        check(report, want)
        assert report.failed == 0 and report.failure == "" and report.illegal == 0
    assert sb3.deterministic and all(sb3.deterministic)      # asked for its deterministic action


def test_an_agent_whose_call_fails_is_told_once() -> None:
    """Issue 40 item 11: a failing call is said once, at the top, with the call, the error
    and where it first failed; its blunder lines do not repeat it; every call failing is
    a NimError (not a grade of "Illegal or missing answers")."""
    rule, start = "misere", (1, 3, 5, 7)

    def careless(piles: Piles) -> Tuple[int, int]:
        if sum(piles) % 3 == 0:
            raise KeyError("state never seen")
        return max(range(len(piles)), key=lambda i: (piles[i], -i)), 1

    report = nim.study.grade.grade(careless, rule, start, worst=1000)
    graded = [p for p in reachable(rule, start) if dict(oracles.moves(rule, p))]
    failing = [p for p in graded if sum(p) % 3 == 0]
    assert report.failed == len(failing) == report.illegal
    assert report.failure == f"careless(piles) raised KeyError: 'state never seen' (first at {list(failing[0])})"
    text = str(report)
    assert text.count("KeyError") == 1 and "failed in %d of %d positions" % (len(failing), len(graded)) in text
    assert "Illegal or missing answers" not in text              # every illegal answer was a failed call
    assert {b.piles for b in report.blunders if b.failed} == set(failing)
    assert text.count("the call failed, as said above") == len(failing)
    assert report.to_dict()["failed"] == len(failing)

    class Untrained:
        def predict(self, observation: Any) -> int:
            raise TypeError("predict() got an unexpected keyword argument")

    for agent in (Untrained(), lambda piles: 1 / 0):
        with pytest.raises(nim.NimError, match=r"could not be asked: in every one of the 383 positions .*"
                                               r"raised (TypeError|ZeroDivisionError)"):
            nim.study.grade.grade(agent, rule, start)
    with pytest.raises(nim.NimError, match="could not be asked.*act\\(observation\\) raised"):
        nim.study.grade.grade(type("Broken", (), {"act": lambda self, o: [][0]})(), "kayles", (5, 7))


#: (the brute force's game, misère, the package's rule string, start)
HEAP_GAMES = [("0.77", False, "kayles", (5, 7)), ("0.77", True, "misere,kayles", (3, 4, 4)),
              ("0.07", False, "dawson-kayles", (6, 7)), ("0.137", True, "misere,octal=0.137", (9,)),
              ("grundy-game", False, "grundy-game", (10,)),
              ("grundy-game", True, "misere,grundy-game", (7, 5))]


def heap_moves(game: str, heaps: Piles) -> Dict[Tuple[Any, ...], Piles]:
    """The brute force's moves of ordered heaps as the environments play them: a pile's
    heaps in its place (a split in either order), an emptied pile removed."""
    found: Dict[Tuple[Any, ...], Piles] = {}
    for i, heap in enumerate(heaps):
        for parts in takebreak.options(game, heap):
            for order in {parts, parts[::-1]}:
                count = heap - sum(order)
                move = (i, count) if len(order) < 2 else (i, count, order)
                found[move] = heaps[:i] + order + heaps[i + 1:]
    return found


def heap_reachable(game: str, start: Piles) -> List[Piles]:
    seen, todo = {start}, [start]
    while todo:
        for child in heap_moves(game, todo.pop()).values():
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return sorted(seen)


def heap_expected(game: str, misere: bool, start: Piles, agent: Callable[[Piles], Any]) -> Dict[str, Any]:
    """The grade's counts by the brute force (tests/takebreak_oracle.py)."""
    counts = {"won": 0, "kept": 0, "lost": 0, "delayed": 0, "illegal": 0}
    by_objects: Dict[int, List[int]] = {}
    for heaps in heap_reachable(game, start):
        children = heap_moves(game, heaps)
        if not children:
            continue
        won = takebreak.wins(game, misere, heaps)
        row = by_objects.setdefault(sum(heaps), [0, 0, 0, 0])
        counts["won" if won else "lost"] += 1
        row[0 if won else 2] += 1
        move = agent(heaps)
        move = tuple(move) if move is not None else None
        if move not in children:
            counts["illegal"] += 1
            continue
        after = children[move]
        if won and not takebreak.wins(game, misere, after):
            counts["kept"] += 1
            row[1] += 1
        longest = max(takebreak.remoteness(game, misere, c) for c in children.values())
        if not won and takebreak.remoteness(game, misere, after) == longest:
            counts["delayed"] += 1
            row[3] += 1
    counts["by_objects"] = by_objects
    return counts


def heap_perfect(game: str, misere: bool) -> Callable[[Piles], Tuple[Any, ...]]:
    def play(heaps: Piles) -> Tuple[Any, ...]:
        children = heap_moves(game, heaps)
        if takebreak.wins(game, misere, heaps):
            return next(m for m, c in children.items() if not takebreak.wins(game, misere, c))
        return max(children, key=lambda m: takebreak.remoteness(game, misere, children[m]))
    return play


def heap_random(seed: int, game: str) -> Callable[[Piles], Tuple[Any, ...]]:
    rng = random.Random(seed)
    chosen: Dict[Piles, Tuple[Any, ...]] = {}

    def play(heaps: Piles) -> Tuple[Any, ...]:
        if heaps not in chosen:
            chosen[heaps] = rng.choice(sorted(heap_moves(game, heaps), key=repr))
        return chosen[heaps]
    return play


def action_id(move: Tuple[Any, ...], most: int, max_pile: int) -> int:
    """The environments' action id, from its documented formula (nim.interop.envs.board):
    ((slot * (K + 1)) + count) * max_pile + part, K the largest count taken."""
    part = move[2][0] if len(move) > 2 else 0
    return (move[0] * (most + 1) + move[1]) * max_pile + part


@pytest.mark.parametrize("game,misere,rules,start", HEAP_GAMES)
def test_take_and_break_games_are_graded_against_the_brute_force(game: str, misere: bool, rules: str,
                                                                 start: Piles) -> None:
    """Issue 40 item 11: grade takes every game the environments play. Every count of a
    perfect agent, a random one and a random one answering action ids is the brute
    force's over the positions the environments show (an independent oracle)."""
    oracle = heap_oracle([start], nim.Rules.parse(rules))
    assert set(oracle) == {tuple(sorted(p)) for p in heap_reachable(game, start)}
    for heaps, (value, depth, longest) in oracle.items():
        assert value == (1 if takebreak.wins(game, misere, heaps) else -1), heaps
        assert depth == takebreak.remoteness(game, misere, heaps), heaps
        kids = takebreak.children(game, heaps)
        assert longest == max((takebreak.remoteness(game, misere, kid) for kid in kids), default=-1), heaps
    perfect_report = nim.study.grade.grade(heap_perfect(game, misere), rules, start)
    check(perfect_report, heap_expected(game, misere, start, heap_perfect(game, misere)))
    assert perfect_report.keep_rate == 1.0 and perfect_report.delay_rate == 1.0
    assert perfect_report.positions == sum(1 for p in heap_reachable(game, start) if heap_moves(game, p))
    most = max((m[1] for p in heap_reachable(game, start) for m in heap_moves(game, p)), default=0)
    for seed in (1, 2):
        agent = heap_random(seed, game)
        report = nim.study.grade.grade(agent, rules, start, worst=1000)
        want = heap_expected(game, misere, start, agent)
        check(report, want)
        thrown = sorted(p for p in heap_reachable(game, start) if heap_moves(game, p)
                        and takebreak.wins(game, misere, p)
                        and takebreak.wins(game, misere, heap_moves(game, p)[agent(p)]))
        assert sorted(b.piles for b in report.blunders) == thrown
        for blunder in report.blunders:
            right = tuple(blunder.right) if blunder.right.split is None else \
                (blunder.right.pile, blunder.right.count, blunder.right.split)
            assert not takebreak.wins(game, misere, heap_moves(game, blunder.piles)[right])
        by_id = nim.study.grade.grade(lambda heaps, agent=agent: action_id(agent(heaps), most, max(start)),
                                      rules, start)
        check(by_id, want)


def test_a_policy_and_a_q_table_on_kayles_see_the_environments_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """A policy gets NimEnv's observation (the heaps padded to its slots; max_piles as the
    environment's) and answers NimEnv's action ids; a Q-table keyed by heaps or by padded
    observations, by moves or by ids, plays greedily; the command line grades it too."""
    from nim.interop.envs import NimEnv

    game, misere, rules, start = "0.77", False, "kayles", (5, 7)
    env = NimEnv(piles=start, rules=rules)
    slots, actions = len(env.observation_space.nvec), env.action_space.n
    perfect = heap_perfect(game, misere)
    seen: List[int] = []

    class Trained:
        def predict(self, observation: Any, deterministic: bool = True) -> Tuple[Any, None]:
            seen.append(len(observation))
            assert env.observation_space.contains(np.asarray(observation)) or len(observation) != slots
            heaps = tuple(int(h) for h in observation if h)
            return np.array(action_id(perfect(heaps), 2, 7)), None

    report = nim.study.grade.grade(Trained(), rules, start)
    check(report, heap_expected(game, misere, start, perfect))
    assert set(seen) == {slots} and actions == slots * 3 * 7
    seen.clear()
    nim.study.grade.grade(Trained(), rules, start, max_piles=10)
    assert set(seen) == {10}

    rng = random.Random(4)
    table: Dict[Any, float] = {}
    for heaps in heap_reachable(game, start):
        for move in heap_moves(game, heaps):
            if rng.random() < 0.6:
                table[(heaps, move)] = rng.choice([-1.0, 0.0, 0.5, 2.0])

    def greedy(heaps: Piles) -> Tuple[Any, ...]:       # the documented rule, written plainly
        moves = sorted(heap_moves(game, heaps), key=lambda m: action_id(m, 2, 7))
        return max(moves, key=lambda m: (table.get((heaps, m), 0.0), -action_id(m, 2, 7)))

    want = heap_expected(game, misere, start, greedy)
    padded = {(heaps + (0,) * (slots - len(heaps)), move): q for (heaps, move), q in table.items()}
    ids: Dict[Piles, Dict[int, float]] = {}
    for (heaps, move), q in table.items():
        ids.setdefault(heaps, {})[action_id(move, 2, 7)] = q
    rows = {heaps: np.array([row.get(i, 0.0) for i in range(actions)]) for heaps, row in ids.items()}
    for layout in (table, padded, ids, rows):
        check(nim.study.grade.grade(layout, rules, start), want)
    with pytest.raises(nim.NimError, match="max_piles is for a take-and-break game"):
        nim.study.grade.grade(table, "normal", (3, 4), max_piles=4)
    monkeypatch.setattr(nim.study.grade_heaps, "MAX_HEAP_POSITIONS", 300)     # 338 from 5 7, 110 sorted
    with pytest.raises(nim.NimError, match="more than 300 positions can be reached from \\[5, 7\\]"):
        nim.study.grade.grade(greedy, rules, start)
    monkeypatch.setattr(nim.study.grade_heaps, "MAX_HEAP_POSITIONS", 100)
    with pytest.raises(nim.NimError, match="lead to more than 100 others"):
        nim.study.grade.grade(greedy, rules, [start])


def test_the_command_line_grades_a_kayles_q_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, misere, start = "0.77", True, (4, 6)
    rng = random.Random(9)
    table = {(heaps, move): rng.choice([-1.0, 0.5, 1.0]) for heaps in heap_reachable(game, start)
             for move in heap_moves(game, heaps) if rng.random() < 0.5}

    def greedy(heaps: Piles) -> Tuple[Any, ...]:
        moves = sorted(heap_moves(game, heaps), key=lambda m: action_id(m, 2, 6))
        return max(moves, key=lambda m: (table.get((heaps, m), 0.0), -action_id(m, 2, 6)))

    want = heap_expected(game, misere, start, greedy)
    as_json = {}
    for (heaps, move), q in table.items():
        as_json.setdefault(",".join(map(str, heaps)), {})[json.dumps(move)] = q
    (tmp_path / "q.json").write_text(json.dumps(as_json))
    assert main(["grade", str(tmp_path / "q.json"), "--piles", "4", "6", "--game", "kayles", "--misere",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["won"], data["kept"], data["lost"], data["delayed"], data["illegal"]) == \
        (want["won"], want["kept"], want["lost"], want["delayed"], 0)
    assert main(["grade", str(tmp_path / "q.json"), "--piles", "4", "6", "--game", "kayles", "--misere"]) == 0
    text = capsys.readouterr().out
    assert f"keeps the win:    {want['kept']} of {want['won']}" in text and "misere" in text


def test_illegal_answers_at_kayles_are_the_brute_forces_illegal_moves() -> None:
    """Answers that are no move of the position (too many pins, no such pile, a split
    with an empty or wrong part, Grundy's-game splits in Kayles, None, junk) count as
    illegal exactly where the brute force has no such move; a split's either order is legal."""
    game, misere, rules, start = "0.77", False, "kayles", (4, 6)
    tries: List[Any] = [(0, 3), (5, 1), (0, 1, (0, 3)), (0, 1, (1, 1)), (0, 0, (1, 3)), (1, 2, (1, 3)),
                        (1, 1, (4, 1)), (0, 1, (2, 1)), None, "junk", (0, -1), (0, 2)]

    def erratic(heaps: Piles) -> Any:
        return tries[sum(heaps) % len(tries)]

    def as_brute(heaps: Piles) -> Any:
        answer = erratic(heaps)
        return answer if isinstance(answer, tuple) else None

    report = nim.study.grade.grade(erratic, rules, start, worst=1000)
    check(report, heap_expected(game, misere, start, as_brute))
    assert report.illegal > 0 and report.kept + report.delayed > 0 and report.failed == 0
