"""One game of Nim between two seats, shown through a flow's ``Look`` (pile
numbering, board, prompt): the loop that every flow and the tournaments share."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.play.board import render_board
from nim.play.console import Console
from nim.play.strategy import Strategy
from nim.position import Move, Position
from nim.rules import Rules, RulesLike

__all__ = [
    "Player", "GameResult", "Look", "winner_at_end", "convention", "ending", "play_game",
    "random_board", "RANDOM_PILES", "RANDOM_SIZES", "move_parser",
]

#: Random boards (KUET, tournaments): 2 to 3 piles of 1 to 6.
RANDOM_PILES = (2, 3)
RANDOM_SIZES = (1, 6)


def move_parser(position: Position, base: int = 1) -> Callable[[str], Move]:
    """A parser for a human move ``PILE COUNT`` (piles numbered from ``base``; one
    pile: ``COUNT``), legal under the position's rules."""
    rules = position.rules
    n = len(position)
    last = base + n - 1

    def parse(answer: str) -> Move:
        words = answer.replace(",", " ").split()
        if n == 1 and len(words) == 1:
            words = [str(base)] + words
        if len(words) != 2:
            example = ("a number of stones, e.g. 2" if n == 1
                       else f"the pile (numbered from {base}) and how many to take, e.g. '{base} 2'")
            raise ValueError(f"type {example}" if not words else f"{answer!r} is not a move: type {example}")
        numbers = []
        for word in words:
            if not (word.isascii() and word.lstrip("-").isdigit()) or len(word) > 30:
                raise ValueError(f"{word[:30]!r} is not a whole number")
            numbers.append(int(word))
        pile, count = numbers
        if not base <= pile <= last:
            raise ValueError(f"there is no pile {pile}: the piles are numbered {base} to {last}")
        size = position[pile - base]
        takes = rules.takes(size)      # largest first
        if size == 0:
            raise ValueError(f"pile {pile} is empty")
        if not takes:
            raise ValueError(f"pile {pile} has {size}: it cannot be touched under {rules}")
        if count not in takes:
            low, high = takes[-1], takes[0]
            if rules.take == "set":
                allowed = "one of " + ", ".join(map(str, sorted(takes)))
            elif low == high:
                allowed = str(low)
            else:
                allowed = f"{low} to {high}"
            raise ValueError(f"you cannot take {count} from pile {pile} (it has {size}): take {allowed}")
        return Move(pile - base, count)

    return parse


@dataclass
class Player:
    """A seat at the table: a human (strategy None) or an AI."""

    name: str
    strategy: Optional[Strategy] = None

    @property
    def is_human(self) -> bool:
        return self.strategy is None


@dataclass
class GameResult:
    """How a game ended: the winner's seat (0 or 1), the moves and the final piles."""

    winner: int
    moves: List[Move] = field(default_factory=list)
    final: Tuple[int, ...] = ()


def winner_at_end(mover: int, rules: Rules) -> int:
    """Seat that wins when the player ``mover`` (0/1) has no move left."""
    return mover if rules.misere else 1 - mover


def convention(rules: Rules, emptied: bool = True) -> str:
    """The play convention in words: who wins by the last take (or the last move)."""
    act = "takes the last object" if emptied else "makes the last move"
    return f"misère play: whoever {act} loses" if rules.misere else f"normal play: whoever {act} wins"


def ending(players: Sequence[Player], mover: int, final: Position, moved: bool,
           thing: str = "object") -> str:
    """The end of a game in one line: who made the last move, who wins, under which convention.

    ``mover`` is the seat to move in the ``final`` position, which has no move
    left; ``moved`` is False when the game had no move at all.
    """
    winner = players[winner_at_end(mover, final.rules)].name
    emptied = not any(final)
    rule = convention(final.rules, emptied).replace("object", thing)
    if not moved:
        return f"No move is possible: {players[mover].name} cannot move, so {winner} wins ({rule})."
    last = players[1 - mover].name
    if emptied:
        return f"{last} took the last {thing}: {winner} wins ({rule})."
    left = sum(final)
    return (f"{last} made the last move ({left} {thing}{'s' if left != 1 else ''} left, none "
            f"can be taken): {winner} wins ({rule}).")


@dataclass(frozen=True)
class Look:
    """How a flow shows its games: pile numbering, the board, the prompt and the move line.

    ``board(piles, color, width)`` draws the board; ``prompt`` and ``move_line``
    are format strings (``{name}``, ``{count}``, ``{pile}``).
    """

    base: int = 1
    board: Optional[Callable[[Sequence[int], bool, int], str]] = None
    prompt: str = "{name}, your move (pile count): "
    move_line: str = "{name} takes {count} from pile {pile}."
    parser: Optional[Callable[[Position], Callable[[str], Move]]] = None
    redraw_on_refusal: bool = False     # show the board again after a refused move (Rajalakshmi)

    def parse_move(self, position: Position) -> Callable[[str], Move]:
        if self.parser is not None:
            return self.parser(position)
        return move_parser(position, self.base)

    def render(self, piles: Sequence[int], color: bool, width: int) -> str:
        if self.board is not None:
            return self.board(piles, color, width)
        return render_board(piles, color, width, base=self.base)


def _ask_move(console: Console, look: Look, prompt: str, position: Position, width: int) -> Move:
    """The human's move, asked until it is legal (the board again after a refusal if the look says so)."""
    parse = look.parse_move(position)
    if not look.redraw_on_refusal:
        return console.ask(prompt, parse)
    while True:
        move = console.ask_once(prompt, parse)
        if move is not None:
            return move
        console.say(look.render(position.piles, console.color, width))


def play_game(players: Sequence[Player], piles: Sequence[int], rules: RulesLike,
              rng: random.Random, console: Optional[Console] = None,
              first: int = 0, look: Look = Look()) -> GameResult:
    """Play one game from ``piles``, seat ``first`` moving first.

    With a console the board, each move and the ending (who made the last
    move, who wins under which convention) are shown, and humans are asked for
    their moves; without one only AI seats may play. Every AI answers with a
    legal move: a search past its budget hands over to the exact solver, and
    the game says so in one line.

    Returns
    -------
    GameResult

    Raises
    ------
    EndOfInput, QuitGame
        From a human's prompt.
    NimError
        When a human seat has no console.
    """
    position = Position(piles, rules)       # it carries the rules from move to move
    width = max(position.piles, default=0)
    mover = first
    moves: List[Move] = []
    while not position.is_terminal():
        player = players[mover]
        if console is not None:
            console.say()
            console.say(look.render(position.piles, console.color, width))
        if player.is_human:
            if console is None:
                raise NimError("a human player needs a console")
            move = _ask_move(console, look, look.prompt.format(name=player.name), position, width)
        else:
            assert player.strategy is not None
            move = player.strategy.choose_move(position, rng=rng)
        if console is not None:
            console.say(look.move_line.format(name=player.name, count=move.count,
                                              pile=move.pile + look.base))
            if player.strategy is not None and player.strategy.last_note:
                console.say(f"  ({player.strategy.last_note})")
        position = position.apply(move)
        moves.append(move)
        mover = 1 - mover
    winner = winner_at_end(mover, position.rules)
    if console is not None:
        console.say()
        console.say(look.render(position.piles, console.color, width))
        console.say(ending(players, mover, position, bool(moves)))
    return GameResult(winner, moves, position.piles)


def random_board(rng: random.Random, piles: Tuple[int, int] = RANDOM_PILES,
                 sizes: Tuple[int, int] = RANDOM_SIZES) -> Tuple[int, ...]:
    """A random board: ``piles`` (low, high) piles of ``sizes`` (low, high) stones."""
    return tuple(rng.randint(*sizes) for _ in range(rng.randint(*piles)))
