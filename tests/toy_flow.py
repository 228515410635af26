"""A toy flow registered from a test file (issue 38, item 2: the plug-in point proven by use).

"Countdown": piles of stones, a move takes 1 or 2 from one pile, whoever takes the last
stone wins; the human moves first against the exact player. Its words are its own, said
here only; the terminal (``nimcore play --style countdown``, rendered by
``nim.play.machine``) and the browser (``/countdown``, ``POST /api/games`` with
``flow=countdown``) play it without a line of their own: this file and its test are the
files a new flow touches.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List

from nim.flows import FLOWS, FlowInfo, register
from nim.flows.base import Flow, State
from nim.position import Move
from nim.rules import Rules

NAME = "countdown"


class Countdown(Flow):
    """Take 1 or 2 from one pile; the last stone wins."""

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        piles = list(answers.get("piles") or self.info.default_piles or (4, 5))
        mode = answers.get("mode") or "hvai"
        name = answers.get("name") or "Walker"
        seats = [{"name": name, "ai": None, "label": "", "token": None},
                 {"name": "Clock", "ai": self.info.default_ai, "label": "Exact", "token": None}]
        if mode == "hvh":
            seats[1] = {"name": "Runner", "ai": None, "label": "", "token": None}
        first = 1 if answers.get("first") == "ai" else 0
        state: State = {"flow": self.name, "rules": str(self.info.fixed_rules), "base": 1, "start": piles,
                        "piles": list(piles), "moves": [], "seats": seats, "first": first, "to_move": first,
                        "finished": False, "winner": None, "seed": seed, "mode": mode, "series": None}
        self.rebuild(state)
        return state

    def intro(self) -> List[str]:
        return ["Countdown: take one or two stones, and be the one who takes the last."]

    def opening(self, state: State) -> List[str]:
        return [f"Tick, tock: {' '.join(map(str, state['start']))} on the table."]

    def prompt(self, state: State) -> str:
        return f"{state['seats'][state['to_move']]['name']}, which pile and how many (1 or 2)? "

    def parse(self, state: State, text: str) -> Move:
        words = text.split()
        if len(words) != 2 or not all(w.isdigit() and len(w) < 6 for w in words):
            raise ValueError("type a pile and 1 or 2, e.g. '1 2'")
        pile, count = int(words[0]), int(words[1])
        if not 1 <= pile <= len(state["piles"]) or count not in (1, 2) or count > state["piles"][pile - 1]:
            size = state["piles"][pile - 1] if 1 <= pile <= len(state["piles"]) else 0
            raise ValueError(f"no: pile {pile} has {size}")
        return Move(pile - 1, count)

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        return [f"{state['seats'][seat]['name']} counts down {move.count} on pile {move.pile + 1}: "
                f"{' '.join(map(str, state['piles']))}"]

    def ending(self, state: State) -> List[str]:
        return [f"Midnight. {state['seats'][state['winner']]['name']} took the last stone and wins."]

    def undone(self, state: State) -> List[str]:
        return [f"Back to {' '.join(map(str, state['piles']))}."]


if NAME not in FLOWS:
    register(FlowInfo(NAME, "Countdown", title="Countdown: take one or two", menu="Countdown (a toy)",
                      fixed_rules=Rules(take="set", subtract=(1, 2)), default_piles=(4, 5),
                      default_ai="optimal", machine="toy_flow:Countdown"))
