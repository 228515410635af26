"""Stub of the compiled module nimcore.gametree (minimax / alpha-beta over CSR trees)."""

from typing import Any, Tuple

from nimcore.search import Search

class TreeStack:
    def __init__(self, height: int) -> None: ...
    @property
    def size(self) -> int: ...

def search(
    search: Search, offsets: Any, children: Any, values: Any, height: int, pruning: bool
) -> Tuple[float, int, int]: ...
