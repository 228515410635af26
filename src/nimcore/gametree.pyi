"""Stub of the compiled module nimcore.gametree (minimax / alpha-beta over CSR trees)."""

from array import array
from typing import Any, Optional, Tuple

from nimcore.search import Search

def new_search(
    node_limit: Optional[int] = None, time_limit: Optional[float] = None, progress: Any = None
) -> Search: ...

def search(
    search: Search, offsets: Any, children: Any, values: Any, height: int, pruning: bool
) -> Tuple[float, int, int]: ...

def flatten_nested(
    tree: Any,
) -> Optional[Tuple["array[int]", "array[int]", "array[float]", int, bool]]: ...
