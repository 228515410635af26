"""The layers of the package: nim.kernel alone imports the compiled core, imports
run one way between the package's rooms, and the old paths of the modules that
moved (into nim.solving, nim.interop, nim.octal_codes) are gone, as release
0.1.0's warnings promised; those 0.3.0 moved (into nim.takebreak, nim.game) say where."""

from __future__ import annotations

import ast
import importlib
import re
import sys
import warnings
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

import nim


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
        if module == "nim" or module == "nim._lazy":
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
    # the octal codes below the rules (with their family; nim.takebreak above them)
    assert ("play", "study") not in arrows and ("rules", "takebreak") not in arrows
    assert "nim.families.takebreak -> nim.families.octal_codes" not in arrows.get(("families", "octal_codes"), [])
    assert "nim.rules -> nim.families.octal_codes" in arrows[("rules", "families")]
    assert "nim.study.replay -> nim.play.record" in arrows[("study", "play")]
    # take-and-break in one home (0.3.0): below the solving layer, which sends it the games
    # that split heaps; the value types both share below both
    assert ("takebreak", "solving") not in arrows and ("game", "solving") not in arrows
    assert ("game", "takebreak") not in arrows and ("solving", "takebreak") in arrows
    assert ("takebreak", "game") in arrows


#: The module paths release 0.1.0 deprecated, written out here rather than read from the
#: package (its list went with them), each with its home since.
OLD_MODULE_PATHS: Dict[str, str] = {
    **{f"nim.{name}": f"nim.solving.{name}"
       for name in ("analysis", "batch", "defaults", "engines", "explain", "heuristics", "length",
                    "parallel", "solver", "tables", "theory")},
    "nim.limits": "nim.game.limits",           # in nim.solving from 0.1.0, in nim.game since 0.3.0
    "nim.solution": "nim.game.solution",
    "nim.envs": "nim.interop.envs",
    "nim.envs.board": "nim.interop.envs.board",
    "nim.envs.gym_env": "nim.interop.envs.gym_env",
    "nim.envs.nim_v0": "nim.interop.envs.nim_v0",
    "nim.openspiel": "nim.interop.openspiel",
    "nim.octal.codes": "nim.families.octal_codes",
}


@pytest.mark.parametrize("old, new", sorted(OLD_MODULE_PATHS.items()))
def test_old_module_paths_are_gone_and_their_new_homes_import(old: str, new: str) -> None:
    if not new.startswith("nim.interop"):      # nim.interop's modules need their extras
        importlib.import_module(new)
    assert old not in sys.modules
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)
    package, _, name = old.rpartition(".")
    if package == "nim" and name not in nim._LAZY:    # nim.explain is the function, no module
        with pytest.raises(AttributeError):
            getattr(nim, name)


#: The module paths release 0.3.0 moved (take-and-break in one home), written out here
#: rather than read from the package, each with its new home.
MOVED_IN_0_3: Dict[str, str] = {
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


@pytest.mark.parametrize("old, new", sorted(MOVED_IN_0_3.items()))
def test_module_paths_moved_in_0_3_say_where_they_went(old: str, new: str) -> None:
    importlib.import_module(new)
    package, _, name = old.rpartition(".")
    message = re.escape(f"{old} moved in 0.3.0: use {new}")
    with pytest.raises(ModuleNotFoundError, match=message):
        importlib.import_module(old)
    with pytest.raises(ModuleNotFoundError, match=message):
        exec(f"from {package} import {name}", {})
    if package != "nim":
        with pytest.raises(AttributeError, match=message):
            getattr(importlib.import_module(package), name)
    assert old not in sys.modules
    # no file is left at the old path: the finder speaks for it
    assert not (Path(nim.__file__).parent.joinpath(*old.split(".")[1:]).with_suffix(".py")).exists()


def test_take_and_break_shares_the_value_types_instead_of_copying_them() -> None:
    """Issue 38 item 3: one Limits, Solution and stop reporting for both homes, and the
    quotient engine's experiment switches that never varied gone with their branches."""
    import nim.game.limits
    import nim.game.stops
    import nim.solving.engines
    import nim.takebreak.quotient as quotient
    import nim.takebreak.splits
    import nim.takebreak.sums

    assert nim.takebreak.sums.Limits is nim.Limits is nim.game.limits.Limits
    assert not hasattr(nim.takebreak.sums, "_NoLimits")
    assert nim.takebreak.splits.finish_search is nim.solving.engines.finish_search is nim.game.stops.finish_search
    for switch in ("KEEP_BASE_ORDER", "GROUPING", "PERIOD_FIRST", "FRESH_INDEX", "LARGEST_FIRST"):
        assert not hasattr(quotient, switch), switch
    # the quotient's helpers take one budget, not a deadline and a cancel handle each
    import inspect

    for name in ("_verify", "_extend", "_expand", "_expand_rebase", "_trial", "_least_failure", "_told_apart"):
        parameters = inspect.signature(getattr(quotient, name)).parameters
        assert "budget" in parameters and not {"deadline", "cancel", "max_order"} & set(parameters), name


def test_nim_octal_is_the_public_namespace_of_takebreak() -> None:
    import nim.octal
    import nim.takebreak

    assert nim.octal.__all__ == nim.takebreak.__all__ and "nim_sequence" in nim.octal.__all__
    for name in nim.octal.__all__:
        assert getattr(nim.octal, name) is getattr(nim.takebreak, name), name


def test_the_reference_engines_are_the_tests_own() -> None:
    """Issue 38 item 5: the pure-Python twins are a test oracle, not shipped in the package."""
    for old in ("nim.reference", "nim.solving.reference"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(old)
    import reference

    assert Path(reference.__file__).resolve().parent == Path(__file__).resolve().parent


def test_no_stubs_are_left_at_the_old_module_paths() -> None:
    package = Path(nim.__file__).parent
    stubs = [path for old in OLD_MODULE_PATHS
             for path in [package.joinpath(*old.split(".")[1:-1], old.split(".")[-1] + ".pyi")] if path.exists()]
    assert stubs == []
    assert not (package / "_moved.py").exists()


def test_explain_is_the_function_after_its_module_is_imported() -> None:
    import nim.solving.explain as module

    assert callable(nim.explain)
    assert nim.explain is module.explain


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


#: The top-level names 0.1.0 deprecated (nim.ida, nim.MISERE, ...), written out here rather
#: than read from the package, each with its home since: removed in 0.2.0.
OLD_TOP_LEVEL_NAMES: Dict[str, str] = {
    **{name: "nim.solving" for name in ("DEFAULT_NODE_LIMIT", "DEFAULT_TT_MB", "METHODS", "TheoryWarning", "ida",
                                        "depth_limited", "MoveAnalysis", "Explanation", "pile_table",
                                        "grundy_table", "grundy_value")},
    "MISERE": "nim.rules", "NORMAL": "nim.rules",
    **{name: "nim.trees" for name in ("Game", "GameSolution", "NimGame", "TreeGame", "solve_game", "GameTree",
                                      "InvalidTreeError", "SolveTree", "TreeSolution", "solve_tree")},
    **{name: "nim.study" for name in ("parse_replay", "read_replay_file", "replay_game", "build_game_tree",
                                      "tree_html", "tree_svg")},
    "grade": "nim.study.grade", "Grade": "nim.study.grade",
    **{name: "nim.play" for name in ("Population", "select_fittest", "Strategy", "make_strategy")},
    "game_length": "nim.solving.length",
    **{name: "nim.octal" for name in ("OctalPeriod", "nim_sequence", "octal_period")},
}


@pytest.mark.parametrize("name, home", sorted(OLD_TOP_LEVEL_NAMES.items()))
def test_old_top_level_names_are_gone_and_say_where_they_went(name: str, home: str) -> None:
    assert getattr(importlib.import_module(home), name) is not None     # the home the message names
    with warnings.catch_warnings():
        warnings.simplefilter("error")                                  # an error now, not a warning
        with pytest.raises(AttributeError, match=re.escape(f"nim.{name} was removed in 0.2.0: use {home}.{name}")):
            getattr(nim, name)
        assert not hasattr(nim, name)
        with pytest.raises(ImportError):
            exec(f"from nim import {name}", {})
    assert name not in dir(nim) and name not in nim.__all__


def test_the_surface_is_small_and_every_exported_name_resolves() -> None:
    assert len(nim.__all__) <= 20
    for name in nim.__all__:
        assert getattr(nim, name) is not None
    for package in ("solving", "play", "study", "trees"):
        module = getattr(nim, package)
        for name in module.__all__:
            assert not isinstance(getattr(module, name), type(importlib)), (package, name)
