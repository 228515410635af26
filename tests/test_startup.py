"""Start-up: a command imports only what it runs (timings are in benchmarks/, not here).

``nimcore solve 1 2 3`` used to import all seven command modules and, through
``import nim``, dataclasses and inspect; what a fresh process loads is checked
here, in a subprocess, by module name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import List

import pytest

from nim.cli import COMMANDS, build_parser


def loaded_after(code: str) -> List[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    probe = code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


#: Modules a command line that only solves never needs.
HEAVY = ["dataclasses", "inspect", "shutil", "tqdm", "nim.trees", "nim.play",
         "nim.study.tree_search", "nim.study.tree_drawing", "nim.study.tree_page", "nim.study.replay",
         "nim.play.strategies"]


def test_solve_command_imports_only_its_own_module() -> None:
    modules = loaded_after("from nim.cli import main; main(['solve', '1', '2', '3'])")
    commands = sorted(m for m in modules if m.startswith("nim.commands."))
    assert commands == ["nim.commands.common", "nim.commands.solve"]
    assert [m for m in HEAVY if m in modules] == []


def test_import_nim_loads_neither_dataclasses_nor_inspect() -> None:
    modules = loaded_after("import nim")
    assert "dataclasses" not in modules and "inspect" not in modules


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_is_built_alone_with_the_help_the_listing_shows(name: str) -> None:
    alone = build_parser([name])
    everything = build_parser()
    for parser in (alone, everything):
        action = next(a for a in parser._subparsers._group_actions)  # type: ignore[union-attr]
        listed = {choice.dest: choice.help for choice in action._choices_actions}
        assert listed[name] == COMMANDS[name][1]
        assert set(listed) == set(COMMANDS)


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    from nim.cli import main

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in COMMANDS)
