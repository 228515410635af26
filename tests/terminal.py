"""A pseudo-terminal for the tests that must see what a person at a terminal sees."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from typing import Dict, List, Optional, Tuple


def start(argv: List[str], env: Optional[Dict[str, str]] = None,
          columns: int = 80) -> Tuple[subprocess.Popen[bytes], int]:
    """``python -m nim ARGV`` on a new pseudo-terminal of ``columns`` columns:
    (the process, the controller's file descriptor)."""
    import fcntl
    import pty
    import struct
    import termios

    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "nim", *argv], stdin=terminal, stdout=terminal,
                               stderr=terminal, env={**os.environ, **(env or {})}, close_fds=True)
    os.close(terminal)
    return process, controller


def read_until_closed(process: subprocess.Popen[bytes], controller: int, screen: bytes = b"",
                      quiet: float = 30) -> Tuple[bytes, int]:
    """Everything the process writes until it closes the terminal (or is silent for
    ``quiet`` seconds: then it is killed): (the screen, the exit status)."""
    while True:
        if not select.select([controller], [], [], quiet)[0]:
            process.kill()
            break
        try:
            chunk = os.read(controller, 65536)
        except OSError:        # the terminal closed: the process ended
            break
        if not chunk:
            break
        screen += chunk
    status = process.wait(timeout=30)
    os.close(controller)
    return screen, status
