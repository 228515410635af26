from typing import Tuple

from nimcore.search import Search

def search(search: Search, pruning: bool) -> Tuple[int, int, int, int]: ...
