"""The forejune flow as a state machine, in its seed's words (``testNimdp.cpp``).

One pile; a move takes 1 to half of it; the player left with 1 cannot move and loses.
The seed's lines are said here and nowhere else: ``Enter number of blocks you want to
start (2 to 99):`` (here up to 10000; Enter: a random pile of 10 to 30), ``AI moves
first. Starting with n = 20``, ``AI takes 3, 17 remain``, ``Your turn. Enter number
(1-8):``, ``Invalid move; try again:`` (with the reason), ``You take 3, 14 remain``, and
``You lost!`` or ``AI lost; you won!``. The AI moves first unless the human is asked to;
when it is losing it plays a random legal move, as the seed's ``bestMove`` does. Two
humans are ``Player 1`` and ``Player 2``, two AIs ``AI 1`` and ``AI 2``, in the same
lines. The terminal (``nim.play.forejune``) and the browser (``nim.web.games``) render
this machine.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence

from nim.flows.base import Flow, Refusal, State, new_seat
from nim.position import Move

__all__ = ["Forejune", "LARGEST", "BLOCKS_PROMPT", "parse_take", "ending_line"]

#: Largest pile the forejune game accepts (its DP table is printed up to it).
LARGEST = 10_000
#: The seed's question for the pile.
BLOCKS_PROMPT = f"Enter number of blocks you want to start (2 to {LARGEST}): "


def parse_take(pile: int, answer: str) -> Move:
    """The seed's check ``move < 1 || move > m`` with its ``Invalid move; try again:``
    and the reason (a ``Refusal``)."""
    most = pile // 2
    text = answer.strip()
    if not (text.isascii() and text.isdigit()):
        raise Refusal(f"Invalid move; try again: type a whole number from 1 to {most}"
                      + (f", not {text[:30]!r}" if text else ""))
    if len(text) > 30:
        raise Refusal(f"Invalid move; try again: a number of {len(text)} digits is too large "
                      f"(at most {most})")
    move = int(text)
    if not 1 <= move <= most:
        raise Refusal(f"Invalid move; try again: take 1 to {most} (half of {pile}), not {move}")
    return Move(0, move)


def ending_line(names: Sequence[str], winner: int) -> str:
    """The seed's endings: ``You lost!``, ``AI lost; you won!`` (other seats in the same words)."""
    won, lost = names[winner], names[1 - winner]
    if lost == "You":
        return "You lost!"
    if won == "You":
        return f"{lost} lost; you won!"
    return f"{lost} lost; {won} won!"


def _takes(name: str) -> str:
    return "take" if name == "You" else "takes"


class Forejune(Flow):
    """forejune: one pile, take 1 to half of it, the player left with 1 loses."""

    strategy_options: Dict[str, Any] = {"forejune": True}

    def seats(self, mode: str, name: Optional[str], ais: Sequence[str]) -> List[Dict[str, Any]]:
        """The terminal's seats: the AI first in human vs AI (``You`` unless named)."""
        def ai(seat: int) -> str:
            return ais[min(seat, len(ais) - 1)] if ais else self.info.default_ai

        if mode == "hvh":
            return [new_seat(name or "Player 1"), new_seat("Player 2")]
        if mode == "aivai":
            return [new_seat("AI 1", ai(0)), new_seat("AI 2", ai(1))]
        return [new_seat("AI", ai(0)), new_seat(name or "You")]

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        """``pile`` (None: a random one), ``mode``, ``first`` (``human``: the human moves
        first in human vs AI), ``name``, ``ai`` (the AI seats' players)."""
        pile = answers.get("pile")
        if pile is None:
            pile = rng.randint(*(self.info.pile_sizes or (10, 30)))
        mode = answers.get("mode") or "hvai"
        seats = self.seats(mode, answers.get("name"), answers.get("ai") or ())
        first = 1 if mode == "hvai" and answers.get("first") == "human" else 0
        state: State = {"flow": self.name, "rules": str(self.info.fixed_rules), "base": 1, "start": [pile],
                        "piles": [pile], "moves": [], "seats": seats, "first": first, "to_move": first,
                        "finished": False, "winner": None, "seed": seed, "mode": mode, "series": None}
        self.rebuild(state)
        return state

    def intro(self) -> List[str]:
        rules = self.info.fixed_rules
        assert rules is not None
        return [f"One pile. {rules.describe()} The player left with 1 cannot move and loses. "
                "The AI moves first."]

    def opening(self, state: State) -> List[str]:
        name = state["seats"][state["first"]]["name"]
        return [f"{name} {'move' if name == 'You' else 'moves'} first. Starting with n = {state['start'][0]}"]

    def prompt(self, state: State) -> str:
        most = state["piles"][0] // 2
        low = 1 if most else 0
        if state["mode"] == "hvai":
            return f"Your turn. Enter number ({low}-{most}): "
        return f"{state['seats'][state['to_move']]['name']}, your turn. Enter number ({low}-{most}): "

    def parse(self, state: State, text: str) -> Move:
        return parse_take(state["piles"][0], text)

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        name = state["seats"][seat]["name"]
        return [f"{name} {_takes(name)} {move.count}, {state['piles'][0]} remain"]

    def ending(self, state: State) -> List[str]:
        return [ending_line([seat["name"] for seat in state["seats"]], state["winner"])]

    def resumed(self, state: State) -> str:
        return f"{state['piles'][0]} remain"

    def undone(self, state: State) -> List[str]:
        """The seed's board: what remains (issue 40: forejune showed nothing after undo)."""
        return [f"{state['piles'][0]} remain"]

