"""The record engine's wide-values blocks (issue 39): once the mask is kept and values pass 63
(Grundy's game, most open octal games), with AVX-512 the far rare pairings of 16 heaps and the
scan's pairs 16 .. 1,024 are found for all of them at once in vector lanes, each value as its
index within its class (two words a heap: the values below 256), and each heap is finished in
those words. The values are checked against the kept-whole engine (nimcore.octal) with every
kind of lane (with AVX2 or none the blocks are not used: the same values the stamps' way),
through the rests that are rare heaps (the blocks stop before them), values past 255 (the
heap done whole), rare heaps found after the mask is kept, and heaps proven from kept values."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from nim import Rules
from nim.kernel import records
from nim.takebreak.sequence import game_places
from test_records_block_lanes import (_LANES, assert_a_stopped_run_resumes_to_the_whole_engines_values,
                                      assert_child_gives_the_whole_engines_values,
                                      assert_kept_run_gives_the_whole_engines_values)
from test_records_small_values import codes      # octal codes that split heaps


@pytest.mark.parametrize("name, size, head, lanes", [
    # rare heaps up to 82,860: the blocks begin with rests that are rare heaps (to 165,720)
    *((("grundy-game", 1 << 18, 1 << 14, lanes)) for lanes in _LANES),
    ("octal=0.014", 1 << 17, 4096, ""),     # values past 255: those heaps whole
    ("octal=0.034", 1 << 17, 4096, ""),
    ("octal=0.161", 1 << 17, 4096, ""),
    ("octal=0.172", 1 << 17, 4096, ""),     # the mask's lowest bit is bit 0
])
def test_every_kind_of_lane_gives_the_whole_engines_values(tmp_path: Path, name: str, size: int, head: int,
                                                           lanes: str) -> None:
    assert_child_gives_the_whole_engines_values(tmp_path, name, size, head, lanes)


@pytest.mark.parametrize("name", ["grundy-game", "octal=0.014"])
def test_the_wide_blocks_run_and_give_the_one_heap_paths_values(name: str) -> None:
    """The same engine one heap at a time (the mask never kept: the head past the end) and in
    blocks (the mask kept at 2**17): the same values, tables and rare heaps; with AVX-512 a
    different count of the scan's pairs (the blocks look at 16 .. 1,024 for every heap), so the
    blocks did run."""
    _, takes_all, leaves, splits, grundy = game_places(Rules.coerce(name))
    size = 400_000
    one = records().RecordSequence(takes_all, leaves, splits, grundy, size + 1024, 1 << 19, 1)
    blocks = records().RecordSequence(takes_all, leaves, splits, grundy, 1 << 17, 1 << 19, 1)
    for engine in (one, blocks):
        while len(engine) < size:
            assert engine.run(size, 1 << 40) == records().OK
    assert blocks.frozen and not one.frozen
    assert one.values(size - (1 << 18), size) == blocks.values(size - (1 << 18), size)
    assert one.histogram() == blocks.histogram() and one.rare_heaps() == blocks.rare_heaps()
    if records().vector_lanes() == "avx512":
        assert one.export()["scanned"] != blocks.export()["scanned"]
    else:                           # no AVX-512: one heap at a time either way
        assert one.export()["scanned"] == blocks.export()["scanned"]


def test_a_checkpoint_resumes_across_the_blocks(tmp_path: Path) -> None:
    """A run stopped mid-way (a node limit) and resumed gives the values of one run straight
    through: the blocks keep nothing between two calls but tables derived from the state."""
    assert_a_stopped_run_resumes_to_the_whole_engines_values(tmp_path, 300_000, 170_000, 1 << 14, 1 << 14, 1)


@settings(max_examples=25, deadline=None)
@given(code=codes)
def test_random_codes_past_the_kept_mask_equal_the_whole_engines_values(code: str) -> None:
    """A head of 2,048: the mask is kept from there, and the wide blocks run wherever values
    pass 63 with rare heaps past the first block."""
    assert_kept_run_gives_the_whole_engines_values(f"octal={code}", 30_000, 2048)
