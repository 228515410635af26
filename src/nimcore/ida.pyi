from nimcore.search import Search

MAX_PATH: int

def search(search: Search) -> tuple[int, int, int, int, int, int]: ...
