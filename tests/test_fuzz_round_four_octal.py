"""Round four of the hostile-input campaign, take-and-break games (issue 31 items
12-16, issue 33 item 5): each case of ``tests/fuzz_round_four_octal.py`` in its
own interpreter with a time and a memory cap, and it must end as promised.

``python tests/fuzz_round_four_octal.py [PYTHON]`` prints the before/after table.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_round_four_octal import CASES, _filled, make_files  # noqa: E402
from fuzz_campaign import run_case  # noqa: E402


@pytest.fixture(scope="module")
def round_four_files(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, str]:
    return make_files(tmp_path_factory.mktemp("fuzz4octal"))


@pytest.mark.parametrize("case", CASES, ids=[f"{case.item}: {case.name}" for case in CASES])
def test_round_four_octal_case(case: Any, round_four_files: Dict[str, str]) -> None:
    """No traceback, hang, wrong answer or exhausted memory (1 GiB of address space)."""
    outcome, why = run_case(_filled(case, round_four_files), sys.executable, round_four_files)
    assert outcome == "clean", f"{outcome}: {why}"
