"""Type stubs of nimcore.splits (the exact search over sums of take-and-break heaps)."""

from typing import Any, Dict, Optional, Sequence, Tuple

from nimcore.ttable import TranspositionTable

MAX_HEAP: int
MAX_PLACES: int
MAX_FRAMES: int
DIST_MATE: int
MAX_LEAF_ORDER: int

def search(
    search: Any,
    table: Optional[TranspositionTable],
    takes_all: Sequence[int],
    leaves: Sequence[int],
    splits: Sequence[int],
    grundy_game: bool,
    grundy: Sequence[int],
    distance: bool = ...,
    tame: Optional[bytes] = ...,
    etc: bool = ...,
    max_frames: int = ...,
    leaf: Optional[Tuple[int, Any, Any, bytes]] = ...,
) -> Tuple[int, int, int, int, int, Dict[str, int]]: ...

def live_heaps(takes_all: Sequence[int], leaves: Sequence[int], splits: Sequence[int],
               grundy_game: bool, top: int) -> bytes: ...
