"""Round four of the hostile-input campaign (issue 31), the server's items 1-7 and
17-19: each case of tests/fuzz_round_four_web.py starts a real ``nimcore serve``
on 127.0.0.1 in its own capped interpreter, attacks it and stops it."""

from __future__ import annotations

import sys
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from fuzz_round_four_web import CASES  # noqa: E402
from fuzz_campaign import run_case  # noqa: E402

#: Cases that wait out a timeout of the server (about 10 s each): run with --slow.
_SLOW = {"serve: half-sent headers, also after a keep-alive request, are closed by a timeout",
         "serve: a body that never ends is answered 408"}


@pytest.mark.parametrize("case", [pytest.param(case, marks=pytest.mark.slow) if case.name in _SLOW else case
                                  for case in CASES],
                         ids=[f"{case.item}: {case.name}" for case in CASES])
def test_round_four_web_case(case: Any) -> None:
    """The server ends each attack as promised: no traceback, hang, wrong answer or
    exhausted memory (1 GiB of address space for the driver and its server)."""
    outcome, why = run_case(case, sys.executable, {})
    assert outcome == "clean", f"{outcome}: {why}"
