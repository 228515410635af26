"""The Lab 2 flow as a state machine: misère play and difficulty levels.

Misère is asked (or given), then the level: depth-limited alpha-beta with the nim-sum
evaluation and Lab 2's game-over rule and tie-break, at the depth and slip rate of
``LEVELS``. Piles are numbered from 0, as in Lab 2's test files, and the game says so;
so are the players (``Player 0: you; Player 1: the AI (...)``, said once). Its lines are
said here only: the terminal (``nim.play.lab2``) and the browser (``/lab2``) render
this machine, the terminal drawing its board of stones between the moves, the browser
its own.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.flows.base import Flow, Named, State, new_seat
from nim.flows.words import ending as ending_line, move_parser, split_words, verb
from nim.position import Move, Position
from nim.rules import Rules
from nim.solving.heuristics import DIFFICULTY_DEPTHS

__all__ = ["Lab2", "LEVELS", "TITLE", "MISERE_PROMPT", "LEVEL_PROMPT", "PILES_PROMPT"]

#: Lab 2's levels: the search depth and the share of random slips.
#: The depths alone barely differ in strength (a won position is won at every depth
#: measured under misère Nim, and under normal play the nim-sum evaluation is exact):
#: the levels differ by how often they slip (the report: "Making the AI feel 'human'
#: without making it unbeatable"), and Hard searches deepest, which matters under
#: other take rules.
LEVELS: Dict[int, Tuple[int, float]] = {
    1: (DIFFICULTY_DEPTHS[1], 0.30),
    2: (DIFFICULTY_DEPTHS[2], 0.10),
    3: (DIFFICULTY_DEPTHS[3], 0.0),
}
#: The first line of the flow, before any question.
TITLE = ("Nim, Lab 2: misere play and difficulty levels. Piles are numbered from 0, "
         "as in Lab 2's test files.")
MISERE_PROMPT = "Misere play (whoever takes the last object loses)? (y/n) "
LEVEL_PROMPT = "Difficulty: 1 Easy, 2 Medium, 3 Hard: "
PILES_PROMPT = "Piles (space-separated sizes, Enter for 1 3 5 7): "


def plain_words(level: int) -> str:
    """A level in plain words: how far the AI looks and how often it slips."""
    depth, slip = LEVELS[level]
    return (f"(In plain words: at level {level} the AI looks {depth} move{'s' if depth != 1 else ''} "
            "ahead and scores the positions there by their nim-sum, the pile sizes combined by "
            "XOR; a nim-sum of 0 is bad for the player to move"
            + (f". {slip:.0%} of its moves are random slips.)" if slip else ". It never slips.)"))


class Lab2(Flow):
    """Lab 2: misère (or normal) Nim against a depth-limited searcher at three levels."""

    strategy_options: Dict[str, Any] = {"tie_break": "lab2"}
    draws_board = True

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        """``rules`` (a rule string; else ``misere``: a bool), ``level`` (1-3, None: 2),
        ``mode``, ``piles`` (None: 1 3 5 7), ``name``, ``ai`` (other players than the
        level's), ``first`` (``ai``: the AI seat moves first), ``seat_names``."""
        text = answers.get("rules")
        rules = Rules.parse(text) if text else Rules(misere=bool(answers.get("misere", True)))
        mode = answers.get("mode") or "hvai"
        level: Optional[int] = answers.get("level")
        ais: Sequence[str] = answers.get("ai") or ()
        chosen = level or 2
        names = answers.get("seat_names") or ("Player 0", "Player 1")

        def ai(seat: int) -> str:
            return ais[min(seat, len(ais) - 1)] if ais else f"level:{chosen}"

        name = answers.get("name")
        if mode == "hvai":
            seats = [new_seat(name or names[0]), new_seat(names[1], ai(0))]
        elif mode == "hvh":
            seats = [new_seat(name or names[0]), new_seat(names[1])]
        else:
            seats = [new_seat(names[0], ai(0)), new_seat(names[1], ai(1))]
        piles = list(answers.get("piles") or self.info.default_piles or (1, 3, 5, 7))
        first = 1 if answers.get("first") == "ai" else 0
        state: State = {"flow": self.name, "rules": str(rules), "base": 0, "start": piles, "piles": list(piles),
                        "moves": [], "seats": seats, "first": first, "to_move": first, "finished": False,
                        "winner": None, "seed": seed, "mode": mode, "series": None,
                        "extra": {"level": chosen if mode != "hvh" and not ais else None}}
        self.rebuild(state)
        return state

    def heading(self, rules: Rules) -> List[str]:
        return [TITLE]

    def intro(self) -> List[str]:
        return [TITLE]

    def form_words(self) -> Dict[str, str]:
        return {"misere": MISERE_PROMPT.strip(), "level": LEVEL_PROMPT.strip()}

    def introduction(self, state: State) -> List[str]:
        rules = self.rules(state)
        lines = [f"Rules: {rules}. {rules.describe()}"]
        level = (state.get("extra") or {}).get("level")
        if level is not None:
            lines.append(plain_words(level))
        roles = []
        for seat in state["seats"]:
            role = (f"the AI ({seat['label']})" if seat["ai"]
                    else "you" if state["mode"] == "hvai" else "human")
            if seat["name"] != "You":
                roles.append(f"{seat['name']}: {role}")
        return lines + (["; ".join(roles) + "."] if roles else [])

    def opening(self, state: State) -> List[str]:
        return []

    def prompt(self, state: State) -> str:
        return f"{state['seats'][state['to_move']]['name']}, your move (pile_index count, piles from 0): "

    def parse(self, state: State, text: str) -> Move:
        return move_parser(self.position(state), 0)(text)

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        name = state["seats"][seat]["name"]
        return [f"{name} {verb(name, 'takes')} {move.count} from pile {move.pile}{split_words(move)}."]

    def ending(self, state: State) -> List[str]:
        final = Position(state["piles"], self.rules(state))
        seats = [Named(seat["name"]) for seat in state["seats"]]
        return [ending_line(seats, state["to_move"], final, bool(state["moves"]))]

    def undone(self, state: State) -> List[str]:
        return []                   # the board, drawn before the next move, shows where it stands


