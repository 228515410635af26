"""Names a package exports and imports from their modules on first use (PEP 562).

``nim.solving``, ``nim.play``, ``nim.study`` and ``nim.trees`` export their
public names without importing their modules when the package is imported:

    __getattr__, __dir__ = lazy_exports(__name__, {"Strategy": "nim.play.strategy", ...})

It also keeps the module paths that moved in 0.3.0 (``MOVED_MODULES``): importing
one raises ModuleNotFoundError naming its new home, as the top of ``nim`` does for
the names 0.2.0 removed; no module is left at the old path.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

#: Module paths that moved in 0.3.0 (take-and-break in one home, nim.takebreak; the
#: value types every home shares in nim.game), each with its new home.
MOVED_MODULES: Dict[str, str] = {
    "nim.octal_codes": "nim.families.octal_codes",
    "nim.octal_moves": "nim.families.heap_moves",
    **{f"nim.octal.{name}": f"nim.takebreak.{name}"
       for name in ("cache", "genus", "moves", "plot", "quotient", "quotient_cache", "record", "sequence", "sums")},
    "nim.solving.takebreak": "nim.takebreak.solve",
    "nim.solving.takebreak_analysis": "nim.takebreak.analysis",
    "nim.solving.takebreak_explain": "nim.takebreak.explain",
    "nim.solving.takebreak_quotient": "nim.takebreak.quotient_memo",
    "nim.solving.splits": "nim.takebreak.splits",
    "nim.solving.limits": "nim.game.limits",
    "nim.solving.solution": "nim.game.solution",
    "nim.solving.explanation": "nim.game.explanation",
}


def moved_message(module: str) -> str:
    """What importing a module path that moved in 0.3.0 says."""
    home = MOVED_MODULES[module]
    return f"{module} moved in 0.3.0: use {home} (import {home})"


class MovedModules:
    """A finder at the end of ``sys.meta_path``: asked only for a module no file
    provides, it refuses a path of ``MOVED_MODULES`` with the name of its home."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Optional[Any]:
        if name in MOVED_MODULES:
            raise ModuleNotFoundError(moved_message(name))      # no name=: "from package import module" shows it too
        return None


def install_moved_modules() -> None:
    """Put the finder of moved module paths at the end of ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, MovedModules) for finder in sys.meta_path):
        sys.meta_path.append(MovedModules())


def lazy_exports(package: str, exports: Dict[str, str]) -> Tuple[Callable[[str], Any], Callable[[], List[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: an exported name is imported
    from its module on first use (and kept); another name is tried as a module of
    the package; else AttributeError."""

    def __getattr__(name: str) -> Any:
        if name in exports:
            value = getattr(importlib.import_module(exports[name]), name)
            setattr(sys.modules[package], name, value)
            return value
        try:                # a module of the package, not imported yet
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError:
            if f"{package}.{name}" in MOVED_MODULES:
                raise AttributeError(moved_message(f"{package}.{name}")) from None
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None

    def __dir__() -> List[str]:
        return sorted(set(vars(sys.modules[package])) | set(exports))

    return __getattr__, __dir__
