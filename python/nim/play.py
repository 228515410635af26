"""Playing Nim in the terminal (SPEC section 4): every seed's game flow.

The flows read and write through a ``Console`` (input and output streams are
injected), so tests drive them exactly as a user would, through stdin.

Styles:

``kuet``         NimX: greets, asks the name, y/n, difficulty 1 Easy (IDA*) /
                 2 Hard (Minimax and Alpha-Beta); random 2-3 piles of 1-6; at
                 most 3 per move; the human first. Easy plays 3 games and
                 prints ``IDA* wins: [...]``; Hard plays 6 alternating the two
                 algorithms and runs the selection step.
``rajalakshmi``  modes Human vs AI, Human vs Human, AI vs AI; piles typed
                 (default 3 4 5); the AI plays the nim-sum optimal move.
``lab2``         misère (asked) and difficulty levels 1-3: depth-limited
                 alpha-beta with the nim-sum evaluation, Lab 2's tie-break.
``forejune``     one pile, take 1 to half of it, the AI first; the player left
                 with 1 loses; the AI plays at random when it is losing; the
                 DP table of won and lost pile sizes on request.

Bad input is answered with the reason and the question again; end of input
raises ``EndOfInput`` (the command ends cleanly).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from typing import IO, Callable, Dict, List, Optional, Sequence, Tuple, TypeVar

from nim.board import render_board, use_color
from nim.errors import NimError
from nim.position import Move, Position
from nim.rules import Rules
from nim.selection import Population
from nim.strategies import (
    AlphaBetaStrategy, DepthLimitedStrategy, IdaStrategy, MinimaxStrategy, OptimalStrategy,
    Strategy, make_strategy,
)

__all__ = [
    "STYLES",
    "MODES",
    "EndOfInput",
    "QuitGame",
    "Console",
    "Player",
    "PlayOptions",
    "GameResult",
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
_MODE_WORDS = {"1": "hvai", "2": "hvh", "3": "aivai", "hvai": "hvai", "hvh": "hvh",
               "aivai": "aivai", "human vs ai": "hvai", "human vs human": "hvh", "ai vs ai": "aivai"}

#: KUET boards: 2 to 3 piles of 1 to 6 stones, at most 3 per move.
KUET_PILES = (2, 3)
KUET_SIZES = (1, 6)
KUET_RULES = Rules(take="max", k=3)
#: The Rajalakshmi default piles.
DEFAULT_PILES = (3, 4, 5)
#: Lab 2 default piles.
LAB2_PILES = (1, 3, 5, 7)
#: forejune: a random pile in this range when none is typed.
FOREJUNE_SIZES = (10, 30)


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
        """Print one line (or several)."""
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
            try:
                return parse(answer)
            except ValueError as error:
                self.say(f"  {error} -- please try again.")


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


def move_parser(position: Position, rules: Rules) -> Callable[[str], Move]:
    """A parser for a human move ``PILE COUNT`` (piles numbered from 1; one pile: ``COUNT``)."""
    n = len(position)

    def parse(answer: str) -> Move:
        words = answer.replace(",", " ").split()
        if n == 1 and len(words) == 1:
            words = ["1"] + words
        if len(words) != 2:
            example = "a number of stones, e.g. 2" if n == 1 else "the pile and how many to take, e.g. '1 2'"
            raise ValueError(f"type {example}" if not words else f"{answer!r} is not a move: type {example}")
        numbers = []
        for word in words:
            try:
                numbers.append(int(word))
            except ValueError:
                raise ValueError(f"{word!r} is not a whole number") from None
        pile, count = numbers
        if not 1 <= pile <= n:
            raise ValueError(f"there is no pile {pile}: the piles are numbered 1 to {n}")
        size = position[pile - 1]
        takes = rules.takes(size)
        if size == 0:
            raise ValueError(f"pile {pile} is empty")
        if not takes:
            raise ValueError(f"pile {pile} has {size}: it cannot be touched under {rules}")
        if count not in takes:
            low, high = min(takes), max(takes)
            if rules.take == "set":
                allowed = "one of " + ", ".join(map(str, sorted(takes)))
            elif low == high:
                allowed = str(low)
            else:
                allowed = f"{low} to {high}"
            raise ValueError(f"you cannot take {count} from pile {pile} (it has {size}): take {allowed}")
        return Move(pile - 1, count)

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


def play_game(players: Sequence[Player], piles: Sequence[int], rules: Rules,
              rng: random.Random, console: Optional[Console] = None,
              first: int = 0) -> GameResult:
    """Play one game from ``piles``, seat ``first`` moving first.

    With a console the board, each move and the winner are shown, and humans
    are asked for their moves; without one only AI seats may play.

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
            console.board(position.piles, width)
        if player.is_human:
            if console is None:
                raise NimError("a human player needs a console")
            move = console.ask(f"{player.name}, your move (pile count): ",
                               move_parser(position, rules))
        else:
            assert player.strategy is not None
            move = player.strategy.choose_move(position, rules, rng)
        if console is not None:
            console.say(f"{player.name} takes {move.count} from pile {move.pile + 1}.")
            if player.strategy is not None and player.strategy.last_note:
                console.say(f"  ({player.strategy.last_note})")
        position = position.apply(move, rules)
        moves.append(move)
        mover = 1 - mover
    winner = winner_at_end(mover, rules)
    if console is not None:
        console.say()
        console.board(position.piles, width)
        console.say(f"{players[mover].name} cannot move. {players[winner].name} wins!")
    return GameResult(winner, moves, position.piles)


def random_board(rng: random.Random, piles: Tuple[int, int] = KUET_PILES,
                 sizes: Tuple[int, int] = KUET_SIZES) -> Tuple[int, ...]:
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
    flows = {"kuet": _kuet, "rajalakshmi": _rajalakshmi, "lab2": _lab2, "forejune": _forejune}
    return flows[style](options, console, rng)


def _ai(options: PlayOptions, seat: int, default: Callable[[], Strategy]) -> Strategy:
    if options.ai:
        return make_strategy(options.ai[min(seat, len(options.ai) - 1)])
    return default()


def _kuet(options: PlayOptions, console: Console, rng: random.Random) -> int:
    console.say("Hello! I am NimX, your Nim opponent.")
    name = options.name or console.ask("What is your name? ", parse_name)
    wants = options.play
    if wants is None:
        wants = True if options.difficulty is not None else console.ask(
            f"Do you want to play, {name}? (y/n) ", parse_yes_no)
    if not wants:
        console.say(f"Maybe next time, {name}. Goodbye!")
        return 0
    difficulty = options.difficulty
    if difficulty is None:
        difficulty = console.ask("Difficulty: 1 Easy (NimX uses IDA*), 2 Hard (Minimax and Alpha-Beta): ",
                                 choice_parser({"1": 1, "2": 2, "easy": 1, "hard": 2}, "the difficulty"))
    if difficulty not in (1, 2):
        raise NimError(f"KUET difficulty is 1 (Easy) or 2 (Hard), not {difficulty}")
    rules = options.rules or KUET_RULES
    human = Player(name)
    console.say(f"{describe_rules(rules)} Type the pile and the count, e.g. '1 2' (q quits).")
    if difficulty == 1:
        games = options.games or 3
        wins: List[int] = []
        nimx = Player("NimX", _ai(options, 0, IdaStrategy))
        for game in range(1, games + 1):
            piles = options.piles or random_board(rng)
            console.say(f"\n=== Game {game} of {games} (Easy: NimX plays {nimx.strategy}) ===")
            result = play_game([human, nimx], piles, rules, rng, console, first=_first(options, 0))
            wins.append(1 if result.winner == 1 else 0)
        assert nimx.strategy is not None
        console.say(f"\n{nimx.strategy.label} wins: {wins}")
    else:
        games = options.games or 6
        algorithms = [("Minimax", MinimaxStrategy()), ("Alpha-Beta", AlphaBetaStrategy())]
        population = Population(label for label, _ in algorithms)
        for game in range(1, games + 1):
            label, strategy = algorithms[(game - 1) % 2]
            piles = options.piles or random_board(rng)
            console.say(f"\n=== Game {game} of {games} (Hard: NimX plays {label}) ===")
            result = play_game([human, Player("NimX", strategy)], piles, rules, rng, console,
                               first=_first(options, 0))
            population.record(label, result.winner == 1)
        console.say()
        for member in population:
            console.say(f"{member.name} chromosome: {member.genes}")
        for member in population:
            console.say(f"{member.name} fitness: {member.fitness:.2f} ({member.wins}/{member.games})")
        selected = population.select_fittest()
        console.say(f"Selected chromosome: {selected.genes}")
        console.say(f"Selected algorithm: {selected.name}")
    console.say(f"Thanks for playing, {name}!")
    return 0


def _first(options: PlayOptions, default: int) -> int:
    """Seat that moves first (seat 0 is the human in human-vs-AI games)."""
    if options.first is None:
        return default
    return 0 if options.first == "human" else 1


def _players(mode: str, options: PlayOptions, default_ai: Callable[[], Strategy]) -> List[Player]:
    if mode == "hvai":
        ai = _ai(options, 0, default_ai)
        return [Player(options.name or "Human"), Player(f"AI ({ai.label})", ai)]
    if mode == "hvh":
        return [Player(options.name or "Player 1"), Player("Player 2")]
    first, second = _ai(options, 0, default_ai), _ai(options, 1, default_ai)
    return [Player(f"AI 1 ({first.label})", first), Player(f"AI 2 ({second.label})", second)]


def _series(players: List[Player], piles: Tuple[int, ...], rules: Rules, options: PlayOptions,
            console: Console, rng: random.Random, first: int) -> None:
    games = options.games or 1
    wins = [0, 0]
    for game in range(1, games + 1):
        if games > 1:
            console.say(f"\n=== Game {game} of {games} ===")
        result = play_game(players, piles, rules, rng, console, first=first)
        wins[result.winner] += 1
    if games > 1:
        console.say(f"\nScore: {players[0].name} {wins[0]}, {players[1].name} {wins[1]}")


def _ask_mode(options: PlayOptions, console: Console) -> str:
    if options.mode is not None:
        return options.mode
    return console.ask("Mode: 1 Human vs AI, 2 Human vs Human, 3 AI vs AI: ",
                       choice_parser(_MODE_WORDS, "the mode"))


def describe_rules(rules: Rules) -> str:
    """The rules in a sentence, for the start of a game (``Rules.describe``)."""
    return rules.describe()


def _rajalakshmi(options: PlayOptions, console: Console, rng: random.Random) -> int:
    rules = options.rules or Rules()
    if options.difficulty is not None or options.ai:
        ai = "at its level"
    else:
        ai = "the nim-sum optimal move" if rules == Rules() else "the optimal move"
    console.say(f"Nim. {describe_rules(rules)} The AI plays {ai}.")
    mode = _ask_mode(options, console)
    piles = options.piles or console.ask(
        "Piles (space-separated sizes, Enter for 3 4 5): ", piles_parser(DEFAULT_PILES))
    default: Callable[[], Strategy] = OptimalStrategy
    if options.difficulty is not None:
        level = options.difficulty
        default = lambda: DepthLimitedStrategy(level=level)  # noqa: E731
    players = _players(mode, options, default)
    _series(players, piles, rules, options, console, rng, _first(options, 0))
    return 0


def _lab2(options: PlayOptions, console: Console, rng: random.Random) -> int:
    console.say("Nim, Lab 2: misere play and difficulty levels.")
    rules = options.rules
    if rules is None:
        misere = console.ask("Misere play (whoever takes the last object loses)? (y/n) ", parse_yes_no)
        rules = Rules(misere=misere)
    mode = options.mode or "hvai"
    level = options.difficulty
    if level is None and mode != "hvh" and not options.ai:
        level = console.ask("Difficulty: 1 Easy, 2 Medium, 3 Hard: ",
                            choice_parser({"1": 1, "2": 2, "3": 3, "easy": 1, "medium": 2, "hard": 3},
                                          "the difficulty"))
    if level is not None and level not in (1, 2, 3):
        raise NimError(f"Lab 2 difficulty is 1, 2 or 3, not {level}")
    piles = options.piles or console.ask(
        "Piles (space-separated sizes, Enter for 1 3 5 7): ", piles_parser(LAB2_PILES))
    console.say(f"Rules: {rules}. {describe_rules(rules)}")
    chosen = level or 2
    players = _players(mode, options, lambda: DepthLimitedStrategy(level=chosen, tie_break="lab2"))
    _series(players, piles, rules, options, console, rng, _first(options, 0))
    return 0


def _forejune(options: PlayOptions, console: Console, rng: random.Random) -> int:
    rules = options.rules or Rules(take="half")
    lone = " The player left with 1 cannot move and loses." if rules == Rules(take="half") else ""
    console.say(f"One pile. {describe_rules(rules)}{lone} The AI moves first.")
    if options.piles is not None:
        if len(options.piles) != 1:
            raise NimError(f"the forejune game has one pile, not {len(options.piles)}: {list(options.piles)}")
        pile = options.piles[0]
    else:
        low, high = FOREJUNE_SIZES
        typed = console.ask(f"Pile size (Enter for a random {low}-{high}): ",
                            _optional_single_pile())
        pile = typed if typed is not None else rng.randint(low, high)
    if options.table:
        console.say(format_score_table(pile, rules))
    mode = options.mode or "hvai"
    players = _players(mode, options, lambda: OptimalStrategy(forejune=True))
    if mode == "hvai":
        players = [players[1], players[0]]     # the AI sits first
    first = 0
    if options.first is not None and mode == "hvai":
        first = 1 if options.first == "human" else 0
    _series(players, (pile,), rules, options, console, rng, first)
    return 0


def _optional_single_pile() -> Callable[[str], Optional[int]]:
    parse_one = piles_parser(None, largest=10_000, single=True)

    def parse(answer: str) -> Optional[int]:
        if not answer:
            return None
        return parse_one(answer)[0]

    return parse
