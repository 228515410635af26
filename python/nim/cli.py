"""The command-line tool ``nimcore`` (also ``python -m nim``).

Each command lives in a module of ``nim.commands`` that defines
``add_parser(subparsers)``; the parser it adds sets ``run`` (args -> exit status).

Exit status: 0 success, 2 bad input or usage, 3 a search limit was reached,
130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import List, Optional, Sequence

from nim.errors import NimError, SearchLimitError

__all__ = ["COMMANDS", "build_parser", "main", "console_main"]

#: Modules of nim.commands, in the order ``--help`` lists them.
COMMANDS: List[str] = ["solve", "play", "tournament", "replay", "tree", "table", "tree_solve"]

EXIT_USAGE = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130

_EPILOG = """\
examples:
  nimcore solve 1 3 5 7 --misere          who wins misère Nim on 1 3 5 7, and how
  nimcore solve 3 4 5 --max-take 3 --json one JSON object: value, move, nodes, ...
  nimcore solve --file piles.txt          solve a large configuration from a file
  nimcore play                            play against the AI NimX in the terminal
  nimcore tournament --strategies random,ida,alphabeta,optimal --games 10 --seed 1
  nimcore replay lab2.txt --misere        replay a Lab 2 test file, annotated
  nimcore COMMAND --help                  the options of one command
"""


def build_parser() -> argparse.ArgumentParser:
    """The ``nimcore`` argument parser with every command's sub-parser."""
    parser = argparse.ArgumentParser(
        prog="nimcore",
        description="Solve and play Nim and its variants, exactly and fast.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from nim import __version__

    parser.add_argument("--version", action="version", version=f"nimcore {__version__}")
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"nim.commands.{name}").add_parser(subparsers)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the tool on ``argv`` (default ``sys.argv[1:]``) and return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse: --help, --version or a usage error
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    if getattr(args, "run", None) is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        status: int = args.run(args)
        return status
    except SearchLimitError as error:
        _fail(str(error))
        return EXIT_LIMIT
    except NimError as error:
        _fail(str(error))
        return EXIT_USAGE
    except KeyboardInterrupt:
        _fail("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `nimcore table ... | head`
        sys.stderr.close()
        return 0


def _fail(message: str) -> None:
    print(f"nimcore: error: {message}", file=sys.stderr)


def console_main() -> None:
    """Entry point of the ``nimcore`` script."""
    sys.exit(main())
