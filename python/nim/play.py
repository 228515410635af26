"""Playing Nim in the terminal (SPEC section 4): what every seed's game flow shares.

The flows read and write through a ``Console`` (input and output streams are
injected), so tests drive them exactly as a user would, through stdin. This
module holds the console, the answer parsers, one game (``play_game``, shown
through a flow's ``Look``: pile numbering, board, prompt) and ``run_style``;
each seed's flow is its own module, imported when it runs, and keeps its
seed's conventions and says them on the board:

``nim.kuet``         NimX: the report's lines verbatim, piles numbered from 1,
                     random 2-3 piles of 1-6, at most 3 per move, the human
                     first; Easy 3 games against IDA*, Hard 6 alternating
                     Minimax and Alpha-Beta, then the selection step.
``nim.rajalakshmi``  its transcript's prompts and board (``Piles: [0]:3``),
                     piles numbered from 0; Human vs AI, Human vs Human, AI vs
                     AI; the report's nim-sum AI.
``nim.lab2``         misère (asked) and difficulty levels 1-3: depth-limited
                     alpha-beta with the nim-sum evaluation, Lab 2's tie-break;
                     piles numbered from 0, as in its test files.
``nim.forejune``     one pile of at least 2, take 1 to half of it, the AI
                     first; the player left with 1 loses; the AI plays at
                     random when it is losing; the DP table on request.

A flag a style cannot honour is refused in one line (``NimError``), never
dropped. Every AI answers with a legal move (see ``nim.strategies``). Bad
input is answered with the reason and the question again; end of input
raises ``EndOfInput`` (the command ends cleanly).
"""

from __future__ import annotations

import random
import shutil
import sys
import textwrap
from dataclasses import dataclass, field
from typing import IO, Callable, Dict, List, Optional, Sequence, Tuple, TypeVar

from nim.board import render_board, use_color
from nim.errors import NimError
from nim.position import Move, Position
from nim.rules import Rules
from nim.strategies import Strategy, make_strategy

__all__ = [
    "STYLES",
    "MODES",
    "MODE_WORDS",
    "EndOfInput",
    "Refusal",
    "QuitGame",
    "Console",
    "Player",
    "PlayOptions",
    "GameResult",
    "Look",
    "ending",
    "convention",
    "check_mode",
    "ai_for_seat",
    "first_seat",
    "make_players",
    "play_series",
    "choice_parser",
    "parse_yes_no",
    "parse_name",
    "piles_parser",
    "move_parser",
    "play_game",
    "run_style",
    "random_board",
    "score_table",
    "format_score_table",
    "describe_rules",
]

T = TypeVar("T")

STYLES = ("kuet", "rajalakshmi", "lab2", "forejune")
MODES = ("hvai", "hvh", "aivai")
MODE_WORDS = {"1": "hvai", "2": "hvh", "3": "aivai", "hvai": "hvai", "hvh": "hvh",
               "aivai": "aivai", "human vs ai": "hvai", "human vs human": "hvh", "ai vs ai": "aivai"}

#: Random boards (KUET, tournaments): 2 to 3 piles of 1 to 6.
RANDOM_PILES = (2, 3)
RANDOM_SIZES = (1, 6)


class Refusal(ValueError):
    """A refused answer whose message is shown as it is (a seed's own wording)."""


class EndOfInput(Exception):
    """Standard input ended while a question was asked."""


class QuitGame(Exception):
    """The player typed ``q`` / ``quit``."""


class Console:
    """Questions and answers on two text streams (default: sys.stdin and sys.stdout).

    Parameters
    ----------
    stdin, stdout : text streams, optional
        Read when the flow asks, written when it speaks; resolved at each use
        when not given, so a replaced ``sys.stdin`` is honoured.
    color : bool, optional
        Colour the board; default: when stdout is a terminal (and NO_COLOR unset).
    """

    def __init__(self, stdin: Optional[IO[str]] = None, stdout: Optional[IO[str]] = None,
                 color: Optional[bool] = None) -> None:
        self._stdin = stdin
        self._stdout = stdout
        self.color = use_color(self.output, color)

    @property
    def input(self) -> IO[str]:
        return self._stdin if self._stdin is not None else sys.stdin

    @property
    def output(self) -> IO[str]:
        return self._stdout if self._stdout is not None else sys.stdout

    def say(self, text: str = "") -> None:
        """Print one line (or several); on a terminal, long lines wrap at its width."""
        if _isatty(self.output):
            text = _wrap(text, shutil.get_terminal_size().columns)
        self.output.write(text + "\n")
        self.output.flush()

    def board(self, piles: Sequence[int], width: int = 0) -> None:
        """Draw the board (``width``: stones to make room for, so it does not shift)."""
        self.say(render_board(piles, self.color, width))

    def ask(self, prompt: str, parse: Callable[[str], T]) -> T:
        """Ask until ``parse`` accepts the answer; ``parse`` raises ValueError with the reason.

        Raises
        ------
        EndOfInput
            When the input ends.
        QuitGame
            When the answer is ``q`` or ``quit``.
        """
        while True:
            answer = self._answer(prompt)
            try:
                return parse(answer)
            except ValueError as error:
                self.refused(error)

    def refused(self, error: ValueError) -> None:
        """Say why an answer was refused."""
        self.say(str(error) if isinstance(error, Refusal) else f"  {error} -- please try again.")

    def ask_once(self, prompt: str, parse: Callable[[str], T]) -> Optional[T]:
        """Ask once: the parsed answer, or None after saying why it was refused.

        Raises
        ------
        EndOfInput, QuitGame
            As ``ask``.
        """
        answer = self._answer(prompt)
        try:
            return parse(answer)
        except ValueError as error:
            self.refused(error)
            return None

    def _answer(self, prompt: str) -> str:
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.say()
            raise EndOfInput()
        answer = line.strip()
        if not _isatty(self.input):
            self.say(answer)    # a piped answer is shown, so the transcript reads well
        if answer.lower() in ("q", "quit", "exit"):
            raise QuitGame()
        return answer


def _wrap(text: str, width: int) -> str:
    """Wrap each long line at word boundaries, keeping its indentation; lines with
    colour codes (a board) or without spaces to break at are left alone."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width or "\033[" in line or " " not in line.strip():
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        lines.append(textwrap.fill(line.strip(), width=max(width, 20), initial_indent=indent,
                                   subsequent_indent=indent + "  ", break_on_hyphens=False))
    return "\n".join(lines)


def _isatty(stream: IO[str]) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


# -- answers --------------------------------------------------------------------------------


def parse_yes_no(answer: str) -> bool:
    """y/yes -> True, n/no -> False; ValueError otherwise."""
    word = answer.lower()
    if word in ("y", "yes"):
        return True
    if word in ("n", "no"):
        return False
    raise ValueError(f"answer y or n, not {answer!r}" if answer else "answer y or n")


def parse_name(answer: str) -> str:
    """A non-empty name of at most 30 characters."""
    if not answer:
        raise ValueError("a name cannot be empty")
    if len(answer) > 30:
        raise ValueError(f"a name of at most 30 characters, please ({len(answer)} given)")
    return answer


def choice_parser(options: Dict[str, T], what: str) -> Callable[[str], T]:
    """A parser accepting exactly the keys of ``options`` (case-insensitive)."""

    def parse(answer: str) -> T:
        key = answer.lower()
        if key in options:
            return options[key]
        shown = ", ".join(k for k in options if len(k) <= 2) or ", ".join(options)
        raise ValueError(f"{what} must be one of {shown}, not {answer!r}" if answer
                         else f"choose {what}: {shown}")

    return parse


def piles_parser(default: Optional[Tuple[int, ...]], most: int = 20,
                 largest: int = 1000, single: bool = False) -> Callable[[str], Tuple[int, ...]]:
    """A parser for space-separated pile sizes (Enter: ``default``)."""

    def parse(answer: str) -> Tuple[int, ...]:
        if not answer:
            if default is None:
                raise ValueError("type at least one pile size")
            return default
        words = answer.replace(",", " ").split()
        values = []
        for word in words:
            try:
                values.append(int(word))
            except ValueError:
                raise ValueError(f"{word!r} is not a whole number") from None
        if single and len(values) != 1:
            raise ValueError(f"type one pile size, not {len(values)}")
        if len(values) > most:
            raise ValueError(f"at most {most} piles, please ({len(values)} given)")
        for value in values:
            if value < 1:
                raise ValueError(f"pile sizes must be at least 1, not {value}")
            if value > largest:
                raise ValueError(f"pile sizes of at most {largest}, please, not {value}")
        return tuple(values)

    return parse


def move_parser(position: Position, rules: Rules, base: int = 1) -> Callable[[str], Move]:
    """A parser for a human move ``PILE COUNT`` (piles numbered from ``base``; one pile: ``COUNT``)."""
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


# -- games ----------------------------------------------------------------------------------


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


def ending(players: Sequence[Player], mover: int, final: Sequence[int], rules: Rules,
           moved: bool, thing: str = "object") -> str:
    """The end of a game in one line: who made the last move, who wins, under which convention.

    ``mover`` is the seat to move, which has no move left; ``moved`` is False
    when the game had no move at all.
    """
    winner = players[winner_at_end(mover, rules)].name
    emptied = not any(final)
    rule = convention(rules, emptied).replace("object", thing)
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
    parser: Optional[Callable[[Position, Rules], Callable[[str], Move]]] = None

    def parse_move(self, position: Position, rules: Rules) -> Callable[[str], Move]:
        if self.parser is not None:
            return self.parser(position, rules)
        return move_parser(position, rules, self.base)

    def render(self, piles: Sequence[int], color: bool, width: int) -> str:
        if self.board is not None:
            return self.board(piles, color, width)
        return render_board(piles, color, width, base=self.base)


def play_game(players: Sequence[Player], piles: Sequence[int], rules: Rules,
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
    position = Position(piles)
    width = max(position.piles, default=0)
    mover = first
    moves: List[Move] = []
    while not position.is_terminal(rules):
        player = players[mover]
        if console is not None:
            console.say()
            console.say(look.render(position.piles, console.color, width))
        if player.is_human:
            if console is None:
                raise NimError("a human player needs a console")
            move = console.ask(look.prompt.format(name=player.name),
                               look.parse_move(position, rules))
        else:
            assert player.strategy is not None
            move = player.strategy.choose_move(position, rules, rng)
        if console is not None:
            console.say(look.move_line.format(name=player.name, count=move.count,
                                              pile=move.pile + look.base))
            if player.strategy is not None and player.strategy.last_note:
                console.say(f"  ({player.strategy.last_note})")
        position = position.apply(move, rules)
        moves.append(move)
        mover = 1 - mover
    winner = winner_at_end(mover, rules)
    if console is not None:
        console.say()
        console.say(look.render(position.piles, console.color, width))
        console.say(ending(players, mover, position.piles, rules, bool(moves)))
    return GameResult(winner, moves, position.piles)


def random_board(rng: random.Random, piles: Tuple[int, int] = RANDOM_PILES,
                 sizes: Tuple[int, int] = RANDOM_SIZES) -> Tuple[int, ...]:
    """A random board: ``piles`` (low, high) piles of ``sizes`` (low, high) stones."""
    return tuple(rng.randint(*sizes) for _ in range(rng.randint(*piles)))


def score_table(upto: int, rules: Rules) -> List[bool]:
    """The forejune DP table: entry n is True when a single pile of n is won for its mover."""
    won: List[bool] = []
    for n in range(upto + 1):
        takes = rules.takes(n)
        won.append(any(not won[n - k] for k in takes) if takes else rules.misere)
    return won


def format_score_table(upto: int, rules: Rules) -> str:
    """The DP table as text: ``n`` and W (the mover wins) or L, rows of 10."""
    table = score_table(upto, rules)
    lines = [f"Single-pile scores under {rules} (W: the player to move wins, L: loses)"]
    for start in range(1, upto + 1, 10):
        row = range(start, min(start + 10, upto + 1))
        lines.append("  n " + " ".join(f"{n:>3}" for n in row))
        lines.append("    " + " ".join(f"{'W' if table[n] else 'L':>3}" for n in row))
    return "\n".join(lines)


# -- flows ----------------------------------------------------------------------------------


@dataclass
class PlayOptions:
    """What the command-line flags fixed; None means "ask" (or the style's default)."""

    style: Optional[str] = None
    mode: Optional[str] = None
    difficulty: Optional[int] = None
    piles: Optional[Tuple[int, ...]] = None
    rules: Optional[Rules] = None
    games: Optional[int] = None
    seed: Optional[int] = None
    name: Optional[str] = None
    first: Optional[str] = None       # "human" or "ai"
    ai: Optional[List[str]] = None    # strategy names for the AI seats
    table: bool = False
    play: Optional[bool] = None       # the KUET y/n question, answered by a flag


def run_style(options: PlayOptions, console: Optional[Console] = None) -> int:
    """Run the flow ``options.style`` (asked when None) and return the exit status.

    Raises
    ------
    EndOfInput, QuitGame
        From a prompt (the command turns them into a clean exit).
    """
    console = console or Console()
    rng = random.Random(options.seed)
    style = options.style
    if style is None:
        style = console.ask(
            "Which game? 1 NimX (KUET), 2 Classic Nim (Rajalakshmi), 3 Misere with levels (Lab 2), "
            "4 Half-pile game (forejune): ",
            choice_parser({"1": "kuet", "2": "rajalakshmi", "3": "lab2", "4": "forejune",
                           "kuet": "kuet", "rajalakshmi": "rajalakshmi", "lab2": "lab2",
                           "forejune": "forejune"}, "the game"))
    # one module per seed's flow, imported when it runs
    if style == "kuet":
        from nim.kuet import run_kuet

        return run_kuet(options, console, rng)
    if style == "rajalakshmi":
        from nim.rajalakshmi import run_rajalakshmi

        return run_rajalakshmi(options, console, rng)
    if style == "lab2":
        from nim.lab2 import run_lab2

        return run_lab2(options, console, rng)
    from nim.forejune import run_forejune

    return run_forejune(options, console, rng)


def ai_for_seat(options: PlayOptions, seat: int, default: Callable[[], Strategy]) -> Strategy:
    """The AI of a seat: the ``--ai`` strategy named for it (the last one named
    serves the later seats), else ``default()``."""
    if options.ai:
        return make_strategy(options.ai[min(seat, len(options.ai) - 1)])
    return default()


def first_seat(options: PlayOptions, default: int) -> int:
    """Seat that moves first (seat 0 is the human in human-vs-AI games)."""
    if options.first is None:
        return default
    return 0 if options.first == "human" else 1


def check_mode(options: PlayOptions, mode: str) -> None:
    """Refuse, in one line, the flags a mode has no use for (never drop them silently).

    Raises
    ------
    NimError
    """
    if mode == "hvh" and options.ai:
        raise NimError(f"--ai {','.join(options.ai)} names AI players, but --mode hvh has none")
    if mode == "hvh" and options.difficulty is not None:
        raise NimError(f"--difficulty {options.difficulty} sets the AI's level, but --mode hvh has no AI")
    if mode != "hvai" and options.first is not None:
        raise NimError(f"--first {options.first} says who starts between you and the AI; "
                       f"--mode {mode} has no such pair")
    if mode == "aivai" and options.name is not None:
        raise NimError(f"--name {options.name}: no human plays in --mode aivai")
    if mode == "hvai" and options.ai and len(options.ai) > 1:
        raise NimError(f"--ai {','.join(options.ai)}: --mode hvai has one AI player")


def make_players(mode: str, options: PlayOptions, default_ai: Callable[[], Strategy],
                 seats: Tuple[str, str] = ("Player 0", "Player 1")) -> List[Player]:
    """The two seats; every name is distinct and says human or AI (and which AI)."""
    if mode == "hvai":
        ai = ai_for_seat(options, 0, default_ai)
        human = f"{options.name} ({seats[0]})" if options.name else f"{seats[0]} (you)"
        return [Player(human), Player(f"{seats[1]} (AI, {ai.label})", ai)]
    if mode == "hvh":
        first = f"{options.name} ({seats[0]})" if options.name else seats[0]
        return [Player(first), Player(seats[1])]
    one, two = ai_for_seat(options, 0, default_ai), ai_for_seat(options, 1, default_ai)
    return [Player(f"{seats[0]} (AI, {one.label})", one), Player(f"{seats[1]} (AI, {two.label})", two)]


def play_series(players: List[Player], piles: Tuple[int, ...], rules: Rules, options: PlayOptions,
                console: Console, rng: random.Random, first: int, look: Look = Look(),
                game_over: bool = False) -> None:
    """``--games`` games (default 1) from ``piles``, then the score when more than one;
    ``game_over`` adds the Rajalakshmi report's "Game over. X wins!" line."""
    games = options.games or 1
    wins = [0, 0]
    for game in range(1, games + 1):
        if games > 1:
            console.say(f"\n=== Game {game} of {games} ===")
        result = play_game(players, piles, rules, rng, console, first=first, look=look)
        if game_over:
            console.say(f"Game over. {players[result.winner].name} wins!")
        wins[result.winner] += 1
    if games > 1:
        console.say(f"\nScore: {players[0].name} {wins[0]}, {players[1].name} {wins[1]}")


def describe_rules(rules: Rules) -> str:
    """The rules in a sentence, for the start of a game (``Rules.describe``)."""
    return rules.describe()
