"""Round four of the hostile-input campaign (issue 31 items 8-11, 20, 21): each case of
tests/fuzz_round_four_api.py in its own interpreter with a time and a memory cap."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict

import pytest

pytest.importorskip("numpy")

from fuzz_campaign import run_case  # noqa: E402
from fuzz_round_four_api import CASES, make_files  # noqa: E402


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, str]:
    return make_files(Path(tmp_path_factory.mktemp("fuzz4api")))


@pytest.mark.parametrize("case", CASES, ids=[f"{case.item}: {case.name}" for case in CASES])
def test_round_four_api_case(case: Any, files: Dict[str, str]) -> None:
    """Each case ends as promised: no traceback, hang, wrong answer or exhausted memory."""
    outcome, why = run_case(case, sys.executable, files)
    assert outcome == "clean", f"{outcome}: {why}"
