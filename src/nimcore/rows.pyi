"""Type stubs of nimcore.rows (move listings built in C)."""

from typing import Any, Callable, Iterable, List, Optional, Sequence

def move_rows(move_cls: type, row_cls: type, piles: Iterable[int], takes: Callable[[int], Iterable[int]],
              values: Any, depths: Optional[Sequence[Optional[int]]] = ...) -> List[Any]: ...
