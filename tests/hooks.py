"""Test hooks: ways into code paths that no real input reaches (kept out of the package)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from nim.rules import Rules, RulesLike
from nim.solving import defaults, engines


@contextmanager
def assume_untame(rules: RulesLike) -> Iterator[Rules]:
    """Within the block, condition (C) is declared false for ``rules``, so ``auto``
    falls back to the search and ``theory`` refuses. No rule set is known to break
    (C); this is how that path is exercised."""
    ruleset = Rules.coerce(rules)
    engines._ASSUMED_UNTAME.add(ruleset)
    engines._theory_or_reason.cache_clear()
    defaults.forget_default_solvers()   # they hold the theory they were built with
    try:
        yield ruleset
    finally:
        engines._ASSUMED_UNTAME.discard(ruleset)
        engines._theory_or_reason.cache_clear()
        defaults.forget_default_solvers()
