"""``nimcore play``: play Nim and take-and-break games in the terminal (SPEC section 4)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Dict, Optional, Tuple

import json

from nim.commands.common import add_rule_flags, integer, parse_piles, rules_from_args, whole_number
from nim.families.play import play_hooks
from nim.flows.freeplay import is_component
from nim.play.machine import read_position_text
from nim.errors import NimError
from nim.play.console import Console, EndOfInput, QuitGame
from nim.flows import default_ai, fixed_rules
from nim.play.flows import STYLES, run_style
from nim.play.ingame import play_moves
from nim.play.record import RecordHeader, ReplayFile, read_record_text, record_problem
from nim.play.saved import SavedGame, read_saved_game
from nim.position import Move, Position
from nim.play.session import MODES, PlayOptions
from nim.rules import Rules
from nim.play.strategies import make_strategy

#: Most games one command plays, most piles and largest pile in a game.
MAX_GAMES = 10_000
MAX_PILES = 100
MAX_PILE = 10**6

_DESCRIPTION = """\
Play Nim in the terminal, against the AI, another human, or watch two AIs.

Five game flows (--style; when it is left out, the other flags pick one --
--game or --octal: pins, --half with one pile or none: forejune, --misere:
lab2, --mode, --piles or a rule flag: rajalakshmi, --difficulty or --name:
kuet -- and with no flags at all you are asked):

  kuet         NimX: Easy (IDA*, 3 games, wins array) or Hard (Minimax and
               Alpha-Beta, 6 games, chromosomes, fitness, selection step);
               random 2-3 piles of 1-6, at most 3 stones per move
  rajalakshmi  Human vs AI, Human vs Human, AI vs AI on typed piles (3 4 5);
               the AI plays the nim-sum optimal move
  lab2         misere play and difficulty levels 1-3 (depth-limited
               alpha-beta with the nim-sum evaluation, Lab 2's game-over rule)
  forejune     one pile, take 1 to half of it, the AI first; the player
               left with 1 loses; in the seed's words (Enter at the first
               question: a random pile of 10 to 30)
  pins         take-and-break games (--game kayles, dawson-kayles,
               dawson-chess, grundy-game, or --octal CODE; --misere too)
               against NimX, the exact player: each heap a row of pins
               | | | |, numbered from 1; a move is HEAP TAKE, or HEAP TAKE
               PART to leave two heaps: '2 1 3' takes 1 pin from heap 2 and
               leaves heaps of 3 and the rest

Flags answer the questions; you are asked only what they leave out; a flag a
style cannot honour (e.g. --style kuet --misere) is refused. Piles are
numbered as in each seed -- kuet from 1, rajalakshmi and lab2 from 0 -- and
the game says so; q quits. Lab 2 levels: 1 Easy (depth 1, 30% random
slips), 2 Medium (depth 2, 10%), 3 Hard (depth 4, none).
"""

_EPILOG = """\
examples:
  nimcore play                                     choose a game
  nimcore play --style kuet --name Ada --difficulty 2
  nimcore play --mode aivai --piles 3 4 5 --seed 1 a whole AI-vs-AI game, no input
  nimcore play --style lab2 --misere --difficulty 3 --piles 1 3 5 7
  nimcore play --style forejune --piles 20 --table
  nimcore play --mode aivai --ai ida,optimal --games 5 --seed 2
  nimcore play --load game.txt                    continue a saved game (its rules, flow, players)
  nimcore play --game kayles --piles 5 7          Kayles against NimX
  nimcore play --game dawson-kayles --misere --piles 6 9

During a game, type instead of a move: help, hint (a best move and why), undo
(your last move and the AI's answer), save FILE (the game so far, as a Lab 2
test file whose comment lines keep the rules, the flow and the players: --load
continues it as it was, 'nimcore replay FILE --record' annotates it).
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play", help="play Nim in the terminal",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--style", choices=STYLES, help="the game flow (see above)")
    parser.add_argument("--mode", choices=MODES,
                        help="hvai: human vs AI, hvh: human vs human, aivai: AI vs AI")
    parser.add_argument("--difficulty", metavar="LEVEL",
                        help="kuet: 1 Easy / 2 Hard; lab2 (and the AI of other styles): 1, 2 or 3")
    parser.add_argument("--piles", nargs="+", metavar="N", help="the starting piles (default: asked)")
    parser.add_argument("--position", metavar="JSON",
                        help="the start of a game whose components are more than heaps (--rules wythoff: "
                             "'[[3, 5], [4, 6]]'; turning-turtles: THHTH; default: asked, Enter for the game's own)")
    parser.add_argument("--games", type=integer, metavar="N", help="games to play (kuet: 3 Easy, 6 Hard; else 1)")
    parser.add_argument("--seed", type=whole_number(0, 2**64 - 1), metavar="S",
                        help="random seed (boards, random moves)")
    parser.add_argument("--name", metavar="NAME", help="your name")
    parser.add_argument("--first", choices=("human", "ai"), help="who moves first in human vs AI")
    parser.add_argument("--ai", metavar="STRATEGY[,STRATEGY]",
                        help="the AI player(s): random, ida, depth:N, level:L, minimax, alphabeta, nimsum, "
                             "optimal (two, comma-separated, for aivai)")
    parser.add_argument("--normal", action="store_true", help="normal play (answers lab2's misere question)")
    parser.add_argument("--table", action="store_true", help="forejune: print the DP table of scores")
    parser.add_argument("--load", metavar="FILE",
                        help="continue a game saved with 'save FILE' under its rules, flow and players "
                             "(or a plain Lab 2 test file: its piles, then every move played, in order; "
                             "the flags say the rules)")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the board (default: when stdout is a terminal)")
    add_rule_flags(parser)
    parser.set_defaults(run=run)


def _rule_flags(args: argparse.Namespace) -> bool:
    return bool(args.misere or args.normal or args.max_take is not None or args.half
                or args.subtract is not None or args.rules is not None
                or args.octal is not None or args.game is not None)


def _take_record(args: argparse.Namespace, header: RecordHeader,
                 flags: Optional[Dict[str, Any]] = None) -> Optional[Dict[str, Any]]:
    """Fill the flags a saved game's facts answer, as if they were typed; refuse a flag
    that contradicts them (a record is continued as it was, or not at all). ``flags``: the
    flags its flow's reader found in the record (``SavedGame.flags``; None: the seats' players).
    Returns the record's series so far (None: a single game)."""
    where = f"--load {args.load}"
    flow = header.flow
    if header.rules is not None and is_component(header.rules):     # a family's game: free play's
        flow = "freeplay"
    elif flow not in STYLES and header.rules is not None:    # the web's free game, or a flow unknown here
        flow = "pins" if header.rules.splits else "rajalakshmi"
    elif flow not in STYLES:
        flow = None
    if flow is not None:
        if args.style is not None and args.style != flow:
            raise NimError(f"{where}: the saved game is a game of the {flow} flow, not --style {args.style}")
        args.style = flow
    if header.rules is not None:
        if _rule_flags(args):
            given = rules_from_args(args, splits_ok=True)
            if given != header.rules:
                raise NimError(f"{where}: the saved game is played under {header.rules}, not {given}: "
                               "drop the rule flags")
        elif flow != "kuet":            # the KUET game's rules are its own
            args.rules = str(header.rules)
    mode = header.mode
    if mode is None:
        return header.series
    if flow != "kuet":
        if args.mode is not None and args.mode != mode:
            raise NimError(f"{where}: the saved game is --mode {mode}, not --mode {args.mode}")
        args.mode = mode
    if flow in ("rajalakshmi", "lab2", "pins", "freeplay") and len(header.seats) == 2:
        args.seat_names = (header.seats[0].name, header.seats[1].name)    # the names as given
    human = next((i for i, seat in enumerate(header.seats) if seat.ai is None), None)
    if human is not None and args.name is None and mode != "aivai":
        args.name = header.seats[human].name
    if mode == "hvai" and human is not None:
        first = "human" if header.first == human else "ai"
        if args.first is not None and args.first != first:
            raise NimError(f"{where}: in the saved game {'you' if first == 'human' else 'the AI'} "
                           f"moved first, not --first {args.first}")
        args.first = first
    if args.seed is None:
        args.seed = header.seed
    series = header.series
    if flags is not None:                 # the flow's reader said what its record answers (KUET's series)
        for flag, value in flags.items():
            if getattr(args, flag, None) is None:
                setattr(args, flag, value)
        return series
    _take_players(args, header, flow, where)
    if series and isinstance(series.get("games"), int) and args.games is None:
        args.games = series["games"]
    return series


def _take_players(args: argparse.Namespace, header: RecordHeader, flow: Optional[str], where: str) -> None:
    """The record's AI players as --difficulty (a level) or --ai (another player than the flow's own)."""
    ai = [seat.ai for seat in header.seats if seat.ai is not None]
    if not ai:
        return
    levels = {name.partition(":")[2] for name in ai if name.startswith("level:")}
    difficulty = ai_flag = None
    if flow in ("lab2", "rajalakshmi") and len(levels) == 1 and all(n.startswith("level:") for n in ai):
        difficulty = levels.pop()
    elif any(name != default_ai(flow) for name in ai):
        ai_flag = ",".join(ai)
    if difficulty is not None:
        if args.difficulty is not None and args.difficulty.strip() != difficulty:
            raise NimError(f"{where}: the saved game's AI plays at level {difficulty}, not "
                           f"--difficulty {args.difficulty}")
        args.difficulty = difficulty
    if ai_flag is not None:
        if args.ai is not None and args.ai.replace(" ", "") != ai_flag:
            raise NimError(f"{where}: the saved game's AI is {ai_flag}, not --ai {args.ai}")
        args.ai = ai_flag


def _options(args: argparse.Namespace) -> PlayOptions:
    loaded: Optional[ReplayFile] = None
    loaded_components: Optional[SavedGame] = None
    series: Optional[Dict[str, Any]] = None
    if args.load is not None:
        if args.piles is not None:
            raise NimError("--load FILE starts from the saved game's piles: drop --piles")
        saved = read_saved_game(*read_record_text(args.load))      # each flow reads its own records
        if saved.replay is not None:
            loaded = saved.replay
            problem = record_problem(loaded)       # the browser's upload checks the same
            if problem is not None:
                raise NimError(f"--load {args.load}: {problem}")
        else:                                      # a family's record: read and checked by its flow
            loaded_components = saved
        if saved.header is not None:
            series = _take_record(args, saved.header, saved.flags)
    rule_flags = _rule_flags(args)
    if args.misere and args.normal:
        raise NimError("give --misere or --normal, not both")
    rules: Optional[Rules] = rules_from_args(args, splits_ok=True) if rule_flags else None
    splits = rules is not None and rules.splits
    style = args.style
    position = None
    if rules is not None and is_component(rules):      # free play: the family's own board and moves
        if style not in (None, "freeplay"):
            raise NimError(f"the {style} game plays heaps, not {rules}: drop --style (free play plays it)")
        if args.piles is not None and args.position is not None:
            raise NimError("give --position or --piles, not both")
        if args.piles is not None:
            # a game of heaps with moves of its own (Lasker's Nim) or of piles moved together (Moore's
            # Nim_k) starts from its piles as typed; another (pairs, coin rows) says what it takes
            from nim.families import ComponentFamily
            from nim.solving.components import read_position

            family = rules.family
            assert isinstance(family, ComponentFamily)
            typed = json.dumps(list(parse_piles(args.piles)))      # "--piles x" is refused as ever
            try:
                position = read_position_text(typed, rules)
                read_position(family, position)       # a pair's game says now that 3 is no pair
                args.piles = None          # the position is the start, as if typed with --position
            except NimError as error:
                raise NimError(f"{rules} is {rules.game_kind()}, so --piles {' '.join(args.piles)} is not a "
                               f"position of it ({error}): give --position JSON (e.g. --position "
                               f"'{json.dumps(play_hooks(rules.family).start_value)}')") from None
        if args.load is not None and loaded_components is None:
            raise NimError(f"--load {args.load}: the saved game is a game of heaps, not of {rules}")
        play_hooks(rules.family)          # a family that cannot be played says so before any question
        if loaded_components is not None:
            if args.position is not None:
                raise NimError("--load FILE starts from the saved game's position: drop --position")
            position = loaded_components.start
        elif args.position is not None:
            position = read_position_text(args.position, rules)
        style = "freeplay"
    elif args.position is not None:
        raise NimError("--position is the start of a game of components (--rules wythoff, turning-turtles, ...); "
                       "a game of heaps takes --piles")
    if style is None:
        if splits:
            style = "pins"
        elif args.half and (args.piles is None or len(args.piles) == 1):
            style = "forejune"
        elif args.misere:
            style = "lab2"
        elif args.mode is not None or args.piles is not None or args.ai is not None or rule_flags:
            style = "rajalakshmi"
        elif args.difficulty is not None or args.name is not None or args.games is not None:
            style = "kuet"
    difficulty = None
    if args.difficulty is not None:
        words = {"easy": 1, "medium": 2, "hard": 3 if style == "lab2" else 2}
        text = args.difficulty.strip().lower()
        if text in words:
            difficulty = words[text]
        else:
            try:
                difficulty = int(text)
            except ValueError:
                raise NimError(f"--difficulty must be a level number, not {args.difficulty!r}") from None
        allowed = (1, 2) if style == "kuet" else (1, 2, 3)
        if difficulty not in allowed:
            raise NimError(f"--difficulty {args.difficulty!r}: expected one of "
                           f"{', '.join(map(str, allowed))} for the {style or 'chosen'} game")
    if args.table and style not in (None, "forejune"):
        raise NimError(f"--table prints the forejune game's DP table; --style {style} has none")
    if splits and style not in ("pins", "rajalakshmi"):
        raise NimError(f"the {style} game plays take rules, not the take-and-break game {rules}: "
                       "drop --style (the pins game plays it) or use --style pins")
    misere = None
    if style == "pins" and rules in (Rules(), Rules(misere=True)) and args.rules is None:
        misere, rules = rules.misere, None      # --misere or --normal alone: the game is still asked
    if style == "pins" and rules is not None and not splits:
        raise NimError(f"the pins game plays take-and-break games (--game kayles, --octal CODE), "
                       f"not {rules}: use --style rajalakshmi or lab2")
    if style == "kuet" and rules is not None:
        raise NimError(f"the KUET game has fixed rules (take 1 to 3, the last stone wins), not {rules}: "
                       "drop the rule flags or use --style rajalakshmi")
    if style == "forejune" and rules is not None and rules != Rules(take="half"):
        raise NimError(f"the forejune game has fixed rules (take 1 to half the pile), not {rules}: "
                       "drop the rule flags or use --style rajalakshmi")
    if style == "kuet" and args.mode not in (None, "hvai"):
        raise NimError(f"the KUET game is you against NimX, not --mode {args.mode}: "
                       "use --style rajalakshmi for other modes")
    if args.mode == "hvh" and args.ai is not None:
        raise NimError(f"--ai {args.ai} names AI players, but --mode hvh has none")
    if args.mode == "hvh" and args.difficulty is not None:
        raise NimError(f"--difficulty {args.difficulty} sets the AI's level, but --mode hvh has no AI")
    if args.games is not None and not 1 <= args.games <= MAX_GAMES:
        raise NimError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}")
    piles = None
    moves: Tuple[Move, ...] = ()
    if loaded_components is not None:
        moves = loaded_components.moves
    if loaded is not None:
        moves = loaded.moves
        _check_loaded(args.load, loaded.piles, moves,
                      rules or fixed_rules(style) or (Rules.game("kayles") if style == "pins" else Rules()))
        args.piles = [str(p) for p in loaded.piles]
        if style == "kuet" and series is None:
            series = {}         # the loaded board is the first game's; the later games draw theirs
    if args.piles is not None:
        piles = tuple(parse_piles(args.piles))
        if len(piles) > MAX_PILES:
            raise NimError(f"--piles: at most {MAX_PILES} piles in a game, not {len(piles)}")
        if max(piles) > MAX_PILE:
            raise NimError(f"--piles: a pile of at most {MAX_PILE:,} in a game, not {max(piles)}")
        if not any(piles) and style != "rajalakshmi":
            raise NimError(f"--piles {' '.join(args.piles)}: there must be at least one stone")
    ai = None
    if args.ai is not None:
        ai = [name.strip() for name in args.ai.split(",") if name.strip()]
        if not 1 <= len(ai) <= 2:
            raise NimError(f"--ai takes one or two strategies, not {args.ai!r}")
        for name in ai:
            make_strategy(name)   # an unknown name fails now, not mid-game
    if splits:
        from nim.play.pins import check_split_players

        check_split_players(ai, difficulty)      # before the game, not at the AI's first move
    name = args.name.strip() if args.name is not None else None
    if name is not None and not name:
        raise NimError("--name cannot be empty")
    return PlayOptions(style=style, mode=args.mode, difficulty=difficulty, piles=piles,
                       rules=rules, games=args.games, seed=args.seed, name=name,
                       first=args.first, ai=ai, table=args.table, moves=moves, series=series,
                       misere=misere, seat_names=getattr(args, "seat_names", None), position=position)


def _check_loaded(path: str, piles: Tuple[int, ...], moves: Tuple[Move, ...], rules: Rules) -> None:
    """Refuse a saved game whose moves cannot be played, before any question is asked."""
    problem = play_moves(Position(piles, rules), moves)
    if problem is not None:
        raise NimError(f"--load {path}: {problem} under {rules}")


def run(args: argparse.Namespace) -> int:
    options = _options(args)
    color = {"auto": None, "always": True, "never": False}[args.color]
    console = Console(color=color)
    try:
        return run_style(options, console)
    except EndOfInput:
        console.say("End of input: goodbye.")
        return 0
    except QuitGame:
        console.say("Goodbye.")
        return 0
    except KeyboardInterrupt:
        console.say("\nInterrupted: goodbye.")
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
