"""``nimcore solve --batch FILE [--workers N]``: one position per line, one answer per line.

The file holds one position per line (whitespace-separated pile sizes; for a game
whose components are more than heaps, the position as ``nimcore solve`` takes it:
JSON such as ``[[3, 5], [1, 2]]`` for Wythoff's pairs, or a bare coin row ``THHTH``;
blank lines and lines starting with ``#`` are skipped). The answers are written in
input order, as one JSON object per line (``--json``) or as a table, while the
file is read block by block, so a file of millions of lines needs memory for
one block only. ``--workers N`` solves on N processes (a
``concurrent.futures.ProcessPoolExecutor``, through ``nim.solve_many``). A
progress bar shows on stderr when that is a terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from typing import IO, Any, Callable, Iterator, List, Optional, Tuple

from nim.solving.parallel import solve_many
from nim.errors import InputFileError, NimError
from nim.families import ComponentFamily
from nim.inputs import MAX_DIGITS
from nim.rules import Rules
from nim.game.solution import Solution

__all__ = ["run_batch", "read_game_positions", "read_positions", "BLOCK_ROWS", "MAX_LINE_BYTES", "MAX_WORKERS"]

#: Positions read, solved and written at a time.
BLOCK_ROWS = 20_000
#: Longest line accepted: far beyond any position worth a line, short of a hang.
MAX_LINE_BYTES = 1 << 20
#: Most worker processes --workers may ask for.
MAX_WORKERS = 256


def run_batch(args: argparse.Namespace, rules: Rules, limits: dict[str, Any]) -> int:
    """Solve every position of ``args.batch`` and write the answers to stdout.

    Raises
    ------
    InputFileError
        When the file cannot be read, a line is too long, or a pile is not a
        whole number >= 0 (naming the line and the pile).
    NimError, SearchLimitError
        From the solver, naming the line.
    """
    workers = args.workers
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise NimError(f"--workers must be a whole number from 1 to {MAX_WORKERS}: {workers!r}")
    executor = None
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(workers, initializer=_worker_start)
    bar = _progress_bar()
    done = 0
    terminated = False
    restore = _on_sigterm_raise() if executor is not None else None
    game = isinstance(rules.family, ComponentFamily)     # a line is JSON (pairs, a coin row, a graph, ...)
    try:
        with _open(args.batch) as stream:
            lines = read_game_positions(stream, args.batch, rules) if game else read_positions(stream, args.batch)
            for block in _blocks(lines):
                numbers = [number for number, _ in block]
                positions = [piles for _, piles in block]
                try:
                    solutions = solve_many(positions, rules, method=args.method, executor=executor,
                                           **limits)
                except NimError as error:
                    raise _on_line(error, numbers) from None
                if done == 0 and not args.json:
                    sys.stdout.write(f"line\t{'position' if game else 'piles'}\tvalue\tmove\tmethod\n")
                for number, piles, solution in zip(numbers, positions, solutions):
                    sys.stdout.write(_game_line(number, piles, rules, solution, args.json) if game
                                     else _line(number, piles, rules, solution, args.json))
                done += len(block)
                if bar is not None:
                    bar.update(len(block))
    except _Terminated:
        terminated = True
    finally:
        if bar is not None:
            bar.close()
        if executor is not None:
            _close_pool(executor, stop=sys.exc_info()[0] is not None or terminated)
        if restore is not None:
            restore()
    if terminated:      # the workers are gone: end as SIGTERM would have ended us
        os.kill(os.getpid(), signal.SIGTERM)
    if done == 0:
        raise InputFileError(f"{args.batch} holds no positions")
    return 0


class _Terminated(BaseException):
    """SIGTERM arrived while worker processes run: stop them, then end by SIGTERM."""


def _on_sigterm_raise() -> Optional[Callable[[], None]]:
    """Make SIGTERM raise _Terminated (in the main thread); the function that undoes it."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def raise_terminated(signum: int, frame: Any) -> None:
        raise _Terminated()

    previous = signal.signal(signal.SIGTERM, raise_terminated)

    def restore() -> None:
        signal.signal(signal.SIGTERM, previous)

    return restore


def _worker_start() -> None:
    """In each worker process: Ctrl-C is the main process's to handle (it stops
    the workers), and on Linux a worker ends when the main process does, however
    it ends (even by SIGKILL), instead of waiting for work forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)    # not the main process's handler, inherited by fork
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):       # no prctl: the main process still stops them
            pass


#: prctl's option: the signal a process gets when its parent ends (linux/prctl.h).
_PR_SET_PDEATHSIG = 1


def _close_pool(executor: Any, stop: bool) -> None:
    """Shut the pool down without waiting; with ``stop`` (Ctrl-C, SIGTERM, an
    error) terminate its workers too.

    The order matters (issue 31 item 21): the shutdown request goes first, so
    the pool's manager thread drops the cancelled futures before it can see a
    worker die. Workers killed first, the manager may find them dead while
    cancelled futures remain, and Python 3.11's ``terminate_broken`` then calls
    ``set_exception`` on a cancelled future: ``InvalidStateError: CANCELLED``.
    """
    terminate = getattr(executor, "terminate_workers", None)     # Python 3.14: shuts down first itself
    if stop and terminate is not None:
        terminate()
        return
    processes = list((getattr(executor, "_processes", None) or {}).values())   # shutdown forgets them
    executor.shutdown(wait=False, cancel_futures=True)
    if stop:
        _quiet_cancelled_futures()
        _stop_workers(processes)


def _quiet_cancelled_futures() -> None:
    """Keep Python's own race out of a stop's output: ordering the shutdown first
    narrows it, but a manager thread that has not yet dropped the cancelled futures
    when it sees a worker die still calls ``set_exception`` on one (Python 3.11's
    ``terminate_broken``; a CI run met it once more). Its ``InvalidStateError`` in that
    thread is about futures nobody waits for: it is dropped, any other error printed."""
    from concurrent.futures import InvalidStateError, process

    manager = getattr(process, "_ExecutorManagerThread", None)
    previous = threading.excepthook

    def hook(args: Any) -> None:
        if not (manager is not None and isinstance(args.thread, manager)
                and args.exc_type is not None and issubclass(args.exc_type, InvalidStateError)):
            previous(args)

    threading.excepthook = hook


def _stop_workers(processes: List[Any]) -> None:
    """Terminate the pool's worker processes now (a process pool has no public way
    before Python 3.14's ``terminate_workers``; its own shutdown waits for them)."""
    for process in processes:
        try:
            process.terminate()
        except (OSError, ValueError):         # already gone
            pass


def _lines(stream: IO[bytes], name: str) -> Iterator[Tuple[int, bytes]]:
    """(line number, line) for every line of a file, each bounded in length.

    Raises
    ------
    InputFileError
        For a file that cannot be read, or a line longer than ``MAX_LINE_BYTES``.
    """
    number = 0
    while True:
        try:
            line = stream.readline(MAX_LINE_BYTES + 1)
        except OSError as error:
            raise InputFileError(f"cannot read {name}: {error.strerror or error}") from None
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE_BYTES:
            raise InputFileError(f"{name}, line {number}: longer than {MAX_LINE_BYTES:,} bytes")
        yield number, line


def read_positions(stream: IO[bytes], name: str) -> Iterator[Tuple[int, List[int]]]:
    """(line number, piles) for every position line of a file.

    Raises
    ------
    InputFileError
        Naming the line (and the pile) of a bad line.
    """
    for number, line in _lines(stream, name):
        words = line.split()
        if not words or words[0].startswith(b"#"):
            continue
        piles = []
        for pile, word in enumerate(words):
            if not word.isdigit() or not word.isascii():
                raise InputFileError(
                    f"{name}, line {number}, pile {pile}: {word[:40].decode(errors='replace')!r} "
                    "is not a whole number >= 0"
                )
            if len(word) > MAX_DIGITS:      # int() refuses them (with a traceback)
                raise InputFileError(
                    f"{name}, line {number}, pile {pile}: more than {MAX_DIGITS:,} digits ({len(word):,})")
            piles.append(int(word))
        yield number, piles


def read_game_positions(stream: IO[bytes], name: str, rules: Rules) -> Iterator[Tuple[int, Any]]:
    """(line number, position) for every position line of a file of a game whose components
    are more than heaps: a line is the position as ``nimcore solve`` takes it (JSON such as
    ``[[3, 5], [1, 2]]``, whole numbers, or a bare word such as a coin row ``THHTH``); the
    family reads it (``nim.solve``), so only its JSON is checked here.

    Raises
    ------
    InputFileError
        Naming the line of a line that is not a position.
    """
    from nim.commands.common import read_game_position
    from nim.solving.components import read_position

    family = rules.family
    assert isinstance(family, ComponentFamily)
    for number, line in _lines(stream, name):
        text = line.decode("utf-8", errors="replace").strip()
        if not text or text.startswith("#"):
            continue
        try:
            position = read_game_position(text.split(), None, rules)
            read_position(family, position)       # the family's own error, naming the line
        except NimError as error:
            raise InputFileError(f"{name}, line {number}: {error}") from None
        yield number, position


def _open(path: str) -> Any:
    if path == "-":
        return _Borrowed(sys.stdin.buffer)
    try:
        return open(path, "rb")
    except OSError as error:
        raise InputFileError(f"cannot read {path}: {error.strerror or error}") from None


class _Borrowed:
    """Standard input as a context manager that does not close it."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream

    def __enter__(self) -> IO[bytes]:
        return self._stream

    def __exit__(self, *exc: object) -> None:
        return None


def _blocks(rows: Iterator[Tuple[int, List[int]]]) -> Iterator[List[Tuple[int, List[int]]]]:
    block: List[Tuple[int, List[int]]] = []
    for row in rows:
        block.append(row)
        if len(block) == BLOCK_ROWS:
            yield block
            block = []
    if block:
        yield block


def _on_line(error: NimError, numbers: List[int]) -> NimError:
    """The error with its "row i" (of the block) told as the file's line number."""
    message = str(error)
    if message.startswith("row "):
        index, _, rest = message[4:].partition(": ")
        if index.isdigit() and int(index) < len(numbers):
            message = f"line {numbers[int(index)]}: {rest}"
    error.args = (message,) + error.args[1:]
    return error


def _line(number: int, piles: List[int], rules: Rules, solution: Solution, as_json: bool) -> str:
    if as_json:
        return json.dumps({"line": number, "piles": piles, "rules": str(rules),
                           **solution.to_dict()}) + "\n"
    move = "-" if solution.move is None else f"{solution.move.pile} {solution.move.count}"
    if solution.move is not None and solution.move.split is not None:
        move += f" {solution.move.split[0]}"        # play's syntax: the split's first heap
    return f"{number}\t{' '.join(map(str, piles))}\t{solution.value:+d}\t{move}\t{solution.method}\n"


def _game_line(number: int, position: Any, rules: Rules, solution: Solution, as_json: bool) -> str:
    """One answer of a component game: the position as JSON, the move in the family's words."""
    if as_json:
        return json.dumps({"line": number, "position": position, "rules": str(rules), **solution.to_dict()},
                          default=int) + "\n"
    from nim.commands.common import component_move_words
    from nim.position import ComponentMove

    move = solution.move
    words = "-"
    if isinstance(rules.family, ComponentFamily) and isinstance(move, ComponentMove):
        words = component_move_words(rules, position, move)
    shown = json.dumps(position, default=int)
    if len(shown) > 200:
        shown = f"{shown[:150]} ... ({len(shown):,} characters)"
    return f"{number}\t{shown}\t{solution.value:+d}\t{words}\t{solution.method}\n"


def _progress_bar() -> Optional[Any]:
    if not sys.stderr.isatty():
        return None
    from tqdm import tqdm  # type: ignore[import-untyped]  # only on terminals

    return tqdm(desc="solve --batch", unit=" positions", file=sys.stderr, leave=False,
                dynamic_ncols=True)
