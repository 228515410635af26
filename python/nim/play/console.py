"""The console of the game flows: questions and answers on two injected text
streams, and the parsers that turn an answer into a value or refuse it in a
line (a yes/no, a name, a choice, piles); it knows nothing of the game."""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import IO, Callable, Dict, Optional, Sequence, Set, Tuple, TypeVar

from nim.errors import InputFileError
# a refused answer shown as it is (a seed's own wording): the flows' machines raise it too
from nim.flows.base import Refusal
from nim.play.board import render_board, use_color

__all__ = [
    "EndOfInput", "Refusal", "QuitGame", "Console",
    "choice_parser", "parse_yes_no", "parse_name", "piles_parser",
]

T = TypeVar("T")




#: The longest answer read from standard input (a line; longer is not a person typing).
MAX_ANSWER = 1 << 16


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
        #: During a game: a handler of the in-game commands (help, hint, undo,
        #: save FILE); it returns True when it handled the answer (the question
        #: is then asked again) and may raise to end the question (undo).
        self.commands: Optional[Callable[[str], bool]] = None
        #: The expert terms already said in plain words (each is explained once).
        self.explained: Set[str] = set()

    @property
    def input(self) -> IO[str]:
        return self._stdin if self._stdin is not None else sys.stdin

    @property
    def output(self) -> IO[str]:
        return self._stdout if self._stdout is not None else sys.stdout

    @property
    def columns(self) -> Optional[int]:
        """The terminal's width when the output is a terminal (a board fits it), else None."""
        return shutil.get_terminal_size().columns if _isatty(self.output) else None

    def say(self, text: str = "") -> None:
        """Print one line (or several); on a terminal, long lines wrap at its width."""
        if _isatty(self.output):
            text = _wrap(text, shutil.get_terminal_size().columns)
        self.output.write(text + "\n")
        self.output.flush()

    def show(self, drawing: str) -> None:
        """Show a drawing (a board): printed as a line is, but no line a flow says."""
        self.say(drawing)

    def board(self, piles: Sequence[int], width: int = 0) -> None:
        """Draw the board (``width``: stones to make room for, so it does not shift)."""
        self.say(render_board(piles, self.color, width, columns=self.columns))

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
        if _isatty(self.output) and len(prompt) > shutil.get_terminal_size().columns:
            # a long question wraps between words, as said lines do; the answer follows its last line
            prompt = _wrap(prompt.rstrip(), shutil.get_terminal_size().columns - 1) + " "
        while True:
            self.output.write(prompt)
            self.output.flush()
            line = self.input.readline(MAX_ANSWER + 1)    # bounded: stdin may be /dev/zero
            if not line:
                self.say()
                raise EndOfInput()
            if len(line) > MAX_ANSWER or "\0" in line:
                raise InputFileError(f"an answer on standard input is longer than {MAX_ANSWER:,} "
                                     "characters or holds NUL bytes: not a player's answer")
            answer = line.strip()
            if not _isatty(self.input):
                self.say(answer)    # a piped answer is shown, so the transcript reads well
            if answer.lower() in ("q", "quit", "exit"):
                raise QuitGame()
            if self.commands is None or not self.commands(answer):
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
        shown = ", ".join(k for k in options if k and len(k) <= 2) or ", ".join(k for k in options if k)
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
            if word.isascii() and word.lstrip("-").isdigit() and len(word) > 30:
                raise ValueError(f"a pile size of {len(word)} digits is too large: at most {largest:,}")
            if not (word.isascii() and word.lstrip("-").isdigit()):   # int() would take '３' or '1_0'
                raise ValueError(f"{word[:30]!r} is not a whole number")
            values.append(int(word))
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
