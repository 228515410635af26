"""nim.interop.envs: the Gymnasium env and the PettingZoo AEC env, checked by the
ecosystems' own checkers and against the brute-force oracle (tests/oracles.py)."""

import random
import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="nimcore[rl] not installed (gymnasium)")
pytest.importorskip("pettingzoo", reason="nimcore[rl] not installed (pettingzoo)")
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import nim
import oracles
from nim.interop.envs import MAX_ENV_PILE, MAX_ENV_PILES, NimEnv, nim_v0

SMALL_BOARDS = [(1, 3, 5), (2, 2), (4, 1, 3), (3, 4, 5)]


def legal_moves(rule, piles):
    return {move for move, _ in oracles.moves(rule, tuple(piles))}


def decode(env_board, action):
    move = env_board.to_move(action)
    return (move.pile, move.count)


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_check_env_passes_without_warnings(rule):
    env = gymnasium.make("nimcore/Nim-v0", piles=(2, 3, 4), rules=rule, oracle=True,
                         agent_first=None, render_mode="ansi").unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)


def test_check_env_random_start_and_random_opponent():
    env = gymnasium.make("nimcore/Nim-v0", piles=(3, 4, 5), rules="misere,max=3",
                         random_start=True, opponent="random").unwrapped
    check_env(env)


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_mask_and_best_move_match_the_oracle(rule):
    """Over whole games: the mask is exactly the legal moves, the oracle's value
    is brute force's, its best move wins when the position is won, and the
    reward says who won by the convention."""
    env = NimEnv(piles=(3, 4, 5), rules=rule, opponent="random", oracle=True, agent_first=None)
    rng = random.Random(7)
    for episode in range(6):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            piles = tuple(int(p) for p in obs)
            mask = info["action_mask"]
            assert {decode(env.board, a) for a in np.flatnonzero(mask)} == legal_moves(rule, piles)
            assert info["value"] == oracles.value(rule, piles)
            best = decode(env.board, info["best_move"])
            after = dict(oracles.moves(rule, piles))[best]
            if info["value"] > 0:  # a best move from a won position leaves a lost one
                assert not any(legal_moves(rule, after)) and not oracles.parse(rule)[0] \
                    or oracles.value(rule, after) < 0
            action = int(rng.choice(np.flatnonzero(mask)))
            obs, reward, done, truncated, info = env.step(action)
            assert not truncated
            if not done:
                assert reward == 0
        after_agent = tuple(int(p) for p in obs)
        assert reward in (1.0, -1.0) and not any(legal_moves(rule, after_agent))


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_perfect_agent_against_perfect_nimx_wins_exactly_the_won_starts(rule):
    for start in SMALL_BOARDS:
        env = NimEnv(piles=start, rules=rule, oracle=True)
        _, info = env.reset(seed=0)
        expected = info["value"]
        done = False
        while not done:
            _, reward, done, _, info = env.step(info["best_move"])
        assert reward == expected == oracles.value(rule, start)


def test_seeded_resets_repeat_boards_seats_and_moves():
    def episode(seed):
        env = NimEnv(piles=(5, 6, 7), opponent="random", random_start=True, agent_first=None)
        obs, info = env.reset(seed=seed)
        trace = [obs.tolist(), info["agent_first"], info["opponent_move"]]
        done = False
        while not done:
            obs, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            trace.append(obs.tolist())
        return trace

    assert episode(3) == episode(3)
    assert len({str(episode(seed)) for seed in range(8)}) > 1


def test_illegal_action_loses_or_raises():
    env = NimEnv(piles=(1, 2))
    env.reset(seed=0)
    illegal = env.board.to_action(nim.Move(0, 2))
    obs, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)
    with pytest.raises(nim.NimError, match="over"):
        env.step(0)
    strict = NimEnv(piles=(1, 2), illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(nim.IllegalMoveError, match="illegal action"):
        strict.step(illegal)
    with pytest.raises(nim.NimError, match="outside"):
        strict.step(strict.action_space.n)


@pytest.mark.parametrize("kwargs, message", [
    (dict(piles=[1] * (MAX_ENV_PILES + 1)), "piles"),
    (dict(piles=(MAX_ENV_PILE + 1,)), "max_pile"),
    (dict(piles=(1, 2), max_pile=1), "does not fit"),
    (dict(piles=(0, 0)), "no move"),
    (dict(piles=(0, 3), agent_first=False), "end the game at once"),
    (dict(opponent="nonsense"), "nonsense"),
    (dict(illegal="ignore"), "ignore"),
    (dict(render_mode="rgb_array"), "rgb_array"),
    (dict(piles=(1, -2)), "-2"),
])
def test_bad_arguments_are_nim_errors(kwargs, message):
    with pytest.raises(nim.NimError, match=message):
        NimEnv(**kwargs)


def test_reset_options_piles_and_is_winning():
    env = NimEnv(piles=(7, 7, 7), rules="misere")
    obs, _ = env.reset(options={"piles": [1, 2, 3]})
    assert obs.tolist() == [1, 2, 3]
    for action in np.flatnonzero(env.board.action_mask()):
        pile, count = decode(env.board, action)
        after = list(obs)
        after[pile] -= count
        wins = oracles.value("misere", after) < 0
        assert env.is_winning(int(action)) == wins
    with pytest.raises(nim.NimError, match="does not fit"):
        env.reset(options={"piles": [1, 2]})


# --- PettingZoo -------------------------------------------------------------------------


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_pettingzoo_api_test(rule, capsys):
    api_test(nim_v0.env(piles=(2, 3, 4), rules=rule, oracle=True), num_cycles=200)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_pettingzoo_games_follow_the_rules(rule):
    rng = random.Random(11)
    for game in range(5):
        aec = nim_v0.env(piles=(3, 4, 5), rules=rule, oracle=True)
        aec.reset(seed=game)
        last_mover, final = None, {}
        for agent in aec.agent_iter():
            observation, reward, termination, truncation, info = aec.last()
            if termination or truncation:
                final[agent] = reward
                aec.step(None)
                continue
            piles = tuple(int(p) for p in observation["observation"])
            mask = observation["action_mask"]
            assert {decode(aec.unwrapped.board, a) for a in np.flatnonzero(mask)} == legal_moves(rule, piles)
            assert info["value"] == oracles.value(rule, piles)
            last_mover = agent
            aec.step(int(rng.choice(np.flatnonzero(mask))))
        misere = oracles.parse(rule)[0]
        other = "player_1" if last_mover == "player_0" else "player_0"
        winner, loser = (other, last_mover) if misere else (last_mover, other)
        assert final == {winner: 1, loser: -1}


def test_pettingzoo_illegal_move_loses():
    aec = nim_v0.env(piles=(1, 2))
    aec.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the wrapper warns about the illegal move
        aec.step(aec.unwrapped.board.to_action(nim.Move(0, 2)))
    assert aec.rewards["player_0"] == -1 and all(aec.terminations.values())


def test_pettingzoo_bad_board_is_a_nim_error():
    with pytest.raises(nim.NimError, match="no move"):
        nim_v0.raw_env(piles=(0, 0))
