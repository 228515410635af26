"""Train a small Q-learner on misère Nim (1, 3, 5, 7) by self-play, then grade it
against perfect play with ``nim.study.grade.grade``: the classic course assignment, with the
question students cannot answer alone -- how close to perfect is it?

    pip install "nimcore[rl]"
    python examples/qlearning_grade.py --episodes 20000 --save q.json
    nimcore grade q.json --piles 1 3 5 7 --misere      # the same grade from the saved table

The learner is the usual tabular one: ``q[(state, action)]`` with ``state``
the piles and ``action`` = (pile, count); after each move the mover's value is
nudged toward the negated best value of the opponent's next state (-1 for
taking the last object, +1 for the player left to move then). The oracle is
used only to grade.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Dict, List, Optional, Tuple

import nim

State = Tuple[int, ...]
Action = Tuple[int, int]
START = (1, 3, 5, 7)


def legal(state: State) -> List[Action]:
    return [(pile, count) for pile, size in enumerate(state) for count in range(1, size + 1)]


def best_value(q: Dict[Tuple[State, Action], float], state: State) -> float:
    return max((q.get((state, a), 0.0) for a in legal(state)), default=0.0)


def train(episodes: int, seed: int, alpha: float = 0.5, epsilon: float = 0.1) -> Dict[Tuple[State, Action], float]:
    """Self-play Q-learning (misère: whoever takes the last object loses)."""
    rng = random.Random(seed)
    q: Dict[Tuple[State, Action], float] = {}
    for _ in range(episodes):
        state = START
        while any(state):
            actions = legal(state)
            if rng.random() < epsilon:
                action = rng.choice(actions)
            else:
                action = max(actions, key=lambda a: q.get((state, a), 0.0))
            pile, count = action
            after = state[:pile] + (state[pile] - count,) + state[pile + 1:]
            if not any(after):
                target = -1.0                     # took the last object: lost
            else:
                target = -best_value(q, after)    # the opponent moves next
            old = q.get((state, action), 0.0)
            q[(state, action)] = old + alpha * (target - old)
            state = after
    return q


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", metavar="FILE", help="save the Q-table as JSON for `nimcore grade`")
    args = parser.parse_args(argv)
    q = train(args.episodes, args.seed)
    report = nim.study.grade.grade(q, "misere", START)
    print(f"Q-learner after {args.episodes:,} self-play episodes ({len(q):,} table entries):")
    print(report)
    if args.save:
        table: Dict[str, Dict[str, float]] = {}
        for (state, action), value in q.items():
            table.setdefault(",".join(map(str, state)), {})[",".join(map(str, action))] = value
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump(table, out)
        print(f"Saved to {args.save}: nimcore grade {args.save} --piles 1 3 5 7 --misere")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
