"""A tabular Q-learning agent learns Nim in ``nim.interop.envs.NimEnv``, then is scored
against perfect play: how often it keeps a won position won (the oracle's
``info["value"]`` and ``env.is_winning``), and its results against NimX.

    pip install "nimcore[rl]"
    python examples/rl_agent_vs_oracle.py --piles 1 3 5 --rules misere --episodes 4000

Only the action mask, the reward and the piles are used for learning; the
oracle is consulted only to score.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import DefaultDict, Tuple

import numpy as np

from nim.interop.envs import NimEnv

State = Tuple[int, ...]


def masked_argmax(values: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    """A best legal action, ties broken at random."""
    legal = np.flatnonzero(mask)
    best = legal[values[legal] == values[legal].max()]
    return int(rng.choice(best))


def train(env: NimEnv, episodes: int, seed: int) -> DefaultDict[State, np.ndarray]:
    """Q-learning with epsilon-greedy exploration over legal actions only."""
    q: DefaultDict[State, np.ndarray] = defaultdict(lambda: np.zeros(env.action_space.n))
    rng = np.random.default_rng(seed)
    alpha, gamma = 0.5, 1.0
    for episode in range(episodes):
        epsilon = max(0.05, 1.0 - episode / (0.7 * episodes))
        obs, info = env.reset(seed=seed + episode)
        done = False
        while not done:
            state, mask = tuple(int(p) for p in obs), info["action_mask"]
            if rng.random() < epsilon:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = masked_argmax(q[state], mask, rng)
            obs, reward, done, _, info = env.step(action)
            target = float(reward)
            if not done:
                next_legal = np.flatnonzero(info["action_mask"])
                target += gamma * q[tuple(int(p) for p in obs)][next_legal].max()
            q[state][action] += alpha * (target - q[state][action])
    return q


def score(q: DefaultDict[State, np.ndarray], env: NimEnv, games: int, seed: int) -> Tuple[int, int, int, int]:
    """(won positions met, of them kept, games, games won) with greedy play."""
    rng = np.random.default_rng(seed)
    met = kept = wins = 0
    for game in range(games):
        obs, info = env.reset(seed=10**6 + seed + game)
        done = False
        while not done:
            action = masked_argmax(q[tuple(int(p) for p in obs)], info["action_mask"], rng)
            if info["value"] > 0:
                met += 1
                kept += env.is_winning(action)
            obs, reward, done, _, info = env.step(action)
        wins += reward > 0
    return met, kept, games, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--piles", type=int, nargs="+", default=[1, 3, 5])
    parser.add_argument("--rules", default="misere")
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    learner = NimEnv(piles=args.piles, rules=args.rules, opponent="random", agent_first=None)
    q = train(learner, args.episodes, args.seed)
    print(f"trained {args.episodes} episodes against random play on {args.piles} ({args.rules}); "
          f"{len(q)} positions seen")
    for opponent in ("random", "optimal"):
        judge = NimEnv(piles=args.piles, rules=args.rules, opponent=opponent,
                       agent_first=None, oracle=True)
        met, kept, games, wins = score(q, judge, args.games, args.seed)
        share = kept / met if met else 1.0
        print(f"vs {opponent:8s}: won {wins}/{games} games; kept {kept}/{met} won positions "
              f"won ({share:.0%} of perfect play)")


if __name__ == "__main__":
    main()
