from typing import Any, List, Optional, Sequence

def heap_options(m: int, table: Any, phi: Sequence[int], takes_all: Sequence[int], leaves: Sequence[int],
                 splits: Sequence[int], unequal: bool) -> List[Optional[List[int]]]: ...
