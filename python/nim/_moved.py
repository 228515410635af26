"""Old import paths of the modules that moved into ``nim.solving`` and ``nim.interop``.

``import nim.engines`` (and the thirteen others) keeps working for one release:
a finder on ``sys.meta_path`` answers the old name with the module itself
(the same object, so a monkeypatch of ``nim.engines.X`` patches
``nim.solving.engines.X``), imported on first use like any module. The
modules now in ``nim.interop`` (``nim.envs``, its modules, ``nim.openspiel``)
and ``nim.octal.codes`` (now ``nim.octal_codes``) are answered the same way,
with a DeprecationWarning that names their new home.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any, Dict, Optional, Sequence, cast

#: Old module name -> its home now.
MOVED: Dict[str, str] = {
    f"nim.{name}": f"nim.solving.{name}"
    for name in ("analysis", "batch", "defaults", "engines", "explain", "heuristics", "length", "limits",
                 "parallel", "reference", "solution", "solver", "tables", "theory")
}

#: Old names of the modules now in nim.interop (and of nim.octal_codes): importing one warns.
DEPRECATED: Dict[str, str] = {
    "nim.envs": "nim.interop.envs",
    "nim.envs.board": "nim.interop.envs.board",
    "nim.envs.gym_env": "nim.interop.envs.gym_env",
    "nim.envs.nim_v0": "nim.interop.envs.nim_v0",
    "nim.openspiel": "nim.interop.openspiel",
    "nim.octal.codes": "nim.octal_codes",          # below the rules, which read codes with it
}
MOVED.update(DEPRECATED)


class _MovedFinder:
    """Finds an old name of MOVED and loads it as the module at its new home.

    A finder and loader by protocol (find_spec, create_module, exec_module), not by
    subclassing importlib.abc: that module loads importlib.resources, tempfile and
    shutil, about 14 ms of every start-up."""

    def find_spec(self, fullname: str, path: Optional[Sequence[str]],
                  target: Optional[ModuleType] = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname not in MOVED:
            return None
        # a loader by protocol: typeshed's LoaderProtocol also asks for the deprecated load_module
        return importlib.util.spec_from_loader(fullname, cast(Any, self))

    def __init__(self) -> None:
        self._specs: Dict[str, Optional[importlib.machinery.ModuleSpec]] = {}

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        if spec.name in DEPRECATED:
            # stacklevel 2: the warnings module skips the import system's own frames,
            # so the warning points at the line that imports the old name
            warnings.warn(f"{spec.name} is deprecated and goes in the next release: "
                          f"use {DEPRECATED[spec.name]}", DeprecationWarning, stacklevel=2)
        module = importlib.import_module(MOVED[spec.name])
        self._specs[module.__name__] = module.__spec__     # the import system overwrites it
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at its new home is imported already. The import
        system has just given it the old name's spec: it gets its own back."""
        module.__spec__ = self._specs.pop(module.__name__, module.__spec__)


def install() -> None:
    """Put the finder on sys.meta_path (once), first: ``nim.envs`` is a package, and
    the path finder would load ``nim.envs.board`` a second time, from the moved
    package's own directory, before a finder after it is asked."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())
