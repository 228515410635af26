"""Shared fixtures of the benchmarks: nodes-per-second figures kept for ratios."""

import pytest

#: nodes per second measured in this run, by benchmark name
RATES: dict = {}


@pytest.fixture
def rates():
    return RATES
