from typing import Callable, Optional, Sequence, Tuple

from nimcore.rules import CoreRules

DEFAULT_MAX_DEPTH: int

class Search:
    def __init__(
        self,
        rules: CoreRules,
        piles: Sequence[int],
        node_limit: Optional[int] = ...,
        time_limit: Optional[float] = ...,
        max_depth: int = ...,
        progress: Optional[Callable[[int, float], None]] = ...,
    ) -> None: ...
    def restart(self) -> None: ...
    def finish(self) -> None: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def stop_reason(self) -> Optional[str]: ...
    @property
    def progress(self) -> Optional[Callable[[int, float], None]]: ...
    @property
    def stop_depth(self) -> int: ...
    @property
    def piles(self) -> Tuple[int, ...]: ...
