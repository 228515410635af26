"""Type stubs of nimcore.tt (engine 3: alpha-beta with a transposition table)."""

from typing import Any, Optional, Tuple

from nimcore.ttable import TranspositionTable

DIST_MATE: int
MAX_FRAMES: int
MEMORY_SLACK: float
GUIDE_TABLE_LIMIT: int
SINGLE_DP_WORK: int

class Endgames:
    def __init__(self) -> None: ...

def search(
    search: Any,
    table: Optional[TranspositionTable] = ...,
    distance: bool = ...,
    guide: bool = ...,
    endgame: bool = ...,
    max_frames: int = ...,
    memory: int = ...,
    endgames: Optional[Endgames] = ...,
) -> Tuple[int, int, int]: ...
