"""The layers of the package: nim.kernel alone imports the compiled core, imports
run one way between the package's rooms, and the modules that moved (into
nim.solving, nim.interop, nim.octal_codes) keep their old import paths."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

import nim
from nim import _moved


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_only_the_kernel_module_imports_the_compiled_core() -> None:
    package = Path(nim.__file__).parent
    importers = sorted(
        str(path.relative_to(package)) for path in package.rglob("*.py")
        if any(name == "nimcore" or name.startswith("nimcore.") for name in _imported_modules(path))
    )
    assert importers == ["kernel.py"]
    # the engines reach it from the solving layer
    assert "nim.kernel" in set().union(*(_imported_modules(path) for path in (package / "solving").glob("*.py")))


def _room(module: str) -> str:
    """The room of a module of nim: its subpackage, or the top-level module itself."""
    return module.split(".")[1]


def _room_imports() -> Dict[Tuple[str, str], List[str]]:
    """(room, room it imports) -> the imports that make the arrow, every import counted
    (those inside functions too: a lazy import is an arrow all the same)."""
    package = Path(nim.__file__).parent
    arrows: Dict[Tuple[str, str], List[str]] = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if module == "nim" or module in ("nim._moved", "nim._lazy"):
            continue     # the package's front door and its import machinery import everything by name
        for name in _imported_modules(path):
            if name.startswith("nim.") and _room(name) != _room(module):
                arrows.setdefault((_room(module), _room(name)), []).append(f"{module} -> {name}")
    return arrows


def test_imports_between_rooms_run_one_way() -> None:
    arrows = _room_imports()
    graph: Dict[str, Set[str]] = {}
    for source, target in arrows:
        graph.setdefault(source, set()).add(target)

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            room = todo.pop()
            if room == goal:
                return True
            if room not in seen:
                seen.add(room)
                todo.extend(graph.get(room, ()))
        return False

    back = sorted(line for (source, target), lines in arrows.items() if reaches(target, source) for line in lines)
    assert back == []        # no room imports one that imports it back, however far round
    # the three arrows that ran back up: the game record now sits in play (below study),
    # the octal codes below the rules (and nim.octal above them)
    assert ("play", "study") not in arrows and ("rules", "octal") not in arrows
    assert "nim.rules -> nim.octal_codes" in arrows[("rules", "octal_codes")]
    assert "nim.study.replay -> nim.play.record" in arrows[("study", "play")]


@pytest.mark.parametrize("old, new", sorted(set(_moved.MOVED.items()) - set(_moved.DEPRECATED.items())))
def test_moved_modules_keep_their_old_import_path(old: str, new: str) -> None:
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == module.__spec__.name == new     # its own name and spec


@pytest.mark.parametrize("old, new", sorted((old, new) for old, new in _moved.MOVED.items()
                                             if not old.startswith("nim.envs")))   # a package: no stubs
def test_old_module_paths_have_stubs_for_type_checkers(old: str, new: str) -> None:
    # a .pyi at the old path re-exports the module at its new home
    stub = Path(nim.__file__).parent.joinpath(*old.split(".")[1:-1], old.split(".")[-1] + ".pyi")
    assert f"from {new} import *" in stub.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("old, new", sorted(_moved.DEPRECATED.items()))
def test_deprecated_module_paths_warn_and_are_the_module_at_its_new_home(old: str, new: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        module = importlib.import_module(new)
    except ImportError as error:       # nim.interop's modules need their extras
        pytest.skip(str(error))
    monkeypatch.delitem(sys.modules, old, raising=False)    # so the import below finds it again
    with pytest.warns(DeprecationWarning, match=f"{old} is deprecated .* use {new}$"):
        assert importlib.import_module(old) is module
    assert module.__name__ == module.__spec__.name == new


def test_old_module_attributes_of_the_package_still_resolve() -> None:
    assert nim.engines is importlib.import_module("nim.solving.engines")   # type: ignore[attr-defined]
    assert callable(nim.explain)            # the function, not the module of the same name
    from nim.engines import ENGINES          # type: ignore[import-not-found]
    assert [engine.name for engine in ENGINES] == nim.solving.METHODS[1:]


@pytest.mark.parametrize("rules", ["normal", "misere", "normal,max=3", "misere,max=4", "normal,half",
                                   "misere,half", "normal,set=1;3;4", "misere,set=2;5"])
def test_the_python_pile_dp_and_the_compiled_theory_agree(rules: str) -> None:
    # one reference (the Python single-pile DP) and its compiled accelerators (the
    # theory's closed forms, the solver's theory answer, the mex table) held equal
    from nim.solving.pile_dp import grundy_values, lone_piles
    from nim.solving.tables import pile_outcomes
    from nim.solving.theory import grundy_table

    upto = 200
    values, _ = lone_piles(upto, rules)
    assert values == pile_outcomes(upto, rules)
    assert values == [nim.Solver(rules).solve_general((n,), "theory", {}).value for n in range(upto + 1)]
    assert grundy_values(upto, rules) == grundy_table(upto, rules)


def test_the_surface_is_small_and_old_names_warn_and_resolve() -> None:
    assert len(nim.__all__) <= 20
    for name in nim.__all__:
        assert getattr(nim, name) is not None
    for name, home in nim._DEPRECATED.items():
        with pytest.warns(DeprecationWarning, match=f"use {home}.{name}"):
            value = getattr(nim, name)
        assert value is getattr(importlib.import_module(home), name)
    for package in ("solving", "play", "study", "trees"):
        module = getattr(nim, package)
        for name in module.__all__:
            assert not isinstance(getattr(module, name), type(importlib)), (package, name)
