"""Running the web app on a socket (uvicorn), guarded for a classroom's network.

uvicorn alone leaves three doors open, each closed here:

* it binds after announcing, and a port in use ends in its own log line and
  ``sys.exit``: here the socket is bound first (``bind``), and a failure is a
  ``NimError`` naming the address and why;
* a connection that sends part of a request's headers and then nothing is kept
  forever (its keep-alive timer is cancelled by the first byte), so about a
  thousand of them exhaust the file descriptors: ``GuardedH11`` closes a
  connection that has waited ``HEADER_SECONDS`` for a request's headers, and at
  ``max_connections()`` open connections closes the one that has waited longest
  for its headers to admit the new one (a client that sends its request at once
  is always served);
* Ctrl-C waits for the thread pool's searches: ``serve`` stops at the first
  SIGINT or SIGTERM, sets the app's ``stopping`` event (every computation's
  ``cancel`` handle) and returns the signal within a second.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import resource
import signal
import socket
import sys
import threading
import time
from typing import Any, List, Optional, Sequence, Tuple

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from nim.errors import NimError

__all__ = ["HEADER_SECONDS", "GuardedH11", "bind", "every_interface", "local_addresses", "max_connections",
           "serve"]

#: Seconds a connection may take to send a request's headers (or stay idle between requests).
HEADER_SECONDS = 10.0
#: Most open connections (lowered to leave descriptors free when the process may open fewer).
MAX_CONNECTIONS = 1000
#: Descriptors kept free for the database, the listening socket and the threads.
SPARE_DESCRIPTORS = 64
#: Seconds, from the signal, within which everything has stopped: the requests get
#: GRACE_SECONDS to answer once their searches are cancelled, the pool's threads the rest.
STOP_SECONDS = 0.6
GRACE_SECONDS = 0.25


def max_connections() -> int:
    """MAX_CONNECTIONS, or fewer when the process may not open that many files."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - SPARE_DESCRIPTORS))


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a header timeout and a cap on open connections."""

    cap = MAX_CONNECTIONS
    header_seconds = HEADER_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.waiting_since: Optional[float] = time.monotonic()
        super().connection_made(transport)
        if len(self.connections) > self.cap:
            waiting = [c for c in self.connections
                       if isinstance(c, GuardedH11) and c is not self and c.waiting_since is not None]
            if not waiting:             # every other connection is being answered: refuse this one
                transport.close()
                return
            oldest = min(waiting, key=lambda c: c.waiting_since or 0.0)
            oldest.transport.close()
            self.connections.discard(oldest)
        self._arm()

    def _arm(self) -> None:
        self.loop.call_later(self.header_seconds, self._check_headers)

    def _check_headers(self) -> None:
        since = self.waiting_since
        if since is None or self.transport.is_closing():
            return
        left = since + self.header_seconds - time.monotonic()
        if left <= 0:
            self.transport.close()
        else:
            self.loop.call_later(left, self._check_headers)

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and not self.cycle.response_complete:
            self.waiting_since = None          # a request is being answered

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.waiting_since = time.monotonic()
        self._arm()


def every_interface(address: str) -> bool:
    """True for an address that listens on every interface (0.0.0.0, ::)."""
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_unspecified
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``.

    Raises
    ------
    NimError
        ``cannot serve on HOST:PORT: why`` for a host that does not resolve or an
        address that cannot be bound (in use, not this machine's, a privileged port).
    """
    shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise NimError(f"cannot serve on {shown}: {reason}") from None
    found.sort(key=lambda entry: entry[0] != socket.AF_INET)      # IPv4 first, as uvicorn
    family, kind, proto, _name, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        raise NimError(f"cannot serve on {shown}: {error.strerror or error}") from None
    sock.setblocking(False)
    return sock


def local_addresses(family: int = socket.AF_INET) -> List[str]:
    """The machine's own addresses of ``family``, loopback last (for a start-up line)."""
    found = set()
    if family == socket.AF_INET6:
        try:
            with open("/proc/net/if_inet6", encoding="ascii") as table:
                for line in table:
                    digits = line.split()[0]
                    address = ipaddress.IPv6Address(int(digits, 16))
                    if not address.is_link_local:
                        found.add(str(address))
        except (OSError, ValueError, IndexError):
            pass
    else:
        found.update(_ipv4_by_interface())
        try:
            for entry in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.add(str(entry[4][0]))
        except OSError:
            pass
        try:        # the address a packet to the outside would leave from (nothing is sent)
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("192.0.2.1", 9))
                found.add(probe.getsockname()[0])
        except OSError:
            pass
    return sorted(found, key=lambda a: (ipaddress.ip_address(a).is_loopback, ipaddress.ip_address(a)))


def _ipv4_by_interface() -> List[str]:
    """Each interface's IPv4 address (Linux: SIOCGIFADDR; elsewhere nothing)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl
    import struct

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            try:
                answer = fcntl.ioctl(probe.fileno(), 0x8915,       # SIOCGIFADDR
                                     struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue                                        # no IPv4 address
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


class _Server(uvicorn.Server):
    """uvicorn's Server with our own signal handling: the first SIGINT or SIGTERM cancels
    every computation (``stopping``), ends the event streams (``on_signal``, run in the
    loop) and starts a short shutdown; a second one stops at once."""

    def __init__(self, config: uvicorn.Config, stopping: threading.Event, on_signal: Any = None) -> None:
        super().__init__(config)
        self.stopping = stopping
        self.on_signal = on_signal
        self.signal: Optional[int] = None
        self.stopped_at = 0.0
        self.loop: Optional[asyncio.AbstractEventLoop] = None

    def install(self) -> List[Tuple[int, Any]]:
        return [(sig, signal.signal(sig, self._stop)) for sig in (signal.SIGINT, signal.SIGTERM)]

    def _stop(self, sig: int, frame: Any) -> None:
        if self.signal is not None:
            self.force_exit = True
            return
        self.signal = sig
        self.stopped_at = time.monotonic()
        self.stopping.set()             # every running search's cancel handle
        self.should_exit = True
        # a request that cannot be cancelled is cut at the end of the short grace:
        # that is the point of stopping, not an error to print
        logging.getLogger("uvicorn.error").setLevel(logging.CRITICAL)
        if self.on_signal is not None and self.loop is not None:
            self.loop.call_soon_threadsafe(self.on_signal)

    async def serve(self, sockets: Optional[List[socket.socket]] = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def capture_signals(self) -> Any:       # uvicorn's would re-raise the signal after the shutdown
        import contextlib

        return contextlib.nullcontext()


def bound_malloc_arenas(arenas: int = 2) -> bool:
    """Let glibc's malloc keep at most ``arenas`` arenas; True when it was set.

    glibc gives each thread that allocates an arena of its own, 64 MB of address
    space each (up to 8 a core): with the pool's 40 threads the server reserved
    1.3 GB while it used 45 MB, and failed with MemoryError under a 1 GiB cap on
    address space (a container's, or the fuzz campaign's). The server's work is
    Python objects (pymalloc's own arenas) and short compiled calls: two arenas serve it.
    """
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(-8, arenas))       # M_ARENA_MAX (glibc's malloc.h)
    except (OSError, AttributeError):                # not glibc (musl has no mallopt arenas)
        return False


def serve(app: Any, sock: socket.socket, stopping: threading.Event, *, on_stop: Any = None,
          access_log: bool = False) -> Optional[int]:
    """Serve ``app`` on the bound ``sock`` until SIGINT or SIGTERM: the signal, or None.

    ``on_stop`` runs once the server has stopped (e.g. closing the database).
    """
    bound_malloc_arenas()
    cap = max_connections()
    GuardedH11.cap = cap
    config = uvicorn.Config(app, http=GuardedH11, log_level="warning", access_log=access_log, lifespan="on",
                            timeout_keep_alive=int(HEADER_SECONDS), limit_concurrency=cap + 1,
                            # typed int, used as asyncio.wait_for's float timeout
                            timeout_graceful_shutdown=GRACE_SECONDS)  # type: ignore[arg-type]
    server = _Server(config, stopping, getattr(getattr(app, "state", None), "stop_streams", None))
    previous = server.install() if threading.current_thread() is threading.main_thread() else []
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in previous:
            signal.signal(sig, handler)
        sock.close()
    # the pool's searches were cancelled: give them a moment to return, no more
    deadline = (server.stopped_at or time.monotonic()) + STOP_SECONDS
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join(max(0.0, deadline - time.monotonic()))
    if on_stop is not None:
        on_stop()
    return server.signal


def exit_now(status: int, line: str) -> None:
    """Print ``line`` and end the process with ``status`` without waiting for threads
    still computing (their searches were cancelled; the database is closed)."""
    print(line, file=sys.stderr, flush=True)
    sys.stdout.flush()
    os._exit(status)


def hosts_shown(address: str, port: int, family: int) -> Sequence[str]:
    """The URLs to give students for a server bound to ``address``."""
    if every_interface(address):
        found = local_addresses(family) or ["127.0.0.1"]
        if family == socket.AF_INET6:
            found = found + [a for a in local_addresses(socket.AF_INET) if a not in found]
    else:
        found = [address]
    return [f"http://[{a}]:{port}/" if ":" in a else f"http://{a}:{port}/" for a in found]
