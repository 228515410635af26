"""Annotated replays of Lab 2 test files (SPEC section 4).

A test file replays a game against NimX::

    2        <- number of piles
    4        <- one pile size per line
    2
    0 2      <- then one move per line: pile_index count (0-based), the human's
    1 2

The file's moves are the human's, who moves first; NimX answers each of them
with a best move, breaking ties the way Lab 2 does: among equally good moves
the first in pile order, then the smallest count. ``replay_game`` returns every
step with the value of the position before it, so a human move that throws a
won position away can be marked; when the file runs out before the game ends,
``Replay.winner`` says who wins from the position reached with best play.

>>> game = parse_replay("2\\n4\\n2\\n0 2\\n1 2\\n")
>>> replay_game(game, "misere").winner
'human'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Tuple

from nim.errors import IllegalMoveError
from nim.play.record import ReplayFile, move_text, named, parse_replay, read_replay_file, verb
from nim.play.players import OptimalStrategy
from nim.play.strategy import Strategy
from nim.position import Move, Position, count_takes
from nim.rules import Rules, RulesLike
from nim.solving.defaults import solve
from nim.game.solution import DEFAULT_NODE_LIMIT

__all__ = [
    "HUMAN",
    "NIMX",
    "ReplayFile",
    "ReplayStep",
    "Replay",
    "parse_replay",
    "read_replay_file",
    "nimx_move",
    "replay_game",
    "format_replay",
]

#: The two players' names in a replay.
HUMAN = "human"
NIMX = "NimX"
#: The two players' names in a replay of a game record (``--record``).
FIRST = "first"
SECOND = "second"

@dataclass(frozen=True)
class ReplayStep:
    """One move of the game.

    Attributes
    ----------
    player : str
        ``HUMAN`` or ``NIMX``.
    move : Move
        The move played.
    before, after : tuple of int
        The piles before and after it.
    value_before : int
        +1 when ``player`` could win from ``before`` with best play, else -1.
    value_after : int
        The same for the player to move at ``after`` (the opponent).
    line : int or None
        The file line of a human move; None for NimX's.
    """

    player: str
    move: Move
    before: Tuple[int, ...]
    after: Tuple[int, ...]
    value_before: int
    value_after: int
    line: Optional[int]

    @property
    def throws_away_win(self) -> bool:
        """True when the mover could win before the move and cannot after it."""
        return self.value_before > 0 and self.value_after > 0


@dataclass(frozen=True)
class Replay:
    """The annotated game.

    Attributes
    ----------
    start : tuple of int
        The starting piles.
    rules : Rules
    steps : list of ReplayStep
    start_value : int
        The human's value at the start (+1: the human wins with best play).
    finished : bool
        True when the game reached a position with no move left.
    to_move : str
        Who is to move at the final position.
    winner : str
        Who wins: the actual winner when finished, else the winner with best
        play from the final position.
    """

    start: Tuple[int, ...]
    rules: Rules
    steps: List[ReplayStep] = field(default_factory=list)
    start_value: int = 0
    finished: bool = False
    to_move: str = HUMAN
    winner: str = HUMAN
    name: str = "<replay>"
    players: Tuple[str, str] = (HUMAN, NIMX)    # who moves first, who answers
    ai: str = "NimX (optimal, Lab 2's tie-break)"   # the answering AI ("" for a record)

    @property
    def final(self) -> Tuple[int, ...]:
        """The piles at the end of the replay."""
        return self.steps[-1].after if self.steps else self.start

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict of the replay."""
        return {
            "file": self.name,
            "rules": str(self.rules),
            "start": list(self.start),
            "start_value": self.start_value,
            "steps": [
                {
                    "player": s.player,
                    "move": s.move.to_json(),
                    "line": s.line,
                    "after": list(s.after),
                    "value_before": s.value_before,
                    "throws_away_win": s.throws_away_win,
                }
                for s in self.steps
            ],
            "final": list(self.final),
            "finished": self.finished,
            "to_move": self.to_move,
            "winner": self.winner,
            "players": list(self.players),
            "ai": self.ai,
        }


def nimx_move(piles: Iterable[int], rules: RulesLike = None,
              node_limit: Optional[int] = DEFAULT_NODE_LIMIT) -> Tuple[Move, int]:
    """NimX's move and its value for NimX, with Lab 2's tie-break.

    The best moves are exactly the winning ones: those whose resulting
    position, solved exactly with ``nim.solve``, is a loss for the opponent.
    Among equally good moves -- all the winning ones, or every move when none
    wins -- NimX plays the first in pile order, then the smallest count: the
    moves are tried in that order and the first winning one is played; when
    the position itself is lost (no move wins) the first legal move is.

    The choice is the play module's ``OptimalStrategy`` with Lab 2's tie-break,
    the same object that plays NimX in ``nimcore play``.

    Raises
    ------
    IllegalMoveError
        When no move is left.
    SearchLimitError
        When a position is too large to solve within ``node_limit``.
    """
    position = Position(piles, rules)
    if position.is_terminal():
        raise IllegalMoveError(f"NimX has no move in {list(position)} under {position.rules}")
    value = solve(position, node_limit=node_limit).value
    return _nimx(node_limit).choose_move(position), value


def _nimx(node_limit: Optional[int]) -> OptimalStrategy:
    """NimX: the optimal player with Lab 2's tie-break."""
    return OptimalStrategy(tie_break="lab2", node_limit=node_limit)


def replay_game(game: ReplayFile, rules: RulesLike = None,
                node_limit: Optional[int] = DEFAULT_NODE_LIMIT, *, ai: Optional[Strategy] = None,
                record: bool = False, seed: Optional[int] = None,
                players: Optional[Tuple[str, str]] = None) -> Replay:
    """Play the file's human moves, the AI answering each; annotate every step.

    ``ai`` is the answering player (default NimX: optimal, Lab 2's tie-break;
    ``seed`` seeds its random slips). With ``record`` the file holds both
    players' moves in order (as ``save FILE`` writes a game) and nobody
    answers: the players are ``first`` and ``second``, or ``players`` (the
    names of the seat that moved first and of the other, from the record).

    Raises
    ------
    IllegalMoveError
        When a move is illegal or comes after the game is over; the
        message names the file's line.
    SearchLimitError
        When a position is too large to solve within ``node_limit``.
    """
    position = Position(game.piles, rules)      # it carries the rules from move to move
    ruleset = position.rules
    nimx = ai if ai is not None else _nimx(node_limit)
    rng = random.Random(seed)
    names = (players or (FIRST, SECOND)) if record else (HUMAN, NIMX)

    def value(position: Position) -> int:
        return solve(position, node_limit=node_limit).value

    steps: List[ReplayStep] = []
    current = value(position)
    start_value = current
    for move, line in zip(game.moves, game.lines):
        if position.is_terminal():
            raise IllegalMoveError(
                f"{game.name}, line {line}: move '{move_text(move)}' comes after the end "
                f"of the game ({_board(position.piles)}: no move is left)"
            )
        if not position.is_legal(move):
            raise IllegalMoveError(
                f"{game.name}, line {line}: illegal move '{move_text(move)}' on "
                f"{_board(position.piles)} under {ruleset}: {_why_illegal(position, move, ruleset)}"
            )
        after = position.apply(move)
        after_value = value(after)
        steps.append(ReplayStep(names[len(steps) % 2], move, position.piles, after.piles, current,
                                after_value, line))
        position, current = after, after_value
        if position.is_terminal() or record:
            continue  # a further move line is an error, caught above
        answer = nimx.choose_move(position, rng=rng)
        after = position.apply(answer)
        # NimX's value is current, solved above; another AI's answer is solved afresh
        answer_value = -current if ai is None else value(after)
        steps.append(ReplayStep(NIMX, answer, position.piles, after.piles, current, answer_value, None))
        position, current = after, answer_value
    to_move = names[len(steps) % 2]
    other = names[1 - len(steps) % 2]
    finished = position.is_terminal()
    winner = to_move if current > 0 else other
    label = "" if record else ("NimX (optimal, Lab 2's tie-break)" if ai is None else ai.label)
    return Replay(game.piles, ruleset, steps, start_value, finished, to_move, winner, game.name,
                  names, label)


def format_replay(replay: Replay) -> str:
    """The replay as text: the board after every move, blunders marked, the winner."""
    rules = replay.rules
    first, second = replay.players
    how = f"{second} {verb(second, 'answers')}: {replay.ai}" if replay.ai else "every move from the file"
    out = [
        f"replay of {replay.name}  ({rules}; {first} {verb(first, 'moves')} first, {how})",
        f"start          board {_board(replay.start)}   {first} to move, "
        f"{_outlook(replay.start_value, first)}",
    ]
    # a take-and-break game speaks of heaps numbered from 1, as its board and its hints
    # do (issue 40, item 3); Nim keeps Lab 2's piles from 0, as its test files number them
    noun, base = ("heap", 1) if rules.splits else ("pile", 0)
    for number, step in enumerate(replay.steps, start=1):
        who = f"{step.player} (line {step.line})" if step.line is not None else step.player
        text = (f"{number:>3}. {who:<16} {verb(step.player, 'takes')} {step.move.count} from {noun} "
                f"{step.move.pile + base}")
        if step.move.split is not None:
            text += f", leaving heaps of {step.move.split[0]} and {step.move.split[1]}"
        text = f"{text:<46} board {_board(step.after)}" if len(text) < 46 else f"{text}   board {_board(step.after)}"
        if step.throws_away_win:
            text += "   ?? throws away the win"
        elif step.player == NIMX and step.value_before < 0 and replay.ai.startswith("NimX (optimal"):
            text += "   (NimX is lost: first pile, smallest count)"
        out.append(text)
    out.append(_ending(replay))
    return "\n".join(out) + "\n"


def _ending(replay: Replay) -> str:
    first, second = replay.players
    other = second if replay.to_move == first else first
    if replay.finished:
        took_last = bool(replay.steps) and not any(replay.final)
        mover = replay.to_move
        if replay.rules.misere:
            how = f"{named(mover)} {verb(mover, 'has')} no move left and {verb(mover, 'wins')} under misère play"
            if took_last:
                how = f"{named(other)} took the last object and {verb(other, 'loses')} under misère play"
        else:
            how = f"{named(mover)} {verb(mover, 'has')} no move left and {verb(mover, 'loses')}"
            if took_last:
                how = f"{named(other)} took the last object and {verb(other, 'wins')}"
        return f"game over: {how}. The winner is {named(replay.winner)}."
    verdict = verb(replay.to_move, "wins" if replay.winner == replay.to_move else "loses")
    return (
        f"the file ends with {named(replay.to_move)} to move on {_board(replay.final)}: "
        f"with best play {named(replay.to_move)} {verdict}. The winner is {named(replay.winner)}."
    )


def _outlook(value: int, name: str = "") -> str:
    return (f"{verb(name, 'wins')} with best play" if value > 0
            else f"{verb(name, 'loses')} against best play")


def _board(piles: Tuple[int, ...]) -> str:
    return "[" + " ".join(map(str, piles)) + "]"


def _why_illegal(position: Position, move: Move, rules: Rules) -> str:
    if move.split is not None or rules.splits:      # a take-and-break move: the position says why
        try:
            position.apply(move, rules)
        except IllegalMoveError as error:
            return str(error).split(f" under {rules}: ", 1)[-1]
        return "it is not a legal move"
    pile, take = move
    if not 0 <= pile < len(position):
        return f"there is no pile {pile} (piles are 0 to {len(position) - 1})"
    size = position[pile]
    takes = rules.takes(size)
    if not takes:
        return f"pile {pile} holds {size} and cannot be moved"
    if take < 1:
        return "a move takes at least one object"
    if take > size:
        return f"pile {pile} holds only {size}"
    if isinstance(takes, range) and count_takes(takes) > 2:    # not listed: the pile may be huge
        return f"from a pile of {size} a move may take {takes[-1]} to {takes[0]}"
    return f"from a pile of {size} a move may take {_ranges(sorted(takes))}"


def _ranges(values: List[int]) -> str:
    if values[-1] - values[0] + 1 == len(values) > 2:    # consecutive, without listing them
        return f"{values[0]} to {values[-1]}"
    return ", ".join(map(str, values))
