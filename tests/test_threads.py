"""The engines under threads: small thread stacks, concurrent calls, the GIL, cancellation."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import nim

# Run in a child process: a stack overflow kills the process, which must fail
# this test rather than pytest itself.
SMALL_STACK_SCRIPT = textwrap.dedent("""
    import sys, threading
    import nim
    from nim.heuristics import depth_limited

    threading.stack_size(int(sys.argv[1]))
    CASES = [
        ("alphabeta", lambda: nim.solve([9999], "misere,max=1", "alphabeta").value),
        ("minimax", lambda: nim.solve([9999], "misere,max=1", "minimax").value),
        ("ida", lambda: nim.ida([99999]).path_length),
        ("depth-limited", lambda: depth_limited([3000], "misere,max=1", 3000).value),
    ]
    outcomes = []

    def run():
        for label, call in CASES:
            try:
                outcomes.append(f"{label}=" + repr(call()))
            except nim.SearchLimitError as error:
                assert error.reason == "depth", error
                assert "recursion bound" in str(error), error
                outcomes.append(f"{label}=depth")

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    print(" ".join(outcomes))
""")


@pytest.mark.parametrize("stack_kb", [256, 320, 384, 8192])
def test_recursive_engines_never_overflow_a_thread_stack(stack_kb: int) -> None:
    """A deep search in a thread with a small stack stops with a clear 'depth' error, never SIGSEGV."""
    done = subprocess.run([sys.executable, "-c", SMALL_STACK_SCRIPT, str(stack_kb * 1024)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    outcomes = dict(item.split("=") for item in done.stdout.split())
    assert set(outcomes) == {"alphabeta", "minimax", "ida", "depth-limited"}
    # IDA* keeps its path on the heap: it answers on any stack
    assert outcomes["ida"] == "99999"
    if stack_kb >= 8192:
        # misère, take 1: the mover makes the last move of an odd game and loses
        assert outcomes["alphabeta"] == outcomes["minimax"] == "-1"     # 9999 moves
        assert outcomes["depth-limited"] == "1.0"                       # 3000 moves
