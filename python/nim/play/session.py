"""What the game flows share around a game: the options the command line fixed,
the modes and seats (human or AI, which AI), and a series of games with its score."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.play.console import Console
from nim.play.game import Look, Player, play_game
from nim.play.record import RecordHeader, SeatRecord, verb
from nim.play.strategies import make_strategy
from nim.play.strategy import Strategy
from nim.position import Move
from nim.rules import Rules

__all__ = [
    "MODES", "MODE_WORDS", "PlayOptions", "check_mode", "ai_for_seat", "first_seat", "make_players",
    "play_series", "describe_rules", "introduce", "record_header",
]

MODES = ("hvai", "hvh", "aivai")
MODE_WORDS = {"1": "hvai", "2": "hvh", "3": "aivai", "hvai": "hvai", "hvh": "hvh",
               "aivai": "aivai", "human vs ai": "hvai", "human vs human": "hvh", "ai vs ai": "aivai"}

_PLAIN_LOOK = Look()     # frozen: one default serves every series


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
    moves: Tuple[Move, ...] = ()      # a loaded game's moves (--load), played before the game goes on
    series: Optional[Dict[str, Any]] = None   # a loaded record's series so far (RecordHeader.series)
    misere: Optional[bool] = None     # the convention alone (--misere/--normal) for a game still asked (pins)
    seat_names: Optional[Tuple[str, str]] = None   # a loaded record's names, as given (both seats)
    results: Optional[List[Any]] = None   # a list: the state of each game played (a flow's machine)
    position: Any = None              # free play under a family of components: its position, a plain value


def record_header(options: PlayOptions, players: Sequence[Player], rules: Rules, first: int,
                  series: Optional[Dict[str, Any]] = None) -> RecordHeader:
    """What ``save FILE`` writes above the moves: the rules, the flow, the seats
    (name, and the AI by its ``make_strategy`` name), who moved first, the seed."""
    seats = tuple(SeatRecord(p.name, p.strategy.name if p.strategy is not None else None)
                  for p in players)
    return RecordHeader(rules=rules, flow=options.style, seats=seats, first=first, seed=options.seed,
                        series=series)


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
                 seats: Tuple[str, str] = ("Player 0", "Player 1"),
                 rules: Optional[Rules] = None) -> List[Player]:
    """The two seats, named ``seats`` (your ``--name`` replaces the human's in
    human vs AI); each seat's role (you, the AI and which) is said once, when
    the game starts (``introduce``), so the move lines keep the short names."""
    ruleset = rules if rules is not None else (options.rules or Rules())
    seats = options.seat_names or seats      # a loaded game goes on between the same names
    if mode == "hvai":
        ai = ai_for_seat(options, 0, default_ai)
        return [Player(options.name or seats[0], role="you"),
                Player(seats[1], ai, role=f"the AI ({ai.label_for(ruleset)})")]
    if mode == "hvh":
        return [Player(options.name or seats[0], role="human"), Player(seats[1], role="human")]
    one, two = ai_for_seat(options, 0, default_ai), ai_for_seat(options, 1, default_ai)
    return [Player(seats[0], one, role=f"the AI ({one.label_for(ruleset)})"),
            Player(seats[1], two, role=f"the AI ({two.label_for(ruleset)})")]


def introduce(players: List[Player]) -> str:
    """Who is who, in one line: ``Player 1: you; Player 2: the AI (Nim-sum).``
    (a seat named "You" needs no introduction)."""
    return "; ".join(f"{p.name}: {p.role or ('human' if p.is_human else 'the AI')}"
                     for p in players if p.name != "You") + "."


def play_series(players: List[Player], piles: Tuple[int, ...], rules: Rules, options: PlayOptions,
                console: Console, rng: random.Random, first: int, look: Look = _PLAIN_LOOK,
                game_over: bool = False) -> None:
    """``--games`` games (default 1) from ``piles``, then the score when more than one;
    ``game_over`` adds the Rajalakshmi report's "Game over. X wins!" line."""
    games = options.games or 1
    wins = [0, 0]
    start = 1
    resumed = options.series or {}
    if isinstance(resumed.get("game"), int) and 1 <= resumed["game"] <= games:
        start = resumed["game"]          # a loaded record of game N of a series goes on from game N
        saved = resumed.get("wins")
        if isinstance(saved, list) and len(saved) == 2 and all(isinstance(w, int) for w in saved):
            wins = list(saved)
    if any(player.role for player in players):
        console.say(introduce(players))
    for game in range(start, games + 1):
        if games > 1:
            console.say(f"\n=== Game {game} of {games} ===")
        series = {"game": game, "games": games, "wins": list(wins)} if games > 1 else None
        result = play_game(players, piles, rules, rng, console, first=first, look=look,
                           moves=options.moves if game == start else (),
                           header=record_header(options, players, rules, first, series))
        if game_over:
            won = players[result.winner].name
            console.say(f"Game over. {won} {verb(won, 'wins')}!")
        wins[result.winner] += 1
    if games > 1:
        console.say(f"\nScore: {players[0].name} {wins[0]}, {players[1].name} {wins[1]}")


def describe_rules(rules: Rules) -> str:
    """The rules in a sentence, for the start of a game (``Rules.describe``)."""
    return rules.describe()
