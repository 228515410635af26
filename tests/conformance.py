"""The conformance suite every take-rule family must pass (issue 38).

A case is a rule string and an *independent* move rule: a function ``takes(n)`` written
in the test from the family's definition alone, sharing no code with the package. Every
layer is then held to the brute force over that move rule (memoised recursion over
sorted tuples): ``solve``, ``analyze``, ``explain``, ``Solver`` batches, ``Position``'s
moves, terminal play (AI against AI, in process), web play (the JSON API, through
Starlette's TestClient), the grader, the Gymnasium and PettingZoo environments, and
OpenSpiel (which plays only take any: every other family is refused in words).

``tests/test_conformance.py`` runs it over every built-in family; a new family's test
file runs it over its own cases (``tests/test_toy_family.py`` is the example: a family
registered in two files passes it).
"""

from __future__ import annotations

import io
import itertools
import re
import warnings
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, List, Optional, Tuple

import pytest

import nim
from nim import InvalidRulesError, Move, Position, Rules

Piles = Tuple[int, ...]


@dataclass(frozen=True)
class FamilyCase:
    """One rule string of a family, with its moves written independently of the package."""

    rule: str
    takes: Callable[[int], Iterable[int]]     # legal takes from a pile of n (any order)
    misere: bool

    def __str__(self) -> str:
        return self.rule


# -- the brute force ------------------------------------------------------------------------------

def brute_value(case: FamilyCase, piles: Piles) -> int:
    """+1 when the player to move wins, -1 when they lose, by memoised recursion."""
    return _value(case, tuple(sorted(p for p in piles)))


@lru_cache(maxsize=None)
def _value(case: FamilyCase, key: Piles) -> int:
    children = [tuple(sorted(key[:i] + (p - t,) + key[i + 1:]))
                for i, p in enumerate(key) for t in set(case.takes(p)) if 1 <= t <= p]
    if not children:
        return 1 if case.misere else -1
    return max(-_value(case, child) for child in children)


def small_positions(case: FamilyCase, largest: int = 6, piles: int = 3) -> List[Piles]:
    """Every position of 1 to ``piles`` piles of at most ``largest`` objects, sorted."""
    found = []
    for count in range(1, piles + 1):
        found.extend(itertools.combinations_with_replacement(range(largest + 1), count))
    return found


def legal(case: FamilyCase, piles: Piles, move: Move) -> bool:
    return 0 <= move.pile < len(piles) and move.count in set(case.takes(piles[move.pile]))


def after(piles: Piles, move: Move) -> Piles:
    return piles[:move.pile] + (piles[move.pile] - move.count,) + piles[move.pile + 1:]


# -- the checks -----------------------------------------------------------------------------------

def check_solve(case: FamilyCase) -> None:
    """nim.solve's value and move against the brute force, on every small position."""
    for piles in small_positions(case):
        solution = nim.solve(list(piles), case.rule)
        assert solution.value == brute_value(case, piles), (case.rule, piles)
        if solution.move is not None:
            assert legal(case, piles, solution.move), (case.rule, piles, solution.move)
            if solution.value > 0:
                assert brute_value(case, after(piles, solution.move)) < 0, (case.rule, piles)
        else:
            assert not any(legal(case, piles, Move(i, t)) for i, p in enumerate(piles) for t in case.takes(p))


def check_search_engines(case: FamilyCase) -> None:
    """The exact search (tt) agrees with the theory and the brute force."""
    for piles in small_positions(case, largest=5, piles=3):
        assert nim.solve(list(piles), case.rule, method="tt").value == brute_value(case, piles)


def check_analyze_and_moves(case: FamilyCase) -> None:
    """Position.moves is the independent move set; analyze values every move as the brute force."""
    rules = Rules.parse(case.rule)
    for piles in small_positions(case, largest=5, piles=2):
        position = Position(piles, rules)
        mine = {(m.pile, m.count) for m in position.moves()}
        theirs = {(i, t) for i, p in enumerate(piles) for t in set(case.takes(p)) if 1 <= t <= p}
        assert mine == theirs, (case.rule, piles)
        for row in nim.analyze(list(piles), case.rule):
            assert row.value == -brute_value(case, after(piles, row.move)), (case.rule, piles, row)


def check_explain(case: FamilyCase) -> None:
    """explain names the rules, gives the brute force's value and a winning move that wins."""
    for piles in [(3, 5), (4, 4, 1), (6,), (2, 3, 6)]:
        explanation = nim.explain(list(piles), case.rule)
        assert explanation.value == brute_value(case, piles)
        assert str(Rules.parse(case.rule)) in explanation.text
        assert ("Grundy" in explanation.text) or ("search" in explanation.text)


def check_batch(case: FamilyCase) -> None:
    """Solver(rules).values over a 2-D batch agrees row by row."""
    np = pytest.importorskip("numpy")
    rows = [piles + (0,) * (3 - len(piles)) for piles in small_positions(case, largest=6, piles=3)]
    values = nim.Solver(case.rule).values(np.array(rows, dtype=np.int64))
    assert [int(v) for v in values] == [brute_value(case, row) for row in rows]


def check_terminal_play(case: FamilyCase) -> None:
    """Two optimal AIs in the terminal flow: every move shown is legal, the winner is the brute force's."""
    from nim.play.console import Console
    from nim.play.flows import run_style
    from nim.play.session import PlayOptions

    start = (3, 4, 5)
    screen = io.StringIO()
    options = PlayOptions(style="rajalakshmi", mode="aivai", piles=start, rules=Rules.parse(case.rule), seed=1,
                          ai=["optimal", "optimal"])
    status = run_style(options, Console(io.StringIO(""), screen))
    out = screen.getvalue()
    assert status == 0, out
    piles = start
    moves = re.findall(r"removes (\d+) from pile \[(\d+)\]\.", out)
    assert moves, out
    for count, pile in moves:
        move = Move(int(pile), int(count))
        assert legal(case, piles, move), (case.rule, piles, move, out)
        piles = after(piles, move)
    winner = 0 if brute_value(case, start) > 0 else 1
    assert f"Player {winner} wins" in out, out


def check_web_play(case: FamilyCase) -> None:
    """A free game in the browser's API against NimX (optimal): legal moves, the right winner,
    and a hint that is a winning move by the brute force."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    import tempfile
    from pathlib import Path

    from nim.web.app import create_app

    start = [4, 5, 6]
    with tempfile.TemporaryDirectory() as folder, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(Path(folder) / "games.sqlite3")) as client:
            answer = client.post("/api/games", json={"flow": "free", "rules": case.rule, "piles": start,
                                                     "ai": "optimal"})
            assert answer.status_code == 201, answer.text
            game, token = answer.json()["game"], answer.json()["token"]
            hint = client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": token}).json()
            piles = tuple(game["piles"])
            assert hint["value"] == brute_value(case, piles)
            if hint["value"] > 0:
                assert brute_value(case, after(piles, Move(*hint["move"]))) < 0
            while not game["finished"]:
                piles = tuple(game["piles"])
                pile, count = next((i, max(case.takes(p))) for i, p in enumerate(piles) if list(case.takes(p)))
                reply = client.post(f"/api/games/{game['id']}/move", json={
                    "token": token, "pile": pile, "count": count, "version": game["version"]})
                assert reply.status_code == 200, reply.text
                game = reply.json()["game"]
            # replay the game's moves through the independent rule
            piles = tuple(start)
            for _seat, pile, count in game["moves"]:
                move = Move(pile, count)
                assert legal(case, piles, move), (case.rule, piles, move)
                piles = after(piles, move)


def check_grade(case: FamilyCase) -> None:
    """The grader: a perfect agent (the brute force) keeps every win; a careless one does not."""
    pytest.importorskip("numpy")
    from nim.study.grade import grade

    start = (2, 3, 4)

    def perfect(piles: Piles) -> Move:
        piles = tuple(piles)
        moves = [Move(i, t) for i, p in enumerate(piles) for t in sorted(set(case.takes(p))) if 1 <= t <= p]
        return next((m for m in moves if brute_value(case, after(piles, m)) < 0), moves[0])

    def careless(piles: Piles) -> Move:
        piles = tuple(piles)
        return next(Move(i, min(case.takes(p))) for i, p in enumerate(piles) if list(case.takes(p)))

    good = grade(perfect, case.rule, start)
    assert good.illegal == 0 and good.kept == good.won, good
    bad = grade(careless, case.rule, start)
    assert bad.illegal == 0 and bad.kept < bad.won, bad


def check_environments(case: FamilyCase) -> None:
    """Gymnasium: an episode of mask-legal actions against the optimal opponent ends in a loss
    when the brute force says the start is lost; PettingZoo's own API test passes."""
    pytest.importorskip("gymnasium")
    from nim.interop.envs import NimEnv

    for start in [(3, 4, 5), (2, 2), (1, 4)]:
        env = NimEnv(piles=start, rules=case.rule)
        _, info = env.reset(seed=3)
        reward, done = 0.0, False
        while not done:
            action = int(info["action_mask"].nonzero()[0][0])
            _, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        if brute_value(case, start) < 0:
            assert reward < 0, (case.rule, start)
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from nim.interop.envs import nim_v0

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(nim_v0.env(piles=[2, 3], rules=case.rule), num_cycles=40)


def check_openspiel(case: FamilyCase) -> None:
    """OpenSpiel's nim is take any only: this family plays there, or is refused in words."""
    pytest.importorskip("pyspiel")
    from nim.interop.openspiel import load_game

    if Rules.parse(case.rule).family.is_nim:
        assert load_game([1, 2], case.rule).num_players() == 2
    else:
        with pytest.raises(InvalidRulesError, match="take-any"):
            load_game([1, 2], case.rule)


CHECKS = [check_solve, check_search_engines, check_analyze_and_moves, check_explain, check_batch,
          check_terminal_play, check_web_play, check_grade, check_environments, check_openspiel]


def by_name(checks: Optional[List[Callable[[Any], None]]] = None) -> List[object]:
    """pytest params of every check, named."""
    return [pytest.param(check, id=check.__name__.removeprefix("check_")) for check in (checks or CHECKS)]


# -- take-and-break families ----------------------------------------------------------------------

@dataclass(frozen=True)
class TakeBreakCase:
    """A take-and-break rule string with its game as tests/takebreak_oracle.py names it."""

    rule: str
    game: str          # "0.77", "grundy-game", ...
    misere: bool

    def __str__(self) -> str:
        return self.rule


def tb_positions(largest: int = 7, heaps: int = 3) -> List[Piles]:
    found: List[Piles] = []
    for count in range(1, heaps + 1):
        found.extend(itertools.combinations_with_replacement(range(largest + 1), count))
    return found


def check_tb_solve(case: TakeBreakCase) -> None:
    """nim.solve (auto, and the search) against the brute force; a winning move wins."""
    import takebreak_oracle as oracle

    for piles in tb_positions():
        truth = oracle.wins(case.game, case.misere, piles)
        for method in ("auto", "tt"):
            solution = nim.solve(list(piles), case.rule, method=method)
            assert (solution.value > 0) == truth, (case.rule, piles, method)
            if solution.move is not None:
                assert oracle.is_option(case.game, piles, tuple(solution.move)), (case.rule, piles, solution.move)
                if truth:
                    assert not oracle.wins(case.game, case.misere, oracle.apply(piles, tuple(solution.move)))


def check_tb_moves_and_analyze(case: TakeBreakCase) -> None:
    """Position.moves is the oracle's move set; analyze values every move as the brute force."""
    import takebreak_oracle as oracle

    rules = Rules.parse(case.rule)
    for piles in tb_positions(largest=6, heaps=2):
        moves = list(Position(piles, rules).moves())
        assert all(oracle.is_option(case.game, piles, tuple(m)) for m in moves)
        reached = {oracle._key(oracle.apply(piles, tuple(m))) for m in moves}
        assert reached == set(oracle.children(case.game, piles)), (case.rule, piles)
        for row in nim.analyze(list(piles), case.rule):
            child = oracle.apply(piles, tuple(row.move))
            assert (row.value > 0) == (not oracle.wins(case.game, case.misere, child)), (case.rule, piles, row)


def check_tb_explain(case: TakeBreakCase) -> None:
    """explain names the rules and gives the brute force's value."""
    import takebreak_oracle as oracle

    for piles in [(3, 5), (4, 4, 1), (7,), (2, 3, 6)]:
        explanation = nim.explain(list(piles), case.rule)
        assert (explanation.value > 0) == oracle.wins(case.game, case.misere, piles)
        assert str(Rules.parse(case.rule)) in explanation.text


def check_tb_environments(case: TakeBreakCase) -> None:
    """Gymnasium: an episode of mask-legal actions on a lost start ends in a loss; PettingZoo's API test."""
    pytest.importorskip("gymnasium")
    import takebreak_oracle as oracle
    from nim.interop.envs import NimEnv

    for start in [(3, 4), (5,), (2, 6)]:
        env = NimEnv(piles=start, rules=case.rule)
        _, info = env.reset(seed=3)
        reward, done = 0.0, False
        while not done:
            action = int(info["action_mask"].nonzero()[0][0])
            _, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        if not oracle.wins(case.game, case.misere, start):
            assert reward < 0, (case.rule, start)
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from nim.interop.envs import nim_v0

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(nim_v0.env(piles=[3, 4], rules=case.rule), num_cycles=40)


def check_tb_openspiel(case: TakeBreakCase) -> None:
    """OpenSpiel's nim has no split move: refused in words."""
    pytest.importorskip("pyspiel")
    from nim.interop.openspiel import load_game

    with pytest.raises(InvalidRulesError, match="take-any"):
        load_game([1, 2], case.rule)


def check_tb_grade(case: TakeBreakCase) -> None:
    """The grader grades every game the environments play: a perfect agent (the brute force)
    keeps every win it is given."""
    pytest.importorskip("numpy")
    import takebreak_oracle as oracle
    from nim.study.grade import grade

    def perfect(piles: Piles) -> Move:
        piles = tuple(piles)
        moves = list(Position(piles, case.rule).moves())
        return next((m for m in moves if not oracle.wins(case.game, case.misere, oracle.apply(piles, tuple(m)))),
                    moves[0])

    result = grade(perfect, case.rule, (3, 5))
    assert result.illegal == 0 and result.kept == result.won and result.won > 0, result


TAKE_BREAK_CHECKS = [check_tb_solve, check_tb_grade, check_tb_moves_and_analyze, check_tb_explain,
                     check_tb_environments, check_tb_openspiel]
