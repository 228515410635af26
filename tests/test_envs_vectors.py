"""Vector observations of the component games (issue 41): every family whose positions have an
encoding bounded by the start (``ComponentFamily.vector_encoding``, or one registered in
``nim.interop.envs.vectors``) passes Gymnasium's checker and PettingZoo's API test with
``observation="vector"``, and the vector of every position reachable from the start decodes back
to that position; a family without one is refused in words. Northcott's game and SOS, whole
positions solved alone, are played and graded (their draws and cycles included)."""

from __future__ import annotations

import time
import warnings
from typing import Any, Dict, List

import pytest

import nim
from nim import NimError
from nim.rules import Rules
from nim.solving.components import read_position
from nim.solving.reachable import canonical_key

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from nim.interop.envs import ComponentEnv, components_v0  # noqa: E402
from nim.interop.envs.vectors import encoding_of  # noqa: E402

#: A start of every family with a vector encoding (rule string -> start), small enough to check fast.
STARTS: Dict[str, Any] = {
    "wythoff": [[3, 5], [2, 2]], "misere,wythoff": [[2, 3]], "moore,k=2": [1, 0, 3], "lasker": [3, 4],
    "dynamic,k=2": [[9, 4], 5], "staircase": [3, 0, 2, 0], "nimble": [1, 3, 3, 4], "chomp": {"rows": 3, "columns": 4},
    "empty-and-divide": [[4, 5], [2, 3]], "poker-nim": {"piles": [3, 0, 2], "pool": 2},
    "thirty-one": {"total": 19, "left": [2, 3, 1, 4, 2, 1]}, "at-least-half": [3, 5], "dim+": [3, 5],
    "aliquot": [3, 5], "rims": [3, 5], "octal=0.666...": [3, 5], "octal=0.F": [3, 4],
    "green-hackenbush": [[[0, 1], [1, 2], [1, 3]], [[0, 1], [1, 1]]],
    "turning-turtles": "THHTH", "twins": "THHTH", "mock-turtles": "THHT", "triplets": "THHTH", "ruler": "THHT",
    "rulerette": "THHT", "grunt": "THHTTHH", "coin-subtraction=1;3": "THHTH",
    "turning-corners": [[[1, 1], [2, 0]]], "rugs": [[[1, 1], [2, 1]]], "turning-turtles-squared": [[[1, 1], [2, 1]]],
    "acrostic-twins": [[[1, 1], [2, 0]]], "tartan=ruler*twins": [[[1, 1], [2, 0]]],
    "graph": {"edges": [[0, 1], [1, 2], [0, 2]], "tokens": [0, 1]},
    "vertex-removal": [[0, 1], [1, 2], [2, 3], [3, 4], [1, 5], [6, 7], [7, 8], [8, 6]],
    "northcott": ["W..B", "B.W"], "sos": "S----", "misere,sos": "-----",
}


@pytest.mark.parametrize("rule", list(STARTS))
def test_every_bounded_family_has_a_vector_that_decodes_back_and_passes_the_checkers(rule: str) -> None:
    start = STARTS[rule]
    family = Rules.parse(rule).family
    env = ComponentEnv(start, rule, observation="vector", oracle=True)
    coding = env.game.encoding
    assert coding is not None and env.observation_space.shape == (len(coding.sizes),)
    seen = set()
    for number, key in enumerate(env.keys):
        vector = env.game.vectors[number]
        assert env.observation_space.contains(vector), (rule, key, vector)
        back = canonical_key(family, read_position(family, coding.decode([int(v) for v in vector])))
        assert back == key, (rule, key, vector, back)
        seen.add(tuple(vector))
    assert len(seen) == len(env.keys)           # one vector a position: an agent can tell them apart
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
        api_test(components_v0.env(position=start, rules=rule, observation="vector"), num_cycles=10)
    observation, info = env.reset(seed=3)
    assert list(observation) == list(env.game.vectors[env.start])
    assert info["position"] == env.position(env.start)


def test_the_default_observation_is_still_the_position_number() -> None:
    env = ComponentEnv([[3, 5]], "wythoff")
    observation, _ = env.reset(seed=0)
    assert env.observation_space.n == len(env.keys) and int(observation) == env.start
    game = components_v0.raw_env(position=[[3, 5]], rules="wythoff")
    assert game.observation_space("player_0")["observation"].n == len(game.game)


def test_vectors_say_what_they_hold() -> None:
    """A few encodings by hand: a Wythoff pair, a coin row, a Northcott board, an SOS row."""
    wythoff = encoding_of(Rules.parse("wythoff").family, ((2, 2), (3, 5)))
    assert wythoff is not None and wythoff.encode(((1, 2),)) == [1, 2, 0, 0] and wythoff.sizes == (6,) * 4
    turtles = encoding_of(Rules.parse("turning-turtles").family, ((2, 3, 5),))
    assert turtles is not None and turtles.encode(((1, 5),)) == [0, 1, 0, 0, 0, 1]
    northcott = ComponentEnv(["W..B", "B.W"], "northcott", observation="vector")
    observation, _ = northcott.reset(seed=0)
    assert list(observation) == [0, 0, 3, 2, 0]           # White to move; W at 0, B at 3; W at 2, B at 0
    assert northcott.game.encoding is not None and northcott.game.encoding.sizes == (2, 4, 4, 3, 3)
    sos = ComponentEnv("S-O--", "sos", observation="vector")
    assert list(sos.reset(seed=0)[0]) == [1, 0, 2, 0, 0]


def test_a_position_not_reachable_from_the_start_is_refused_by_its_encoding() -> None:
    coding = encoding_of(Rules.parse("wythoff").family, ((3, 5),))
    assert coding is not None
    with pytest.raises(nim.InvalidPositionError, match="not reachable|more than"):
        coding.encode(((7, 9),))
    with pytest.raises(nim.InvalidPositionError, match="more than"):
        coding.encode(((1, 2), (1, 3)))


def test_a_game_without_a_vector_encoding_is_refused_in_words_and_numbered() -> None:
    start = [["wythoff", [[1, 2]]], ["any", [2]]]
    with pytest.raises(NimError, match="no vector encoding.*observation='number'"):
        ComponentEnv([{"edges": [[0, 1]], "token": 0}, {"edges": [[0, 1], [1, 2]], "token": 0}], "graph",
                     observation="vector")                            # tokens on two graphs
    with pytest.raises(NimError, match="no vector encoding.*observation='number'"):
        ComponentEnv(start, "sum", observation="vector")
    with pytest.raises(NimError, match="no vector encoding"):
        components_v0.env(position=start, rules="sum", observation="vector")
    assert len(ComponentEnv(start, "sum").keys) > 1
    for bad in ({"observation": "pixels"}, {"max_steps": 0}, {"max_steps": True}):
        with pytest.raises(NimError):
            ComponentEnv([[3, 5]], "wythoff", **bad)


def _brute_sos(row: str, misere: bool, memo: Dict[str, int]) -> int:
    """+1/0/-1 for the player to move, by plain recursion (no code shared with the package)."""
    if row in memo:
        return memo[row]
    if "SOS" in row:
        value = 1 if misere else -1          # the previous player completed it
    elif "-" not in row:
        value = 0
    else:
        value = max(-_brute_sos(row[:i] + c + row[i + 1:], misere, memo)
                    for i, square in enumerate(row) if square == "-" for c in "SO")
    memo[row] = value
    return value


@pytest.mark.parametrize("misere", [False, True])
def test_sos_environment_ends_drawn_games_with_reward_zero_and_its_oracle_is_a_brute_force(misere: bool) -> None:
    rule = "misere,sos" if misere else "sos"
    memo: Dict[str, int] = {}
    env = ComponentEnv("----", rule, oracle=True, observation="vector")
    for number, row in enumerate(env.game.keys):
        assert env.game.values[number] == _brute_sos(row[0], misere, memo), row
    rewards: List[float] = []
    for seed in range(12):                       # the agent draws its moves; NimX is perfect
        _, info = env.reset(seed=seed)
        truth, done, reward = info["value"], False, 0.0
        picks = info["action_mask"].nonzero()[0]
        while not done:
            picks = info["action_mask"].nonzero()[0]
            action = int(picks[seed % len(picks)]) if seed % 3 else info["best_move"]
            _, reward, ended, cut, info = env.step(action)
            done = ended or cut
            assert not cut                        # SOS always ends: a full row at the latest
        if seed % 3 == 0:                         # the agent played best: the result is the oracle's
            assert reward == float(truth)
        rewards.append(float(reward))
    assert set(rewards) <= {-1.0, 0.0, 1.0}


def test_northcott_play_that_comes_round_is_cut_short_with_reward_zero() -> None:
    """An agent that only ever moves its checker away from the other (NimX, winning, hurries, so the
    game ends; losing, it delays) never loops for ever: each episode ends or is cut at max_steps."""
    env = ComponentEnv(["W...B"], "northcott", oracle=True, max_steps=5)
    assert env.game.cyclic
    for seed in range(6):
        _, info = env.reset(seed=seed)
        steps, done = 0, False
        while not done:
            mask = info["action_mask"].nonzero()[0]
            action = int(mask[-1] if seed % 2 else mask[0])
            _, reward, ended, cut, info = env.step(action)
            steps += 1
            done = ended or cut
            if cut:
                assert reward == 0.0 and steps == 5
        assert steps <= 5


def test_grader_grades_northcott_and_sos_boards_and_the_draws_it_holds() -> None:
    """Every reachable board is graded (a perfect agent keeps every win and holds every draw; one
    that plays the first listed move throws some away); a board past the bound is refused."""
    from nim.study.grade import grade

    perfect = grade(lambda board: nim.solve(board, "northcott").move, "northcott", ["W..B", "B.W"])
    assert perfect.positions > 0 and perfect.kept == perfect.won and perfect.drawn == 0
    memo: Dict[str, int] = {}

    def holds(row: str) -> Any:
        moves = [(i, c) for i, s in enumerate(row) if s == "-" for c in "SO"]
        best = max(moves, key=lambda m: -_brute_sos(row[:m[0]] + m[1] + row[m[0] + 1:], False, memo))
        after = row[:best[0]] + best[1] + row[best[0] + 1:]
        return (0, 1, [after])

    sos = grade(holds, "sos", "S----")
    assert sos.drawn > 0 and sos.held == sos.drawn and sos.kept == sos.won
    careless = grade(lambda row: (0, 1, [row.replace("-", "S", 1)]), "sos", "S----", worst=100)
    assert careless.held < careless.drawn and "draw away" in str(careless)
    assert sum(b.draw for b in careless.blunders) == careless.drawn - careless.held
    with pytest.raises(NimError, match="more than"):
        grade(holds, "sos", 11)
    started = time.monotonic()
    for refuse in (lambda: grade(holds, "northcott", ["W.........B"] * 3),
                   lambda: ComponentEnv(["W.........B"] * 3, "northcott")):
        with pytest.raises(NimError, match="too many to grade"):       # by the boards' bound, before any walk
            refuse()
    assert time.monotonic() - started < 5
    with pytest.raises(NimError, match="misère Northcott"):
        grade(holds, "misere,northcott", ["WB", "B.W"])


class _TablePolicy:
    """A policy over an environment's observations: the oracle's move by a table of observations
    (or, with ``careless``, the first legal action), as a trained network would answer."""

    def __init__(self, env: ComponentEnv, careless: bool = False) -> None:
        self.table = {}
        for number in range(len(env.keys)):
            if env.options[number]:
                seen = env.game.observation(number)
                key = tuple(int(v) for v in seen) if seen.shape else int(seen)
                self.table[key] = min(env.options[number]) if careless else env.game.best(number)

    def predict(self, observation: Any) -> Any:
        key = tuple(int(v) for v in observation) if getattr(observation, "shape", ()) else int(observation)
        return self.table[key], None


@pytest.mark.parametrize("rule,start", [("wythoff", [[3, 5], [2, 2]]), ("northcott", ["W..B", "B.W"]),
                                        ("turning-turtles", "THHTH"), ("sos", "S----")])
@pytest.mark.parametrize("observation", ["number", "vector"])
def test_grader_asks_a_policy_as_the_environment_does(rule: str, start: Any, observation: str) -> None:
    """A policy trained on ComponentEnv (its observation, its actions) is graded from the same start:
    the oracle's moves keep every win and hold every draw; the first legal action does not."""
    from nim.study.grade import grade

    env = ComponentEnv(start, rule, observation=observation)
    good = grade(_TablePolicy(env), rule, start, observation=observation)
    assert good.positions > 0 and good.illegal == 0 and good.kept == good.won and good.held == good.drawn
    truth = grade(lambda position: nim.analyze(position, rule)[0].move, rule, start)
    assert (good.positions, good.won, good.drawn) == (truth.positions, truth.won, truth.drawn)
    careless = grade(_TablePolicy(env, careless=True), rule, start, observation=observation)
    assert careless.illegal == 0 and careless.kept + careless.held < good.kept + good.held


def test_grader_refuses_what_it_cannot_read_for_a_component_game() -> None:
    from nim.study.grade import grade

    with pytest.raises(NimError, match="Q-table"):
        grade({}, "wythoff", [[3, 5]])
    with pytest.raises(NimError, match="observation="):
        grade(lambda position: None, "wythoff", [[3, 5]], observation="vector")
    with pytest.raises(NimError, match="observes the piles"):
        grade(lambda piles: (0, 1), "misere", (1, 3), observation="vector")

    class Wild:
        def predict(self, observation: Any) -> Any:
            return 10**6

    report = grade(Wild(), "wythoff", [[3, 5]])
    assert report.illegal == report.positions > 0


def test_pettingzoo_cuts_play_that_comes_round_short_and_a_loopy_graph_is_played() -> None:
    """components_v0 truncates a Northcott game after max_steps moves (0 each), and PettingZoo's API
    test passes with it; a graph with a cycle (draws by going round) is played with vectors too."""
    game = components_v0.raw_env(position=["..W...B.."], rules="northcott", max_steps=3, observation="vector")
    game.reset(seed=0)

    def gap(number: int) -> int:
        (row,) = game.game.position(number)["rows"]
        return abs(row.index("W") - row.index("B"))

    moves = 0
    for agent in game.agent_iter():
        _, reward, ended, cut, _ = game.last()
        if ended or cut:
            assert cut and not ended and reward == 0
            game.step(None)
            continue
        mask = game.observe(agent)["action_mask"].nonzero()[0]
        game.step(int(max(mask, key=gap)))       # each moves away from the other: no end in sight
        moves += 1
    assert moves == 3
    loopy = {"edges": [[0, 1], [1, 0], [1, 2], [2, 3]], "tokens": [0, 1]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(components_v0.env(position=["W...B"], rules="northcott", max_steps=3), num_cycles=10)
        env = ComponentEnv(loopy, "graph", observation="vector", oracle=True)
        check_env(env, skip_render_check=True)
        api_test(components_v0.env(position=loopy, rules="graph", observation="vector"), num_cycles=10)
    assert env.game.cyclic and 0 in env.game.values
