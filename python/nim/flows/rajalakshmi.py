"""The Rajalakshmi flow as a state machine, in its transcript's words.

The report's prompts (``Mode (1=H vs AI, 2=H vs H, 3=AI vs AI) [default 1]:``,
``Enter piles as space-separated integers ...``, ``Enter 'pile_index
remove_count' (e.g. '1 3'):``), its board (``Piles: [0]:3 [1]:4 [2]:5``, piles
numbered from 0), its refusal messages, its fallback to 3 4 5 on bad piles
(zeros allowed), its nim-sum AI and its ``Game over. Player 1 wins!``; players are
``Player 0`` and ``Player 1``, each introduced once. Extras: every move is announced,
and the ending says who took the last object under which convention. The terminal
(``nim.play.rajalakshmi``) and the browser (``/rajalakshmi``) render this machine.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from nim.flows.base import Flow, Named, Refusal, State, new_seat
from nim.flows.words import ending as ending_line, move_parser, split_words, verb
from nim.position import Move, Position
from nim.rules import Rules

__all__ = ["Rajalakshmi", "DEFAULT_PILES", "rajalakshmi_board", "parse_rajalakshmi_piles",
           "rajalakshmi_move_parser", "MODE_PROMPT", "PILES_PROMPT"]

MODE_PROMPT = "Mode (1=H vs AI, 2=H vs H, 3=AI vs AI) [default 1]: "
PILES_PROMPT = "Enter piles as space-separated integers (press Enter for default 3 4 5): "

#: The Rajalakshmi report's default piles.
DEFAULT_PILES = (3, 4, 5)
#: Largest pile and most piles the Rajalakshmi pile prompt accepts.
RAJALAKSHMI_LARGEST = 10**6
RAJALAKSHMI_MOST = 100


def rajalakshmi_board(piles: Sequence[int], color: bool = False, width: int = 0,
                      columns: Optional[int] = None) -> str:
    """The report's ``print_piles``: ``Piles: [0]:3 [1]:4 [2]:5`` (numbered from 0)."""
    return "Piles: " + " ".join(f"[{i}]:{p}" for i, p in enumerate(piles))


def parse_rajalakshmi_piles(answer: str) -> Tuple[int, ...]:
    """The report's ``parse_piles``: whole numbers >= 0 (zeros allowed).

    Raises
    ------
    ValueError
        With the report's reason, e.g. ``Invalid integer in piles: 'x'``.
    """
    parts = answer.split()
    if not parts:
        raise ValueError("Empty pile list")
    if len(parts) > RAJALAKSHMI_MOST:
        raise ValueError(f"At most {RAJALAKSHMI_MOST} piles, not {len(parts)}")
    piles: List[int] = []
    for part in parts:
        if not (part.isascii() and part.lstrip("-").isdigit()):
            raise ValueError(f"Invalid integer in piles: {part[:30]!r}")
        if len(part) > 30:
            raise ValueError(f"Pile sizes must be at most {RAJALAKSHMI_LARGEST:,}, not a number of "
                             f"{len(part)} digits")
        n = int(part)
        if n < 0:
            raise ValueError("Pile sizes must be non-negative")
        if n > RAJALAKSHMI_LARGEST:
            raise ValueError(f"Pile sizes must be at most {RAJALAKSHMI_LARGEST:,}, not {n}")
        piles.append(n)
    return tuple(piles)


def rajalakshmi_move_parser(position: Position) -> Callable[[str], Move]:
    """The report's ``human_move`` checks and messages (``pile_index`` from 0);
    other rule sets than plain Nim get ``move_parser``'s, numbered from 0."""
    if position.rules != Rules():
        return move_parser(position, 0)
    piles = position.piles

    def parse(answer: str) -> Move:
        if not answer:
            raise Refusal("Empty input — try again.")
        parts = answer.split()
        if len(parts) != 2:
            raise Refusal("Enter exactly two integers.")
        if not all(part.isascii() and part.lstrip("-").isdigit() for part in parts):
            raise Refusal("Invalid input. Use two integers like: 1 2")
        if any(len(part) > 30 for part in parts):
            raise Refusal(f"A number of {max(len(part) for part in parts)} digits is too large: "
                          f"pile indices are 0 to {len(piles) - 1}, and a pile has at most "
                          f"{max(piles, default=0)} stones.")
        index, remove = int(parts[0]), int(parts[1])
        if not 0 <= index < len(piles):
            raise Refusal("Invalid pile index. Try again.")
        if remove <= 0:
            raise Refusal("You must remove at least 1.")
        if remove > piles[index]:
            raise Refusal(f"Pile {index} only has {piles[index]} stones.")
        return Move(index, remove)

    return parse



def piles_or_default(answer: str) -> Tuple[Tuple[int, ...], Optional[str]]:
    """The report's pile answer: the piles typed, or 3 4 5 and its note on a bad answer
    (Enter: 3 4 5, no note)."""
    if not answer:
        return DEFAULT_PILES, None
    try:
        return parse_rajalakshmi_piles(answer), None
    except ValueError as error:
        return DEFAULT_PILES, f"Invalid piles input: {error}. Using default [3,4,5]."



class Rajalakshmi(Flow):
    """Rajalakshmi's Nim: Human vs AI, Human vs Human, AI vs AI, the nim-sum AI."""

    draws_board = True
    redraw_on_refusal = True

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        """``rules`` (a rule string, None: Nim), ``mode``, ``piles``, ``note`` (the fallback's),
        ``name``, ``ai`` (other players), ``level`` (the AI at a Lab 2 level), ``first``
        (``ai``: seat 1 moves first), ``seat_names``."""
        text = answers.get("rules")
        rules = Rules.parse(text) if text else Rules()
        mode = answers.get("mode") or "hvai"
        ais: Sequence[str] = answers.get("ai") or ()
        level = answers.get("level")
        default = f"level:{level}" if level is not None else ("nimsum" if rules.family.is_nim else "optimal")

        def ai(seat: int) -> str:
            return ais[min(seat, len(ais) - 1)] if ais else default

        names = answers.get("seat_names") or ("Player 0", "Player 1")
        seats = [new_seat(answers.get("name") or names[0]), new_seat(names[1])]
        if mode == "hvai":
            seats[1] = new_seat(names[1], ai(0))
        elif mode == "aivai":
            seats = [new_seat(names[0], ai(0)), new_seat(names[1], ai(1))]
        piles = list(answers.get("piles") or DEFAULT_PILES)
        if ais or level is not None:
            words = "at its level"
        else:
            words = "the nim-sum optimal move" if rules == Rules() else "the optimal move"
        first = 1 if answers.get("first") == "ai" else 0
        state: State = {"flow": self.name, "rules": str(rules), "base": 0, "start": piles, "piles": list(piles),
                        "moves": [], "seats": seats, "first": first, "to_move": first, "finished": False,
                        "winner": None, "seed": seed, "mode": mode, "series": None,
                        "extra": {"ai_words": words, "note": answers.get("note")}}
        self.rebuild(state)
        return state

    def heading(self, rules: Rules) -> List[str]:
        return [f"Nim. {rules.describe()} Piles are numbered from 0."]

    def intro(self) -> List[str]:
        return [f"Nim. {Rules().describe()} The AI plays the nim-sum optimal move. Piles are numbered from 0."]

    def form_words(self) -> Dict[str, str]:
        return {"mode": MODE_PROMPT.strip(), "piles": PILES_PROMPT.strip()}

    def read_piles(self, text: str, most: int, largest: int) -> Optional[Tuple[Tuple[int, ...], Optional[str]]]:
        piles, note = piles_or_default(text.strip())
        if note is None and not 1 <= len(piles) <= most:
            return DEFAULT_PILES, (f"Invalid piles input: {len(piles)} piles, at most {most} here. "
                                   "Using default [3,4,5].")
        if note is None and any(p > largest for p in piles):
            return DEFAULT_PILES, (f"Invalid piles input: pile sizes are at most {largest} here. "
                                   "Using default [3,4,5].")
        return piles, note

    def introduction(self, state: State) -> List[str]:
        lines = []
        extra = state.get("extra") or {}
        if state["mode"] != "hvh":      # the AI is introduced only where one plays (issue 40, item 8)
            lines.append(f"The AI plays {extra.get('ai_words')}.")
            if extra.get("ai_words") == "the nim-sum optimal move":
                lines.append("(The nim-sum is the pile sizes combined by XOR: write them in binary and add "
                             "each column without carrying. The AI moves to make it 0, a position lost for "
                             "the player to move.)")
        if extra.get("note"):
            lines.append(extra["note"])
        lines += self.roles(state)
        lines.append("Starting piles:")
        if state["mode"] != "hvh":      # the report's own double board; between two people it is drawn once
            lines.append(rajalakshmi_board(state["start"]))
        return lines

    def roles(self, state: State) -> List[str]:
        """Who is who: ``Player 0: you; Player 1: the AI (Nim-sum).``"""
        roles = []
        for seat in state["seats"]:
            role = (f"the AI ({seat['label']})" if seat["ai"]
                    else "you" if state["mode"] == "hvai" else "human")
            roles.append(f"{seat['name']}: {role}")
        return ["; ".join(roles) + "."]

    def opening(self, state: State) -> List[str]:
        return []

    def board_text(self, state: State) -> Optional[str]:
        return rajalakshmi_board(state["piles"])

    def prompt(self, state: State) -> str:
        if state["mode"] == "hvai":
            return "Enter 'pile_index remove_count' (e.g. '1 3'): "
        return f"{state['seats'][state['to_move']]['name']}, enter 'pile_index remove_count' (e.g. '1 3'): "

    def parse(self, state: State, text: str) -> Move:
        return rajalakshmi_move_parser(self.position(state))(text)

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        name = state["seats"][seat]["name"]
        return [f"{name} removes {move.count} from pile [{move.pile}]{split_words(move)}."]

    def ending(self, state: State) -> List[str]:
        final = Position(state["piles"], self.rules(state))
        seats = [Named(seat["name"]) for seat in state["seats"]]
        won = seats[state["winner"]].name
        return [ending_line(seats, state["to_move"], final, bool(state["moves"])),
                f"Game over. {won} {verb(won, 'wins')}!"]

    def undone(self, state: State) -> List[str]:
        return []                   # the board, drawn before the next move, shows where it stands

