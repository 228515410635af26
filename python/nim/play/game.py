"""One game of Nim between two seats, shown through a flow's ``Look`` (pile
numbering, board, prompt): the loop that every flow and the tournaments share."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Sequence, Tuple

from nim.errors import NimError
# the words every flow shares (a move typed, a game's ending): the flows' own, used here too
from nim.flows.words import convention, ending, example_move, move_parser, split_words, winner_at_end
from nim.play.board import render_board
from nim.play.console import Console
from nim.play.record import RecordHeader
from nim.play.strategy import Strategy
from nim.position import Move, Position
from nim.rules import RulesLike

__all__ = [
    "Player", "GameResult", "Look", "winner_at_end", "convention", "ending", "play_game",
    "random_board", "RANDOM_PILES", "RANDOM_SIZES", "move_parser", "split_words", "example_move",
]

#: Random boards (KUET, tournaments): 2 to 3 piles of 1 to 6.
RANDOM_PILES = (2, 3)
RANDOM_SIZES = (1, 6)


@dataclass
class Player:
    """A seat at the table: a human (strategy None) or an AI."""

    name: str
    strategy: Optional[Strategy] = None
    role: Optional[str] = None    # said once when the game starts, e.g. "the AI (Nim-sum)"

    @property
    def is_human(self) -> bool:
        return self.strategy is None


@dataclass
class GameResult:
    """How a game ended: the winner's seat (0 or 1), the moves and the final piles."""

    winner: int
    moves: List[Move] = field(default_factory=list)
    final: Tuple[int, ...] = ()


@dataclass(frozen=True)
class Look:
    """How a flow shows its games: pile numbering, the board, the prompt, the move line,
    and optionally its own opening and ending lines.

    ``board(piles, color, width, columns)`` draws the board (an empty string: no
    board), each row within ``columns`` (the terminal's width; None: any);
    ``prompt`` and ``move_line`` are format strings: ``{name}``, ``{count}``,
    ``{pile}``, ``{left}`` (objects left after the move), ``{takes}`` ("take"
    after "You", else "takes"), in the move line ``{split}`` (``split_words``:
    the two heaps a split leaves; a move line without it gets a line of its
    own after a split), and in the prompt ``{low}``/``{high}`` (the
    takes allowed from the first pile that can move). ``opening`` (``{name}``
    of the first mover, ``{moves}`` its verb, ``{total}`` objects) is said when
    a game starts;
    ``ending(players, winner)`` replaces the standard last line.
    """

    base: int = 1
    board: Optional[Callable[[Sequence[int], bool, int, Optional[int]], str]] = None
    prompt: str = "{name}, your move (pile count): "
    move_line: str = "{name} {takes} {count} from pile {pile}{split}."
    parser: Optional[Callable[[Position], Callable[[str], Move]]] = None
    split_line: Optional[str] = None    # a split that takes nothing (Grundy's game): {splits}, {a}, {b}
    thing: str = "object"               # what the ending line calls an object ("pin")
    noun: str = "pile"                  # what the prompts, help and hints call a pile ("heap")
    redraw_on_refusal: bool = False     # show the board again after a refused move (Rajalakshmi)
    opening: Optional[str] = None
    ending: Optional[Callable[[Sequence[Player], int], str]] = None
    #: where a loaded game goes on from, in the flow's words (``{piles}``, ``{left}``)
    resumed: str = "the game goes on from {piles}"

    def parse_move(self, position: Position) -> Callable[[str], Move]:
        if self.parser is not None:
            return self.parser(position)
        return move_parser(position, self.base, self.noun)

    def render(self, piles: Sequence[int], color: bool, width: int, columns: Optional[int] = None) -> str:
        if self.board is not None:
            return self.board(piles, color, width, columns)
        return render_board(piles, color, width, base=self.base, columns=columns)


def _takes_range(position: Position) -> Tuple[int, int]:
    """The smallest and largest take from the first pile that can move (0, 0: none)."""
    if position.rules.splits:
        for size in position.piles:
            counts = [count for count, _ in position.rules.heap_moves(size)]
            if counts:
                return min(counts), max(counts)
        return 0, 0
    for size in position.piles:
        takes = position.rules.takes(size)
        if takes:
            return min(takes), max(takes)
    return 0, 0


def _show_board(console: Console, look: Look, position: Position, width: int) -> None:
    board = look.render(position.piles, console.color, width, console.columns)
    if board:
        console.say()
        console.say(board)


def _ask_move(console: Console, look: Look, prompt: str, position: Position, width: int) -> Move:
    """The human's move, asked until it is legal (the board again after a refusal if the look says so)."""
    parse = look.parse_move(position)
    if not look.redraw_on_refusal:
        return console.ask(prompt, parse)
    while True:
        move = console.ask_once(prompt, parse)
        if move is not None:
            return move
        console.say(look.render(position.piles, console.color, width, console.columns))


def _undo_count(players: Sequence[Player], mover: int, moves: int, loaded: int) -> int:
    """Moves ``undo`` takes back when ``players[mover]`` (a human) asks: their last move and
    the AI's answer, loaded moves included (issue 40, item 8: a loaded game is the same
    game); none in a game between two humans."""
    other = players[1 - mover]
    if other.is_human or moves < 2:
        return 0
    return 2


def play_game(players: Sequence[Player], piles: Sequence[int], rules: RulesLike,
              rng: random.Random, console: Optional[Console] = None,
              first: int = 0, look: Look = Look(), moves: Sequence[Move] = (),
              header: Optional[RecordHeader] = None) -> GameResult:
    """Play one game from ``piles``, seat ``first`` moving first.

    With a console the board, each move and the ending (who made the last
    move, who wins under which convention) are shown, and humans are asked for
    their moves -- or one of the in-game commands (``nim.play.ingame``: help,
    hint, undo, save FILE); without one only AI seats may play. Every AI
    answers with a legal move: a search past its budget hands over to the
    exact solver, and the game says so in one line. ``moves`` are played first
    (a loaded game record), then the game goes on; ``header`` holds the facts
    ``save FILE`` writes above the moves (the rules are the game's in any case).

    Returns
    -------
    GameResult

    Raises
    ------
    EndOfInput, QuitGame
        From a human's prompt.
    NimError
        When a human seat has no console, or a loaded move is illegal.
    """
    from nim.play.ingame import GameCommands, UndoMoves, play_moves

    start = Position(piles, rules)       # it carries the rules from move to move
    problem = play_moves(start, moves)
    if problem is not None:
        raise NimError(f"the saved game cannot be played: {problem}")
    history: List[Position] = [start]
    played: List[Move] = []
    for move in moves:
        history.append(history[-1].apply(move))
        played.append(move)
    position = history[-1]
    width = max(start.piles, default=0)
    mover = (first + len(played)) % 2
    if console is not None:
        if look.opening is not None:
            name = players[first].name
            console.say(look.opening.format(name=name, total=sum(start.piles),
                                            moves="move" if name == "You" else "moves"))
        if played:
            where = look.resumed.format(piles=list(position.piles), left=sum(position.piles))
            console.say(f"(The saved game's {_moves_played(len(played))}; {where}.)")
    saved_commands = console.commands if console is not None else None
    try:
        while not position.is_terminal():
            player = players[mover]
            if console is not None:
                _show_board(console, look, position, width)
            if player.is_human:
                if console is None:
                    raise NimError("a human player needs a console")
                low, high = _takes_range(position)
                prompt = look.prompt.format(name=player.name, low=low, high=high)
                console.commands = GameCommands(
                    console, start.piles, list(played), position,
                    _undo_count(players, mover, len(played), len(moves)), look.base,
                    header=header, noun=look.noun)
                try:
                    move = _ask_move(console, look, prompt, position, width)
                except UndoMoves as undo:
                    del played[len(played) - undo.count:]
                    del history[len(history) - undo.count:]
                    position = history[-1]
                    console.say(f"  Undone: {undo.count} moves taken back.")
                    continue
                finally:
                    console.commands = saved_commands
            else:
                assert player.strategy is not None
                move = player.strategy.choose_move(position, rng=_move_rng(rng, header, len(played)))
            after = position.apply(move)
            if console is not None:
                line = look.split_line if move.count == 0 and look.split_line else look.move_line
                console.say(line.format(
                    name=player.name, count=move.count, pile=move.pile + look.base,
                    left=sum(after.piles), takes="take" if player.name == "You" else "takes",
                    split=split_words(move), splits="split" if player.name == "You" else "splits",
                    a=(move.split or (0, 0))[0], b=(move.split or (0, 0))[1]))
                if move.split is not None and "{split}" not in look.move_line:
                    first, second = move.split
                    console.say(f"  ({look.noun} {move.pile + look.base} is left as two heaps, {first} and "
                                f"{second}: the {look.noun}s after it are numbered one higher)")
                if player.strategy is not None and player.strategy.last_note:
                    console.say(f"  ({player.strategy.last_note})")
            position = after
            history.append(position)
            played.append(move)
            mover = 1 - mover
    finally:
        if console is not None:
            console.commands = saved_commands
    winner = winner_at_end(mover, position.rules)
    if console is not None:
        if look.ending is not None:
            console.say(look.ending(players, winner))
        else:
            _show_board(console, look, position, width)
            console.say(ending(players, mover, position, bool(played), look.thing))
    return GameResult(winner, played, position.piles)


def _move_rng(rng: random.Random, header: Optional[RecordHeader], played: int) -> random.Random:
    """The random generator of an AI's move: in a game whose record names a seed, one
    drawn from the seed, the game and the move's number, so that a saved game
    continues with the random player (and the slips) the whole game would have had."""
    if header is None or header.seed is None:
        return rng
    game = (header.series or {}).get("game", 1)
    return random.Random(f"{header.seed}/{game}/{played}")


def _moves_played(count: int) -> str:
    return f"{count} move is played" if count == 1 else f"{count} moves are played"


def random_board(rng: random.Random, piles: Tuple[int, int] = RANDOM_PILES,
                 sizes: Tuple[int, int] = RANDOM_SIZES) -> Tuple[int, ...]:
    """A random board: ``piles`` (low, high) piles of ``sizes`` (low, high) stones."""
    return tuple(rng.randint(*sizes) for _ in range(rng.randint(*piles)))
