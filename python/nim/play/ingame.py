"""What a player can type instead of a move, in every game flow: ``help``,
``hint`` (a best move and the one-line reason), ``undo`` (against the AI: your
last move and the AI's answer) and ``save FILE`` (the game so far as a game
record, ``nim.play.record``: a Lab 2 test file -- the number of piles, one pile
size per line, then every move played, ``pile_index count`` from 0, or
``pile_index count a b`` for a move that leaves two heaps a and b -- under
comment lines that say the rules, the flow, the seats and the seed;
``nimcore play --load FILE`` continues it under the same rules against the
same opponent and ``nimcore replay FILE --record`` annotates it).

A game installs a ``GameCommands`` on its console for the time of the game
(``Console.commands``); the console asks again after a command, and ``undo``
raises ``UndoMoves`` for the game loop to take the moves back.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.flows.pins import split_example
from nim.play.console import Console
from nim.play.record import RecordHeader, move_text, read_replay_file, record_text
from nim.position import Move, Position
from nim.rules import Rules

__all__ = ["COMMANDS_HELP", "GLOSSARY", "glossary", "UndoMoves", "GameCommands", "hint_line", "move_text",
           "record_text", "moves_from_file", "split_example", "split_moves_help"]

#: The help text of the in-game commands (``{base}``: the first pile's number).
COMMANDS_HELP = (
    "While a game is on you can type, instead of a move:\n"
    "  help       this help\n"
    "  hint       a best move and why\n"
    "  undo       take back your last move and the AI's answer (against the AI)\n"
    "  save FILE  save the game so far with its rules and players (a Lab 2 test file;\n"
    "             nimcore play --load FILE continues it, nimcore replay FILE --record\n"
    "             annotates it)\n"
    "  q          quit"
)


def split_moves_help(base: int = 1, noun: str = "heap", rules: Optional[Rules] = None) -> str:
    """How to type a move of a take-and-break game (heaps numbered from ``base``), with
    an example legal under ``rules`` (default Kayles)."""
    rules = rules if rules is not None else Rules.game("kayles")
    word = noun.upper()
    example = split_example(rules)
    if rules.take == "grundy":
        return (f"A move is {word} PART: split {noun} {word} (numbered from {base}) into two unequal "
                f"heaps, PART pins and the rest: '{base} 2' on a {noun} of 6 leaves heaps of 2 and 4.")
    text = (f"A move is {word} TAKE (take TAKE pins from {noun} {word}, numbered from {base}, "
            f"leaving one heap or none)")
    if example is None:
        return text + "; this game never splits a heap."
    size, count, (a, b) = example
    return (text + f" or {word} TAKE PART (take TAKE and leave two heaps, PART and the rest): "
            f"'{base} {count} {a}' on a {noun} of {size} leaves heaps of {a} and {b}.")


#: The expert terms a hint may use, each said in plain words the first time it appears
#: ("X = " is said by ``glossary``, from the rules: X is the nim-sum under take any only).
GLOSSARY = (
    ("B = ", "B counts the piles worth 2 or more; in misère play they decide when to switch "
             "from X = 0 to an odd number of single piles."),
    ("g ^ X", "g is one heap's Grundy value, the size of the Nim pile it is worth; ^ is XOR."),
    ("mex", "mex: the smallest value that none of a heap's moves reaches."),
    ("product", "the product: misère play sorts positions into classes (the misère quotient), each "
                "heap a letter and a position the product of its heaps' letters; P is the set of "
                "classes whose positions lose for the player to move."),
    ("tame", "a tame heap plays in misère like a Nim pile of its Grundy value, so the Nim rule applies."),
)


def glossary(rules: Rules) -> Tuple[Tuple[str, str], ...]:
    """The glossary under ``rules``: what X is (the XOR of the Grundy values, named with the
    rule that gives them: ``nim.solving.invariant``), then the rules-free terms."""
    from nim.solving.invariant import x_glossary

    return (("X = ", x_glossary(rules)),) + GLOSSARY


class UndoMoves(Exception):
    """Raised by ``undo``: the game takes back ``count`` moves."""

    def __init__(self, count: int) -> None:
        super().__init__(f"undo {count} moves")
        self.count = count


def moves_from_file(path: str) -> Tuple[Tuple[int, ...], Tuple[Move, ...]]:
    """The starting piles and the moves of a saved game (a Lab 2 test file).

    Raises
    ------
    InputFileError
        When the file cannot be read or is malformed.
    """
    game = read_replay_file(path)
    return game.piles, game.moves


def hint_line(position: Position, base: int = 1, noun: Optional[str] = None) -> str:
    """A best move for the player to move, with the one-line reason (piles numbered from
    ``base``, called ``noun``: default heap in a take-and-break game, else pile)."""
    from nim.play.strategy import SEARCH_NODE_LIMIT, SEARCH_TIME_LIMIT
    from nim.solving.defaults import solve

    try:
        from nim.solving.explain import explain

        # bounded as an AI's move: a misère take-and-break position may need a long search
        explanation = explain(position.piles, position.rules, node_limit=SEARCH_NODE_LIMIT,
                              time_limit=SEARCH_TIME_LIMIT)
        value, move = explanation.value, explanation.move
        last = explanation.text.splitlines()[-1]
        if value > 0 and ". It leaves " in last:
            reason = "it leaves " + last.split(". It leaves ", 1)[1]
        elif value > 0:
            reason = "it leaves the opponent a lost position"
        else:
            reason = ("every move loses against best play; this one keeps the game going and "
                      "waits for a slip")
    except NimError:
        try:
            solution = solve(position, node_limit=SEARCH_NODE_LIMIT, time_limit=SEARCH_TIME_LIMIT)
        except NimError as error:          # a search past its budget: no hint, the game goes on
            return f"Hint: none this time ({error})"
        value, move = solution.value, solution.move
        reason = ("it leaves the opponent a lost position" if value > 0
                  else "every move loses against best play; this one waits for a slip")
    if move is None and not position.is_terminal():
        # a lost position whose solver names no move (a take-and-break game's theory)
        move = next(iter(position.moves()))
        reason = "every move loses against best play; this one waits for a slip"
    if move is None:
        return "Hint: no move is left."
    noun = noun or ("heap" if position.rules.splits else "pile")
    if move.count == 0 and move.split is not None:      # Grundy's game: a split takes nothing
        return (f"Hint: split {noun} {move.pile + base} into heaps of {move.split[0]} and "
                f"{move.split[1]}: {reason}")
    where = "" if len(position) == 1 else f" from {noun} {move.pile + base}"
    if move.split is not None:
        where += f", leaving heaps of {move.split[0]} and {move.split[1]}"
    return f"Hint: take {move.count}{where}: {reason}"


@dataclass
class GameCommands:
    """The in-game commands at one question of a game.

    ``start``, ``moves`` and ``position``: the game so far (the starting piles,
    the moves played, the position now); ``undo_count``: how many moves
    ``undo`` takes back (0: none can be); ``base``: the number of the first
    pile in this flow.
    """

    console: Console
    start: Tuple[int, ...]
    moves: List[Move]
    position: Position
    undo_count: int = 0
    base: int = 1
    saved: List[str] = field(default_factory=list)
    header: Optional[RecordHeader] = None
    noun: str = "pile"

    def __call__(self, answer: str) -> bool:
        words = answer.split(maxsplit=1)
        if not words:
            return False
        word = words[0].lower()
        if word in ("help", "?", "h"):
            if self.position.rules.splits:
                self.console.say(split_moves_help(self.base, self.noun, self.position.rules))
            self.console.say(COMMANDS_HELP)
            return True
        if word == "hint":
            line = hint_line(self.position, self.base, self.noun)
            self.console.say(line)
            for term, plain in glossary(self.position.rules):   # each term in words, once a session
                if term in line and plain not in self.console.explained:
                    self.console.explained.add(plain)
                    self.console.say(f"  ({plain})")
            return True
        if word == "undo":
            count = self.undo_count
            if count <= 0:
                self.console.say("  Nothing to undo: undo takes back your last move and the AI's "
                                 "answer, in a game against the AI.")
                return True
            raise UndoMoves(count)
        if word == "save":
            self._save(words[1].strip() if len(words) > 1 else "")
            return True
        return False

    def _save(self, path: str) -> None:
        if not path:
            self.console.say("  save needs a file name: save FILE")
            return
        start, moves = self.start, self.moves
        try:
            with open(os.path.expanduser(path), "w", encoding="utf-8") as out:
                out.write(record_text(start, moves, self.header))
        except OSError as error:
            self.console.say(f"  cannot save to {path}: {error.strerror or error}")
            return
        self.saved.append(path)
        self.console.say(f"  Saved {len(moves)} move{'s' if len(moves) != 1 else ''} to {path}: "
                         f"nimcore play --load {path} continues it, nimcore replay {path} --record "
                         "annotates it.")


def play_moves(start: Position, moves: Sequence[Move]) -> Optional[str]:
    """Why ``moves`` cannot be played from ``start`` (None: they all can)."""
    position = start
    for number, move in enumerate(moves, start=1):
        if position.is_terminal():
            return f"move {number} ({move_text(move)}) comes after the end of the game"
        if not position.is_legal(move):
            return f"move {number} ({move_text(move)}) is illegal on {list(position.piles)}"
        position = position.apply(move)
    return None
