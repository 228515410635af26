"""Test options: ``pytest --slow`` also runs the long checks (``@pytest.mark.slow``)
and many more random examples where a test asks for them."""

import atexit
import os
import shutil
import signal
import tempfile

import pytest

# nim-sequences stored between runs (nim.takebreak.cache) go to a folder of this session's own,
# never the user's cache: a test must not read what another run stored
os.environ["NIMCORE_CACHE_DIR"] = tempfile.mkdtemp(prefix="nimcore-test-cache-")
atexit.register(shutil.rmtree, os.environ["NIMCORE_CACHE_DIR"], True)

# The Ctrl-C tests send SIGINT to this process or to a child. A shell without job control
# starts a background job (`pytest &`, `nohup pytest`) with SIGINT ignored, and a child
# inherits that: the signal would be lost and a run meant to stop would finish (exit 0).
# Python's own handler here makes the children start with the default one.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="run the long checks too (tests marked slow, more random examples)")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a long check, run only with --slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="a long check: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
