"""The KUET game flow (SPEC section 4): NimX, in the report's own words.

The lines the report prints are used verbatim: the greeting, the questions,
the board (``Pile_no 1: /*\\/*\\`` between ``-----`` lines, piles numbered from
1), "NimX removes K stones from pile P.", "After NimX's turn,,,", the wins
array of Easy mode and the chromosomes, fitness and selection of Hard mode.
Extras that help are kept: colour on terminals, ``q`` to quit, a reason when
an answer is refused, and who took the last stone at the end of each game.

Easy: 3 games against IDA* (or the ``--ai`` strategy). Hard: 6 games,
alternating Minimax and Alpha-Beta, each with its chromosome (1 = NimX won),
then the genetic algorithm's selection step.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.play.board import render_kuet_board
from nim.play.console import Console, choice_parser, parse_name, parse_yes_no
from nim.play.game import random_board
from nim.play.ingame import GameCommands, UndoMoves, play_moves
from nim.play.record import RecordHeader, SeatRecord
from nim.play.players import AlphaBetaStrategy, IdaStrategy, MinimaxStrategy
from nim.play.selection import Population
from nim.play.session import PlayOptions
from nim.play.strategies import make_strategy
from nim.play.strategy import Strategy
from nim.position import Move, Position
from nim.flows import flow_info
from nim.rules import Rules

__all__ = ["KUET_RULES", "KUET_PILES", "KUET_SIZES", "run_kuet", "kuet_board"]

#: KUET's NimX: a move takes 1 to 3 stones (the registry's, ``nim.flows``).
KUET_RULES: Rules = flow_info("kuet").fixed_rules or Rules(take="max", k=3)
#: KUET boards: 2 to 3 piles of 1 to 6 stones, at most 3 per move, the last stone wins.
KUET_PILES = (2, 3)
KUET_SIZES = (1, 6)
#: The report's arrow line under "NimX is playing using ...".
ARROWS = "->" * 19
#: The algorithms in plain words, said once after the difficulty is chosen.
EASY_WORDS = ("(IDA*, in plain words: NimX looks one move ahead, then two, then more, until it sees "
              "a way to win; it does not always find the best move.)")
HARD_WORDS = ("(In plain words: Minimax tries every line of play to the end and picks the best move; "
              "Alpha-Beta finds the same move faster by skipping lines that cannot change the choice. "
              "Each algorithm keeps a list of its results, its chromosome (1: NimX won), and the one "
              "with the better fitness, wins / games, is selected at the end.)")
#: The names the report gives the two Hard-mode algorithms in the selection step.
SELECTION_NAMES = {"Minimax": "Minimax", "Alpha-Beta": "Alpha_Beta"}


def kuet_board(console: Console, piles: Tuple[int, ...]) -> None:
    """The report's board, after its heading line."""
    console.say("Let's see how the board is looking right now...")
    console.say(render_kuet_board(piles, console.color, console.columns))


def run_kuet(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """The whole KUET session; returns the exit status (0).

    Raises
    ------
    NimError
        For options the KUET game cannot honour (its rules are fixed).
    EndOfInput, QuitGame
        From a prompt.
    """
    if options.rules is not None and options.rules != KUET_RULES:
        raise NimError(f"the KUET game has fixed rules (take 1 to 3, the last stone wins), "
                       f"not {options.rules}: drop the rule flags or use --style rajalakshmi")
    if options.mode not in (None, "hvai"):
        raise NimError(f"the KUET game is you against NimX, not --mode {options.mode}: "
                       "use --style rajalakshmi for other modes")
    console.say("Hello!!! I am NimX...")
    name = options.name or console.ask("What is your name??? ", parse_name)
    wants = options.play
    if wants is None:
        if options.difficulty is not None:
            wants = True
        else:
            console.say("Do you want to play with me???")
            wants = console.ask("If you want then press 'y' otherwise press 'n' ", parse_yes_no)
    if not wants:
        console.say(f"Maybe next time, {name}. Goodbye!")
        return 0
    difficulty = options.difficulty
    if difficulty is None:
        console.say("Choose difficulty level:")
        console.say("1. Easy (NimX uses IDA*)")
        console.say("2. Hard (NimX uses Minimax and Alpha-Beta)")
        difficulty = console.ask("Enter 1 or 2: ",
                                 choice_parser({"1": 1, "2": 2, "easy": 1, "hard": 2}, "the difficulty"))
    if difficulty not in (1, 2):
        raise NimError(f"KUET difficulty is 1 (Easy) or 2 (Hard), not {difficulty}")
    console.say("(Take 1 to 3 stones from one pile; whoever takes the last stone wins. "
                "Piles are numbered from 1; q quits.)")
    console.say(EASY_WORDS if difficulty == 1 else HARD_WORDS)
    if difficulty == 1:
        _easy(options, console, rng, name)
    else:
        _hard(options, console, rng, name)
    console.say(f"Thanks for playing, {name}!")
    return 0


def _resumed(options: PlayOptions, games: int) -> Tuple[int, List[int]]:
    """The game a loaded record goes on with (1-based) and the results before it
    (1: NimX won); a new series: game 1, no results."""
    series = options.series or {}
    game, results = series.get("game"), series.get("results")
    if not isinstance(game, int) or not 1 <= game <= games:
        return 1, []
    if not (isinstance(results, list) and len(results) == game - 1
            and all(r in (0, 1) for r in results)):
        raise NimError(f"the saved KUET series is at game {game} but lists {series.get('results')!r} "
                       "as the results before it")
    return game, list(results)


def _series(options: PlayOptions, difficulty: int, game: int, games: int,
            results: Sequence[int]) -> Dict[str, Any]:
    """A series' progress as a record keeps it; ``board``: the board every game
    starts from (``--piles``), when it is not drawn at random."""
    series: Dict[str, Any] = {"difficulty": difficulty, "game": game, "games": games,
                              "results": list(results)}
    board = (options.series or {}).get("board") if options.series is not None else options.piles
    if board is not None:
        series["board"] = list(board)
    return series


def _series_board(series: Dict[str, Any]) -> Optional[Tuple[int, ...]]:
    """The board a loaded series starts every game from (None: a random one)."""
    board = series.get("board")
    if (isinstance(board, list) and 1 <= len(board) <= 100
            and all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 10**6 for p in board)
            and any(board)):
        return tuple(board)
    return None


def _boards(rng: random.Random, games: int) -> List[Tuple[int, ...]]:
    """Every game's random board, drawn when the series starts (issue 40, item 5): a
    series loaded at game N then plays the boards it would have had, whatever game 1's
    board (read from the file) and the AIs' own draws took from the generator. The
    browser's KUET page draws its boards the same way."""
    return [random_board(rng, KUET_PILES, KUET_SIZES) for _ in range(games)]


def _easy(options: PlayOptions, console: Console, rng: random.Random, name: str) -> None:
    games = options.games or 3
    strategy = make_strategy(options.ai[0]) if options.ai else IdaStrategy()
    start, wins = _resumed(options, games)
    boards = _boards(rng, games)
    for game in range(start, games + 1):
        console.say(f"\nGame {game} of {games}")
        nimx_won = _game(options, console, rng, name, strategy, strategy.label,
                         _series(options, 1, game, games, wins), resume=game == start,
                         drawn=boards[game - 1])
        wins.append(1 if nimx_won else 0)
    console.say()
    console.say(f"{strategy.label} wins: {wins}")
    console.say("Genetic algorithm is not applicable in Easy mode.")


def _hard(options: PlayOptions, console: Console, rng: random.Random, name: str) -> None:
    games = options.games or 6
    algorithms: List[Tuple[str, Strategy]] = [("Minimax", MinimaxStrategy()),
                                              ("Alpha-Beta", AlphaBetaStrategy())]
    population = Population(label for label, _ in algorithms)
    start, results = _resumed(options, games)
    boards = _boards(rng, games)
    for game, won in enumerate(results, start=1):
        population.record(algorithms[(game - 1) % 2][0], won)
    for game in range(start, games + 1):
        label, strategy = algorithms[(game - 1) % 2]
        console.say(f"\nGame {game} of {games}")
        won = _game(options, console, rng, name, strategy, label, _series(options, 2, game, games, results),
                    resume=game == start, drawn=boards[game - 1])
        results.append(1 if won else 0)
        population.record(label, won)
    console.say()
    for member in population:
        console.say(f"{member.name} chromosome (wins): {member.genes}")
    console.say()
    console.say("1 represents wins and 0 represents lose")
    for member in population:
        console.say()
        console.say(f"Algorithm: {SELECTION_NAMES[member.name]}, Fitness: {member.fitness}")
    selected = population.select_fittest()
    console.say()
    console.say(f"Selected Chromosome: {selected.genes} with algorithm: {SELECTION_NAMES[selected.name]}")


def _game(options: PlayOptions, console: Console, rng: random.Random, name: str,
          strategy: Strategy, label: str, series: Optional[Dict[str, Any]] = None,
          resume: bool = False, drawn: Optional[Tuple[int, ...]] = None) -> bool:
    """One game, the human first (unless --first ai); True when NimX wins.
    ``resume``: the game of a loaded record, whose moves are played first;
    ``drawn``: this game's board drawn at the series' start (used when none is given)."""
    loaded = options.moves if resume else ()
    # a loaded record's board is its own game's; the games after it play theirs
    given = options.piles if resume or options.series is None else _series_board(options.series)
    position = Position(given or drawn or random_board(rng, KUET_PILES, KUET_SIZES), KUET_RULES)
    problem = play_moves(position, loaded)
    if problem is not None:
        raise NimError(f"the saved game cannot be played: {problem}")
    kuet_board(console, position.piles)
    console.say(f"NimX is playing using {label}.....")
    console.say(ARROWS)
    human_first = options.first != "ai"
    header = RecordHeader(rules=KUET_RULES, flow="kuet", seats=(SeatRecord(name), SeatRecord("NimX", strategy.name)),
                          first=0 if human_first else 1, seed=options.seed, series=series)
    human_turn = human_first
    last_mover = ""
    start = position
    history: List[Position] = [position]
    played: List[Move] = []
    for move in loaded:
        position = position.apply(move)
        history.append(position)
        played.append(move)
        last_mover = name if human_turn else "NimX"
        human_turn = not human_turn
    if loaded:
        console.say(f"(The saved game's {len(loaded)} move{' is' if len(loaded) == 1 else 's are'} played; "
                    "the game goes on.)")
        if not position.is_terminal():
            kuet_board(console, position.piles)
    saved_commands = console.commands
    try:
        while not position.is_terminal():
            if human_turn:
                console.commands = GameCommands(
                    console, start.piles, list(played), position,
                    2 if len(played) >= 2 else 0, base=1, header=header)   # loaded moves too
                try:
                    move = _ask_move(console, position, name)
                except UndoMoves as undo:
                    del played[len(played) - undo.count:]
                    del history[len(history) - undo.count:]
                    position = history[-1]
                    console.say(f"  Undone: {undo.count} moves taken back.")
                    kuet_board(console, position.piles)
                    continue
                finally:
                    console.commands = saved_commands
                last_mover = name
            else:
                move = strategy.choose_move(position, rng=rng)
                if strategy.last_note:
                    console.say(f"({strategy.last_note})")
                console.say(f"NimX removes {move.count} stones from pile {move.pile + 1}.")
                last_mover = "NimX"
            position = position.apply(move)
            history.append(position)
            played.append(move)
            if not human_turn:
                console.say()
                console.say("After NimX's turn,,,")
                kuet_board(console, position.piles)
            human_turn = not human_turn
    finally:
        console.commands = saved_commands
    if last_mover == name:
        console.say()
        console.say(f"After {name}'s turn,,,")
        kuet_board(console, position.piles)
    if not last_mover:       # an empty board from the start: the player to move cannot move
        winner = "NimX" if human_turn else name
        console.say(f"No stone to take: {winner} wins (whoever takes the last stone wins).")
        return winner == "NimX"
    console.say(f"{last_mover} took the last stone: {last_mover} wins this game "
                "(whoever takes the last stone wins).")
    return last_mover == "NimX"


def _ask_move(console: Console, position: Position, name: str) -> Move:
    """The report's two questions; a refused count asks both again, as the report's loop does."""
    while True:
        pile = console.ask(f"From which pile you want to remove stones, {name}??: ",
                           _pile_parser(position))
        size = position[pile]
        count = console.ask_once("How many stones do you want to remove (maximum 3)??: ",
                                 _count_parser(size, pile))
        if count is not None:
            return Move(pile, count)


def _pile_parser(position: Position) -> Callable[[str], int]:
    n = len(position)

    def parse(answer: str) -> int:
        if not (answer.isascii() and answer.isdigit()):
            raise ValueError(f"type a pile number from 1 to {n}" if not answer
                             else f"{answer!r} is not a pile number: type 1 to {n}")
        pile = int(answer)
        if not 1 <= pile <= n:
            raise ValueError(f"there is no pile {pile}: the piles are numbered 1 to {n}")
        if position[pile - 1] == 0:
            raise ValueError(f"pile {pile} is empty")
        return pile - 1

    return parse


def _count_parser(size: int, pile: int) -> Callable[[str], int]:
    most = min(3, size)

    def parse(answer: str) -> int:
        if not (answer.isascii() and answer.isdigit()):
            raise ValueError(f"type 1 to {most}" if not answer else f"{answer!r} is not a number of stones")
        count = int(answer)
        if not 1 <= count <= most:
            raise ValueError(f"you cannot take {count} from pile {pile + 1} (it has {size}): "
                             f"take 1 to {most}")
        return count

    return parse
