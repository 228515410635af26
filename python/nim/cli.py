"""The command-line tool ``nimcore`` (also ``python -m nim``).

Each command lives in a module of ``nim.commands`` that defines
``add_parser(subparsers)``; the parser it adds sets ``run`` (args -> exit status).
Commands are registered here by name and only the one that runs is imported:
start-up stays close to a bare ``python -c pass``.

Exit status: 0 success, 2 bad input or usage, 3 a search limit was reached,
74 the output could not be written (a full disk, a terminal gone), 130
interrupted by Ctrl-C. Every error is one line on stderr -- or, with
``--json``, one JSON object ``{"error": message, "status": status}`` on stdout.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any, Dict, List, NoReturn, Optional, Sequence, Tuple

from nim.errors import NimError, SearchLimitError

__all__ = ["COMMANDS", "build_parser", "main", "console_main"]

#: Every command: its module in nim.commands and its one-line help, in the
#: order ``--help`` lists them (the help is here so that listing imports nothing).
COMMANDS: Dict[str, Tuple[str, str]] = {
    "solve": ("solve", "who wins a position, and a best move"),
    "play": ("play", "play Nim in the terminal"),
    "tournament": ("tournament", "AI-vs-AI games between strategies and the selection step"),
    "replay": ("replay", "replay a Lab 2 test file against NimX, annotated"),
    "tree": ("tree", "draw the game tree of a small position as SVG or HTML"),
    "table": ("table", "single-pile outcome and Grundy table"),
    "octal": ("octal", "nim-sequence of an octal game (Kayles, 0.16, ...), its period proven"),
    "quotient": ("quotient", "misère quotient of a take-and-break game (Kayles, 0.75, ...), verified"),
    "tree-solve": ("tree_solve", "minimax / alpha-beta over a game tree in a JSON file"),
    "serve": ("serve", "play and study in the browser (web extra)"),
    "grade": ("grade", "grade a learning agent's Q-table against perfect play"),
}

EXIT_USAGE = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130
#: The output could not be written (a full disk, a hung-up terminal): sysexits' EX_IOERR.
EXIT_OUTPUT = 74

_EPILOG = """\
examples:
  nimcore solve 1 3 5 7 --misere          who wins misère Nim on 1 3 5 7, and how
  nimcore solve 3 4 5 --max-take 3 --json one JSON object: value, move, nodes, ...
  nimcore solve --file piles.txt          solve a large configuration from a file
  nimcore play                            play against the AI NimX in the terminal
  nimcore tournament --strategies random,ida,alphabeta,optimal --games 10 --seed 1
  nimcore replay lab2.txt --misere        replay a Lab 2 test file, annotated
  nimcore serve --open                    play and study in the browser (web extra)
  nimcore grade q.json --piles 1 3 5 7 --misere   how close a Q-learner plays to perfect
  nimcore octal 0.16                      the period of an octal game, proven
  nimcore quotient kayles                 the misère quotient of Kayles, every heap size
  nimcore COMMAND --help                  the options of one command
"""


class UsageError(NimError):
    """A command line argparse cannot parse (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is raised (one line, or JSON), not printed and exited."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops an OSError of this write (--help > /dev/full ended in status 0)
        if message:
            (file or sys.stderr).write(message)

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse builds a formatter for every add_argument, and its default
        # width comes from shutil, whose import (with bz2 and lzma) cost more
        # start-up than argparse itself: read the width as shutil would
        formatter: argparse.HelpFormatter = self.formatter_class(  # type: ignore[call-arg]
            prog=self.prog, width=_terminal_columns() - 2)
        return formatter


def _terminal_columns() -> int:
    """shutil.get_terminal_size().columns without importing shutil."""
    import os

    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    if sys.__stdout__ is None:
        return 80
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def build_parser(argv: Optional[Sequence[str]] = None) -> argparse.ArgumentParser:
    """The ``nimcore`` argument parser.

    With ``argv``, only the command it names is imported and given its full
    sub-parser (the others are listed with their help only); without, every
    command is.
    """
    parser = _Parser(
        prog="nimcore",
        description="Solve and play Nim and its variants, exactly and fast.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from nim import __version__

    parser.add_argument("--version", action="version", version=f"nimcore {__version__}")
    # prog given: otherwise argparse builds a help formatter here, which imports shutil
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND",
                                       prog="nimcore")
    chosen = None if argv is None else _command_named(argv)
    for name, (module, help_text) in COMMANDS.items():
        if argv is None or name == chosen:
            importlib.import_module(f"nim.commands.{module}").add_parser(subparsers)
        else:
            subparsers.add_parser(name, help=help_text)
    return parser


def _command_named(argv: Sequence[str]) -> Optional[str]:
    """The command of a command line: its first word that is not an option."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the tool on ``argv`` (default ``sys.argv[1:]``) and return the exit status."""
    words: List[str] = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in words[:words.index("--")] if "--" in words else "--json" in words
    try:
        status = _main(words, as_json)
        sys.stdout.flush()      # a full disk shows here, not in a traceback at exit
        return status
    except BrokenPipeError:     # e.g. `nimcore table ... | head`
        _drop_stdout()
        sys.stderr.close()
        return 0
    except OSError as error:    # stdout on a full disk (ENOSPC), a hung-up terminal (EIO), ...
        return _output_failed(error)


def _output_failed(error: OSError) -> int:
    """Say in one line on stderr that the output (or other I/O) failed; EXIT_OUTPUT."""
    _drop_stdout()
    reason = error.strerror or str(error) or type(error).__name__
    # a failed write to stdout names no file; any other I/O error names its own
    what = "cannot write the output" if error.filename is None else f"cannot use {error.filename}"
    try:
        print(f"nimcore: error: {what}: {reason}", file=sys.stderr)
    except OSError:
        pass                                   # stderr is gone too: the status says it
    return EXIT_OUTPUT


def _drop_stdout() -> None:
    """Send what stdout still buffers to /dev/null, so that the interpreter's last
    flush at exit does not fail again (with a second message and status 120)."""
    import os

    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):      # a test's StringIO
        return
    sink = os.open(os.devnull, os.O_WRONLY)
    os.dup2(sink, descriptor)
    os.close(sink)


def _main(words: List[str], as_json: bool) -> int:
    """``main`` but for output errors."""
    try:
        parser = build_parser(words)
        try:
            args = parser.parse_args(words)
        except SystemExit as exit_:  # --help or --version: printed, status 0
            return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
        if getattr(args, "run", None) is None:
            if as_json:
                return _fail("no command given: e.g. nimcore solve 1 3 5 7", EXIT_USAGE, as_json)
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        status: int = args.run(args)
        return status
    except SearchLimitError as error:
        return _fail(str(error), EXIT_LIMIT, as_json)
    except NimError as error:
        return _fail(str(error), EXIT_USAGE, as_json)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT_INTERRUPTED, as_json)


def _fail(message: str, status: int, as_json: bool) -> int:
    """Report an error -- one line on stderr, or a JSON object on stdout -- and return ``status``."""
    if as_json:
        import json

        sys.stdout.write(json.dumps({"error": message, "status": status}) + "\n")
    else:
        print(f"nimcore: error: {message}", file=sys.stderr)
    return status


def console_main() -> None:
    """Entry point of the ``nimcore`` script."""
    sys.exit(main())
