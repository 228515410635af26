"""What a grade is (``Grade``, ``Blunder``) and how a Q-table's keys and values are read:
the values both graders share, the take rules' (``nim.study.grade``) and the take-and-break
games' (``nim.study.grade_heaps``), below both so neither imports the other's."""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from nim.errors import NimError
from nim.inputs import MAX_DIGITS
from nim.position import ComponentMove, Move
from nim.rules import Rules

__all__ = ["Blunder", "Grade", "format_grade"]


@dataclass(frozen=True)
class Blunder:
    """A won position the agent threw away, a drawn one it lost (``draw``), or a position where it
    made an illegal move."""

    piles: Tuple[int, ...]
    played: Optional[Move]        # None: no move, or an illegal one (see ``illegal``)
    right: Move                   # a move that keeps the win (or any legal move)
    illegal: bool = False
    answer: str = ""              # what the agent answered, when it was not a legal move
    failed: bool = False          # the agent's call raised (``Grade.failure`` says the first)
    draw: bool = False            # a drawn position where the move left the opponent a win

    def to_dict(self) -> Dict[str, Any]:
        return {"piles": list(self.piles), "played": self.played.to_json() if self.played else None,
                "right": self.right.to_json(), "illegal": self.illegal, "answer": self.answer,
                "failed": self.failed, "draw": self.draw}


@dataclass
class Grade:
    """How close an agent plays to perfect.

    Attributes
    ----------
    rules : Rules
    positions : int
        Positions graded (the ones with a move to make).
    won, kept : int
        Won positions, and those where the agent's move keeps the win.
    lost, delayed : int
        Lost positions, and those where the agent's move delays the loss longest.
    drawn, held : int
        Drawn positions (a game that can end drawn, or go on for ever), and those where the
        agent's move holds the draw (does not leave the opponent a win); 0 in a game without draws.
    illegal : int
        Positions where the agent answered no legal move (counted as not kept /
        not delayed), those where its call failed included.
    failed : int
        Positions where the agent's call raised an exception.
    failure : str
        The first of those exceptions, with the call and the position ("" when none).
    by_objects : dict
        Objects left -> [won, kept, lost, delayed].
    blunders : list of Blunder
        The worst: illegal answers first, then thrown-away wins with the most
        objects left.
    seconds : float
        Time the grading took (the oracle, the agent and the bookkeeping).
    """

    rules: Rules
    positions: int = 0
    won: int = 0
    kept: int = 0
    lost: int = 0
    delayed: int = 0
    drawn: int = 0
    held: int = 0
    illegal: int = 0
    failed: int = 0
    failure: str = ""
    by_objects: Dict[int, List[int]] = field(default_factory=dict)
    blunders: List[Blunder] = field(default_factory=list)
    seconds: float = 0.0
    #: what ``by_objects`` counts: objects left (heaps), or moves left with best play (a game of
    #: components that are more than heaps, which has no objects to count)
    counted: str = "objects left"

    @property
    def keep_rate(self) -> float:
        """Share of won positions where the agent keeps the win (1.0 when there are none)."""
        return self.kept / self.won if self.won else 1.0

    @property
    def delay_rate(self) -> float:
        """Share of lost positions where the agent delays longest (1.0 when there are none)."""
        return self.delayed / self.lost if self.lost else 1.0

    @property
    def hold_rate(self) -> float:
        """Share of drawn positions where the agent holds the draw (1.0 when there are none)."""
        return self.held / self.drawn if self.drawn else 1.0

    def to_dict(self) -> Dict[str, Any]:
        return {
            "rules": str(self.rules), "positions": self.positions,
            "drawn": self.drawn, "held": self.held, "hold_rate": self.hold_rate,
            "won": self.won, "kept": self.kept, "keep_rate": self.keep_rate,
            "lost": self.lost, "delayed": self.delayed, "delay_rate": self.delay_rate,
            "illegal": self.illegal, "failed": self.failed, "failure": self.failure,
            "by_objects": {str(k): dict(zip(("won", "kept", "lost", "delayed"), v))
                           for k, v in sorted(self.by_objects.items())},
            "blunders": [b.to_dict() for b in self.blunders], "seconds": self.seconds,
            "counted": self.counted,
        }

    def __str__(self) -> str:
        return format_grade(self)

    def _repr_html_(self) -> str:
        """The text in a monospace font, named outright: a front-end that styles ``<pre>``
        with its own proportional font (VS Code's notebooks) would break the columns."""
        import html

        return f'<pre style="{_MONOSPACE}">{html.escape(format_grade(self))}</pre>'


#: The style of a grade's HTML: a monospace font, lines kept as written.
_MONOSPACE = ("font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', "
              "'Liberation Mono', monospace; white-space: pre; line-height: 1.35")


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise NimError('nim.study.grade needs NumPy: pip install "nimcore[rl]"') from None
    return numpy


# -- the agent ---------------------------------------------------------------------------------

_NUMBERS = re.compile(r"-?\d+")


def _ints(key: Any) -> Tuple[int, ...]:
    """A state or action key as a tuple of ints (a string: the numbers in it)."""
    if isinstance(key, str):
        numbers = _NUMBERS.findall(key)
        if any(len(n) > MAX_DIGITS for n in numbers):
            raise NimError(f"a Q-table key holds a number of more than {MAX_DIGITS:,} digits: {key!r:.60}")
        return tuple(int(n) for n in numbers)
    if isinstance(key, int) and not isinstance(key, bool):
        return (key,)
    try:
        return tuple(operator.index(n) for n in key)
    except (TypeError, ValueError):
        raise NimError(f"a Q-table key must be numbers (piles, or a move), not {key!r:.60}") from None


def _q_value(value: Any, key: Any) -> float:
    """A Q-value as a float: a number (NumPy's too), not NaN, not too large for a float."""
    problem = ""
    if value is None or isinstance(value, (str, bytes, bool)) or not hasattr(value, "__float__"):
        problem = "is not a number"
    else:
        try:
            number = float(value)
        except (TypeError, ValueError):
            problem = "is not a number"
        except OverflowError:
            problem = "is too large for a float"
        else:
            if number != number:
                problem = "is NaN"
            else:
                return number
    raise NimError(f"the Q-value at {key!r:.60} {problem}: {value!r:.40}")


def format_grade(report: Grade) -> str:
    """The grade as text: the two rates, a table per number of objects left, the worst blunders."""
    lines = [
        f"Graded {report.positions:,} positions under {report.rules} in {report.seconds:.2f} s.",
        f"Won positions where the agent keeps the win:    {report.kept:,} of {report.won:,} "
        f"({100 * report.keep_rate:.1f}%)",
        f"Lost positions where it delays the loss longest: {report.delayed:,} of {report.lost:,} "
        f"({100 * report.delay_rate:.1f}%)",
    ]
    if report.drawn:
        lines.append(f"Drawn positions where it holds the draw:        {report.held:,} of {report.drawn:,} "
                     f"({100 * report.hold_rate:.1f}%)")
    if report.failed:
        lines.append(f"The agent's call failed in {report.failed:,} of {report.positions:,} positions "
                     f"(counted as illegal answers): {report.failure}")
    if report.illegal > report.failed:
        lines.append(f"Illegal or missing answers: {report.illegal - report.failed:,}")
    lines += ["", f"{report.counted:>12}   won  kept      lost  delayed"]
    for objects, (won, kept, lost, delayed) in sorted(report.by_objects.items(), reverse=True):
        keep = f"{100 * kept / won:5.1f}%" if won else "    -"
        delay = f"{100 * delayed / lost:5.1f}%" if lost else "    -"
        lines.append(f"{objects:>12} {won:>5} {keep:>6} {lost:>8} {delay:>7}")
    if report.blunders:
        noun = str(getattr(report.rules.family, "component_noun", "component"))
        lines += ["", "Worst blunders (piles from 0):" if report.counted == "objects left" else
                  f"Worst blunders ({noun}s counted from 1):"]
        for b in report.blunders:
            right = _words(b.right, noun=noun)
            if b.failed:
                lines.append(f"  {list(b.piles)}: no answer (the call failed, as said above); e.g. {right}")
            elif b.illegal:
                lines.append(f"  {list(b.piles)}: no legal move ({b.answer}); e.g. {right}")
            else:
                assert b.played is not None
                lines.append(f"  {list(b.piles)}: {_words(b.played, past=True, noun=noun)}, throwing the "
                             f"{'draw' if b.draw else 'win'} away; right: {right}")
    return "\n".join(lines)


def _words(move: Move, past: bool = False, noun: str = "component") -> str:
    """A move in words, piles from 0: "take 2 from pile 1", "... leaving heaps of 1 and 3",
    "split pile 0 into heaps of 2 and 4" (Grundy's game takes nothing); components from 1,
    as people count them, named by the family's ``noun``: "take 1 from pair 1" is the move's
    component 0."""
    if isinstance(move, ComponentMove):
        return f"{'took' if past else 'take'} {move.count} from {noun} {move.pile + 1}, leaving " \
               f"{list(move.left) or 'nothing'}"
    if move.split is not None and move.count == 0:
        return f"split pile {move.pile} into heaps of {move.split[0]} and {move.split[1]}"
    text = f"{'took' if past else 'take'} {move.count} from pile {move.pile}"
    if move.split is not None:
        text += f", leaving heaps of {move.split[0]} and {move.split[1]}"
    return text
