"""The misère quotient inside a solve: which quotient a solve of a take-and-break
game may use, and what it may cost to get one (issue 30).

A quotient (``nim.octal.misere_quotient``) answers any misère sum of the heaps
it covers in O(heaps); computing it costs 0.1-0.5 s for Kayles, about 10 s for
Dawson's Kayles up to heap 33, and never ends for some games. So a solve:

* takes a quotient from this process's memo (one per game), else from the disk
  cache, else computes one, within a budget: a share of the solve's own time
  limit (``QUOTIENT_SHARE``), or ``QUOTIENT_SECONDS`` when the solve has none;
* first asks, briefly, for the whole game (a period proven: Kayles' in about
  0.1 s), then for heaps up to the largest heap of the position (a heap past
  ``WHOLE_GAME_FROM``: only the whole game will do), so a small position never
  pays for the quotient of large heaps;
* remembers an attempt that stopped short (the budget or the engine's size
  limit ran out before the heap asked): the next solve of that game uses what
  was reached (as the search's exact leaf) and does not retry unless its own
  budget is more than twice as large (``misere_quotient`` keeps the same on
  disk for the next process: the quotient reached and the heap it stopped at).

``method="quotient"`` forces it (budget: the whole time limit, or
``FORCED_SECONDS``) and raises when the quotient cannot cover the heaps.

A computation shows its progress as a search does (``progress=True``, or None
and stderr a terminal; ``nim.progress.quotient_progress``): the heap reached
and the candidate's size.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Dict, List, NamedTuple, Optional, Sequence, Tuple

from nim.errors import NimError, SearchLimitError
from nim.families import TakeAndBreakFamily
from nim.rules import Rules
from nim.game.solution import SolveOptions

if TYPE_CHECKING:
    from nim.takebreak.quotient import MisereQuotient

__all__ = ["FORCED_SECONDS", "PROBE_SECONDS", "QUOTIENT_SECONDS", "QUOTIENT_SHARE", "WHOLE_GAME_FROM",
           "forget_quotients", "known_quotient", "quotient_for", "reached_quotient"]

#: Seconds a solve without a time limit may spend getting a quotient.
QUOTIENT_SECONDS = 2.0
#: The share of a solve's time limit it may spend getting a quotient (the search has the rest).
QUOTIENT_SHARE = 0.25
#: Seconds ``method="quotient"`` may spend when the solve has no time limit.
FORCED_SECONDS = 60.0
#: Seconds the first solve of a game in a process spends asking for the whole game
#: (a period proven) before it asks for the heaps it needs.
PROBE_SECONDS = 0.5
#: A position with a heap past this asks for the whole game's quotient (a period
#: proven), not for heaps up to its largest: a quotient table is no use for a heap
#: of 10**9 unless its heap map is periodic.
WHOLE_GAME_FROM = 300


class _Attempt(NamedTuple):     # not a dataclass: a solve from the cache does not import dataclasses
    """What this process got for one game: the best quotient reached (None: none),
    the heap it last asked for (None: the whole game), the budget it had, and why
    it stopped short (empty: it did not)."""

    quotient: Optional["MisereQuotient"]
    asked: Optional[int]
    seconds: float
    reason: str
    #: The engine's limit that stopped the last computation short ("time", "size", "memory"), or "".
    limit: str = ""

    @property
    def stalled(self) -> bool:
        """True when it stopped short of what it asked: a larger heap would stop too."""
        if self.quotient is None:
            return True
        if self.asked is None:
            return not self.quotient.proven
        return not self.quotient.covers(self.asked)


_ATTEMPTS: Dict[Rules, _Attempt] = {}      # by the game (Rayles and Kayles are one)
# one computation at a time: threads solving the same game wait for it rather than repeat it
_LOCK = threading.Lock()


def forget_quotients() -> None:
    """Forget this process's quotients and failed attempts (tests; the disk cache stays)."""
    with _LOCK:
        _ATTEMPTS.clear()


def known_quotient(rules: Rules, piles: Sequence[int]) -> Optional["MisereQuotient"]:
    """The quotient this process holds for ``rules`` if it covers every heap of ``piles``
    (no computation: what a solve just used)."""
    found = reached_quotient(rules)
    return found if found is not None and found.covers(max(piles, default=0)) else None


def reached_quotient(rules: Rules) -> Optional["MisereQuotient"]:
    """The best quotient this process reached for ``rules``, covering the heaps asked
    for or not (what a search used as its exact leaf), or None."""
    attempt = _ATTEMPTS.get(rules)
    return attempt.quotient if attempt is not None else None


def _budget(options: SolveOptions, forced: bool) -> float:
    if options.time_limit is None:
        return FORCED_SECONDS if forced else QUOTIENT_SECONDS
    return options.time_limit if forced else options.time_limit * QUOTIENT_SHARE


def _engine() -> Optional[object]:
    """``nim.takebreak.quotient``, or None where the package was built without it."""
    try:
        from nim.takebreak import quotient
    except ImportError:
        return None
    return quotient


def quotient_for(rules: Rules, piles: Sequence[int], options: SolveOptions,
                 forced: bool = False) -> Optional["MisereQuotient"]:
    """The best quotient of ``rules`` (misère play) this solve may use: one covering
    every heap of ``piles`` when it can be had within the budget, else the largest
    one reached (a leaf for the search), else None.

    Raises
    ------
    NimError
        With ``forced``: when no quotient covering every heap can be had (naming
        the bound reached, or why none was).
    """
    top = max(piles, default=0)
    key = rules
    attempt = _ATTEMPTS.get(key)
    if attempt is not None and attempt.quotient is not None and attempt.quotient.covers(top):
        return attempt.quotient
    budget = _budget(options, forced)
    with _LOCK:
        attempt = _ATTEMPTS.get(key)
        if attempt is None or (not (attempt.quotient is not None and attempt.quotient.covers(top))
                               and (not attempt.stalled or budget > 2 * attempt.seconds)):
            attempt = _attempt(rules, top, budget, options, attempt)
            _ATTEMPTS[key] = attempt
    found = attempt.quotient
    if forced and (found is None or not found.covers(top)):
        reached = (f"it covers heaps up to {found.bound:,} (order {found.order:,})" if found is not None
                   else "none was computed")
        message = (f"the misère quotient of {rules} does not cover heap {top:,} within "
                   f"{attempt.seconds:g} s: {reached}; {attempt.reason}. "
                   "Use method 'auto' or 'tt' (the search), or a larger time_limit")
        if attempt.limit == "time":             # a limit, as every engine's: not a generic error
            raise SearchLimitError(message, reason="time", seconds=attempt.seconds)
        raise NimError(message)
    return found


def _cancelled(options: SolveOptions, rules: Rules, started: float) -> None:
    """Raise the solve's cancellation when its handle is set: a quotient the caller cancelled is
    neither used nor remembered as one that stalled on its budget (the next solve would not retry).

    Raises
    ------
    SearchLimitError
        With the reason "cancelled".
    """
    if options.cancel is not None and options.cancel.is_set():
        seconds = time.perf_counter() - started
        raise SearchLimitError(f"the misère quotient of {rules} was cancelled after {seconds:.1f} s",
                               reason="cancelled", seconds=seconds)


def _attempt(rules: Rules, top: int, budget: float, options: SolveOptions,
             before: Optional[_Attempt]) -> _Attempt:
    """Load or compute a quotient covering heaps up to ``top`` within ``budget`` seconds.

    The first time a process meets a game it asks for the whole game (a period
    proven) for a short while (``PROBE_SECONDS``; all the budget when ``top``
    is past ``WHOLE_GAME_FROM``): Kayles' is proven in well under that, and
    read from the disk cache in milliseconds afterwards. Where that does not
    cover ``top`` it asks for heaps up to ``top`` with what is left (cached on
    disk under that bound when reached).
    """
    engine = _engine()
    if engine is None:
        return _Attempt(None, None, float("inf"), "this build has no quotient engine")
    started = time.perf_counter()
    best = before.quotient if before is not None else None
    asked: Optional[int] = None
    reason = limit = ""
    steps: List[Tuple[Optional[int], Optional[float]]] = []   # (heap asked, seconds; None: what is left)
    if before is None or top > WHOLE_GAME_FROM:
        steps.append((None, budget if top > WHOLE_GAME_FROM else min(budget, PROBE_SECONDS)))
    if top <= WHOLE_GAME_FROM:
        steps.append((top, None))
    from nim.progress import quotient_progress

    game = rules.family.game_name() if isinstance(rules.family, TakeAndBreakFamily) else str(rules)
    display = quotient_progress(game, options.progress)
    try:
        for target, seconds in steps:
            if best is not None and best.covers(top):
                break
            left = budget - (time.perf_counter() - started)
            seconds = left if seconds is None else min(seconds, left)
            if seconds <= 0:
                reason = reason or f"the budget of {budget:g} s ran out"
                limit = "time"
                break
            asked = target
            try:
                found = engine.misere_quotient(   # type: ignore[attr-defined]
                    rules, target, seconds=seconds, cancel=options.cancel, cache=True, progress=display)
            except (NimError, MemoryError) as error:   # QuotientError, a limit: the search takes over
                _cancelled(options, rules, started)   # the caller cancelled the solve, not just the quotient
                reason = str(error) or type(error).__name__
                limit = getattr(error, "reason", None) or ""
                continue
            _cancelled(options, rules, started)
            if best is None or found.proven or found.bound > best.bound:
                best = found
            if not found.covers(top if target is None else target):
                reason = (f"it stopped at heap {found.bound:,} (order {found.order:,}) within "
                          f"{seconds:.3g} s")
                limit = found.stop_reason or ""
    finally:
        if display is not None:
            display.close()
    return _Attempt(best, asked, budget, reason, limit)
