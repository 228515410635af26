"""Names a package exports and imports from their modules on first use (PEP 562).

``nim.solving``, ``nim.play``, ``nim.study`` and ``nim.trees`` export their
public names without importing their modules when the package is imported:

    __getattr__, __dir__ = lazy_exports(__name__, {"Strategy": "nim.play.strategy", ...})
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Dict, List, Tuple


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
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None

    def __dir__() -> List[str]:
        return sorted(set(vars(sys.modules[package])) | set(exports))

    return __getattr__, __dir__
